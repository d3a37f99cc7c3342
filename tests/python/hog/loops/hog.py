def final_strategy(score, opponent_score):
    while score >= 0:
        score += 1
    return 4
