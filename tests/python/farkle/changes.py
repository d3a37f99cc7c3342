"""A Farkle strategy whose answer changes when a state is asked again long after: bank_at:300
for every state when first asked (and when the harness calls it twice in a row), the other way
round about banking once 50 more states have been asked since (as a table written past the
function, or one that changes as it goes, would answer)."""

from bank_at_300 import final_strategy as bank_at_300

LAG = 50
first_asked = {}


def final_strategy(score, opponent_score, farkles, opponent_farkles, turn_total, dice):
    kept, bank = bank_at_300(score, opponent_score, farkles, opponent_farkles, turn_total, dice)
    state = (score, opponent_score, farkles, opponent_farkles, turn_total, tuple(dice))
    order = first_asked.setdefault(state, len(first_asked))
    return kept, bank != (len(first_asked) > order + LAG)
