"""Starts a daemon, then kills its parent (once swine itself) when first asked."""

import os
import signal
import subprocess

subprocess.Popen(["sleep", "4601"], start_new_session=True)


def final_strategy(score, opponent_score):
    os.kill(os.getppid(), signal.SIGKILL)
    return 5
