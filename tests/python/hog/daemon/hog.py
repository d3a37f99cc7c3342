"""Starts a daemon that leaves the process group (fork, setsid, fork) while importing, then
plays a correct strategy: graded normally, and the daemon must not survive the grading."""

import os

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "4343"])
    os._exit(0)


def final_strategy(score, opponent_score):
    return 5
