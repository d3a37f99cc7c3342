import time


def final_strategy(score, opponent_score):
    """Takes 30 s on one state: the call's own time limit stops it, naming the call."""
    if (score, opponent_score) == (12, 40):
        time.sleep(30)
    return 4
