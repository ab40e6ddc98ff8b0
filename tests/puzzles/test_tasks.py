"""Defence and point-finding puzzles: the engine's answer, verify's comparison with the
stated answer (positions whose answers are known by hand), and generate --kind."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from puzzles.formats.native import format_native
from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from puzzles.tasks import engine_answer
from puzzles.verify import verify_puzzle
from solver.cli.main import main
from solver.rules.board import Color
from solver.rules.games import sample_games
from solver.rules.notation import format_points, parse_points

# Black's open three h8 i8 j8, White to move: only g8 and k8 stop the straight four
# (f8 leaves k8, a far move leaves both).
OPEN_THREE = Puzzle(
    black=parse_points("h8 i8 j8"),
    white=parse_points("a1 a2"),
    to_move=Color.WHITE,
    goal="vcf",
    kind="defend",
    answer=parse_points("g8 k8"),
)

# White threatens g7 (a four d4-g7 whose only block h8 is Black's double three):
# Black to move may not play h8 itself.
#    9 . . . . . . . X .
#    8 . . . . . . X * X      * h8: forbidden to Black
#    7 . . . . . . . X .
#    6 . . . . . O . . .
#    5 . . . . O . . . .
#    4 . . . O . . . . .
#    3 . . X . . . . . .
#      a b c d e f g h i
TRAP = Puzzle(
    black=parse_points("c3 g8 i8 h7 h9 a15"),
    white=parse_points("d4 e5 f6 o15 o1"),
    to_move=Color.BLACK,
    goal="vcf",
    kind="defend",
)

# k8 is Black's only four-three: four h8-k8 (g8 is White's, five at l8) and three
# k8-k10 (straight fours at k7, k11). l8 is a four only, k11 a three only.
FOUR_THREE = Puzzle(
    black=parse_points("h8 i8 j8 k9 k10 a15"),
    white=parse_points("g8 a1 o1 o15 c3"),
    to_move=Color.BLACK,
    kind="points:four-three",
    answer=parse_points("k8"),
)


def test_a_right_defence_set_is_sound() -> None:
    report = verify_puzzle(OPEN_THREE)
    assert report.sound, report.problems
    assert (report.kind, report.result, report.answer) == ("defend", "proven", ["g8", "k8"])
    assert report.shortest == 1 and report.themes == ["vcf", "defence"]
    assert report.rating is not None


def test_a_wrong_defence_set_is_caught() -> None:
    wrong = dataclasses.replace(OPEN_THREE, answer=parse_points("f8 g8"))
    report = verify_puzzle(wrong)
    assert report.problems == [
        "stated defence f8 fails: k8",
        "stated answer misses holding move k8",
    ]
    assert report.answer == ["g8", "k8"]


def test_a_stated_defence_on_a_forbidden_point_is_caught() -> None:
    found = engine_answer(TRAP)
    assert found.complete and format_points(found.forbidden) == "h8"
    assert "g7" in format_points(found.points).split()  # the block itself holds
    stated = dataclasses.replace(TRAP, answer=sorted({*found.points, *parse_points("h8")}))
    assert verify_puzzle(stated).problems == ["stated defence h8 is forbidden to Black"]


def test_no_threat_is_a_problem() -> None:
    calm = dataclasses.replace(OPEN_THREE, black=parse_points("h8 i8"), answer=[])
    report = verify_puzzle(calm)
    assert report.result == "disproven"
    assert report.problems == ["no threat: the opponent has no vcf win"]


def test_a_wrong_point_set_is_caught() -> None:
    assert verify_puzzle(FOUR_THREE).sound
    wrong = dataclasses.replace(FOUR_THREE, answer=parse_points("l8 k11"))
    assert verify_puzzle(wrong).problems == [
        "stated points l8, k11 are not four-three points",
        "stated answer misses four-three point k8",
    ]
    one = dataclasses.replace(FOUR_THREE, answer=parse_points("k8 l8"))
    assert verify_puzzle(one).problems == ["stated point l8 is not a four-three point"]


def test_an_unstated_answer_is_reported_not_judged() -> None:
    report = verify_puzzle(dataclasses.replace(FOUR_THREE, answer=None))
    assert report.sound and report.answer == ["k8"]
    assert report.themes == ["points:four-three"]


def test_a_kind_that_does_not_apply_is_reported() -> None:
    black_44 = dataclasses.replace(FOUR_THREE, kind="points:double-four", answer=[])
    report = verify_puzzle(black_44)
    assert report.result == "illegal"
    assert report.problems[0].startswith("task points:double-four does not apply")


def test_verify_command_names_each_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tasks.renju"
    wrong = dataclasses.replace(OPEN_THREE, id="d1", answer=parse_points("f8 g8"))
    path.write_text(format_native([wrong, dataclasses.replace(FOUR_THREE, id="p1")]))
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL " in out and "d1: defend (threat in 1): 2 moves hold" in out
    assert "stated defence f8 fails: k8; stated answer misses holding move k8" in out
    assert "ok   " in out and "p1: points:four-three: 1 point" in out
    assert "wrong stated answer" in out and "answer incomplete" in out


def _game_file(tmp_path: Path, n: int) -> Path:
    """A native file of ``n`` generated games (each an empty board with its moves)."""
    games = [Puzzle(solution=list(g), id=f"g{i}") for i, g in enumerate(sample_games(n, seed=5))]
    path = tmp_path / "games.renju"
    path.write_text(format_native(games))
    return path


@pytest.mark.parametrize(
    ("kind", "extra"),
    [
        ("points:four", []),
        ("points:forbidden", []),
        ("defend", ["--min-moves", "2", "--max-moves", "9"]),
    ],
)
def test_generate_kind_on_a_game_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, extra: list[str]
) -> None:
    games = _game_file(tmp_path, 60)
    out = tmp_path / "out.renju"
    args = ["generate", str(out), "--games", str(games), "--kind", kind, "--count", "2"]
    assert main([*args, *extra]) == 0
    assert "wrote 2 puzzles" in capsys.readouterr().out
    found = read_puzzles(out).puzzles
    assert len(found) == 2 and all(p.kind == kind for p in found)
    low, high = (1, 3) if kind == "defend" else (1, 6)
    for p in found:
        assert p.answer is not None and low <= len(p.answer) <= high
        assert p.rating is not None and p.level is not None and p.themes
        assert re.fullmatch(r"games\.renju, g\d+, after move \d+", p.source), p.source
        report = verify_puzzle(p, 60)
        assert report.sound, report.problems
        assert report.answer == format_points(p.answer).split()
        assert report.themes == p.themes and report.rating == p.rating


def test_generate_kind_refuses_bad_answer_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _game_file(tmp_path, 2)
    args = ["generate", str(tmp_path / "o.renju"), "--games", str(games), "--kind", "defend"]
    assert main([*args, "--min-answer", "3", "--max-answer", "2"]) == 2
    assert "--min-answer <= --max-answer" in capsys.readouterr().err


def test_annotate_writes_themes_ratings_and_missing_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "set.renju"
    unstated = dataclasses.replace(FOUR_THREE, id="p1", answer=None, themes=["long"])
    wrong = dataclasses.replace(OPEN_THREE, id="d1", answer=parse_points("f8"))
    path.write_text(format_native([unstated, wrong]))
    assert main(["annotate", str(path), str(path)]) == 2  # exists: --force needed
    assert main(["annotate", str(path), str(path), "--force"]) == 1  # d1 has problems
    captured = capsys.readouterr()
    assert "d1: stated defence f8 fails: k8" in captured.err
    p1, d1 = read_puzzles(path).puzzles
    assert (format_points(p1.answer or []), p1.themes) == ("k8", ["points:four-three"])
    assert p1.rating is not None
    assert d1 == dataclasses.replace(wrong, location=d1.location)  # left as it was
