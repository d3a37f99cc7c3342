//! `swine serve`: a local web page to play every game swine solves (Hog, Greed, the Pig family,
//! Chopsticks, Farkle) against the computer, with the exact win probability of every choice, the
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
//! - `POST /api/games?rules=farkle&set=NAME=VALUE,...`: Farkle with its rule numbers; the first
//!   time a match-up is asked for it is solved aside, and the answer (202) says how far it has
//!   come. `POST /api/games/ID/keep?choice=N|dice=F,F,...` keeps dice; `roll?dice=1` rolls on,
//!   `roll?dice=0` banks.
//! - `GET /api/map?rules=R&goal=G&vs=S`: the best choice and its value in every score cell.
//!
//! The server in modules, each written once over the one game interface: [`query`] decodes
//! and checks a request's parameters, [`engines`] solves and keeps match-ups, [`sessions`]
//! plays the games (each game's `Session`), [`views`] says what the page shows, [`map`] draws
//! the strategy map.

mod engines;
mod map;
mod query;
mod sessions;
mod views;

use std::collections::HashMap;
use std::io::Read;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Context, Result};
use serde_json::{Value, json};
use tiny_http::{Header, Method, Request, Response, Server};

use engines::{Engines, SOLVING, UnderWay};
use query::parse_query;
use sessions::{Game, action, admit, new_game, play, with_game};
use views::{rulesets, view};

/// The page, with its script and style.
const PAGE: &str = include_str!("../../assets/serve.html");

/// Requests handled at once.
const WORKERS: usize = 4;

/// The most bytes of a request's body read (the API takes none).
const MOST_BODY: usize = 1 << 16;

/// The page's memory budget unless `--max-memory` says otherwise, in bytes: half of this
/// machine's memory, or 2 GB where that is not known.
pub fn default_budget() -> u64 {
    crate::machine::total_memory().map_or(2_000_000_000, |total| total / 2)
}

/// Everything the server keeps.
struct State {
    /// The hosts the page is reached by (`127.0.0.1:PORT`, `localhost:PORT`): a request naming
    /// another, or coming from a page of another origin, is refused (a site in the same
    /// browser must not drive the server, even by DNS rebinding).
    hosts: [String; 2],
    engines: Engines,
    /// The most memory the match-ups kept and the one being solved may take, in bytes.
    budget: u64,
    /// The match-up being solved, if any.
    solving: UnderWay,
    games: Mutex<HashMap<u64, Game>>,
    next: AtomicU64,
}

/// An answer: a status and a JSON body.
type Answer = (u16, Value);

/// Serves on `127.0.0.1:port` (0: any free port) until the process ends; prints the address.
pub fn serve(port: u16, open: bool, budget: u64) -> Result<()> {
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
        engines: Arc::default(),
        budget,
        solving: Arc::default(),
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

/// The API (listed at the top of this module).
fn route(state: &State, method: &Method, path: &str, query: &HashMap<String, String>) -> Answer {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let result = match (method, parts.as_slice()) {
        (Method::Get, ["api", "rulesets"]) => Ok(rulesets(state.budget)),
        (Method::Post, ["api", "games"]) => new_game(state, query).map(|(game, turns)| {
            let mut value = view(&game, turns);
            value["id"] = json!(admit(state, game));
            value
        }),
        (Method::Get, ["api", "games", id]) => with_game(state, id, |g| Ok(view(g, Vec::new()))),
        (Method::Post, ["api", "games", id, verb @ ("roll" | "move" | "keep")]) => {
            action(verb, query).and_then(|action| {
                with_game(state, id, |g| play(g, verb, &action).map(|t| view(g, t)))
            })
        }
        (Method::Get, ["api", "map"]) => map::map(state, query),
        _ => Err((404, format!("no such resource: {method} {path}"))),
    };
    match result {
        Ok(value) => (200, value),
        Err((SOLVING, message)) => (SOLVING, json!({ "solving": message })),
        Err((status, message)) => (status, json!({ "error": message })),
    }
}

/// A mutex's contents. A panic while one is held would be a bug (no request can cause one that
/// the tests know of); the server then goes on answering rather than dying, and that game's or
/// match-up's later answers are not to be trusted.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
