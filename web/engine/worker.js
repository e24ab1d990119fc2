// The engine: Pyodide and the tzaar package in a module worker.
//
// Protocol (docs/facade.md): the page sends {id, method, params}; the worker answers
// {id, result} or {id, error: {kind, message}}. While it loads it posts
// {progress: {stage, fraction, text, key, bytes}}, then {ready: true} or {fatal: {message}}.
// Requests that arrive while it loads wait in a queue and are answered once it is ready.
// Everything crosses the boundary as JSON text through tzaar.facade.call_json, so no
// Python object (proxy) ever reaches JavaScript.

// Python comes precompiled (build.py, sitebuild/python.py): stdlib.zip holds the modules of
// the standard library that Pyodide's start and tzaar use, and the worker's own Python
// (web/engine/python/: worker_boot.py starts the package), tzaar.zip.gz the package; both are
// imported from the zips as they are (no compiling; tzaar.zip.gz is gunzipped by the browser
// to a zip that stores its modules). A module of the standard library that stdlib.zip lacks
// comes from Pyodide's whole one, fetched the first time. tzaar.zip.gz holds what
// tzaar.facade imports (the rules); the modules of the methods it imports on their first
// call (the computer player, the study features, the records) are in tzaar-more.zip, fetched when the first of
// them is imported.
const RUNTIME_URL = new URL("../pyodide/", import.meta.url);
const STDLIB_URL = new URL("../stdlib.zip", import.meta.url);
const WHOLE_STDLIB_URL = new URL("../pyodide/python_stdlib.zip", import.meta.url);
const PACKAGE_URL = new URL("../tzaar.zip.gz", import.meta.url);
const PACKAGE_FILE = "/lib/tzaar.zip"; // worker_boot.start puts it on sys.path
const MORE_URL = new URL("../tzaar-more.zip", import.meta.url);

// The files of the engine the worker fetches, by name: [bytes as stored, bytes over the wire
// with GitHub Pages' gzip] (build.py fills this line in: sitebuild/site.py download_sizes).
// The loading bar counts them as they arrive.
const DOWNLOAD = {};

let callJson = null; // tzaar.facade.call_json once ready
let fatal = null; // the message of a failed start
const waiting = [];

self.onmessage = (event) => {
  const request = event.data;
  if (callJson) answer(request);
  else if (fatal) refuse(request);
  else waiting.push(request);
};

// `key`: the page's name for the step's text (web/lang/*.json "loading.<key>"); `bytes`:
// [loaded, total] of DOWNLOAD over the wire, while they download.
const RUNTIME = "Loading the Python runtime";
let step = "";
let done = 0; // the bar never moves back
function progress(stage, fraction, text, key = stage, bytes = null) {
  step = key;
  done = Math.max(done, fraction);
  self.postMessage({ progress: { stage, fraction: done, text, key, bytes } });
}

// fetch() counting the bytes of DOWNLOAD's files as they arrive (a copy of each response is
// read: the response itself goes on untouched), each file's share of its bytes over the wire;
// the bar moves from 0.1 to 0.6 with them (one message per 2% of them).
function countDownloads() {
  const total = Object.values(DOWNLOAD).reduce((sum, size) => sum + size[1], 0);
  const fetchFile = self.fetch;
  let loaded = 0;
  let told = 0;
  self.fetch = async (...args) => {
    const response = await fetchFile(...args);
    const [stored, wire] = DOWNLOAD[response.url.replace(/\?.*/, "").split("/").pop()] ?? [];
    const reader = stored && response.clone().body?.getReader();
    (async () => {
      for (let part; reader && !(part = await reader.read()).done; ) {
        loaded += (part.value.length / stored) * wire;
        if (step !== "runtime" || loaded - told < total / 50) continue;
        told = loaded;
        progress("runtime", 0.1 + (0.5 * loaded) / total, RUNTIME, "runtime", [loaded, total]);
      }
    })().catch(() => {});
    return response;
  };
}

function answer({ id, method, params }) {
  let reply;
  try {
    reply = JSON.parse(callJson(String(method), JSON.stringify(params ?? {})));
  } catch (error) {
    // call_json never raises; this is a bug on either side of the boundary.
    reply = { error: { kind: "InternalError", message: String(error?.message ?? error) } };
  }
  self.postMessage("error" in reply ? { id, error: reply.error } : { id, result: reply.result });
}

function refuse({ id }) {
  self.postMessage({ id, error: { kind: "EngineUnavailable", message: fatal } });
}

async function start() {
  progress("runtime", 0, RUNTIME);
  countDownloads();
  // The package downloads while the runtime starts.
  const packageBytes = fetch(PACKAGE_URL).then((response) => {
    if (!response.ok) throw new Error(`tzaar.zip.gz: HTTP ${response.status}`);
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  });
  packageBytes.catch(() => {}); // reported below, once awaited
  const { loadPyodide } = await import("../pyodide/pyodide.mjs");
  progress("runtime", 0.1, RUNTIME);
  const pyodide = await loadPyodide({
    // Called once the WebAssembly runs, before Python starts (an experimental hook).
    fsInit: async () => progress("runtime", 0.6, "Starting Python", "python"),
    indexURL: RUNTIME_URL.href,
    stdLibURL: STDLIB_URL.href,
    packageBaseUrl: RUNTIME_URL.href, // never a CDN, even if a package were asked for
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  progress("package", 0.85, "Loading the rules", "rules");
  pyodide.FS.writeFile(PACKAGE_FILE, new Uint8Array(await packageBytes));
  // web/engine/python/worker_boot.py, given values: where the package is, and what to fetch later.
  const boot = pyodide.pyimport("worker_boot");
  boot.start(PACKAGE_FILE, "tzaar", MORE_URL.href, WHOLE_STDLIB_URL.href);
  // Proxies that live as long as the worker: the boot module, the facade and its one entry point.
  const facade = pyodide.pyimport("tzaar.facade");
  callJson = facade.call_json;
  // For tests and benchmarks (e2e/), like window.tzaar in the page; only code already
  // running in this worker reaches it (messages from the page never do).
  self.tzaarDebug = {
    // The objects Python's collector tracks, and the jobs kept between calls (worker_boot.memory).
    memory: () => ({ wasmBytes: pyodide._module.HEAP8.byteLength, ...JSON.parse(boot.memory()) }),
    runPython: (code) => String(pyodide.runPython(code)),
  };
  progress("ready", 1, "Ready");
  self.postMessage({ ready: true });
  for (const request of waiting.splice(0)) answer(request);
}

start().catch((error) => {
  fatal = `The game engine could not start: ${lastLine(error)}`;
  self.postMessage({ fatal: { message: fatal } });
  for (const request of waiting.splice(0)) refuse(request);
});

// A Python error's message is its whole traceback: a person needs its last line.
function lastLine(error) {
  const text = String(error?.message ?? error).trim();
  return error?.type ? text.split("\n").at(-1) : text;
}
