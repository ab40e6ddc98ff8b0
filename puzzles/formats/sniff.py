"""The formats' sniffers: whether the first bytes of a file look like each format
(:func:`puzzles.io.detect_format` asks them in turn). They live apart from the readers,
which re-export them, so that telling a native file from the others imports no other
reader (a quick ``renju solve FILE#N``: ``docs/performance.md``, start-up).
"""

from __future__ import annotations

import re

from solver.rules.notation import NPOINTS

__all__ = [
    "MAGIC",
    "looks_like_pos",
    "looks_like_psq",
    "looks_like_renlib",
    "looks_like_rif",
    "looks_like_sgf",
]

MAGIC = b"\xffRenLib\xff"
"""The first bytes of a RenLib file (:mod:`puzzles.formats.renlib`)."""


def looks_like_renlib(data: bytes) -> bool:
    """Sniff: the RenLib header (a headerless file cannot be told apart from other bytes)."""
    return data.startswith(MAGIC)


def looks_like_pos(data: bytes) -> bool:
    """Sniff: a count N, at least N move bytes, no repeated point among them."""
    if not data or not 1 <= data[0] <= NPOINTS or len(data) < data[0] + 1:
        return False
    pts = [b for b in data[1 : data[0] + 1] if b < NPOINTS]
    moves = data[1 : data[0] + 1]
    return len(set(pts)) == len(pts) and all(b < NPOINTS or b == 0xF0 for b in moves)


def looks_like_psq(head: bytes) -> bool:
    """Sniff: the ``Piskvorky`` header."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"Piskvorky")


def looks_like_rif(head: bytes) -> bool:
    """Sniff: an XML declaration or a ``<database`` element near the start."""
    h = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return h.startswith(b"<?xml") or h.startswith(b"<database")


def looks_like_sgf(head: bytes) -> bool:
    """Sniff: ``(`` then ``;`` at the start (after a BOM and spaces)."""
    return re.match(rb"(\xef\xbb\xbf)?\s*\(\s*;", head) is not None
