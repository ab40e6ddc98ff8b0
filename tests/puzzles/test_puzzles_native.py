"""Tests of the native .renju format: reading, writing, exact round trips, bad blocks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.formats.native import HEADER, format_native, format_puzzle, parse_native, pick_native
from puzzles.model import GOALS, KINDS, Puzzle, PuzzleFormatError
from solver.rules.board import Color, Rule
from solver.rules.notation import NPOINTS, format_points, parse_points

HAND_WRITTEN = """\
# my puzzles, typed by hand
ID: first
Title: Four-three
goal: VCF
attacker: white
max_moves: 2
solution: H10,h11,h12
tags: easy,  vcf
comment: line one
comment: line two
board:
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . o . . . . . . .
. . . . . . . X O . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
X . . . . . . . . . . . . . O


id: second
board:
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . . . . X . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
---
id: bad
goal: vcf
solution: z99
board:
. . .
---
id: no-board
"""


def test_reads_hand_written_blocks_and_reports_bad_ones() -> None:
    r = parse_native(HAND_WRITTEN, "mine.renju")
    assert [p.id for p in r.puzzles] == ["first", "second"]
    first, second = r.puzzles
    assert first.title == "Four-three" and first.goal == "vcf" and first.max_moves == 2
    assert first.to_move is Color.WHITE
    assert format_points(first.black) == "a1 h8"
    assert format_points(first.white) == "o1 i8 h9"  # lowercase o is white in native files
    assert format_points(first.solution) == "h10 h11 h12"
    assert first.tags == ["easy", "vcf"] and first.comment == "line one\nline two"
    assert str(first.location) == "mine.renju:2 (entry 1)"
    assert second.goal == "tsume" and second.to_move is Color.BLACK
    assert format_points(second.black) == "h8" and second.white == []
    assert [(str(loc), str(err)) for loc, err in r.errors] == [
        (
            "mine.renju:48 (entry 3)",
            "mine.renju:48 (entry 3): not a board row of 15 cells: '. . .'",
        ),
        ("mine.renju:54 (entry 4)", "mine.renju:54 (entry 4): no board diagram"),
    ]


def test_unknown_and_repeated_keys_are_errors() -> None:
    board = "board:\n" + "\n".join(["." * 15] * 15) + "\n"
    r = parse_native("golo: vcf\n" + board + "---\nid: a\nid: b\n" + board)
    assert [str(e.problem) for _, e in r.errors] == [  # type: ignore[attr-defined]
        "line 1: unknown key 'golo'",
        "line 20: key 'id' given twice",
    ]


def test_written_file_is_stable() -> None:
    text = format_native(parse_native(HAND_WRITTEN).puzzles)
    assert text.startswith(HEADER + "\nid: first\ntitle: Four-three\ntags: easy, vcf\n")
    assert "---\nid: second\ngoal: tsume\nto-move: black\nboard:\n15 . . ." in text
    assert format_native(parse_native(text).puzzles) == text
    assert parse_native(text).puzzles == parse_native(HAND_WRITTEN).puzzles


TASKS = (
    """\
id: d1
task: Defend
answer: H9, k8
goal: vcf
to-move: white
board:
"""
    + "\n".join([". " * 15] * 7 + [". . . . . . . X X X . . . . ."] + [". " * 15] * 7)
    + """
---
id: p1
rating: 1210
themes: points:four-three
task: points:four-three
answer:
board:
"""
    + "\n".join([". " * 15] * 14 + ["X . . . . . . . . . . . . . ."])
    + """
---
id: old
goal: vcf
board:
"""
    + "\n".join([". " * 15] * 14 + ["X . . . . . . . . . . . . . ."])
)


def test_tasks_read_and_write() -> None:
    d1, p1, old = parse_native(TASKS).puzzles
    assert (d1.kind, format_points(d1.answer or []), d1.to_move) == ("defend", "k8 h9", Color.WHITE)
    assert (p1.kind, p1.answer, p1.themes, p1.rating) == (
        "points:four-three",
        [],  # "answer:" alone: stated, no point
        ["points:four-three"],
        1210,
    )
    assert p1.point_kind == "four-three" and d1.point_kind is None
    assert (old.kind, old.answer, old.themes, old.rating) == ("win", None, [], None)
    text = format_native([d1, p1, old])
    assert "task: defend\nanswer: k8 h9\ngoal: vcf" in text
    assert "rating: 1210\nthemes: points:four-three\ntask: points:four-three\nanswer:\n" in text
    assert "task" not in text.split("id: old")[1]  # a win puzzle is written as before
    assert parse_native(text).puzzles == [d1, p1, old]


def test_bad_tasks_are_skipped_with_the_reason() -> None:
    board = "board:\n" + "\n".join([". " * 15] * 15)
    text = "\n---\n".join(
        [
            "task: find the win\n" + board,
            "task: points:sevens\n" + board,
            "answer: h8\n" + board,
            "task: defend\nanswer: h8 h8\n" + board,
        ]
    )
    result = parse_native(text)
    assert result.puzzles == []
    problems = [e.problem for _, e in result.errors if isinstance(e, PuzzleFormatError)]
    assert [p.split(" (")[0] for p in problems] == [
        "unknown task 'find the win'",
        "unknown task 'points:sevens'",
        "answer is stated for a defend or points task only",
        "answer 'h8 h8' names a point twice",
    ]


def test_all_fields_round_trip() -> None:
    p = Puzzle(
        black=parse_points("h8 i9"),
        white=parse_points("a15"),
        to_move=Color.WHITE,
        goal="vct",
        max_moves=5,
        solution=parse_points("j10 k11"),
        keys=parse_points("j10"),
        title="T",
        source="https://example.org/1",
        author="A. Author",
        comment="x\n\ny",
        level=3,
        tags=["a b", "c"],
        id="p-1",
        rule=Rule.FREESTYLE,
    )
    assert parse_native(format_native([p, p])).puzzles == [p, p]


_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12
).map(str.strip)


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    pts = draw(st.lists(st.integers(0, NPOINTS - 1), unique=True, max_size=30))
    cut = draw(st.integers(0, len(pts)))
    kind = draw(st.sampled_from(KINDS))
    answer = (
        None
        if kind == "win"
        else draw(st.none() | st.lists(st.integers(0, NPOINTS - 1), unique=True, max_size=6))
    )
    return Puzzle(
        black=pts[:cut],
        white=pts[cut:],
        to_move=draw(st.sampled_from([Color.BLACK, Color.WHITE])),
        goal=draw(st.sampled_from(GOALS)),
        max_moves=draw(st.none() | st.integers(1, 99)),
        solution=draw(st.lists(st.integers(0, NPOINTS - 1), max_size=5)),
        keys=draw(st.lists(st.integers(0, NPOINTS - 1), max_size=3)),
        title=draw(_text),
        author=draw(_text),
        source=draw(_text),
        id=draw(_text),
        comment="\n".join(draw(st.lists(_text, max_size=3))),
        level=draw(st.none() | st.integers(-5, 99)),
        tags=[t for t in draw(st.lists(_text, max_size=3)) if t and "," not in t],
        rule=draw(st.sampled_from(list(Rule))),
        kind=kind,
        answer=answer,
        themes=[t for t in draw(st.lists(_text, max_size=3)) if t and "," not in t],
        rating=draw(st.none() | st.integers(0, 3000)),
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(puzzles(), max_size=4))
def test_round_trip_property(ps: list[Puzzle]) -> None:
    text = format_native(ps)
    assert parse_native(text).puzzles == ps
    assert format_native(parse_native(text).puzzles) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_random_text_never_raises(text: str) -> None:
    r = parse_native(text)
    assert all(e.problem for _, e in r.errors)  # type: ignore[attr-defined]


BAD_BLOCK = "id: broken\ngoal: vcf\nboard:\nX X X not a row"


@settings(max_examples=100, deadline=None)
@given(st.lists(puzzles() | st.just(None), max_size=5), st.integers(1, 6))
def test_picking_one_puzzle_reads_as_the_whole_file(entries: list[Puzzle | None], n: int) -> None:
    """``pick_native`` (the command line's FILE#N and --puzzle ID) finds the puzzle, and
    its number, that reading every entry finds; entries after it are counted unread."""
    text = "\n---\n".join(BAD_BLOCK if p is None else format_puzzle(p) for p in entries)
    whole = parse_native(text, "f").puzzles
    picked = pick_native(text, "f", n)
    if n > len(whole):
        assert picked is None
    else:
        assert picked is not None
        puzzle, number, of = picked
        assert (puzzle, number, puzzle.location) == (whole[n - 1], n, whole[n - 1].location)
        after = len(entries) - 1 - puzzle.location.index  # type: ignore[union-attr]
        assert of == n + after and (of == len(whole) or None in entries)
    for p in whole:
        found = pick_native(text, "f", p.id)
        assert found is not None and found[0] == next(q for q in whole if q.id == p.id)
    assert (pick_native(text, "f", None) or [None])[0] == (whole[0] if whole else None)
