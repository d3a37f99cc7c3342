"""The package's memory check, as the CLI's: work larger than the memory the process may use
(free memory, its `ulimit -v`) is refused with a SwineError before it starts, a sweep is sized
by its largest variant and its grid capped without reading it, and bools are no numbers."""

import subprocess
import sys
import time

import pytest

import swine

FARKLE = {"rules": "farkle", "goal": 100000}
TOO_LARGE = r"^solving this would take about 465 GB and 17.2 h \(37822500 states\), more than the "


@pytest.mark.parametrize(
    "call",
    [
        lambda: swine.solve(**FARKLE),
        lambda: swine.evaluate("optimal", **FARKLE),
        lambda: swine.study("optimal", **FARKLE),
        lambda: swine.simulate("optimal", **FARKLE),
        lambda: swine.position("optimal", (0, 0, 0, 0, 0, 6), **FARKLE),
        lambda: swine.tournament(["optimal", "bank_at:300"], **FARKLE),
    ],
)
def test_work_larger_than_the_memory_free_is_refused_at_once(call):
    # swine.solve(rules="farkle", goal=100000) started, and grew to 2.4 GB.
    started = time.monotonic()
    with pytest.raises(swine.SwineError, match=TOO_LARGE):
        call()
    assert time.monotonic() - started < 1.0


LIMITED_CHILD = """
import resource
import swine
resource.setrlimit(resource.RLIMIT_AS, (4_000_000 * 1024, resource.RLIM_INFINITY))
HOG = {"rules": "hog-fa17", "goal": 1000}
for call in [
    lambda: swine.solve(**HOG),
    lambda: swine.evaluate("always_roll:4", **HOG),
    lambda: swine.study("always_roll:4", **HOG),
    lambda: swine.position("optimal", (0, 0, 0, 0), **HOG),
    lambda: swine.sweep("hog-fa17", {"goal": [100, 1000]}),
]:
    try:
        call()
        print("solved")
    except swine.SwineError as error:
        print(error)
# What fits under the same limit is solved.
print(swine.evaluate("optimal", rules="hog-fa17", goal=100).win_rate > 0.5)
"""


def test_under_an_address_space_limit_work_past_it_raises_rather_than_aborting():
    # Under ulimit -v 4000000, swine.solve("hog-fa17", goal=1000) aborted the interpreter
    # (SIGABRT) on "memory allocation of 2048002048 bytes failed".
    child = subprocess.run(
        [sys.executable, "-c", LIMITED_CHILD], capture_output=True, text=True, timeout=120
    )
    assert child.returncode == 0, child.stderr
    lines = child.stdout.splitlines()
    assert len(lines) == 6, child.stdout
    limit = " GB this process may still map (its address-space limit, ulimit -v)"
    estimate = "solving this would take about 11 GB and 85 s (256000000 states), more than the "
    for line in lines[:4]:
        assert line.startswith(estimate) and line.endswith(limit), line
    assert lines[4].startswith("set: goal=1000: " + estimate) and lines[4].endswith(limit)
    assert lines[5] == "True"


def test_a_sweep_is_sized_by_its_largest_variant_before_it_starts():
    started = time.monotonic()
    with pytest.raises(swine.SwineError, match=r"^set: goal=100000: " + TOO_LARGE[1:]):
        swine.sweep("farkle", {"goal": [1000, 100000, 2000]}, progress=False)
    assert time.monotonic() - started < 1.0


def endless():
    """Goals without end."""
    goal = 0
    while True:
        goal += 1
        yield goal


@pytest.mark.parametrize("values", [range(1, 10**9), range(10**20), endless(), list(range(10_001))])
def test_a_sweep_s_grid_is_capped_as_the_cli_s_without_reading_it(values):
    # swine.sweep("hog-fa20", {"goal": range(1, 10**9)}) grew to 15 GB.
    started = time.monotonic()
    with pytest.raises(swine.SwineError, match=r"^set: the grid has more than 10000 variants$"):
        swine.sweep("hog-fa20", {"goal": values}, progress=False)
    assert time.monotonic() - started < 1.0


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: swine.solve(goal=True), r"^goal=True: a bool, not a whole number$"),
        (lambda: swine.evaluate("always_roll:4", goal=False), r"^goal=False: a bool"),
        (lambda: swine.simulate("always_roll:4", games=True), r"^games=True: a bool"),
        (lambda: swine.simulate("always_roll:4", seed=True), r"^seed=True: a bool"),
        (lambda: swine.study("always_roll:4", goal=20, seed=True), r"^seed=True: a bool"),
        (lambda: swine.study("always_roll:4", goal=20, check=True), r"^check=True: a bool"),
        (lambda: swine.solve("chopsticks", moves=True), r"^moves=True: a bool"),
        (lambda: swine.position("optimal", (True, 0), goal=20), r"^at=True: a bool"),
        (lambda: swine.solve("pig", set={"goal": True}), r"^set: goal's value True is not a whole"),
        (lambda: swine.sweep("pig", {"goal": [10, True]}), r"^set: goal=True: a bool"),
    ],
)
def test_bools_are_refused_where_numbers_are_asked(call, message):
    # goal=True ran as goal 1.
    with pytest.raises(swine.SwineError, match=message):
        call()
