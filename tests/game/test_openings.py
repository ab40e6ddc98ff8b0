"""The 26 openings: names and moves as OPENINGS.md lists them, recognised under the 8
symmetries, and nothing else recognised."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.game.errors import OpeningError
from solver.game.openings import OPENINGS, centre_distance, opening_by_code, opening_of
from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import CENTER, NPOINTS, format_moves, parse_moves

# (code, name, japanese, moves) as the reference lists them
TABLE = [
    ("D1", "Kansei", "寒星", "h8 h9 h10"),
    ("D2", "Keigetsu", "渓月", "h8 h9 i10"),
    ("D3", "Sosei", "疎星", "h8 h9 j10"),
    ("D4", "Kagetsu", "花月", "h8 h9 i9"),
    ("D5", "Zangetsu", "残月", "h8 h9 j9"),
    ("D6", "Ugetsu", "雨月", "h8 h9 i8"),
    ("D7", "Kinsei", "金星", "h8 h9 j8"),
    ("D8", "Shogetsu", "松月", "h8 h9 h7"),
    ("D9", "Kyugetsu", "丘月", "h8 h9 i7"),
    ("D10", "Shingetsu", "新月", "h8 h9 j7"),
    ("D11", "Zuisei", "瑞星", "h8 h9 h6"),
    ("D12", "Sangetsu", "山月", "h8 h9 i6"),
    ("D13", "Yusei", "遊星", "h8 h9 j6"),
    ("I1", "Chosei", "長星", "h8 i9 j10"),
    ("I2", "Kyogetsu", "峡月", "h8 i9 j9"),
    ("I3", "Kosei", "恒星", "h8 i9 j8"),
    ("I4", "Suigetsu", "水月", "h8 i9 j7"),
    ("I5", "Ryusei", "流星", "h8 i9 j6"),
    ("I6", "Ungetsu", "雲月", "h8 i9 i8"),
    ("I7", "Hogetsu", "浦月", "h8 i9 i7"),
    ("I8", "Rangetsu", "嵐月", "h8 i9 i6"),
    ("I9", "Gingetsu", "銀月", "h8 i9 h7"),
    ("I10", "Myojo", "明星", "h8 i9 h6"),
    ("I11", "Shagetsu", "斜月", "h8 i9 g7"),
    ("I12", "Meigetsu", "名月", "h8 i9 g6"),
    ("I13", "Suisei", "彗星", "h8 i9 f6"),
]


def test_the_table_is_the_references() -> None:
    got = [(o.code, o.name, o.japanese, format_moves(o.moves)) for o in OPENINGS]
    assert got == TABLE


@pytest.mark.parametrize("code", [row[0] for row in TABLE])
@pytest.mark.parametrize("sym", range(len(SYMMETRIES)), ids=SYMMETRIES)
def test_every_opening_under_every_symmetry(code: str, sym: int) -> None:
    opening = opening_by_code(code)
    moves = [transform_point(p, sym) for p in opening.moves]
    assert moves[0] == CENTER  # every symmetry keeps h8
    assert opening_of(moves) is opening
    # later moves do not matter
    assert opening_of([*moves, transform_point(0, sym), None, 224]) is opening


def test_every_legal_start_is_exactly_one_opening() -> None:
    """h8, a neighbour, a point of the 5x5 square: 8 x 23 = 184 starts, each one of the
    26, each opening met 4 times (symmetric about its own axis) or 8."""
    seen: dict[str, int] = {}
    for second in range(NPOINTS):
        if centre_distance(second) != 1:
            continue
        for third in range(NPOINTS):
            if centre_distance(third) > 2 or third in (CENTER, second):
                continue
            opening = opening_of([CENTER, second, third])
            assert opening is not None
            seen[opening.code] = seen.get(opening.code, 0) + 1
    assert sum(seen.values()) == 184 and len(seen) == 26
    # D1 (h10 on the axis through h9) is its own mirror image; D2 is not
    assert seen["D1"] == 4 and seen["D2"] == 8 and seen["I1"] == 4 and seen["I7"] == 8


@pytest.mark.parametrize(
    "moves",
    [
        "h9 h8 j10",  # the first move off the centre
        "h8 h10 j10",  # the second move not next to h8
        "h8 h9 k11",  # the third move outside the 5x5 square
        "h8 pass j10",
        "h8 h9 pass",
        "h8 h9",
        "",
    ],
)
def test_not_an_opening(moves: str) -> None:
    assert opening_of(moves) is None


def test_a_direct_and_an_indirect_opening_never_meet() -> None:
    """A diagonal second move is never read as a direct opening (nor the reverse)."""
    assert opening_of("h8 g9 g10").code == "I2"  # h8 i9 j9 in the diagonal, then left-right
    assert opening_of("h8 g8 g9").code == "D4"  # h8 h9 i9 turned a quarter anticlockwise


@given(st.sampled_from(OPENINGS), st.integers(0, 7))
def test_symmetric_images_keep_the_code(opening: object, sym: int) -> None:
    assert isinstance(opening, type(OPENINGS[0]))
    moves = [transform_point(p, sym) for p in opening.moves]
    found = opening_of(format_moves(moves))
    assert found is not None and found.code == opening.code
    assert found.direct == (abs(moves[1] - CENTER) in (1, 15))


def test_codes_by_name_and_errors() -> None:
    assert opening_by_code("i7").name == "Hogetsu"
    assert not opening_by_code("D13").playable and opening_by_code("D12").playable
    with pytest.raises(OpeningError, match="'X9'"):
        opening_by_code("X9")
    assert parse_moves("h8 i9 i7") == list(opening_by_code("I7").moves)
    assert opening_by_code("I7").to_json() == {"code": "I7", "name": "Hogetsu", "japanese": "浦月"}
