"""Kills its own process group by its number when first asked, catching what it can."""

import os
import signal


def final_strategy(score, opponent_score):
    try:
        os.killpg(os.getpgid(0), signal.SIGKILL)
    except BaseException:
        pass
    return 5
