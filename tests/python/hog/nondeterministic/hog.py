import random


def final_strategy(score, opponent_score):
    return random.randint(0, 10)
