"""Kills its process group (once swine's) while it is imported."""

import os
import signal
import subprocess

subprocess.Popen(["sleep", "4602"])
os.killpg(0, signal.SIGKILL)


def final_strategy(score, opponent_score):
    return 5
