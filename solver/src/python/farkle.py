"""swine's Farkle harness: answers a Python Farkle strategy's decisions, run by swine in a child.

Usage: python3 farkle.py, with requests on stdin and answers on stdout, one JSON line each.

The first request names the file, the candidate function names and the limits; the harness
limits its memory, file sizes and processes as harness.py does, imports the file from its own
folder the way the course does, and answers {"function": name} or {"error": "one line"}.

Each later request is {"states": [[score, opponent_score, farkles, opponent_farkles,
turn_total, [dice...]], ...]}. The harness calls the function on each state, the dice as a
sorted tuple, and checks each result's form: a pair (kept, bank), kept a list or tuple of ints
1..6, bank True or False (or 1 or 0); one state in eight is asked twice, and must be answered
the same (a strategy that draws random numbers is caught within a few batches). It answers {"decisions": [[kept, bank],
...]} with the kept dice sorted, up to the first state that failed, and {"error": "one line"}
for that one. Whether the kept dice are a legal keep is for swine to judge (it knows the rules).
Each request has a CPU time budget of its own; SIGUSR1 (sent by swine when a request runs past
its wall-clock limit) stops the running call.
"""

from harness import (
    Rejected,
    _bool,
    _int,
    _type,
    deterministic,
    kind,
    shown,
    strategy_session,
)

_tuple, _list, _len, _sorted = tuple, list, len, sorted


def form(text, result):
    """The result as ([kept dice, sorted], bank), or Rejected saying why it has not that form."""
    if _type(result) not in (_tuple, _list) or _len(result) != 2:
        raise Rejected(
            "%s returned %s, %s, not a pair (kept, bank)" % (text, shown(result), kind(result))
        )
    kept, bank = result
    if _type(kept) not in (_tuple, _list):
        raise Rejected(
            "%s returned kept = %s, %s, not a tuple of dice" % (text, shown(kept), kind(kept))
        )
    for die in kept:
        if _type(die) is not _int or not 1 <= die <= 6:
            raise Rejected("%s returned kept = %s: %s is not a die 1..6" % (text, shown(kept), shown(die)))
    if _type(bank) is _bool:
        bank = bank is True
    elif _type(bank) is _int and bank in (0, 1):
        bank = bank == 1
    else:
        raise Rejected(
            "%s returned bank = %s, %s, not True or False" % (text, shown(bank), kind(bank))
        )
    return [_sorted(kept), bank]


def decide(request, folder, name, function, state, again):
    """The checked decision of the function in one state, called twice if `again`."""
    own, opponent, farkles, opponent_farkles, total, dice = state
    args = (own, opponent, farkles, opponent_farkles, total, _tuple(dice))
    return deterministic(request, folder, name, function, args, form, again)


strategy_session(decide)
