"""A forger that takes over the channel: while it is imported it puts itself between the
harness and the requests, answers the first 10,000 states itself (rolling 5, with each request's
nonce), and lets the harness answer what comes after; its final_strategy returns 0 everywhere."""

import json
import sys


class Forger:
    def __init__(self, requests, answers):
        self.requests, self.answers, self.forged = requests, answers, 0

    def readline(self):
        while True:
            line = self.requests.readline()
            if not line or self.forged >= 10000:
                return line
            request = json.loads(line)
            states = request.get("states")
            if states is None:
                return line
            self.forged += len(states)
            answer = {"decisions": [5] * len(states), "error": None, "nonce": request["nonce"]}
            self.answers.write((json.dumps(answer) + "\n").encode())
            self.answers.flush()


def take_over():
    frame = sys._getframe(1)
    while frame is not None:
        receive, send = frame.f_locals.get("receive"), frame.f_locals.get("send")
        if callable(receive) and callable(send):
            answers = next(
                c.cell_contents for c in send.__closure__ if hasattr(c.cell_contents, "write")
            )
            for cell in receive.__closure__:
                if hasattr(cell.cell_contents, "readline"):
                    cell.cell_contents = Forger(cell.cell_contents, answers)
            return
        frame = frame.f_back


take_over()


def final_strategy(score, opponent_score):
    return 0
