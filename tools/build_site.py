"""Build the self-contained static site in ``_site/`` (standard library only).

The result works when copied to any static host under any sub-path: every URL inside it is relative,
and PyScript, Pyodide and the engine wheel are all served from the site itself.

    python tools/build_site.py [--out _site]

Steps: build the engine wheel reproducibly (``python -m build --wheel`` with a fixed
``SOURCE_DATE_EPOCH``), name it after a hash of its bytes, copy the PyScript and Pyodide runtime files
from ``node_modules/``, render ``pyscript.toml`` and the service worker, and check the result.
Any missing input stops the build with a message saying what to run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Any fixed value makes wheel rebuilds byte-identical (zip entry times come from it): 2024-01-01 UTC.
SOURCE_DATE_EPOCH = "1704067200"

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
SW_VERSION_TOKEN = '/*@VERSION@*/ "dev"'
SW_PRECACHE_TOKEN = "/*@PRECACHE@*/ []"

# The published site must never reach another origin.
EXTERNAL_URL = re.compile(r"""(?:https?:|["'(])//[a-z0-9.-]+""", re.IGNORECASE)
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


def build_wheel(root: Path, scratch: Path) -> Path:
    """Build the engine's pure wheel from a clean copy of its sources and return its path."""
    src = scratch / "src"
    src.mkdir()
    for name in WHEEL_SOURCES:
        path = require(root / name, "the engine package sources are incomplete")
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, src / name)
    for name in WHEEL_OPTIONAL_SOURCES:
        if (root / name).is_file():
            shutil.copy2(root / name, src / name)
    out = scratch / "dist"
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(src)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise BuildError(
            f"wheel build failed ({' '.join(cmd)}), exit {proc.returncode}:\n{proc.stdout}\n{proc.stderr}\n"
            "Is the `build` package installed? Run `make setup`."
        )
    wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one wheel in {out}, found {[w.name for w in wheels]}")
    if not wheels[0].name.endswith("-py3-none-any.whl"):
        raise BuildError(f"{wheels[0].name} is not a pure py3-none-any wheel; Pyodide needs a pure wheel")
    return wheels[0]


def hashed_wheel_name(wheel_name: str, digest: str) -> str:
    """``kingsburg-0.1.0-py3-none-any.whl`` -> ``kingsburg-0.1.0+<hash8>-py3-none-any.whl``.

    The hash goes into the local version label, so the name stays a valid wheel file name (Pyodide
    reads the distribution name and version from it) and changes whenever the wheel's bytes change.
    """
    name, version, rest = wheel_name.split("-", 2)
    version = f"{version}.{digest[:8]}" if "+" in version else f"{version}+{digest[:8]}"
    return f"{name}-{version}-{rest}"


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


def render_config(root: Path, site: Path, wheel_url: str) -> None:
    template = require(root / "pyscript.toml", "the page configuration is missing").read_text(encoding="utf-8")
    if template.count(WHEEL_PLACEHOLDER) != 1:
        raise BuildError(f"pyscript.toml must contain {WHEEL_PLACEHOLDER!r} exactly once (the engine wheel)")
    text = template.replace(WHEEL_PLACEHOLDER, wheel_url)
    config = tomllib.loads(text)
    if config.get("interpreter") != "./pyodide/pyodide.mjs":
        raise BuildError('pyscript.toml: interpreter must be "./pyodide/pyodide.mjs" (the copied Pyodide)')
    if wheel_url not in config.get("packages", []):
        raise BuildError("pyscript.toml: the engine wheel must be listed in packages")
    if config.get("packages_cache") != "passthrough":
        raise BuildError('pyscript.toml: packages_cache must be "passthrough" (no micropip on the site)')
    (site / "pyscript.toml").write_text(text, encoding="utf-8")


def copy_page(root: Path, site: Path) -> None:
    shutil.copy2(require(root / "index.html", "the page is missing"), site / "index.html")
    web = require(root / "web", "the page's web/ folder is missing")
    shutil.copytree(web, site / "web", ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "sw.js"))


def site_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.is_file())


def render_service_worker(root: Path, site: Path) -> str:
    """Write ``sw.js`` precaching every file of the site; return the cache version (a content hash)."""
    template = require(root / "web" / "sw.js", "the service worker template is missing").read_text("utf-8")
    for token in (SW_VERSION_TOKEN, SW_PRECACHE_TOKEN):
        if template.count(token) != 1:
            raise BuildError(f"web/sw.js must contain {token!r} exactly once")
    files = site_files(site)
    digest = hashlib.sha256()
    for path in files:
        rel = path.relative_to(site).as_posix()
        digest.update(f"{rel}\0{sha256_file(path)}\n".encode())
    version = digest.hexdigest()[:16]
    # "./" is what a visitor navigates to; it is the same document as ./index.html.
    urls = ["./", *(f"./{p.relative_to(site).as_posix()}" for p in files)]
    text = template.replace(SW_VERSION_TOKEN, json.dumps(version)).replace(
        SW_PRECACHE_TOKEN, json.dumps(urls, indent=2)
    )
    (site / "sw.js").write_text(text, encoding="utf-8")
    return version


def check_site(site: Path, wheel_rel: str) -> None:
    """Fail on missing references and on any URL that would leave the site's origin."""
    own_text = [site / "index.html", site / "pyscript.toml", site / "sw.js"]
    own_text += [p for p in site_files(site / "web") if p.suffix in {".py", ".css", ".js", ".html", ".webmanifest"}]
    for path in own_text:
        text = path.read_text(encoding="utf-8")
        match = EXTERNAL_URL.search(text)
        if match:
            raise BuildError(f"{path.relative_to(site)} refers to another origin: {match.group(0)!r}")
    for ref in LOCAL_REF.findall((site / "index.html").read_text(encoding="utf-8")):
        if ref.startswith("/"):
            raise BuildError(f"index.html uses an absolute path {ref!r}; use ./ relative URLs")
        if not (site / ref).resolve().is_file():
            raise BuildError(f"index.html refers to {ref!r}, which is not in the site")
    manifest = json.loads((site / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest.get("icons", []):
        if not (site / "web" / icon["src"]).is_file():
            raise BuildError(f"manifest icon {icon['src']!r} is missing from web/")
    require(site / wheel_rel, "internal error: the wheel was not copied")


def build(root: Path, out: Path) -> dict[str, str]:
    # Build beside the output, swap in at the end: a failed build never leaves a half-built site.
    # (.cache/ is git-ignored, so an interrupted build leaves no stray folder in `git status`.)
    staging = out.parent / ".cache" / f"{out.name}.building"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        with tempfile.TemporaryDirectory(prefix="kingsburg-wheel-") as scratch:
            wheel = build_wheel(root, Path(scratch))
            digest = sha256_file(wheel)
            wheel_rel = f"wheels/{hashed_wheel_name(wheel.name, digest)}"
            (staging / "wheels").mkdir()
            shutil.copyfile(wheel, staging / wheel_rel)
        copy_runtime(root, staging)
        copy_page(root, staging)
        render_config(root, staging, f"./{wheel_rel}")
        version = render_service_worker(root, staging)
        check_site(staging, wheel_rel)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    return {"wheel": wheel_rel, "wheel_sha256": digest, "cache_version": version}


# Everything the site is built from; a newer file in any of them makes the site stale.
SITE_SOURCES = (
    "kingsburg",
    "web",
    "index.html",
    "pyscript.toml",
    "pyproject.toml",
    "README.md",
    "package-lock.json",
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


def ensure_site(root: Path = ROOT, out: Path | None = None) -> Path:
    """Build the site unless it is up to date; return its folder. Raises BuildError on failure."""
    out = out or root / "_site"
    if is_stale(root, out):
        build(root, out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    args = parser.parse_args(argv)
    try:
        info = build(ROOT, args.out.resolve())
    except BuildError as err:
        print(f"build_site: error: {err}", file=sys.stderr)
        return 1
    files = site_files(args.out)
    size = sum(p.stat().st_size for p in files)
    print(f"built {args.out}: {len(files)} files, {size / 1e6:.1f} MB")
    print(f"  engine wheel  {info['wheel']}")
    print(f"  sw cache      {info['cache_version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
