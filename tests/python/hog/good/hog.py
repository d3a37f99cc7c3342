"""A correct final_strategy: six dice until 50 points, then four."""


def final_strategy(score, opponent_score):
    if score < 50:
        return 6
    return 4
