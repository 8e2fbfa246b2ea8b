// The judge's Web Worker: Pyodide, the kit's wheels and the grader (grader/webcheck.py), which holds the
// cases, their expectations and the verdicts. The student's module never runs here: it runs in the
// student's worker (student.js), made here, which answers the judge's frames (grader/sandbox/remote.py).
// The page (app.js) talks to this worker with messages:
//   page -> worker: {type: "boot"}, {type: "check", key, files, seed, qid, lang},
//                   {type: "view", part, lang}, {type: "report", parts, seed, lang}, {type: "renew"}
//   worker -> page: {type: "ready", seconds, phases}, {type: "restarted"}, {type: "renewed"},
//                   {type: "result", qid, part, view},
//                   {type: "view", view}, {type: "report", html}, {type: "failed", message}
// Every file it loads is in the kit's folder: nothing from another origin.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { unpackInto, unzipped } from "./unzip.js";

let pyodide = null;
let webcheck = null;
let student = null;
let session = null;
let sessionKey = null;
const INBOX = 16; // frames the student's worker may send ahead of the judge's reading: past them, it is ended
const STUDENT_MODULE = "grader.sandbox.remote"; // what student.js serves the judge's frames with

// The student's worker, as the judge's Python sees it (remote.py's WorkerLink): frames out, the next
// message in (a string, or "" for anything else: no frame), interrupted at a call's limit where the page
// is cross-origin isolated, ended at its deadline. A new copy's files get a new worker (`restart`); the page
// also asks for one as soon as its checks are over (`renew`), to boot while the report renders: no check
// starts before it is ready (a worker booting beside the checks would take the CPU their time limits are
// measured on), and what it is sent before is held until then.
// Each worker's Python is restored from `snapshot`, this worker's memory taken once Pyodide had started and
// imported the student's side of the grader, before anything of the judge's: a new WebAssembly instance
// whose memory is that copy, so nothing a copy's code did in a worker reaches the next (its memory, its
// files, its builtins are gone with it), for a fraction of a second instead of a Pyodide start. `snapshot` is
// a promise of it: the first worker starts (fetches and unpacks its files) while the judge's Python starts.
class Student {
  constructor(snapshot) {
    this.snapshot = snapshot;
    this.restarts = 0;
    this.use(this.spawn());
  }

  spawn() {
    const entry = { worker: new Worker(new URL("student.js", import.meta.url), { type: "module" }) };
    entry.interrupt = self.crossOriginIsolated ? new SharedArrayBuffer(1) : null; // its own: a SIGINT is for it only
    entry.booting = true;
    entry.dead = false;
    entry.ready = new Promise((resolve, reject) => {
      entry.worker.onmessage = (event) => {
        if (entry.booting) {
          // Sent before any of the student's code ran: its boot's outcome.
          entry.booting = false;
          const data = event.data;
          if (data && data.type === "ready") resolve();
          else reject(new Error(data && data.message ? String(data.message) : "student worker"));
        } else if (this.current === entry) this.arrive(event.data);
      };
      entry.worker.onerror = (event) => {
        event.preventDefault();
        entry.dead = true;
        if (entry.booting) reject(new Error(event.message || "student worker"));
        if (this.current === entry) this.stop("died");
      };
    });
    entry.ready.catch(() => {}); // awaited when a child starts
    this.snapshot.then((snapshot) => {
      if (!entry.dead) entry.worker.postMessage({ type: "boot", interrupt: entry.interrupt, snapshot }); // (a copy)
    }, () => {});
    return entry;
  }

  use(entry) {
    this.current = entry;
    this.ready = entry.ready;
    this.alive = !entry.dead;
    this.used = false;
    this.why = null;
    this.inbox = [];
    this.waiting = null;
  }

  arrive(data) {
    const text = typeof data === "string" ? data : "";
    if (this.waiting !== null) this.settle(text);
    else if (this.inbox.length < INBOX) this.inbox.push(text);
    else this.stop("flooded");
  }

  send(text) {
    this.used = true;
    const entry = this.current;
    if (entry.booting) entry.ready.then(() => entry.worker.postMessage(text), () => {});
    else entry.worker.postMessage(text);
  }

  receive(limitMs, deadlineMs) {
    const entry = this.current;
    if (entry.booting) return entry.ready.then(() => this.receive(limitMs, deadlineMs), () => undefined);
    if (this.inbox.length) return Promise.resolve(this.inbox.shift());
    if (!this.alive) return Promise.resolve(undefined); // (undefined: None in Python; null is not)
    const interrupt = this.current.interrupt;
    return new Promise((resolve) => {
      const timers = [
        setTimeout(() => {
          if (interrupt !== null) Atomics.store(new Uint8Array(interrupt), 0, 2); // SIGINT
        }, limitMs),
        setTimeout(() => this.stop("timeout"), deadlineMs),
      ];
      this.waiting = { resolve, timers };
    });
  }

  settle(value) {
    const { resolve, timers } = this.waiting;
    this.waiting = null;
    timers.forEach(clearTimeout);
    const interrupt = this.current.interrupt;
    if (interrupt !== null) Atomics.store(new Uint8Array(interrupt), 0, 0); // not for the next call
    resolve(value);
  }

  stop(why) {
    if (!this.alive) return;
    this.alive = false;
    this.why = why;
    this.current.worker.terminate();
    if (this.waiting !== null) this.settle(undefined);
  }

  end() {
    this.stop("ended");
  }

  // A worker that served nothing yet is kept; an ended one is said to the page (its code did not stop).
  async restart() {
    if (this.alive && !this.used) return this.ready;
    if (this.alive) this.current.worker.terminate();
    else {
      this.restarts += 1;
      postMessage({ type: "restarted" });
    }
    this.use(this.spawn());
    await this.ready;
  }
}

async function boot() {
  const started = performance.now();
  let snapshotMade;
  student = new Student(new Promise((resolve) => (snapshotMade = resolve)));
  const kit = await (await fetch(new URL("kit.json", self.location.href))).json();
  // Every wheel fetched and inflated while Pyodide starts (unzip.js), then written.
  const inflated = new Map(kit.wheels.map((name) => [name, unzipped(`wheels/${name}`)]));
  inflated.forEach((files) => files.catch(() => {})); // (awaited below)
  // Made to snapshot (see Student): the student's worker's Python is this one's memory as it is before
  // anything of the judge's is unpacked or imported.
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href, _makeSnapshot: true });
  const loaded = performance.now();
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const unpack = async (names) => {
    for (const name of names) unpackInto(pyodide, await inflated.get(name), site);
  };
  await unpack(kit.student_wheels);
  pyodide.runPython(`import ${STUDENT_MODULE}`);
  snapshotMade(pyodide.makeMemorySnapshot()); // the student's first worker restored beside what follows
  const snapshot = performance.now();
  await unpack(kit.wheels.filter((name) => !kit.student_wheels.includes(name)));
  const unpacked = performance.now();
  webcheck = pyodide.pyimport("grader.webcheck");
  webcheck.prepare(student);
  const imported = performance.now();
  await student.ready;
  const now = performance.now();
  const phases = {
    pyodide: loaded - started,
    snapshot: snapshot - loaded,
    wheels: unpacked - snapshot,
    imports: imported - unpacked,
    student: now - imported,
  };
  for (const phase in phases) phases[phase] /= 1000;
  postMessage({ type: "ready", seconds: (now - started) / 1000, phases });
}

async function check(message) {
  await student.ready;
  if (session === null || sessionKey !== message.key) {
    if (session !== null) session.close();
    session = webcheck.Session(pyodide.toPy(message.files), message.seed);
    sessionKey = message.key;
  }
  const part = await session.check_question.callPromising(message.qid);
  postMessage({ type: "result", qid: message.qid, part, view: webcheck.view(part, message.lang) });
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === "boot") await boot();
    else if (message.type === "check") await check(message);
    else if (message.type === "renew") {
      await student.restart();
      postMessage({ type: "renewed" });
    }
    else if (message.type === "view") postMessage({ type: "view", view: webcheck.view(message.part, message.lang) });
    else if (message.type === "report") {
      // (the report names the isolation: a child started in the student's worker, waited for)
      const html = await webcheck.report.callPromising(pyodide.toPy(message.parts), message.seed, message.lang);
      postMessage({ type: "report", html });
    }
  } catch (error) {
    postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
  }
};
