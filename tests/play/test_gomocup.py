"""The Gomocup/Piskvork brain (``solver.play.gomocup``, ``renju engine``): scripted
sessions, in process and through a real pipe."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO

import pytest

from solver.play.gomocup import Brain, format_xy, parse_xy, run
from solver.rules.board import BLACK, WHITE, Board, Rule
from solver.rules.notation import parse_point


def _session(script: str, **options: object) -> list[str]:
    out = StringIO()
    run(StringIO(script), out, debug=False, seconds=0.5, **options)  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def _xy(name: str) -> str:
    return format_xy(parse_point(name))


def test_coordinates_are_column_and_row_from_the_top() -> None:
    assert parse_xy("7,7") == parse_point("h8")
    assert parse_xy("0,0") == parse_point("a15")
    assert parse_xy(" 14,14 ") == parse_point("o1")
    assert all(parse_xy(format_xy(p)) == p for p in range(225))
    for bad in ("15,0", "-1,3", "a,b", "3", "1,2,3"):
        with pytest.raises(ValueError, match=repr(bad)):
            parse_xy(bad)


def test_a_game_session() -> None:
    script = "\n".join(
        [
            "START 15",
            "INFO timeout_turn 5000",
            "INFO rule 4",
            "BEGIN",
            f"TURN {_xy('h9')}",
            "TAKEBACK " + _xy("h9"),
            "ABOUT",
            "END",
            "BEGIN",  # after END: not read
        ]
    )
    out = _session(script)
    assert out[0] == "OK"
    assert out[1] == _xy("h8")  # Black opens in the centre
    second = parse_xy(out[2])
    assert second not in (parse_point("h8"), parse_point("h9"))
    assert abs(second % 15 - 7) <= 2 and abs(second // 15 - 7) <= 2  # near the stones
    assert out[3] == "OK"
    assert out[4].startswith('name="renju-tsume", version=')
    assert len(out) == 5


def test_the_brain_replies_as_white_after_turn() -> None:
    brain = Brain(seconds=0.3, debug=False)
    assert brain.handle("START 15") == ["OK"]
    answer = brain.handle("TURN 7,7")
    assert len(answer) == 1 and parse_xy(answer[0]) != parse_point("h8")
    assert brain.board is not None
    assert brain.board[parse_point("h8")] is BLACK
    assert brain.board[parse_xy(answer[0])] is WHITE


def test_board_then_done_plays_the_win() -> None:
    # own (1): h8 i8 j8 k8 - the brain, Black (as many stones as the opponent), makes five
    lines = ["START 15", "BOARD"]
    lines += [f"{_xy(p)},1" for p in ("h8", "i8", "j8", "k8")]
    lines += [f"{_xy(p)},2" for p in ("a1", "a3", "a5", "g8")]
    lines += ["DONE", "END"]
    assert _session("\n".join(lines)) == ["OK", _xy("l8")]


def test_board_as_white_blocks_the_four() -> None:
    # the opponent (2) has one stone more: the brain is White and must block at l8
    lines = ["START 15", "INFO rule 4", "BOARD"]
    lines += [f"{_xy(p)},2" for p in ("h8", "i8", "j8", "k8", "a1")]
    lines += [f"{_xy(p)},1" for p in ("g8", "a3", "a5", "c9")]
    lines += ["DONE", "END"]
    assert _session("\n".join(lines)) == ["OK", _xy("l8")]


def test_renju_black_never_plays_a_forbidden_point() -> None:
    # the brain is Black; i8 (a double-three) is its best shape, forbidden under renju
    lines = ["START 15", "INFO rule 4", "BOARD"]
    lines += [f"{_xy(p)},1" for p in ("g8", "h8", "i9", "i10")]
    lines += [f"{_xy(p)},2" for p in ("a1", "o15", "a15", "o1")]
    lines += ["DONE", "END"]
    out = _session("\n".join(lines))
    assert out[0] == "OK" and parse_xy(out[1]) != parse_point("i8")
    board = Board.from_stones("g8 h8 i9 i10", "a1 o15 a15 o1", BLACK)
    assert board.is_legal(parse_xy(out[1]))


def test_the_rule_bits() -> None:
    brain = Brain(debug=False)
    brain.handle("START 15")
    for bits, rule in ((4, Rule.RENJU), (1, Rule.STANDARD), (0, Rule.FREESTYLE), (5, Rule.RENJU)):
        assert brain.handle(f"INFO rule {bits}") == []
        assert brain.rule is rule and brain.board is not None and brain.board.rule is rule
    assert brain.handle("INFO rule 2")[0].startswith("MESSAGE ")


def test_the_time_of_a_move() -> None:
    brain = Brain(seconds=5, debug=False)
    assert brain.move_seconds() == 5
    brain.handle("INFO timeout_turn 1000")
    assert brain.move_seconds() == pytest.approx(0.5)  # 60 % of it, less 0.1 s
    brain.handle("INFO timeout_match 60000")
    brain.handle("INFO time_left 5000")
    assert brain.move_seconds() == pytest.approx(0.2)  # a 25th of what is left
    brain.handle("INFO timeout_turn 0")
    assert brain.move_seconds() == pytest.approx(0.05)  # as fast as it can


def test_max_memory_bounds_the_search_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """``INFO max_memory`` (bytes, 0 none): the searches of a move get what the brain
    itself leaves of it, never more than the default; the moves' searches use it."""
    import solver.play.player as player
    from solver.search.api import DEFAULT_MEMORY_MB, Limits

    brain = Brain(debug=False)
    assert brain.table_mb() == DEFAULT_MEMORY_MB
    assert brain.handle("INFO max_memory 350000000") == []
    assert brain.table_mb() == 350 - 128
    brain.handle("INFO max_memory 100000000")  # (less than the brain itself: 1 MB)
    assert brain.table_mb() == 1
    brain.handle("INFO max_memory 0")
    assert brain.table_mb() == DEFAULT_MEMORY_MB
    seen: list[Limits] = []
    real = player.solve

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(args[2])  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(player, "solve", spy)
    brain.handle("INFO max_memory 350000000")
    brain.handle("START 15")
    assert brain.handle("BOARD") == [] and brain.handle(f"{_xy('h8')},2") == []
    assert brain.handle("DONE")  # (a move, found with searches of 222 MB tables)
    assert seen and {limits.memory_mb for limits in seen} == {222}


def test_bad_commands_get_error_or_unknown() -> None:
    brain = Brain(debug=False)
    assert brain.handle("TURN 7,7")[0].startswith("ERROR no game")
    assert brain.handle("START 20")[0].startswith("ERROR only the 15x15")
    assert brain.handle("START 15") == ["OK"]
    assert brain.handle("TURN 7,7,7")[0].startswith("ERROR not coordinates")
    assert brain.handle("FROBNICATE")[0].startswith("UNKNOWN")
    assert brain.handle("INFO timeout_turn soon")[0].startswith("ERROR INFO timeout_turn")
    assert brain.handle("INFO folder /tmp") == []  # a key it does not use: noted, no answer
    brain.handle("TURN 7,7")
    assert brain.handle("TURN 7,7")[0].startswith("ERROR 7,7 (h8) is occupied")
    assert brain.handle("BOARD") == []
    assert brain.handle("1,1,3")[0].startswith("ERROR unsupported BOARD field")
    assert brain.handle("RESTART") == ["OK"]
    assert brain.board is not None and brain.board.stone_count == 0


def test_a_session_through_a_pipe() -> None:
    script = "START 15\r\nINFO timeout_turn 2000\r\nINFO rule 4\r\nBEGIN\r\nEND\r\n"
    proc = subprocess.run(
        [sys.executable, "-m", "solver.cli", "engine"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "OK"
    assert lines[1].startswith("DEBUG h8 ")  # the brain says why, then moves
    assert lines[2] == "7,7" and len(lines) == 3
