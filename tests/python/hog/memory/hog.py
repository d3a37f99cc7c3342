def final_strategy(score, opponent_score):
    hoard = [0] * (10 ** 10)
    return len(hoard) % 11
