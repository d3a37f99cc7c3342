//! `swine serve`: a local web page to play every game swine solves (Hog, Greed, the Pig family,
//! Chopsticks) against the computer, with the exact win probability of every choice, the
//! commentary and the strategy map, over a small JSON API.
//!
//! The server listens on loopback only; the page and its script are embedded in the binary.
//! Games live in memory, one per id. Every answer is JSON; a bad request gets status 400 (an
//! unknown game 404) and `{"error": "..."}` naming the parameter, never a crash. Probabilities
//! are sent exact (shortest round-trip decimals); the page rounds them for people.
//!
//! The API:
//! - `GET /api/rulesets`: every ruleset, with its game.
//! - `POST /api/games?rules=R&goal=G&vs=S&seed=N&first=you|computer`: a new game of dice.
//! - `POST /api/games?rules=chopsticks&moves=M|unlimited&first=you|computer`: a new game of
//!   Chopsticks (10 moves each unless `moves` says otherwise, as `swine play`).
//! - `GET /api/games/ID`: the game as it stands.
//! - `POST /api/games/ID/roll?dice=N`: Hog and Greed roll N dice (Greed's 0 passes); the Pig
//!   family rolls (1) or holds (0). The computer then plays until it is the person's turn.
//! - `POST /api/games/ID/move?choice=N`: Chopsticks plays the Nth of the listed choices (from
//!   0, as `swine play` numbers them); then the computer moves.
//! - `GET /api/map?rules=R&goal=G&vs=S`: the best choice and its value in every score cell.

use std::collections::HashMap;
use std::io::Read;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use anyhow::{Context, Result};
use serde_json::{Value, json};
use swine_solver::catalog;
use swine_solver::chopsticks::{self, DEFAULT_MOVES, Match, Player as Side, Solver, narrate};
use swine_solver::commentary::{self, Commentary, Names};
use swine_solver::dice::{SeededDice, Thrown};
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
use swine_solver::spec::Spec;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::cli::{MoveLimit, RulesArgs, move_limit};
use crate::resolve::{self, Rules};

/// The page, with its script and style.
const PAGE: &str = include_str!("../assets/serve.html");

/// A match-up the page plays: what games of one engine share.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct MatchUp {
    rules: String,
    /// The goal asked for, if any.
    goal: Option<u32>,
    /// The computer's strategy (Chopsticks: always perfect play).
    vs: String,
    /// Chopsticks' move limit (none for the games of dice).
    moves: Option<MoveLimit>,
}

/// The most match-ups solved and kept (each holds the game's values).
const MOST_ENGINES: usize = 16;

/// The most games kept; a new one past it replaces the oldest.
const MOST_GAMES: usize = 1000;

/// Requests handled at once.
const WORKERS: usize = 4;

/// The most bytes of a request's body read (the API takes none).
const MOST_BODY: usize = 1 << 16;

/// The seats as the page tells them: the person is seat 0, the computer seat 1.
const NAMES: Names = Names::YouAndComputer;

/// A ruleset solved against an opponent: what games of that match-up share.
struct Engine {
    opponent: String,
    solved: Solved,
    /// The strategy map, made the first time it is asked for.
    map: OnceLock<Value>,
}

/// The game and its advisor, solved once per match-up for the server's life (the advisor
/// borrows the game, so both are leaked, never freed).
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
    /// Chopsticks solved under its move limit, shared by its games.
    Chopsticks(Arc<Solver>),
}

/// A position of any game.
enum Position {
    Hog(Game),
    Greed(GreedGame),
    Pig(PigGame),
    Chopsticks(Match),
}

/// A move of any game: dice (Hog, Greed; the Pig family's 1 rolls and 0 holds), or the hands
/// a Chopsticks move leads to.
#[derive(Clone, Copy)]
enum Move {
    Dice(u8),
    Hands(chopsticks::Position),
}

/// A game in progress: the person is seat 0, the computer seat 1.
struct Session {
    engine: Arc<Engine>,
    position: Position,
    dice: SeededDice,
    commentary: Box<dyn Commentary + Send>,
    /// How the game ended, once it has: the winning seat, or none for a tie.
    ended: Option<Option<usize>>,
}

/// One turn (a Pig decision, a Chopsticks move) as the page tells it: who played, the dice
/// thrown, the lines that say what happened. A note of the game's own (its start, a game that
/// goes round for ever) has no player.
struct Told {
    who: Option<usize>,
    thrown: Option<Thrown>,
    lines: Vec<String>,
}

impl Told {
    /// A line of the game's own.
    fn note(line: String) -> Told {
        Told {
            who: None,
            thrown: None,
            lines: vec![line],
        }
    }
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

/// A refusal: a status and the message.
type Refusal = (u16, String);

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
        let refusal = json!({ "error": refusal }).to_string();
        respond(request, 403, "application/json", refusal);
        return;
    }
    if path == "/" && *request.method() == Method::Get {
        respond(request, 200, "text/html; charset=utf-8", PAGE.to_string());
        return;
    }
    let (status, value) = match read {
        Err(_) => (400, json!({"error": "the request's body is not UTF-8"})),
        Ok(_) => route(state, request.method(), path, &query),
    };
    respond(request, status, "application/json", value.to_string());
}

/// Sends `body` with its length (never in chunks: every answer is whole when sent).
fn respond(request: Request, status: u16, content_type: &str, body: String) {
    let response = Response::from_string(body)
        .with_status_code(status)
        .with_header(header(content_type))
        .with_chunked_threshold(usize::MAX);
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

/// The API (listed at the top of this file).
fn route(state: &State, method: &Method, path: &str, query: &HashMap<String, String>) -> Answer {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let result = match (method, parts.as_slice()) {
        (Method::Get, ["api", "rulesets"]) => Ok(rulesets()),
        (Method::Post, ["api", "games"]) => new_game(state, query),
        (Method::Get, ["api", "games", id]) => with_game(state, id, |s| Ok(view(s, Vec::new()))),
        (Method::Post, ["api", "games", id, "roll"]) => {
            match number::<u32>(query, "dice", "roll: dice") {
                Ok(Some(dice)) => with_game(state, id, |s| roll(s, dice)),
                Ok(None) => Err(bad("roll: give ?dice=N")),
                Err(error) => Err(error),
            }
        }
        (Method::Post, ["api", "games", id, "move"]) => {
            match number::<usize>(query, "choice", "move: choice") {
                Ok(Some(choice)) => with_game(state, id, |s| choose(s, choice)),
                Ok(None) => Err(bad("move: give ?choice=N")),
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
fn bad(message: &str) -> Refusal {
    (400, message.to_string())
}

/// The query's whole number `name`, if given; a refusal beginning with `what` if it is not one.
fn number<T: FromStr>(
    query: &HashMap<String, String>,
    name: &str,
    what: &str,
) -> Result<Option<T>, Refusal> {
    query
        .get(name)
        .map(|text| {
            text.parse::<T>()
                .map_err(|_| bad(&format!("{what} '{text}' is not a whole number")))
        })
        .transpose()
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

/// The game's name in the API.
fn game_name(game: catalog::Game) -> &'static str {
    match game {
        catalog::Game::Hog => "hog",
        catalog::Game::Greed => "greed",
        catalog::Game::Pig => "pig",
        catalog::Game::Chopsticks => "chopsticks",
    }
}

/// `GET /api/rulesets`: every ruleset the page plays, with its game, its one line and its
/// yardstick (none for Chopsticks).
fn rulesets() -> Value {
    let rulesets: Vec<Value> = catalog::rulesets()
        .into_iter()
        .map(|e| {
            json!({"name": e.name, "game": game_name(e.game), "summary": e.summary,
                   "yardstick": e.yardstick})
        })
        .collect();
    json!({ "rulesets": rulesets })
}

/// Whether the query names Chopsticks.
fn is_chopsticks(query: &HashMap<String, String>) -> bool {
    query.get("rules").map(String::as_str) == Some(chopsticks::NAME)
}

/// The engine of the match-up the query names, solved once and kept.
fn engine(state: &State, query: &HashMap<String, String>) -> Result<Arc<Engine>, Refusal> {
    let key = MatchUp {
        rules: query
            .get("rules")
            .cloned()
            .unwrap_or_else(|| "hog-fa20".to_string()),
        goal: number::<u32>(query, "goal", "goal:")?,
        vs: query
            .get("vs")
            .cloned()
            .unwrap_or_else(|| "optimal".to_string()),
        moves: match query.get("moves") {
            Some(text) => Some(move_limit(text).map_err(|e| bad(&format!("moves: {e}")))?),
            None => is_chopsticks(query).then_some(MoveLimit::Moves(DEFAULT_MOVES)),
        },
    };
    // Held while solving: match-ups are solved one at a time, each once, within the bound.
    let mut engines = lock(&state.engines);
    // Only checked match-ups are kept, so a kept one needs no checking again.
    if let Some(engine) = engines.get(&key) {
        return Ok(Arc::clone(engine));
    }
    // Checked before the bound: a bad parameter is refused by name even when it is reached.
    let plan = plan(&key)?;
    if engines.len() >= MOST_ENGINES {
        return Err(bad(&format!(
            "the server keeps {MOST_ENGINES} match-ups (rules and opponent) solved and has them \
             all; play one of those or restart it"
        )));
    }
    let engine = Arc::new(solve(plan)?);
    engines.insert(key, Arc::clone(&engine));
    Ok(engine)
}

/// A match-up's parameters, checked: what is solved once there is room for it.
enum Plan {
    /// Hog's rules and the computer's strategy.
    Hog(Box<Ruleset>, Strategy),
    /// Greed and the computer's strategy.
    Greed(Greed, greed::Strategy),
    /// A game of the Pig family and the computer's strategy.
    Pig(Pig, pig::Strategy),
    /// At most this many moves per player, or no limit.
    Chopsticks(Option<u32>),
}

/// Checks `key`'s rules, goal, opponent and move limit, solving nothing.
fn plan(key: &MatchUp) -> Result<Plan, Refusal> {
    if catalog::find(&key.rules).is_err() {
        return Err(bad("rules: the page plays the built-in rulesets"));
    }
    // Built-in strategies only: the page never runs a file (a Python strategy, a table) of
    // the machine it runs on.
    if !matches!(Spec::of(&key.vs), Spec::Named { .. }) {
        return Err(bad("vs: the page plays built-in strategies, not files"));
    }
    if key.rules == chopsticks::NAME {
        // The computer always plays perfectly, and there is no goal.
        if key.vs != "optimal" {
            return Err(bad(
                "vs: chopsticks has no strategies; the computer plays perfectly",
            ));
        }
        if key.goal.is_some() {
            return Err(bad(
                "goal: chopsticks has no goal; moves=M limits its length",
            ));
        }
        return Ok(Plan::Chopsticks(key.moves.and_then(MoveLimit::moves)));
    }
    if key.moves.is_some() {
        return Err(bad(&format!(
            "moves: a move limit is for chopsticks; {} has none",
            key.rules
        )));
    }
    let args = RulesArgs {
        rules: key.rules.clone(),
        goal: key.goal,
        settings: Vec::new(),
    };
    let rules = resolve::rules(&args).map_err(|e| bad(&format!("rules: {e}")))?;
    let (vs, runner) = (key.vs.as_str(), Runner::default());
    let refused = |e: &dyn std::fmt::Display| bad(&format!("vs: {e}"));
    Ok(match rules {
        Rules::Hog(rules) => {
            let opponent = Strategy::resolve(vs, &rules, &runner).map_err(|e| refused(&e))?;
            Plan::Hog(rules, opponent.strategy)
        }
        Rules::Greed(game) => {
            let opponent = greed::Strategy::resolve(vs, &game, &runner).map_err(|e| refused(&e))?;
            Plan::Greed(game, opponent.strategy)
        }
        Rules::Pig(game) => {
            let opponent = pig::Strategy::resolve(vs, &game, &runner).map_err(|e| refused(&e))?;
            Plan::Pig(game, opponent.strategy)
        }
        Rules::Chopsticks => unreachable!("chopsticks is planned above"),
    })
}

/// Solves a checked match-up: the game for the person against the computer's strategy
/// (Chopsticks: under its move limit, the computer playing perfectly).
fn solve(plan: Plan) -> Result<Engine, Refusal> {
    let (opponent, solved) = match plan {
        Plan::Hog(rules, opponent) => {
            let rules: &'static Ruleset = Box::leak(rules);
            let advisor =
                Advisor::new(rules, &opponent.player(rules)).map_err(|e| bad(&e.to_string()))?;
            (opponent.name().to_string(), Solved::Hog { rules, advisor })
        }
        Plan::Greed(game, opponent) => {
            let game: &'static Greed = Box::leak(Box::new(game));
            let advisor = greed::Advisor::new(game, opponent.player())
                .map_err(|e| bad(&format!("vs: {e}")))?;
            (opponent.name().to_string(), Solved::Greed { game, advisor })
        }
        Plan::Pig(game, opponent) => {
            let solution = pig::solve(&game, [&Player::Optimising, opponent.player()])
                .map_err(|e| bad(&e.to_string()))?;
            let solved = Solved::Pig {
                best: solution.policy(0),
                computer: solution.policy(1),
                solution,
                game,
            };
            (opponent.name().to_string(), solved)
        }
        Plan::Chopsticks(moves) => (
            "perfect play".to_string(),
            Solved::Chopsticks(Arc::new(Solver::for_limit(moves))),
        ),
    };
    Ok(Engine {
        opponent,
        solved,
        map: OnceLock::new(),
    })
}

/// A mutex's contents. A panic while one is held would be a bug (no request can cause one that
/// the tests know of); the server then goes on answering rather than dying, and that game's or
/// match-up's later answers are not to be trusted.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `POST /api/games?rules=R&goal=G&vs=S&seed=N&first=you|computer` (Chopsticks:
/// `&moves=M|unlimited` instead of goal, opponent and seed): a new game (the goal is the
/// ruleset's unless given, within the CLI's limits). When the computer moves first, it has.
fn new_game(state: &State, query: &HashMap<String, String>) -> Result<Value, Refusal> {
    if is_chopsticks(query) && query.contains_key("seed") {
        return Err(bad("seed: chopsticks has no dice to seed"));
    }
    let seed = number::<u64>(query, "seed", "seed:")?.unwrap_or_else(crate::commands::clock_seed);
    let first = match query.get("first").map(String::as_str) {
        None | Some("you") => 0,
        Some("computer") => 1,
        Some(other) => {
            return Err(bad(&format!(
                "first: '{other}' is neither 'you' nor 'computer'"
            )));
        }
    };
    let engine = engine(state, query)?;
    let (position, start) = match &engine.solved {
        Solved::Hog { rules, .. } => (
            Position::Hog(Game::new(rules, first)),
            format!("New game, seed {seed}."),
        ),
        Solved::Greed { .. } => (
            Position::Greed(GreedGame::new(first)),
            format!("New game, seed {seed}."),
        ),
        Solved::Pig { .. } => (
            Position::Pig(PigGame::new(first)),
            format!("New game, seed {seed}."),
        ),
        Solved::Chopsticks(solver) => {
            let computer = if first == 0 { Side::B } else { Side::A };
            let game = Match::new(Arc::clone(solver), computer);
            let start = format!("New game, {}.", narrate::limit(&game));
            (Position::Chopsticks(game), start)
        }
    };
    let mut session = Session {
        engine,
        position,
        dice: SeededDice::new(seed),
        commentary: Box::new(commentary::full(NAMES)),
        ended: None,
    };
    let opener = NAMES.act(first, "moves", "move");
    let mut turns = vec![Told::note(format!("{start} {opener} first."))];
    computer_plays(&mut session, &mut turns);
    let mut value = view(&session, turns);
    let id = state.next.fetch_add(1, Ordering::Relaxed) + 1;
    let mut games = lock(&state.games);
    if games.len() >= MOST_GAMES {
        // The oldest game makes room.
        if let Some(&oldest) = games.keys().min() {
            games.remove(&oldest);
        }
    }
    games.insert(id, session);
    value["id"] = json!(id);
    Ok(value)
}

/// Runs `f` on the game `id`.
fn with_game(
    state: &State,
    id: &str,
    f: impl FnOnce(&mut Session) -> Result<Value, Refusal>,
) -> Result<Value, Refusal> {
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

/// `POST /api/games/ID/roll?dice=N`: the person's turn (the Pig family: 1 rolls, 0 holds; one
/// decision), then the computer's until it is the person's again or the game ends.
fn roll(session: &mut Session, dice: u32) -> Result<Value, Refusal> {
    let (least, most) = match &session.engine.solved {
        Solved::Hog { rules, .. } => (rules.least_dice(), MAX_DICE),
        Solved::Greed { .. } => (0, greed::MAX_DICE),
        Solved::Pig { .. } => (0, 1),
        Solved::Chopsticks(_) => {
            return Err(bad(
                "roll: chopsticks has no dice; play a move with /move?choice=N",
            ));
        }
    };
    if session.ended.is_some() {
        return Err(bad("roll: the game is over"));
    }
    let requested = u8::try_from(dice)
        .ok()
        .filter(|n| (least..=most).contains(n))
        .ok_or_else(|| match session.engine.solved {
            Solved::Pig { .. } => bad(&format!(
                "roll: dice {dice} is neither 1 (roll) nor 0 (hold)"
            )),
            _ => bad(&format!("roll: dice {dice} is not {least} to {most}")),
        })?;
    let mut turns = vec![play(session, Move::Dice(requested))];
    computer_plays(session, &mut turns);
    Ok(view(session, turns))
}

/// `POST /api/games/ID/move?choice=N`: the person's move in Chopsticks, the Nth choice listed
/// (from 0), then the computer's.
fn choose(session: &mut Session, choice: usize) -> Result<Value, Refusal> {
    let Position::Chopsticks(game) = &session.position else {
        return Err(bad(
            "move: only chopsticks is played by moves; roll dice with /roll?dice=N",
        ));
    };
    if session.ended.is_some() {
        return Err(bad("move: the game is over"));
    }
    let choices = game.choices();
    let hands = *choices.get(choice).ok_or_else(|| {
        bad(&format!(
            "move: choice {choice} is not below {}, the number of choices",
            choices.len()
        ))
    })?;
    let mut turns = vec![play(session, Move::Hands(hands))];
    computer_plays(session, &mut turns);
    Ok(view(session, turns))
}

/// The seat to move: 0 the person, 1 the computer.
fn mover(position: &Position) -> usize {
    match position {
        Position::Hog(game) => game.mover,
        Position::Greed(position) => position.mover,
        Position::Pig(position) => position.mover,
        Position::Chopsticks(game) => usize::from(game.computers_turn()),
    }
}

/// The computer's turns, until it is the person's turn or the game ends (a game whose
/// computer's turns come back where they were, through turns left to no chance, goes round for
/// ever: it ends as a tie).
fn computer_plays(session: &mut Session, turns: &mut Vec<Told>) {
    let engine = Arc::clone(&session.engine);
    let (mut hog_watch, mut pig_watch) = (LoopWatch::default(), PigLoopWatch::default());
    while session.ended.is_none() && mover(&session.position) == 1 {
        let chosen = match (&engine.solved, &session.position) {
            (Solved::Hog { rules, advisor }, Position::Hog(game)) => {
                let n = advisor.opponent(game);
                let (rolled, _) = game.dice_to_roll(rules, n);
                let round = hog_watch.comes_back(rules, game, rolled);
                (!round).then_some(Move::Dice(n)).ok_or(NEVER_ENDS)
            }
            (Solved::Greed { advisor, .. }, Position::Greed(position)) => {
                Ok(Move::Dice(advisor.opponent(position)))
            }
            (Solved::Pig { game, computer, .. }, Position::Pig(position)) => {
                let rolls = computer.rolls(position.state(game));
                let round = pig_watch.comes_back(position, rolls);
                (!round)
                    .then_some(Move::Dice(u8::from(rolls)))
                    .ok_or(pig::simulate::NEVER_ENDS)
            }
            (Solved::Chopsticks(_), Position::Chopsticks(game)) => {
                Ok(Move::Hands(game.best_move()))
            }
            _ => unreachable!("a session's position is of its engine's game"),
        };
        match chosen {
            Ok(chosen) => turns.push(play(session, chosen)),
            Err(never_ends) => {
                session.ended = Some(None);
                turns.push(Told::note(never_ends.to_string()));
            }
        }
    }
}

/// Plays `chosen` for the seat to move: a turn of dice (a Pig decision), or a Chopsticks move.
fn play(session: &mut Session, chosen: Move) -> Told {
    let engine = Arc::clone(&session.engine);
    let who = mover(&session.position);
    let (dice, commentary) = (&mut session.dice, &mut *session.commentary);
    let (lines, ended) = match (&engine.solved, &mut session.position, chosen) {
        (Solved::Hog { rules, .. }, Position::Hog(game), Move::Dice(n)) => {
            let (turn, lines) = play_turn(rules, game, n, dice, commentary, NAMES);
            (lines, turn.winner.map(Some))
        }
        (Solved::Greed { game, .. }, Position::Greed(position), Move::Dice(n)) => {
            let (end, lines) = greed_turn(game, position, n, dice, commentary, NAMES);
            (lines, end.map(End::winner))
        }
        (Solved::Pig { game, .. }, Position::Pig(position), Move::Dice(n)) => {
            let (step, lines) = play_decision(game, position, n == 1, dice, commentary, NAMES);
            (lines, (step == Step::Won).then_some(Some(position.mover)))
        }
        (Solved::Chopsticks(_), Position::Chopsticks(game), Move::Hands(hands)) => {
            let lines = narrate::play_move(game, hands, NAMES);
            (lines, game.outcome())
        }
        _ => unreachable!("a session's position is of its engine's game, and so is the move"),
    };
    if ended.is_some() {
        session.ended = ended;
    }
    Told {
        who: Some(who),
        thrown: session.dice.take_thrown(),
        lines,
    }
}

/// The turns as JSON: who played ("you", "computer", none for a note), the dice thrown (their
/// faces, the die's sides and first face; Piglet's coin marked), the lines.
fn told(turns: &[Told], coin: bool) -> Value {
    turns
        .iter()
        .map(|turn| {
            let who = turn.who.map(|seat| ["you", "computer"][seat]);
            let dice = turn.thrown.as_ref().map(|thrown| {
                json!({"faces": thrown.faces, "sides": thrown.die.faces,
                       "first": thrown.die.first_face, "coin": coin})
            });
            json!({"who": who, "dice": dice, "log": turn.lines})
        })
        .collect()
}

/// The game as the page shows it: scores (or hands), the rules about to apply and the hints on
/// the person's turn, what just happened (`turns`, and `log`, their lines in one list).
fn view(session: &Session, turns: Vec<Told>) -> Value {
    let coin = matches!(&session.engine.solved, Solved::Pig { game, .. } if game.tosses_coin());
    let log: Vec<&String> = turns.iter().flat_map(|t| &t.lines).collect();
    let over = session.ended.is_some();
    let your_turn = !over && mover(&session.position) == 0;
    let mut value = json!({
        "vs": session.engine.opponent,
        "winner": session.ended.flatten(),
        "tie": session.ended == Some(None),
        "over": over,
        "your_turn": your_turn,
        "log": log,
        "turns": told(&turns, coin),
    });
    match (&session.engine.solved, &session.position) {
        (Solved::Hog { rules, advisor }, Position::Hog(game)) => {
            let (own, opponent) = (game.scores[0], game.scores[1]);
            value["game"] = json!("hog");
            value["rules"] = json!(rules.name());
            value["goal"] = json!(rules.goal());
            value["scores"] = json!(game.scores);
            value["memory"] = json!(game.memory);
            if your_turn {
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
            value["game"] = json!("greed");
            value["rules"] = json!(greed::NAME);
            value["goal"] = json!(game.limit());
            value["scores"] = json!(position.scores);
            value["passed"] = json!(position.passed);
            if your_turn {
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
            value["game"] = json!("pig");
            value["rules"] = json!(game.name());
            value["goal"] = json!(game.goal());
            value["scores"] = json!(position.scores);
            value["turn_total"] = json!(position.turn_total);
            if your_turn {
                let state = position.state(game);
                let (roll, hold) = solution.choices(0, state);
                value["best"] = json!(u8::from(best.rolls(state)));
                value["hints"] = json!([
                    {"dice": 1, "label": "Roll", "win": roll},
                    {"dice": 0, "label": "Hold", "win": hold},
                ]);
            }
        }
        (Solved::Chopsticks(_), Position::Chopsticks(game)) => {
            chopsticks_view(game, your_turn, &mut value);
        }
        _ => unreachable!("a session's position is of its engine's game"),
    }
    value
}

/// Both players' hands, as `[left, right]`, by who holds them.
fn hands(game: &Match, position: chopsticks::Position) -> Value {
    let of = |seat| {
        let h = position.hands(game.side(seat));
        json!([h.left, h.right])
    };
    json!({"you": of(0), "computer": of(1)})
}

/// Chopsticks' part of [`view`]: the hands, the move limit, the solver's verdict of the
/// position under perfect play (`result`: 1 you win, 0 a tie or draw, −1 the computer wins)
/// and, on the person's turn, each choice with its verdict and the best one.
fn chopsticks_view(game: &Match, your_turn: bool, value: &mut Value) {
    value["game"] = json!("chopsticks");
    value["rules"] = json!(chopsticks::NAME);
    value["moves"] = match game.move_limit() {
        Some(m) => json!(m),
        None => json!("unlimited"),
    };
    value["moves_left"] = json!(game.moves_left());
    value["you_are"] = json!(game.computer().other().to_string());
    value["hands"] = hands(game, game.position());
    value["result"] = json!(game.for_person(game.result()));
    if your_turn {
        let best = game.best_move();
        let choices = game.choices();
        value["best"] = json!(choices.iter().position(|c| *c == best));
        value["choices"] = choices
            .iter()
            .enumerate()
            .map(|(i, &choice)| {
                json!({
                    "choice": i,
                    "label": narrate::label(game, choice, NAMES),
                    "hands": hands(game, choice),
                    "result": game.for_person(game.result_after(choice)),
                })
            })
            .collect();
    }
}

/// `GET /api/map?rules=R&goal=G&vs=S`: in every (own, opponent) cell, the person's best choice
/// (Hog: dice, memories at their start; Greed: dice, 0 passing, nobody has passed; the Pig
/// family: the turn total at which the best play first holds) and what it is worth (the Pig
/// family: at turn total 0), with the legend that reads it.
fn map(state: &State, query: &HashMap<String, String>) -> Result<Value, Refusal> {
    // Refused before any solving: Chopsticks takes no engine for a map.
    if is_chopsticks(query) {
        return Err(bad("map: chopsticks has no scores to map"));
    }
    let engine = engine(state, query)?;
    Ok(engine.map.get_or_init(|| strategy_map(&engine)).clone())
}

/// The strategy map of a game of dice (see [`map`]).
fn strategy_map(engine: &Engine) -> Value {
    let grid = |size: u32, cell: &dyn Fn(u32, u32) -> (u8, f64)| {
        let cells: Vec<Vec<(u8, f64)>> = (0..size)
            .map(|own| (0..size).map(|other| cell(own, other)).collect())
            .collect();
        let dice: Vec<Vec<u8>> = cells
            .iter()
            .map(|row| row.iter().map(|c| c.0).collect())
            .collect();
        let values: Vec<Vec<f64>> = cells
            .iter()
            .map(|row| row.iter().map(|c| c.1).collect())
            .collect();
        (dice, values)
    };
    let (game, name, size, (dice, values)) = match &engine.solved {
        Solved::Hog { rules, advisor } => {
            let initial = rules.memory().initial;
            let cell = |own, other| {
                let game = Game {
                    scores: [own, other],
                    memory: [initial, initial],
                    mover: 0,
                };
                (advisor.best(&game), advisor.value(&game))
            };
            let goal = rules.goal();
            ("hog", rules.name().to_string(), goal, grid(goal, &cell))
        }
        Solved::Greed { game, advisor } => {
            let cell = |own, other| {
                let position = GreedGame {
                    scores: [own, other],
                    mover: 0,
                    passed: false,
                };
                (advisor.best(&position), advisor.value(&position))
            };
            let size = game.limit() + 1;
            ("greed", greed::NAME.to_string(), size, grid(size, &cell))
        }
        Solved::Pig {
            game,
            solution,
            best,
            ..
        } => {
            let holds = best.first_holds(game);
            let cell = |own: u32, other: u32| {
                let value = solution.chosen_value(0, game.state(own, other, 0));
                (holds[[own as usize, other as usize]], value)
            };
            let goal = game.goal();
            ("pig", game.name().to_string(), goal, grid(goal, &cell))
        }
        Solved::Chopsticks(_) => unreachable!("Chopsticks has no map"),
    };
    let legend = match &engine.solved {
        Solved::Pig { .. } => {
            "Your score across, the computer's up. Darker: a higher turn total before holding \
             (the first at which the best play holds)."
        }
        Solved::Greed { .. } => {
            "Your score across, the computer's up. Darker: more dice (up to the most any cell \
             rolls); black: pass."
        }
        _ => {
            "Your score across, the computer's up. Darker: more dice (up to the most any cell \
             rolls); black: 0 dice."
        }
    };
    json!({"game": game, "rules": name, "vs": engine.opponent, "goal": size, "dice": dice,
           "values": values, "legend": legend})
}
