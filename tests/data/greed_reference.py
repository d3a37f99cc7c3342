#!/usr/bin/env python3
"""Exact reference solver for the dice game Greed, independent of the Rust code.

Rules: dice show 0..5 uniformly; scores start 0:0, player 1 moves first. The mover rolls
n >= 0 dice and adds the total; going over the limit L loses at once (exactly L is fine).
n = 0 passes; after a pass the other player has exactly one more turn, then the higher
score wins (equal: tie). A strategy maps (own, opp, passed) -> n. The value of a position
for the mover is P(win) + P(tie)/2.

States (a, b, p) with 0 <= a, b <= L; p = 1 on the mover's last turn. A p = 1 state
depends on nothing. A p = 0 state leads to (b, a, 1) on a pass, to (b, a + s, 0) on a roll
totalling s > 0 (a larger score total, solved earlier as totals go from high to low) and
to (b, a, 0) on a zero total (probability 6^-n). So (a, b, 0) for one player and (b, a, 0)
for the other form an exact 2x2 linear system, solved by exact policy iteration when a
side optimises. All numbers are fractions.Fraction; nothing is approximated.

Regenerate the golden file (from the repository root):
    python3 tests/data/greed_reference.py > tests/data/greed_golden.txt
"""
from fractions import Fraction as F
from itertools import product

HALF = F(1, 2)


def sample1(own, opp, passed):
    return 0 if own > opp else 12


def sample2(own, opp, passed):
    return 30 if own <= 50 else (10 if own <= 80 else 0)


class Dice:
    """count(n)[s] = ways (out of 6^n) for n dice to total s, for s = 0..L."""

    def __init__(self, L):
        self.L, self.counts = L, [[1] + [0] * L]

    def count(self, n):
        while len(self.counts) <= n:
            c = self.counts[-1]
            self.counts.append([sum(c[s - f] for f in range(6) if s >= f)
                                for s in range(self.L + 1)])
        return self.counts[n]

    def no_bust(self, n, room):
        """P(n dice total <= room). Rolling n dice is worth at most this, and it does not
        grow with n: once it is <= a value already reachable with fewer dice, no larger n
        can be the (smallest) argmax. This prunes the search exactly."""
        return F(sum(self.count(n)[: room + 1]), 6 ** n)


def flip(t):  # the same outcome seen by the other player
    return (t[2], t[1], t[0])


def last_turn(dice, a, b, n):
    """Exact (win, tie, loss) for rolling n dice on the last turn at (a, b)."""
    c, L = dice.count(n), dice.L
    w = sum(c[s] for s in range(L - a + 1) if a + s > b)
    t = c[b - a] if 0 <= b - a else 0
    return tuple(F(k, 6 ** n) for k in (w, t, 6 ** n - w - t))


def value(t):
    return t[0] + HALF * t[1]


def best_last_turn(dice, a, b):
    """(n, value) maximising the last-turn value at (a, b); ties to the smallest n."""
    best = (0, value(last_turn(dice, a, b, 0)))
    cap = 2 * (dice.L + 1 - a)
    for n in range(1, cap + 1):
        if dice.no_bust(n, dice.L - a) <= best[1]:
            break
        v = value(last_turn(dice, a, b, n))
        if v > best[1]:
            best = (n, v)
    else:
        assert dice.no_bust(cap + 1, dice.L - a) <= best[1], "dice cap binds"
    return best


def max_opt(opts, y):
    """Option (n, c, q) maximising c + q (1 - y); ties to the smallest n (opts sorted)."""
    best = opts[0]
    for o in opts[1:]:
        if o[1] + o[2] * (1 - y) > best[1] + best[2] * (1 - y):
            best = o
    return best


def solve(strats, L):
    """Values when strats[i] (a strategy, or None to optimise) plays as player i.
    Returns V, pol: V[i][(a, b, p)] = value of player i to move, pol[i] = its n there."""
    dice = Dice(L)
    V, pol = [{}, {}], [{}, {}]
    for i, a, b in product((0, 1), range(L + 1), range(L + 1)):
        if strats[i] is None:
            n, v = best_last_turn(dice, a, b)
        else:
            n = strats[i](a, b, 1)
            v = value(last_turn(dice, a, b, n))
        V[i][(a, b, 1)], pol[i][(a, b, 1)] = v, n

    def options(i, a, b):
        """[(n, c, q)]: rolling n at (a, b, 0) is worth c + q * (1 - other's (b, a, 0)).
        A fixed strategy has one option; an optimiser has n = 0, 1, ... (pruned)."""
        j, cap = 1 - i, 2 * (L + 1 - a)
        ns = [strats[i](a, b, 0)] if strats[i] else range(cap + 1)
        out = []
        for n in ns:
            if n == 0:
                out.append((0, 1 - V[j][(b, a, 1)], F(0)))
                continue
            # c <= value of n, so max c is a lower bound on the best value: exact pruning
            if not strats[i] and dice.no_bust(n, L - a) <= max(o[1] for o in out):
                break
            cnt = dice.count(n)
            c = sum((cnt[s] * (1 - V[j][(b, a + s, 0)]) for s in range(1, L - a + 1)), F(0))
            out.append((n, c / 6 ** n, F(1, 6 ** n)))
        else:
            assert strats[i] or dice.no_bust(cap + 1, L - a) <= max(o[1] for o in out)
        return out

    for total in range(2 * L, -1, -1):
        for a in range(max(0, total - L), min(L, total) + 1):
            b = total - a
            ox, oy = options(0, a, b), options(1, b, a)  # player 0 at (a,b), 1 at (b,a)
            x = y = HALF  # initial guess; then pick actions, solve exactly, re-pick
            for _ in range(50):
                (nx, cx, qx), (ny, cy, qy) = max_opt(ox, y), max_opt(oy, x)
                x = (cx + qx * (1 - cy - qy)) / (1 - qx * qy)  # x = cx + qx (1 - y)
                y = cy + qy * (1 - x)                          # y = cy + qy (1 - x)
                if max_opt(ox, y)[0] == nx and max_opt(oy, x)[0] == ny:
                    break
            else:
                raise RuntimeError("policy iteration did not settle")
            V[0][(a, b, 0)], pol[0][(a, b, 0)] = x, nx
            V[1][(b, a, 0)], pol[1][(b, a, 0)] = y, ny
    assert all(type(v) is F and 0 <= v <= 1 for d in V for v in d.values())
    return V, pol


def evaluate(strats, L):
    """Exact (win, tie, loss) of player 0 moving first and moving second; two fixed
    strategies. Same recursion as solve(), on outcome triples instead of values."""
    dice, E = Dice(L), [{}, {}]
    for i, a, b in product((0, 1), range(L + 1), range(L + 1)):
        E[i][(a, b, 1)] = last_turn(dice, a, b, strats[i](a, b, 1))

    def step(i, a, b):  # (c, q): outcome = c + q * flip(other's outcome at (b, a, 0))
        n = strats[i](a, b, 0)
        if n == 0:
            return flip(E[1 - i][(b, a, 1)]), F(0)
        cnt, den = dice.count(n), 6 ** n
        c = [0, 0, den - sum(cnt[: L - a + 1])]  # busting is a loss
        for s in range(1, L - a + 1):
            for k, p in enumerate(flip(E[1 - i][(b, a + s, 0)])):
                c[k] += cnt[s] * p
        return tuple(F(v) / den for v in c), F(1, den)

    for total in range(2 * L, -1, -1):
        for a in range(max(0, total - L), min(L, total) + 1):
            b = total - a
            (cx, qx), (cy, qy) = step(0, a, b), step(1, b, a)
            x = tuple((u + qx * v) / (1 - qx * qy) for u, v in zip(cx, flip(cy)))
            y = tuple(u + qy * v for u, v in zip(cy, flip(x)))
            E[0][(a, b, 0)], E[1][(b, a, 0)] = x, y
    assert all(sum(t) == 1 and all(type(p) is F for p in t) for e in E for t in e.values())
    return E[0][(0, 0, 0)], flip(E[1][(0, 0, 0)])


def frac(x):
    return f"{x.numerator}/{x.denominator}"


def wtl(t):
    return " ".join(f"{k}={frac(x)}" for k, x in zip(("win", "tie", "loss"), t))


HAND_L1 = """\
# Hand check, L = 1 (asserted by the script). Last turn at (0, 1): passing loses; n dice
# tie only with total exactly 1, probability n/6^n, so value n/(2*6^n): best n = 1, 1/12.
# sample1 vs sample1 (both roll 12 dice unless ahead): let q = 6^-12 (total 0) and
# r = 12*6^-12 (total 1); any other total busts. Triples are (win, tie, loss) of the mover.
#   last turn: (0,1) -> (0, r, 1-r)
#   (1,0,0): pass, the opponent's last turn from (0,1) -> (1-r, r, 0)
#   (1,1,0): a zero total hands the same state over: W = q L', L = 1-q + q W' with
#            W' = W, L' = L by symmetry -> (q/(1+q), 0, 1/(1+q))
#   (0,1,0): q * flip(1,0,0) + r * flip(1,1,0) + bust
#            -> (r/(1+q), q r, q(1-r) + r q/(1+q) + 1-q-r)
#   (0,0,0): x = q flip(x) + r flip(0,1,0) + bust; writing (W1, T1, L1) for (0,1,0):
#            T = r T1/(1-q), W = (q (r W1 + 1-q-r) + r L1)/(1-q^2), L = 1 - W - T
#   first player: win=%s tie=%s loss=%s"""


def hand_l1():
    q, r = F(1, 6 ** 12), F(12, 6 ** 12)
    w1, t1, l1 = r / (1 + q), q * r, q * (1 - r) + r * q / (1 + q) + 1 - q - r
    w, t = (q * (r * w1 + 1 - q - r) + r * l1) / (1 - q * q), r * t1 / (1 - q)
    return w, t, 1 - w - t


def main():
    w, t, l = hand_l1()
    assert evaluate([sample1, sample1], 1)[0] == (w, t, l)
    assert best_last_turn(Dice(1), 0, 1) == (1, F(1, 12))
    d100 = Dice(100)  # worked examples of the repository's RULES.md (Greed section)
    assert [value(last_turn(d100, 95, 97, n)) for n in (1, 2, 3)] == [F(7, 12), F(11, 24),
                                                                       F(49, 216)]
    assert best_last_turn(d100, 60, 50) == (0, 1)
    limits, lines = [1, 2, 5, 10, 20, 30], []
    for L in limits:
        for sa, sb in [(sample2, sample1), (sample1, sample1), (sample1, sample2)]:
            for seat, res in zip(("first", "second"), evaluate([sa, sb], L)):
                lines.append(f"eval L={L} {sa.__name__} {sb.__name__} {seat} {wtl(res)}")
        for sb in (sample1, sample2):
            b_name = sb.__name__
            V, pol = solve([None, sb], L)
            best = lambda a, b, p, pol=pol[0]: pol[(a, b, p)]
            first, second = evaluate([best, sb], L)
            v1, v2 = V[0][(0, 0, 0)], 1 - V[1][(0, 0, 0)]
            assert v1 == value(first) and v2 == value(second)
            lines.append(f"best L={L} vs={b_name} first value={frac(v1)} {wtl(first)}")
            lines.append(f"best L={L} vs={b_name} second value={frac(v2)} {wtl(second)}")
        V, pol = solve([None, None], L)
        assert V[0] == V[1] and pol[0] == pol[1]  # symmetric game: same values, policy
        mm = lambda a, b, p, pol=pol[0]: pol[(a, b, p)]
        first, _ = evaluate([mm, mm], L)
        assert V[0][(0, 0, 0)] == value(first)
        lines.append(f"minimax L={L} first value={frac(V[0][(0, 0, 0)])} {wtl(first)}")
    for a, b in [(95, 97), (0, 100), (100, 100), (50, 60), (99, 100), (90, 90)]:
        n, v = best_last_turn(d100, a, b)
        lines.append(f"lastturn L=100 own={a} opp={b} passed=1 n={n} value={frac(v)}")
    print(f"""\
# Greed golden values, exact fractions, all produced (not hand-edited) from the repository
# root by:   python3 tests/data/greed_reference.py > tests/data/greed_golden.txt
# (about 20 s). The script's docstring gives the rules and method: exact rational DP, the
# zero-total 2x2 cycles solved exactly, exact policy iteration for optimising players.
#
# Line formats (A = the named or optimising player, W/T/L = A's probabilities from 0:0):
#   eval L=<limit> <A> <B> first|second win=W tie=T loss=L
#       A against B, A moving first or second.
#   best L=<limit> vs=<B> first|second value=V win=W tie=T loss=L
#       A is the best response to B (each state: the n in 0..2(L+1-own) of highest
#       value, smallest n on ties). V = its optimal value P(win) + P(tie)/2 in that seat;
#       W/T/L come from re-evaluating the resulting policy against B (V = W + T/2, asserted).
#   minimax L=<limit> first value=V win=W tie=T loss=L
#       Both players optimise; V is the first player's value, W/T/L those of the
#       resulting policy pair (the second player's value is 1 - V).
#   lastturn L=100 own=a opp=b passed=1 n=N value=V
#       Optimal last-turn (opponent has passed) choice N and value at own a, opp b.
# Strategies: sample1 = 0 dice if own > opp else 12; sample2 = 30 dice if own <= 50,
# 10 if 51..80, 0 above 80 (thresholds literal for every limit; both ignore passed).
# Limits covered: {', '.join(map(str, limits))}. Asserted for every state: win + tie + loss = 1.
#""")
    print(HAND_L1 % tuple(frac(x) for x in (w, t, l)))
    print("#")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
