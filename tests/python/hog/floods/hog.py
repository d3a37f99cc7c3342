import sys

# Megabytes of output while importing and while deciding: printing is allowed.
print("x" * 20_000_000)
sys.stderr.write("y" * 20_000_000)


def final_strategy(score, opponent_score):
    print("garbage", score, opponent_score, "\x00\xff" * 100)
    return 3
