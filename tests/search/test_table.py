"""The compiled loop's transposition table (``solver.search.table_fast.Table``) is a dict.

The search code around the loop (memory collection, first phase, proofs) uses it as a
mapping from node keys to entries and relies on a dict's order (insertion order, a key
stored again keeping its place): its ties are broken in table order, and the compiled
and pure loops must agree on every node. So every sequence of stores, look-ups and
removals, across rebuilds (the items array full, grown or only cleared of holes), must
leave the table and a dict with the same items in the same order.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.fixtures import compiled_available


def _table_class() -> Any:
    if not compiled_available():
        if os.environ.get("RENJU_REQUIRE_COMPILED") == "1":
            pytest.fail("the compiled core is required (RENJU_REQUIRE_COMPILED=1) but not built")
        pytest.skip("compiled extensions not built")
    from solver.search.table_fast import Table

    return Table


# Node keys (``h << 9 | low``): a few, so that a key is stored, removed and looked up
# again, and probes collide (hashes that share their top bits start at the same slot,
# or their low 16 bits, the same tag); the extremes of both parts. (Rebuilds: below.)
_HASHES = [0, 1, 2, 3, (1 << 64) - 1, 1 << 63, (1 << 63) | 1, 0xFFFF, 0x1_0000, 0x2_FFFF]
_KEYS = st.sampled_from([h << 9 | low for h in _HASHES for low in (0, 1, 2, 511)])
_OPS = st.lists(
    st.tuples(st.sampled_from(["set", "set", "del", "get"]), _KEYS, st.integers(0, 9)),
    min_size=20,
    max_size=400,
)


@settings(max_examples=60)
@given(_OPS)
def test_table_behaves_as_a_dict(ops: list[tuple[str, int, int]]) -> None:
    table, model = _table_class()(), {}
    for op, key, value in ops:
        if op == "set":
            table[key] = value
            model[key] = value
        elif op == "del":
            if key in model:
                del table[key]
                del model[key]
            else:
                with pytest.raises(KeyError):
                    del table[key]
        else:
            assert table.get(key) == model.get(key)
            assert (key in table) == (key in model)
        assert len(table) == len(model)
    assert all(table.get(k) == v and k in table for k, v in model.items())
    assert list(table.items()) == list(model.items())
    assert list(table) == list(model) == table.keys()
    assert table.values() == list(model.values())


def test_table_grows_clears_its_holes_and_keeps_the_order() -> None:
    """Ten thousand keys stored (the table grows eight times), every other one removed
    and stored again (they move to the end), then half removed (holes, cleared when
    the items array fills up again)."""
    table = _table_class()()
    keys = [(i * 0x9E3779B97F4A7C15 % (1 << 64)) << 9 | (i % 7) for i in range(10_000)]
    model = {}
    for i, k in enumerate(keys):
        table[k] = model[k] = i
    for k in keys[::2]:
        del table[k]
        del model[k]
    for k in keys[::4]:
        table[k] = model[k] = -1
    for k in keys[1:5000:2]:
        del table[k]
        del model[k]
    for i in range(20_000, 26_000):
        table[i << 9] = model[i << 9] = i
    assert len(table) == len(model)
    assert list(table.items()) == list(model.items())
    assert all(table[k] == v for k, v in model.items())


def test_table_rejects_bad_keys_and_values() -> None:
    table = _table_class()({3 << 9: "x"})
    assert table.get("3") is None and "3" not in table and -1 not in table
    assert (1 << 73) not in table and table.get(1 << 73, "none") == "none"
    with pytest.raises(TypeError, match="'3'"):
        table["3"] = "y"
    with pytest.raises(ValueError, match="not None"):
        table[5] = None
    with pytest.raises(KeyError):
        table[4 << 9]
    table.clear()
    assert len(table) == 0 and list(table) == []
