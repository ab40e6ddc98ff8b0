"""Glicko-2 against Glickman's worked example, the volatility equation, and properties."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from tui.models.glicko import MAX_RD, MIN_RD, SCALE, Glicko, expected_score, play, rate

OPPONENTS = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]


def test_the_papers_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman, 2013): r' = 1464.06, RD' = 151.52,
    # sigma' = 0.05999 (the paper rounds its intermediate steps: 1464.05 unrounded)
    r = rate(Glicko(1500, 200, 0.06), OPPONENTS, tau=0.5)
    assert abs(r.rating - 1464.06) < 0.02
    assert abs(r.rd - 151.52) < 0.01
    assert abs(r.vol - 0.05999) < 0.00001


def _f(x: float, delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """The paper's step 5 function, written out again for the test."""
    a = math.log(sigma**2)
    ex = math.exp(x)
    return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2


def test_the_new_volatility_solves_the_papers_equation_away_from_1500() -> None:
    # a strong player losing to much weaker ones: the volatility must really move (the
    # PyPI ``glicko2`` package puts the rating where phi belongs in f and gets it wrong)
    player = Glicko(2100, 60, 0.06)
    games = [(Glicko(1400, 40), 0.0)] * 6
    r = rate(player, games, tau=0.5)
    mu, phi = player.mu, player.phi
    gs = [1 / math.sqrt(1 + 3 * (o.phi**2) / math.pi**2) for o, _ in games]
    es = [1 / (1 + math.exp(-g * (mu - o.mu))) for g, (o, _) in zip(gs, games, strict=True)]
    v = 1 / sum(g * g * e * (1 - e) for g, e in zip(gs, es, strict=True))
    delta = v * sum(g * (s - e) for g, e, (_, s) in zip(gs, es, games, strict=True))
    assert abs(_f(2 * math.log(r.vol), delta, phi, v, 0.06, 0.5)) < 1e-4
    assert r.vol > 0.0603  # the surprise raised it
    assert r.rating < 2100 - 100


def test_no_games_only_widens_the_deviation() -> None:
    r = rate(Glicko(1600, 100, 0.06), [])
    assert r.rating == 1600
    assert math.isclose(r.rd, math.sqrt((100 / SCALE) ** 2 + 0.06**2) * SCALE)


ratings = st.builds(
    Glicko,
    st.floats(800, 2600),
    st.floats(MIN_RD, MAX_RD),
    st.floats(0.03, 0.09),
)


@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]))
def test_an_attempt_moves_both_ratings_the_right_way(p: Glicko, z: Glicko, score: float) -> None:
    p2, z2 = play(p, z, score)
    expected = expected_score(p, z)
    # the player gains when scoring above expectation, and the puzzle loses then
    assert (p2.rating - p.rating) * (score - expected) >= -1e-9
    assert (z2.rating - z.rating) * (score - expected) <= 1e-9
    assert MIN_RD <= p2.rd <= MAX_RD and MIN_RD <= z2.rd <= MAX_RD


@given(ratings, ratings)
def test_expected_scores_of_equal_deviations_add_to_one(a: Glicko, b: Glicko) -> None:
    b = Glicko(b.rating, a.rd, b.vol)
    assert math.isclose(expected_score(a, b) + expected_score(b, a), 1.0, abs_tol=1e-9)
