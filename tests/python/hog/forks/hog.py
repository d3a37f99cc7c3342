"""A fork bomb while importing: stopped at the process limit, and said so."""

import os

while True:
    os.fork()


def final_strategy(score, opponent_score):
    return 4
