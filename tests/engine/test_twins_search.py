"""The solver's search primitives: compiled == pure on game positions.

The compiled core skips work the pure core does (a defender move outside the relevance
zone of the threat's VCF is refuted without replaying it; a hidden-threat candidate off
the zone of the attacker's failed VCF is skipped without a search; five points are
tracked, not scanned; threat generation filters differently), so equality of the full
answers, lines included, is what shows those shortcuts sound.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from support.fixtures import compiled_available, examples
from support.strategies import games

from solver.engine.backend import core_class


def _cores(moves: list[int]) -> list[Any]:
    if not compiled_available():
        if os.environ.get("RENJU_REQUIRE_COMPILED") == "1":
            pytest.fail("the compiled core is required (RENJU_REQUIRE_COMPILED=1) but not built")
        pytest.skip("compiled core not built")
    cores = [core_class(True)(0), core_class(False)(0)]
    for core in cores:
        for i, p in enumerate(moves):
            core.put(p, 1 + i % 2)
    return cores


def _has_five(core: Any) -> bool:
    return bool(core.five_points(1) or core.five_points(2))


@settings(max_examples=examples(15))
@given(games(max_moves=40))
def test_threats_defences_and_shapes_agree(moves: list[int]) -> None:
    cores = _cores(moves)
    if _has_five(cores[0]):
        return
    for attacker in (1, 2):
        answers = [core.threats(attacker, 3, 1, 200_000)[:2] for core in cores]
        assert answers[0] == answers[1]
        # hidden threats too (the compiled core skips moves off the relevance zone of
        # the attacker's failed VCF that change no four shape of his)
        hidden = [core.threats(attacker, 3, 3, 200_000)[:2] for core in cores]
        assert hidden[0] == hidden[1]
        # with the defender's own VCF as the counter line (the compiled core skips moves
        # off its relevance zone without replaying it)
        status, counter, _ = cores[1].vcf(3 - attacker, 20, 100_000, False)
        if status == 1:
            filtered = [core.threats(attacker, 3, 2, 200_000, counter)[:2] for core in cores]
            assert filtered[0] == filtered[1]
        assert cores[0].threat_shapes(attacker) == cores[1].threat_shapes(attacker)
        for m, line in answers[1][1][:3]:
            results = []
            for core in cores:
                core.put(m, attacker)
                status, defs, refs, _nodes, longest = core.defences(attacker, 3, line, 200_000)
                results.append((status, defs, refs, longest))
                core.remove(m)
            assert results[0] == results[1]
            _status, defs, refs, longest = results[1]
            if _status != -1:
                # the defences found given as ``known`` (as a proof's split passes its
                # search's): the same split without searching them, in both cores
                again = []
                for core in cores:
                    core.put(m, attacker)
                    s, d, r, _nodes, lg = core.defences(attacker, 3, line, 200_000, True, defs)
                    again.append((s, d, r, lg))
                    core.remove(m)
                assert again[0] == again[1]
                assert again[1][1] == defs and list(again[1][2]) == list(refs)
            # the longest certificate's attacker moves, as the proof counts them
            assert longest == max(((len(v) + 1) // 2 for v in refs.values()), default=0)
            # every legal defender move is answered exactly once
            dcol = 3 - attacker
            pure = cores[1]
            pure.put(m, attacker)
            legal = [
                p for p in range(225) if not pure.get(p) and not (dcol == 1 and pure.forbidden(p))
            ]
            assert sorted(defs + list(refs)) == legal
            assert list(refs) == sorted(refs)  # (in point order)
            for p, cert in list(refs.items())[:20]:
                pure.put(p, dcol)
                assert pure.replay_vcf(attacker, cert)
                pure.remove(p)
            pure.remove(m)


@settings(max_examples=examples(60))
@given(games(max_moves=60))
def test_five_points_and_four_moves_agree_with_a_full_scan(moves: list[int]) -> None:
    """The pure core looks only at lines holding four (five points) or three (four moves)
    of a colour's stones; a scan of every point, and the compiled core, agree. So do the
    fours an OR node tries (``four_codes``): those with one completion, whose block is
    neither a five for the other colour nor forbidden to Black with the four on the
    board, with that block."""
    cores = _cores(moves)
    pure = cores[1]
    for colour in (1, 2):
        other = 3 - colour
        empty = [p for p in range(225) if not pure.get(p)]
        fives = [p for p in empty if pure.is_five(p, colour)]
        fours = [p for p in empty if pure.is_four_move(p, colour)]
        codes = []
        for p in fours:
            blocks = pure.completions(p, colour)
            q = blocks[0]
            pure.put(p, colour)  # (White's four can make or unmake Black's forbidden block)
            forbidden = other == 1 and pure.forbidden(q)
            pure.remove(p)
            if len(blocks) == 1 and not pure.is_five(q, other) and not forbidden:
                codes.append(p | (q + 1) << 8)
        for core in cores:
            assert core.five_points(colour) == fives
            assert core.four_moves(colour) == fours
            assert core.four_codes(colour) == codes


@pytest.mark.parametrize(
    ("name", "colour"),
    [("vct_game_black_l10_1", 2), ("vct_game_white_l10_1", 1), ("vct_game_white_l08_1", 1)],
)
def test_failing_vcf_searches_count_their_transpositions(name: str, colour: int) -> None:
    """A failing VCF search meets most of its positions again, the same fours played in
    another order (the defender's VCF in these cases: 565, 263 and 139 nodes, of which
    340, 146 and 76 are found in the dead-end table). The compiled core looks each up
    before it puts the four and its block, and still counts it as a node: the same
    answer and node count as the pure core, at every depth."""
    from support.quintet import load

    board = load(name).board
    cores = _cores([])
    for core in cores:
        for c in (1, 2):
            for p in board.stones(c):
                core.put(p, c)
    for depth in (3, 5, 12):
        answers = [core.vcf(colour, depth, 100_000, False) for core in cores]
        assert answers[0] == answers[1], depth
        assert answers[0][0] == 0  # (no VCF: every position searched fails)
    assert answers[0][2] > 100


def _play_then_take_back(cores: list[Any], moves: list[int], back: int) -> Iterator[int]:
    """Play ``moves`` on every core (Black first), then take the last ``back`` of them
    off again; yield the step number after each."""
    for i, p in enumerate(moves):
        for core in cores:
            core.put(p, 1 + i % 2)
        yield i
    for k in range(back):
        for core in cores:
            core.remove(moves[len(moves) - 1 - k])
        yield len(moves) + k


@settings(max_examples=examples(40))
@given(games(max_moves=50))
def test_shape_counts_and_three_moves_follow_every_move(moves: list[int]) -> None:
    """The compiled core caches each line's three and four shapes by the line's content;
    as stones come and go, its shape count and its threes (a threat search of class
    ``vct``, one attacker move) stay those of a full scan by the pure core."""
    cores = _cores([])
    compiled, pure = cores
    for _ in _play_then_take_back(cores, moves, len(moves) // 2):
        if _has_five(pure):
            continue
        for colour in (1, 2):
            threes = [m for m in range(225) if not pure.get(m) and pure.is_three_move(m, colour)]
            assert compiled.threat_shapes(colour) == pure.threat_shapes(colour)
            found = compiled.threats(colour, 2, 1, 50_000)[1]
            assert {m for m, _ in found} <= set(threes)
            assert found == pure.threats(colour, 2, 1, 50_000)[1]


def test_recording_sessions_wrap_around_soundly() -> None:
    """Each hidden-threat generation records its failed VCF in a new session of the
    compiled core's dead-end table (entries from other sessions are not trusted while
    recording: their reads were not recorded). Session numbers have 11 bits: past 2,047
    sessions the table forgets every entry's session and numbering starts again. A
    position searched in session 1, then its mirror image 2,046 times, then the position
    again (in session 1 once more): its threats are those a fresh core finds."""
    from support.quintet import load

    from solver.rules.geometry import transform_point

    if not compiled_available():
        _cores([])  # skips, or fails under RENJU_REQUIRE_COMPILED=1
        return
    board = load("vct_game_black_l10_1").board
    attacker = int(board.to_move)

    def threats(core: Any, mirrored: bool) -> Any:
        stones = [
            (transform_point(p, 4) if mirrored else p, board.core.get(p))
            for p in range(225)
            if board.core.get(p)
        ]
        for p, colour in stones:
            core.put(p, colour)
        found = core.threats(attacker, 6, 3, 100_000)[:2]
        for p, _ in stones:
            core.remove(p)
        return found

    expected = threats(core_class(True)(0), False)
    assert len(expected[1]) > 20  # (threes and hidden threats)
    core = core_class(True)(0)
    assert threats(core, False) == expected
    for _ in range(2046):
        threats(core, True)
    assert threats(core, False) == expected


@settings(max_examples=examples(40))
@given(games(max_moves=60))
def test_tracked_four_and_five_points_follow_every_move(moves: list[int]) -> None:
    """Once a search has run, the compiled core keeps its four/five masks up to date
    around each stone put or taken off (skipping lines where no colour has three
    stones near it); its five points and four moves, read off those masks, stay those
    of a full scan by the pure core as a game is played and then taken back."""
    cores = _cores([])
    compiled, pure = cores
    compiled.vcf(1, 1, 10, False)  # (a search: the masks are kept from now on)
    for i in _play_then_take_back(cores, moves, len(moves)):
        for colour in (1, 2):
            assert compiled.five_points(colour) == pure.five_points(colour), (i, colour)
            assert compiled.four_moves(colour) == pure.four_moves(colour), (i, colour)
            assert compiled.four_codes(colour) == pure.four_codes(colour), (i, colour)


@settings(max_examples=examples(40))
@given(games(max_moves=60))
def test_enter_and_leave_keep_the_masks(moves: list[int]) -> None:
    """``enter`` puts a stone or two for a search step and ``leave`` takes them off,
    restoring the four/five masks saved by ``enter`` instead of updating them. The
    first steps are entered before any search (no masks kept yet: ``leave`` must then
    update them, once a search has started them), the rest after; the five points and
    four moves stay those of a full scan by the pure core all the way down and up."""
    cores = _cores([])
    compiled, pure = cores
    steps = [moves[i : i + 2] for i in range(0, len(moves), 2)]

    def same(where: object) -> None:
        for colour in (1, 2):
            assert compiled.five_points(colour) == pure.five_points(colour), where
            assert compiled.four_moves(colour) == pure.four_moves(colour), where

    for k, step in enumerate(steps):
        if k == len(steps) // 3:
            compiled.vcf(1, 1, 10, False)  # (the masks are kept from now on)
        for core in cores:
            core.enter(step[0], 1, *(step[1:] and [step[1], 2]))
        same(("enter", k))
    for k in range(len(steps) - 1, -1, -1):
        for core in cores:
            core.leave(*steps[k])
        same(("leave", k))
    assert compiled.hash == pure.hash == 0


def test_recent_refutations_refute_only_what_a_fresh_core_refutes() -> None:
    """A core keeps the last VCFs that refuted a defence in its splits of AND nodes (a
    small ring, with their relevance zones) and tries them first in the next splits.
    Over a whole df-pn search, which reuses them thousands of times, every split's
    defences are those a fresh copy of the core finds there (its ring empty: only the
    refutations of that split). A ring line kept past the bound it was found under, or
    a zone taken from the wrong line, refutes a real defence. (Within one split, both
    cores keep the same ring and find the same certificates:
    ``test_threats_defences_and_shapes_agree``.)"""
    from support.quintet import load

    from solver.search.dfpn import CompiledDfPn

    if not compiled_available():
        _cores([])  # skips, or fails under RENJU_REQUIRE_COMPILED=1
        return
    case = load("vct_game_white_l14_1")
    core = case.board.core.copy()
    splits: list[int] = []

    class Checked:
        """The core, each split checked against a fresh copy's."""

        def __getattr__(self, name: str) -> Any:
            return getattr(core, name)

        def defences(self, *args: Any) -> Any:
            found = core.defences(*args)
            fresh = core.copy().defences(*args)
            assert found[1] == fresh[1], (args[1], args[2])
            splits.append(len(found[1]))
            return found

    search = CompiledDfPn(core, int(case.board.to_move), 2)
    search.core = Checked()
    assert search.solve_or(case.limit).pn == 0
    assert len(splits) > 5000  # (6,871 splits: the ring is filled and reused throughout)


def test_compiled_certificates_read_as_the_pure_dict() -> None:
    """The compiled core gives a split's certificates as a compact read-only mapping
    (``Refutations``): the same items, in point order, as the pure core's dict, through
    every way a proof or the trainer reads them, and equal to it both ways."""
    import pickle
    from collections.abc import Mapping

    from support.quintet import load

    case = load("vct_game_black_l05_1")
    moves = [p for p in range(225) if case.board[p]]
    cores = _cores([])
    for core in cores:
        for p in moves:
            core.put(p, int(case.board[p]))
    a = int(case.board.to_move)
    m, line = cores[1].threats(a, 5, 2, 200_000)[1][0]
    found = []
    for core in cores:
        core.put(m, a)
        found.append(core.defences(a, 4, line, 200_000)[2])
        core.remove(m)
    compact, plain = found
    assert isinstance(plain, dict) and isinstance(compact, Mapping)
    assert not isinstance(compact, dict)
    assert len(plain) > 100  # (a far move is refuted too: most share the threat's line)
    assert compact == plain and plain == compact
    assert (compact != plain) is False and (plain != compact) is False
    assert len(compact) == len(plain)
    assert list(compact) == list(plain) == sorted(plain)
    assert compact.items() == list(plain.items())
    assert compact.values() == list(plain.values())
    assert dict(compact) == plain
    for p in range(-1, 226):
        assert (p in compact) == (p in plain)
        assert compact.get(p) == plain.get(p)
        if p in plain:
            assert compact[p] == plain[p]
        else:
            with pytest.raises(KeyError):
                compact[p]
    assert "h8" not in compact and compact.get("h8", 0) == 0
    assert pickle.loads(pickle.dumps(compact)) == plain
    assert repr(compact).startswith("Refutations({")
    changed = dict(plain)
    changed[next(iter(changed))] = ()
    assert compact != changed


def test_dead_end_table_keeps_its_entries_when_it_grows() -> None:
    """A dead-end table grown after a search holds what one of the larger size would
    have held from the start: the searches after it count the same nodes, on both cores.
    (Starting again empty, as it once did, they search the failed lines again.)"""
    from support.quintet import load

    from solver.rules.board import Board

    _cores([])  # skips, or fails under RENJU_REQUIRE_COMPILED=1
    case = load("vct_unstable")
    a = int(case.board.to_move)
    for compiled in (True, False):
        grown, sized, empty = (
            Board.from_stones(
                case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=compiled
            ).core
            for _ in range(3)
        )
        first = grown.vcf(a, 30, 1_000_000, False)
        assert first[0] == 0 and first[2] > 100  # (a failed search: its entries stored)
        grown.grow_dead_table(20)
        sized.grow_dead_table(20)
        empty.grow_dead_table(20)
        assert sized.vcf(a, 30, 1_000_000, False) == first
        assert grown.dead_bits == sized.dead_bits == 20
        counts: list[list[int]] = [[], [], []]
        for p in range(225):
            if grown.get(p) or not grown.is_four_move(p, a):
                continue
            for core, out in zip((grown, sized, empty), counts, strict=True):
                core.put(p, a)
                (q,) = core.five_points(a)[:1]
                core.put(q, 3 - a)
                out.append(core.vcf(a, 29, 1_000_000, False)[2])
                core.remove(q)
                core.remove(p)
        assert len(counts[0]) >= 5
        assert counts[0] == counts[1]
        assert sum(counts[2]) > sum(counts[0])
