"""``RENJU_EXAMPLES`` scales the examples of the differential tests (a longer hunt)."""

from __future__ import annotations

import pytest
from support.fixtures import examples


def test_examples_default_is_the_number_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RENJU_EXAMPLES", raising=False)
    assert examples(60) == 60


@pytest.mark.parametrize(
    ("scale", "n", "want"), [("20", 60, 1200), ("0.1", 60, 6), ("0.01", 15, 1)]
)
def test_examples_scaled(monkeypatch: pytest.MonkeyPatch, scale: str, n: int, want: int) -> None:
    monkeypatch.setenv("RENJU_EXAMPLES", scale)
    assert examples(n) == want


@pytest.mark.parametrize("scale", ["0", "-2", "many", "nan"])
def test_examples_bad_scale_is_an_error_quoting_it(
    monkeypatch: pytest.MonkeyPatch, scale: str
) -> None:
    monkeypatch.setenv("RENJU_EXAMPLES", scale)
    with pytest.raises(ValueError, match=repr(scale)):
        examples(10)
