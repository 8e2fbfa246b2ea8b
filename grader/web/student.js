// The student's Web Worker: its own Pyodide, the kit's wheels, and the student's module, which runs here
// only. It answers the judge's request frames (grader/sandbox/remote.py's FrameServer) and nothing else:
// the judge's worker (worker.js) made it, is the only one it can post to, and believes none of it but
// what it checks. Its first message (before any student code runs) says it is ready; every one after is
// a frame's text: a reply, or a parent-served call, whose answer comes back as the next message.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { unpackInto, unzipped } from "./unzip.js";

let server = null;
let answered = null; // the served call awaiting the judge's answer
// The grader's wheel fetched and inflated as soon as this worker starts, while the snapshot it is restored
// from is made (the first worker's) or sent.
const inflated = fetch(new URL("kit.json", self.location.href))
  .then((response) => response.json())
  .then((kit) => Promise.all(kit.student_wheels.map((name) => unzipped(`wheels/${name}`))));
inflated.catch(() => {}); // (awaited at the boot)

function ask(text) {
  postMessage(text);
  return new Promise((resolve) => {
    answered = resolve;
  });
}

// `snapshot`: the judge's worker's Python as it was before anything of the judge's (worker.js's Student):
// the grader's student side already imported. A snapshot holds memory, not files: the wheel is unpacked
// again for what the in-process child imports or reads later (its other modules, a traceback's lines).
async function boot(snapshot, interrupt) {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href, _loadSnapshot: snapshot });
  if (interrupt) pyodide.setInterruptBuffer(new Uint8Array(interrupt));
  // What a fresh start draws from the system's entropy, drawn again: the snapshot holds the judge's
  // `random` state (imported with the grader), which every restored worker would otherwise replay, as a
  // forked child's `random` is reseeded (os.register_at_fork). The hash secret stays the snapshot's, as a
  // forked child keeps its parent's.
  pyodide.runPython("import random; random.seed()");
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const files of await inflated) unpackInto(pyodide, files, site);
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
