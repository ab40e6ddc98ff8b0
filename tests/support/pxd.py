"""Reading the compile-time constants of a ``.pxd`` (its verbatim C ``#define``s and its
``cdef enum``), to check them against the Python module they mirror."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["c_number", "pxd_defines", "pxd_enum"]


def pxd_defines(path: Path) -> dict[str, str]:
    """The ``#define``d values a .pxd declares, by their Cython names (``const T NAME
    "MACRO"``)."""
    text = path.read_text(encoding="utf-8")
    macros = dict(re.findall(r"#define (\w+) (\S+)", text))
    names = dict(re.findall(r"const [\w ]+? (\w+) \"(\w+)\"", text))
    return {name: macros[macro] for name, macro in names.items()}


def pxd_enum(path: Path) -> dict[str, int]:
    """The ``NAME = VALUE`` members of a .pxd's ``cdef enum``."""
    text = path.read_text(encoding="utf-8")
    return {n: int(v) for n, v in re.findall(r"^\s+(\w+) = (\d+)", text, flags=re.M)}


def c_number(literal: str) -> int | float:
    """A C literal's value (``0x9E37ULL``, ``2LL``, ``0.25``)."""
    if "." in literal:
        return float(literal)
    return int(re.sub(r"(?i)u?l*$", "", literal), 0)
