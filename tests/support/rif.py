"""RenjuNet ``.rif`` databases written for tests (and the 100 MB measurement)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from solver.rules.notation import format_moves

__all__ = ["rif_text", "write_rif"]

HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n<database>\n'
    '<players><player id="1" name="Ann" surname="Lee"/>'
    '<player id="2" name="Bo" surname="Kim"/></players>\n<games>\n'
)
TAIL = "</games>\n</database>\n"


def rif_text(games: Iterable[str | Sequence[int | None]], first_id: int = 100) -> str:
    """A database of ``games`` (move lists, or move text as written in the file)."""
    rows = []
    for i, game in enumerate(games):
        moves = game if isinstance(game, str) else format_moves(game)
        rows.append(
            f'<game id="{first_id + i}" black="1" white="2" bresult="1">'
            f"<move>{moves}</move></game>\n"
        )
    return HEAD + "".join(rows) + TAIL


def write_rif(path: Path, games: Iterable[str | Sequence[int | None]], first_id: int = 100) -> Path:
    """Write :func:`rif_text` to ``path``; return ``path``."""
    path.write_text(rif_text(games, first_id), encoding="utf-8")
    return path
