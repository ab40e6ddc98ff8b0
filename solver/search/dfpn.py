"""Depth-first proof-number search (df-pn): the one in use, ``DfPn``.

Two implementations give the same nodes in the same order and the same answers (tested,
see ``docs/engine.md``): ``PureDfPn`` (``solver/search/dfpn_ref.py``), the whole search
in Python and the reference, and ``CompiledDfPn``, the same class with its loop and node
expansions compiled (``solver/search/dfpn_fast.pyx``), defined whenever the extension is
built. ``DfPn`` is the compiled one with the compiled core, else the reference. What both
share (keys, constants, ``Stopped``) is in ``solver/search/dfpn_shared.py`` and
re-exported here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from solver.engine.backend import COMPILED
from solver.search.dfpn_ref import PureDfPn
from solver.search.dfpn_shared import (
    INF,
    Stopped,
    child_code,
    final_kind,
    node_key,
    paused_gc,
)

__all__ = [
    "INF",
    "CompiledDfPn",
    "DfPn",
    "PureDfPn",
    "Stopped",
    "child_code",
    "final_kind",
    "node_key",
    "paused_gc",
]

if TYPE_CHECKING:
    CompiledDfPn = PureDfPn
    DfPn = PureDfPn
else:
    # defined whenever the extension is built (tests compare it with the pure loop even
    # under RENJU_PURE=1); used only with the compiled core
    CompiledDfPn = None
    try:
        # (by name: the package's __init__ re-exports the API, which imports this module)
        dfpn_fast = importlib.import_module("solver.search.dfpn_fast")

        class CompiledDfPn(dfpn_fast.Loop, PureDfPn):
            """``PureDfPn`` with its loop and expansions compiled: the same nodes in
            the same order, the same answers."""

            _entry_class = dfpn_fast.Entry

    except ImportError:  # pragma: no cover - depends on the build
        pass
    DfPn = CompiledDfPn if COMPILED and CompiledDfPn is not None else PureDfPn
