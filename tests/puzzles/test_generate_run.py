"""``renju generate`` over game databases: .rif games streamed with their moves, positions
searched once up to symmetry, bad records and failed tasks reported with their place,
``--resume`` after an interruption giving the uninterrupted answer, and the one-machine
path never importing Dask."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.mining import (
    ARGS,
    GAMES,
    TASK_ARGS,
    Mining,
    before_each_answer,
    interrupt_at,
    small_tasks,
)
from support.rif import write_rif

import puzzles.generate_run as gr
from puzzles.dedupe import Seen, SymmetricKeys
from puzzles.generate import Wanted, make_puzzle, mine
from puzzles.io import read_puzzles
from solver.cli import main
from solver.rules.geometry import transform_point

WANT = Wanted("vcf", 2, 5, 20.0)  # (as ARGS)


def generate(out: Path, games: Path, *extra: str) -> int:
    return main(["generate", str(out), "--games", str(games), *ARGS, *extra])


@given(
    st.lists(st.integers(0, 224), min_size=1, max_size=30, unique=True),
    st.integers(0, 7),
    st.booleans(),
)
def test_the_canonical_key_is_the_same_for_the_8_images(
    points: list[int], sym: int, white_moves: bool
) -> None:
    a, b = SymmetricKeys(), SymmetricKeys()
    for i, p in enumerate(points):
        a.put(p, 1 + i % 2)
        b.put(transform_point(p, sym), 1 + i % 2)
    assert a.key(white_to_move=white_moves) == b.key(white_to_move=white_moves)
    assert a.key(white_to_move=white_moves) != a.key(white_to_move=not white_moves)
    c = SymmetricKeys()  # the colours swapped: another position, unless an image of it
    for i, p in enumerate(points):
        c.put(p, 2 - i % 2)
    black, white = set(points[0::2]), set(points[1::2])
    images = [
        ({transform_point(p, s) for p in black}, {transform_point(p, s) for p in white})
        for s in range(8)
    ]
    if (white, black) not in images:
        assert c.key(white_to_move=white_moves) != a.key(white_to_move=white_moves)


def test_seen_answers_new_once_and_leaves_no_file(tmp_path: Path) -> None:
    with Seen(str(tmp_path)) as seen:
        assert [seen.add(k) for k in (0, 2**64 - 1, 0, 7, 2**64 - 1)] == [
            True,
            True,
            False,
            True,
            False,
        ]
        assert len(list(tmp_path.iterdir())) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_rif_database_is_mined_with_its_moves(
    mining_db: Path, mining_expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # (a .rif used to give only each game's final position: "no game lines to mine")
    found = read_puzzles_text(mining_expected)
    assert len(found) >= 3
    # the same puzzles as the library call on the same games, named by the game's id
    direct = mine([list[int | None](g) for g in GAMES], WANT, 100, "games.rif")
    assert [(p.black, p.white, p.solution, p.id) for p in found] == [
        (p.black, p.white, p.solution, p.id) for p in direct
    ]
    for p, q in zip(found, direct, strict=True):
        game = int(q.source.split("game ")[1].split(",")[0])
        assert p.source == q.source.replace(f"game {game},", f"game {game} (id {99 + game}),")


def read_puzzles_text(text: str) -> list[Any]:
    from puzzles.formats.native import parse_native

    return parse_native(text, "out.renju").puzzles


def test_a_position_met_again_in_any_game_or_symmetry_is_searched_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = GAMES[0]
    mirrored = [transform_point(p, 4) for p in game]
    one = write_rif(tmp_path / "one.rif", [game])
    three = write_rif(tmp_path / "three.rif", [game, mirrored, game[:-3]])
    assert generate(tmp_path / "a.renju", one, "--count", "all", "--min-moves", "1") in (0, 1)
    searched_one = capsys.readouterr().out
    assert generate(tmp_path / "b.renju", three, "--count", "all", "--min-moves", "1") in (0, 1)
    searched_three = capsys.readouterr().out
    count = [
        int(e.split(" lines, ")[1].split(" positions")[0].replace(",", ""))
        for e in (searched_one, searched_three)
    ]
    assert count[0] > 5 and count[0] == count[1]
    assert "3 lines" in searched_three


def test_bad_records_are_reported_with_their_place_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games: list[Any] = [GAMES[0], "h8 h9 z99", GAMES[1], "h8 h9 h8", GAMES[2]]
    db = write_rif(tmp_path / "bad.rif", games)
    good = write_rif(tmp_path / "good.rif", [GAMES[0], GAMES[1], GAMES[2]])
    assert generate(tmp_path / "bad.renju", db, "--min-moves", "1") == 0
    err = capsys.readouterr().err
    assert "renju: skipped game 2 (id 101): " in err and "z99" in err
    assert "renju: skipped game 4 (id 103): move 3 is on an occupied point" in err
    assert "2 bad record(s) skipped" in err
    assert generate(tmp_path / "good.renju", good, "--min-moves", "1") == 0
    bad_found = read_puzzles(tmp_path / "bad.renju").puzzles
    good_found = read_puzzles(tmp_path / "good.renju").puzzles
    assert [(p.black, p.white, p.solution) for p in bad_found] == [
        (p.black, p.white, p.solution) for p in good_found
    ]


def test_a_broken_database_after_some_games_is_mined_up_to_the_break(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = write_rif(tmp_path / "whole.rif", GAMES[:3]).read_text(encoding="utf-8")
    cut = tmp_path / "cut.rif"
    cut.write_text(whole[: whole.index('<game id="102"') + 30], encoding="utf-8")
    assert generate(tmp_path / "cut.renju", cut, "--min-moves", "1") in (0, 1)
    err = capsys.readouterr().err
    assert "renju: skipped after game 2: bad XML at line" in err


def test_a_failed_task_is_reported_with_its_place_and_the_run_goes_on(
    tmp_path: Path,
    mining: Mining,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    real = gr._mine_unit

    def flaky(unit: gr.Unit, work: gr.Work, want: Wanted, source: str) -> gr.Mined:
        if unit.line.name.startswith("game 2 "):
            raise MemoryError("no room")
        return real(unit, work, want, source)

    monkeypatch.setattr(gr, "_mine_unit", flaky)
    out = tmp_path / "out.renju"
    assert generate(out, mining.db) == 3
    err = capsys.readouterr().err
    assert "renju: task failed (game 2 (id 101)): MemoryError: no room (at flaky" in err
    others = [p for p in read_puzzles_text(mining.expected) if "game 2 " not in p.source]
    assert [(p.black, p.white, p.solution) for p in read_puzzles(out)] == [
        (p.black, p.white, p.solution) for p in others
    ]


def test_an_interrupted_run_resumes_to_the_same_output(
    tmp_path: Path,
    mining: Mining,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "out.renju"
    before_each_answer(monkeypatch, interrupt_at(9))
    assert generate(out, mining.db) == 130
    err = capsys.readouterr().err
    assert "go on with the same command and --resume" in err
    progress = json.loads(gr.progress_path(out).read_text(encoding="utf-8"))
    assert progress["lines"] == 8
    partial = read_puzzles(out).puzzles
    assert len(partial) == progress["puzzles"]
    monkeypatch.undo()
    # other settings cannot resume it; the same command can
    assert generate(out, mining.db, "--resume", "--max-moves", "4") == 2
    assert "it was started with max_moves 5, not 4" in capsys.readouterr().err
    assert generate(out, mining.db, "--resume", "--kind", "defend") == 2
    assert "it was started with kind 'win', not 'defend'" in capsys.readouterr().err
    assert generate(out, mining.db, "--resume", "--id-prefix", "x-") == 2
    assert "it was started with id_prefix '', not 'x-'" in capsys.readouterr().err
    assert generate(out, mining.db, "--resume") == 0
    assert out.read_text(encoding="utf-8") == mining.expected
    assert not gr.progress_path(out).exists()
    assert "lines, 8 done before the resume" in capsys.readouterr().out
    # a finished output has nothing to resume; an existing one is not overwritten
    assert generate(out, mining.db, "--resume") == 2
    assert generate(out, mining.db) == 2


def test_defend_tasks_with_2_jobs_are_the_one_process_output(
    tmp_path: Path, mining_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small_tasks(monkeypatch, 0.05)  # (many tasks, answered out of order)
    texts = []
    for jobs in ("1", "2"):
        out = tmp_path / f"defend-{jobs}.renju"
        argv = ["generate", str(out), "--games", str(mining_db), "--kind", "defend"]
        assert main([*argv, *TASK_ARGS, "--jobs", jobs]) == 0
        texts.append(out.read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    found = read_puzzles(tmp_path / "defend-2.renju").puzzles
    assert found
    for n, p in enumerate(found, 1):
        assert p.kind == "defend" and p.answer and 1 <= len(p.answer) <= 3
        assert p.id == f"t-defend-{len(p.answer)}-{n:03d}"
        assert p.rating is not None and "defence" in p.themes
        assert re.fullmatch(r"games\.rif, game \d+ \(id \d+\), after move \d+", p.source)


def test_one_machine_runs_never_import_dask(tmp_path: Path, mining_db: Path) -> None:
    code = (
        "import sys; from solver.cli import main; "
        f"code = main(['generate', {str(tmp_path / 'o.renju')!r}, '--games', {str(mining_db)!r}, "
        "'--goal', 'vcf', '--count', '1', '-j', '2']); "
        "assert code == 0, code; "
        "assert not {'dask', 'distributed'} & set(sys.modules), 'dask imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_the_progress_bar_shows_the_share_done_tasks_puzzles_and_rate(
    tmp_path: Path, mining: Mining
) -> None:
    import io

    from rich.console import Console

    from puzzles.game_stream import file_lines
    from solver.progress import progress_bar

    shown: list[str] = []
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=160)
    lines = file_lines(str(mining.db))
    opts = gr.Run(tmp_path / "o.renju", lines, "games.rif", make_puzzle, WANT, None)
    with progress_bar(1.0, "generate", console=console, counts=False) as bar:
        real = bar.update

        def update(**kw: Any) -> None:
            shown.append(f"{kw.get('completed')} {kw.get('status')}")
            real(**kw)

        bar.update = update  # type: ignore[method-assign]
        writer = gr.run(opts, bar)
    found = len(writer.state.puzzles)
    assert shown[-1].startswith("1.0 24 tasks, ") and f", {found} puzzles, " in shown[-1]
    assert shown[-1].endswith("/s") and f"{writer.state.searched:,} positions" in shown[-1]
    assert "generate" in screen.getvalue() and "%" in screen.getvalue()
