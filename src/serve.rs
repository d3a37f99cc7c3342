//! `swine serve`: a local web page to play Hog against the computer, with the exact win
//! probability of every choice, the commentary and the strategy map, over a small JSON API.
//!
//! The server listens on loopback only; the page and its script are embedded in the binary.
//! Games live in memory, one per id. Every answer is JSON; a bad request gets status 400 (an
//! unknown game 404) and `{"error": "..."}`, never a crash.

use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Context, Result};
use serde_json::{Value, json};
use swine_solver::commentary::{self, Commentary};
use swine_solver::dice::SeededDice;
use swine_solver::hog::narrate::describe;
use swine_solver::hog::simulate::Game;
use swine_solver::hog::{Advisor, MAX_DICE, Ruleset, Strategy};
use swine_solver::python::Runner;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::cli::RulesArgs;
use crate::resolve::{self, Rules};

/// The page, with its script and style.
const PAGE: &str = include_str!("../assets/serve.html");

/// Requests handled at once.
const WORKERS: usize = 4;

/// The most bytes of a request's body read (the API takes none).
const MOST_BODY: usize = 1 << 16;

/// A ruleset solved against an opponent: what games of that match-up share.
struct Engine {
    rules: &'static Ruleset,
    opponent: String,
    advisor: Mutex<Advisor<'static>>,
}

/// A game in progress: the person is seat 0, the computer seat 1.
struct Session {
    engine: Arc<Engine>,
    game: Game,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
}

/// Everything the server keeps.
#[derive(Default)]
struct State {
    engines: Mutex<HashMap<(String, String), Arc<Engine>>>,
    games: Mutex<HashMap<u64, Session>>,
    next: AtomicU64,
}

/// An answer: a status and a JSON body.
type Answer = (u16, Value);

/// Serves on `127.0.0.1:port` (0: any free port) until the process ends; prints the address.
pub fn serve(port: u16, open: bool) -> Result<()> {
    let server = Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .context("the server's address")?;
    let url = format!("http://{address}/");
    println!("serving swine on {url} (Ctrl-C stops)");
    if open {
        let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
    }
    let server = Arc::new(server);
    let state = Arc::new(State::default());
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, state) = (Arc::clone(&server), Arc::clone(&state));
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    handle(&state, request);
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
    Ok(())
}

/// Answers one request (a failure to send the answer is the client's going away).
fn handle(state: &State, mut request: Request) {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let query = parse_query(query);
    let mut body = String::new();
    let read = request
        .as_reader()
        .take(MOST_BODY as u64)
        .read_to_string(&mut body);
    if path == "/" && *request.method() == Method::Get {
        let page = Response::from_string(PAGE).with_header(header("text/html; charset=utf-8"));
        let _ = request.respond(page);
        return;
    }
    let (status, value) = match read {
        Err(_) => (400, json!({"error": "the request's body is not UTF-8"})),
        Ok(_) => route(state, request.method(), path, &query),
    };
    let response = Response::from_string(value.to_string())
        .with_status_code(status)
        .with_header(header("application/json"));
    let _ = request.respond(response);
}

/// A Content-Type header.
fn header(content_type: &str) -> Header {
    Header::from_bytes("Content-Type", content_type).expect("a valid header")
}

/// The API.
fn route(state: &State, method: &Method, path: &str, query: &HashMap<String, String>) -> Answer {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let result = match (method, parts.as_slice()) {
        (Method::Get, ["api", "rulesets"]) => Ok(rulesets()),
        (Method::Post, ["api", "games"]) => new_game(state, query),
        (Method::Get, ["api", "games", id]) => with_game(state, id, |s| Ok(view(s, Vec::new()))),
        (Method::Post, ["api", "games", id, "roll"]) => {
            let dice = query
                .get("dice")
                .ok_or_else(|| bad("roll: give ?dice=N"))
                .and_then(|d| {
                    d.parse::<u8>()
                        .map_err(|_| bad(&format!("roll: dice '{d}' is not 0 to 10")))
                });
            match dice {
                Ok(dice) => with_game(state, id, |s| roll(s, dice)),
                Err(error) => Err(error),
            }
        }
        (Method::Get, ["api", "map"]) => map(state, query),
        _ => Err((404, format!("no such resource: {method} {path}"))),
    };
    match result {
        Ok(value) => (200, value),
        Err((status, message)) => (status, json!({ "error": message })),
    }
}

/// A 400 answer's status and message.
fn bad(message: &str) -> (u16, String) {
    (400, message.to_string())
}

/// `a=1&b=x` as a map (`+` and `%XX` decoded; a bad escape is kept as written).
fn parse_query(query: &str) -> HashMap<String, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key), decode(value))
        })
        .collect()
}

/// Percent-decoding of a query component.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Every Hog preset with its one line.
fn rulesets() -> Value {
    let presets: Vec<Value> = swine_solver::hog::presets::PRESETS
        .iter()
        .filter_map(|p| p.compile(&[]).ok())
        .map(|s| json!({"name": s.name(), "summary": s.summary(), "yardstick": s.yardstick()}))
        .collect();
    json!({ "rulesets": presets })
}

/// The engine of (rules, opponent), solved once and kept.
fn engine(state: &State, query: &HashMap<String, String>) -> Result<Arc<Engine>, (u16, String)> {
    let rules_name = query
        .get("rules")
        .cloned()
        .unwrap_or_else(|| "hog-fa20".to_string());
    if rules_name.ends_with(".rhai") || rules_name.contains('/') {
        return Err(bad("rules: the page plays the built-in Hog rulesets"));
    }
    let args = RulesArgs {
        rules: rules_name.clone(),
        goal: None,
        settings: Vec::new(),
    };
    let rules = match resolve::rules(&args) {
        Ok(Rules::Hog(rules)) => rules,
        Ok(_) => {
            return Err(bad(&format!(
                "rules: {rules_name} is not played on this page; the Hog rulesets are"
            )));
        }
        Err(error) => return Err(bad(&format!("rules: {error}"))),
    };
    let vs = query
        .get("vs")
        .cloned()
        .unwrap_or_else(|| "optimal".to_string());
    if vs.ends_with(".py") || vs.contains('/') {
        return Err(bad("vs: the page plays built-in strategies, not files"));
    }
    let key = (rules_name, vs.clone());
    if let Some(engine) = lock(&state.engines).get(&key) {
        return Ok(Arc::clone(engine));
    }
    let opponent = Strategy::resolve(&vs, &rules, &Runner::default())
        .map(|r| r.strategy)
        .map_err(|e| bad(&format!("vs: {e}")))?;
    // One ruleset per (rules, opponent) for the server's life: the advisor borrows it.
    let rules: &'static Ruleset = Box::leak(rules);
    let advisor = Advisor::new(rules, &opponent.player(rules));
    let engine = Arc::new(Engine {
        rules,
        opponent: opponent.name().to_string(),
        advisor: Mutex::new(advisor),
    });
    lock(&state.engines).insert(key, Arc::clone(&engine));
    Ok(engine)
}

/// A mutex's contents, even after a panic elsewhere (the data stay consistent: every change is
/// one assignment).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `POST /api/games?rules=R&vs=S&seed=N`: a new game, the person first.
fn new_game(state: &State, query: &HashMap<String, String>) -> Result<Value, (u16, String)> {
    let seed = match query.get("seed") {
        Some(s) => s
            .parse::<u64>()
            .map_err(|_| bad(&format!("seed: '{s}' is not a whole number")))?,
        None => crate::commands::clock_seed(),
    };
    let engine = engine(state, query)?;
    let session = Session {
        game: Game::new(engine.rules, 0),
        engine,
        dice: SeededDice::new(seed),
        commentary: Box::new(commentary::full(0)),
    };
    let id = state.next.fetch_add(1, Ordering::Relaxed) + 1;
    let value = view(
        &session,
        vec![format!("New game, seed {seed}. You move first.")],
    );
    lock(&state.games).insert(id, session);
    let mut value = value;
    value["id"] = json!(id);
    Ok(value)
}

/// Runs `f` on the game `id`.
fn with_game(
    state: &State,
    id: &str,
    f: impl FnOnce(&mut Session) -> Result<Value, (u16, String)>,
) -> Result<Value, (u16, String)> {
    let number: u64 = id
        .parse()
        .map_err(|_| bad(&format!("game '{id}' is not a game id")))?;
    let mut games = lock(&state.games);
    let session = games
        .get_mut(&number)
        .ok_or_else(|| (404, format!("no game {number}")))?;
    let mut value = f(session)?;
    value["id"] = json!(number);
    Ok(value)
}

/// `POST /api/games/ID/roll?dice=N`: the person's turn, then the computer's until it is the
/// person's again or the game ends.
fn roll(session: &mut Session, dice: u8) -> Result<Value, (u16, String)> {
    if winner(session).is_some() {
        return Err(bad("roll: the game is over"));
    }
    if dice > MAX_DICE {
        return Err(bad(&format!("roll: dice {dice} is not 0 to {MAX_DICE}")));
    }
    let mut log = Vec::new();
    let mut requested = dice;
    loop {
        let rules = session.engine.rules;
        let before = session.game;
        let (rolled, die) = session.game.dice_to_roll(rules, requested);
        let shown = session.dice.roll(*die, rolled);
        let turn = session.game.turn(rules, requested, &shown);
        log.extend(describe(rules, &before, requested, &shown, &turn));
        log.extend(session.commentary.comment(turn.scores));
        if turn.winner.is_some() || session.game.mover == 0 {
            return Ok(view(session, log));
        }
        requested = lock(&session.engine.advisor).opponent(&session.game);
        log.push(format!("The computer rolls {requested}."));
    }
}

/// The winner of the session's game, if it is over.
fn winner(session: &Session) -> Option<usize> {
    let goal = session.engine.rules.goal();
    session.game.scores.iter().position(|&s| s >= goal)
}

/// The game as the page shows it: scores, the rules about to apply and the hints on the
/// person's turn, the log of what just happened.
fn view(session: &Session, log: Vec<String>) -> Value {
    let rules = session.engine.rules;
    let game = &session.game;
    let (own, opponent) = (game.scores[0], game.scores[1]);
    let mut value = json!({
        "rules": rules.name(),
        "goal": rules.goal(),
        "vs": session.engine.opponent,
        "scores": game.scores,
        "memory": game.memory,
        "your_turn": game.mover == 0,
        "winner": winner(session),
        "log": log,
    });
    if winner(session).is_none() && game.mover == 0 {
        let mut advisor = lock(&session.engine.advisor);
        let choices = advisor.choices(game);
        let limit = rules.dice_rolled(own, opponent, MAX_DICE);
        value["best"] = json!(advisor.best(game));
        value["free_bacon"] = json!(rules.free_bacon(own, opponent));
        value["limit"] = json!(limit);
        value["faces"] = json!(rules.die(own, opponent).faces);
        value["hints"] = (0..=limit)
            .map(|n| json!({"dice": n, "win": choices[usize::from(n)]}))
            .collect();
    }
    value
}

/// `GET /api/map?rules=R&vs=S`: the optimal dice in every (own, opponent) cell, memories at
/// their start.
fn map(state: &State, query: &HashMap<String, String>) -> Result<Value, (u16, String)> {
    let engine = engine(state, query)?;
    let rules = engine.rules;
    let goal = rules.goal();
    let advisor = lock(&engine.advisor);
    let initial = rules.memory().initial;
    let dice: Vec<Vec<u8>> = (0..goal)
        .map(|own| {
            (0..goal)
                .map(|other| {
                    let game = Game {
                        scores: [own, other],
                        memory: [initial, initial],
                        mover: 0,
                    };
                    advisor.best(&game)
                })
                .collect()
        })
        .collect();
    Ok(json!({"rules": rules.name(), "vs": engine.opponent, "goal": goal, "dice": dice}))
}
