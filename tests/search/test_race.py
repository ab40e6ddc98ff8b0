"""Racing searches (``solve(..., threads=2)``, ``solver.search.race``): the answer is the
finished search with the least work (nodes, df-pn expansions weighted), whichever
process finishes first in time."""

from __future__ import annotations

import time
from multiprocessing import Pipe
from types import SimpleNamespace
from typing import Any, cast

import pytest
from support.fixtures import LONG_SEARCH_CASE

import solver.search.race as race
from solver.cli import main
from solver.cli.bench import DEVELOPMENT_CASES, load_case
from solver.rules.board import Board, Color
from solver.rules.notation import point_name
from solver.search.api import Goal, Limits, SolveResult, Verdict, solve

# A win where the first phase costs its whole budget: a search without it proves the
# win in a few hundred nodes (White to move, tsume).
PHASE_COSTS = ("e8 h8 f9 f11 h12 d13 i13 e15", "f7 i9 j9 c10 g11 g14 k14", "white", "tsume")
# A win the first phase helps: proven in fewer nodes with it than without.
PHASE_HELPS = (
    "d5 e6 g7 h8 k8 i10 i11 g12 e14",
    "a5 c5 i8 h9 f10 h10 e11 j11 f14",
    "black",
    "vct",
)


@pytest.fixture
def quick_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Race from the first thousand nodes, the second search with no first phase."""
    _race_at_once(monkeypatch)
    racers = (race.Racer(300_000), race.Racer(0))
    monkeypatch.setattr(race, "RACERS", {False: racers, True: racers})


def _race_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The others start after a thousand nodes, counting no work before their own (these
    problems take less work than ``LATE_START``)."""
    monkeypatch.setattr(race, "RACE_AFTER", 1_000)
    monkeypatch.setattr(race, "LATE_START", 0)


def _stopped_long_search(seconds: float, threads: int) -> SolveResult:
    """The long development case (within its move limit) stopped ``seconds`` in."""
    case = load_case(DEVELOPMENT_CASES / LONG_SEARCH_CASE)
    end = time.monotonic() + seconds
    return solve(
        case.board,
        "tsume",
        Limits(max_moves=case.limit),
        threads=threads,
        should_stop=lambda: time.monotonic() > end,
    )


def _board(case: tuple[str, str, str, str]) -> Board:
    return Board.from_stones(case[0], case[1], to_move=case[2])


def _alone(case: tuple[str, str, str, str], phase: int) -> SolveResult:
    return solve(_board(case), case[3], phase_nodes=phase)


def _work(result: SolveResult) -> int:
    """The work the race ranks a finished search by."""
    return result.nodes + (race.EXPANSION_WORK - 1) * result.expansions


@pytest.mark.usefixtures("quick_race")
@pytest.mark.parametrize(("case", "winner"), [(PHASE_COSTS, 0), (PHASE_HELPS, 300_000)])
def test_the_search_with_less_work_answers(case: tuple[str, str, str, str], winner: int) -> None:
    first, second = _alone(case, 300_000), _alone(case, 0)
    assert first.line != second.line or first.nodes != second.nodes  # (they differ)
    expected = first if winner == 300_000 else second
    assert _work(expected) == min(_work(first), _work(second))
    got = solve(_board(case), case[3], threads=2)
    assert got.result is Verdict.PROVEN and got.checked
    assert (got.nodes, got.line, got.moves) == (expected.nodes, expected.line, expected.moves)


@pytest.mark.usefixtures("quick_race")
def test_a_slower_core_does_not_change_the_answer() -> None:
    # The first search is held up (every poll sleeps), so the second, with more work,
    # finishes first in time; the answer is still the first search's (less work).
    first = _alone(PHASE_HELPS, 300_000)

    def slow() -> bool:
        time.sleep(0.002)
        return False

    got = solve(_board(PHASE_HELPS), "vct", threads=2, should_stop=slow)
    assert (got.nodes, got.line) == (first.nodes, first.line)


@pytest.mark.usefixtures("quick_race")
def test_a_search_within_race_after_runs_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(race, "RACE_AFTER", 10_000_000)
    first = _alone(PHASE_COSTS, 300_000)
    got = solve(_board(PHASE_COSTS), "tsume", threads=2)
    assert (got.nodes, got.line) == (first.nodes, first.line)


def test_stopping_stops_every_search(monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[int | None] = []
    close = race._Other.close

    def spy(self: race._Other) -> None:
        close(self)
        closed.append(self.proc.returncode)

    monkeypatch.setattr(race._Other, "close", spy)
    monkeypatch.setattr(race, "RACE_AFTER", 1_000)
    got = _stopped_long_search(0.6, threads=2)  # (neither search finishes in 0.6 s)
    assert got.result is Verdict.UNKNOWN and got.reason == "stopped"
    assert closed == [0]  # (the second search was started, and has ended)


@pytest.mark.usefixtures("quick_race")
def test_a_stopped_race_keeps_a_finish_heard_before(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stopped as soon as the second search has said it finished (the first, slowed by
    # every poll, has not): the answer is the second search's, not "stopped".
    heard: list[int] = []
    read = race._Other.read

    def spy(self: race._Other, done: list[int], others: list[race._Other]) -> None:
        read(self, done, others)
        heard.append(done[self.me])

    monkeypatch.setattr(race._Other, "read", spy)

    def stop() -> bool:
        time.sleep(0.002)
        return any(work != race._OPEN for work in heard)

    second = _alone(PHASE_HELPS, 0)
    got = solve(_board(PHASE_HELPS), "vct", threads=2, should_stop=stop)
    assert got.result is Verdict.PROVEN and got.checked
    assert (got.nodes, got.line) == (second.nodes, second.line)


def test_a_stopped_race_keeps_how_far_counting_up_got(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stopped (Ctrl-C), the race still takes the others' answers so far: counting up's
    # bounds without a win say how far the search got, which the first search, within
    # the cap, cannot (a disproof of about 10 s; its win, if any, is longer).
    monkeypatch.setattr(race, "RACE_AFTER", 1_000)
    got = _stopped_long_search(1.5, threads=2)
    assert got.result is Verdict.UNKNOWN and got.reason == "stopped"
    assert got.no_win_within is not None and got.no_win_within >= 3
    alone = _stopped_long_search(1.5, threads=1)
    assert alone.result is Verdict.UNKNOWN and alone.no_win_within is None


@pytest.mark.usefixtures("quick_race")
def test_a_node_limit_is_each_search_s() -> None:
    # Neither finishes within 2,000 nodes: the answer is the first search's "unknown".
    got = solve(_board(PHASE_HELPS), "vct", Limits(nodes=2_000), threads=2)
    assert got.result is Verdict.UNKNOWN and got.reason == "node limit"
    assert got.nodes == solve(_board(PHASE_HELPS), "vct", Limits(nodes=2_000)).nodes


@pytest.mark.usefixtures("quick_race")
def test_the_command_races_with_threads(capsys: pytest.CaptureFixture[str]) -> None:
    black, white, side, goal = PHASE_COSTS
    args = ["solve", "--black", black, "--white", white, "--to-move", side, "--goal", goal]
    assert main([*args, "--any", "--threads", "2", "--json", "--quiet"]) == 0
    out = capsys.readouterr().out
    expected = _alone(PHASE_COSTS, 0)
    assert f'"nodes": {expected.nodes},' in out
    assert f'"line": ["{point_name(expected.line[0])}"' in out


@pytest.mark.parametrize(
    ("name", "counting_up_wins"),
    [("vct_black", True), ("vct_game_black_l10_1", False)],
)
def test_without_shortest_the_second_search_counts_up(
    monkeypatch: pytest.MonkeyPatch, name: str, counting_up_wins: bool
) -> None:
    # Counting up proves vct_black's win in 4 with far less work than the search within
    # the cap proves its win in 5; on l10_1 the search within the cap is the cheaper.
    _race_at_once(monkeypatch)
    case = load_case(DEVELOPMENT_CASES / f"{name}.txt")
    cap = solve(case.board, case.goal)
    up = solve(case.board, case.goal, counting_up=True, bound_count="final-vcf")
    assert cap.moves is not None and up.moves is not None and up.moves < cap.moves
    assert (_work(up) < _work(cap)) is counting_up_wins
    expected = up if counting_up_wins else cap
    got = solve(case.board, case.goal, threads=2)
    assert got.result is Verdict.PROVEN and got.checked
    assert (got.nodes, got.moves, got.line) == (expected.nodes, expected.moves, expected.line)


@pytest.mark.parametrize(
    ("name", "shortest"), [("vct_black", False), ("vct_fukumi", False), ("vct_fukumi", True)]
)
def test_every_racer_runs_and_the_least_work_answers(
    monkeypatch: pytest.MonkeyPatch, name: str, shortest: bool
) -> None:
    # each of the mode's racing searches (``RACERS``), run alone with its own options:
    # the race's answer is the finished one with the least work (ties to the first)
    _race_at_once(monkeypatch)
    case = load_case(DEVELOPMENT_CASES / f"{name}.txt")
    racers = race.RACERS[shortest]
    alone = [solve(case.board, case.goal, **{"shortest": shortest, **r.options()}) for r in racers]
    assert all(a.result is Verdict.PROVEN for a in alone)
    assert len({a.nodes for a in alone}) > 1  # (they differ)
    best = min(alone, key=_work)
    got = solve(case.board, case.goal, shortest=shortest, threads=len(racers))
    assert (got.nodes, got.moves, got.line) == (best.nodes, best.moves, best.line)


def test_the_command_refuses_no_threads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--black", "h8", "--threads", "0"]) == 2
    assert capsys.readouterr().err.strip().endswith("--threads must be at least 1, not 0")


def test_work_not_nodes_ranks_the_searches() -> None:
    # A search of mostly VCF nodes (counting up with final-vcf bounds) has more nodes but
    # less work than one of mostly expansions: it ranks first, and beats the other
    # before that one reaches its node count.
    cheap = SolveResult(Verdict.PROVEN, Color.BLACK, Goal.TSUME, nodes=9_000_000)
    cheap.expansions = 20_000  # (work 10.4 M)
    dear = SolveResult(Verdict.PROVEN, Color.BLACK, Goal.TSUME, nodes=5_000_000)
    dear.expansions = 1_000_000  # (work 74 M)
    assert race._done(0, cheap) < race._done(0, dear)
    done = [race._OPEN, race._done(0, cheap)]
    assert race._beaten(0, race._done(0, dear), done)
    assert not race._beaten(0, race._work(2_000_000, 100_000), done)


def test_the_pipes_are_read_at_most_every_read_every(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search asks whether to stop at every poll, and a pipe's read costs several
    # microseconds: the others' messages are read at most every READ_EVERY seconds, and
    # one waiting is read once that time has passed.
    now = [100.0]
    monkeypatch.setattr(race, "time", SimpleNamespace(monotonic=lambda: now[0]))
    inbox, outbox = Pipe(duplex=False)
    state = race._Race(Board(), Goal.VCT, Limits(), (race.Racer(0), race.Racer(0)), {})
    state.others = [race._Other(1, cast(Any, None), inbox, cast(Any, None))]
    outbox.send(("done", 1234))
    assert not state.pump()
    assert state.done == [race._OPEN, 1234]
    outbox.send(("done", 99))
    for _ in range(100):
        now[0] += race.READ_EVERY / 200
        state.pump()
    assert state.done == [race._OPEN, 1234]  # (waiting, not read yet)
    now[0] += race.READ_EVERY
    state.pump()
    assert state.done == [race._OPEN, 99]
    inbox.close()
    outbox.close()


@pytest.mark.parametrize("late", [0, -1])
def test_the_others_count_the_work_done_before_they_start(
    monkeypatch: pytest.MonkeyPatch, late: int
) -> None:
    # Counting up proves vct_black's win with less work than the search within the cap,
    # which started first: the race's answer is counting up's while its work and
    # LATE_START are less than the other's, the first search's from a tie on.
    case = load_case(DEVELOPMENT_CASES / "vct_black.txt")
    cap = solve(case.board, case.goal)
    up = solve(case.board, case.goal, counting_up=True, bound_count="final-vcf")
    _race_at_once(monkeypatch)
    monkeypatch.setattr(race, "LATE_START", _work(cap) - _work(up) + late)
    expected = cap if late == 0 else up
    got = solve(case.board, case.goal, threads=2)
    assert (got.nodes, got.moves, got.line) == (expected.nodes, expected.moves, expected.line)
    assert (
        race._order(1, up) < race._order(0, cap)
        if late
        else race._order(0, cap) < race._order(1, up)
    )


def test_a_later_search_is_beaten_counting_its_late_start() -> None:
    # A search started late has done LATE_START more than its own work: it is beaten
    # once that passes the first's finished work, and a finish of its own tells so much.
    done = [10_000_000, race._OPEN]
    told: list[int] = []
    late = race.LATE_START
    runner = race.Runner(1, done, lambda: False, told.append, late=late)
    runner.progress(SimpleNamespace(nodes=10_000_000 - late - 1, expansions=0))
    assert not runner.should_stop()
    runner.progress(SimpleNamespace(nodes=10_000_000 - late, expansions=0))
    assert runner.should_stop() and runner.beaten
    finished = SolveResult(Verdict.PROVEN, Color.BLACK, Goal.TSUME, nodes=3_000_000)
    fresh = race.Runner(1, [race._OPEN, race._OPEN], lambda: False, told.append, late=late)
    fresh.searched(finished)
    assert told == [3_000_000 + late]


@pytest.mark.usefixtures("quick_race")
def test_progress_says_when_searches_race() -> None:
    # (reports come every 0.1 s: the first past RACE_AFTER nodes starts the race, and
    # from then on they are the first search's of two and say so; the command's
    # progress line shows the phase)
    case = load_case(DEVELOPMENT_CASES / "vct_black_long.txt")
    reports: list[tuple[int, str]] = []
    got = solve(
        case.board,
        case.goal,
        Limits(max_moves=case.limit),
        shortest=False,
        threads=2,
        progress=lambda p: reports.append((p.nodes, p.phase)),
    )
    assert got.result is Verdict.PROVEN
    assert any(nodes > race.RACE_AFTER for nodes, _ in reports)
    assert all(
        phase == ("search, 2 racing" if nodes > race.RACE_AFTER else "search")
        for nodes, phase in reports
    )
    alone: list[str] = []
    solve(
        case.board,
        case.goal,
        Limits(max_moves=case.limit),
        progress=lambda p: alone.append(p.phase),
    )
    assert alone and set(alone) == {"search"}
