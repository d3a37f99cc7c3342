"""swine's Yahtzee harness: answers a Python Yahtzee player's decisions, run by swine in a child.

Usage: python3 yahtzee.py, with requests on stdin and answers on stdout, one JSON line each.

The first request names the file, the candidate function names and the limits; the harness
limits its memory, file sizes and processes as harness.py does, imports the file from its own
folder the way the course does, and answers {"function": name} or {"error": "one line"}.

Each later request is {"states": [[card, [dice...], rolls_left], ...]}, card the boxes in the
card's order (Yahtzee's thirteen: Ones ... Sixes, Three of a Kind, Four of a Kind, Full House,
Small Straight, Large Straight, Yahtzee, Chance; Yatzy's fifteen: Ones ... Sixes, One Pair, Two
Pairs, Three of a Kind, Four of a Kind, Small Straight, Large Straight, Full House, Chance,
Yatzy), each its points or null where open. The harness
calls final_strategy(card, dice, rolls_left) on each, the card and the dice as tuples (the dice
sorted), and checks each result's form: with rolls left, the dice to keep (a tuple or list of
ints 1..6); with none, the box to fill (its number from 0 or its name, e.g. "full_house" or
"Full House"). One state in eight is asked twice and must be answered the same. It answers
{"decisions": [...]} (kept dice sorted, or a box as given), up to the first state that failed,
and {"error": "one line"} for that one. Whether a keep is among the dice and a box is open is
for swine to judge (it knows the rules). Each request has a CPU time budget of its own;
SIGUSR1 (sent by swine when a request runs past its wall-clock limit) stops the running call.
"""

from harness import (
    Rejected,
    _int,
    _type,
    deterministic,
    kind,
    shown,
    strategy_session,
)

_tuple, _list, _sorted, _str = tuple, list, sorted, str


def form(text, result, rolls_left):
    """The result as the kept dice (sorted) or the box, or Rejected saying why it has not that
    form."""
    if rolls_left > 0:
        if _type(result) not in (_tuple, _list):
            raise Rejected(
                "%s returned %s, %s, not a tuple of the dice to keep" % (text, shown(result), kind(result))
            )
        for die in result:
            if _type(die) is not _int or not 1 <= die <= 6:
                raise Rejected("%s returned %s: %s is not a die 1..6" % (text, shown(result), shown(die)))
        return _sorted(result)
    if _type(result) is _int or _type(result) is _str:
        return result
    raise Rejected(
        "%s returned %s, %s, not a box (its number from 0 or its name)" % (text, shown(result), kind(result))
    )


def decide(request, folder, name, function, state, again):
    """The checked decision of the function in one state, called twice if `again`."""
    card, dice, rolls_left = state
    args = (_tuple(card), _tuple(dice), rolls_left)

    def checked(text, result):
        return form(text, result, rolls_left)

    return deterministic(request, folder, name, function, args, checked, again)


strategy_session(decide)
