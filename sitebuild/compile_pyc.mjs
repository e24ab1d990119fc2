// Compiles the browser's Python ahead of time, inside Pyodide itself (its Python version,
// its bytecode), for sitebuild/python.py:
//
//   node sitebuild/compile_pyc.mjs PYODIDE_DIR INPUT_DIR OUT_DIR
//
// INPUT_DIR holds package/ (the browser's modules of tzaar/, as sitebuild/python.py strips
// them), browser/ (web/engine/python/) and plan.json (the modules to load, found by the import walk
// of sitebuild/imports.py). The work is compile_pyc.py's main(), run in Pyodide; it writes
// tzaar.zip, stdlib.zip and stdlib.txt into OUT_DIR, so that the worker neither downloads the
// whole standard library nor compiles any source.

import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, inputDir, outDir] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(`${inputDir}/plan.json`, "utf8"));
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
// PYTHONHASHSEED fixed: the order of frozenset constants (and so the bytes) is the same every build.
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONHASHSEED: "0" }, stdout: () => {}, stderr: (line) => console.error(line) });
const mounts = { "/build/in": inputDir, "/build/out": outDir, "/build/tool": dirname(fileURLToPath(import.meta.url)) };
for (const [point, root] of Object.entries(mounts)) {
  pyodide.FS.mkdirTree(point);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, point);
}
// The standard library Pyodide starts with, and the compiler as a module of its own.
const sys = pyodide.pyimport("sys");
const stdlib = "/lib/python314.zip";
if (!sys.path.toJs().includes(stdlib)) throw new Error(`${stdlib} is not on Pyodide's sys.path`);
sys.path.append("/build/tool");
const compiler = pyodide.pyimport("compile_pyc");
sys.path.pop();
compiler.main("/build/in", "/build/out", stdlib, pyodide.toPy(plan));
