"""The swine package against the swine CLI: the same numbers to the last digit, strategies as
specs, arrays and callables, and bad strategies that raise without taking the process down."""

import json
import os
import subprocess
from fractions import Fraction

import numpy as np
import pytest

import swine

# The CLI binary the numbers are compared with: set by the cargo test that runs this file.
CLI = os.environ["SWINE_CLI"]
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def cli(*args):
    run = subprocess.run([CLI, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


@pytest.mark.parametrize(
    "rules, strategy, vs",
    [
        ("hog-fa20", "always_roll:6", "always_roll:4"),
        ("hog-wild", "always_roll:3", "always_roll:5"),
        ("hog-textbook", "always_roll:5", "always_roll:4"),
        (os.path.join(EXAMPLES, "basic-hog.rhai"), "always_roll:7", "always_roll:4"),
    ],
)
def test_evaluate_equals_the_cli_to_the_last_digit(rules, strategy, vs):
    ours = swine.evaluate(strategy, vs, rules=rules, goal=40, exact=True)
    theirs = cli("eval", strategy, "--vs", vs, "--rules", rules, "--goal", "40", "--exact")
    assert (ours.win_rate, ours.as_first, ours.as_second) == (
        theirs["win_rate"],
        theirs["as_first"],
        theirs["as_second"],
    )
    for key in ("win_rate", "as_first", "as_second"):
        assert ours.exact[key] == Fraction(theirs["exact"][key])


def test_solve_equals_the_cli_and_writes_the_same_files(tmp_path):
    ours = swine.solve("hog-fa20", "minimax", goal=30, exact=True)
    out = tmp_path / "cli"
    theirs = cli("solve", "--vs", "minimax", "--goal", "30", "--exact", "--out", str(out))
    assert ours.win_rate == theirs["win_rate"]
    assert ours.first_player_wins == theirs["first_player_wins"]
    assert ours.exact["first_player_wins"] == Fraction(theirs["exact"]["first_player_wins"])
    assert ours.table.shape == (30, 30) and ours.table.dtype == np.uint8
    written = ours.write(tmp_path / "py")
    assert sorted(p.name for p in written) == sorted(os.listdir(out))
    for path in written:
        assert path.read_bytes() == (out / path.name).read_bytes(), path.name


def test_a_callable_and_the_same_table_win_exactly_as_often():
    def strategy(score, opponent_score):
        return 0 if opponent_score % 10 >= 7 else 4 + (score < opponent_score)

    table = np.array([[strategy(s, o) for o in range(50)] for s in range(50)])
    by_callable = swine.evaluate(strategy, rules="hog-fa20", goal=50, exact=True)
    by_table = swine.evaluate(table, rules="hog-fa20", goal=50, exact=True)
    assert by_callable.exact == by_table.exact
    assert by_callable.win_rate == by_table.win_rate
    # A strategy against itself wins exactly half the time.
    assert swine.evaluate(strategy, strategy, goal=50, exact=True).exact["win_rate"] == Fraction(1, 2)


def test_bad_strategies_raise_clear_errors_and_the_process_goes_on():
    with pytest.raises(swine.SwineError, match=r"strategy\(0, 0\): 11 dice is outside 0..=10"):
        swine.evaluate(lambda s, o: 11, goal=20)

    def raises(score, opponent_score):
        raise RuntimeError("no idea")

    with pytest.raises(swine.SwineError, match=r"strategy\(0, 0\) raised RuntimeError: no idea"):
        swine.evaluate(raises, goal=20)
    with pytest.raises(swine.SwineError, match=r"\[20, 19\] entries do not make a 20 x 20 table"):
        swine.evaluate(np.zeros((20, 19)), goal=20)
    with pytest.raises(ValueError, match="unknown strategy 'nope'"):
        swine.evaluate("nope")
    with pytest.raises(swine.SwineError, match="unknown ruleset 'hog-nope'"):
        swine.solve("hog-nope")
    # Still alive, and still right.
    assert swine.evaluate("always_roll:4", "always_roll:4", goal=20).win_rate == 0.5
