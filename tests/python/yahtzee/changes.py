"""A Yahtzee player whose answer changes when a position is asked again long after: it keeps
every die (or fills the first empty box) when first asked (and when the harness calls it twice
in a row), and keeps none (or fills the last) once 50 more positions have been asked since."""

LAG = 50
first_asked = {}


def final_strategy(card, dice, rolls_left):
    state = (tuple(card), tuple(dice), rolls_left)
    order = first_asked.setdefault(state, len(first_asked))
    late = len(first_asked) > order + LAG
    if rolls_left > 0:
        return () if late else tuple(dice)
    empty = [box for box, points in enumerate(card) if points is None]
    return empty[-1] if late else empty[0]
