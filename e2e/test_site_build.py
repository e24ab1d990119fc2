"""build.py, its helpers (sitebuild/) and the dist/ it makes, without a browser."""

from __future__ import annotations

import gzip
import io
import json
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

# (conftest.py loaded build.py, which put sitebuild/ on sys.path.)
from sitebuild import imports, languages, minify, online, python, runtime, site
from sitebuild.paths import BROWSER_PYTHON, ESBUILD, WEB

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def release(dist_dir) -> dict:
    return json.loads((dist_dir / "version.json").read_text())


def test_the_pyodide_version_is_written_only_in_package_json():
    version = runtime.pyodide_version()
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == version
    tracked = subprocess.run(
        ["git", "ls-files", "web", "build.py", "sitebuild", "e2e", ".ci", ".github", "tzaar"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()
    assert tracked, "git ls-files found nothing"
    mentions = [f for f in tracked if (ROOT / f).is_file() and version in (ROOT / f).read_text(errors="replace")]
    assert mentions == []


def test_dist_has_the_runtime_the_package_and_the_pages_marker(dist_dir, release):
    assert (dist_dir / ".nojekyll").is_file()
    assert release["pyodide"] == runtime.pyodide_version()
    for name in runtime.PYODIDE_FILES:
        assert (dist_dir / "pyodide" / name).is_file()
    assert sorted(p.name for p in (dist_dir / "pyodide").iterdir()) == sorted(runtime.PYODIDE_FILES)
    listed = set(release["files"])
    on_disk = {p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()}
    assert listed == on_disk - {".nojekyll", "sw.js"}


def start_archive(dist_dir) -> zipfile.ZipFile:
    """tzaar.zip.gz as the worker reads it: the zip inside the gzip."""
    return zipfile.ZipFile(io.BytesIO(gzip.decompress((dist_dir / "tzaar.zip.gz").read_bytes())))


def test_the_package_zip_holds_compiled_modules_only(dist_dir):
    with start_archive(dist_dir) as archive, zipfile.ZipFile(dist_dir / "tzaar-more.zip") as more:
        names = archive.namelist() + more.namelist()
        flags = {int.from_bytes(z.read(n)[4:8], "little") for z in (archive, more) for n in z.namelist()}
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_STORED}  # gzipped as a whole
    assert "tzaar/__init__.pyc" in names and "tzaar/facade/__init__.pyc" in names
    assert all(n.startswith("tzaar/") and n.endswith(".pyc") for n in names)
    assert flags == {0b01}  # unchecked-hash .pyc: never compared with a source
    assert not any("__pycache__" in n or "/tests/" in n or "/test_" in n for n in names)


def test_the_package_zip_holds_every_module_the_facade_loads(dist_dir):
    program = (
        "import sys, tzaar.facade\n"
        "print(*(m.__file__ for n, m in sys.modules.items() if n.split('.')[0] == 'tzaar'))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    with start_archive(dist_dir) as archive, zipfile.ZipFile(dist_dir / "tzaar-more.zip") as more:
        names, rest = set(archive.namelist()), set(more.namelist())
    assert loaded
    # The start's zip holds exactly what importing the facade loads; the rest (the computer
    # player, the tools: imported on the first call of their methods) is in tzaar-more.zip.
    assert {Path(f).resolve().relative_to(ROOT).with_suffix(".pyc").as_posix() for f in loaded} == names
    assert {"tzaar/facade/ai_methods.pyc", "tzaar/ai/search.pyc", "tzaar/facade/record_methods.pyc", "tzaar/records/littlegolem.pyc"} <= rest
    assert not names & rest
    assert not {"tzaar/__main__.pyc", "tzaar/cli/main.pyc"} & (names | rest)  # the command line stays out of the browser


def test_the_stdlib_zip_holds_every_standard_module_the_package_imports(dist_dir):
    """stdlib.zip is the part of Pyodide's standard library in use, compiled: each module
    the package imports (lazy imports too) that the whole library has as Python is in it;
    and the worker's own Python (web/engine/python/), compiled, with the whole library's names."""
    with zipfile.ZipFile(runtime.PYODIDE_SOURCE / "python_stdlib.zip") as archive:
        whole = {n[:-3].removesuffix("/__init__").replace("/", ".") for n in archive.namelist() if n.endswith(".py")}
    with zipfile.ZipFile(dist_dir / "stdlib.zip") as archive:
        names = set(archive.namelist())
    packed = {n[:-4].removesuffix("/__init__").replace("/", ".") for n in names if n.endswith(".pyc")}
    imported = imports.outside_imports(imports.browser_modules())
    assert {"json", "random"} <= imported and not any(n.startswith("tzaar") for n in imported)
    assert imported & whole <= packed
    own = {f"{path.stem}.pyc" for path in BROWSER_PYTHON.glob("*.py")}
    assert {"whole_stdlib.pyc", "package_rest.pyc", "worker_boot.pyc"} <= own  # the finder that fetches any other module...
    assert own | {f"{python.NAMES_MODULE}.pyc"} <= names
    assert len(packed) < len(whole) / 3
    assert not any(n.endswith(".py") for n in names)


SMOKE = """
import json, tzaar, tzaar.facade as f
S = "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1"
view = json.loads(f.call_json("view", json.dumps({"position": S})))["result"]
acts = view["legal"]["actions"][:1]
for _ in range(6):
    played = json.loads(f.call_json("play", json.dumps({"position": S, "actions": acts})))["result"]
    acts += played["view"]["legal"]["actions"][-1:]
print(json.dumps([tzaar.__file__, view, played,
    f.call_json("new_position", json.dumps({"setup": "random", "seed": 7})),
    f.call_json("game", json.dumps({"start": S, "actions": acts})),
    f.call_json("view", json.dumps({"position": "nonsense"})),
    f.call_json("no_such_method", "{}"), f.call_json("ai_levels", "{}")]))
"""


def test_the_packed_modules_answer_as_the_sources_do(tmp_path):
    """tzaar.zip is compiled from the sources without docstrings and comments: the same answers."""
    with zipfile.ZipFile(io.BytesIO(python.pack_package())) as archive:
        archive.extractall(tmp_path)

    def run(folder: Path) -> list:
        # -S: no site-packages, so the editable install of tzaar cannot answer instead.
        done = subprocess.run([sys.executable, "-S", "-c", SMOKE], cwd=folder, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    packed, sources = run(tmp_path), run(ROOT)
    assert Path(packed[0]).resolve().is_relative_to(tmp_path.resolve())
    assert Path(sources[0]).resolve().is_relative_to(ROOT / "tzaar")
    assert packed[1:] == sources[1:]
    assert '"result"' in packed[3] and '"result"' in packed[4] and '"result"' in packed[7]
    assert "PositionError" in packed[5] and "UnknownMethod" in packed[6]


def test_the_package_zip_is_the_same_for_the_same_sources(dist_dir):
    assert python.pack_package() == python.pack_package()
    assert python.compiler_input(python.pack_package()) == python.compiler_input(python.pack_package())
    for name, data in python.browser_archives(runtime.pyodide_version()).items():
        assert data == (dist_dir / name).read_bytes()


def test_every_relative_asset_url_carries_the_release(dist_dir, release):
    stamp = f"?{release['version']}"
    html = (dist_dir / "index.html").read_text()
    assets = re.findall(r"""\s(?:src|href)=["']([^"']+)["']""", html)
    assert assets, "index.html loads nothing"
    for url in assets:
        assert not url.startswith(("/", "http:", "https:", "//")), f"not a relative URL: {url}"
        if re.search(r"\.(m?js|css|svg)(\?|$)", url):
            assert url.endswith(stamp), url
    for script in (p for p in dist_dir.rglob("*.js") if p.relative_to(dist_dir).parts[0] != "pyodide"):
        text = script.read_text()
        for url in re.findall(r"""["'`](\.{1,2}/[^"'`\s]+)["'`]""", text):
            if re.search(r"\.(m?js|css|json|zip|svg)(\?|$)", url):
                assert url.endswith(stamp), f"{script.name}: {url}"
        foreign = re.findall(r"""["'`](https?://[^"'`]*)""", text)
        assert all(url.startswith("http://www.w3.org/") for url in foreign), f"{script.name}: {foreign}"


def test_index_html_has_the_content_security_policy_and_an_icon(dist_dir):
    html = (dist_dir / "index.html").read_text()
    policy = re.search(r"""<meta\s+http-equiv=(["'])Content-Security-Policy\1\s+content=(["'])(.+?)\2""", html, re.IGNORECASE)
    assert policy, "no Content-Security-Policy meta tag"
    directives = {d.split()[0]: d.split()[1:] for d in policy[3].split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    # Online play: connect-src adds the relays of online.json, nothing else (no local relay).
    config = online.check_config((dist_dir / "online.json").read_text())
    assert directives["connect-src"] == ["'self'", *online.connect_sources(config)]
    assert online.connect_sources(config) and all(s.startswith("wss://") for s in online.connect_sources(config))
    for name, sources in directives.items():
        if name != "connect-src":
            assert all(s.startswith("'") or s in ("data:", "blob:") for s in sources), sources
    assert re.search(r"""<link\s+rel=["']icon["'][^>]*href=["']icon\.svg""", html)


def test_only_a_development_build_or_the_tests_copy_allows_a_local_relay(site_build, monkeypatch):
    page = '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; connect-src \'self\'; object-src \'none\'">'
    config = {"relays": ["wss://nos.lol", "wss://nos.lol/x", "ws://127.0.0.1:7447"], "iceServers": []}
    assert online.connect_sources({"relays": ["wss://nos.lol"]}) == ["wss://nos.lol"]
    assert online.connect_sources({"relays": ["wss://nos.lol"]}, local=True) == ["wss://nos.lol", "ws://127.0.0.1:*"]
    assert "connect-src 'self' wss://nos.lol ws://127.0.0.1:7447;" in online.with_relays(page, config)
    assert "connect-src 'self' wss://nos.lol ws://127.0.0.1:7447 ws://127.0.0.1:*;" in online.with_relays(page, config, local=True)
    built = online.with_relays(page, {"relays": ["wss://nos.lol"]})
    assert "connect-src 'self' ws://127.0.0.1:5000 wss://nos.lol;" in online.with_relay(built, "ws://127.0.0.1:5000/")
    # build.py --local-relay (build or serve) makes the development build; plain, the one that ships.
    built_with = []
    monkeypatch.setattr(site_build.site, "build", lambda web, dist, quiet, local_relay: built_with.append(local_relay) or {})
    monkeypatch.setattr(site_build, "serve_folder", lambda dist, port: None)
    for argv in ([], ["build"], ["--local-relay"], ["build", "--local-relay"], ["serve", "--local-relay"]):
        assert site_build.main(argv) == 0
    assert built_with == [False, False, True, True, True]


def test_the_release_hash_follows_every_source():
    base = {"index.html": b"<html>", "tzaar.zip": b"PK"}
    one = site.content_hash("1.0.0", base)
    assert one == site.content_hash("1.0.0", dict(base))
    assert one != site.content_hash("1.0.1", base)
    assert one != site.content_hash("1.0.0", {**base, "index.html": b"<html> "})
    assert one != site.content_hash("1.0.0", {**base, "app.js": b""})


def test_stamping_touches_relative_asset_urls_only():
    js = 'import {a} from "./a.js";\nimport("../b.mjs");\nnew URL("./w.js", import.meta.url);\nfetch(`./t.zip`);\n"https://x.org/c.js"; "./page.html"; "a.js"'
    assert site.stamp_js(js, "V") == (
        'import {a} from "./a.js?V";\nimport("../b.mjs?V");\nnew URL("./w.js?V", import.meta.url);\n'
        'fetch(`./t.zip?V`);\n"https://x.org/c.js"; "./page.html"; "a.js"'
    )
    html = '<link rel="stylesheet" href="style.css"><script type="module" src="./app.js"></script>' \
           '<a href="#x">x</a><a href="https://x.org/a.js">y</a><img src="data:image/svg+xml,a.svg">'
    assert site.stamp_html(html, "V") == (
        '<link rel="stylesheet" href="style.css?V"><script type="module" src="./app.js?V"></script>'
        '<a href="#x">x</a><a href="https://x.org/a.js">y</a><img src="data:image/svg+xml,a.svg">'
    )


def test_without_npm_the_build_says_what_to_do(site_build, monkeypatch, tmp_path):
    monkeypatch.setattr(runtime, "PYODIDE_SOURCE", tmp_path / "no-pyodide")
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(site_build.BuildError, match="npm"):
        runtime.ensure_pyodide()


def test_serve_prints_the_address_and_serves_the_site(dist_dir):
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "build.py", "serve", "--port", "0", "--no-build"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    # A server that never prints its address must fail the test, not hang it.
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        lines = []
        for line in process.stdout:
            lines.append(line)
            if "http://127.0.0.1:" in line:
                break
        address = re.search(r"http://127\.0\.0\.1:\d+/", "".join(lines))
        assert address, "".join(lines)
        with urllib.request.urlopen(address[0] + "index.html", timeout=10) as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("text/html")
        with urllib.request.urlopen(address[0] + "pyodide/pyodide.asm.wasm", timeout=10) as response:
            assert response.headers["Content-Type"] == "application/wasm"
    finally:
        watchdog.cancel()
        process.terminate()
        process.wait(timeout=10)


def test_the_service_worker_knows_the_release_and_its_files(dist_dir, release):
    line = next(l for l in (dist_dir / "sw.js").read_text().splitlines() if l.startswith("const RELEASE = "))
    written = json.loads(line.removeprefix("const RELEASE = ").removesuffix(";"))
    assert written == release
    assert "sw.js" not in release["files"] and "index.html" in release["files"]


def test_the_sub_path_server_serves_nothing_outside_it(subpath_url):
    import urllib.error
    import urllib.request

    root = subpath_url.removesuffix("tzaar-sub/")
    with urllib.request.urlopen(subpath_url + "index.html", timeout=10) as response:
        assert response.status == 200
    for outside in ("index.html", "", "pyodide/pyodide.mjs"):
        try:
            urllib.request.urlopen(root + outside, timeout=10)
        except urllib.error.HTTPError as error:
            assert error.code == 404
        else:
            raise AssertionError(f"{root + outside} was served")


def test_the_code_is_minified_and_the_language_files_split(dist_dir):
    """dist/ has the JavaScript and CSS minified by esbuild (web/ keeps the source), the
    page without its indentation and the English that i18n.js writes over, and each language
    in two files: the start's texts and the later ones (tools, record, help, new game)."""
    web = WEB
    # (index.html without the relays that the build adds to its policy: sitebuild/online.py)
    added = {"index.html": len(" " + " ".join(online.connect_sources(online.check_config((web / "online.json").read_text()))))}
    for name in ("app.js", "game/game.js", "style.css", "index.html"):
        assert (dist_dir / name).stat().st_size - added.get(name, 0) < 0.85 * (web / name).stat().st_size, name
    assert "// " not in (dist_dir / "app.js").read_text().replace("://", "")
    assert (dist_dir / "sw.js").read_text().count("\n") > 20  # the service worker as written
    page = (dist_dir / "index.html").read_text()
    assert 'data-i18n="confirm.title"></h2>' in page and 'title="Flip the board (F)"' not in page  # (a dialog's English: dropped)
    assert '<span data-i18n="game.newGame">New game</span>' in page  # shown before i18n.js runs: kept
    start_keys = languages.page_keys((web / "index.html").read_text())
    for source in sorted((web / "lang").glob("*.json")):
        texts = json.loads(source.read_text(encoding="utf-8"))
        start = json.loads((dist_dir / "lang" / source.name).read_text(encoding="utf-8"))
        later = json.loads((dist_dir / "lang" / f"{source.stem}.later.json").read_text(encoding="utf-8"))
        assert {**start, **later} == texts and not set(start) & set(later)
        assert {"help.title", "record.intro", "analysis.bar", "newGame.title"} <= set(later)
        assert {"analysis.button", "review.button.title", "record.title", "turn.pass"} <= set(start)
        assert not start_keys & set(later)


def test_the_page_minifier_refuses_what_it_would_change():
    assert minify.page('<p data-i18n="a">x</p>\n  <dialog>\n  <p data-i18n="b">y</p></dialog>') == (
        '<p data-i18n="a">x</p>\n<dialog>\n<p data-i18n="b"></p></dialog>\n'
    )
    assert minify.untranslated_html('<b title="t" aria-label="l" data-i18n-attr="title:k">') == '<b aria-label="l" data-i18n-attr="title:k">'
    with pytest.raises(minify.MinifyError):
        minify.html('<p title="two\n   lines">x</p>')
    with pytest.raises(minify.MinifyError):
        minify.html("<pre>\n  kept</pre>")
    with pytest.raises(minify.MinifyError, match="esbuild"):
        minify.code({"bad.js": b"let = ;"}, ESBUILD)


def test_the_browser_python_ships_in_stdlib_zip_only(dist_dir, release):
    """web/engine/python/ is packed into stdlib.zip, never served as files of its own."""
    assert not (dist_dir / "engine" / "python").exists()
    assert not any(name.endswith(".py") for name in release["files"])
    assert [p for p in site.web_files(WEB) if p.suffix == ".py"] == []
