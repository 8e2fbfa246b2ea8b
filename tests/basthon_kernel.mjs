// Basthon's Python kernel (Capytale's notebooks) run headless by Node, offline: tests/test_notebook_basthon.py.
//   node basthon_kernel.mjs SITE JOB.json
// SITE: the Pyodide Basthon pins (npm's `pyodide` core) with the files its lock names (our lock: Basthon's
// own `basthon` package and IPython stand-in from @basthon/kernel-python3, PyPI's wheels); JOB: {"files":
// {name: base64} put in the kernel's working folder, as a Capytale activity's "Fichiers" are, "cells":
// [code]}. What Basthon's worker does (its kernel-python3 `worker.js`: Pyodide loaded with Basthon's lock,
// the `basthon` package loaded, its kernel started, each cell given to its `eval`) is done here; the
// object its Python calls as `js.basthon` (@basthon/kernel-base's worker, not on the npm registry at the
// version kernel-python3 names) is a stand-in that keeps what the cells display. Every request to the
// network is refused and recorded. Prints one JSON line: {cells: [{out, err, text, html}], refused: [url]}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, jobFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, "utf-8"));
const refused = [];
globalThis.fetch = async (url) => {
  refused.push(String(url));
  throw new Error(`offline: ${url}`);
};
const displayed = [];
globalThis.basthon = {
  version: () => "kernel-python3",
  isLegacy: () => false,
  syncCommSupport: () => false,
  display: (data) => displayed.push(data),
  clearOutput: () => {},
  basthonModulesRoot: () => path.join(site, "modules"),
};
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: site + "/", lockFileURL: path.join(site, "pyodide-lock.json") });
await pyodide.loadPackage("basthon", { messageCallback: () => {} });
const kernel = pyodide.pyimport("basthon").__kernel__;
kernel.start();
for (const [name, content] of Object.entries(job.files)) pyodide.FS.writeFile(name, Buffer.from(content, "base64"));
const cells = [];
for (const code of job.cells) {
  const out = [];
  const err = [];
  const result = await kernel.eval(code, (text) => out.push(text), (text) => err.push(text), {});
  // [its representations, the execution count], or the error's text
  const shown = result instanceof pyodide.ffi.PyProxy ? result.toJs({ dict_converter: Object.fromEntries }) : result;
  const data = Array.isArray(shown) && shown[0] ? shown[0] : {};
  cells.push({
    out: out.join(""),
    err: typeof shown === "string" ? err.join("") + shown : err.join(""),
    text: data["text/plain"] ?? "",
    html: data["text/html"] ?? "",
  });
}
console.log(JSON.stringify({ cells, refused, displayed: displayed.length }));
