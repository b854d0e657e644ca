"""The built site as files and as served (no browser): names, config, precache list, MIME types."""

from __future__ import annotations

import json
import re
import tomllib
import urllib.request
from pathlib import Path

import pytest

from tools.build_site import build_wheel, hashed_wheel_name, sha256_file
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parents[2]
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


def test_config_points_at_the_site_own_runtime_and_wheel(site: Path) -> None:
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert config["packages_cache"] == "passthrough"
    [wheel] = config["packages"]
    assert WHEEL_NAME.match(Path(wheel).name), wheel
    assert (site / wheel).is_file()
    assert wheel.endswith(sha256_file(site / wheel)[:8] + "-py3-none-any.whl")


def test_service_worker_precaches_every_file(site: Path) -> None:
    text = (site / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.DOTALL).group(1))
    files = sorted(f"./{p.relative_to(site).as_posix()}" for p in site.rglob("*") if p.is_file())
    assert sorted(precache) == sorted([*(f for f in files if f != "./sw.js"), "./"])
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text)
    assert version, "the cache version is not a content hash"


def test_engine_wheel_builds_byte_identical(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build_wheel(ROOT, tmp_path / "a")
    second = build_wheel(ROOT, tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()


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
