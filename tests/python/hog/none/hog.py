def final_strategy(score, opponent_score):
    if score == 3 and opponent_score == 7:
        return None
    return 4
