"""The engine contract (``solver.engine.contract``): both twins satisfy it, and the
constants Cython needs at compile time (``contract.pxd``) are the Python module's."""

from __future__ import annotations

from pathlib import Path

from support.pxd import c_number, pxd_defines

from solver.engine import contract
from solver.engine.backend import core_class
from solver.rules.geometry import DIRECTIONS
from solver.rules.notation import SIZE

ROOT = Path(__file__).resolve().parent.parent.parent


def test_pxd_constants_are_the_python_ones() -> None:
    defines = pxd_defines(ROOT / "solver" / "engine" / "contract.pxd")
    assert defines.keys() == {"SIDE_SALT"}
    assert c_number(defines["SIDE_SALT"]) == contract.SIDE_SALT


def test_step_table_follows_the_directions() -> None:
    assert tuple(dx + SIZE * dy for dx, dy in DIRECTIONS) == contract.STEP


def test_both_twins_satisfy_the_protocol(compiled: bool) -> None:
    core = core_class(compiled)(0)
    assert isinstance(core, contract.EngineCore)
    assert isinstance(core.copy(), contract.EngineCore)


def test_codes_crossing_the_contract(compiled: bool) -> None:
    core = core_class(compiled)(contract.RuleCode.RENJU)
    assert core.get(112) == contract.Stone.EMPTY
    core.put(112, contract.Stone.BLACK)
    assert core.get(112) == contract.Stone.BLACK
    # a black overline point: h8 and five more in a row but for one gap
    for p in (113, 114, 116, 117):
        core.put(p, contract.Stone.BLACK)
    assert core.forbidden(115) == contract.Forbidden.OVERLINE
    status, _line, _ = core.vcf(contract.Stone.WHITE, 5, 10_000, False)
    assert status in set(contract.Status)
