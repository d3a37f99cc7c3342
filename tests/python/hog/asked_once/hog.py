calls = 0


def final_strategy(score, opponent_score):
    """Counts its calls: the 10,000 states once, and 200 of them again, are fine; asking every
    state twice (20,000 calls) is not."""
    global calls
    calls += 1
    if calls > 10_200:
        raise RuntimeError("asked %d times" % calls)
    return 5
