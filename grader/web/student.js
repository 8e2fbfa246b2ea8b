// The student's Web Worker: its own Pyodide, the kit's wheels, and the student's module, which runs here
// only. It answers the judge's request frames (grader/sandbox/remote.py's FrameServer) and nothing else:
// the judge's worker (worker.js) made it, is the only one it can post to, and believes none of it but
// what it checks. Its first message (before any student code runs) says it is ready; every one after is
// a frame's text: a reply, or a parent-served call, whose answer comes back as the next message.
import { restored } from "./python.js";
import { unzipped } from "./unzip.js";

let server = null;
let answered = null; // the served call awaiting the judge's answer
// The grader's wheel fetched and inflated as soon as this worker starts, while the snapshot it is restored
// from is inflated (the first worker's) or sent.
const inflated = fetch(new URL("kit.json", self.location.href))
  .then((response) => response.json())
  .then((kit) => kit.student_wheels.map((name) => unzipped(`wheels/${name}`)));
inflated.catch(() => {}); // (awaited at the boot)

function ask(text) {
  postMessage(text);
  return new Promise((resolve) => {
    answered = resolve;
  });
}

// `snapshot`: the kit's Python memory (python.js), as the judge's worker inflated it; this worker writes
// the grader's wheel only (the in-process child's), none of the judge's others.
async function boot(snapshot, interrupt) {
  const pyodide = await restored(snapshot, await inflated);
  if (interrupt) pyodide.setInterruptBuffer(new Uint8Array(interrupt));
  server = pyodide.pyimport("grader.sandbox.remote").serve_in_worker(ask, Boolean(interrupt));
  postMessage({ type: "ready" });
}

self.onmessage = async (event) => {
  if (server === null) {
    try {
      await boot(event.data.snapshot, event.data.interrupt);
    } catch (error) {
      postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    }
  } else if (answered !== null) {
    const resolve = answered;
    answered = null;
    resolve(event.data);
  } else {
    // A frame the server cannot take (the student's code may have broken it) is answered with no frame:
    // the judge counts that against the student.
    postMessage(await server.handle.callPromising(event.data).catch(() => ""));
  }
};
