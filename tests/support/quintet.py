"""Reading the quintet case files (tests/data/quintet-cases) for the solver tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from solver import Board

CASES = Path(__file__).parent.parent / "data" / "quintet-cases"


@dataclass(frozen=True)
class Case:
    name: str
    mode: str
    limit: int | None
    tags: tuple[str, ...]
    expect: str
    board: Board

    @property
    def proven(self) -> bool:
        return self.expect != "disproven"

    @property
    def goal(self) -> str:
        # quintet's vct_dfpns lets the attacker use threats of any kind (threat_limit
        # bounds them): that is this project's "tsume" class.
        return "vcf" if self.mode == "vcf" else "tsume"


def load(name: str) -> Case:
    header: dict[str, str] = {}
    rows: list[str] = []
    in_board = False
    for line in (CASES / f"{name}.txt").read_text().splitlines():
        if in_board:
            if line.strip():
                rows.append(line)
        elif line.startswith("board:"):
            in_board = True
        elif line.strip() and not line.startswith("#"):
            key, value = line.split(":", 1)
            header[key.strip()] = value.strip()
    attacker = "black" if header["attacker"] == "o" else "white"
    board = Board.from_diagram("\n".join(rows), attacker, black="o", white="x")
    limit = int(header["limit"])
    return Case(
        name=name,
        mode=header["mode"],
        limit=None if limit >= 255 else limit,
        tags=tuple(header["tags"].split()),
        expect=header["expect"],
        board=board,
    )


def names() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.txt"))
