"""The twin of tests/conformance.rs for the package: every registered game, at a small size,
answers every function of the package or refuses it through its capabilities in the CLI's one
form (in the package's words), and every result carries the names docs/json.md gives its
verb's JSON, and no others; where a CLI is at hand, the values under those names are the
CLI's."""

import math
import os
import re

import numpy as np
import pytest

import swine
from test_swine import CLI, REPOSITORY, cli

JSON_MD = os.path.join(REPOSITORY, "docs", "json.md")

# What a result carries beside its JSON's names: a Solution's arrays (the files' contents).
EXTRAS = {"table", "table_axes", "values", "values_axes"}


def shapes():
    """The shapes docs/json.md gives: {name: [(names, always)]}, from the table after each
    `<!-- shape: NAME -->`."""
    found = {}
    lines = iter(open(JSON_MD, encoding="utf-8").read().splitlines())
    for line in lines:
        named = re.fullmatch(r"<!-- shape: (\w+) -->", line)
        if not named:
            continue
        keys = []
        for row in lines:
            if not row.startswith("|"):
                break
            cells = [c.strip() for c in row.strip("|").split(" | ")]
            if cells[0].startswith("`"):
                names = [n.strip().strip("`") for n in cells[0].split("\\|")]
                keys.append((names, cells[-1] == "always"))
        found[named.group(1)] = keys
    return found


SHAPES = shapes()


def names_of(result):
    """The names a result carries: its public attributes that are not methods and not None
    (JSON leaves out what a result does not have: a Solution's expected score in a game of two
    seats, its win rates in a game of one player's score; `from_` is JSON's `from`, a Python
    keyword)."""
    names = {n for n in dir(result)
             if not n.startswith("_") and not callable(getattr(result, n))
             and getattr(result, n) is not None}
    return {"from" if n == "from_" else n for n in names}


def conforms(result, shape, beside=("heading",)):
    """Checks `result` against the shape: every key it always has is there, and every name is
    one of the shape's, the heading's or the batch's (or a Solution's arrays)."""
    names = names_of(result)
    allowed = set(EXTRAS)
    for name in (shape, *beside):
        for keys, _ in SHAPES[name]:
            allowed.update(keys)
    for keys, always in SHAPES[shape]:
        if always:
            assert any(k in names for k in keys), f"{type(result).__name__} lacks {keys}"
    assert names <= allowed, f"{type(result).__name__}: {sorted(names - allowed)} not in {shape}"
    return names


def same(ours, theirs, key):
    """Whether our value under `key` is the CLI's (numbers to the bit, NaN as null)."""
    if isinstance(ours, np.ndarray):
        theirs = np.array([[math.nan if x is None else x for x in row] for row in theirs])
        return np.array_equal(ours, theirs, equal_nan=True)
    if key == "from":
        return dict(ours) == theirs
    return ours == theirs


def agrees(result, names, theirs, skip=()):
    """Checks that every name the result shares with the CLI's JSON holds the same value."""
    for name in sorted(names & set(theirs) - set(skip)):
        ours = getattr(result, "from_" if name == "from" else name)
        assert same(ours, theirs[name], name), f"{name}: {ours!r} != {theirs[name]!r}"


def flags(case):
    """The CLI's flags for a case's rules."""
    out = ["--rules", case["rules"]]
    if "goal" in case:
        out += ["--goal", str(case["goal"])]
    for name, value in case.get("set", {}).items():
        out += ["--set", f"{name}={value}"]
    return out


CASES = [
    {"rules": "hog-fa20", "goal": 30, "pair": ("always_roll:4", "always_roll:6"), "at": (3, 4)},
    {"rules": "greed", "goal": 30, "pair": ("sample1", "sample2"), "at": (3, 4, 0)},
    {"rules": "piglet", "goal": 8, "pair": ("hold_at:2", "hold_at:3"), "at": (3, 4, 2)},
    {"rules": "farkle", "goal": 300, "set": {"floor": -100}, "pair": ("bank_at:200", "max_points"),
     "at": (0, 0, 0, 0, 100, 5), "dice": [1, 2, 3, 4, 6]},
    {"rules": "chopsticks"},
    # The tests' own game, registered beside the built-ins in the wheel the tests build.
    {"rules": "coin-race", "goal": 12, "pair": ("safe", "bold"), "at": (3, 4)},
]


def test_every_registered_game_is_a_case_and_listed_as_the_cli_lists_it():
    games = swine.games()
    ruleset_games = {r["name"]: g["name"] for g in games for r in g["rulesets"]}
    assert {ruleset_games[c["rules"]] for c in CASES} <= {g["name"] for g in games}
    for game in games:
        assert game["value"] in ("win_probability", "expected_score"), game["name"]
        assert all({"name", "default", "doc"} <= set(p) for p in game["parameters"]), game["name"]
    if CLI is not None:
        assert cli("games") == games


def game_of(case):
    """The keyword arguments naming a case's game."""
    return {k: case[k] for k in ("rules", "goal", "set") if k in case}


@pytest.mark.parametrize("case", CASES, ids=[c["rules"] for c in CASES])
def test_every_game_answers_every_function_or_refuses_it_in_the_one_form(case, tmp_path):
    game = game_of(case)
    solved = swine.solve(**game, progress=False)
    names = conforms(solved, "match")
    if CLI is not None:
        theirs = cli("solve", *flags(case), "--out", str(tmp_path))
        agrees(solved, names, theirs, skip=("files",))
    if "pair" not in case:
        # No strategies: every function about them refuses, in the one form.
        for call in [
            lambda: swine.evaluate("x", **game),
            lambda: swine.simulate("x", **game, progress=False),
            lambda: swine.position("x", (0, 0), **game),
            lambda: swine.tournament(["x", "y"], **game, progress=False),
        ]:
            with pytest.raises(swine.SwineError, match=f"^{case['rules']} is a game without chance or strategies"):
                call()
        return
    a, b = case["pair"]

    match = swine.evaluate(a, b, **game, progress=False)
    names = conforms(match, "match")
    rules = match.rules
    if CLI is not None:
        agrees(match, names, cli("eval", a, "--vs", b, *flags(case)))
    try:
        exact = swine.evaluate(a, b, **game, exact=True, progress=False)
        assert float(exact.exact["win_rate"]) == pytest.approx(exact.win_rate, abs=1e-15)
    except swine.SwineError as refused:
        assert str(refused).startswith(f"exact=True: {rules} "), refused

    dice = case.get("dice")
    position = swine.position(a, case["at"], b, **game, dice=dice)
    names = conforms(position, "position")
    if CLI is not None:
        more = ["--dice", ",".join(map(str, dice))] if dice else []
        theirs = cli("eval", a, "--vs", b, *flags(case), "--from", ",".join(map(str, case["at"])),
                     *more)
        agrees(position, names, theirs, skip=("choices",))
        assert position.choices == {c["choice"]: c["value"] for c in theirs["choices"]}

    simulated = swine.simulate(a, b, **game, games=300, seed=3, progress=False)
    names = conforms(simulated, "simulation")
    if CLI is not None:
        theirs = cli("simulate", a, "--vs", b, *flags(case), "--games", "300", "--seed", "3")
        agrees(simulated, names, theirs)

    played = swine.tournament([a, b, "optimal"], **game, progress=False)
    names = conforms(played, "tournament", beside=("batch",))
    if CLI is not None:
        agrees(played, names, cli("tournament", a, b, "optimal", *flags(case)))


@pytest.mark.parametrize(
    "rules, goals, more",
    # Farkle at a floor of -100: its default floor (-500) makes each solve take seconds.
    [("hog-fa20", [10, 12], {}), ("greed", [10, 12], {}), ("piglet", [5, 6], {}),
     ("farkle", [300, 350], {"floor": [-100]})],
)
def test_a_sweep_of_every_game_with_a_goal_has_one_shape(rules, goals, more):
    swept = swine.sweep(rules, {"goal": goals, **more}, progress=False)
    names = conforms(swept, "sweep", beside=())
    assert [row["goal"] if "goal" in row else row.get("limit") for row in swept.rows] == goals
    for row in swept.rows:
        assert row["optimal_win_rate"] > 0.5, row
    if CLI is not None:
        grid = {"goal": goals, **more}
        sets = [arg for name, values in grid.items()
                for arg in ("--set", f"{name}=" + ",".join(map(str, values)))]
        agrees(swept, names, cli("sweep", "--rules", rules, *sets))
