"""The df-pn constants the compiled loop needs at compile time
(``solver/search/dfpn_shared.pxd``) are the Python module's (``dfpn_shared.py``)."""

from __future__ import annotations

from pathlib import Path

from support.pxd import c_number, pxd_defines, pxd_enum

from solver.rules.notation import NPOINTS
from solver.search import dfpn_shared

PXD = Path(__file__).resolve().parent.parent.parent / "solver" / "search" / "dfpn_shared.pxd"


def test_compile_time_constants_are_the_python_ones() -> None:
    defines = pxd_defines(PXD)
    assert defines.keys() == {"INF", "EPSILON"}
    assert c_number(defines["INF"]) == dfpn_shared.INF
    assert c_number(defines["EPSILON"]) == dfpn_shared.EPSILON
    assert pxd_enum(PXD) == {
        "HIDDEN_AFTER": dfpn_shared.HIDDEN_AFTER,
        "MAX_R": dfpn_shared.MAX_R,
        "AFTER_FOUR": dfpn_shared.AFTER_FOUR,
        "BOOK_MAX_R": dfpn_shared.BOOK_MAX_R,
        "BOOK_VCF_DEPTH": dfpn_shared.BOOK_VCF_DEPTH,
        "DEPENDENT_REACH": dfpn_shared.DEPENDENT_REACH,
        "DEPENDENT_NEAR": dfpn_shared.DEPENDENT_NEAR,
        "NPOINTS": NPOINTS,
    }
