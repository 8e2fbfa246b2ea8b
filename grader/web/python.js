// Both workers' Python: restored from the kit's memory snapshot (grader/web/snapshot.mjs, made when the kit
// was built: Pyodide started, the kit's wheels unpacked, the grader imported), a new WebAssembly instance
// whose memory is that copy, instead of Pyodide's own start and the grader's imports in the page.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { unpackInto } from "./unzip.js";

// The snapshot's bytes: gzip-compressed in the folder, inflated by the browser (a server that sent it with
// Content-Encoding: gzip has inflated it already).
export async function snapshotBytes() {
  const response = await fetch(new URL("python.snapshot", self.location.href));
  if (!response.ok) throw new Error(`python.snapshot: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Python restored from `snapshot` (bytes, or their promise), then the files of `wheels` (unzip.js's
// `unzipped`, or their promises) written again into site-packages: a snapshot holds memory, not files,
// and what Python imports or reads later (its other modules, a traceback's lines) is read from them.
export async function restored(snapshot, wheels) {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href, _loadSnapshot: snapshot });
  // The index of Python's trampoline to C (snapshot.mjs): the one this Pyodide appended to its function
  // table, or none (0: the trampoline in JavaScript) in a browser that built none.
  const module = pyodide._module;
  const slot = (module.__PyRuntime + module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4]) / 4;
  if (module.HEAP32[slot] !== module.wasmTable.length - 1) module.HEAP32[slot] = 0;
  // What a fresh start draws from the system's entropy, drawn again: the snapshot holds the builder's
  // `random` state, which every page would otherwise replay, as a forked child's `random` is reseeded
  // (os.register_at_fork). The hash secret stays the snapshot's, as a forked child keeps its parent's.
  pyodide.runPython("import random; random.seed()");
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const files of wheels) unpackInto(pyodide, await files, site);
  return pyodide;
}
