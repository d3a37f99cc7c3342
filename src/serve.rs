//! `swine serve`: a local web page to play Hog, Greed or Pig against the computer, with the
//! exact win probability of every choice, the commentary and the strategy map, over a small
//! JSON API.
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
use swine_solver::commentary::{self, Commentary, Names};
use swine_solver::dice::SeededDice;
use swine_solver::greed::simulate::{End, Game as GreedGame, play_turn as greed_turn};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::narrate::{NEVER_ENDS, play_turn};
use swine_solver::hog::simulate::{Game, LoopWatch};
use swine_solver::hog::{Advisor, MAX_DICE, Ruleset, Strategy};
use swine_solver::pig::simulate::{
    Game as PigGame, LoopWatch as PigLoopWatch, Step, play_decision,
};
use swine_solver::pig::{self, Pig, Player, Policy, Solution};
use swine_solver::python::Runner;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::cli::RulesArgs;
use swine_solver::catalog;
use swine_solver::spec::Spec;

use crate::resolve::{self, Rules};

/// The page, with its script and style.
const PAGE: &str = include_str!("../assets/serve.html");

/// A match-up the page plays: the ruleset, the goal asked for (if any), the opponent.
type MatchUp = (String, Option<u32>, String);

/// The most match-ups (rules, goal, opponent) solved and kept (each holds the game's values).
const MOST_ENGINES: usize = 16;

/// The most games kept; a new one past it replaces the oldest.
const MOST_GAMES: usize = 1000;

/// Requests handled at once.
const WORKERS: usize = 4;

/// The most bytes of a request's body read (the API takes none).
const MOST_BODY: usize = 1 << 16;

/// A ruleset solved against an opponent: what games of that match-up share.
struct Engine {
    opponent: String,
    solved: Solved,
}

/// The game and its advisor, solved once per (rules, opponent) for the server's life (the
/// advisor borrows the game, so both are leaked, never freed).
enum Solved {
    Hog {
        rules: &'static Ruleset,
        advisor: Advisor<'static>,
    },
    Greed {
        game: &'static Greed,
        advisor: greed::Advisor<'static>,
    },
    /// A game of the Pig family: the person's values (a perfect player against the computer)
    /// and the computer's policy.
    Pig {
        game: Pig,
        solution: Solution,
        best: Policy,
        computer: Policy,
    },
}

/// A position of either game.
#[derive(Clone, Copy)]
enum Position {
    Hog(Game),
    Greed(GreedGame),
    Pig(PigGame),
}

/// A game in progress: the person is seat 0, the computer seat 1.
struct Session {
    engine: Arc<Engine>,
    position: Position,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    /// How the game ended, once it has: the winning seat, or none for a tie (Greed).
    ended: Option<Option<usize>>,
}

/// Everything the server keeps.
struct State {
    /// The hosts the page is reached by (`127.0.0.1:PORT`, `localhost:PORT`): a request naming
    /// another, or coming from a page of another origin, is refused (a site in the same
    /// browser must not drive the server, even by DNS rebinding).
    hosts: [String; 2],
    engines: Mutex<HashMap<MatchUp, Arc<Engine>>>,
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
    let port = address.port();
    let state = Arc::new(State {
        hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
        engines: Mutex::default(),
        games: Mutex::default(),
        next: AtomicU64::default(),
    });
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
    if let Some(refusal) = foreign(state, &request) {
        let response = Response::from_string(json!({ "error": refusal }).to_string())
            .with_status_code(403)
            .with_header(header("application/json"));
        let _ = request.respond(response);
        return;
    }
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

/// Why `request` is refused, if it names a host other than the server's, or comes from a page
/// of another origin.
fn foreign(state: &State, request: &Request) -> Option<String> {
    let value = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let ours = |host: &str| state.hosts.iter().any(|h| h == host);
    match (value("Host"), value("Origin")) {
        (Some(host), _) if !ours(&host) => Some(format!("host '{host}' is not this server")),
        (_, Some(origin)) if !origin.strip_prefix("http://").is_some_and(ours) => {
            Some(format!("requests from '{origin}' are not served"))
        }
        _ => None,
    }
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
                    d.parse::<u32>()
                        .map_err(|_| bad(&format!("roll: dice '{d}' is not a whole number")))
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

/// Every ruleset the page plays (all but Chopsticks, which has no dice), with its one line.
fn rulesets() -> Value {
    let rulesets: Vec<Value> = catalog::rulesets()
        .into_iter()
        .filter_map(|e| {
            let yardstick = e.yardstick?;
            Some(json!({"name": e.name, "summary": e.summary, "yardstick": yardstick}))
        })
        .collect();
    json!({ "rulesets": rulesets })
}

/// The engine of (rules, opponent), solved once and kept.
fn engine(state: &State, query: &HashMap<String, String>) -> Result<Arc<Engine>, (u16, String)> {
    let rules_name = query
        .get("rules")
        .cloned()
        .unwrap_or_else(|| "hog-fa20".to_string());
    let vs = query
        .get("vs")
        .cloned()
        .unwrap_or_else(|| "optimal".to_string());
    let goal = match query.get("goal") {
        Some(g) => Some(
            g.parse::<u32>()
                .map_err(|_| bad(&format!("goal: '{g}' is not a whole number")))?,
        ),
        None => None,
    };
    let key = (rules_name.clone(), goal, vs.clone());
    // Held while solving: match-ups are solved one at a time, each once, within the bound.
    let mut engines = lock(&state.engines);
    // Only checked match-ups are kept, so a kept one needs no checking again.
    if let Some(engine) = engines.get(&key) {
        return Ok(Arc::clone(engine));
    }
    if catalog::find(&rules_name).is_err() {
        return Err(bad("rules: the page plays the built-in rulesets"));
    }
    // Built-in strategies only: the page never runs a file (a Python strategy, a table) of
    // the machine it runs on.
    if !matches!(Spec::of(&vs), Spec::Named { .. }) {
        return Err(bad("vs: the page plays built-in strategies, not files"));
    }
    if engines.len() >= MOST_ENGINES {
        return Err(bad(&format!(
            "the server keeps {MOST_ENGINES} match-ups (rules and opponent) solved and has them \
             all; play one of those or restart it"
        )));
    }
    let args = RulesArgs {
        rules: rules_name.clone(),
        goal,
        settings: Vec::new(),
    };
    let engine = match resolve::rules(&args) {
        Ok(Rules::Hog(rules)) => {
            let opponent = Strategy::resolve(&vs, &rules, &Runner::default())
                .map(|r| r.strategy)
                .map_err(|e| bad(&format!("vs: {e}")))?;
            let rules: &'static Ruleset = Box::leak(rules);
            Engine {
                opponent: opponent.name().to_string(),
                solved: Solved::Hog {
                    rules,
                    advisor: Advisor::new(rules, &opponent.player(rules))
                        .map_err(|e| bad(&e.to_string()))?,
                },
            }
        }
        Ok(Rules::Greed(game)) => {
            let opponent = greed::Strategy::resolve(&vs, &game, &Runner::default())
                .map(|r| r.strategy)
                .map_err(|e| bad(&format!("vs: {e}")))?;
            let game: &'static Greed = Box::leak(Box::new(game));
            let advisor = greed::Advisor::new(game, opponent.player())
                .map_err(|e| bad(&format!("vs: {e}")))?;
            Engine {
                opponent: opponent.name().to_string(),
                solved: Solved::Greed { game, advisor },
            }
        }
        Ok(Rules::Pig(game)) => {
            let opponent = pig::Strategy::resolve(&vs, &game, &Runner::default())
                .map(|r| r.strategy)
                .map_err(|e| bad(&format!("vs: {e}")))?;
            let solution = pig::solve(&game, [&Player::Optimising, opponent.player()])
                .map_err(|e| bad(&e.to_string()))?;
            Engine {
                opponent: opponent.name().to_string(),
                solved: Solved::Pig {
                    best: solution.policy(0),
                    computer: solution.policy(1),
                    solution,
                    game,
                },
            }
        }
        Ok(Rules::Chopsticks) => return Err(bad("rules: chopsticks is played with swine play")),
        Err(error) => return Err(bad(&format!("rules: {error}"))),
    };
    let engine = Arc::new(engine);
    engines.insert(key, Arc::clone(&engine));
    Ok(engine)
}

/// A mutex's contents. A panic while one is held would be a bug (no request can cause one that
/// the tests know of); the server then goes on answering rather than dying, and that game's or
/// match-up's later answers are not to be trusted.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `POST /api/games?rules=R&goal=G&vs=S&seed=N`: a new game, the person first (the goal is
/// the ruleset's unless given, within the CLI's limits).
fn new_game(state: &State, query: &HashMap<String, String>) -> Result<Value, (u16, String)> {
    let seed = match query.get("seed") {
        Some(s) => s
            .parse::<u64>()
            .map_err(|_| bad(&format!("seed: '{s}' is not a whole number")))?,
        None => crate::commands::clock_seed(),
    };
    let engine = engine(state, query)?;
    let (position, numbered_from) = match &engine.solved {
        Solved::Hog { rules, .. } => (Position::Hog(Game::new(rules, 0)), 0),
        Solved::Greed { .. } => (Position::Greed(GreedGame::new(0)), 1),
        Solved::Pig { .. } => (Position::Pig(PigGame::new(0)), 0),
    };
    let session = Session {
        engine,
        position,
        dice: SeededDice::new(seed),
        commentary: Box::new(commentary::full(Names::Numbered(numbered_from))),
        ended: None,
    };
    let id = state.next.fetch_add(1, Ordering::Relaxed) + 1;
    let value = view(
        &session,
        vec![format!("New game, seed {seed}. You move first.")],
    );
    let mut games = lock(&state.games);
    if games.len() >= MOST_GAMES {
        // The oldest game makes room.
        if let Some(&oldest) = games.keys().min() {
            games.remove(&oldest);
        }
    }
    games.insert(id, session);
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
/// person's again or the game ends (the Pig family: 1 rolls, 0 holds; one decision).
fn roll(session: &mut Session, dice: u32) -> Result<Value, (u16, String)> {
    if session.ended.is_some() {
        return Err(bad("roll: the game is over"));
    }
    let (least, most) = match (&session.engine.solved, &session.position) {
        (Solved::Hog { rules, .. }, _) => (rules.least_dice(), MAX_DICE),
        (Solved::Pig { .. }, _) => (0, 1),
        _ => (0, greed::MAX_DICE),
    };
    let mut requested = u8::try_from(dice)
        .ok()
        .filter(|n| (least..=most).contains(n))
        .ok_or_else(|| match session.engine.solved {
            Solved::Pig { .. } => bad(&format!(
                "roll: dice {dice} is neither 1 (roll) nor 0 (hold)"
            )),
            _ => bad(&format!("roll: dice {dice} is not {least} to {most}")),
        })?;
    if matches!(session.engine.solved, Solved::Pig { .. }) {
        return Ok(decide_pig(session, requested == 1));
    }
    let mut log = Vec::new();
    // The computer's turns in a row that come back where they were go round for ever.
    let mut watch = LoopWatch::default();
    loop {
        let (over, your_turn) = match (&session.engine.solved, &mut session.position) {
            (Solved::Hog { rules, .. }, Position::Hog(game)) => {
                let (rolled, _) = game.dice_to_roll(rules, requested);
                if game.mover == 1 && watch.comes_back(rules, game, rolled) {
                    log.push(NEVER_ENDS.to_string());
                    session.ended = Some(None);
                    return Ok(view(session, log));
                }
                let (turn, lines) = play_turn(
                    rules,
                    game,
                    requested,
                    &mut session.dice,
                    &mut *session.commentary,
                    Names::Numbered(0),
                );
                log.extend(lines);
                if turn.winner.is_some() {
                    session.ended = Some(turn.winner);
                }
                (turn.winner.is_some(), game.mover == 0)
            }
            (Solved::Greed { game, .. }, Position::Greed(position)) => {
                let (end, lines) = greed_turn(
                    game,
                    position,
                    requested,
                    &mut session.dice,
                    &mut *session.commentary,
                    Names::Numbered(1),
                );
                log.extend(lines);
                if let Some(end) = end {
                    session.ended = Some(match end {
                        End::Won(seat) => Some(seat),
                        End::Bust(seat) => Some(1 - seat),
                        End::Tie => None,
                    });
                }
                (end.is_some(), position.mover == 0)
            }
            _ => unreachable!("a session's position is of its engine's game"),
        };
        if over || your_turn {
            return Ok(view(session, log));
        }
        requested = match (&session.engine.solved, &session.position) {
            (Solved::Hog { advisor, .. }, Position::Hog(game)) => advisor.opponent(game),
            (Solved::Greed { advisor, .. }, Position::Greed(position)) => {
                advisor.opponent(position)
            }
            _ => unreachable!("a session's position is of its engine's game"),
        };
        log.push(format!("The computer rolls {requested}."));
    }
}

/// A game of the Pig family: the person rolls (`rolls`) or holds, then, once the turn has
/// passed, the computer decides until it is the person's turn again or the game ends.
fn decide_pig(session: &mut Session, mut rolls: bool) -> Value {
    let engine = Arc::clone(&session.engine);
    let (Solved::Pig { game, computer, .. }, Position::Pig(position)) =
        (&engine.solved, &mut session.position)
    else {
        unreachable!("a session's position is of its engine's game")
    };
    let mut log = Vec::new();
    // The computer's holds that come back where they were go round for ever.
    let mut watch = PigLoopWatch::default();
    loop {
        let (step, lines) = play_decision(
            game,
            position,
            rolls,
            &mut session.dice,
            &mut *session.commentary,
            Names::Numbered(0),
        );
        log.extend(lines);
        if step == Step::Won {
            session.ended = Some(Some(position.mover));
            break;
        }
        if position.mover == 0 {
            break;
        }
        rolls = computer.rolls(position.state(game));
        if watch.comes_back(position, rolls) {
            log.push(pig::simulate::NEVER_ENDS.to_string());
            session.ended = Some(None);
            break;
        }
    }
    view(session, log)
}

/// The winner of the session's game, if it is over with one.
fn winner(session: &Session) -> Option<usize> {
    session.ended.flatten()
}

/// The game as the page shows it: scores, the rules about to apply and the hints on the
/// person's turn, the log of what just happened.
fn view(session: &Session, log: Vec<String>) -> Value {
    let mut value = json!({
        "vs": session.engine.opponent,
        "winner": winner(session),
        "log": log,
    });
    let over = session.ended.is_some();
    match (&session.engine.solved, &session.position) {
        (Solved::Hog { rules, advisor }, Position::Hog(game)) => {
            let (own, opponent) = (game.scores[0], game.scores[1]);
            value["rules"] = json!(rules.name());
            value["goal"] = json!(rules.goal());
            value["scores"] = json!(game.scores);
            value["memory"] = json!(game.memory);
            value["your_turn"] = json!(!over && game.mover == 0);
            if !over && game.mover == 0 {
                let choices = advisor.choices(game);
                let limit = rules.dice_rolled(own, opponent, MAX_DICE);
                value["best"] = json!(advisor.best(game));
                if rules.least_dice() == 0 {
                    value["free_bacon"] = json!(rules.free_bacon(own, opponent));
                }
                value["limit"] = json!(limit);
                value["faces"] = json!(rules.die(own, opponent).faces);
                value["hints"] = (rules.least_dice()..=limit)
                    .map(|n| {
                        json!({"dice": n, "label": format!("Roll {n}"), "win": choices[usize::from(n)]})
                    })
                    .collect();
            }
        }
        (Solved::Greed { game, advisor }, Position::Greed(position)) => {
            value["rules"] = json!(greed::NAME);
            value["goal"] = json!(game.limit());
            value["scores"] = json!(position.scores);
            value["passed"] = json!(position.passed);
            value["tie"] = json!(session.ended == Some(None));
            value["your_turn"] = json!(!over && position.mover == 0);
            if !over && position.mover == 0 {
                value["best"] = json!(advisor.best(position));
                value["limit"] = json!(greed::MAX_DICE);
                value["hints"] = advisor
                    .hints(position, greed::HINTS)
                    .into_iter()
                    .map(|(n, win)| {
                        let label = if n == 0 {
                            "Pass".to_string()
                        } else {
                            format!("Roll {n}")
                        };
                        json!({"dice": n, "label": label, "win": win})
                    })
                    .collect();
            }
        }
        (
            Solved::Pig {
                game,
                solution,
                best,
                ..
            },
            Position::Pig(position),
        ) => {
            value["rules"] = json!(game.name());
            value["goal"] = json!(game.goal());
            value["scores"] = json!(position.scores);
            value["turn_total"] = json!(position.turn_total);
            value["tie"] = json!(session.ended == Some(None));
            value["your_turn"] = json!(!over && position.mover == 0);
            if !over && position.mover == 0 {
                let state = position.state(game);
                let (roll, hold) = solution.choices(0, state);
                value["best"] = json!(u8::from(best.rolls(state)));
                value["hints"] = json!([
                    {"dice": 1, "label": "Roll", "win": roll},
                    {"dice": 0, "label": "Hold", "win": hold},
                ]);
            }
        }
        _ => unreachable!("a session's position is of its engine's game"),
    }
    value
}

/// `GET /api/map?rules=R&vs=S`: the optimal dice in every (own, opponent) cell (Hog: memories
/// at their start; Greed: nobody has passed; the Pig family: the turn total at which the best
/// play first holds), with the legend that reads it.
fn map(state: &State, query: &HashMap<String, String>) -> Result<Value, (u16, String)> {
    let engine = engine(state, query)?;
    let (name, size, dice): (String, u32, Vec<Vec<u8>>) = match &engine.solved {
        Solved::Hog { rules, advisor } => {
            let initial = rules.memory().initial;
            let goal = rules.goal();
            let dice = (0..goal)
                .map(|own| {
                    (0..goal)
                        .map(|other| {
                            advisor.best(&Game {
                                scores: [own, other],
                                memory: [initial, initial],
                                mover: 0,
                            })
                        })
                        .collect()
                })
                .collect();
            (rules.name().to_string(), goal, dice)
        }
        Solved::Greed { game, advisor } => {
            let size = game.limit() + 1;
            let dice = (0..size)
                .map(|own| {
                    (0..size)
                        .map(|other| {
                            advisor.best(&GreedGame {
                                scores: [own, other],
                                mover: 0,
                                passed: false,
                            })
                        })
                        .collect()
                })
                .collect();
            (greed::NAME.to_string(), size, dice)
        }
        Solved::Pig { game, best, .. } => {
            let holds = best.first_holds(game);
            let dice = holds.outer_iter().map(|row| row.to_vec()).collect();
            (game.name().to_string(), game.goal(), dice)
        }
    };
    let legend = match &engine.solved {
        Solved::Pig { .. } => {
            "Own score across, opponent's up. Darker: a higher turn total before holding \
             (the first at which the best play holds)."
        }
        _ => {
            "Own score across, opponent's up. Darker: more dice (up to the most any cell rolls); \
              black: 0 dice."
        }
    };
    Ok(json!({"rules": name, "vs": engine.opponent, "goal": size, "dice": dice, "legend": legend}))
}
