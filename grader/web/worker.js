// The self-check's Web Worker: Pyodide, the kit's wheels, and the grader run through the in-process
// child (grader/webcheck.py). The page (app.js) talks to it with messages:
//   page -> worker: {type: "boot", interrupt}           interrupt: a SharedArrayBuffer, or null
//                   {type: "check", key, files, seed, qid, lang, timedOut, crashed}
//                   {type: "view", part, lang}, {type: "report", parts, seed, lang}
//   worker -> page: {type: "ready", seconds, phases}, {type: "call", call, seconds}, {type: "done", done},
//                   {type: "result", qid, part, view}, {type: "view", view}, {type: "report", html},
//                   {type: "failed", message}
// Every file it loads is in the kit's folder: nothing from another origin.
import { loadPyodide } from "./pyodide/pyodide.mjs";

let pyodide = null;
let webcheck = null;
let session = null;
let sessionKey = null;

async function bytesOf(path) {
  const response = await fetch(new URL(path, self.location.href));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot(interrupt) {
  const started = performance.now();
  const kit = await (await fetch(new URL("kit.json", self.location.href))).json();
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
  const loaded = performance.now();
  if (interrupt) pyodide.setInterruptBuffer(new Uint8Array(interrupt));
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const name of kit.wheels) {
    pyodide.unpackArchive(await bytesOf(`wheels/${name}`), name.endsWith(".whl") ? "wheel" : "zip", {
      extractDir: site,
    });
  }
  const unpacked = performance.now();
  webcheck = pyodide.pyimport("grader.webcheck");
  webcheck.prepare(Boolean(interrupt));
  const now = performance.now();
  const phases = { pyodide: loaded - started, wheels: unpacked - loaded, imports: now - unpacked };
  for (const phase in phases) phases[phase] /= 1000;
  postMessage({ type: "ready", seconds: (now - started) / 1000, phases });
}

function tell(text) {
  postMessage({ type: "call", ...JSON.parse(text) });
}

function check(message) {
  if (session === null || sessionKey !== message.key) {
    if (session !== null) session.close();
    session = webcheck.Session(pyodide.toPy(message.files), message.seed);
    sessionKey = message.key;
  }
  const part = session.check_question(
    message.qid,
    tell,
    pyodide.toPy(message.timedOut),
    pyodide.toPy(message.crashed),
  );
  postMessage({ type: "result", qid: message.qid, part, view: webcheck.view(part, message.lang) });
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === "boot") await boot(message.interrupt);
    else if (message.type === "check") check(message);
    else if (message.type === "view") postMessage({ type: "view", view: webcheck.view(message.part, message.lang) });
    else if (message.type === "report") {
      const html = webcheck.report(pyodide.toPy(message.parts), message.seed, message.lang);
      postMessage({ type: "report", html });
    }
  } catch (error) {
    postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
  }
};
