"""One install, the whole product: the trainer's Textual is a plain dependency, the old
``[tui]`` extra still resolves, and the licence the metadata states is shipped."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_textual_is_a_plain_dependency_and_the_tui_extra_an_empty_alias() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("textual") for d in project["dependencies"])
    assert project["optional-dependencies"]["tui"] == []  # old install lines still work


def test_the_mit_licence_is_there() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the renju-tsume authors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
