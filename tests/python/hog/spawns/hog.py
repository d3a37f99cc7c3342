import subprocess

# Starts a process of its own, then never returns: grading must leave neither behind.
subprocess.Popen(["sleep", "4242"])


def final_strategy(score, opponent_score):
    while True:
        pass
