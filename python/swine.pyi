"""Exact win probabilities and optimal strategies for Hog and its variants, Greed, the Pig
family, Chopsticks and Farkle.

`rules` names a ruleset as the CLI's --rules does: a Hog preset ("hog-fa20", the default), a Hog
rule script "FILE.rhai" or Python rule module "FILE.py" (run by python3), "greed", "pig",
"piglet", "two-dice-pig", "chopsticks" or "farkle". `goal` is the goal (Greed: the limit); `set`
gives a rule script's parameters (and Farkle's rule numbers, {"floor": -250}) as a dict
({"lucky": 5}), or as "NAME=VALUE" strings or (name, value) pairs; `players` the number of
players, the CLI's --players (2 to 6 for the Pig family, 1 to 6 for Yahtzee and Yatzy, each
on its own card; with 3 or more, evaluate gives every seat's chance, a Seats). Errors name
these parameters; a number out of range gets the CLI's message.

Long calls stop at Ctrl-C (a notebook's interrupt button) within 100 ms with KeyboardInterrupt;
results show themselves in a notebook (_repr_html_) and become DataFrames (to_pandas(), where
pandas is installed).
"""

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

#: A strategy: a spec ("always_roll:4", "bacon:8,6", "sample2", "hold_at:20", a table or Python
#: file, "optimal": the best response to the opponent, "minimax": the equilibrium strategy, the
#: table solve(vs="minimax") finds, whatever it plays against), an array of the course table,
#: or a callable taking the same indices:
#: Hog f(score, opponent_score) -> dice; Greed f(myscore, theirscore, last: bool) -> dice (0
#: passes); the Pig family f(score, opponent_score, turn_total) -> bool (True rolls).
#: An array's entries are whole numbers (floats such as 4.0 too; 4.5 is an error).
#: Farkle takes specs: "bank_at:T", "bank_at:T,N", "max_points", "optimal", "minimax", a
#: Python file "FILE.py[:FUNCTION]", or a callable f(score, opponent_score, farkles,
#: opponent_farkles, turn_total, dice) -> (kept, bank), asked as the file's function is (exactly
#: where the game is small enough, as in the CLI); no array. Yahtzee takes "optimal", "thumb",
#: a Python file, or a callable f(card, dice, rolls_left) -> kept dice or box, whose duels are
#: played (simulate, tournament), not solved.
StrategyLike = Union[str, npt.ArrayLike, Callable[..., Any]]

__version__: str
"""The package's version (the CLI's, `swine --version`)."""

#: Rule numbers: {"lucky": 5}, or ["lucky=5"], or [("lucky", 5)]; a named value as a string
#: (Yahtzee's {"joker": "none"}).
Settings = Union[Mapping[str, Union[int, str]], Sequence[Union[str, tuple[str, Union[int, str]]]]]

class SwineError(ValueError):
    """Bad rules, a bad strategy, work too large for the memory this process may use, or a solve
    that failed; the message is the CLI's."""

class Match:
    """The exact result of a match-up (the names of `swine eval --json`)."""

    rules: str
    """The ruleset with its parameters, as reports head it ("hog-fa20", "farkle[floor=-250]")."""
    strategy: str
    """The strategy the numbers are about, by name (a callable by its function's name)."""
    opponent: str
    """Its opponent, by name."""
    win_rate: float
    """P(win) + P(tie)/2 averaged over the two seats (the course's win rate)."""
    as_first: float
    """P(win) + P(tie)/2 moving first."""
    as_second: float
    """P(win) + P(tie)/2 moving second."""
    tie: float
    """P(tie) averaged over the seats (Greed's ties; in Hog and Pig a game that never ends)."""
    first_player_wins: Optional[float]
    """Both players optimal: the first player's value."""
    residual: Optional[float]
    """Where the values come from a fixpoint: the largest |V - TV| left."""
    notes: list[str]
    """Sentences about the numbers, as the CLI prints them."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: "win_rate", "as_first", "as_second" as fractions."""

    def _repr_html_(self) -> str:
        """The rates as an HTML table (a notebook shows it)."""
    def to_pandas(self) -> Any:
        """The rates as a one-row pandas DataFrame (needs pandas, which swine does not install)."""

class Score:
    """One strategy's exact final score playing alone, in a game of one player's score
    (`evaluate` without `vs` where the game's record says one player plays it; the names of
    `swine eval --json` there)."""

    rules: str
    strategy: str
    expected_score: float
    """The expected final score, points."""
    sd: float
    """Its standard deviation, points."""
    median: int
    quantiles: list[int]
    """The final scores with 5%, 25%, 50%, 75% and 95% of games at or below them."""
    notes: list[str]

    def _repr_html_(self) -> str:
        """The numbers as an HTML table."""

class ScoreSimulation:
    """Seeded games of one strategy alone beside its exact expected score (`simulate` without
    `vs` in a game of one player's score; the names of `swine simulate --json` there, with
    `simulated` and `exact` flattened)."""

    rules: str
    strategy: str
    seed: int
    games: int
    mean_score: float
    sd: float
    standard_error: float
    """The mean's standard error, points."""
    expected_score: Optional[float]
    """The exact expected score; None for a Python player (its games are an estimate)."""
    z: Optional[float]
    """(mean_score - expected_score) / standard_error."""

class Solution:
    """The optimal strategy against an opponent, or both players optimal, as `swine solve`
    finds it, for every game (the names of `swine solve --json`)."""

    win_rate: Optional[float]
    """P(win) + P(tie)/2 averaged over the two seats; None where solved alone."""
    seats: Optional[Seats]
    """Solved for more than two players (players=N): every seat's chance; else None."""
    as_first: Optional[float]
    """P(win) + P(tie)/2 moving first; None where solved alone."""
    as_second: Optional[float]
    """P(win) + P(tie)/2 moving second; None where solved alone."""
    first_player_wins: Optional[float]
    """Both players optimal: the first player's value."""
    residual: Optional[float]
    """Where the values come from a fixpoint: the largest |V - TV| left."""
    notes: list[str]
    """Sentences about the numbers (Farkle: its turn-start states and how they were solved)."""
    exact: Optional[dict[str, Fraction]]
    """With exact=True: the rates as fractions (minimax: also "first_player_wins")."""
    details: Optional[dict[str, Any]]
    """The game's own account (Chopsticks: the start's result, counts of positions by result,
    levels), as `details` in the CLI's JSON."""
    expected_score: Optional[float]
    """Solved alone (a game of one player's score without vs): the optimum's expected final
    score."""
    sd: Optional[float]
    """Solved alone: its standard deviation."""
    median: Optional[int]
    """Solved alone: its median final score."""
    quantiles: Optional[list[int]]
    """Solved alone: the final scores with 5%, 25%, 50%, 75% and 95% of games at or below."""
    table: Optional[npt.NDArray[np.uint8]]
    """The strategy, indexed by `table_axes`: Hog's dice at [own, opponent] (goal x goal);
    Greed's dice at [own, opponent, last] ((limit+1) x (limit+1) x 2, 0 passes); the Pig
    family's decisions at [own, opponent, turn_total] (goal x goal x goal, 1 rolls, 0 holds);
    None for Farkle (its solution is its values) and Chopsticks (its positions)."""
    table_axes: list[str]
    """The table's axes, outermost first."""
    values: Optional[npt.NDArray[np.float64]]
    """P(win) + P(tie)/2 of every state for the table against the opponent, the table's player
    to move, indexed by `values_axes` (Hog rules with memory add each player's memory); Farkle:
    W, P(the optimal player wins) at every turn's start, [own, opponent, own_farkles,
    opponent_farkles] with the scores by index from the floor in steps of 50."""
    values_axes: list[str]
    """The values' axes, outermost first."""

    def write(
        self,
        directory: Union[str, os.PathLike[str]],
        formats: Optional[list[str]] = None,
        values: bool = False,
    ) -> list[os.PathLike[str]]:
        """Writes the files `swine solve` writes (each table in its formats, or `formats`;
        with values=True those of `swine solve --values` too; Farkle its values, Chopsticks
        its solved positions), all or nothing; returns their paths."""
    def _repr_html_(self) -> str:
        """The rates and the strategy map (a PNG drawn as `swine plot map` draws it)."""
    def to_pandas(self) -> Any:
        """The rates as a one-row pandas DataFrame (needs pandas)."""

class Seats:
    """A game of more than two players rated exactly (players=N; the names of `swine eval
    --players N --json`): the strategy in each seat in turn, the opponent in the others."""

    rules: str
    strategy: str
    opponent: str
    """The strategy in every other seat."""
    players: int
    seat_wins: Optional[list[float]]
    """Where every seat plays alike: each seat's chance of winning, the first mover first
    (summing to 1); else None."""
    strategy_wins: list[float]
    """The strategy's chance of winning in each seat (moving first, second, ...)."""
    mean: float
    """Its mean over the seats."""
    fair_share: float
    """1/N."""
    seatings: list[list[float]]
    """With the strategy in each seat (one list per seat it takes), every seat's chance."""
    notes: list[str]

    def _repr_html_(self) -> str:
        """The strategy's chance in each seat, as an HTML table."""
    def to_pandas(self) -> Any:
        """The strategy's chance in each seat (seat_1 moves first) and their mean, as a one-row
        pandas DataFrame (needs pandas)."""

class Simulation:
    """Seeded games beside the exact values they sample (the names of `swine simulate
    --json`)."""

    rules: str
    strategy: str
    opponent: str
    games_per_seat: int
    seed: int
    simulated: dict[str, float]
    """Observed {win_rate, as_first, as_second} (with win, tie, loss where a game can tie)."""
    standard_error: dict[str, float]
    """Their standard errors, the same keys (from the exact probabilities, else the observed)."""
    exact: Optional[dict[str, float]]
    """The exact values, the same keys; None only for a Farkle Python strategy too large to
    evaluate exactly, or a Yahtzee Python player (an estimate)."""
    z: Optional[dict[str, float]]
    """(simulated - exact) / standard_error, the same keys; None where exact is."""
    notes: list[str]
    """Where there is no exact value: why."""

    def _repr_html_(self) -> str:
        """The games beside the exact rate, as an HTML table."""
    def to_pandas(self) -> Any:
        """The win rate's numbers (win_rate, exact_win_rate, standard_error, z) as a one-row
        pandas DataFrame (needs pandas)."""

class Position:
    """One position of a match-up, for the player to move (`swine eval --from`, the names of
    its JSON)."""

    from_: dict[str, int]
    """The position's numbers by name (`from` in JSON, a keyword in Python)."""
    dice: Optional[list[int]]
    """Farkle: the dice shown there."""
    mover_wins: Optional[float]
    """P(the mover wins); None in Yahtzee, a game of one player's score."""
    tie: float
    mover_loses: Optional[float]
    value: float
    """P(win) + P(tie)/2 of `chosen`, then `afterwards`; in Yahtzee the expected final
    score."""
    chosen: str
    """The strategy's choice there, as the game names it: "3 dice", "1 die", "pass", "roll",
    "hold", "bank", "keep 100 points, 5 dice left"."""
    choices: dict[str, float]
    """The value of each choice there, by its name, in the game's order."""
    afterwards: str
    """Who plays the mover's decisions after each choice: the strategy, or "perfect play"
    (Farkle)."""
    values: dict[str, float]
    """The game's own values of the position by name ({} where it has none; Farkle's
    "turn_start": P(the mover wins) at its turn's start, its strategy played)."""
    notes: list[str]

    def _repr_html_(self) -> str:
        """The choices as an HTML table."""
    def to_pandas(self) -> Any:
        """The choices as a pandas DataFrame: choice, value (needs pandas)."""

class Standings:
    """A tournament's entries ranked by expected final score, in a game of one player's score
    (the names of `swine tournament --json` there)."""

    rules: str
    optimal_expected_score: float
    """The optimum's expected final score, points."""
    submissions: list[dict[str, Any]]
    """Best first: file (the entry), status, error, expected_score and shortfall (points), and
    estimate where the score is a simulation's mean."""

class Tournament:
    """An exact round robin (the names of `swine tournament --json`)."""

    rules: str
    strategies: list[str]
    """The entries in the order given (those left out aside)."""
    standings: list[dict[str, Any]]
    """Best first: rank, strategy, mean_win_rate, matches_won."""
    matrix: npt.NDArray[np.float64]
    """matrix[i][j]: entry i against entry j; NaN on the diagonal."""
    errors: list[str]
    """"ENTRY: REASON" for each entry that could not be used."""

    def _repr_html_(self) -> str:
        """The standings and the matrix of win rates, as HTML tables."""
    def to_pandas(self) -> Any:
        """The standings as a pandas DataFrame (needs pandas)."""

class Sweep:
    """Every variant of a grid of a rule script's parameters, surveyed (`swine sweep`)."""

    rules: str
    rows: list[dict[str, Any]]
    """Per variant: its parameters, then optimal_win_rate, full_information,
    minimax_first_player_wins, the best of the game's simple strategies (best_always_roll,
    best_always_roll_win_rate and gap in Hog; best_hold_at... in the Pig family), residual (the
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
    players: Optional[int] = None,
    exact: bool = False,
    progress: bool = True,
) -> Union[Match, Score, Seats]:
    """The exact win rate of `strategy` against `vs` (the ruleset's yardstick when None);
    exact=True adds fractions (Hog and the Pig family). Farkle: a Python strategy past the
    exact limit is an error saying so (simulate it instead). In a game one player plays alone
    (its record's value an expected score: Yahtzee), without `vs`: the strategy's exact final
    score (a Score); with `vs`, the duel (a Match). With players=N (3 or more), `strategy` in
    each seat in turn and `vs` in the others: every seat's chance (a Seats)."""

def solve(
    rules: str = "hog-fa20",
    vs: Optional[StrategyLike] = None,
    *,
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    players: Optional[int] = None,
    exact: bool = False,
    moves: Optional[int] = None,
    progress: bool = True,
) -> Solution:
    """The optimal strategy against `vs` ("minimax": both optimal; None: the yardstick).
    "chopsticks" is solved with both sides perfect, within `moves` moves per player or
    without a limit. A game one player plays alone (Yahtzee) is solved alone where `vs` is
    None: the optimum's expected score, sd and quantiles, no rates."""

def simulate(
    strategy: StrategyLike,
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    players: Optional[int] = None,
    games: Optional[int] = None,
    seed: int = 1,
    progress: bool = True,
) -> Union[Simulation, ScoreSimulation]:
    """`games` seeded games (100,000 unless given; Farkle 2,000) with each seat first, beside
    the exact win rate (`swine simulate`); a Farkle Python strategy too large to evaluate
    exactly is simulated alone, an estimate. In a game one player plays alone (Yahtzee), without
    `vs`: the strategy's games alone, their mean score beside its exact expected score (a
    ScoreSimulation). progress=False keeps it quiet (else it counts the games on stderr)."""

def position(
    strategy: StrategyLike,
    at: tuple[int, ...],
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    players: Optional[int] = None,
    dice: Optional[Sequence[int]] = None,
) -> Position:
    """The position `at`, `strategy` to move: (own, opponent) in Hog (and each player's memory
    where the rules keep one), (own, opponent, passed) in Greed, (own, opponent, turn_total) in
    the Pig family. Farkle: (own, opponent, own_farkles, opponent_farkles, turn_total,
    dice_left) in points and counts, and `dice` the faces a roll there showed (`--dice`).
    Yahtzee: each box's points (-1 open), the Yahtzee bonuses earned in points, and the rolls
    left, with `dice` the faces showing. Checked before anything is solved."""

def tournament(
    strategies: list[StrategyLike],
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    players: Optional[int] = None,
    duels: bool = False,
    progress: bool = True,
) -> Union[Tournament, Standings]:
    """The exact round robin of `strategies` (`swine tournament`); in a game of one player's
    score (Yahtzee) the entries ranked by expected final score, unless `duels`; progress=False
    keeps it quiet (else it counts the matches on stderr)."""

def sweep(
    rules: str,
    set: Mapping[str, Union[int, Iterable[int]]],
    *,
    progress: bool = True,
) -> Sweep:
    """Every combination of the values `set` gives each parameter of the ruleset `rules` (a rule
    script's parameters, {"lucky": range(3, 16)}; any game's goal; Farkle's rule numbers), each
    surveyed as `swine sweep` does, in parallel; progress=False keeps it quiet (else it counts
    the variants on stderr). At most 10,000 variants; refused (SwineError) before it starts
    where its largest variant would not fit in the memory this process may use."""

def games() -> list[dict[str, Any]]:
    """Every game's record, as `swine games --json` gives it: `name`, `label`, `summary`,
    `players` (the counts it can be played by), `value` ("win_probability" or
    "expected_score"), `parameters` [{name, kind, default, doc, ...}], `position`, `chance`,
    `ties`, `can` (its capabilities), `files` and `rulesets` [{name, aliases, summary,
    yardstick, strategies, defaults}]."""

def study(
    strategy: StrategyLike,
    vs: Optional[StrategyLike] = None,
    *,
    rules: str = "hog-fa20",
    goal: Optional[int] = None,
    set: Optional[Settings] = None,
    players: Optional[int] = None,
    check: Optional[int] = None,
    seed: int = 1,
    progress: bool = True,
) -> dict[str, Any]:
    """`strategy` against `vs` (the yardstick when None) studied turn by turn, exactly, as
    `swine study` does (Hog and the Pig family): a dict with `as_first` and `as_second` (`win`,
    `tie`, `turns` {mean, sd, quantiles, unfinished}, `rule_events` [{rule, per_game,
    at_least_once}]), `design`, `distribution` (P(a game lasts exactly t turns) by t from 1,
    per seating) and, with check=GAMES, `simulated`."""
