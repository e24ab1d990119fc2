"""The helpers of build.py, one job a module. Standard library only (Node runs the two
JavaScript tools: esbuild and compile_pyc.mjs).

    paths.py        where things are: the repository, web/, tzaar/, dist/, node_modules
    runtime.py      the pinned Pyodide and esbuild: their versions, installed with npm
    imports.py      the import walk: what a module imports, what the browser needs
    python.py       the browser's Python: stripped, compiled by Pyodide, zipped, split
    compile_pyc.mjs the compiler: runs in Node inside Pyodide, for python.py
    minify.py       what dist/ leaves out of the text files (esbuild for the code)
    languages.py    each language's texts split in two, and its app manifest
    site.py         dist/ assembled: files, release hash, stamped URLs, service worker
    serve.py        a local server for dist/
    testing.py      python3 build.py test: .venv, a browser, node's tests, pytest
    relay.py        python3 build.py relay: a Nostr relay on 127.0.0.1 (online play)
    online.py       web/online.json checked, its relays in the page's CSP; the online libraries bundled

BuildError (here) is the one error a build step raises.
"""


class BuildError(Exception):
    """A build step that cannot go on; the message says what to do."""
