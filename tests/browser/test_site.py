"""The built site as files and as served (no browser): names, config, precache list, MIME types."""

from __future__ import annotations

import _imp
import json
import re
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tools import pyodide_wheel
from tools.build_site import (
    BuildError,
    build_wheel,
    compile_stdlib,
    hashed_wheel_name,
    make_snapshot,
    record_line,
    render_service_worker,
    sha256_file,
)
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parents[2]
PYTHON_314_MAGIC = (3627).to_bytes(2, "little") + b"\r\n"  # importlib.util.MAGIC_NUMBER of Pyodide's Python
WHEEL_NAME = re.compile(r"^kingsburg-\d+(\.\d+)*\+[0-9a-f]{8}-py3-none-any\.whl$")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("kingsburg-0.1.0-py3-none-any.whl", "kingsburg-0.1.0+0123abcd-py3-none-any.whl"),
        ("kingsburg-0.1.0+dev-py3-none-any.whl", "kingsburg-0.1.0+dev.0123abcd-py3-none-any.whl"),
    ],
)
def test_wheel_name_carries_a_content_hash(name: str, expected: str) -> None:
    assert hashed_wheel_name(name, "0123abcd" + "f" * 56) == expected


def test_config_points_at_the_site_own_runtime_and_archives(site: Path) -> None:
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    interpreter = re.fullmatch(r"\./pyodide/interpreter-([0-9a-f]{16})\.mjs", config["interpreter"])
    assert interpreter, config["interpreter"]
    # The wrapper sits beside pyodide.mjs (PyScript takes Pyodide's indexURL from its folder) and names the
    # snapshot made for this very build.
    wrapper = (site / config["interpreter"]).read_text(encoding="utf-8")
    assert 'from "./pyodide.mjs"' in wrapper
    snapshot = {"file": f"./snapshot-{interpreter.group(1)}.bin.gz", "id": interpreter.group(1)}
    assert f"const SNAPSHOT = {json.dumps(snapshot)};" in wrapper
    assert (site / "pyodide" / snapshot["file"]).stat().st_size > 2_000_000
    assert "packages" not in config
    files = {target: url for url, target in config["files"].items()}
    assert set(files) == {"./kingsburg.whl", "./page.zip"}
    wheel, bundle = files["./kingsburg.whl"], files["./page.zip"]
    assert WHEEL_NAME.match(Path(wheel).name), wheel
    assert wheel.endswith(sha256_file(site / wheel)[:8] + "-py3-none-any.whl")
    assert re.fullmatch(r"\./web/page-[0-9a-f]{8}\.zip", bundle) and sha256_file(site / bundle)[:8] in bundle


def test_archives_hold_every_module_with_its_bytecode(site: Path) -> None:
    """The whole engine and web/app/ + web/page.py + web/thinking.py, each .py with a Python 3.14 checked-hash .pyc
    beside it (whether the page really runs them is checked in the browser: kingsburgDebug.bytecode())."""
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    archives = {target: site / url for url, target in config["files"].items()}
    expected = {
        "./kingsburg.whl": {p.relative_to(ROOT).as_posix() for p in (ROOT / "kingsburg").rglob("*.py")},
        "./page.zip": {p.relative_to(ROOT / "web").as_posix() for p in (ROOT / "web" / "app").rglob("*.py")}
        | {"page.py", "thinking.py"},
    }
    for target, modules in expected.items():
        with zipfile.ZipFile(archives[target]) as zf:
            names = set(zf.namelist())
            assert {n for n in names if n.endswith(".py")} == modules, target
            for module in modules:
                header = zf.read(module[:-3] + ".pyc")[:8]
                assert header[:4] == PYTHON_314_MAGIC and int.from_bytes(header[4:], "little") == 0b11, module


def test_the_standard_library_ships_what_a_start_imports_compiled_and_the_rest_apart(site: Path) -> None:
    """npm's python_stdlib.zip, split in two. The site's python_stdlib.zip (loaded at every start) holds each
    module a start imports as an unchecked-hash .pyc in place of its source, compiled from exactly that source
    (the hash in its header is the one Python 3.14 computes for npm's bytes), with the folders and the few
    files that are not modules. Every other module is in the second archive, byte for byte, and the interpreter
    module names it and its modules for the finder (web/stdlib_rest.py). Both in npm's order. Whether the page
    runs them, and never needs the second archive to play: kingsburgDebug.bytecode()."""
    [rest] = (site / "pyodide").glob("python_stdlib_rest-*.zip")
    assert rest.name == f"python_stdlib_rest-{sha256_file(rest)[:8]}.zip"
    with (
        zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as npm,
        zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as ours,
        zipfile.ZipFile(rest) as later,
    ):
        theirs, first, second = npm.namelist(), ours.namelist(), later.namelist()
        compiled = [n for n in first if n.endswith(".pyc")]
        assert len(compiled) >= 100
        assert {"dataclasses.pyc", "json/__init__.pyc", "html/entities.pyc"} <= set(compiled)
        # The engine reads its lessons through the loader that imported it (kingsburg/lesson.py package_text).
        assert "importlib/resources/_common.pyc" not in compiled
        kept = [n for n in theirs if n + "c" in compiled or not n.endswith(".py")]
        assert first == [n + "c" if n + "c" in compiled else n for n in kept]
        assert second == [n for n in theirs if n.endswith("/") or (n.endswith(".py") and n + "c" not in compiled)]
        key = int.from_bytes(PYTHON_314_MAGIC, "little")
        for name in theirs:
            if name + "c" in compiled:
                pyc = ours.read(name + "c")
                assert pyc[:4] == PYTHON_314_MAGIC and int.from_bytes(pyc[4:8], "little") == 0b01, name
                assert pyc[8:16] == _imp.source_hash(key, npm.read(name)), name
            elif name.endswith(".py"):
                assert later.read(name) == npm.read(name), name
            else:
                assert ours.read(name) == npm.read(name), name
        # Frozen into Pyodide's binary: never loaded from an archive, so not compiled.
        assert "os.py" in second and "codecs.py" in second
        modules = [n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in second if n[-3:] == ".py"]
    [interpreter] = (site / "pyodide").glob("interpreter-*.mjs")
    found = re.search(r"const STDLIB_REST = (\{.*\});\n", interpreter.read_text(encoding="utf-8"))
    assert found, "the interpreter module does not name the rest of the standard library"
    told = json.loads(found.group(1))
    assert told["file"] == f"./{rest.name}"
    assert told["finder"] == (ROOT / "web" / "stdlib_rest.py").read_text(encoding="utf-8")
    # Every module of the second archive is named, or inside a package that is.
    assert set(told["names"]) <= set(modules) and "difflib" in told["names"] and "encodings.cp850" in told["names"]
    assert all(m in told["names"] or m.rpartition(".")[0] in modules for m in modules)
    assert "xml" in told["names"] and "xml.dom" not in told["names"]


def test_wheel_record_lists_every_file_with_its_hash(site: Path) -> None:
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    [wheel] = [site / url for url, target in config["files"].items() if target == "./kingsburg.whl"]
    with zipfile.ZipFile(wheel) as zf:
        [record] = [n for n in zf.namelist() if n.endswith(".dist-info/RECORD")]
        rows = {line.split(",")[0]: line for line in zf.read(record).decode().splitlines()}
        assert set(rows) == set(zf.namelist())
        for name in zf.namelist():
            if name != record:
                assert rows[name] == record_line(name, zf.read(name)), name


def test_index_preloads_what_the_start_fetches(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    for url in ["./pyscript.toml", "./web/main.py", *config["files"]]:
        assert f'<link rel="preload" href="{url}" as="fetch" crossorigin="anonymous">' in html, url
    modules = re.findall(r'<link rel="modulepreload" href="\./pyscript/([^"]+)">', html)
    assert [m.split("-")[0] for m in modules] == ["core", "toml", "error"]
    assert all((site / "pyscript" / m).is_file() for m in modules)
    for url in [config["interpreter"], "./pyodide/pyodide.mjs"]:
        assert f'<link rel="modulepreload" href="{url}">' in html, url
    # The page runs the interpreter module itself, which starts Python before PyScript asks for it: first in the
    # head, before the stylesheets and the classic scripts that hold the parser up.
    start = f'<script type="module" async src="{config["interpreter"]}"></script>'
    assert html.count(start) == 1 and html.index(start) < html.index('rel="stylesheet"') < html.index("boot.js")


def test_service_worker_precaches_every_file_but_source_maps(site: Path) -> None:
    """...and the Python snapshot, which it caches on its own after the rest (a failed download of it must not
    cost the offline cache), and the languages' catalogues (locale/), which it keeps once a page fetched them."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.DOTALL).group(1))
    files = sorted(f"./{p.relative_to(site).as_posix()}" for p in site.rglob("*") if p.is_file())
    [snapshot] = [f for f in files if f.startswith("./pyodide/snapshot-")]
    assert f"const SNAPSHOT = {json.dumps(snapshot)};" in text
    expected = [
        f for f in files if f not in ("./sw.js", snapshot) and not f.endswith(".map") and not f.startswith("./locale/")
    ]
    assert "./locale/de/engine.mo" in files and "./locale/fr/page.mo" in files
    assert sorted(precache) == sorted([*expected, "./"])
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text)
    assert version, "the cache version is not a content hash"


def test_cache_version_follows_the_snapshot_name_not_its_bytes(tmp_path: Path) -> None:
    """A snapshot's bytes change from build to build (memory layout); its name is the hash of its inputs."""
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    snapshot = tmp_path / "pyodide" / f"snapshot-{'0' * 16}.bin.gz"
    versions = []

    def render() -> None:
        (tmp_path / "sw.js").unlink(missing_ok=True)  # a build writes it last, over a site without one
        versions.append(render_service_worker(ROOT, tmp_path))

    for content in (b"one build", b"another build"):
        snapshot.write_bytes(content)
        render()
    snapshot.rename(snapshot.with_name(f"snapshot-{'1' * 16}.bin.gz"))
    render()
    (tmp_path / "index.html").write_text("<!doctype html><p>release 2", encoding="utf-8")
    render()
    assert versions[0] == versions[1] != versions[2] != versions[3]


def test_engine_wheel_builds_byte_identical(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build_wheel(ROOT, tmp_path / "a")
    second = build_wheel(ROOT, tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        [wheel_file] = [n for n in zf.namelist() if n.endswith(".dist-info/WHEEL")]
        assert "Tag: py3-none-any" in zf.read(wheel_file).decode()


def test_the_build_fails_loudly_when_the_snapshot_cannot_be_made(site: Path, tmp_path: Path) -> None:
    (tmp_path / "site" / "pyodide").mkdir(parents=True)
    for runtime in (site / "pyodide").glob("pyodide*"):
        (tmp_path / "site" / "pyodide" / runtime.name).symlink_to(runtime)
    for stdlib in (site / "pyodide").glob("python_stdlib*.zip"):
        (tmp_path / "site" / "pyodide" / stdlib.name).symlink_to(stdlib)
    [rest] = (site / "pyodide").glob("python_stdlib_rest-*.zip")
    bundle = next((site / "web").glob("page-*.zip")).read_bytes()
    with pytest.raises(BuildError, match="making the Python snapshot failed"):
        make_snapshot(ROOT, tmp_path / "site", b"not a wheel", bundle, rest.name, tmp_path)
    assert not list((tmp_path / "site" / "pyodide").glob("snapshot-*"))


def test_the_build_fails_loudly_when_the_standard_library_cannot_be_compiled(site: Path, tmp_path: Path) -> None:
    """The compiler imports the game from its archives: a broken wheel stops the build, and neither of the site's
    standard library archives is written."""
    (tmp_path / "site" / "pyodide").mkdir(parents=True)
    bundle = next((site / "web").glob("page-*.zip")).read_bytes()
    with pytest.raises(BuildError, match="compiling the standard library with Pyodide failed"):
        compile_stdlib(ROOT, tmp_path / "site", b"not a wheel", bundle, tmp_path)
    assert list((tmp_path / "site" / "pyodide").iterdir()) == []


def test_wheel_build_says_what_to_install_without_python_312(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyodide_wheel, "python_version", lambda exe: (3, 11))
    with pytest.raises(pyodide_wheel.WheelError, match=r"Python 3\.12 or later.*pyenv install 3\.12"):
        pyodide_wheel.find_python()


def test_wheel_build_uses_a_python_312_or_later() -> None:
    exe = pyodide_wheel.find_python()
    assert pyodide_wheel.python_version(exe) >= (3, 12)


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyodide/pyodide.asm.mjs", "text/javascript"),
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyscript/core.js", "text/javascript"),
        ("web/manifest.webmanifest", "application/manifest+json"),
        ("index.html", "text/html"),
    ],
)
def test_server_sends_the_mime_types_pyodide_needs(site: Path, path: str, content_type: str) -> None:
    with SiteServer(site) as server, urllib.request.urlopen(server.url + path) as response:
        assert response.headers.get_content_type() == content_type
