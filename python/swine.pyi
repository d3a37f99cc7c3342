"""Exact win probabilities and optimal strategies for Hog-family dice games.

Hog rulesets so far (presets such as "hog-fa20" and rule scripts "FILE.rhai"); the other games
raise SwineError and are reached through the swine CLI.
"""

import os
from collections.abc import Callable
from fractions import Fraction
from typing import Optional, Union

import numpy as np
import numpy.typing as npt

#: A strategy: a spec ("always_roll:4", "bacon:8,6", a table file, "optimal"), an array of dice
#: counts shaped (goal, goal) indexed [own score, opponent score], or f(score, opponent_score).
StrategyLike = Union[str, npt.ArrayLike, Callable[[int, int], int]]

class SwineError(ValueError):
    """Bad rules, a bad strategy, or a solve that failed; the message is the CLI's."""

class Match:
    """The exact result of a match-up."""

    win_rate: float
    """P(win) averaged over the two seats."""
    as_first: float
    """P(win) moving first."""
    as_second: float
    """P(win) moving second."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: "win_rate", "as_first", "as_second" as fractions."""

class Solution:
    """The optimal strategy against an opponent, or minimax, as `swine solve` finds it."""

    win_rate: float
    """P(win) averaged over the two seats."""
    as_first: float
    """P(win) moving first."""
    as_second: float
    """P(win) moving second."""
    first_player_wins: Optional[float]
    """Under minimax: P(the first player wins), both optimal."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: the rates as fractions (minimax: also "first_player_wins")."""
    table: npt.NDArray[np.uint8]
    """The dice to roll, shaped (goal, goal), indexed [own score, opponent score]."""

    def write(
        self, directory: Union[str, os.PathLike[str]], formats: Optional[list[str]] = None
    ) -> list[os.PathLike[str]]:
        """Writes the files `swine solve` writes (csv, json, py, npy, bin), all or nothing."""

def evaluate(
    strategy: StrategyLike,
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[list[tuple[str, int]]] = None,
    exact: bool = False,
) -> Match:
    """The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None)."""

def solve(
    rules: str = "hog-fa20",
    vs: Optional[StrategyLike] = None,
    *,
    goal: Optional[int] = None,
    set: Optional[list[tuple[str, int]]] = None,
    exact: bool = False,
) -> Solution:
    """The optimal strategy against `vs` ("minimax": both optimal; None: the yardstick)."""
