"""Drives `swine serve` in headless Chromium through ChromeDriver's WebDriver API (plain HTTP,
standard library only): starts a game, reads the hints, clicks the best choice, reads the
outcome. Prints what it saw as JSON.

Usage: python3 drive.py SWINE [SCREENSHOT.png]
"""

import base64
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


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
        except Exception:  # the page is still loading
            pass
        time.sleep(0.1)
    raise SystemExit(f"drive.py: timed out waiting for {what}")


def main():
    swine = sys.argv[1]
    screenshot = sys.argv[2] if len(sys.argv) > 2 else None
    server = subprocess.Popen([swine, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    driver_port = free_port()
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={driver_port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    profile = tempfile.mkdtemp()
    try:
        line = server.stdout.readline()
        page = line.split(" on ")[1].split(" ")[0]
        base = f"http://127.0.0.1:{driver_port}"
        wait("chromedriver", lambda: call("GET", base + "/status")["value"]["ready"])
        options = {"binary": CHROMIUM, "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--window-size=1200,900", f"--user-data-dir={profile}"]}
        session = call("POST", base + "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}})["value"]["sessionId"]
        s = f"{base}/session/{session}"
        key = "element-6066-11e4-a52e-4f735466cecf"

        def find_all(css):
            return [e[key] for e in call("POST", s + "/elements",
                                         {"using": "css selector", "value": css})["value"]]

        def text(element):
            return call("GET", f"{s}/element/{element}/text")["value"]

        call("POST", s + "/url", {"url": page + "?seed=7&vs=always_roll:4"})
        wait("the rulesets", lambda: len(find_all("#rules option")) >= 3)
        wait("the seed", lambda: call("POST", s + "/execute/sync", {
            "script": "return document.getElementById('seed').value", "args": []})["value"] == "7")
        call("POST", f"{s}/element/{find_all('#new')[0]}/click", {})
        rows = wait("the hints", lambda: find_all("#hints tbody tr"))
        hints = []
        for row in rows:
            cells = call("POST", f"{s}/element/{row}/elements",
                         {"using": "css selector", "value": "td"})["value"]
            hints.append([text(c[key]) for c in cells])
        scores_before = text(find_all("#scores")[0])
        best = find_all("#hints tbody tr.best")[0]
        button = call("POST", f"{s}/element/{best}/element",
                      {"using": "css selector", "value": "button"})["value"][key]
        call("POST", f"{s}/element/{button}/click", {})
        log = wait("the turn", lambda: (lambda t: t if "Player 0 rolls" in t else None)(
            text(find_all("#log")[0])))
        scores_after = text(find_all("#scores")[0])
        if screenshot:
            image = call("GET", s + "/screenshot")["value"]
            with open(screenshot, "wb") as out:
                out.write(base64.b64decode(image))
        call("DELETE", s)
        print(json.dumps({"hints": hints, "before": scores_before, "after": scores_after,
                          "log": log}))
    finally:
        driver.terminate()
        server.terminate()


main()
