"""Raises on every call: swine must report the call and the exception."""


def final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice):
    raise ValueError("no plan yet")
