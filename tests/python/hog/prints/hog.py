print("loading my strategy...")


def final_strategy(score, opponent_score):
    print(score, opponent_score, "-> 5")
    return 5
