"""Exact win probabilities and optimal strategies for Hog and its variants, Greed, the Pig
family, Chopsticks and Farkle.

`rules` names a ruleset as the CLI's --rules does: a Hog preset ("hog-fa20", the default), a Hog
rule script "FILE.rhai" or Python rule module "FILE.py" (run by python3), "greed", "pig",
"piglet", "two-dice-pig", "chopsticks" or "farkle". `goal` is the goal (Greed: the limit); `set`
gives a rule script's parameters (and Farkle's rule numbers, {"floor": -250}) as a dict
({"lucky": 5}), or as "NAME=VALUE" strings or (name, value) pairs. Errors name these parameters; a number out of range gets the CLI's message.

Long calls stop at Ctrl-C (a notebook's interrupt button) within 100 ms with KeyboardInterrupt;
results show themselves in a notebook (_repr_html_) and become DataFrames (to_pandas(), where
pandas is installed).
"""

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Optional, Union, overload

import numpy as np
import numpy.typing as npt

#: A strategy: a spec ("always_roll:4", "bacon:8,6", "sample2", "hold_at:20", a table or Python
#: file, "optimal": the best response to the opponent, "minimax": the equilibrium strategy, the
#: table solve(vs="minimax") finds, whatever it plays against), an array of the course table,
#: or a callable taking the same indices:
#: Hog f(score, opponent_score) -> dice; Greed f(myscore, theirscore, last: bool) -> dice (0
#: passes); the Pig family f(score, opponent_score, turn_total) -> bool (True rolls).
#: An array's entries are whole numbers (floats such as 4.0 too; 4.5 is an error).
#: Farkle takes specs only: "bank_at:T", "bank_at:T,N", "max_points", "optimal", "minimax", or
#: a Python file "FILE.py[:FUNCTION]" (exactly where the game is small enough, as in the CLI).
StrategyLike = Union[str, npt.ArrayLike, Callable[..., int]]

__version__: str
"""The package's version (the CLI's, `swine --version`)."""

#: Hog rule script parameters: {"lucky": 5}, or ["lucky=5"], or [("lucky", 5)].
Settings = Union[Mapping[str, int], Sequence[Union[str, tuple[str, int]]]]

class SwineError(ValueError):
    """Bad rules, a bad strategy, or a solve that failed; the message is the CLI's."""

class Match:
    """The exact result of a match-up."""

    win_rate: float
    """P(win) + P(tie)/2 averaged over the two seats (the course's win rate)."""
    as_first: float
    """P(win) + P(tie)/2 moving first."""
    as_second: float
    """P(win) + P(tie)/2 moving second."""
    tie: float
    """P(tie) averaged over the seats (Greed's ties; in Hog and Pig a game that never ends)."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: "win_rate", "as_first", "as_second" as fractions."""

    def _repr_html_(self) -> str:
        """The rates as an HTML table (a notebook shows it)."""
    def to_pandas(self) -> Any:
        """The rates as a one-row pandas DataFrame (needs pandas, which swine does not install)."""

class Solution:
    """The optimal strategy against an opponent, or minimax, as `swine solve` finds it."""

    win_rate: float
    """P(win) + P(tie)/2 averaged over the two seats."""
    as_first: float
    """P(win) + P(tie)/2 moving first."""
    as_second: float
    """P(win) + P(tie)/2 moving second."""
    first_player_wins: Optional[float]
    """Under minimax: P(the first player wins), both optimal."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: the rates as fractions (minimax: also "first_player_wins")."""
    table: npt.NDArray[np.uint8]
    """The strategy, indexed by `table_axes`: Hog's dice at [own, opponent] (goal x goal);
    Greed's dice at [own, opponent, last] ((limit+1) x (limit+1) x 2, 0 passes); the Pig
    family's decisions at [own, opponent, turn_total] (goal x goal x goal, 1 rolls, 0 holds)."""
    table_axes: list[str]
    """The table's axes, outermost first."""
    values: npt.NDArray[np.float64]
    """P(win) + P(tie)/2 of every state for the table against the opponent, the table's player
    to move, indexed by `values_axes` (Hog rules with memory add each player's memory)."""
    values_axes: list[str]
    """The values' axes, outermost first."""

    def write(
        self,
        directory: Union[str, os.PathLike[str]],
        formats: Optional[list[str]] = None,
        values: bool = False,
    ) -> list[os.PathLike[str]]:
        """Writes the files `swine solve` writes (csv, json, py, npy, bin; with values=True
        those of `swine solve --values` too), all or nothing; returns their paths."""
    def _repr_html_(self) -> str:
        """The rates and the strategy map (a PNG drawn as `swine plot map` draws it)."""
    def to_pandas(self) -> Any:
        """The rates as a one-row pandas DataFrame (needs pandas)."""

class Chopsticks:
    """Chopsticks solved with both sides perfect, as `swine solve --rules chopsticks`."""

    moves: Optional[int]
    """The move limit per player, or None."""
    result: int
    """The start's result from A's side (A moves first): 1 A wins, 0 tie or draw, -1 B wins."""
    distance: Optional[int]
    """Without a limit: plies to the end from the start under perfect play."""
    results: npt.NDArray[np.int8]
    """Every position's result from A's side: [mover (0 = A), a_left, a_right, b_left,
    b_right] without a limit; [level, a_left, a_right, b_left, b_right] with one (A moves at
    even levels)."""
    best: npt.NDArray[np.int16]
    """Each position's best successor, shaped like `results`, as ((a_left*5 + a_right)*5 +
    b_left)*5 + b_right; -1 where the game is over (or at the last level)."""

    def write(self, directory: Union[str, os.PathLike[str]]) -> list[os.PathLike[str]]:
        """Writes the JSON file `swine solve --rules chopsticks` writes."""

class Simulation:
    """Seeded games beside the exact win rate they sample."""

    games_per_seat: int
    seed: int
    win_rate: float
    """Observed (wins + ties/2) / games, averaged over the seats."""
    exact_win_rate: Optional[float]
    """None only for a Farkle Python strategy too large to evaluate exactly (an estimate)."""
    standard_error: float
    """Of the observed win rate, from the exact probabilities (else the observed ones)."""
    z: Optional[float]
    """(win_rate - exact_win_rate) / standard_error; None where exact_win_rate is."""

    def _repr_html_(self) -> str:
        """The games beside the exact rate, as an HTML table."""
    def to_pandas(self) -> Any:
        """The numbers as a one-row pandas DataFrame (needs pandas)."""

class Position:
    """One position of a match-up, for the player to move (`swine eval --from`)."""

    mover_wins: float
    tie: float
    mover_loses: float
    value: float
    """P(win) + P(tie)/2."""
    chosen: int
    """The strategy's choice there (dice; Greed 0 passes; Pig 1 rolls, 0 holds)."""
    choices: dict[int, float]
    """The value of each choice there, the strategy played afterwards."""

class FarkleSolution:
    """Farkle solved (`swine solve --rules farkle`): the optimal strategy against an opponent,
    or both optimal, as its turn-start values W; every decision inside a turn follows from W
    (see `position`)."""

    win_rate: float
    """P(win) averaged over the two seats."""
    as_first: float
    """P(win) moving first."""
    as_second: float
    """P(win) moving second."""
    first_player_wins: Optional[float]
    """Under minimax: P(the first player wins), both optimal."""
    residual: float
    """The largest |TW - W| the solve ended with."""
    states: int
    """Turn-start states: scores**2 * farkle counts**2."""
    scores: npt.NDArray[np.int64]
    """The banked score in points of each index of the score axes (from the floor by 50)."""
    values: npt.NDArray[np.float64]
    """W: P(the optimal player wins) with it to move at its turn's start, indexed [own,
    opponent, own_farkles, opponent_farkles] (scores by index, see `scores`)."""
    values_axes: list[str]
    """["own", "opponent", "own_farkles", "opponent_farkles"]."""

    def write(
        self,
        directory: Union[str, os.PathLike[str]],
        formats: Optional[list[str]] = None,
    ) -> list[os.PathLike[str]]:
        """Writes the values files `swine solve --rules farkle` writes (npy and bin, or
        `formats`), all or nothing; returns their paths."""
    def _repr_html_(self) -> str:
        """The rates, the residual and the state count as an HTML table."""
    def to_pandas(self) -> Any:
        """The rates, residual and states as a one-row pandas DataFrame (needs pandas)."""

class FarklePosition:
    """A Farkle position inside a turn, for the player to move (`swine eval --rules farkle
    --from B,D,F,E,T,N [--dice ...]`): each choice, then playing perfectly."""

    turn_start: float
    """P(the mover wins) at its turn's start (the position's banked scores and farkles)."""
    choices: list[tuple[str, float]]
    """(choice, P(mover wins)) in the CLI's order and words: "bank" (where the turn total may
    be banked) and "roll"; after a roll "keep P points, N dice left" for each keep."""
    keeps: list[tuple[int, int, float]]
    """After a roll: (points, dice_left, P(mover wins)) for each keep; else empty."""
    best: str
    """The first of the choices worth the most."""

    def _repr_html_(self) -> str:
        """The choices as an HTML table."""
    def to_pandas(self) -> Any:
        """The choices as a pandas DataFrame: choice, value (needs pandas)."""

class Tournament:
    """An exact round robin."""

    rows: list[dict[str, Any]]
    """The standings, best first: rank, strategy, mean_win_rate, matches_won."""
    names: list[str]
    """The entries in the order given (those left out aside)."""
    win_rates: npt.NDArray[np.float64]
    """win_rates[i][j]: entry i against entry j; NaN on the diagonal."""
    left_out: list[tuple[str, str]]
    """(entry, reason) for each entry that could not be used."""

    def _repr_html_(self) -> str:
        """The standings and the matrix of win rates, as HTML tables."""
    def to_pandas(self) -> Any:
        """The standings as a pandas DataFrame (needs pandas)."""

class Sweep:
    """Every variant of a grid of a rule script's parameters, surveyed (`swine sweep`)."""

    rules: str
    rows: list[dict[str, Any]]
    """Per variant: its parameters, then optimal_win_rate, full_information,
    minimax_first_player_wins, best_always_roll, best_always_roll_win_rate, gap, residual (the
    keys of `swine sweep --json`), or "error" with why it could not be solved."""

    def _repr_html_(self) -> str:
        """The rows as an HTML table."""
    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs pandas)."""

def evaluate(
    strategy: StrategyLike,
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    exact: bool = False,
) -> Match:
    """The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None);
    exact=True adds fractions (Hog and the Pig family). Farkle: a Python strategy past the
    exact limit is an error saying so (simulate it instead)."""

@overload
def solve(
    rules: str = "hog-fa20",
    vs: Optional[StrategyLike] = None,
    *,
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    exact: bool = False,
    moves: None = None,
) -> Union[Solution, Chopsticks, FarkleSolution]: ...
@overload
def solve(rules: str, vs: None = None, *, moves: int) -> Chopsticks: ...
def solve(
    rules: str = "hog-fa20",
    vs: Optional[StrategyLike] = None,
    *,
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    exact: bool = False,
    moves: Optional[int] = None,
) -> Union[Solution, Chopsticks, FarkleSolution]:
    """The optimal strategy against `vs` ("minimax": both optimal; None: the yardstick).
    "chopsticks" gives its solved positions, within `moves` moves per player or unlimited;
    "farkle" a FarkleSolution."""

def simulate(
    strategy: StrategyLike,
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    games: Optional[int] = None,
    seed: int = 1,
    progress: bool = True,
) -> Simulation:
    """`games` seeded games (100,000 unless given; Farkle 2,000) with each seat first, beside
    the exact win rate (`swine simulate`); a Farkle Python strategy too large to evaluate
    exactly is simulated alone, an estimate. progress=False keeps it quiet (else it counts the
    games on stderr)."""

def position(
    strategy: StrategyLike,
    at: tuple[int, ...],
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    dice: Optional[Sequence[int]] = None,
) -> Union[Position, FarklePosition]:
    """The position `at`, `strategy` to move: (own, opponent) in Hog (and each player's memory
    where the rules keep one), (own, opponent, last) in Greed, (own, opponent, turn_total) in
    the Pig family. Farkle: (own, opponent, own_farkles, opponent_farkles, turn_total,
    dice_left) in points and counts, and `dice` the faces a roll there showed (`--dice`),
    giving a FarklePosition."""

def tournament(
    strategies: list[StrategyLike],
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    progress: bool = True,
) -> Tournament:
    """The exact round robin of `strategies` (`swine tournament`; not Farkle, as there);
    progress=False keeps it quiet (else it counts the matches on stderr)."""

def sweep(
    rules: str,
    set: Mapping[str, Union[int, Iterable[int]]],
    *,
    progress: bool = True,
) -> Sweep:
    """Every combination of the values `set` gives each parameter of the rule script `rules`
    ({"lucky": range(3, 16)}), each surveyed as `swine sweep` does, in parallel; progress=False
    keeps it quiet (else it counts the variants on stderr)."""
