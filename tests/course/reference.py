#!/usr/bin/env python3
"""An independent reference for swine's course presets (CS 61A Hog, Spring 2018 to Fall 2024).

Written from RULES.md ("Every CS 61A Hog semester") and the terms' own ok tests, in plain Python:
it shares no code with swine (no rhai script, no table, no solver) and needs nothing beyond the
standard library.

    reference.py check FILE...
        Checks every case of the course data files (tests/data/course/*.txt) against this
        reference: zero-dice points, after-turn rules, strategies, whole turns, play(...) games
        and describe_game traces. Prints one line per failure; exit status 1 if any.

    reference.py eval PRESET A B [--goal G] [--set NAME=VALUE ...]
        The exact probability that strategy A beats strategy B, A moving first and A moving
        second, over the whole game state: both scores, whose turn it is and, under Feral Hogs
        (hog-sp20, hog-su20), the points each player scored on their previous turn. A and B are
        always_roll:N or a CSV table as `swine solve --format csv` writes it (one line per own
        score: the dice for each opponent score). Prints a JSON object
        {"first": P, "second": P, "win_rate": (first + second) / 2}.

How eval solves: every turn of these rules adds at least one point to the sum of the two
scores (swaps only exchange them), except in hog-sp22, where Hefty Hogs can score 0. So the
states are solved in layers of equal score sum, from the largest sum down; a layer's states
depend only on larger sums, so one pass over each layer is exact. In hog-sp22 a layer's states
can also lead to one another (a turn that scores 0), so each layer is iterated from 0 until no
value changes by more than 1e-15 (the least fixpoint: a game that never ends is won by nobody).

The course's strategies (bacon_strategy and its successors) follow each term's docstring where
the tests leave a choice open. What the tests do pin down: a swap_strategy from fall 2018 on
rolls num_rolls for a harmful swap even when Free Bacon reaches the margin; more_boar_strategy,
hog_pile_strategy and pigs_on_prime_strategy roll 0 whenever rolling 0 sets off their rule,
whatever the threshold; square_strategy and sus_strategy measure the gain after the rule. Left
open by the tests, taken from the docstrings: spring 2018's swap_strategy has no harmful-swap
clause; spring 2022's hefty_hogs_strategy compares Hefty Hogs' points alone.
"""

import csv
import json
import math
import sys

DEFAULT_GOAL = 100


# --- digits and numbers ---------------------------------------------------------------------


def ones(n):
    return n % 10


def tens(n):
    return n // 10 % 10


def digits(n):
    return [int(c) for c in str(n)]


def first_digit(n):
    return digits(n)[0]


def is_prime_strict(n):
    if n < 2:
        return False
    return all(n % d for d in range(2, math.isqrt(n) + 1))


def factor_count(n):
    return sum(1 for d in range(1, n + 1) if n % d == 0)


# --- the terms' rules -----------------------------------------------------------------------
#
# Each preset: zero(own, opp) -> points for rolling 0 dice; after(mover, opp, settings) ->
# (mover, opp, extra turn) once the turn's points are added; feral: whether Feral Hogs applies
# (with the setting feral_hogs); strategies: {name: f(own, opp, *params) -> dice}.


def sp18_zero(own, opp):
    return 2 + abs(tens(opp) - ones(opp))


def sp18_swaps(a, b):
    return a > 1 and b > 1 and (a % b == 0 or b % a == 0)


def fa18_zero(own, opp):
    return max(1, 2 * tens(opp) - ones(opp))


def fa18_swaps(a, b):
    return abs(tens(a % 100) - ones(a)) == abs(tens(b % 100) - ones(b))


def su19_zero(own, opp):
    return 10 - min(tens(opp), ones(opp))


def su19_swaps(mover, opp):
    return first_digit(mover) == ones(opp)


def sp20_zero(own, opp):
    ds = digits(opp ** 3)
    return 1 + abs(sum(d if i % 2 == 0 else -d for i, d in enumerate(ds)))


def sp20_swaps(mover, opp):
    ds = digits(3 ** (mover + opp))
    return ds[0] == ds[-1]


def su20_zero(own, opp):
    return 10 - ones(opp) + tens(opp)


def su20_swaps(mover, opp):
    return abs(ones(mover) - ones(opp)) == tens(opp)


def sp21_zero(own, opp):
    return 3 + min(digits(opp * opp))


def two_digits(n):
    """The first two digits of n as written, a one-digit n read as 0n."""
    ds = digits(n)
    return (0, ds[0]) if len(ds) == 1 else (ds[0], ds[1])


def sp21_more_boar(mover, opp):
    m, o = two_digits(mover), two_digits(opp)
    return m[0] < o[0] and m[1] < o[1]


def fa21_zero(own, opp):
    return int("714285"[opp % 6])


def fa21_pile(mover, opp):
    return mover if mover == opp else 0


HEFTY = {
    0: lambda v: v + 1,
    1: lambda v: v * v,
    2: lambda v: 3 * v,
    3: lambda v: v // 4,
    4: lambda v: v - 5,
    5: lambda v: v % 6,
    6: lambda v: int((v % 7) * 8),
    7: lambda v: int(v * 8.8),
    8: lambda v: int(v / 99 * 15) + 10,
    9: lambda v: v,
}


def sp22_zero(own, opp):
    if opp == 0:
        return 1
    v = own
    for d in reversed(digits(opp)):
        v = HEFTY[d](v)
    return v % 30


def sp22_pile(mover, opp):
    return ones(mover) if ones(mover) == ones(opp) else 0


def su22_zero(own, opp):
    return max(1, 2 * tens(opp) - ones(opp))


def su22_is_prime(n):
    """The term's given is_prime: 1 counts as prime."""
    return n == 1 or is_prime_strict(n)


def su22_next_prime(n):
    n += 1
    while not su22_is_prime(n):
        n += 1
    return n


def su22_gain(mover, opp):
    return su22_next_prime(mover) - mover if su22_is_prime(mover) else 0


def fa22_zero(own, opp):
    return 2 * abs(tens(opp) - ones(opp)) + 1


def is_square(n):
    return math.isqrt(n) ** 2 == n


def fa22_square(n):
    return (math.isqrt(n) + 1) ** 2 if is_square(n) else n


def fa24_zero(own, opp):
    return 3 * abs(tens(opp) - ones(own)) or 1


def fa24_sus(n):
    if factor_count(n) not in (3, 4):
        return n
    n += 1
    while not is_prime_strict(n):
        n += 1
    return n


def swap_after(swaps):
    def after(mover, opp, settings):
        if swaps(mover, opp):
            return opp, mover, False
        return mover, opp, False
    return after


def sp21_after(mover, opp, settings):
    return mover, opp, sp21_more_boar(mover, opp)


def gain_after(gain):
    def after(mover, opp, settings):
        return mover + gain(mover, opp), opp, False
    return after


def fa22_after(mover, opp, settings):
    if settings.get("square_swine", 1):
        mover = fa22_square(mover)
    return mover, opp, False


def fa24_after(mover, opp, settings):
    if settings.get("sus_fuss", 1):
        mover = fa24_sus(mover)
    return mover, opp, False


# Strategies, as each term's docstrings and tests have them.


def bacon(zero):
    def strategy(own, opp, margin, num_rolls):
        return 0 if zero(own, opp) >= margin else num_rolls
    return strategy


def swap_strategy(zero, swaps, harmful_blocks):
    """Roll 0 for a beneficial swap; for a harmful one roll num_rolls (from fall 2018 on: "rolls
    0 dice if it gives at least MARGIN points and does not trigger a non-beneficial swap"; spring
    2018's docstring has no such clause); otherwise as bacon."""
    def strategy(own, opp, margin, num_rolls):
        points = zero(own, opp)
        after = own + points
        if swaps(after, opp) and after < opp:
            return 0
        if harmful_blocks and swaps(after, opp) and after > opp:
            return num_rolls
        return 0 if points >= margin else num_rolls
    return strategy


def gain_strategy(zero, after):
    """Roll 0 if rolling 0 (the after-turn rule included) raises the score by >= threshold."""
    def strategy(own, opp, threshold, num_rolls):
        mover, _, _ = after(own + zero(own, opp), opp, {})
        return 0 if mover - own >= threshold else num_rolls
    return strategy


def trigger_strategy(zero, triggers):
    """Roll 0 when rolling 0 sets off the term's after-turn rule (triggers(score after, opponent)),
    whatever the threshold; otherwise as bacon (More Boar, Hog Pile, Pigs on Prime)."""
    plain = bacon(zero)

    def strategy(own, opp, threshold, num_rolls):
        if triggers(own + zero(own, opp), opp):
            return 0
        return plain(own, opp, threshold, num_rolls)
    return strategy


class Rules:
    def __init__(self, name, zero, after, strategies, feral=False, parameters=()):
        self.name, self.zero, self.after = name, zero, after
        self.strategies, self.feral, self.parameters = strategies, feral, set(parameters)


def make_rules():
    rules = {}

    def add(r, *aliases):
        for n in (r.name,) + aliases:
            rules[n] = r

    add(Rules("hog-sp18", sp18_zero, swap_after(sp18_swaps), {
        "bacon": bacon(sp18_zero),
        "swap": swap_strategy(sp18_zero, sp18_swaps, harmful_blocks=False)}))
    add(Rules("hog-fa18", fa18_zero, swap_after(fa18_swaps), {
        "bacon": bacon(fa18_zero),
        "swap": swap_strategy(fa18_zero, fa18_swaps, harmful_blocks=True)}))
    add(Rules("hog-su19", su19_zero, swap_after(su19_swaps), {
        "bacon": bacon(su19_zero),
        "swap": swap_strategy(su19_zero, su19_swaps, harmful_blocks=True)}))
    add(Rules("hog-sp20", sp20_zero, swap_after(sp20_swaps), {
        "bacon": bacon(sp20_zero),
        "swap": swap_strategy(sp20_zero, sp20_swaps, harmful_blocks=True)},
        feral=True, parameters=["feral_hogs"]))
    add(Rules("hog-su20", su20_zero, swap_after(su20_swaps), {
        "bacon": bacon(su20_zero),
        "swap": swap_strategy(su20_zero, su20_swaps, harmful_blocks=True)},
        feral=True, parameters=["feral_hogs"]))
    add(Rules("hog-sp21", sp21_zero, sp21_after, {
        "piggypoints": bacon(sp21_zero),
        "more_boar": trigger_strategy(sp21_zero, sp21_more_boar)}))
    add(Rules("hog-fa21", fa21_zero, gain_after(fa21_pile), {
        "picky_piggy": bacon(fa21_zero),
        "hog_pile": trigger_strategy(fa21_zero, lambda m, o: fa21_pile(m, o) > 0)}))
    add(Rules("hog-sp22", sp22_zero, gain_after(sp22_pile), {
        "hefty_hogs": bacon(sp22_zero),
        "hog_pile": trigger_strategy(sp22_zero, lambda m, o: sp22_pile(m, o) > 0)}))
    add(Rules("hog-su22", su22_zero, gain_after(su22_gain), {
        "oink_points": bacon(su22_zero),
        "pigs_on_prime": trigger_strategy(su22_zero, lambda m, o: su22_gain(m, o) > 0)}))
    add(Rules("hog-fa22", fa22_zero, fa22_after, {
        "tail": bacon(fa22_zero),
        "square": gain_strategy(fa22_zero, fa22_after)}, parameters=["square_swine"]),
        "hog-sp23")
    add(Rules("hog-fa24", fa24_zero, fa24_after, {
        "boar": bacon(fa24_zero),
        "sus": gain_strategy(fa24_zero, fa24_after)}, parameters=["sus_fuss"]),
        "hog-fa23", "hog-su24")
    return rules


RULES = make_rules()


# --- one turn -------------------------------------------------------------------------------


def dice_points(faces):
    """Sow Sad / Pig Out: any 1 scores 1, else the sum."""
    return 1 if 1 in faces else sum(faces)


class Player:
    """A seat: its score and, under Feral Hogs, the points of its previous turn."""

    def __init__(self, score):
        self.score, self.last = score, 0


def take_turn(rules, settings, seats, who, n, faces):
    """Plays seat `who`'s turn of n dice showing `faces` (none for 0); returns whether the same
    seat moves again. Seats' scores change in place."""
    mover, other = seats[who], seats[1 - who]
    points = rules.zero(mover.score, other.score) if n == 0 else dice_points(faces)
    bonus = 0
    if rules.feral and settings.get("feral_hogs", 1) and abs(n - mover.last) == 2:
        bonus = 3
    mover.last = points
    mover.score, other.score, extra = rules.after(mover.score + points + bonus, other.score, settings)
    return extra


class Cycle:
    """make_test_dice(*outcomes): the outcomes, cycled."""

    def __init__(self, outcomes):
        self.outcomes, self.i = outcomes, 0

    def roll(self, n):
        faces = []
        for _ in range(n):
            faces.append(self.outcomes[self.i % len(self.outcomes)])
            self.i += 1
        return faces


def play(rules, settings, strategies, score0, score1, goal, dice):
    seats = [Player(score0), Player(score1)]
    who = 0
    while seats[0].score < goal and seats[1].score < goal:
        n = strategies[who](seats[who].score, seats[1 - who].score)
        assert isinstance(n, int) and 0 <= n <= 10, n
        if not take_turn(rules, settings, seats, who, n, dice.roll(n)):
            who = 1 - who
    return seats[0].score, seats[1].score


# --- the data files -------------------------------------------------------------------------


def parse_call(text):
    """'f(1, 2, a=3, make_test_dice(4, 5))' -> ('f', [1, 2, 3, [4, 5]])"""
    name, rest = text.split("(", 1)
    inner = rest[: rest.rindex(")")]
    args, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    if cur.strip():
        args.append(cur.strip())
    values = []
    for a in args:
        if "=" in a and "(" not in a.split("=", 1)[0]:
            a = a.split("=", 1)[1]
        if a.startswith("make_test_dice("):
            values.append(parse_call(a)[1])
        elif a == "s":
            values.append("s")
        else:
            values.append(int(a))
    return name.strip(), values


def parse_settings(text):
    """'... [a=1, b=0]' -> ('...', {'a': 1, 'b': 0})"""
    text = text.strip()
    if not text.endswith("]"):
        return text, {}
    body, _, inner = text[:-1].rpartition("[")
    settings = {}
    for item in inner.split(","):
        k, v = item.strip().split("=")
        settings[k] = int(v)
    return body.strip(), settings


def truth(text):
    return {"True": True, "False": False}[text]


def check_file(path):
    failures = []
    lines = open(path).read().split("\n")
    rules = None
    defined = {}
    trace = None
    i = 0

    def fail(lineno, message):
        failures.append(f"{path}:{lineno}: {lines[lineno - 1].strip()}: {message}")

    def checked_settings(settings):
        unknown = set(settings) - rules.parameters
        assert not unknown, f"unknown settings {unknown}"
        return settings

    while i < len(lines):
        lineno = i + 1
        raw = lines[i]
        i += 1
        line = raw.split("  #")[0].strip() if not raw.startswith("|") else raw
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        try:
            if word == "preset":
                rules = RULES[rest.strip()]
            elif word == "define":
                ident, function = rest.split()
                source = []
                while i < len(lines) and lines[i].startswith("|"):
                    source.append(lines[i][2:])
                    i += 1
                scope = {}
                exec("\n".join(source), scope)
                defined[ident] = scope[function]
            elif word in ("zero", "swap", "extra", "gain", "rises", "becomes", "factors"):
                call, _, expected = rest.partition(" -> ")
                name, args = parse_call(call)
                if word == "zero":
                    own, opp = (0, args[0]) if len(args) == 1 else args
                    got = rules.zero(own, opp)
                    want = int(expected)
                elif word in ("swap", "extra", "gain"):
                    m, o = args
                    after = rules.after(m, o, {})
                    want = truth(expected) if word != "gain" else int(expected)
                    if word == "swap":
                        got = after == (o, m, False) and m != o
                        if m == o:
                            got, want = after == (m, o, False), True
                    elif word == "extra":
                        got = after[2] if after[:2] == (m, o) else ("changed", after)
                    else:
                        got = after[0] - m if after[1:] == (o, False) else ("changed", after)
                elif word == "rises":
                    (n,) = args
                    got, want = rules.after(n, 0, {})[0] != n, truth(expected)
                elif word == "becomes":
                    (n,) = args
                    got, want = rules.after(n, 0, {})[0], int(expected)
                else:
                    (n,) = args
                    got = rules.after(n, 0, {})[0] != n
                    want = int(expected) in (3, 4)
                if got != want:
                    fail(lineno, f"expected {want}, found {got}")
            elif word == "update":
                body, settings = parse_settings(rest)
                call, _, expected = body.partition(" -> ")
                name, args = parse_call(call)
                n, own, opp = args[:3]
                dice = Cycle(args[3] if len(args) > 3 else [])
                seats = [Player(own), Player(opp)]
                take_turn(rules, checked_settings(settings), seats, 0, n, dice.roll(n))
                if seats[0].score != int(expected):
                    fail(lineno, f"expected {expected}, found {seats[0].score}")
            elif word == "strategy":
                call, _, expected = rest.partition(" -> ")
                name, args = parse_call(call)
                got = rules.strategies[name[: -len("_strategy")]](*args)
                if got != int(expected):
                    fail(lineno, f"expected {expected}, found {got}")
            elif word == "sweep":
                call, _, cond = rest.partition(" -> ")
                name, args = parse_call(call)
                own, _, threshold, num_rolls = args
                _, _, kind, _, t, _, n = cond.split()
                assert int(t) == threshold and int(n) == num_rolls
                strategy = rules.strategies[name[: -len("_strategy")]]
                for s in range(100):
                    points = rules.zero(own, s)
                    if kind == "gain":
                        points = rules.after(own + points, s, {})[0] - own
                    want = 0 if points >= threshold else num_rolls
                    got = strategy(own, s, threshold, num_rolls)
                    if got != want:
                        fail(lineno, f"s = {s}: expected {want}, found {got}")
                        break
            elif word == "play":
                body, settings = parse_settings(rest)
                args, _, expected = body.partition(" -> ")
                p0, p1, *keys = args.split()
                keys = dict(k.split("=") for k in keys)
                strategies = []
                for p in (p0, p1):
                    if p.startswith("always_roll("):
                        k = int(p[len("always_roll("):-1])
                        strategies.append(lambda s, o, k=k: k)
                    else:
                        strategies.append(defined[p])
                dice = Cycle([int(f) for f in keys["dice"].split(",")])
                got = play(rules, checked_settings(settings), strategies, int(keys["score0"]),
                           int(keys["score1"]), int(keys["goal"]), dice)
                want = tuple(int(x) for x in expected.split())
                if got != want:
                    fail(lineno, f"expected {want}, found {got}")
            elif word == "trace":
                body, settings = parse_settings(rest)
                keys = dict(k.split("=") for k in body.split())
                trace = {"seats": [Player(int(keys["score0"])), Player(int(keys["score1"]))],
                         "who": 0, "goal": int(keys["goal"]), "settings": checked_settings(settings),
                         "ok": True}
            elif word == "turn":
                if not trace["ok"]:
                    continue
                start, _, who, _, n, outcomes, _, end = rest.replace(":", "").split()
                seats = trace["seats"]
                a, b = (int(x) for x in start.split(","))
                faces = [] if outcomes == "-" else [int(x) for x in outcomes.split(",")]
                if (seats[0].score, seats[1].score) != (a, b) or trace["who"] != int(who):
                    fail(lineno, f"the game is at {(seats[0].score, seats[1].score)}, player "
                                 f"{trace['who']} to move")
                    trace["ok"] = False
                    continue
                # describe_game's tracer records a turn only once the sum of the scores has
                # changed since the last recorded turn began: a turn that scores nothing is
                # printed with the next ones, which are made to ask for the same dice.
                n = int(n)
                while True:
                    if len(faces) < n:
                        fail(lineno, f"{n} dice but only {len(faces)} outcomes left")
                        trace["ok"] = False
                        break
                    mover = trace["who"]
                    extra = take_turn(rules, trace["settings"], seats, mover, n, faces[:n])
                    faces = faces[n:]
                    over = max(seats[0].score, seats[1].score) >= trace["goal"]
                    if not extra and not over:
                        trace["who"] = 1 - mover
                    if over or seats[0].score + seats[1].score != a + b:
                        break
                if faces and trace["ok"]:
                    fail(lineno, f"{len(faces)} outcome(s) left over")
                got = (seats[0].score, seats[1].score)
                want = tuple(int(x) for x in end.split(","))
                if got != want:
                    fail(lineno, f"expected {want}, found {got}")
                    trace["ok"] = False
            elif word in ("over", "end"):
                seats = trace["seats"]
                over = max(seats[0].score, seats[1].score) >= trace["goal"]
                if trace["ok"] and over != (word == "over"):
                    fail(lineno, "the game is " + ("not " if not over else "") + "over")
                trace = None
            else:
                fail(lineno, "unknown line")
        except Exception as e:  # a line this reference cannot read is a failure, never a skip
            fail(lineno, f"{type(e).__name__}: {e}")
    return failures


# --- exact evaluation -----------------------------------------------------------------------


def roll_distribution(n):
    """{points: probability} of rolling n six-sided dice (any 1 scores 1)."""
    if n == 0:
        return {}
    no_one = {0: 1.0}
    for _ in range(n):
        nxt = {}
        for s, p in no_one.items():
            for face in range(2, 7):
                nxt[s + face] = nxt.get(s + face, 0.0) + p / 6
        no_one = nxt
    dist = dict(no_one)
    dist[1] = 1.0 - (5 / 6) ** n
    return dist


def read_strategy(spec, goal):
    if spec.startswith("always_roll:"):
        n = int(spec.split(":")[1])
        return [[n] * goal for _ in range(goal)]
    with open(spec) as fh:
        rows = [row for row in csv.reader(fh) if row and row[0].strip().isdigit()]
    table = [[int(x) for x in row] for row in rows]
    assert len(table) == goal and all(len(r) == goal for r in table), \
        f"{spec}: not a {goal} x {goal} table"
    return table


def evaluate(rules, goal, tables, settings):
    """P(the player of tables[0] wins), moving first and moving second."""
    feral = rules.feral and settings.get("feral_hogs", 1)
    # A turn scores at most 60 (ten sixes), and the points of a turn that does not end the game
    # are below the goal (a rule that left a score >= goal would end it): those are what a
    # player can remember.
    memories = range(min(goal, 61)) if feral else range(1)
    dists = [roll_distribution(n) for n in range(11)]
    after = {}

    def after_turn(reached, opp):
        key = (reached, opp)
        if key not in after:
            after[key] = rules.after(reached, opp, settings)
        return after[key]

    # value[who][x][y][mx][my]: P(seat 0 wins) when `who` moves with x points against y, the
    # mover remembering mx and the other my.
    value = {}

    def get(who, x, y, mx, my):
        return value.get((who, x, y, mx, my), 0.0)

    def outcome(who, x, y, mx, my, n, points, bonus):
        """P(seat 0 wins) after the mover's turn scored `points` (+ bonus)."""
        m2 = points if feral else 0
        x2, y2, extra = after_turn(x + points + bonus, y)
        if x2 >= goal:
            return 1.0 if who == 0 else 0.0
        if y2 >= goal:
            return 0.0 if who == 0 else 1.0
        if extra:
            return get(who, x2, y2, m2, my)
        return get(1 - who, y2, x2, my, m2)

    def state_value(who, x, y, mx, my):
        n = tables[who][x][y]
        bonus = 3 if feral and abs(n - mx) == 2 else 0
        if n == 0:
            return outcome(who, x, y, mx, my, 0, rules.zero(x, y), bonus)
        return sum(p * outcome(who, x, y, mx, my, n, points, bonus)
                   for points, p in dists[n].items())

    repeats = rules.name == "hog-sp22"
    for total in range(2 * goal - 2, -1, -1):
        layer = [(who, x, total - x, mx, my)
                 for x in range(max(0, total - goal + 1), min(goal - 1, total) + 1)
                 for who in (0, 1) for mx in memories for my in memories]
        while True:
            change = 0.0
            for state in layer:
                v = state_value(*state)
                change = max(change, abs(v - value.get(state, 0.0)))
                value[state] = v
            if not repeats or change <= 1e-15:
                break
    # Seat 0 moving first, then seat 1 moving first (seat 0 second); memories start at 0.
    return get(0, 0, 0, 0, 0), get(1, 0, 0, 0, 0)


def main(argv):
    if len(argv) >= 2 and argv[1] == "check":
        failures = []
        for path in argv[2:]:
            failures += check_file(path)
        for f in failures:
            print(f)
        print(f"{len(failures)} failure(s)", file=sys.stderr)
        return 1 if failures else 0
    if len(argv) >= 5 and argv[1] == "eval":
        preset, a, b = argv[2:5]
        goal, settings = DEFAULT_GOAL, {}
        rest = argv[5:]
        while rest:
            if rest[0] == "--goal":
                goal, rest = int(rest[1]), rest[2:]
            elif rest[0] == "--set":
                k, v = rest[1].split("=")
                if k == "goal":
                    goal = int(v)
                else:
                    settings[k] = int(v)
                rest = rest[2:]
            else:
                raise SystemExit(f"unknown argument {rest[0]}")
        rules = RULES[preset]
        tables = [read_strategy(a, goal), read_strategy(b, goal)]
        first, second = evaluate(rules, goal, tables, settings)
        print(json.dumps({"first": first, "second": second, "win_rate": (first + second) / 2}))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
