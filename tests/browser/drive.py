"""Drives `swine serve` in headless Chromium through ChromeDriver's WebDriver API (plain HTTP,
standard library only) and plays a whole game of each kind on the page: Hog (hog-fa20), Greed,
Piglet, Chopsticks, Farkle (goal 1000, solved while the page waits) and Yahtzee, by keys and
clicks (Farkle's and Yahtzee's keeps by clicking the dice, Yahtzee's boxes on the card), until
the page shows the winner.

The page draws every game from the API's generic view (seats, facts, dice, board, choices
with their values), and this script reads it the same way for every game. Along the way it
checks that every value and loss shown is the view's exact number rounded as its reading says
(a percentage, an expected score, a verdict), with the key the view gives each choice; that the
seats, the facts, the dice showing and the card are the view's; that each roll's dice are drawn
(the faces the log line names); that the log says "You" and "Computer" and never
"Player 0"/"Player 1"; that the strategy map has the view's axes and a legend and a hover or a
tap reads a cell's best choice and exact value; and that at 375 px the page does not scroll
sideways. A failed check ends the script with its reason (exit status 1); otherwise it prints
what it saw as JSON.

Usage: python3 drive.py SWINE [SCREENSHOT_DIR]
With SCREENSHOT_DIR, writes serve.png (Hog), serve-greed.png, serve-pig.png,
serve-chopsticks.png, serve-farkle.png, serve-yahtzee.png and serve-phone.png there.
"""

import base64
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from decimal import ROUND_HALF_UP, Decimal

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
ENTER = "\ue007"

# The games played: the page's query, the screenshot and how many turns are played before it
# is taken (Hog's after one, as docs/guide.md says).
GAMES = [
    ("hog", "rules=hog-fa20&vs=always_roll:4&seed=7", "serve.png", 1),
    ("greed", "rules=greed&vs=sample2&seed=3", "serve-greed.png", 1),
    ("pig", "rules=piglet&vs=hold_at:2&seed=5", "serve-pig.png", 3),
    ("chopsticks", "rules=chopsticks&moves=10", "serve-chopsticks.png", 3),
]

# Farkle's game: goal 1000 solves in seconds; the screenshot is taken with dice chosen to keep,
# once the log shows a turn of the computer's.
FARKLE = ("rules=farkle&goal=1000&set=floor%3D-500&vs=bank_at%3A300&seed=3", "serve-farkle.png")

# Yahtzee's game: a duel against the rule of thumb; the screenshot is taken on the person's
# last roll of the turn given, the boxes offered on the card.
YAHTZEE = ("rules=yahtzee&vs=thumb&seed=11", "serve-yahtzee.png", 2)

# A roll's line and the faces it names: "You roll 3 dice: 1 5 2, ...", "The computer rolls
# 4: +4, ...", "You roll heads: ...".
ROLL = re.compile(r"^(?:You roll|The computer rolls) (?:(\d+)(?: \d+-sided)? dice(?: \([^)]*\))?: )?"
                  r"((?:\d+ )*\d+|heads|tails)?[:,]")


def fail(message):
    raise SystemExit(f"drive.py: {message}")


def check(condition, message):
    if not condition:
        fail(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def wait(what, condition, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (OSError, KeyError, TypeError, IndexError):  # the page is still loading
            pass
        time.sleep(0.05)
    fail(f"timed out waiting for {what}")


def fixed(x, digits):
    """JavaScript's x.toFixed(digits): the exact binary value rounded half up."""
    return f"{Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP):.{digits}f}"


def percent(p):
    return fixed(100 * p, 1) + "%"


def behind(best, p):
    return points_lost(100 * (best - p))


def points_lost(points):
    """The page's loss of `points` against the best, in words."""
    if points <= 0:
        return "\u00b10 points"
    if points < 0.005:
        return "\u2212<0.01 points"
    return "\u2212" + fixed(points, 2) + " points"


def verdict(result, reading):
    if result > 0:
        return "you can force a win"
    if result < 0:
        return "the computer will win"
    return reading["even"]


def shown_value(value, reading):
    """A value as the page shows it, by its reading."""
    kind = reading["kind"]
    if kind in ("win_chance", "ties_half"):
        return percent(value)
    if kind == "expected_score":
        return fixed(value, 2)
    return verdict(value, reading)


def shown_loss(best, value, reading):
    """A choice's loss against the best as the page shows it, by its reading."""
    kind = reading["kind"]
    if kind in ("win_chance", "ties_half"):
        return behind(best, value)
    if kind == "expected_score":
        return points_lost(best - value)
    return ""


def said(game):
    """The verdict line the page shows for the view."""
    value, reading = game["value"], game["reading"]
    if value is None:
        return ""
    kind = reading["kind"]
    if kind == "win_chance":
        return f"Playing perfectly from here, you win {percent(value)} of games against {game['vs']}."
    if kind == "ties_half":
        return (f"Playing perfectly from here, you win {percent(value)} of games (ties counting "
                f"half) against {game['vs']}.")
    if kind == "expected_score":
        return (f"Playing optimally from here, your expected final score is {fixed(value, 2)} "
                f"(the computer plays {game['vs']}).")
    return f"The solver's verdict: {verdict(value, reading)}."


def seat_name(seat, game):
    said = [x for x in (seat["plays"], game["vs"] if seat["who"] == "computer" else None) if x]
    return ("You" if seat["who"] == "you" else "Computer") + (f" ({', '.join(said)})" if said else "")


# What the page shows, read in one script.
READ = """
const rows = [...document.querySelectorAll('#hints tbody tr')].map(tr => ({
  best: tr.classList.contains('best'),
  cells: [...tr.children].map(td => td.textContent),
  exact: tr.querySelector('td.value').dataset.exact || null}));
const turns = [...document.querySelectorAll('#log li')].map(li => ({
  who: li.className,
  lines: [...li.querySelectorAll('.line')].map(l => l.textContent),
  faces: [...li.querySelectorAll('.die')].map(d => d.dataset.face)}));
const seats = [...document.querySelectorAll('#board .score')].map(box => ({
  name: box.querySelector('.name').textContent,
  points: (box.querySelector('.points') || {}).textContent || null,
  numbers: (box.querySelector('.numbers') || {}).textContent || "",
  tallies: [...box.querySelectorAll('.tally .count')].map(c => c.textContent)}));
const card = [...document.querySelectorAll('table.card tbody tr')].map(tr =>
  [...tr.children].map(td => td.textContent));
return {id: document.getElementById('play').dataset.game || null,
        status: document.getElementById('status').textContent,
        details: document.getElementById('details').textContent,
        verdict: document.getElementById('verdict').textContent,
        keys: document.getElementById('keys').textContent,
        log: document.getElementById('log').textContent,
        told: Number(document.getElementById('log').dataset.told || 0),
        dice: [...document.querySelectorAll('#shown > *')].map(d => Number(d.dataset.face)),
        offered: document.querySelectorAll('table.card tbody button').length,
        rows, turns, seats, card};
"""


class Page:
    """A WebDriver session on the page."""

    def __init__(self, driver, page):
        self.driver = driver
        self.page = page
        self.api = page.rstrip("/")
        profile = tempfile.mkdtemp()
        options = {"binary": CHROMIUM, "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", "--window-size=1200,1250", f"--user-data-dir={profile}"]}
        session = call("POST", driver + "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}})["value"]["sessionId"]
        self.s = f"{driver}/session/{session}"

    def close(self):
        call("DELETE", self.s)

    def script(self, source, *args):
        return call("POST", self.s + "/execute/sync", {"script": source, "args": list(args)})["value"]

    def find(self, css):
        found = call("POST", self.s + "/elements", {"using": "css selector", "value": css})["value"]
        return [e[ELEMENT] for e in found]

    def click(self, css):
        call("POST", f"{self.s}/element/{self.find(css)[0]}/click", {})

    def keys(self, *keys):
        actions = []
        for key in keys:
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        call("POST", self.s + "/actions",
             {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def pointer(self, css, x, y, press):
        """Moves the mouse to (x, y) from the centre of `css`'s element, clicking if `press`."""
        moves = [{"type": "pointerMove", "duration": 0, "x": x, "y": y,
                  "origin": {ELEMENT: self.find(css)[0]}}]
        if press:
            moves += [{"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]
        call("POST", self.s + "/actions", {"actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
             "actions": moves}]})
        call("DELETE", self.s + "/actions")

    def screenshot(self, path):
        # The computer's turns appear one after another: the picture shows them all.
        self.script("document.getAnimations().forEach(a => a.finish())")
        time.sleep(0.5)
        image = call("GET", self.s + "/screenshot")["value"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(image))

    def phone(self, on):
        if on:
            call("POST", self.s + "/goog/cdp/execute", {
                "cmd": "Emulation.setDeviceMetricsOverride",
                "params": {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True}})
        else:
            call("POST", self.s + "/goog/cdp/execute",
                 {"cmd": "Emulation.clearDeviceMetricsOverride", "params": {}})

    def read(self):
        return self.script(READ)

    def game(self, number):
        return call("GET", f"{self.api}/api/games/{number}")

    def open(self, query, timeout=30):
        """Loads the page with `query`; waits for its game to start (`timeout` seconds, a
        match-up being solved included); returns its id."""
        before = self.read()["id"] if self.find("#play") else None
        call("POST", self.s + "/url", {"url": f"{self.page}?{query}"})
        def started():
            shown = self.read()
            return shown["id"] not in (None, before) and shown["status"] != "Loading\u2026" and shown
        return wait("the game", started, timeout)["id"]


def check_shown(kind, shown, game):
    """What the page shows is the view: the seats with their names, scores and numbers (or the
    card), the facts, the choices with their keys, their values rounded as the reading says and
    their losses, the verdict line, the dice showing; the log names no numbered player."""
    check("Player 0" not in shown["log"] and "Player 1" not in shown["log"],
          f"{kind}: the log names a numbered player: {shown['log']}")
    check(shown["details"] == " \u00b7 ".join(game["facts"]),
          f"{kind}: the details {shown['details']!r} for {game['facts']}")
    board = game["board"]
    if board and board["layout"] == "card":
        check_card(kind, shown, game)
    else:
        check(len(shown["seats"]) == len(game["seats"]), f"{kind}: {shown['seats']}")
        for box, seat in zip(shown["seats"], game["seats"]):
            numbers = " \u00b7 ".join(f"{n['name']} {n['value']}" for n in seat["numbers"])
            score = None if seat["score"] is None else str(seat["score"])
            check(box["name"] == seat_name(seat, game) and box["points"] == score
                  and box["numbers"] == numbers, f"{kind}: the seat {box} for {seat}")
        for n, box in enumerate(shown["seats"]):
            tallies = [c["shown"] for c in (board or {"cells": []})["cells"] if c["seat"] == n]
            check(box["tallies"] == tallies, f"{kind}: {box['tallies']} for {tallies}")
    check(shown["verdict"] == said(game), f"{kind}: {shown['verdict']!r}, not {said(game)!r}")
    if not game["your_turn"]:
        return
    rows, choices, reading = shown["rows"], game["choices"], game["reading"]
    best = next(c for c in choices if c["best"])
    check(len(rows) == len(choices), f"{kind}: {rows} against {choices}")
    for row, choice in zip(rows, choices):
        key, label, value, mark = row["cells"]
        typed = game["count"] and choice["key"] is None and "dice" in choice["action"]
        wanted_key = choice["key"] or (f"{choice['action']['dice']} \u23ce" if typed else "")
        check(key == wanted_key and label == choice["label"], f"{kind}: {row} against {choice}")
        check(value == shown_value(choice["value"], reading), f"{kind}: {value} for {choice}")
        if reading["kind"] != "verdict":
            check(float(row["exact"]) == choice["value"], f"{kind}: {row['exact']} for {choice}")
        wanted = "best" if choice is best else shown_loss(best["value"], choice["value"], reading)
        check(mark == wanted, f"{kind}: {mark!r} shown, {wanted!r} wanted for {choice}")
        check(row["best"] == (choice is best), f"{kind}: {row} best {best}")
    faces = game["dice"]["dice"]["faces"] if game["dice"] else []
    check(shown["dice"] == faces, f"{kind}: the dice drawn {shown['dice']} for {faces}")


def check_card(kind, shown, game):
    """The card is the view's board: a row per label, a column per seat, each cell as shown
    (an offered cell its button); the boxes offered are those of the view."""
    rows = {}
    for cell in game["board"]["cells"]:
        rows.setdefault(cell["row"], ["", ""])[cell["seat"]] = cell["shown"]
    wanted = [[label] + cells for label, cells in rows.items()]
    check(shown["card"] == wanted, f"{kind}: the card {shown['card']} for {wanted}")
    offered = [c for c in game["board"]["cells"] if c["state"] == "offered"]
    check(shown["offered"] == len(offered), f"{kind}: {shown['offered']} boxes offered")


def check_dice(kind, turns):
    """Each roll's line names the faces the page draws; returns the dice drawn."""
    drawn = 0
    for turn in turns:
        if turn["who"] not in ("you", "computer") or not turn["lines"]:
            continue
        line = turn["lines"][0]
        match = ROLL.match(line)
        named = match.group(2).split() if match and match.group(2) else []
        if match and match.group(1) == "0":
            named = []
        check(turn["faces"] == named, f"{kind}: {line!r} drawn as {turn['faces']}")
        drawn += len(turn["faces"])
    return drawn


def check_map(page, kind, query):
    """The map's axes and legend, and a hover and a tap reading cells' exact values."""
    shape = page.script("""
      const ticks = id => [...document.querySelectorAll('#' + id + ' .tick')].map(t => t.textContent);
      return {x: ticks('xticks'), y: ticks('yticks'),
              titles: [...document.querySelectorAll('.x-title, .y-title')].map(t => t.textContent),
              legend: document.querySelectorAll('#legend .swatch, #legend .ramp').length,
              legendText: document.getElementById('legend').textContent,
              here: !document.getElementById('here').hidden,
              width: document.getElementById('map').getBoundingClientRect().width};
    """)
    check(len(shape["x"]) >= 2 and shape["x"][0] == "0" and shape["x"] == shape["y"],
          f"{kind}: map ticks {shape}")
    params = dict(p.split("=") for p in query.split("&") if not p.startswith(("seed", "first")))
    solved = call("GET", f"{page.api}/api/map?" + "&".join(f"{k}={v}" for k, v in params.items()))
    axes = solved["axes"]
    check(shape["titles"] == [axes["up"], axes["across"]], f"{kind}: {shape['titles']}")
    check(shape["legend"] >= 1 and shape["legendText"].startswith(solved["scale"]),
          f"{kind}: no legend {shape}")
    read = []
    for x, y, press in [(-40, 30, False), (50, -60, True)]:
        page.pointer("#map", x, y, press)
        text = page.script("return document.getElementById('cell').textContent")
        counted = ", ties counting half" if solved["reading"]["kind"] == "ties_half" else ""
        match = re.match(r"You (\d+), computer (\d+): (.*) \u2014 ([\d.]+%) to win"
                         + re.escape(counted) + r" \(exactly (.*)\)\.$", text)
        check(match, f"{kind}: the map reads {text!r}")
        own, other = int(match.group(1)), int(match.group(2))
        value = solved["values"][own][other]
        check(float(match.group(5)) == value and match.group(4) == percent(value),
              f"{kind}: {text!r} against {value!r}")
        choice = solved["best"][own][other]
        says = (solved["to_goal"] if solved["to_goal"] and choice >= solved["size"] - own
                else solved["choices"][choice]["says"])
        check(match.group(3) == says, f"{kind}: {text!r} says not {says!r}")
        read.append(text)
    check(read[0] != read[1], f"{kind}: the hover and the tap read the same cell: {read}")
    return read


def play(page, kind, query, shoot, shot_turn):
    """Plays a whole game by keys and clicks, calling `shoot` before turn `shot_turn`; returns
    what was seen."""
    number = page.open(query)
    has_map = page.script("return !document.getElementById('mapbox').hidden")
    turns = 0
    hovered = None
    first = None
    while True:
        shown = page.read()
        game = page.game(number)
        check_shown(kind, shown, game)
        if first is None:
            first = [{"exact": row["exact"], "best": row["best"]} for row in shown["rows"]]
        if game["over"]:
            break
        if has_map and hovered is None:
            hovered = check_map(page, kind, query)
        if turns == shot_turn:
            shoot()
        turns += 1
        # The log keeps its last entries only; the count of turns told always grows.
        count = shown["told"]
        best = next(c for c in game["choices"] if c["best"])
        # Each way of choosing in turn: the key the view gives the choice (or its count typed,
        # then Enter), Enter, a click on the best.
        way = turns % 3
        if way == 2:
            page.click("#hints tr.best button")
        elif way == 1:
            page.keys(ENTER)
        elif best["key"]:
            page.keys(best["key"])
        else:
            page.keys(*(str(best["action"]["dice"]) + ENTER))
        wait(f"{kind}: turn {turns}", lambda: page.read()["told"] > count)
    shown = page.read()
    winner = {0: "You win!", 1: "The computer wins."}.get(game["winner"], "A tie.")
    check(shown["status"] == winner, f"{kind}: the page says {shown['status']!r}, not {winner!r}")
    check(shown["keys"].startswith("Keys: "), f"{kind}: no keys said: {shown['keys']!r}")
    return {"game": number, "turns": turns, "status": shown["status"], "first": first,
            "dice": check_dice(kind, shown["turns"]), "map": hovered}


def kept_faces(choice):
    """The faces a Farkle keep sets aside, from its label: `Keep 3 3 5: ...` is [3, 3, 5]."""
    return [int(f) for f in choice["label"][len("Keep "):].split(":")[0].split()]


def click_dice(page, kind, faces):
    """Clicks the dice of the roll shown to keep `faces` (sorted), one die per face named, and
    checks that those are the dice marked kept."""
    page.script("""
      const free = [...document.querySelectorAll('#shown button')];
      for (const face of arguments[0]) {
        const i = free.findIndex(b => b.dataset.face === String(face));
        free.splice(i, 1)[0].click();
      }""", faces)
    chosen = page.script("return [...document.querySelectorAll('#shown button.kept')]"
                         ".map(b => Number(b.dataset.face))")
    check(sorted(chosen) == faces, f"{kind}: {chosen} chosen to keep {faces}")


def play_farkle(page, shoot):
    """Plays Farkle to its end: keeps by clicking the best keep's dice and then Keep, bank and
    roll by keys and by the best row's button; returns what was seen."""
    query, _ = FARKLE
    number = page.open(query, timeout=120)
    moves, clicked, shot = 0, 0, False
    while True:
        shown = page.read()
        game = page.game(number)
        check_shown("farkle", shown, game)
        if game["over"]:
            break
        check(moves < 400, "farkle: the game goes on past 400 moves")
        moves += 1
        count = shown["told"]
        best = next(c for c in game["choices"] if c["best"])
        if "choice" in best["action"]:
            click_dice(page, "farkle", sorted(kept_faces(best)))
            if not shot and any(t["who"] == "computer" for t in shown["turns"]):
                shoot()
                shot = True
            clicked += 1
            page.click("#keep") if moves % 2 else page.keys("k")
        elif moves % 3 == 0:
            page.click("#hints tr.best button")
        elif moves % 3 == 1:
            page.keys(ENTER)
        else:
            page.keys(best["key"])
        wait(f"farkle: move {moves}", lambda: page.read()["told"] > count)
    shown = page.read()
    winner = {0: "You win!", 1: "The computer wins."}[game["winner"]]
    check(shown["status"] == winner, f"farkle: the page says {shown['status']!r}, not {winner!r}")
    check(clicked >= 1, "farkle: no keep was made by clicking dice")
    return {"game": number, "moves": moves, "keeps_clicked": clicked, "status": shown["status"],
            "dice": check_dice("farkle", shown["turns"])}


def rolls_left(game):
    """The rolls left that the view's facts say (`2 rolls left`), if any."""
    said = [f for f in game["facts"] if re.fullmatch(r"\d+ rolls? left", f)]
    return int(said[0].split()[0]) if said else None


def check_yahtzee(shown, game):
    """Yahtzee's choices are listed the best first, then from the most valuable."""
    check_shown("yahtzee", shown, game)
    values = [c["value"] for c in game["choices"]]
    check(values[1:] == sorted(values[1:], reverse=True) and all(v <= values[0] for v in values),
          f"yahtzee: the choices' order {values}")


def play_yahtzee(page, shoot):
    """Plays Yahtzee to its end: keeps by clicking the best keep's dice and then Keep (the
    button or `k`), boxes by their button on the card, and either by Enter, by the best row's
    number (1) or its button; returns what was seen."""
    query, _, shot_turn = YAHTZEE
    number = page.open(query)
    moves, clicked, filled, turns = 0, 0, 0, 0
    first = None
    while True:
        shown = page.read()
        game = page.game(number)
        check_yahtzee(shown, game)
        if first is None:
            first = {"dice": game["dice"]["dice"]["faces"], "rolls_left": rolls_left(game),
                     "rows": {row["cells"][1]: row["exact"] for row in shown["rows"]}}
        if game["over"]:
            break
        check(moves < 60, "yahtzee: the game goes on past 60 decisions")
        moves += 1
        count = shown["told"]
        best = next(c for c in game["choices"] if c["best"])
        if rolls_left(game) == 0 and turns == shot_turn:
            shoot()
        # Four ways over turns of three decisions: each way meets keeps and boxes.
        way = moves % 4
        if way == 0 and "keep" in best["action"]:
            click_dice(page, "yahtzee", best["action"]["keep"])
            clicked += 1
            page.click("#keep") if clicked % 2 else page.keys("k")
        elif way == 0:
            filled += 1
            page.click("table.card tr.best button")
        elif way == 1:
            page.keys(ENTER)
        elif way == 2:
            page.keys("1")
        else:
            page.click("#hints tr.best button")
        if "choice" in best["action"]:
            turns += 1
        wait(f"yahtzee: move {moves}", lambda: page.read()["told"] > count)
    shown = page.read()
    winner = {0: "You win!", 1: "The computer wins."}.get(game["winner"], "A tie.")
    check(shown["status"] == winner, f"yahtzee: the page says {shown['status']!r}, not {winner!r}")
    check(clicked >= 1 and filled >= 1, f"yahtzee: {clicked} keeps clicked, {filled} boxes")
    # Each card as the page shows it at the end: its boxes, its score, and the upper bonus
    # and threshold its upper total row names ("upper total (35 at 63)").
    card = shown["card"]
    upper = next(row[0] for row in card if row[0].startswith("upper total"))
    bonus, threshold = (int(n) for n in re.fullmatch(r"upper total \((\d+) at (\d+)\)", upper).groups())
    boxes = [row for row in card if row[0] != upper and row[0] != "score"]
    cards = [{"boxes": [int(row[1 + seat]) for row in boxes], "score": int(card[-1][1 + seat])}
             for seat in range(2)]
    return {"game": number, "moves": moves, "keeps_clicked": clicked, "boxes_clicked": filled,
            "status": shown["status"], "first": first, "cards": cards,
            "upper_bonus": bonus, "upper_threshold": threshold}


def phone(page, query):
    """At 375 px, once a turn is played, the page scrolls only down and the map fits."""
    page.phone(True)
    try:
        page.open(query)
        count = page.read()["told"]
        page.keys(ENTER)
        wait(f"{query}: a turn at 375 px", lambda: page.read()["told"] > count)
        seen = page.script("""
          const root = document.documentElement;
          return {scroll: root.scrollWidth, width: root.clientWidth,
                  map: document.getElementById('map').getBoundingClientRect().right};
        """)
        check(seen["scroll"] <= seen["width"] <= 375 and seen["map"] <= seen["width"],
              f"{query}: at 375 px the page scrolls sideways: {seen}")
        return seen
    finally:
        page.phone(False)


def main():
    swine = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    started = time.time()
    server = subprocess.Popen([swine, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    driver_port = free_port()
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={driver_port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = None
    try:
        line = server.stdout.readline()
        address = line.split(" on ")[1].split(" ")[0]
        base = f"http://127.0.0.1:{driver_port}"
        wait("chromedriver", lambda: call("GET", base + "/status")["value"]["ready"])
        page = Page(base, address)
        seen = {}
        for kind, query, picture, shot_turn in GAMES:
            def shoot(picture=picture):
                if shots:
                    page.screenshot(os.path.join(shots, picture))
            seen[kind] = play(page, kind, query, shoot, shot_turn)
        seen["farkle"] = play_farkle(page, lambda: shots and page.screenshot(
            os.path.join(shots, FARKLE[1])))
        seen["yahtzee"] = play_yahtzee(page, lambda: shots and page.screenshot(
            os.path.join(shots, YAHTZEE[1])))
        seen["phone"] = [phone(page, query)
                         for query in [g[1] for g in GAMES] + [FARKLE[0], YAHTZEE[0]]]
        if shots:
            page.phone(True)
            page.open(GAMES[0][1])
            page.screenshot(os.path.join(shots, "serve-phone.png"))
            page.phone(False)
        seen["seconds"] = round(time.time() - started, 1)
        print(json.dumps(seen))
    finally:
        if page:
            page.close()
        driver.terminate()
        server.terminate()


main()
