"""swine's rule of thumb for Yahtzee, in Python, for the plain rules (--set joker=none): keep
every die of the commonest face (the higher face where two are as common); with no rolls left,
fill the open box that scores the most now, the upper bonus included (the first in the card's
order among equals)."""

UPPER_THRESHOLD, UPPER_BONUS = 63, 35


def plain(box, dice):
    """What the dice score in box 0..12 by the plain rules."""
    counts = [dice.count(face) for face in range(1, 7)]
    faces = set(dice)
    if box < 6:
        return (box + 1) * counts[box]
    if box == 6:
        return sum(dice) if max(counts) >= 3 else 0
    if box == 7:
        return sum(dice) if max(counts) >= 4 else 0
    if box == 8:
        return 25 if 3 in counts and 2 in counts else 0
    if box == 9:
        runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
        return 30 if any(run <= faces for run in runs) else 0
    if box == 10:
        return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == 11:
        return 50 if max(counts) == 5 else 0
    return sum(dice)


def final_strategy(card, dice, rolls_left):
    if rolls_left > 0:
        face = max(range(1, 7), key=lambda f: (dice.count(f), f))
        return (face,) * dice.count(face)
    upper = sum(points for points in card[:6] if points is not None)
    best, gained = None, -1
    for box, points in enumerate(card):
        if points is not None:
            continue
        score = plain(box, list(dice))
        if box < 6 and upper < UPPER_THRESHOLD <= upper + score:
            score += UPPER_BONUS
        if score > gained:
            best, gained = box, score
    return best
