"""Choose the engine core: the compiled extension when built, else pure Python.

Set ``RENJU_PURE=1`` in the environment to force the pure-Python core. Both provide the
same ``Core`` class and give identical answers: both satisfy
``solver.engine.contract.EngineCore`` (mypy checks it below, the twin tests check the
answers and node counts; ``docs/engine.md``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, cast

__all__ = ["COMPILED", "Core", "core_class", "pure_core_class"]

if TYPE_CHECKING:
    from solver.engine import core_fast as _fast
    from solver.engine.contract import EngineCore
    from solver.engine.search_ref import SearchCore as Core

    # the contract, checked by mypy: both twins satisfy it
    _REFERENCE: type[EngineCore] = Core
    _COMPILED: type[EngineCore] = _fast.Core

COMPILED = False
if os.environ.get("RENJU_PURE", "") in ("", "0"):
    try:
        from solver.engine import core_fast  # type: ignore[attr-defined,unused-ignore]

        COMPILED = True
    except ImportError:  # pragma: no cover - depends on the build
        pass

if not TYPE_CHECKING:
    if COMPILED:
        Core = core_fast.Core
    else:
        # (the reference core builds its tables at import: only when it is the one in use)
        from solver.engine.search_ref import SearchCore as Core


def core_class(compiled: bool | None = None) -> type[Core]:
    """The core class in use; ``compiled=True/False`` asks for one path explicitly.

    Raises:
        RuntimeError: if the compiled core is asked for but not built.
    """
    if compiled is None:
        return Core
    if compiled:
        try:
            from solver.engine import core_fast as compiled_module  # type: ignore[attr-defined,unused-ignore]
        except ImportError as exc:
            raise RuntimeError("the compiled core (solver.engine.core_fast) is not built") from exc
        # (the twin of the reference Core: the same contract, checked above)
        return cast("type[Core]", compiled_module.Core)
    return pure_core_class()


def pure_core_class() -> type[Core]:
    """The pure-Python core class (imported on first use: it builds tables at import)."""
    from solver.engine.search_ref import SearchCore

    return SearchCore
