"""CS 61A Fall 2020 Hog, written as a student would: the course's imports, its helper
functions, and a final_strategy built from them (bacon_strategy with cutoff 8 and 6 dice)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100  # The goal of Hog is to score 100 points.
FIRST_101_DIGITS_OF_PI = 31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679


def roll_dice(num_rolls, dice=six_sided):
    """Simulate rolling the DICE exactly NUM_ROLLS > 0 times (Pig Out)."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    total, pigged = 0, False
    while num_rolls:
        outcome = dice()
        if outcome == 1:
            pigged = True
        total += outcome
        num_rolls -= 1
    return 1 if pigged else total


def free_bacon(score):
    """Points scored from rolling 0 dice (Free Bacon)."""
    assert score < 100, 'The game should be over.'
    pi = FIRST_101_DIGITS_OF_PI
    pi = pi // pow(10, 100 - score)
    return pi % 10 + 3


def take_turn(num_rolls, opponent_score, dice=six_sided):
    if num_rolls == 0:
        return free_bacon(opponent_score)
    return roll_dice(num_rolls, dice)


def bacon_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 dice if that gives at least CUTOFF points, and NUM_ROLLS otherwise."""
    if free_bacon(opponent_score) >= cutoff:
        return 0
    return num_rolls


def final_strategy(score, opponent_score):
    print("thinking about", score, opponent_score)
    return bacon_strategy(score, opponent_score)


@main
def run(*args):
    """Read in the command-line argument and calls corresponding functions."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true')
    args = parser.parse_args()
