"""An honest submission in a batch of hostile ones: graded as if it were alone."""


def final_strategy(score, opponent_score):
    return 5
