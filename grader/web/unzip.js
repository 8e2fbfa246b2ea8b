// The kit's wheels and bytecode zips unpacked by the browser into Pyodide's file system: the browser's own
// inflate (DecompressionStream), started while Pyodide starts, then the files written, instead of Pyodide's
// unpackArchive (Python's zipfile and shutil run in WebAssembly: the longest part of the workers' start after
// Pyodide's own, benchmarks/results/webkit.md). The kit's zips only: stored or deflated entries, no zip64.

const u16 = (view, at) => view.getUint16(at, true);
const u32 = (view, at) => view.getUint32(at, true);

// {path in the archive: its bytes} for every file of the kit's zip at `path` (relative to the worker's script).
export async function unzipped(path) {
  const response = await fetch(new URL(path, self.location.href));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.byteLength - 22; // the end of central directory record, found from the end
  while (end >= 0 && u32(view, end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip archive");
  const names = new TextDecoder();
  const files = [];
  let at = u32(view, end + 16);
  for (let entry = u16(view, end + 10); entry > 0; entry -= 1) {
    if (u32(view, at) !== 0x02014b50) throw new Error("damaged zip archive");
    const [method, size, nameLength] = [u16(view, at + 10), u32(view, at + 20), u16(view, at + 28)];
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = u32(view, at + 42);
    at += 46 + nameLength + u16(view, at + 30) + u16(view, at + 32);
    if (name.endsWith("/")) continue;
    const start = local + 30 + u16(view, local + 26) + u16(view, local + 28);
    const data = bytes.subarray(start, start + size);
    if (method === 0) files.push([name, Promise.resolve(data)]);
    else if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      files.push([name, new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer))]);
    } else throw new Error(`${name}: compression ${method}`);
  }
  return Object.fromEntries(await Promise.all(files.map(async ([name, data]) => [name, await data])));
}

// The files of `unzipped` written under `folder` of Pyodide's file system (site-packages: Python's import
// system then finds them, its caches' directory times changed).
export function unpackInto(pyodide, files, folder) {
  for (const [name, data] of Object.entries(files)) {
    const path = `${folder}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
}
