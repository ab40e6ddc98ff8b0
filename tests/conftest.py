"""Shared fixtures: every engine test runs on the compiled and the pure-Python core.

When the extension is not built the compiled variants are skipped, unless
``RENJU_REQUIRE_COMPILED=1`` (set by CI), which turns a missing build into a failure.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from support.fixtures import compiled_available

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(params=[True, False], ids=["compiled", "pure"])
def compiled(request: pytest.FixtureRequest) -> bool:
    """``True`` for the compiled core, ``False`` for pure Python."""
    flag: bool = request.param
    if flag and not compiled_available():
        if os.environ.get("RENJU_REQUIRE_COMPILED") == "1":
            pytest.fail("the compiled core is required (RENJU_REQUIRE_COMPILED=1) but not built")
        pytest.skip("compiled core not built")
    return flag
