"""Fixtures of the ``renju generate`` database tests: a .rif database and the output of
one uninterrupted ``--jobs 1`` run over it."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.mining import ARGS, GAMES, Mining
from support.rif import write_rif

from solver.cli import main


@pytest.fixture(scope="module")
def mining_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A .rif database of :data:`support.mining.GAMES` (ids 100, 101, ...)."""
    return write_rif(tmp_path_factory.mktemp("db") / "games.rif", GAMES)


@pytest.fixture(scope="module")
def mining_expected(tmp_path_factory: pytest.TempPathFactory, mining_db: Path) -> str:
    """The output of ``renju generate --jobs 1`` over :func:`mining_db`."""
    out = tmp_path_factory.mktemp("expected") / "out.renju"
    assert main(["generate", str(out), "--games", str(mining_db), *ARGS, "--jobs", "1"]) == 0
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def mining(mining_db: Path, mining_expected: str) -> Mining:
    """:func:`mining_db` and :func:`mining_expected` together."""
    return Mining(mining_db, mining_expected)
