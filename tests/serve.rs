//! `swine serve`: its JSON API against `eval`, `solve` and `play`, a burst of concurrent and
//! malformed requests, the server's bounds on bodies and stalled clients, Farkle solved aside
//! while the server answers, and a whole game of each kind played on the page in headless
//! Chromium.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::util::Sandbox;

/// A running `swine serve --port 0`, stopped when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Served {
    fn start() -> Served {
        Served::with(&[])
    }

    /// `swine serve --port 0` with more `flags`.
    fn with(flags: &[&str]) -> Served {
        Served::with_env(flags, &[])
    }

    /// `swine serve --port 0` with more `flags`, and the environment variables `variables`.
    fn with_env(flags: &[&str], variables: &[(&str, &str)]) -> Served {
        let mut command = Command::new(env!("CARGO_BIN_EXE_swine"));
        command
            .args(["serve", "--port", "0"])
            .args(flags)
            .envs(variables.iter().copied());
        Served::spawn(command)
    }

    /// `swine serve --port 0` with more `flags`, its address space limited to `kilobytes`
    /// (`ulimit -v`, set by the shell that then becomes the server).
    fn under_ulimit(kilobytes: u64, flags: &[&str]) -> Served {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -v {kilobytes} && exec \"$0\" serve --port 0 \"$@\""
            ))
            .arg(env!("CARGO_BIN_EXE_swine"))
            .args(flags);
        Served::spawn(command)
    }

    /// Starts `command` (a `swine serve`) and reads the address it prints.
    fn spawn(mut command: Command) -> Served {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("start swine serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served { child, address }
    }

    /// Sends `raw` bytes as a request and returns the status and body of the answer.
    fn raw(&self, raw: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.write_all(raw).unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
        (status, body)
    }

    /// A connection that has sent `raw` bytes and waits.
    fn send(&self, raw: &[u8]) -> TcpStream {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.write_all(raw).unwrap();
        stream
    }

    fn request(&self, method: &str, path: &str) -> (u16, serde_json::Value) {
        let raw = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
            self.address
        );
        let (status, body) = self.raw(raw.as_bytes());
        (
            status,
            serde_json::from_str(&body).unwrap_or(serde_json::Value::Null),
        )
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `swine eval STRATEGY --vs always_roll:4 --json`'s value moving first.
fn as_first(strategy: &str) -> f64 {
    let report = Sandbox::new()
        .run(&["eval", strategy, "--vs", "always_roll:4", "--json"])
        .json();
    report["as_first"].as_f64().unwrap()
}

#[test]
fn the_api_answers_with_evals_numbers_and_clear_errors() {
    let served = Served::start();
    let (status, game) = served.request("POST", "/api/games?vs=always_roll:4&seed=7");
    assert_eq!(status, 200, "{game}");
    let best = best(&game);
    assert_eq!(
        game["choices"][best]["value"].as_f64(),
        Some(as_first("optimal"))
    );
    assert_eq!(game["value"], game["choices"][best]["value"]);
    // Rolling 0 to 10 dice, each by its key (10 by t), read as a chance to win.
    let keys: Vec<&str> = game["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "t"]
    );
    assert_eq!(game["choices"][best]["action"], json!({ "dice": best }));
    assert_eq!(game["reading"], json!({"kind": "win_chance"}));
    assert_eq!(
        game["seats"][0],
        json!({"who": "you", "plays": null, "score": 0, "numbers": []})
    );
    assert_eq!(game["facts"][0], "goal 100");
    let (status, after) = served.request("POST", "/api/games/1/roll?dice=6");
    assert_eq!(status, 200);
    let log: Vec<&str> = after["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // The same seed and choice as `swine play --seed 7`: the same dice.
    assert_eq!(
        log[0],
        "You roll 6 dice: 1 1 2 2 2 5, 1 point(s) (Pig Out: 2 1s rolled)."
    );
    assert!(
        log.iter()
            .any(|l| l.starts_with("The computer rolls 4 dice: ")),
        "{log:?}"
    );
    // The turns behind the log: who played, and the dice the page draws.
    let turns = after["turns"].as_array().unwrap();
    assert_eq!(turns[0]["who"], "you");
    assert_eq!(
        turns[0]["dice"],
        serde_json::json!({"faces": [1, 1, 2, 2, 2, 5], "sides": 6, "first": 1, "coin": false})
    );
    assert!(turns[1..].iter().all(|t| t["who"] == "computer"));
    assert!(!after.to_string().contains("Player "), "{after}");
    for (method, path, status, error) in [
        (
            "POST",
            "/api/games/1/roll?dice=x",
            400,
            "roll: dice 'x' is not a whole number",
        ),
        (
            "POST",
            "/api/games/1/roll?dice=11",
            400,
            "roll: dice 11 is not 0 to 10",
        ),
        ("POST", "/api/games/1/roll", 400, "roll: give ?dice=N"),
        ("GET", "/api/games/99", 404, "no game 99"),
        ("GET", "/api/games/abc", 400, "game 'abc' is not a game id"),
        (
            "POST",
            "/api/games?vs=nonsense",
            400,
            "vs: unknown strategy 'nonsense' for hog-fa20",
        ),
        (
            "POST",
            "/api/games?vs=x.py:f",
            400,
            "vs: the page plays built-in strategies, not files",
        ),
        (
            "POST",
            "/api/games?vs=hog.PY",
            400,
            "vs: the page plays built-in strategies, not files",
        ),
        (
            "POST",
            "/api/games?vs=t.npy",
            400,
            "vs: the page plays built-in strategies, not files",
        ),
        (
            "POST",
            "/api/games?rules=evil.RHAI",
            400,
            "rules: the page plays the built-in rulesets",
        ),
        (
            "POST",
            "/api/games?rules=../../etc/passwd",
            400,
            "rules: the page plays the built-in rulesets",
        ),
        (
            "POST",
            "/api/games?rules=piglet&goal=0",
            400,
            "rules: piglet: goal 0 is outside 1..=255",
        ),
        (
            "POST",
            "/api/games?goal=ten",
            400,
            "goal: 'ten' is not a whole number",
        ),
        (
            "GET",
            "/api/nothing",
            404,
            "no such resource: GET /api/nothing",
        ),
        (
            "POST",
            "/api/games?first=me",
            400,
            "first: 'me' is neither 'you' nor 'computer'",
        ),
        (
            "POST",
            "/api/games?moves=10",
            400,
            "moves: a move limit is for chopsticks; hog-fa20 has none",
        ),
        (
            "POST",
            "/api/games/1/move?choice=0",
            400,
            "move: hog is played by rolling dice",
        ),
    ] {
        let (got, body) = served.request(method, path);
        assert_eq!(got, status, "{method} {path}: {body}");
        let message = body["error"].as_str().unwrap_or_default();
        assert!(message.starts_with(error), "{method} {path}: {message}");
    }
    // The map's cell at the start: the best choice and exactly its value.
    let (status, map) = served.request("GET", "/api/map?vs=always_roll:4");
    assert_eq!(status, 200);
    assert_eq!(map["best"][0][0].as_u64(), Some(best as u64));
    assert_eq!(map["values"][0][0], game["choices"][best]["value"]);
    assert_eq!(map["values"].as_array().unwrap().len(), 100);
    assert_eq!(map["choices"][best]["says"], format!("roll {best} dice"));
    assert_eq!(
        map["axes"],
        json!({"across": "your score", "up": "the computer's score"})
    );
}

/// The place of the best of a view's choices.
fn best(game: &serde_json::Value) -> usize {
    let choices = game["choices"].as_array().unwrap();
    let best: Vec<usize> = (0..choices.len())
        .filter(|&i| choices[i]["best"] == true)
        .collect();
    assert_eq!(best.len(), 1, "one best choice: {game}");
    best[0]
}

/// The cells of a view's board in row `row` (by seat).
fn cells<'a>(game: &'a serde_json::Value, row: &str) -> Vec<&'a serde_json::Value> {
    game["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["row"] == row)
        .collect()
}

/// Seat `seat`'s number called `name` in a view.
fn number(game: &serde_json::Value, seat: usize, name: &str) -> Option<i64> {
    game["seats"][seat]["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == name)
        .map(|n| n["value"].as_i64().unwrap())
}

/// Whether a view's facts say `fact`.
fn says(game: &serde_json::Value, fact: &str) -> bool {
    game["facts"].as_array().unwrap().iter().any(|f| f == fact)
}

#[test]
fn the_computer_may_move_first() {
    let served = Served::start();
    // Chopsticks has no dice to seed.
    for (rules, seed) in [
        ("hog-fa20", "&seed=2"),
        ("greed", "&seed=2"),
        ("pig", "&seed=2"),
        ("chopsticks", ""),
    ] {
        let (status, game) = served.request(
            "POST",
            &format!("/api/games?rules={rules}&first=computer{seed}"),
        );
        assert_eq!(status, 200, "{game}");
        let turns = game["turns"].as_array().unwrap();
        assert_eq!(
            turns[0]["log"][0].as_str().unwrap().split(". ").last(),
            Some("The computer moves first."),
            "{rules}"
        );
        assert_eq!(turns[1]["who"], "computer", "{rules}");
        assert!(game["your_turn"] == true || game["over"] == true, "{rules}");
    }
}

#[test]
fn the_goal_asked_for_is_the_goal_played() {
    let served = Served::start();
    for (rules, goal) in [("hog-fa20", 30), ("greed", 40), ("piglet", 5)] {
        let (status, game) =
            served.request("POST", &format!("/api/games?rules={rules}&goal={goal}"));
        assert_eq!(status, 200, "{game}");
        assert_eq!(game["goal"], goal, "{rules}: {game}");
        let (status, map) = served.request("GET", &format!("/api/map?rules={rules}&goal={goal}"));
        assert_eq!(status, 200, "{map}");
        assert_eq!(
            map["size"],
            if rules == "greed" { goal + 1 } else { goal },
            "{rules}"
        );
    }
}

#[test]
fn greed_is_played_on_the_same_api() {
    let served = Served::start();
    let (status, game) = served.request("POST", "/api/games?rules=greed&vs=sample2&seed=3");
    assert_eq!(status, 200, "{game}");
    // Passing first (by p), then the five best counts (typed: any count may be); the best is
    // worth the optimal value moving first (eval reports it from a win/tie/loss sweep, which
    // may round the last bit apart).
    let hints = game["choices"].as_array().unwrap();
    assert_eq!(hints.len(), 6);
    assert_eq!(
        (&hints[0]["action"], &hints[0]["key"]),
        (&json!({"dice": 0}), &json!("p"))
    );
    assert_eq!(best(&game), 1);
    assert_eq!(game["reading"]["kind"], "ties_half");
    assert_eq!(
        game["count"],
        json!({"verb": "Roll", "unit": "dice", "least": 0, "most": 255})
    );
    let report = Sandbox::new()
        .run(&[
            "eval", "optimal", "--rules", "greed", "--vs", "sample2", "--json",
        ])
        .json();
    let exact = report["as_first"].as_f64().unwrap();
    assert!(
        (hints[1]["value"].as_f64().unwrap() - exact).abs() <= 2e-16,
        "{exact}"
    );
    let (status, after) = served.request("POST", "/api/games/1/roll?dice=20");
    assert_eq!(status, 200);
    assert_eq!(
        after["log"][0],
        "You roll 20 dice: 0 3 3 0 5 1 4 0 4 3 1 4 1 1 4 1 3 1 4 1, total 44."
    );
    assert_eq!(after["log"][1], "Scores: you 44, the computer 0.");
    // Greed's dice show 0 to 5.
    assert_eq!(after["turns"][0]["dice"]["first"], 0);
    assert_eq!(after["turns"][0]["dice"]["faces"][0], 0);
    let (status, error) = served.request("POST", "/api/games/1/roll?dice=300");
    assert_eq!(
        (status, error["error"].as_str()),
        (400, Some("roll: dice 300 is not 0 to 255"))
    );
}

/// Yahtzee on the API: dice kept by their faces (none rolls all five again), a box taken by its
/// place in the list; keeps of dice not showing, and choices not listed, are refused by name.
#[test]
fn yahtzee_is_played_keep_by_keep_and_box_by_box() {
    let served = Served::start();
    // Solved aside when the machine is busy (about a second alone).
    let (_, game) = solved_game(&served, "/api/games?rules=yahtzee&vs=thumb&seed=11");
    assert_eq!(game["id"], 1, "{game}");
    assert!(says(&game, "2 rolls left"), "{game}");
    assert_eq!(game["reading"]["kind"], "expected_score");
    assert_eq!(game["dice"]["keep"]["none"], true, "{game}");
    let dice: Vec<u64> = serde_json::from_value(game["dice"]["dice"]["faces"].clone()).unwrap();
    let absent = (1..=6).find(|face| !dice.contains(face)).unwrap();
    let (status, error) = served.request("POST", &format!("/api/games/1/keep?dice={absent}"));
    assert_eq!(status, 400, "{error}");
    let error = error["error"].as_str().unwrap();
    assert!(
        error.starts_with("keep: the dice show")
            && error.ends_with(&format!(": {absent} are not among them")),
        "{error}"
    );
    // Refusals in the page's words: the choice numbered as the page sent it (from 0; it was
    // answered "choice 100 is not one of 1 to ..."), no Rust Debug text (`Dice(1) is no move
    // here` was).
    let offered = game["choices"].as_array().unwrap().len();
    for (action, error) in [
        (
            "move?choice=99".to_string(),
            format!("move: choice 99 is not one of 0 to {}", offered - 1),
        ),
        (
            format!("move?choice={offered}"),
            format!("move: choice {offered} is not one of 0 to {}", offered - 1),
        ),
        (
            "roll?dice=1".to_string(),
            "roll: yahtzee rolls the dice not kept: keep some (none rolls all five again) or \
             choose a box listed"
                .to_string(),
        ),
    ] {
        let (status, body) = served.request("POST", &format!("/api/games/1/{action}"));
        assert_eq!(
            (status, body["error"].as_str()),
            (400, Some(error.as_str()))
        );
    }
    let (status, game) = served.request("POST", "/api/games/1/keep?dice=");
    assert_eq!((status, says(&game, "1 roll left")), (200, true), "{game}");
    let kept = dice_text(&game["dice"]["dice"]["faces"]);
    let (status, game) = served.request("POST", &format!("/api/games/1/keep?dice={kept}"));
    assert_eq!((status, says(&game, "0 rolls left")), (200, true), "{game}");
    assert_eq!(
        dice_text(&game["dice"]["dice"]["faces"]),
        kept,
        "all five kept: nothing rolled"
    );
    assert!(game["dice"]["keep"].is_null(), "no rolls left: {game}");
    let (status, body) = served.request("POST", &format!("/api/games/1/keep?dice={kept}"));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "keep: no roll is left to keep dice for: choose a box listed"
    );
    // The last roll: every box the dice may fill, offered on the card with what it gains, the
    // best listed first; the best is taken.
    let hints = game["choices"].as_array().unwrap();
    assert_eq!(hints.len(), 13, "{game}");
    assert_eq!(best(&game), 0, "{game}");
    let offered: Vec<&serde_json::Value> = game["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["state"] == "offered")
        .collect();
    assert_eq!(offered.len(), 13, "{game}");
    assert!(offered.iter().all(|c| c["seat"] == 0), "{game}");
    let taken = offered.iter().find(|c| c["choice"] == 0).unwrap();
    let (b, points) = (
        taken["row"].as_str().unwrap(),
        &taken["shown"].as_str().unwrap()[1..],
    );
    assert!(
        hints[0]["label"].as_str().unwrap().starts_with(b),
        "{taken} {hints:?}"
    );
    let (status, after) = served.request(
        "POST",
        &format!("/api/games/1/move?choice={}", hints[0]["action"]["choice"]),
    );
    assert_eq!(status, 200, "{after}");
    assert_eq!(cells(&after, b)[0]["shown"], points, "{after}");
    assert_eq!(cells(&after, "score")[0]["shown"], points, "{after}");
    // The computer has filled one box of its card, and the person rolls again.
    let filled = after["board"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["seat"] == 1 && c["state"] == "filled")
        .count();
    assert_eq!(filled, 1, "{after}");
    assert!(says(&after, "2 rolls left"), "{after}");
}

/// Dice as the API's keep takes them: `1,4,4`.
fn dice_text(dice: &serde_json::Value) -> String {
    let faces: Vec<String> = dice
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.to_string())
        .collect();
    faces.join(",")
}

#[test]
fn pig_is_played_decision_by_decision() {
    let served = Served::start();
    let (status, game) = served.request("POST", "/api/games?rules=pig&vs=hold_at:20&seed=3");
    assert_eq!(status, 200, "{game}");
    assert_eq!(number(&game, 0, "turn total"), Some(0), "{game}");
    // Roll and hold, each worth what eval --from says of the best response at 0 : 0.
    let report = Sandbox::new()
        .run(&[
            "eval",
            "optimal",
            "--rules",
            "pig",
            "--vs",
            "hold_at:20",
            "--from",
            "0,0,0",
            "--json",
        ])
        .json();
    let hints = game["choices"].as_array().unwrap();
    for ((hint, decision), key) in hints.iter().zip(["roll", "hold"]).zip(["r", "h"]) {
        assert_eq!(hint["key"], key);
        assert_eq!(hint["label"].as_str().unwrap().to_lowercase(), decision);
        let exact = report["choices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["choice"] == decision)
            .unwrap()["value"]
            .as_f64()
            .unwrap();
        assert_eq!(hint["value"].as_f64().unwrap(), exact, "{decision}");
    }
    assert_eq!(best(&game), 0, "rolling is best: {game}");
    // Seed 3 throws a 1 first: the turn passes, the computer plays until it is ours again.
    let (status, after) = served.request("POST", "/api/games/1/roll?dice=1");
    assert_eq!(status, 200);
    assert_eq!(after["log"][0], "You roll 1: the turn total of 0 is lost.");
    assert!(
        after["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l.as_str().unwrap().starts_with("The computer rolls"))
    );
    // A hold throws no die.
    assert!(
        after["turns"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["log"][0].as_str().unwrap().contains(" hold") == t["dice"].is_null())
    );
    assert_eq!(after["your_turn"], true);
    let (status, error) = served.request("POST", "/api/games/1/roll?dice=2");
    assert_eq!(
        (status, error["error"].as_str()),
        (400, Some("roll: dice 2 is neither 1 (roll) nor 0 (hold)"))
    );
    let (status, map) = served.request("GET", "/api/map?rules=pig&vs=hold_at:20");
    assert_eq!(status, 200);
    assert!(map["legend"].as_str().unwrap().contains("turn total"));
    assert_eq!(map["values"][0][0], game["choices"][0]["value"]);
    assert_eq!(map["to_goal"], "roll until the turn total reaches the goal");
    // Piglet throws a coin, and says so.
    let (_, piglet) = served.request("POST", "/api/games?rules=piglet&seed=1");
    let path = format!("/api/games/{}/roll?dice=1", piglet["id"]);
    let (_, after) = served.request("POST", &path);
    let dice = &after["turns"][0]["dice"];
    assert_eq!((&dice["coin"], &dice["sides"]), (&json!(true), &json!(2)));
    assert_eq!(piglet["coin"], true);
}

#[test]
fn chopsticks_is_played_move_by_move_with_the_solvers_verdicts() {
    let served = Served::start();
    let sandbox = Sandbox::new();
    for (moves, solve) in [("10", vec!["--moves", "10"]), ("unlimited", Vec::new())] {
        let mut args = vec!["solve", "--rules", "chopsticks", "--json"];
        args.extend(solve);
        let start = sandbox.run(&args).json()["details"]["result"]
            .as_i64()
            .unwrap();
        // As A the person's verdict is the start's result; as B, its opposite.
        for (first, sign) in [("you", 1), ("computer", -1)] {
            let path = format!("/api/games?rules=chopsticks&moves={moves}&first={first}");
            let (status, mut game) = served.request("POST", &path);
            assert_eq!(status, 200, "{game}");
            assert_eq!(
                game["value"].as_f64(),
                Some((sign * start) as f64),
                "{moves} {first}"
            );
            let id = game["id"].clone();
            let mut played = 0;
            while game["over"] == false && played < 40 {
                // The best choice keeps the verdict, and none beats it.
                let best = best(&game);
                let choices = game["choices"].as_array().unwrap();
                assert_eq!(choices[best]["value"], game["value"], "{game}");
                assert_eq!(choices[best]["action"], json!({ "choice": best }));
                assert!(
                    choices
                        .iter()
                        .all(|c| c["value"].as_f64() <= game["value"].as_f64())
                );
                let (status, next) =
                    served.request("POST", &format!("/api/games/{id}/move?choice={best}"));
                assert_eq!(status, 200, "{next}");
                game = next;
                played += 1;
            }
            if moves == "10" {
                // Perfect play on both sides ends as the verdict said.
                assert_eq!(game["over"], true);
                let outcome = match game["winner"].as_i64() {
                    Some(0) => 1,
                    Some(_) => -1,
                    None => 0,
                };
                assert_eq!(outcome, sign * start, "{game}");
                assert_eq!(game["tie"], outcome == 0);
            }
        }
    }
    // The computer answers a move as `swine play` does.
    let (_, game) = served.request("POST", "/api/games?rules=chopsticks");
    let (_, after) = served.request("POST", &format!("/api/games/{}/move?choice=0", game["id"]));
    let played = sandbox
        .run_with_input(
            &[
                "play",
                "--rules",
                "chopsticks",
                "--first",
                "you",
                "--answers",
                "0",
            ],
            "",
        )
        .stdout();
    let hand = |row, seat: usize| cells(&after, row)[seat]["tally"]["up"].clone();
    let shown = format!(
        "A: ({}, {})\nB: ({}, {})\n9 moves left.",
        hand("left hand", 0),
        hand("right hand", 0),
        hand("left hand", 1),
        hand("right hand", 1)
    );
    assert_eq!(after["seats"][0]["plays"], "A");
    assert!(
        says(&after, "at most 10 moves each; 9 left for you"),
        "{after}"
    );
    assert!(played.contains(&shown), "{shown} not in {played}");
    assert_eq!(
        after["log"][0],
        "You tap: the computer's hands go from (1, 1) to (2, 1)."
    );
    let on = |action: &str| format!("/api/games/{}/{action}", game["id"]);
    for (method, path, error) in [
        ("POST", on("roll?dice=1"), "roll: chopsticks has no dice"),
        ("POST", on("move?choice=9"), "move: choice 9 is not below "),
        (
            "POST",
            on("move?choice=-1"),
            "move: choice '-1' is not a whole number",
        ),
        ("POST", on("move"), "move: give ?choice=N"),
        (
            "POST",
            "/api/games/1/move?choice=0".into(),
            "move: the game is over",
        ),
        (
            "POST",
            "/api/games?rules=chopsticks&moves=0".into(),
            "moves: '0' is neither a number of moves in 1..=1000 nor 'unlimited'",
        ),
        (
            "POST",
            "/api/games?rules=chopsticks&goal=5".into(),
            "goal: chopsticks has no goal",
        ),
        (
            "POST",
            "/api/games?rules=chopsticks&vs=always_roll:4".into(),
            "vs: chopsticks has no strategies",
        ),
        (
            "GET",
            "/api/map?rules=chopsticks".into(),
            "map: chopsticks has no scores",
        ),
        (
            "POST",
            "/api/games?rules=chopsticks&seed=7".into(),
            "seed: chopsticks has no dice",
        ),
    ] {
        let (status, body) = served.request(method, &path);
        assert_eq!(status, 400, "{path}: {body}");
        let message = body["error"].as_str().unwrap_or_default();
        assert!(message.starts_with(error), "{path}: {message}");
    }
}

#[test]
fn the_server_survives_a_burst_of_concurrent_and_malformed_requests() {
    let served = Served::start();
    std::thread::scope(|scope| {
        for i in 0..24 {
            let served = &served;
            scope.spawn(move || match i % 4 {
                0 => assert_eq!(served.request("GET", "/api/rulesets").0, 200),
                1 => {
                    let (status, _) = served.raw(b"\x00\xff garbage \r\n\r\n");
                    assert_eq!(status, 400);
                }
                2 => assert_eq!(
                    served
                        .request("POST", "/api/games?seed=%zz&vs=always_roll:4")
                        .0,
                    400
                ),
                _ => assert_eq!(served.request("POST", "/api/games?vs=always_roll:5").0, 200),
            });
        }
    });
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
    // Match-ups are solved once and kept within the memory budget: however many are asked
    // for, every one is played.
    for rules in ["hog-wild", "hog-digits"] {
        for n in 0..=10 {
            let path = format!("/api/games?rules={rules}&vs=always_roll:{n}");
            let (status, body) = served.request("POST", &path);
            assert_eq!(status, 200, "{path}: {body}");
        }
    }
    // A bad parameter is refused by name, and Chopsticks' map before solving.
    for (method, path, error) in [
        ("POST", "/api/games?rules=hog-nju24&goal=0", "goal"),
        (
            "POST",
            "/api/games?rules=hog-nju24&vs=always_roll:99",
            "vs:",
        ),
        (
            "GET",
            "/api/map?rules=chopsticks",
            "map: chopsticks has no scores",
        ),
    ] {
        let (status, body) = served.request(method, path);
        let message = body["error"].as_str().unwrap_or_default();
        assert_eq!(status, 400, "{path}: {body}");
        assert!(message.contains(error), "{path}: {message}");
    }
    let get = |host: &str, origin: &str| {
        let request = format!(
            "POST /api/games?vs=always_roll:5 HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\nContent-Length: 0\r\n\r\n"
        );
        served.raw(request.as_bytes())
    };
    let (status, page) = served.raw(
        format!(
            "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            served.address
        )
        .as_bytes(),
    );
    assert_eq!(status, 200);
    assert!(page.contains("<title>swine"));
    // Another host (DNS rebinding) or a page of another origin is refused; the page's own
    // origin plays a match-up already solved.
    let (status, body) = get("evil.example", "");
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("host 'evil.example' is not this server"));
    let (status, body) = get(&served.address, "Origin: http://evil.example\r\n");
    assert_eq!(status, 403, "{body}");
    let origin = format!("Origin: http://{}\r\n", served.address);
    assert_eq!(get(&served.address, &origin).0, 200);
}

/// The status of the answer `stream` gets within `wait`, 0 if none (then the bytes that came).
fn status_within(stream: &mut TcpStream, wait: Duration) -> (u16, String) {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut answer = Vec::new();
    let mut chunk = [0; 4096];
    while !answer.windows(2).any(|w| w == b"\r\n") {
        match stream.read(&mut chunk) {
            Ok(n) if n > 0 => answer.extend_from_slice(&chunk[..n]),
            _ => break,
        }
    }
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer.split(' ').nth(1).and_then(|s| s.parse().ok());
    (status.unwrap_or(0), answer)
}

#[test]
fn a_body_over_64_kib_is_refused_before_it_is_read() {
    let served = Served::start();
    let head = |length: usize| {
        format!(
            "POST /api/games?vs=nonsense HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {length}\r\n\r\n",
            served.address
        )
    };
    // A terabyte announced, 3 bytes sent: refused at once, and the client hangs up (this killed
    // the server once, allocating the terabyte).
    for _ in 0..3 {
        let mut stream = served.send(format!("{}abc", head(1_000_000_000_000)).as_bytes());
        let (status, answer) = status_within(&mut stream, Duration::from_secs(5));
        assert_eq!(status, 413, "{answer:?}");
    }
    drop(served.send(format!("{}abc", head(1_000_000_000_000)).as_bytes()));
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
    // 100 KiB announced and sent.
    let mut stream = served.send(head(100 << 10).as_bytes());
    let _ = stream.write_all(&[b'x'; 100 << 10]);
    let (status, answer) = status_within(&mut stream, Duration::from_secs(5));
    assert_eq!(status, 413, "{answer:?}");
    // 64 KiB is read, and the API answers.
    let (status, body) = served.raw(&[head(1 << 16).as_bytes(), &[b'x'; 1 << 16]].concat());
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("vs: unknown strategy 'nonsense'"), "{body}");
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
}

#[test]
fn stalled_clients_hold_up_nobody() {
    let served = Served::start();
    let address = &served.address;
    // Eight of each: a head never finished, a body under the limit never finished, a body over it.
    let stalled: Vec<TcpStream> = (0..8)
        .flat_map(|_| {
            [
                format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\n"),
                format!("POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Length: 1000\r\n\r\nabc"),
                format!("POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Length: 100000\r\n\r\nabc"),
            ]
        })
        .map(|raw| served.send(raw.as_bytes()))
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let start = Instant::now();
        let mut stream = served.send(
            format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        );
        let (status, answer) = status_within(&mut stream, Duration::from_secs(1));
        let took = start.elapsed();
        assert_eq!(status, 200, "{answer:?} after {took:?}");
        assert!(took < Duration::from_secs(1), "{took:?}");
    }
    drop(stalled);
}

#[test]
fn a_stalled_request_is_cut_off_after_10_seconds() {
    let served = Served::start();
    let address = &served.address;
    let start = Instant::now();
    let mut head =
        served.send(format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\n").as_bytes());
    let mut body = served.send(
        format!("POST /api/games HTTP/1.1\r\nHost: {address}\r\nContent-Length: 1000\r\n\r\nabc")
            .as_bytes(),
    );
    // An unfinished head: the connection closed, unanswered (an answer could not say to what).
    let (status, answer) = status_within(&mut head, Duration::from_secs(20));
    let took = start.elapsed();
    assert_eq!((status, answer.as_str()), (0, ""));
    assert!((9..15).contains(&took.as_secs()), "{took:?}");
    // An unfinished body: refused for its stalling.
    let (status, answer) = status_within(&mut body, Duration::from_secs(20));
    let took = start.elapsed();
    assert_eq!(status, 408, "{answer:?}");
    assert!((9..15).contains(&took.as_secs()), "{took:?}");
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
}

#[test]
fn malformed_requests_get_a_4xx_answer() {
    let served = Served::start();
    let address = &served.address;
    let with_host = |line: &[u8]| {
        let mut raw = line.to_vec();
        raw.extend_from_slice(
            format!("\r\nHost: {address}\r\nConnection: close\r\n\r\n").as_bytes(),
        );
        raw
    };
    for (raw, expected) in [
        (with_host(b"GET /\xff\xfe HTTP/1.1"), 400),
        (with_host(b"GET /api/rulesets?\xff HTTP/1.1"), 400),
        (with_host(b"GET /api/games/\x80 HTTP/1.1"), 400),
        (with_host(b"GET / HTTP/9.9"), 400),
        (with_host(b"G\xc3\xa9T / HTTP/1.1"), 400),
        (
            with_host(b"GET /api/rulesets HTTP/1.1\r\nno colon here"),
            400,
        ),
        (
            with_host(b"POST /api/games HTTP/1.1\r\nContent-Length: many"),
            400,
        ),
        (
            with_host(b"POST /api/games HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4"),
            400,
        ),
        (b"\x00\xff garbage \r\n\r\n".to_vec(), 400),
        (
            b"GET /api/rulesets HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n".to_vec(),
            403,
        ),
    ] {
        let (status, body) = served.raw(&raw);
        let shown = String::from_utf8_lossy(&raw);
        assert_eq!(status, expected, "{shown:?}: {body}");
    }
    // Percent-encoded, a path's invalid UTF-8 reaches the API, which names it.
    let (status, body) = served.request("GET", "/api/games/%FF");
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "game '%FF' is not a game id");
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
}

#[test]
fn whole_games_of_every_kind_in_headless_chromium() {
    for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
        assert!(
            std::path::Path::new(tool).exists(),
            "{tool} is missing: install Debian's chromium and chromium-driver (.ci/run does)"
        );
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/drive.py");
    let output = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_swine")])
        .output()
        .expect("run python3");
    // drive.py plays each game to its end by keys and clicks and checks what the page shows
    // against the API on the way (percentages, dice, the map, the log's names, the phone
    // width); a failed check is its error.
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let seen: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for kind in ["hog", "greed", "pig", "chopsticks"] {
        let game = &seen[kind];
        let status = game["status"].as_str().unwrap();
        assert!(
            ["You win!", "The computer wins.", "A tie."].contains(&status),
            "{kind}: {game}"
        );
        assert!(game["turns"].as_u64().unwrap() >= 1, "{kind}: {game}");
        if kind != "chopsticks" {
            assert!(game["dice"].as_u64().unwrap() >= 1, "{kind}: {game}");
            assert_eq!(game["map"].as_array().unwrap().len(), 2, "{kind}: {game}");
        }
    }
    // The page's best choice at the start is worth eval's optimal value moving first, exactly.
    let first = seen["hog"]["first"].as_array().unwrap();
    assert_eq!(first.len(), 11);
    let best: Vec<f64> = first
        .iter()
        .filter(|row| row["best"] == true)
        .map(|row| row["exact"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(best, [as_first("optimal")]);
    // Farkle: played to its end, keeps made by clicking the dice, every roll's dice drawn.
    let farkle = &seen["farkle"];
    assert!(
        ["You win!", "The computer wins."].contains(&farkle["status"].as_str().unwrap()),
        "{farkle}"
    );
    assert!(farkle["keeps_clicked"].as_u64().unwrap() >= 1, "{farkle}");
    assert!(farkle["dice"].as_u64().unwrap() >= 6, "{farkle}");
    yahtzee_on_the_page(&seen["yahtzee"]);
    assert_eq!(seen["phone"].as_array().unwrap().len(), 6);
}

/// Yahtzee on the page: played to its end with keeps clicked on the dice and boxes on the card;
/// the first decision's choices are worth what `swine eval` says of those dice, exactly; each
/// full card's score is its boxes, the upper bonus where the upper boxes reach the threshold,
/// and Yahtzee bonuses of 100.
fn yahtzee_on_the_page(yahtzee: &serde_json::Value) {
    assert!(
        ["You win!", "The computer wins.", "A tie."].contains(&yahtzee["status"].as_str().unwrap()),
        "{yahtzee}"
    );
    assert!(yahtzee["keeps_clicked"].as_u64().unwrap() >= 1, "{yahtzee}");
    assert!(yahtzee["boxes_clicked"].as_u64().unwrap() >= 1, "{yahtzee}");
    let first = &yahtzee["first"];
    let dice: Vec<String> = first["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|face| face.to_string())
        .collect();
    let rolls_left = first["rolls_left"].to_string();
    let eval = Sandbox::new()
        .run(&[
            "eval",
            "optimal",
            "--rules",
            "yahtzee",
            "--dice",
            &dice.join(","),
            "--rolls-left",
            &rolls_left,
            "--json",
        ])
        .json();
    let rows = first["rows"].as_object().unwrap();
    let choices = eval["choices"].as_array().unwrap();
    assert_eq!(rows.len(), choices.len(), "{rows:?} against {choices:?}");
    for choice in choices {
        let label = choice["choice"].as_str().unwrap();
        let shown: f64 = rows[label].as_str().unwrap().parse().unwrap();
        assert_eq!(shown, choice["value"].as_f64().unwrap(), "{label}");
    }
    let threshold = yahtzee["upper_threshold"].as_u64().unwrap();
    let upper_bonus = yahtzee["upper_bonus"].as_u64().unwrap();
    for card in yahtzee["cards"].as_array().unwrap() {
        let boxes: Vec<u64> = card["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|points| points.as_u64().expect("every box filled"))
            .collect();
        let upper: u64 = boxes[..6].iter().sum();
        let bonus = if upper >= threshold { upper_bonus } else { 0 };
        let beyond = card["score"].as_u64().unwrap() - boxes.iter().sum::<u64>() - bonus;
        assert_eq!(
            beyond % 100,
            0,
            "{card}: {beyond} points beyond boxes and bonus"
        );
    }
}

/// Asks for `path` until the server has solved its match-up (at most two minutes); returns the
/// first answer and the last.
fn solved_game(served: &Served, path: &str) -> (serde_json::Value, serde_json::Value) {
    let (status, first) = served.request("POST", path);
    let mut last = first.clone();
    let mut status = status;
    for _ in 0..1200 {
        if status != 202 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        (status, last) = served.request("POST", path);
    }
    assert_eq!(status, 200, "{path}: {last}");
    (first, last)
}

/// `swine eval optimal --rules farkle` at goal 1000, floor −500 against bank_at:300 from the
/// position `from` (after the roll `dice`): each choice's label and value.
fn farkle_eval(from: &str, dice: Option<&str>) -> Vec<(String, f64)> {
    let mut args = vec![
        "eval",
        "optimal",
        "--rules",
        "farkle",
        "--goal",
        "1000",
        "--set",
        "floor=-500",
        "--vs",
        "bank_at:300",
        "--from",
        from,
        "--json",
    ];
    if let Some(dice) = dice {
        args.extend(["--dice", dice]);
    }
    let report = Sandbox::new().run(&args).json();
    report["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["choice"].as_str().unwrap().to_string(),
                c["value"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn farkle_is_solved_aside_and_played_roll_by_roll_with_evals_values() {
    let served = Served::start();
    let path = "/api/games?rules=farkle&goal=1000&set=floor%3D-500&vs=bank_at:300&seed=3";
    let (first, game) = solved_game(&served, path);
    // The first answer is the game, or, if the solve takes longer than a request waits, says
    // it is being solved and how far it has come.
    if let Some(solving) = first["solving"].as_str() {
        assert!(
            solving.starts_with("Solving farkle[floor=-500], goal 1000 against bank_at:300: "),
            "{first}"
        );
    }
    assert_eq!(game["goal"], 1000);
    assert!(
        says(&game, "3 farkles in a row cost 500, never below -500"),
        "{game}"
    );
    let id = game["id"].clone();
    let at = |action: &str| format!("/api/games/{id}/{action}");
    // At the turn's start the only choice is to roll, worth what eval says of rolling there.
    assert_eq!(game["choices"].as_array().unwrap().len(), 1);
    let start = farkle_eval("0,0,0,0,0,6", None);
    assert_eq!(
        start,
        [(
            "roll".to_string(),
            game["choices"][0]["value"].as_f64().unwrap()
        )]
    );
    let mut game = game;
    let (mut keeps_checked, mut banks_checked, mut moves) = (0, 0, 0);
    let mut log = Vec::new();
    while game["over"] == false && moves < 400 {
        moves += 1;
        // The roll waiting for a keep, if any: its dice are the ones rolled.
        let shown: Vec<String> = game["dice"]["dice"]["faces"]
            .as_array()
            .map(|faces| faces.iter().map(|f| f.to_string()).collect())
            .unwrap_or_default();
        let dice_left = number(&game, 0, "dice to roll").unwrap_or(shown.len() as i64);
        let from = format!(
            "{},{},{},{},{},{dice_left}",
            game["seats"][0]["score"],
            game["seats"][1]["score"],
            number(&game, 0, "farkles in a row").unwrap(),
            number(&game, 1, "farkles in a row").unwrap(),
            number(&game, 0, "turn total").unwrap(),
        );
        let hints = game["choices"].as_array().unwrap();
        let best = &hints[best(&game)];
        // Every choice is worth exactly what eval says, and the best is worth the most.
        assert!(
            hints
                .iter()
                .all(|h| h["value"].as_f64() <= best["value"].as_f64())
        );
        if keeps_checked + banks_checked < 4 {
            let dice = (!shown.is_empty()).then(|| shown.join(","));
            let exact = farkle_eval(&from, dice.as_deref());
            assert_eq!(
                exact.len(),
                hints.len(),
                "{from} {dice:?}: {exact:?} {hints:?}"
            );
            // Keeps in eval's order; bank and roll by name.
            let mut ours: Vec<(String, f64)> = hints
                .iter()
                .map(|h| (first_word(h), h["value"].as_f64().unwrap()))
                .collect();
            let mut theirs: Vec<(String, f64)> = exact
                .into_iter()
                .map(|(label, value)| (label.split(' ').next().unwrap().to_string(), value))
                .collect();
            ours.sort_by(|a, b| a.0.cmp(&b.0));
            theirs.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(ours, theirs, "{from} {dice:?}");
            if dice.is_some() {
                keeps_checked += 1;
            } else {
                banks_checked += 1;
            }
        }
        // Keeps by their dice (as the label names them), bank and roll as the view sends them:
        // keys r and b, keeps by their numbers.
        let kind = first_word(best);
        let key = match kind.as_str() {
            "keep" => (best["action"]["choice"].as_u64().unwrap() + 1).to_string(),
            "roll" => "r".to_string(),
            _ => "b".to_string(),
        };
        assert_eq!(best["key"], key, "{best}");
        let action = match kind.as_str() {
            "keep" => {
                let label = best["label"].as_str().unwrap();
                let faces = label["Keep ".len()..].split(':').next().unwrap();
                format!("keep?dice={}", faces.replace(' ', ","))
            }
            "roll" => {
                assert_eq!(best["action"], json!({"dice": 1}));
                "roll?dice=1".to_string()
            }
            _ => {
                assert_eq!(best["action"], json!({"dice": 0}));
                "roll?dice=0".to_string()
            }
        };
        let (status, next) = served.request("POST", &at(&action));
        assert_eq!(status, 200, "{action}: {next}");
        // A keep by its dice takes the best keep's points.
        if kind == "keep" {
            let line = next["log"][0].as_str().unwrap();
            assert!(
                line.contains(&format!(" for {}:", h_points(best))),
                "{line}"
            );
        }
        for turn in next["turns"].as_array().unwrap() {
            let lines: Vec<&str> = turn["log"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            // A roll's faces are the dice drawn.
            if let Some(faces) = turn["dice"]["faces"].as_array() {
                let named: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
                assert!(
                    lines[0].contains(&format!(": {},", named.join(" "))),
                    "{lines:?}"
                );
            }
            log.extend(lines.iter().map(|l| l.to_string()));
        }
        game = next;
    }
    assert_eq!(game["over"], true, "{log:?}");
    // A keep that reaches the goal wins at once, mid-turn: the winner's score counts that
    // turn's total (it was shown as the score banked before the turn, `[0, 0]` with a winner).
    let winner = game["winner"].as_u64().unwrap() as usize;
    let scores: Vec<i64> = (0..2)
        .map(|seat| game["seats"][seat]["score"].as_i64().unwrap())
        .collect();
    assert!(scores[winner] >= 1000, "{scores:?}: {game}");
    assert!(scores[1 - winner] < 1000, "{scores:?}: {game}");
    assert!(
        keeps_checked >= 1 && banks_checked >= 1,
        "{keeps_checked} {banks_checked}"
    );
    assert!(!log.iter().any(|l| l.contains("Player ")), "{log:?}");
    assert!(log.iter().any(|l| l.starts_with("You keep ")), "{log:?}");
    assert!(
        log.iter().any(|l| l.starts_with("The computer banks ")),
        "{log:?}"
    );
    // Refusals name the parameter and say why.
    let (_, hog) = served.request("POST", "/api/games?vs=always_roll:4");
    let (_, fresh) = served.request("POST", path);
    let fresh = |action: &str| format!("/api/games/{}/{action}", fresh["id"]);
    for (method, path, status, error) in [
        (
            "POST",
            fresh("roll?dice=0"),
            400,
            "roll: a turn total of 0 cannot be banked; the least is 50",
        ),
        (
            "POST",
            fresh("roll?dice=2"),
            400,
            "roll: dice 2 is neither 1 (roll) nor 0 (bank)",
        ),
        (
            "POST",
            fresh("keep?choice=0"),
            400,
            "keep: no roll waits for a keep; roll first",
        ),
        ("POST", at("roll?dice=1"), 400, "roll: the game is over"),
        (
            "POST",
            format!("/api/games/{}/keep?choice=0", hog["id"]),
            400,
            "keep: hog is played by rolling dice",
        ),
        (
            "POST",
            "/api/games?set=floor%3D-500".into(),
            400,
            "rules: hog-fa20: unknown parameter 'floor'",
        ),
        (
            "POST",
            "/api/games?rules=farkle&set=floor%3D7".into(),
            400,
            "rules: farkle: floor = 7: expected a multiple of 50 in -100000..=0",
        ),
        (
            "POST",
            "/api/games?rules=farkle&set=bogus".into(),
            400,
            "set: 'bogus' is not NAME=VALUE",
        ),
        (
            "POST",
            "/api/games?rules=farkle&goal=1025".into(),
            400,
            "rules: farkle: goal = 1025",
        ),
        (
            "POST",
            "/api/games?rules=farkle&vs=hold_at:20".into(),
            400,
            "vs: unknown strategy 'hold_at:20' for farkle",
        ),
        (
            "GET",
            "/api/map?rules=farkle".into(),
            400,
            "map: farkle has no map of one choice per cell of scores",
        ),
    ] {
        let (got, body) = served.request(method, &path);
        assert_eq!(got, status, "{method} {path}: {body}");
        let message = body["error"].as_str().unwrap_or_default();
        assert!(message.starts_with(error), "{method} {path}: {message}");
    }
    // After a roll: keeps by dice not shown, or not scoring, are refused by name.
    let (_, rolled) = served.request("POST", &fresh("roll?dice=1"));
    if rolled["dice"].is_object() {
        let shown: Vec<u64> = rolled["dice"]["dice"]["faces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_u64().unwrap())
            .collect();
        let absent = (1..=6).find(|f| !shown.contains(f)).unwrap();
        let (status, body) = served.request("POST", &fresh(&format!("keep?dice={absent}")));
        assert_eq!(status, 400);
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("not among the dice shown"),
            "{body}"
        );
        let (status, body) = served.request("POST", &fresh("keep?dice=9"));
        assert_eq!(
            (status, body["error"].as_str()),
            (
                400,
                Some("keep: dice '9' are not faces 1 to 6, comma-separated")
            )
        );
    }
    // The full game is solved aside (against bank_at:350: against optimal and bank_at:300 its
    // values are committed and taken in seconds): while it is, the server answers everything
    // else, tells how far the solve has come, and refuses a second farkle solve.
    let full = "/api/games?rules=farkle&seed=1&vs=bank_at:350";
    let (status, body) = served.request("POST", full);
    assert_eq!(status, 202, "{body}");
    assert!(
        body["solving"]
            .as_str()
            .unwrap()
            .starts_with("Solving farkle, goal 10000 against bank_at:350: "),
        "{body}"
    );
    let (status, rulesets) = served.request("GET", "/api/rulesets");
    assert_eq!(status, 200);
    // Asked while a solve is under way, the page's form still gets every game's record.
    let farkle = rulesets["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "farkle")
        .unwrap_or_else(|| panic!("{rulesets}"));
    assert_eq!(farkle["rulesets"][0]["quick"]["goal"], 2000, "{farkle}");
    assert_eq!(rulesets["default"], "hog-fa20");
    assert_eq!(served.request("POST", path).0, 200);
    let (status, body) = served.request("POST", "/api/games?rules=farkle&goal=500");
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"].as_str().unwrap().starts_with(
            "the server solves one match-up at a time. Solving farkle, goal 10000 against"
        ),
        "{body}"
    );
    let (status, body) = served.request("POST", full);
    assert_eq!(status, 202, "{body}");
}

/// A choice's first word, lowered: `keep`, `roll`, `bank`.
fn first_word(choice: &serde_json::Value) -> String {
    let label = choice["label"].as_str().unwrap();
    label.split(' ').next().unwrap().to_lowercase()
}

/// A keep hint's points, from its label ("Keep 1 5: 150 points, ...").
fn h_points(hint: &serde_json::Value) -> String {
    let label = hint["label"].as_str().unwrap();
    label
        .split(": ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn within_its_budget_the_page_still_refuses_what_its_process_may_not_hold() {
    // A budget of 20 GB but a process limited to 2 GB (ulimit -v): hog-fa17's map at goal
    // 1000 fits the budget and not the process, and is refused at once naming both the
    // estimate and the limit, as the CLI and Python refuse it; the server answers on.
    let served = Served::under_ulimit(2_000_000, &["--max-memory", "20G"]);
    let (hog_estimate, _) = Sandbox::new().estimate("hog-fa17", 1000);
    let started = Instant::now();
    let (status, body) = served.request("GET", "/api/map?rules=hog-fa17&goal=1000");
    let message = body["error"].as_str().unwrap_or_default();
    assert_eq!(status, 400, "{body}");
    assert!(
        message.starts_with("goal: solving this would take about")
            && message.contains(&format!("{hog_estimate} and"))
            && message.contains("(its address-space limit, ulimit -v)"),
        "{message}"
    );
    assert!(started.elapsed() < Duration::from_secs(1));
    let (status, map) = served.request("GET", "/api/map?rules=hog-fa20&goal=50");
    assert_eq!(status, 200, "{map}");
}

#[test]
fn the_page_solves_within_its_memory_budget_and_lets_the_least_recently_played_go() {
    let served = Served::with(&["--max-memory", "300M"]);
    let (_, rulesets) = served.request("GET", "/api/rulesets");
    assert_eq!(rulesets["budget"]["bytes"], 300_000_000, "{rulesets}");
    // Too large for the budget: refused at once, naming the estimate and the limit (Farkle
    // at goal 100000 was accepted and grew past 2 GB; hog-fa17's map at goal 1000 took 4.8 GB).
    // Hog's estimate is the one `swine rules check` prints.
    let (hog_estimate, _) = Sandbox::new().estimate("hog-fa17", 1000);
    assert!(hog_estimate.ends_with(" GB"), "{hog_estimate}");
    for (method, path, estimate) in [
        ("POST", "/api/games?rules=farkle&goal=100000", " GB"),
        ("GET", "/api/map?rules=hog-fa17&goal=1000", &hog_estimate),
    ] {
        let started = std::time::Instant::now();
        let (status, body) = served.request(method, path);
        let message = body["error"].as_str().unwrap_or_default();
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            message.contains("would take about")
                && message.contains(&format!("{estimate} and"))
                && message.contains("budget of 300 MB (swine serve --max-memory)"),
            "{path}: {message}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }
    // Each fits alone (about 185 and 156 MB), no two together: each new one lets the least
    // recently played go, and its games with it; nothing asks to restart the server.
    let mut ids = Vec::new();
    for path in [
        "/api/games?rules=hog-fa17&goal=120&vs=always_roll:4",
        "/api/games?rules=pig&goal=180&vs=hold_at:20",
        "/api/games?rules=hog-fa17&goal=120&vs=always_roll:5",
        "/api/games?rules=pig&goal=180&vs=hold_at:20",
    ] {
        let (_, game) = solved_game(&served, path);
        ids.push(game["id"].as_u64().unwrap());
    }
    let (status, body) = served.request("GET", &format!("/api/games/{}", ids[0]));
    assert_eq!(status, 404, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("let go to make room")
    );
    assert_eq!(
        served.request("GET", &format!("/api/games/{}", ids[3])).0,
        200
    );
    let peak = crate::util::high_water(served.child.id()).unwrap();
    assert!(peak < 300_000_000, "the server's peak: {peak} bytes");
}

/// How many files (its sockets among them) the process `pid` has open.
fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .count()
}

/// Reads `stream` until its end or `wait` passes: the bytes read, and whether the server
/// ended the connection (an end or a reset, not the wait running out).
fn read_to_end_within(stream: &mut TcpStream, wait: Duration) -> (usize, bool) {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut chunk = vec![0; 1 << 16];
    let mut read = 0;
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return (read, true),
            Ok(n) => read += n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return (read, false);
            }
            Err(_) => return (read, true),
        }
    }
}

#[test]
fn slow_readers_of_a_large_answer_are_held_within_the_budget_and_cut_off() {
    // The write timeout set to 2 s for the test (10 s unless SWINE_SERVE_WRITE_TIMEOUT says).
    let served = Served::with_env(
        &["--max-memory", "300M"],
        &[("SWINE_SERVE_WRITE_TIMEOUT", "2")],
    );
    let pid = served.child.id();
    let address = &served.address;
    // The match-up solved and its map drawn once (about 190 MB and 21 MB), as the page asks.
    let path = "/api/map?rules=hog-fa20&goal=1000";
    let ask = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    let mut whole = 0;
    for _ in 0..600 {
        let (status, body) = served.raw(ask.as_bytes());
        if status != 202 {
            assert_eq!(status, 200, "{}", &body[..body.len().min(300)]);
            whole = body.len();
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(whole > 20_000_000, "the map is {whole} bytes");
    let files = open_files(pid);
    // 40 clients ask for it and never read (this held 2.2 GB with a budget of 1 GB, and a
    // normal request took 9.65 s): each is sent the one body drawn, charged to its match-up.
    let sent = Instant::now();
    let mut readers: Vec<TcpStream> = (0..40)
        .map(|_| served.send(format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").as_bytes()))
        .collect();
    // Each accepted (polled until the server holds their sockets; it may hold a few more
    // descriptors of its own by then, as its runtime grows under load).
    while open_files(pid) < files + 40 && sent.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(open_files(pid) >= files + 40, "{} open", open_files(pid));
    let mut most = 0;
    for _ in 0..3 {
        for request in ["/", "/api/rulesets"] {
            let start = Instant::now();
            let mut stream = served.send(
                format!("GET {request} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n")
                    .as_bytes(),
            );
            let (status, answer) = status_within(&mut stream, Duration::from_secs(1));
            let took = start.elapsed();
            assert_eq!(status, 200, "{request}: {answer:?} after {took:?}");
            assert!(took < Duration::from_secs(1), "{request}: {took:?}");
        }
        most = most.max(crate::util::resident(pid).unwrap());
        std::thread::sleep(Duration::from_millis(200));
    }
    // Within the budget and a margin of 64 MB for the server itself (its runtime, its
    // threads, the page) while they wait, and at its peak.
    let (budget, margin) = (300_000_000, 64_000_000);
    let peak = crate::util::high_water(pid).unwrap();
    assert!(
        most < budget + margin,
        "resident while they wait: {most} bytes"
    );
    assert!(peak < budget + margin, "the server's peak: {peak} bytes");
    // Cut off after the write timeout: the server's sockets closed (polled until they are),
    // and each client, reading at last, gets part of the answer and then its end.
    while open_files(pid) > files && sent.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let closed = sent.elapsed();
    assert!(
        open_files(pid) <= files,
        "{} open after {closed:?}",
        open_files(pid)
    );
    assert!(
        (Duration::from_secs(2)..Duration::from_secs(9)).contains(&closed),
        "closed after {closed:?}"
    );
    for reader in &mut readers {
        let (read, ended) = read_to_end_within(reader, Duration::from_secs(5));
        assert!(
            ended && read < whole,
            "{read} of {whole} bytes, ended: {ended}"
        );
    }
    assert_eq!(served.request("GET", "/api/rulesets").0, 200);
}

#[test]
fn connections_past_256_wait_until_one_ends() {
    let served = Served::start();
    let address = &served.address;
    let idle: Vec<TcpStream> = (0..256)
        .map(|_| TcpStream::connect(address).unwrap())
        .collect();
    // Each idle connection is served (its head awaited): the next waits to be accepted.
    let ask = format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    let mut waiting = served.send(ask.as_bytes());
    let (status, answer) = status_within(&mut waiting, Duration::from_secs(1));
    assert_eq!((status, answer.as_str()), (0, ""));
    // One ends: the one waiting is served.
    drop(idle);
    let (status, answer) = status_within(&mut waiting, Duration::from_secs(5));
    assert_eq!(status, 200, "{answer:?}");
}

#[test]
fn a_request_names_this_server_once_and_its_target_as_a_path() {
    let served = Served::start();
    let address = &served.address;
    let port = address.rsplit(':').next().unwrap();
    let ask = |head: &str| {
        let (status, body) = served.raw(format!("{head}\r\nConnection: close\r\n\r\n").as_bytes());
        let error = serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["error"].as_str().map(str::to_string))
            .unwrap_or_default();
        (status, error)
    };
    // This server by any name it is reached by, with its port.
    for host in [
        address.to_string(),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (status, error) = ask(&format!("GET /api/rulesets HTTP/1.1\r\nHost: {host}"));
        assert_eq!(status, 200, "{host}: {error}");
    }
    for (head, status, error) in [
        (
            "GET /api/rulesets HTTP/1.1".to_string(),
            403,
            format!("the request names no host: send Host: {address}"),
        ),
        (
            "GET /api/rulesets HTTP/1.0".to_string(),
            403,
            format!("the request names no host: send Host: {address}"),
        ),
        (
            format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\nHost: {address}"),
            403,
            "the request names its host more than once".to_string(),
        ),
        (
            format!("GET /api/rulesets HTTP/1.1\r\nHost: {address}\r\nHost: evil.example"),
            403,
            "the request names its host more than once".to_string(),
        ),
        (
            "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1".to_string(),
            403,
            "host '127.0.0.1' is not this server".to_string(),
        ),
        (
            "GET /api/rulesets HTTP/1.1\r\nHost: localhost:1".to_string(),
            403,
            "host 'localhost:1' is not this server".to_string(),
        ),
        (
            format!("GET http://evil.example/api/rulesets HTTP/1.1\r\nHost: {address}"),
            400,
            format!(
                "the request's target 'http://evil.example/api/rulesets' is not a path: this \
                 server is no proxy, ask for /api/... with Host: {address}"
            ),
        ),
        (
            format!("GET http://{address}/api/rulesets HTTP/1.1\r\nHost: {address}"),
            400,
            format!(
                "the request's target 'http://{address}/api/rulesets' is not a path: this \
                 server is no proxy, ask for /api/... with Host: {address}"
            ),
        ),
        (
            "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example".to_string(),
            400,
            format!(
                "the request's target 'http://evil.example/' is not a path: this server is no \
                 proxy, ask for /api/... with Host: {address}"
            ),
        ),
    ] {
        assert_eq!(ask(&head), (status, error), "{head:?}");
    }
}

#[test]
fn refusals_are_in_the_pages_words_with_control_characters_escaped() {
    let served = Served::with(&["--max-memory", "100M"]);
    for (method, path, error) in [
        // The budget refusal names the game's own size parameter, or says it has none.
        (
            "POST",
            "/api/games?rules=yahtzee",
            "rules: solving yahtzee would take about 200 MB",
        ),
        (
            "POST",
            "/api/games?rules=hog-fa17&goal=1000",
            "goal: solving hog-fa17 would take about",
        ),
        // No CLI flags (`--goal and --set goal=...`, `in --set`).
        (
            "POST",
            "/api/games?rules=pig&goal=5&set=goal%3D5",
            "goal: given as goal= and as set=goal=; give one",
        ),
        (
            "POST",
            "/api/games?rules=pig&set=goal%3D5,goal%3D6",
            "set: goal: given twice; give one value",
        ),
        (
            "POST",
            "/api/games?rules=hog-fa20&set=lucky%3D5",
            "rules: hog-fa20: unknown parameter 'lucky' in set=;",
        ),
        // An escape sequence echoed as its escapes, never raw.
        (
            "POST",
            "/api/games?rules=pig&vs=%1B%5B31mred%0Dx",
            "vs: unknown strategy '\\u{1b}[31mred\\rx' for pig",
        ),
        (
            "POST",
            "/api/games?rules=yahtzee&set=joker%3D%1B%5B2J",
            "set: 'joker=\\u{1b}[2J': \\u{1b}[2J is not one of",
        ),
        (
            "POST",
            "/api/games?first=%1B%5B2J",
            "first: '\\u{1b}[2J' is neither 'you' nor 'computer'",
        ),
        (
            "POST",
            "/api/games?rules=chopsticks&moves=%1B",
            "moves: '\\u{1b}' is neither a number of moves",
        ),
    ] {
        let (status, body) = served.request(method, path);
        let message = body["error"].as_str().unwrap_or_default();
        assert_eq!(status, 400, "{path}: {body}");
        assert!(message.starts_with(error), "{path}: {message}");
        // The one flag named is the server's own, which a larger budget takes.
        let flags = message.replace("(swine serve --max-memory)", "");
        assert!(
            !flags.contains("--") && !message.chars().any(char::is_control),
            "{path}: {message:?}"
        );
    }
    let (_, body) = served.request("POST", "/api/games?rules=yahtzee");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.ends_with("yahtzee has no size to choose: only a larger budget fits it")
            && !message.contains("goal"),
        "{message}"
    );
    let (_, body) = served.request("POST", "/api/games?rules=hog-fa17&goal=1000");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .ends_with("; a smaller goal fits"),
        "{body}"
    );
}

#[test]
fn a_budget_below_64_mb_is_refused() {
    for small in ["0.0001B", "1M", "63MB"] {
        let refused = Sandbox::new().run(&["serve", "--port", "0", "--max-memory", small]);
        let stderr = refused.failure();
        assert!(
            stderr.contains(&format!(
                "'{small}' is below the 64 MB the server needs at least"
            )),
            "{stderr}"
        );
    }
}
