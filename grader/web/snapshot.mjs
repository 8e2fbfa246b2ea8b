// Build time only (grader/webkit.py runs it with Node after compile.mjs; the page never loads it): the
// memory snapshot every worker of the page starts from (worker.js, student.js), instead of starting
// Pyodide's Python and importing the grader itself: Pyodide's own start, then the judge's imports, were
// most of the time to the first verdict (benchmarks/results/webkit.md).
//   node snapshot.mjs '{"pyodide": DIR, "wheels": [ZIP, ...], "imports": PYTHON, "out": FILE}'
// pyodide: the kit's Pyodide (its compiled standard library: a zip the snapshot's zipimport has read the
// directory of, so the page must be served that very file). wheels: unpacked into site-packages as the
// page unpacks them. imports: Python run before the snapshot. out: the snapshot, gzip-compressed (most of
// the memory is zeros; the browser's DecompressionStream inflates it).
// loadPyodide's `_makeSnapshot` and `makeMemorySnapshot` are Pyodide's (pyodide.asm.mjs: API.makeSnapshot
// writes a header, the build id the restoring Pyodide checks, the JavaScript objects Python holds as
// paths from the global object, then the WebAssembly memory); loadPyodide's `_loadSnapshot` restores it.
import fs from "node:fs";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const job = JSON.parse(process.argv[2]);
// The page's Pyodide calls Python back from JavaScript with WebAssembly's stack switching (JSPI: the student's
// worker's served calls, remote.py's run_sync), and holds in its memory whether it may: so must this one
// (webkit.py gives Node the flag its V8 names it by).
if (!("Suspending" in WebAssembly || "Suspender" in WebAssembly)) {
  throw new Error("this Node has no WebAssembly stack switching (JSPI): a newer Node is needed");
}
const { loadPyodide } = await import(pathToFileURL(`${job.pyodide}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: job.pyodide + "/", _makeSnapshot: true });
const tableAtStart = pyodide._module.wasmTable.length; // (the imports may append to it: ctypes does)
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const wheel of job.wheels) pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "zip", { extractDir: site });
pyodide.runPython(job.imports);
const snapshot = pyodide.makeMemorySnapshot();
// Python's calls to C go through a trampoline that pyodide.asm.mjs's `setEmscriptenTrampoline` builds
// before Python starts, with WebAssembly GC where there is (the browsers; not Node 20: then 0, a trampoline
// in JavaScript, and no stack switching can cross it), appended to the function table: its index written
// in _PyRuntime. The restoring page builds it again, but the snapshot's memory overwrites that index: the
// snapshot holds the one the page's Pyodide gives it, the first entry past the table Pyodide starts with
// (python.js checks it).
const module = pyodide._module;
const slot = module.__PyRuntime + module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
const memoryAt = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]; // (the header's length)
const view = new DataView(snapshot.buffer, snapshot.byteOffset + memoryAt);
if (view.getInt32(slot, true) === 0) view.setInt32(slot, tableAtStart, true);
fs.writeFileSync(job.out, zlib.gzipSync(snapshot)); // (zlib's level 9: 53 KB less, 4.7 s more to build)
