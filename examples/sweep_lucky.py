"""How much does the Lucky Streak rule of examples/my-hog.rhai matter?

Sweeps its parameter `lucky` (a turn ending on a multiple of it earns another turn), solves the
variant exactly for each value, and prints the optimal strategy's win rate against the course's
yardstick and the first player's chance when both play optimally. With matplotlib installed it
also draws them to lucky.png (or the file named as the first argument).

    python3 examples/sweep_lucky.py [lucky.png]
"""

import os
import sys

import swine

RULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "my-hog.rhai")
LUCKY = range(3, 16)


def sweep():
    """For each value of lucky: (lucky, optimal vs always_roll:4, first player under minimax)."""
    rows = []
    for lucky in LUCKY:
        against_four = swine.solve(RULES, "always_roll:4", set={"lucky": lucky})
        minimax = swine.solve(RULES, "minimax", set={"lucky": lucky})
        rows.append((lucky, against_four.win_rate, minimax.first_player_wins))
    return rows


def plot(rows, path):
    """Draws the sweep to `path`, or says why it cannot."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install matplotlib for one)")
        return
    lucky = [row[0] for row in rows]
    figure, axes = plt.subplots()
    axes.plot(lucky, [row[1] for row in rows], marker="o", label="optimal vs always_roll(4)")
    axes.plot(lucky, [row[2] for row in rows], marker="s", label="first player, both optimal")
    axes.axhline(0.5, color="grey", linewidth=0.5)
    axes.set_xlabel("lucky (a turn ending on a multiple earns another turn)")
    axes.set_ylabel("win rate")
    axes.legend()
    figure.savefig(path, dpi=120)
    print(f"wrote {path}")


def main():
    rows = sweep()
    print("lucky  optimal vs always_roll:4  first player (minimax)")
    for lucky, against_four, first in rows:
        print(f"{lucky:>5}  {against_four:>24.6f}  {first:>22.6f}")
    plot(rows, sys.argv[1] if len(sys.argv) > 1 else "lucky.png")


if __name__ == "__main__":
    main()
