"""Build the self-contained static site in ``_site/`` (standard library only).

The result works when copied to any static host under any sub-path: every URL inside it is relative,
and PyScript, Pyodide and the engine wheel are all served from the site itself.

    python -m tools.build_site [--out _site]

Steps: build the engine wheel reproducibly (``pyodide build``, offline, with a fixed ``SOURCE_DATE_EPOCH``:
``tools/pyodide_wheel.py``); zip the page's Python (``web/app/``, ``web/page.py``, ``web/thinking.py``) into a
bundle; compile both to bytecode with Pyodide's own Python (``tools/pyodide_compile.mjs``, Node) and add the
``.pyc`` files to the archives; name each archive after a hash of its bytes; copy the PyScript and Pyodide runtime files
from ``node_modules/``, with the standard library modules every start imports compiled (``tools/compile_stdlib.mjs``,
Node) and the others in a second archive, fetched if one is ever imported (``web/stdlib_rest.py``); make a Pyodide
memory snapshot with the game imported (``tools/make_snapshot.mjs``, Node) and the ``interpreter`` module that
restores it (``web/interpreter.mjs``); render ``index.html`` (preloads), ``pyscript.toml`` and the service worker;
check the result. Any missing input stops the build with a message saying what to run.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

from tools import pyodide_wheel
from web.app.languages import DOMAINS, LANGUAGES, NO_SCRIPT, PSEUDO, SOURCE, translated

ROOT = Path(__file__).resolve().parent.parent

# Any fixed value makes wheel rebuilds byte-identical (zip entry times come from it): 2024-01-01 UTC.
SOURCE_DATE_EPOCH = "1704067200"
ZIP_DATE = (2024, 1, 1, 0, 0, 0)

PYSCRIPT_DIST = Path("node_modules/@pyscript/core/dist")
PYODIDE_DIR = Path("node_modules/pyodide")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# What the wheel build needs from the repository (copied to a scratch folder so that setuptools' own
# build/ and *.egg-info never go stale in the work tree).
WHEEL_SOURCES = ("pyproject.toml", "README.md", "kingsburg")
WHEEL_OPTIONAL_SOURCES = ("LICENSE", "LICENSE.txt", "MANIFEST.in", "setup.cfg", "setup.py")

WHEEL_PLACEHOLDER = "@KINGSBURG_WHEEL@"
BUNDLE_PLACEHOLDER = "@PAGE_BUNDLE@"
INTERPRETER_PLACEHOLDER = "@INTERPRETER@"
PRELOADS_PLACEHOLDER = "<!--@PRELOADS@-->"
START_PLACEHOLDER = "<!--@START@-->"
NOSCRIPT_PLACEHOLDER = "<!--@NOSCRIPT@-->"
# What Pyodide's loader fetches by itself on a first visit (the boot's other downloads are preloaded).
PYODIDE_FETCHES = ("./pyodide/pyodide.asm.mjs", "./pyodide/pyodide.asm.wasm", "./pyodide/python_stdlib.zip")
# The page's Python, zipped into the bundle (and not copied to the site as loose files).
PAGE_PYTHON = ("app", "page.py", "thinking.py")
COMPILER = Path("tools/pyodide_compile.mjs")
STDLIB_COMPILER = Path("tools/compile_stdlib.mjs")
SNAPSHOT_MAKER = Path("tools/make_snapshot.mjs")
NODE_PYODIDE = Path("tools/pyodide_node.mjs")  # what the three Node scripts share
SNAPSHOT_PREPARE = Path("tools/snapshot_prepare.py")  # what the maker imports
SW_VERSION_TOKEN = '/*@VERSION@*/ "dev"'
SW_PRECACHE_TOKEN = "/*@PRECACHE@*/ []"
SNAPSHOT_TOKEN = "/*@SNAPSHOT@*/ null"
STDLIB_REST_TOKEN = "/*@STDLIB_REST@*/ null"
STDLIB_REST_FINDER = Path("web/stdlib_rest.py")  # inlined into the interpreter module, not served
# The interpreter wrapper's template (web/), rendered beside pyodide.mjs under a name with the snapshot's id.
INTERPRETER = "interpreter.mjs"
SNAPSHOT_FILE = re.compile(r"pyodide/snapshot-[0-9a-f]{16}\.bin\.gz")

# The published site must never reach another origin.
EXTERNAL_URL = re.compile(r"""(?:https?:|["'(])//[a-z0-9.-]+""", re.IGNORECASE)
# A <script> without src (the CSP refuses inline scripts; type="py" scripts load their code by src too).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
LOCAL_REF = re.compile(r"""(?:src|href)\s*=\s*["']([^"'#?]+)""", re.IGNORECASE)


class BuildError(RuntimeError):
    """Something the site needs is missing or wrong; the message says what to do."""


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def require(path: Path, hint: str) -> Path:
    if not path.exists():
        raise BuildError(f"missing {path}: {hint}")
    return path


def copy_sources(path: Path, dest: Path) -> None:
    """Copy a file, or a folder without the host Python's bytecode (``__pycache__``, ``*.pyc``)."""
    if path.is_dir():
        shutil.copytree(path, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        shutil.copy2(path, dest)


def build_wheel(root: Path, scratch: Path) -> Path:
    """Build the engine's pure wheel with ``pyodide build`` (offline; ``tools/pyodide_wheel.py``) from a clean
    copy of its sources, and return its path."""
    src = scratch / "src"
    src.mkdir()
    for name in WHEEL_SOURCES:
        copy_sources(require(root / name, "the engine package sources are incomplete"), src / name)
    for name in WHEEL_OPTIONAL_SOURCES:
        if (root / name).is_file():
            shutil.copy2(root / name, src / name)
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        wheel = pyodide_wheel.build(src, scratch / "dist", env)
    except pyodide_wheel.WheelError as err:
        raise BuildError(f"the engine wheel cannot be built: {err}") from err
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise BuildError(f"{wheel.name} is not a pure py3-none-any wheel; Pyodide needs a pure wheel")
    return wheel


def hashed_wheel_name(wheel_name: str, digest: str) -> str:
    """``kingsburg-0.1.0-py3-none-any.whl`` -> ``kingsburg-0.1.0+<hash8>-py3-none-any.whl``.

    The hash goes into the local version label, so the name stays a valid wheel file name (Pyodide
    reads the distribution name and version from it) and changes whenever the wheel's bytes change.
    """
    name, version, rest = wheel_name.split("-", 2)
    version = f"{version}.{digest[:8]}" if "+" in version else f"{version}+{digest[:8]}"
    return f"{name}-{version}-{rest}"


def write_zip(path: Path, entries: list[tuple[str, bytes]]) -> None:
    """A reproducible zip of ``entries`` (name, bytes), in the given order: fixed times and permissions; a name
    ending in "/" is a folder."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
            zf.writestr(info, data)


def files_of(folder: Path, names: list[str]) -> list[tuple[str, bytes]]:
    return [(name, (folder / name).read_bytes()) for name in names]


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_bytecode(root: Path, folders: dict[Path, str]) -> None:
    """Put a checked-hash ``foo.pyc`` beside every ``foo.py`` under each folder, compiled by Pyodide's Python;
    ``folders`` maps each folder to its name in tracebacks (the archive's name in the page)."""
    args = [f"{folder}={name}" for folder, name in folders.items()]
    summary = run_node(root, COMPILER, args, "compiling the game's Python with Pyodide")
    sources = sum(1 for folder in folders for _ in folder.rglob("*.py"))
    if summary.get("compiled") != sources:
        raise BuildError(f"expected {sources} compiled files, the compiler reports {summary}")


def compiled_archives(root: Path, wheel: Path, scratch: Path) -> tuple[bytes, bytes]:
    """The engine wheel and the page bundle, each with the bytecode of its modules beside their sources.

    The wheel keeps its metadata; its RECORD lists the added files. Sources stay in both archives: Python
    checks each .pyc against its source's hash, and tracebacks show the lines.
    """
    wheel_dir, page_dir = scratch / "wheel", scratch / "page"
    with zipfile.ZipFile(wheel) as zf:
        wheel_names = zf.namelist()
        zf.extractall(wheel_dir)
    page_dir.mkdir()
    for name in PAGE_PYTHON:
        copy_sources(require(root / "web" / name, "the page's Python is incomplete"), page_dir / name)
    compile_bytecode(root, {wheel_dir: "kingsburg.whl", page_dir: "page.zip"})

    # Wheel: the original entries in their order, each .pyc after its source, RECORD rewritten last.
    [record] = [n for n in wheel_names if n.endswith(".dist-info/RECORD")]
    names = []
    for name in wheel_names:
        if name == record:
            continue
        names.append(name)
        if name.endswith(".py"):
            names.append(name[:-3] + ".pyc")
    lines = [record_line(n, (wheel_dir / n).read_bytes()) for n in names] + [f"{record},,"]
    (wheel_dir / record).write_text("\n".join(lines) + "\n", encoding="utf-8")
    write_zip(scratch / "engine.whl", files_of(wheel_dir, [*names, record]))
    write_zip(scratch / "page.zip", files_of(page_dir, files_under(page_dir)))
    return (scratch / "engine.whl").read_bytes(), (scratch / "page.zip").read_bytes()


def run_node(root: Path, script: Path, args: list[str], what: str) -> dict[str, object]:
    """Run one of the build's Node scripts (they run Pyodide's own Python) and return the JSON of its last line."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js is needed for {what}: install nodejs (20 or later)")
    require(root / PYODIDE_DIR / "pyodide.mjs", "run `make setup` (npm ci) to install pyodide")
    cmd = [node, str(require(root / script, f"{script} is missing")), *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise BuildError(f"{what} failed, exit {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def archives_for_node(scratch: Path, wheel: bytes, bundle: bytes) -> list[str]:
    """The two archives as files for the Node scripts that import the game from them (they write them where
    PyScript's [files] puts them in the page); their paths, wheel first."""
    paths = [scratch / "node" / "kingsburg.whl", scratch / "node" / "page.zip"]
    paths[0].parent.mkdir(exist_ok=True)
    for path, data in zip(paths, (wheel, bundle), strict=True):
        path.write_bytes(data)
    return [str(path) for path in paths]


def module_name(entry: str) -> str:
    """``email/mime/text.py`` -> ``email.mime.text``; ``email/__init__.py`` -> ``email``."""
    return entry.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def compile_stdlib(root: Path, site: Path, wheel: bytes, bundle: bytes, scratch: Path) -> tuple[str, list[str]]:
    """Split npm's ``python_stdlib.zip`` (sources only; Pyodide loads it whole before Python starts) in two.

    The site's ``pyodide/python_stdlib.zip`` holds what a start of the page imports, compiled
    (``tools/compile_stdlib.mjs``): each such source's entry becomes ``foo.pyc``, in the same place; with every
    folder entry and the few files that are not modules. The other modules, as npm ships them, go to
    ``pyodide/python_stdlib_rest-<hash>.zip``, fetched only if one of them is ever imported (web/stdlib_rest.py).
    Both keep npm's order. Returns that archive's name and the names of its modules that are not inside one of
    its packages (those are found through their package's ``__path__``, into the same archive)."""
    compiled = scratch / "stdlib-pyc"
    args = [*archives_for_node(scratch, wheel, bundle), str(compiled)]
    summary = run_node(root, STDLIB_COMPILER, args, "compiling the standard library with Pyodide")
    with zipfile.ZipFile(root / PYODIDE_DIR / "python_stdlib.zip") as npm:
        entries = [(info.filename, npm.read(info)) for info in npm.infolist()]
    first: list[tuple[str, bytes]] = []
    rest: list[tuple[str, bytes]] = []
    for name, data in entries:
        pyc = compiled / (name + "c")
        if name.endswith("/"):
            first.append((name, data))
            rest.append((name, data))
        elif not name.endswith(".py"):
            first.append((name, data))
        elif pyc.is_file():
            first.append((name + "c", pyc.read_bytes()))
        else:
            rest.append((name, data))
    count = sum(name.endswith(".pyc") for name, _ in first)
    if count != summary.get("compiled") or count == 0:
        raise BuildError(f"the standard library: {count} modules replaced, the compiler reports {summary}")
    write_zip(site / "pyodide" / "python_stdlib.zip", first)
    scratch_rest = scratch / "python_stdlib_rest.zip"
    write_zip(scratch_rest, rest)
    data = scratch_rest.read_bytes()
    rest_name = f"python_stdlib_rest-{sha256_bytes(data)[:8]}.zip"
    (site / "pyodide" / rest_name).write_bytes(data)
    modules = [module_name(name) for name, _ in rest if name.endswith(".py")]
    packages = set(modules)
    return rest_name, [name for name in modules if name.rpartition(".")[0] not in packages]


def make_snapshot(root: Path, site: Path, wheel: bytes, bundle: bytes, rest: str, scratch: Path) -> str:
    """A Pyodide memory snapshot with the game imported, gzipped, as ``pyodide/snapshot-<id>.bin.gz``; return
    its id. (Gzipped in the site whatever the host compresses; the page unpacks it when it boots from it.)

    The id is a hash of everything the snapshot holds or is made by (Pyodide's files, both archives, the
    maker script and its list of imports) and of the interpreter module that loads it, so any change makes a new
    one, and the page never restores another build's.
    """
    maker = require(root / SNAPSHOT_MAKER, "the snapshot maker script is missing")
    prepare = require(root / SNAPSHOT_PREPARE, "the snapshot's list of imports is missing")
    # The interpreter module is named after this id too: a change to it must give it a new name, or a host's
    # HTTP cache could go on serving the old one.
    loader = require(root / "web" / INTERPRETER, "the interpreter wrapper is missing")
    finder = require(root / STDLIB_REST_FINDER, "the standard library's second finder is missing")
    digest = hashlib.sha256()
    for name in [*PYODIDE_FILES, rest]:
        digest.update(f"{name}\0{sha256_file(site / 'pyodide' / name)}\n".encode())
    for name, data in (
        ("wheel", wheel),
        ("bundle", bundle),
        ("maker", maker.read_bytes()),
        ("maker's Pyodide", require(root / NODE_PYODIDE, f"{NODE_PYODIDE} is missing").read_bytes()),
        ("prepare", prepare.read_bytes()),
        ("loader", loader.read_bytes()),
        ("finder", finder.read_bytes()),
    ):
        digest.update(f"{name}\0{sha256_bytes(data)}\n".encode())
    snapshot_id = digest.hexdigest()[:16]
    out = scratch / "snapshot.bin"
    stdlib = site / "pyodide" / "python_stdlib.zip"  # the site's: the snapshot's zipimport caches its directory
    args = [*archives_for_node(scratch, wheel, bundle), str(stdlib), snapshot_id, str(out)]
    run_node(root, SNAPSHOT_MAKER, args, "making the Python snapshot")
    if not out.is_file():
        raise BuildError(f"making the Python snapshot failed: the maker wrote no {out.name}")
    packed = gzip.compress(out.read_bytes(), compresslevel=9, mtime=0)
    (site / "pyodide" / f"snapshot-{snapshot_id}.bin.gz").write_bytes(packed)
    return snapshot_id


def render_interpreter(root: Path, site: Path, snapshot_id: str, rest: str, rest_names: list[str]) -> str:
    """The ``interpreter`` module PyScript imports, beside pyodide.mjs; return its URL (relative to the page).
    It carries the snapshot's name and id, and the rest of the standard library's: the archive's name, its
    modules, and the finder that fetches it when one is imported (web/stdlib_rest.py, run in the page)."""
    template = require(root / "web" / INTERPRETER, "the interpreter wrapper is missing").read_text("utf-8")
    for token in (SNAPSHOT_TOKEN, STDLIB_REST_TOKEN):
        if template.count(token) != 1:
            raise BuildError(f"web/{INTERPRETER} must contain {token!r} exactly once")
    snapshot = {"file": f"./snapshot-{snapshot_id}.bin.gz", "id": snapshot_id}
    finder = require(root / STDLIB_REST_FINDER, "the standard library's second finder is missing")
    stdlib_rest = {"file": f"./{rest}", "names": rest_names, "finder": finder.read_text("utf-8")}
    text = template.replace(SNAPSHOT_TOKEN, json.dumps(snapshot))
    text = text.replace(STDLIB_REST_TOKEN, json.dumps(stdlib_rest, separators=(",", ":")))
    name = f"interpreter-{snapshot_id}.mjs"
    (site / "pyodide" / name).write_text(text, encoding="utf-8")
    return f"./pyodide/{name}"


def copy_runtime(root: Path, site: Path) -> None:
    dist = require(root / PYSCRIPT_DIST, "run `make setup` (npm ci) to install @pyscript/core")
    require(dist / "core.js", "the @pyscript/core package looks broken; rerun `npm ci`")
    shutil.copytree(dist, site / "pyscript")
    (site / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(
            require(root / PYODIDE_DIR / name, "run `make setup` (npm ci) to install pyodide"),
            site / "pyodide",
        )


def render_config(root: Path, site: Path, wheel_url: str, bundle_url: str, interpreter_url: str) -> None:
    template = require(root / "pyscript.toml", "the page configuration is missing").read_text(encoding="utf-8")
    for placeholder, what in ((WHEEL_PLACEHOLDER, "the engine wheel"), (BUNDLE_PLACEHOLDER, "the page bundle")):
        if template.count(placeholder) != 1:
            raise BuildError(f"pyscript.toml must contain {placeholder!r} exactly once ({what})")
    if template.count(INTERPRETER_PLACEHOLDER) != 1:
        raise BuildError(f"pyscript.toml must contain {INTERPRETER_PLACEHOLDER!r} exactly once (the interpreter)")
    text = template.replace(WHEEL_PLACEHOLDER, wheel_url).replace(BUNDLE_PLACEHOLDER, bundle_url)
    text = text.replace(INTERPRETER_PLACEHOLDER, interpreter_url)
    config = tomllib.loads(text)
    if config.get("interpreter") != interpreter_url:
        raise BuildError(f'pyscript.toml: interpreter must be "{INTERPRETER_PLACEHOLDER}" (the wrapped Pyodide)')
    files = config.get("files", {})
    if files.get(wheel_url) != "./kingsburg.whl" or files.get(bundle_url) != "./page.zip":
        raise BuildError("pyscript.toml: [files] must copy the wheel to ./kingsburg.whl and the bundle to ./page.zip")
    if config.get("packages"):
        raise BuildError("pyscript.toml: no packages (the site has no package index; the engine is in [files])")
    (site / "pyscript.toml").write_text(text, encoding="utf-8")


def pyscript_modules(site: Path) -> list[str]:
    """The PyScript modules every page start imports one after another: ``core.js``'s chunk, and the TOML
    parser and error plugin that chunk imports. Found by name, since the names carry a hash per release."""
    folder = site / "pyscript"
    core = re.findall(r"""["'](?:\./)?(core-[\w-]+\.js)["']""", (folder / "core.js").read_text(encoding="utf-8"))
    if len(set(core)) != 1:
        raise BuildError(f"pyscript/core.js: expected one core chunk import, found {sorted(set(core))}")
    chunk = (folder / core[0]).read_text(encoding="utf-8")
    found = [core[0]]
    for stem in ("toml", "error"):
        names = sorted(set(re.findall(rf"""["']\./({stem}-[\w-]+\.js)["']""", chunk)))
        if len(names) != 1 or not (folder / names[0]).is_file():
            raise BuildError(f"pyscript/{core[0]}: expected one import of {stem}-*.js, found {names}")
        found.append(names[0])
    return [f"./pyscript/{name}" for name in found]


def render_page(root: Path, site: Path, modules: list[str], fetched: list[str], interpreter: str) -> None:
    """index.html with preloads: PyScript's modules, the modules it imports once running (``modules``: the
    interpreter wrapper and Pyodide's loader, which would otherwise be fetched one after the other), and what
    it fetches (``fetched``); and the ``interpreter`` module as a script of its own, which starts Python at once
    (web/interpreter.mjs), before PyScript asks for it."""
    html = require(root / "index.html", "the page is missing").read_text(encoding="utf-8")
    for placeholder in (PRELOADS_PLACEHOLDER, START_PLACEHOLDER, NOSCRIPT_PLACEHOLDER):
        if html.count(placeholder) != 1:
            raise BuildError(f"index.html must contain {placeholder!r} exactly once")
    links = [f'<link rel="modulepreload" href="{url}">' for url in [*pyscript_modules(site), *modules]]
    links += [f'<link rel="preload" href="{url}" as="fetch" crossorigin="anonymous">' for url in fetched]
    links.append(download_sizes(site, [*pyscript_modules(site), *modules, *fetched, *PYODIDE_FETCHES]))
    html = html.replace(START_PLACEHOLDER, f'<script type="module" async src="{interpreter}"></script>')
    html = html.replace(PRELOADS_PLACEHOLDER, "\n  ".join(links))
    html = html.replace(NOSCRIPT_PLACEHOLDER, no_script())
    (site / "index.html").write_text(html, encoding="utf-8")
    # The same page as embed.html is always an embedded board (web/page.py): a host can then send a
    # frame-ancestors header for the player's page alone, and none for the embed (docs/hosting.md).
    (site / "embed.html").write_text(html, encoding="utf-8")


def no_script() -> str:
    """The ``<noscript>`` sentence (``NO_SCRIPT``) in every language the game speaks, English first, each a paragraph
    in its own ``lang``: with no script running, nothing can choose one, and a screen reader reads each in its voice."""
    from html import escape

    from tools import messages  # Babel: a dev dependency, as the build's other tools are

    said = {code: NO_SCRIPT if code == SOURCE else messages.translation(code).gettext(NO_SCRIPT) for code in LANGUAGES}
    untranslated = [code for code, text in said.items() if code != SOURCE and text == NO_SCRIPT]
    if untranslated:
        raise BuildError(f"the <noscript> sentence is not translated into {', '.join(untranslated)}: make messages")
    return "".join(f'<p lang="{code}">{escape(text)}</p>' for code, text in said.items())


def download_sizes(site: Path, urls: list[str]) -> str:
    """A <meta> giving the size of each file the boot downloads (``file=bytes``, space-separated): web/boot.js
    moves the loading bar by the bytes of each file as the Resource Timing API reports it complete (preloads
    cannot be watched while they download, and a strict CSP allows no inline script to hand the sizes over)."""
    sizes = []
    for url in urls:
        path = require(site / url.removeprefix("./"), f"internal error: {url} is not in the site")
        sizes.append(f"{path.name}={path.stat().st_size}")
    return f'<meta name="kingsburg-downloads" content="{" ".join(sizes)}">'


def copy_web(root: Path, site: Path) -> None:
    web = require(root / "web", "the page's web/ folder is missing")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "sw.js", INTERPRETER, STDLIB_REST_FINDER.name, *PAGE_PYTHON)
    shutil.copytree(web, site / "web", ignore=skip)


def copy_lessons(root: Path, site: Path) -> None:
    """The built-in lessons at ``lessons/NAME.json``, so that ``?lesson=lessons/NAME.json`` opens one (the
    tutorial itself reads them from the engine's wheel)."""
    lessons = require(root / "kingsburg" / "lessons", "the built-in lessons are missing: python tools/make_lessons.py")
    (site / "lessons").mkdir()
    for path in sorted(lessons.glob("*.json")):
        shutil.copy2(path, site / "lessons" / path.name)


def compile_catalogues(site: Path, pseudo: bool) -> None:
    """Each language's catalogues compiled to ``locale/<lang>/<domain>.mo`` (web/app/languages.py), fetched by the
    page only when that language is chosen; the pseudo-locale's, made from the .pot files, only when asked."""
    from tools import messages  # Babel: a dev dependency, as the build's other tools are

    for language in translated():
        (site / "locale" / language).mkdir(parents=True)
        for domain in DOMAINS:
            (site / "locale" / language / f"{domain}.mo").write_bytes(messages.compiled(language, domain))
        write_boot_words(site / "locale" / language, messages.boot_words(language))
    if pseudo:
        from tools import pseudo_locale

        (site / "locale" / PSEUDO).mkdir(parents=True)
        for domain in DOMAINS:
            (site / "locale" / PSEUDO / f"{domain}.mo").write_bytes(pseudo_locale.compiled(domain))
        write_boot_words(site / "locale" / PSEUDO, pseudo_locale.boot_words())


TRAILING_COMMENT = re.compile(r"^(.*?[;,{)(]) // .*$")


def write_boot_words(folder: Path, words: dict[str, str]) -> None:
    """``boot.json``: the loading screen's words in one language (web/boot.js fetches it, before Python runs, only
    for a reader of that language: an English visit fetches nothing more). Compact: it is on the boot's way."""
    text = json.dumps(words, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    (folder / "boot.json").write_text(text, encoding="utf-8")


# The page's own classic scripts (index.html loads every one on every visit).
PAGE_SCRIPTS = ("boot.js", "host.js", "nostorage.js", "tips.js", "morph.js", "arrows.js", "offline.js", "sound.js")


def render_scripts(site: Path) -> None:
    """web/boot.js with the languages the game speaks (web/app/languages.py, the one list) in its LANGUAGES; the
    page's scripts without their comments: every visit fetches them, and the loading screen's words in other
    languages (web/boot.js) must cost an English reader no byte (the site carries fewer than before them)."""
    path = site / "web" / "boot.js"
    token = '/*@LANGUAGES@*/ ["en"]'
    text = path.read_text(encoding="utf-8")
    if text.count(token) != 1:
        raise BuildError(f"web/boot.js must contain {token!r} exactly once")
    path.write_text(text.replace(token, json.dumps(list(LANGUAGES))), encoding="utf-8")
    for name in PAGE_SCRIPTS:
        script = require(site / "web" / name, f"web/{name} is missing")
        script.write_text(without_comments(script.read_text(encoding="utf-8")), encoding="utf-8")


def without_comments(script: str) -> str:
    """``script`` without indentation, blank lines and ``//`` comments: whole comment lines, and a comment after
    code only where the code before it has no string left open (a "//" in a string stays). Lines stay lines, so
    no statement is joined to the next."""
    lines = []
    for line in script.splitlines():
        code = line.strip()
        if not code or code.startswith("//"):
            continue
        tail = TRAILING_COMMENT.match(code)
        if tail and tail[1].count('"') % 2 == 0 and not {"'", "`"} & set(tail[1]):
            code = tail[1]
        lines.append(code)
    return "\n".join(lines) + "\n"


def site_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.is_file())


def render_service_worker(root: Path, site: Path) -> str:
    """Write ``sw.js`` precaching every file of the site but the Python snapshot, which it caches after the
    rest; return the cache version (a content hash)."""
    template = require(root / "web" / "sw.js", "the service worker template is missing").read_text("utf-8")
    for token in (SW_VERSION_TOKEN, SW_PRECACHE_TOKEN, SNAPSHOT_TOKEN):
        if template.count(token) != 1:
            raise BuildError(f"web/sw.js must contain {token!r} exactly once")
    files = site_files(site)
    snapshots = [p for p in files if SNAPSHOT_FILE.fullmatch(p.relative_to(site).as_posix())]
    if len(snapshots) > 1:
        raise BuildError(f"expected at most one Python snapshot, found {snapshots}")
    snapshot = snapshots[0].relative_to(site).as_posix() if snapshots else None
    digest = hashlib.sha256()
    for path in files:
        rel = path.relative_to(site).as_posix()
        # A snapshot's bytes differ from build to build (memory layout), its name is the hash of its inputs:
        # the name keeps the version the same for the same sources.
        digest.update(f"{rel}\0{rel if path in snapshots else sha256_file(path)}\n".encode())
    version = digest.hexdigest()[:16]
    # "./" is what a visitor navigates to; it is the same document as ./index.html. Source maps are only
    # for a developer's tools: not worth 3.6 MB of every player's storage.
    # The snapshot (31 MB) is not part of the install: a failed download must not cost the offline cache.
    # A language's catalogues (locale/) are fetched only by a page that chose it, and kept by the worker then.
    urls = [
        "./",
        *(
            f"./{p.relative_to(site).as_posix()}"
            for p in files
            if p.suffix != ".map" and p not in snapshots and p.relative_to(site).parts[0] != "locale"
        ),
    ]
    text = (
        template.replace(SW_VERSION_TOKEN, json.dumps(version))
        .replace(SW_PRECACHE_TOKEN, json.dumps(urls, indent=2))
        .replace(SNAPSHOT_TOKEN, json.dumps(f"./{snapshot}" if snapshot else None))
    )
    (site / "sw.js").write_text(text, encoding="utf-8")
    return version


def check_site(site: Path, wheel_rel: str) -> None:
    """Fail on missing references and on any URL that would leave the site's origin."""
    own_text = [site / "index.html", site / "pyscript.toml", site / "sw.js"]
    own_text += [
        p for p in site_files(site / "web") if p.suffix in {".py", ".css", ".js", ".mjs", ".html", ".webmanifest"}
    ]
    for path in own_text:
        text = path.read_text(encoding="utf-8")
        match = EXTERNAL_URL.search(text)
        if match:
            raise BuildError(f"{path.relative_to(site)} refers to another origin: {match.group(0)!r}")
    page = (site / "index.html").read_text(encoding="utf-8")
    if "Content-Security-Policy" not in page:
        raise BuildError("index.html lost its Content-Security-Policy <meta> tag")
    inline = INLINE_SCRIPT.search(page)
    if inline:
        raise BuildError(f"index.html has an inline script ({inline.group(0)!r}), which its CSP refuses: use a file")
    for ref in LOCAL_REF.findall(page):
        if ref.startswith("/"):
            raise BuildError(f"index.html uses an absolute path {ref!r}; use ./ relative URLs")
        if not (site / ref).resolve().is_file():
            raise BuildError(f"index.html refers to {ref!r}, which is not in the site")
    manifest = json.loads((site / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest.get("icons", []):
        if not (site / "web" / icon["src"]).is_file():
            raise BuildError(f"manifest icon {icon['src']!r} is missing from web/")
    require(site / wheel_rel, "internal error: the wheel was not copied")


def build(root: Path, out: Path, pseudo: bool = False) -> dict[str, str]:
    # Build beside the output, swap in at the end: a failed build never leaves a half-built site.
    # (.cache/ is git-ignored, so an interrupted build leaves no stray folder in `git status`.)
    staging = out.parent / ".cache" / f"{out.name}.building"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        with tempfile.TemporaryDirectory(prefix="kingsburg-wheel-") as scratch:
            wheel = build_wheel(root, Path(scratch))
            wheel_bytes, bundle_bytes = compiled_archives(root, wheel, Path(scratch))
            copy_runtime(root, staging)
            rest, rest_names = compile_stdlib(root, staging, wheel_bytes, bundle_bytes, Path(scratch))
            snapshot_id = make_snapshot(root, staging, wheel_bytes, bundle_bytes, rest, Path(scratch))
        digest = sha256_bytes(wheel_bytes)
        wheel_rel = f"wheels/{hashed_wheel_name(wheel.name, digest)}"
        bundle_rel = f"web/page-{sha256_bytes(bundle_bytes)[:8]}.zip"
        copy_web(root, staging)
        render_scripts(staging)
        copy_lessons(root, staging)
        compile_catalogues(staging, pseudo)
        (staging / "wheels").mkdir()
        (staging / wheel_rel).write_bytes(wheel_bytes)
        (staging / bundle_rel).write_bytes(bundle_bytes)
        interpreter_url = render_interpreter(root, staging, snapshot_id, rest, rest_names)
        render_config(root, staging, f"./{wheel_rel}", f"./{bundle_rel}", interpreter_url)
        render_page(
            root,
            staging,
            [interpreter_url, "./pyodide/pyodide.mjs"],
            ["./pyscript.toml", "./web/main.py", f"./{wheel_rel}", f"./{bundle_rel}"],
            interpreter_url,
        )
        snapshot_rel = f"pyodide/snapshot-{snapshot_id}.bin.gz"
        version = render_service_worker(root, staging)
        check_site(staging, wheel_rel)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    return {
        "wheel": wheel_rel,
        "wheel_sha256": digest,
        "bundle": bundle_rel,
        "snapshot": snapshot_rel,
        "cache_version": version,
    }


# Everything the site is built from; a newer file in any of them makes the site stale.
SITE_SOURCES = (
    "kingsburg",
    "web",
    "index.html",
    "pyscript.toml",
    "pyproject.toml",
    "README.md",
    "locale",
    "package-lock.json",
    "tools/build_site.py",
    "tools/pyodide_compile.mjs",
    "tools/compile_stdlib.mjs",
    "tools/make_snapshot.mjs",
    "tools/pyodide_node.mjs",
    "tools/snapshot_prepare.py",
    "tools/pyodide_wheel.py",
    "tools/pyodide-build.txt",
)


def is_stale(root: Path, out: Path) -> bool:
    """True if ``out`` is missing or older than any of its sources (sw.js is written last)."""
    marker = out / "sw.js"
    if not marker.is_file():
        return True
    built = marker.stat().st_mtime
    for name in SITE_SOURCES:
        path = root / name
        files = path.rglob("*") if path.is_dir() else [path]
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts and file.stat().st_mtime > built:
                return True
    return False


@contextlib.contextmanager
def one_build_at_a_time(out: Path) -> Iterator[None]:
    """Hold a lock beside ``out`` while building it: builds started together (pytest-xdist's workers, a test run
    beside `make site`) share one staging folder, so the second waits and then finds the site built."""
    lock = out.parent / ".cache" / f"{out.name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


def ensure_site(root: Path = ROOT, out: Path | None = None) -> Path:
    """Build the site unless it is up to date; return its folder. Raises BuildError on failure."""
    out = out or root / "_site"
    with one_build_at_a_time(out):
        if is_stale(root, out):
            build(root, out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    parser.add_argument("--pseudo", action="store_true", help="add the pseudo-locale (?lang=pseudo, for tests)")
    args = parser.parse_args(argv)
    try:
        with one_build_at_a_time(args.out.resolve()):
            info = build(ROOT, args.out.resolve(), pseudo=args.pseudo)
    except BuildError as err:
        print(f"build_site: error: {err}", file=sys.stderr)
        return 1
    files = site_files(args.out)
    size = sum(p.stat().st_size for p in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB")
    print(f"  engine wheel  {info['wheel']}")
    print(f"  page bundle   {info['bundle']}")
    packed = (args.out / info["snapshot"]).read_bytes()
    raw = len(gzip.decompress(packed))
    print(f"  snapshot      {info['snapshot']} ({raw / 1e6:.1f} MB, {len(packed) / 1e6:.1f} MB gzip)")
    print(f"  sw cache      {info['cache_version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
