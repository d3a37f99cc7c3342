"""Banks at random (a coin toss): swine must find it not deterministic."""

import random


def final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice):
    kept = [d for d in dice if d in (1, 5)] or [d for d in dice if dice.count(d) >= 3] or dice
    return kept, random.random() < 0.5
