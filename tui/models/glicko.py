"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013). No Textual here.

A puzzle attempt is a game between the player and the puzzle, as on lichess: a clean
solve is a win for the player, a failure a win for the puzzle, and both ratings move.
Each attempt is one rating period (the trainer rates one game at a time).

Written here rather than taken from PyPI: the ``glicko2`` package (2.1.0, a 2009 file
last released in 2024) computes the volatility's ``f(x)`` with the rating where the paper
has the deviation ``φ²``, so its volatility drifts wrong away from 1500; the others
listed there are unmaintained or not Glicko-2. This module follows the paper's steps and
tests its worked example (and a volatility that really moves).

>>> r = rate(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0),
...      (Glicko(1700, 300), 0)], tau=0.5)
>>> round(r.rating, 2), round(r.rd, 2), round(r.vol, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["PERIODS_PER_DAY", "SCALE", "TAU", "Glicko", "expected_score", "idle", "play", "rate"]

SCALE = 173.7178  # the Glicko-2 scale: mu = (r - 1500) / SCALE
TAU = 0.75  # the system constant lichess uses (the paper suggests 0.3 to 1.2)
EPSILON = 1e-6  # the volatility iteration's convergence tolerance (the paper's)
MIN_RD = 45.0  # a rating never looks more certain than this (lichess's floor)
MAX_RD = 350.0  # nor less certain than a new player's
PERIODS_PER_DAY = 0.21436  # rating periods a day away count for (lichess's constant)


@dataclass(frozen=True)
class Glicko:
    """A rating, its deviation (RD, the uncertainty) and its volatility."""

    rating: float = 1500.0
    rd: float = MAX_RD
    vol: float = 0.06

    @property
    def mu(self) -> float:
        """The rating on the Glicko-2 scale."""
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        """The deviation on the Glicko-2 scale."""
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(a: Glicko, b: Glicko) -> float:
    """The score ``a`` is expected to make against ``b`` (0 to 1).

    >>> round(expected_score(Glicko(1700, 50), Glicko(1500, 50)), 2)
    0.76
    """
    return _e(a.mu, b.mu, b.phi)


def _volatility(phi: float, vol: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on the paper's f(x)."""
    a = math.log(vol * vol)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Glicko, results: Sequence[tuple[Glicko, float]], *, tau: float = TAU) -> Glicko:
    """The player's rating after one rating period of ``results`` (opponent, score).

    No games: only the deviation grows (step 6). The RD is kept within
    ``[MIN_RD, MAX_RD]`` only by :func:`play`; this function is the paper's, unclamped.
    """
    mu, phi, vol = player.mu, player.phi, player.vol
    if not results:
        return Glicko(player.rating, math.sqrt(phi * phi + vol * vol) * SCALE, vol)
    v_inv = 0.0
    total = 0.0
    for opp, score in results:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    new_vol = _volatility(phi, vol, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_vol * new_vol)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Glicko(new_mu * SCALE + 1500.0, new_phi * SCALE, new_vol)


def idle(r: Glicko, days: float) -> Glicko:
    """The rating after ``days`` without games: the deviation grows as for
    ``days * PERIODS_PER_DAY`` empty rating periods (step 6), up to ``MAX_RD``; a player
    back after a break moves faster.

    >>> round(idle(Glicko(1600, 60, 0.06), 365).rd)
    110
    >>> idle(Glicko(1600, 60, 0.06), 0) == Glicko(1600, 60, 0.06)
    True
    """
    if days <= 0:
        return r
    phi = math.sqrt(r.phi**2 + days * PERIODS_PER_DAY * r.vol**2)
    return Glicko(r.rating, min(MAX_RD, phi * SCALE), r.vol)


def _clamped(r: Glicko) -> Glicko:
    return Glicko(r.rating, min(MAX_RD, max(MIN_RD, r.rd)), r.vol)


def play(player: Glicko, puzzle: Glicko, score: float) -> tuple[Glicko, Glicko]:
    """Both ratings after one attempt: ``score`` is the player's (1 solved, 0 failed).

    Each side is rated against the other's rating before the game.

    >>> p, z = play(Glicko(1500, 100), Glicko(1500, 100), 1.0)
    >>> p.rating > 1500 > z.rating, round(p.rating - 1500, 6) == round(1500 - z.rating, 6)
    (True, True)
    """
    new_player = rate(player, [(puzzle, score)])
    new_puzzle = rate(puzzle, [(player, 1.0 - score)])
    return _clamped(new_player), _clamped(new_puzzle)
