"""Build the engine wheel with ``pyodide build``, offline (standard library only).

    python -m tools.pyodide_wheel setup     # find a Python >= 3.12, make the pyodide-build venv (PyPI)
    python -m tools.pyodide_wheel SRC OUT   # build SRC's wheel into OUT (what tools/build_site.py does)

pyodide-build needs a Python >= 3.12 on the host and a cross-build environment ("xbuildenv"), which it
downloads from the internet by default. A pure ``py3-none-any`` wheel needs only the environment's
metadata, so it is assembled here from the npm ``pyodide`` package the site already ships (the same
versions by construction) and handed over through ``PYODIDE_ROOT``; ``SKIP_EMSCRIPTEN_VERSION_CHECK``
stops pyodide-build fetching an Emscripten it does not need for pure Python. The build runs without
isolation, with the setuptools pinned in ``tools/pyodide-build.txt``, so nothing is fetched at build time
and the wheel is byte-identical for the same sources (``SOURCE_DATE_EPOCH`` is fixed by the caller).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL_DIR = ROOT / ".cache" / "pyodide-build"
VENV = TOOL_DIR / "venv"
REQUIREMENTS = ROOT / "tools" / "pyodide-build.txt"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
MIN_PYTHON = (3, 12)
SYSCONFIG = "_sysconfigdata__emscripten_wasm32-emscripten.py"

# The variables pyodide-build reads from the environment's Makefile.envs (through `make .output_vars`);
# the paths follow Pyodide's own layout. The values come from npm's pyodide-lock.json.
MAKEFILE_ENVS = """\
# Written by tools/pyodide_wheel.py from node_modules/pyodide (pure-Python builds only: no headers, no libs).
export PYVERSION ?= {python}
export PYMAJOR = {major}
export PYMINOR = {minor}
export PYMICRO = {micro}
export PYODIDE_VERSION ?= {pyodide}
export PYODIDE_EMSCRIPTEN_VERSION ?= {emscripten}
export PYODIDE_ABI_VERSION ?= {abi}
export PLATFORM_TRIPLET = wasm32-emscripten
export SYSCONFIG_NAME = _sysconfigdata__emscripten_$(PLATFORM_TRIPLET)
export CPYTHONINSTALL = $(PYODIDE_ROOT)/cpython/installs/python-$(PYVERSION)
export TARGETINSTALLDIR = $(CPYTHONINSTALL)
export SYSCONFIGDATA_DIR = $(CPYTHONINSTALL)/sysconfigdata
export PYTHONINCLUDE = $(CPYTHONINSTALL)/include/python$(PYMAJOR).$(PYMINOR)
export HOSTINSTALLDIR = $(PYODIDE_ROOT)/packages/.artifacts
export HOSTSITEPACKAGES = $(HOSTINSTALLDIR)/lib/python$(PYMAJOR).$(PYMINOR)/site-packages

.output_vars:
\tset
"""


class WheelError(RuntimeError):
    """The wheel cannot be built; the message says what to install or run."""


def python_version(exe: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [exe, "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    major, minor = out.stdout.split()
    return int(major), int(minor)


def candidates() -> list[str]:
    """Pythons to try, best first: $PYODIDE_BUILD_PYTHON, then python3.X on PATH, then pyenv's installs."""
    found = []
    if os.environ.get("PYODIDE_BUILD_PYTHON"):
        found.append(os.environ["PYODIDE_BUILD_PYTHON"])
    for minor in range(20, MIN_PYTHON[1] - 1, -1):
        exe = shutil.which(f"python3.{minor}")
        if exe:
            found.append(exe)
    pyenv_root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    # Newest first; pre-releases and free-threaded builds ("3.13.0t") sort with their release.
    for path in sorted(glob.glob(f"{pyenv_root}/versions/3.*/bin/python3"), reverse=True):
        found.append(path)
    found += [exe for exe in (shutil.which("python3"), sys.executable) if exe]
    return list(dict.fromkeys(found))


def find_python() -> str:
    for exe in candidates():
        version = python_version(exe)
        if version and version >= MIN_PYTHON:
            return exe
    raise WheelError(
        "pyodide-build needs Python 3.12 or later, and none was found (tried $PYODIDE_BUILD_PYTHON, python3.12+"
        " on PATH, pyenv's versions, python3). Install one, e.g. `pyenv install 3.12` or"
        " `apt-get install python3.12 python3.12-venv` (Debian 13+ / Ubuntu 24.04+), or point"
        " PYODIDE_BUILD_PYTHON at one; then run `make site` again."
    )


def venv_python() -> Path:
    return VENV / "bin" / "python"


def setup() -> None:
    """Make the tool venv with pyodide-build and the build backend, pinned, from PyPI."""
    exe = find_python()
    if not venv_python().exists():
        subprocess.run([exe, "-m", "venv", "--clear", str(VENV)], check=True)
    pip = [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", str(REQUIREMENTS)], check=True)
    print(f"pyodide-build ready in {VENV.relative_to(ROOT)} (Python {'.'.join(map(str, python_version(exe)))})")


def write_xbuildenv(dest: Path) -> Path:
    """Assemble a cross-build environment for pure wheels from node_modules/pyodide; return its pyodide-root."""
    lock_path = PYODIDE_NPM / "pyodide-lock.json"
    if not lock_path.is_file():
        raise WheelError(f"missing {lock_path}: run `make setup` (npm ci) to install pyodide")
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    info = lock["info"]
    python = info["python"]
    major, minor, micro = python.split(".")
    package = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))
    shutil.rmtree(dest, ignore_errors=True)
    root = dest / "xbuildenv" / "pyodide-root"
    install = root / "cpython" / "installs" / f"python-{python}"
    (root / "dist").mkdir(parents=True)
    (install / "sysconfigdata").mkdir(parents=True)
    for sub in ("", "cpython", "internal"):
        (install / "include" / f"python{major}.{minor}" / sub).mkdir(parents=True, exist_ok=True)
    (dest / "xbuildenv" / "requirements.txt").write_text("", encoding="utf-8")
    shutil.copy2(lock_path, root / "dist" / "pyodide-lock.json")
    (root / "package.json").write_text(json.dumps({"name": "pyodide", "version": package["version"]}) + "\n")
    with zipfile.ZipFile(PYODIDE_NPM / "python_stdlib.zip") as stdlib:
        (install / "sysconfigdata" / SYSCONFIG).write_bytes(stdlib.read(SYSCONFIG))
    envs = MAKEFILE_ENVS.format(
        python=python,
        major=major,
        minor=minor,
        micro=micro,
        pyodide=package["version"],
        emscripten=info["platform"].removeprefix("emscripten_").replace("_", "."),
        abi=info["abi_version"],
    )
    (root / "Makefile.envs").write_text(envs, encoding="utf-8")
    return root


def build(src: Path, out: Path, env: dict[str, str]) -> Path:
    """Build ``src``'s wheel into ``out`` with ``pyodide build``; return the wheel's path."""
    pyodide = VENV / "bin" / "pyodide"
    if not pyodide.exists():
        raise WheelError(f"pyodide-build is not installed in {VENV.relative_to(ROOT)}: run `make setup`")
    if shutil.which("make") is None:
        raise WheelError("pyodide-build reads its environment with `make`: install it (apt-get install make)")
    pyodide_root = write_xbuildenv(out.parent / "xbuildenv-root")
    env = {
        **env,
        "PYODIDE_ROOT": str(pyodide_root),
        "SKIP_EMSCRIPTEN_VERSION_CHECK": "1",
        # Belt and braces: nothing may be fetched while building (an isolated build would try).
        "PIP_NO_INDEX": "1",
    }
    cmd = [str(pyodide), "build", "--no-isolation", "--outdir", str(out), str(src)]
    proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise WheelError(f"`{' '.join(cmd)}` failed, exit {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise WheelError(f"expected one wheel in {out}, found {[w.name for w in wheels]}\n{proc.stdout}")
    return wheels[0]


def main(argv: list[str]) -> int:
    try:
        if argv == ["setup"]:
            setup()
        elif len(argv) == 2:
            env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "1704067200")}
            print(build(Path(argv[0]).resolve(), Path(argv[1]).resolve(), env))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (WheelError, subprocess.CalledProcessError) as err:
        print(f"pyodide_wheel: error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
