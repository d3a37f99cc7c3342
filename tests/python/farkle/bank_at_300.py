"""bank_at:300 written as a Python Farkle strategy: keep every scoring die, bank once the turn
total is at least 300 (swine's built-in bank_at:300, for checking one against the other)."""


def points(counts):
    """The points of keeping every die counted (each face scores alone or as a kind)."""
    total = 0
    for face, count in counts.items():
        three = 1000 if face == 1 else 100 * face
        if count >= 3:
            total += three * (count - 2)
        elif face == 1:
            total += 100 * count
        elif face == 5:
            total += 50 * count
    return total


def final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice):
    counts = {face: dice.count(face) for face in range(1, 7)}
    shape = sorted(c for c in counts.values() if c)
    if len(dice) == 6 and shape in ([1] * 6, [2, 2, 2], [2, 4]):
        return dice, True  # a straight or three pairs: 750 or more, past 300
    kept = tuple(d for d in dice if d in (1, 5) or counts[d] >= 3)
    kept_counts = {face: kept.count(face) for face in range(1, 7)}
    return kept, turn_total + points(kept_counts) >= 300
