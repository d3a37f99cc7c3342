def final_strategy(score, opponent_score):
    return 100 // (opponent_score - 42) % 11
