// Build time only (grader/webkit.py runs it with Node; the page never loads it): Pyodide's own Python
// compiles the standard library and the kit's wheels to bytecode, so that the page's Python imports
// without compiling a module from source (half of Pyodide's start, measured: benchmarks/results/webkit.md).
// The bytecode is Pyodide's exact Python's (its magic number and cache tag), hash-based and unchecked: a
// file's time in Pyodide's memory file system is the time it was unpacked, which says nothing of it.
//   node compile.mjs '{"pyodide": DIR, "stdlib": OUT or null, "bytecode": {OUT: [WHEEL, ...], ...}}'
// stdlib: the standard library's zip, each module's source replaced by its bytecode beside it (where
// zipimport looks), null when the builder has it already. bytecode: zips of the wheels' modules'
// __pycache__ files only, each unpacked over its wheels.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(process.argv[2]);
const pyodideDir = job.pyodide;
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/build");
const compile = pyodide.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_archive(source, target, kind, adding):
    """kind "stdlib": every module's source replaced by its bytecode (zipimport's place for it, its
    file named as zipimport names it); "wheel": the __pycache__ files of the wheel's modules only.
    adding: into the target as it is (several wheels' bytecode in one zip)."""
    stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
    with zipfile.ZipFile(source) as opened, zipfile.ZipFile(target, "a" if adding else "w", zipfile.ZIP_DEFLATED) as out:
        for info in opened.infolist():
            data = opened.read(info)
            if not info.filename.endswith(".py"):
                if kind == "stdlib":
                    out.writestr(info, data)
                continue
            # (a site-packages module's file name is set again on import, to where it was unpacked)
            name = f"{stdlib}/{info.filename}" if kind == "stdlib" else info.filename
            code = compile(data, name, "exec", dont_inherit=True)
            bytecode = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            if kind == "stdlib":
                name = info.filename + "c"
            else:
                folder, _, module = info.filename.rpartition("/")
                name = f"{folder}/__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")
            entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, bytecode)

compile_archive
`);
const compileTo = (target, sources, kind) => {
  sources.forEach((source, rank) => {
    pyodide.FS.writeFile("/build/in.zip", new Uint8Array(fs.readFileSync(source)));
    compile("/build/in.zip", "/build/out.zip", kind, rank > 0);
  });
  fs.writeFileSync(target, pyodide.FS.readFile("/build/out.zip"));
};
if (job.stdlib !== null) compileTo(job.stdlib, [`${pyodideDir}/python_stdlib.zip`], "stdlib");
for (const [target, wheels] of Object.entries(job.bytecode)) compileTo(target, wheels, "wheel");
