"""The opening rules as state machines: each rule's published sequence played through,
every illegal step refused with a message quoting it, and ``legal_actions`` agreeing
with ``apply`` on random walks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.game.actions import Action, Choose, Declare, Pass, Place, Propose, Swap, parse_action
from solver.game.errors import IllegalActionError
from solver.game.opening_rules import (
    FREE,
    JAPANESE,
    OPENING_RULES,
    RIF,
    SOOSORV_8,
    TARAGUCHI_10,
    YAMAGUCHI,
    OpeningRule,
    OpeningState,
    Phase,
    opening_rule,
)
from solver.game.status import Result
from solver.rules.notation import NPOINTS, format_moves, parse_point


def play(state: OpeningState, *actions: str) -> OpeningState:
    for text in actions:
        state = state.apply(parse_action(text))
    return state


def refused(state: OpeningState, action: str, why: str) -> None:
    """``action`` is refused with a message quoting it and saying ``why``."""
    with pytest.raises(IllegalActionError, match=why) as info:
        state.apply(parse_action(action))
    assert str(info.value).startswith(repr(str(parse_action(action))) + ":")
    assert not state.is_legal(parse_action(action))


def test_rif_sequence() -> None:
    s = OpeningState(RIF)
    refused(s, "place h9", "at h8, the centre")
    refused(s, "pass", "places move 1")
    refused(s, "swap", "no colour swap")
    s = play(s, "place h8")
    refused(s, "place h10", "3x3")  # move 2 next to h8
    s = play(s, "place h9")
    refused(s, "place k11", "5x5")  # move 3 within two lines
    refused(s, "place h9", "occupied")
    s = play(s, "place h10")
    assert s.opening is not None and s.opening.code == "D1"
    assert (s.phase, s.to_act, s.swap_offered) == (Phase.PLACE, 1, True)  # the tentative White
    assert Swap() in s.legal_actions() and Place(0) in s.legal_actions()  # move 4 anywhere
    refused(s, "declare 2", "places move 4")
    s = play(s, "swap")
    assert (s.black_player, s.to_act, s.swap_offered) == (1, 0, False)
    refused(s, "swap", "no colour swap")
    s = play(s, "place h11")
    assert (s.phase, s.to_act, s.due) == (Phase.PROPOSE, 1, 2)
    refused(s, "propose g8 i8", "i8 is equivalent to the proposal g8")
    refused(s, "propose g8 g9 g10", "2 fifth moves are due")
    refused(s, "propose h11", "occupied")
    refused(s, "choose g8", "proposes 2 fifth moves")
    s = play(s, "propose g8")
    refused(s, "propose i8", "equivalent")
    assert Propose(parse_point("i8")) not in s.legal_actions()
    assert Propose(parse_point("g10")) in s.legal_actions()
    s = play(s, "propose g10")
    assert (s.phase, s.to_act, s.proposals) == (
        Phase.CHOOSE,
        0,
        (parse_point("g8"), parse_point("g10")),
    )
    assert set(s.legal_actions()) == {Choose(parse_point("g8")), Choose(parse_point("g10"))}
    refused(s, "choose i8", "not one of the proposed")
    s = play(s, "choose g10")
    assert format_moves(s.moves) == "h8 h9 h10 h11 g10"
    assert (s.phase, s.to_act, s.proposals) == (Phase.PLAY, 0, ())  # White plays move 6
    refused(s, "swap", "no colour swap")
    refused(s, "declare 3", "the opening is over")
    s = play(s, "place a1", "pass", "pass")
    assert s.phase is Phase.OVER and s.status().result is Result.DRAW
    assert s.legal_actions() == []
    refused(s, "place b1", "the game is over")


def test_the_japanese_rule_is_rifs_sequence() -> None:
    s = play(OpeningState(JAPANESE), "place h8", "place i9", "place i7")
    assert s.opening is not None and s.opening.name == "Hogetsu"
    assert s.to_act == 1 and s.swap_offered  # the tentative White chooses a colour
    s = play(s, "place g9", "propose f9 j6", "choose j6")  # no swap: he keeps White
    assert s.black_player == 0 and s.phase is Phase.PLAY and len(s.moves) == 5
    assert "三珠交替打ち" in JAPANESE.name


def test_yamaguchi_sequence() -> None:
    s = play(OpeningState(YAMAGUCHI), "place h8", "place h9", "place j10")
    assert (s.phase, s.to_act) == (Phase.DECLARE, 0)  # the tentative Black declares
    refused(s, "declare 0", "1 to")
    refused(s, "place a1", "declares the number")
    s = play(s, "declare 3")
    assert (s.declared, s.swap_offered, s.to_act) == (3, True, 1)
    s = play(s, "place i9")  # no swap: the tentative White plays move 4
    assert (s.due, s.to_act) == (3, 0)
    s = play(s, "propose g10 j7")
    refused(s, "propose k9 k10", "3 fifth moves are due and 2 are proposed")
    s = play(s, "propose k9")
    assert s.phase is Phase.CHOOSE and s.to_act == 1
    s = play(s, "choose k9")
    assert s.moves[-1] == parse_point("k9") and s.phase is Phase.PLAY


def test_soosorv_sequence() -> None:
    s = play(OpeningState(SOOSORV_8), "place h8", "place i9", "place j10")
    s = play(s, "swap", "place k11")  # the second player is Black; White (first) plays 4
    assert (s.phase, s.to_act) == (Phase.DECLARE, 0)  # ... and declares
    refused(s, "declare 9", "1 to 8")
    s = play(s, "declare 8")
    assert (s.phase, s.swap_offered, s.to_act) == (Phase.PROPOSE, True, 1)
    s = play(s, "swap")  # the second swap: the first player takes Black and proposes
    assert (s.black_player, s.to_act, s.due) == (0, 0, 8)
    refused(s, "swap", "no colour swap")
    # h8 i9 j10 k11 lies on a diagonal, symmetric about it: g9 and i7 are mirror images
    s = play(s, "propose g9")
    refused(s, "propose i7", "i7 is equivalent to the proposal g9")
    s = play(s, "propose g8 g7 g6 g10 g11 g12 f9")
    assert s.phase is Phase.CHOOSE and len(s.proposals) == 8 and s.to_act == 1
    s = play(s, "choose f9")
    assert s.phase is Phase.PLAY and s.to_move.label() == "white" and s.to_act == 1


def test_taraguchi_placing_the_fifth() -> None:
    s = play(OpeningState(TARAGUCHI_10), "place h8")
    assert s.swap_offered and s.to_act == 1  # a swap after move 1 already
    s = play(s, "swap", "place i8")
    assert s.black_player == 1 and s.to_act == 1 and s.swap_offered  # Black's turn to swap
    s = play(s, "place j10")
    refused(s, "place l12", "7x7")
    s = play(s, "place k11")  # move 4 within three lines
    assert s.swap_offered and s.phase is Phase.PLACE
    refused(s, "place m8", "9x9")  # five lines away
    s = play(s, "place l8")  # move 5 within four lines: then White may swap
    assert (s.phase, s.swap_offered, s.to_act) == (Phase.PLAY, True, 1 - s.black_player)
    s = play(s, "swap", "place a1")
    assert len(s.moves) == 6 and s.black_player == 0


def test_taraguchi_proposing_ten() -> None:
    s = play(OpeningState(TARAGUCHI_10), "place h8", "place h9", "place h10", "place h11")
    assert s.due == 10
    s = play(s, "propose g8")  # the option: ten fifth moves anywhere, no swap after
    assert s.phase is Phase.PROPOSE
    refused(s, "place a1", "proposes 10 fifth moves")
    refused(s, "propose i8", "equivalent")
    s = play(s, "propose a1 b1 c1 d1 e1 f1 g1 a2 a3")
    assert s.phase is Phase.CHOOSE
    s = play(s, "choose a1")
    assert (s.phase, s.swap_offered) == (Phase.PLAY, False)
    # after a swap at move 5 the option is gone: the new Black places move 5
    t = play(OpeningState(TARAGUCHI_10), "place h8", "place h9", "place h10", "place h11", "swap")
    refused(t, "propose g8", "places move 5")
    assert not any(isinstance(a, Propose) for a in t.legal_actions())


def test_free_opening() -> None:
    s = play(OpeningState(FREE), "place h8", "place g7", "place j6")
    assert s.phase is Phase.PLAY and s.opening is not None and s.opening.code == "I5"
    assert not s.swap_offered


def test_rule_names_and_bad_actions() -> None:
    assert opening_rule("Soosõrv-8") is SOOSORV_8 and opening_rule("RIF") is RIF
    with pytest.raises(IllegalActionError, match="'sakata'"):
        opening_rule("sakata")
    for bad in ("jump h8", "place", "declare three", "swap h8"):
        with pytest.raises(IllegalActionError, match=repr(bad)):
            parse_action(bad)
    assert str(Propose(0, 1)) == "propose a1 b1" and str(Declare(3)) == "declare 3"
    with pytest.raises(IllegalActionError, match="not a point of the board"):
        OpeningState(RIF).apply(Place(225))


def _universe(rng: random.Random, state: OpeningState) -> list[Action]:
    """Candidate actions: a sample of every kind, the listed ones included."""
    points = rng.sample(range(NPOINTS), 12) + list(state.proposals)
    return [
        Swap(),
        Pass(),
        *(Place(p) for p in points),
        *(Choose(p) for p in points),
        *(Propose(p) for p in points),
        *(Declare(n) for n in (0, 1, 2, 8, 9)),
    ]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(OPENING_RULES)), st.integers(0, 2**32))
def test_legal_actions_are_what_apply_accepts(key: str, seed: int) -> None:
    """On a random walk through a rule, every listed action applies, and a sample of
    others is refused (a listed action is exactly a legal one)."""
    rule: OpeningRule = OPENING_RULES[key]
    rng = random.Random(seed)
    state = OpeningState(rule)
    small = {Declare(1), Declare(2), Declare(3)}
    for _ in range(24):
        legal = state.legal_actions()
        if not legal:
            break
        listed = set(legal)
        for action in _universe(rng, state):
            assert state.is_legal(action) is (action in listed), (rule.key, state.prompt(), action)
        # the opening's own steps rather than a pass; a few proposals, not 221
        steps = [a for a in legal if not isinstance(a, Pass | Declare) or a in small]
        choice = rng.choice(steps or legal)
        after = state.apply(choice)
        assert after.actions == (*state.actions, choice)
        assert after != state
        state = after
    assert state.step == len(rule.steps)  # 24 actions end every opening
