"""The project's own house rules: one version number, a LICENSE that matches pyproject.toml, a typed package."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import kingsburg

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_one_version_number() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "kingsburg.__version__"}
    assert importlib.metadata.version("kingsburg") == kingsburg.__version__  # the installed engine agrees


def test_the_license_file_matches_pyproject() -> None:
    assert PYPROJECT["project"]["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_the_package_is_typed() -> None:
    assert (ROOT / "kingsburg" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["kingsburg"]
