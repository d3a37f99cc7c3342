//! `swine serve`: a local web page to play every game swine solves (Hog, Greed, the Pig family,
//! Chopsticks, Farkle, Yahtzee) against the computer, with the exact value of every choice (the
//! win probability; Yahtzee's expected final score), the commentary and the strategy map, over a
//! small JSON API.
//!
//! The server listens on loopback only; the page and its script are embedded in the binary.
//! Games live in memory, one per id. Every answer is JSON; a bad request gets status 400 (an
//! unknown game 404) and `{"error": "..."}` naming the parameter, never a crash. Probabilities
//! are sent exact (shortest round-trip decimals); the page rounds them for people.
//!
//! The server is axum's router on hyper's HTTP/1 connections, on a tokio runtime, and bounds
//! what a client can hold: a body over 64 KiB is refused (413), unread when its length is
//! announced; a connection whose request head is not in within 10 s is closed, a body that
//! stalls 10 s is refused (408), and no request takes over 30 s (408); an answer whose client
//! takes none of it for 10 s is cut off; at most 256 connections are served at once (more wait
//! to be accepted). Each connection is a task of its own ([`connections`]), and the API's work,
//! which may wait 1.5 s for a solve, runs on a blocking thread, so a stalled client holds up
//! nobody. A head hyper cannot parse (a method, target or header that is not HTTP, invalid
//! UTF-8 included) gets 400 from hyper; that answer, tower-http's 413 to a body announced too
//! long and its 408 past 30 s alone are not JSON.
//!
//! A request must name this server in one `Host` header (`127.0.0.1:PORT`, `localhost:PORT`
//! or `[::1]:PORT`) and its target as a path (`/api/...`, not `http://host/...`): else it is
//! refused (403, 400), as is one from a page of another origin (403).
//!
//! The API:
//! - `GET /api/rulesets`: every game's record, the default ruleset and the memory budget.
//! - `POST /api/games?rules=R&goal=G&vs=S&seed=N&first=you|computer`: a new game of dice.
//! - `POST /api/games?rules=chopsticks&moves=M|unlimited&first=you|computer`: a new game of
//!   Chopsticks (10 moves each unless `moves` says otherwise, as `swine play`).
//! - `GET /api/games/ID`: the game as it stands. Every game is answered in one shape, its
//!   session's typed view (`swine_solver::game::View`: seats, facts, dice, board, choices with
//!   their values and the actions they send), with what just happened.
//! - `POST /api/games/ID/roll?dice=N`: Hog and Greed roll N dice (Greed's 0 passes); the Pig
//!   family rolls (1) or holds (0). The computer then plays until it is the person's turn.
//! - `POST /api/games/ID/move?choice=N`: Chopsticks plays the Nth of the listed choices (from
//!   0, as `swine play` numbers them); then the computer moves.
//! - `POST /api/games?rules=farkle&set=NAME=VALUE,...`: Farkle with its rule numbers; the first
//!   time a match-up is asked for it is solved aside, and the answer (202) says how far it has
//!   come. `POST /api/games/ID/keep?choice=N|dice=F,F,...` keeps dice; `roll?dice=1` rolls on,
//!   `roll?dice=0` banks.
//! - `POST /api/games?rules=yahtzee&vs=optimal|thumb&set=joker=NAME,...`: a duel of Yahtzee
//!   cards. `POST /api/games/ID/keep?dice=F,F,...` keeps those dice and rolls the rest (none:
//!   all five again); `move?choice=N` takes the Nth keep or box listed.
//! - `GET /api/map?rules=R&goal=G&vs=S`: the best choice and its value in every score cell,
//!   typed (`swine_solver::game::Map`).
//!
//! The server in modules, each written once over the one game interface: [`connections`]
//! serves and bounds the connections, [`query`] decodes and checks a request's parameters, [`engines`] solves and keeps match-ups, [`sessions`]
//! plays the games (each game's `Session`), [`views`] says what the page shows, [`map`] draws
//! the strategy map.

mod connections;
mod engines;
mod map;
mod query;
mod sessions;
mod views;

use std::collections::HashMap;
use std::error::Error;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use http_body_util::LengthLimitError;
use serde_json::{Value, json};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutError, TimeoutLayer};

use engines::{Engines, SOLVING, UnderWay};
use query::{Refusal, in_page_words, parse_query};
use sessions::{Game, action, admit, new_game, play, with_game};
use views::{rulesets, view};

/// The page, with its script and style.
const PAGE: &str = include_str!("../../assets/serve.html");

/// The most bytes of a request's body (the API takes none): a longer body is refused (413),
/// unread when its length is announced.
const MOST_BODY: usize = 1 << 16;

/// The longest wait for the next piece of a request's body: then the request is refused (408).
const BODY_TIME: Duration = Duration::from_secs(10);

/// The longest a request may take from its head to its answer (408 past it), body included: far
/// above the 1.5 s a request may wait for a match-up being solved.
const ANSWER_TIME: Duration = Duration::from_secs(30);

/// The page's memory budget unless `--max-memory` says otherwise, in bytes: half of this
/// machine's memory, or 2 GB where that is not known.
pub fn default_budget() -> u64 {
    swine_solver::machine::total_memory().map_or(2_000_000_000, |total| total / 2)
}

/// Everything the server keeps.
struct State {
    /// The hosts the page is reached by (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`): a
    /// request naming another, or none, or coming from a page of another origin, is refused
    /// (a site in the same browser must not drive the server, even by DNS rebinding).
    hosts: [String; 3],
    engines: Engines,
    /// The most memory the match-ups kept and the one being solved may take, in bytes.
    budget: u64,
    /// The match-up being solved, if any.
    solving: UnderWay,
    /// Held while a strategy map is drawn: one is drawn at a time.
    drawing: Mutex<()>,
    games: Mutex<HashMap<u64, Game>>,
    next: AtomicU64,
}

/// An answer: a status and its JSON body, whole.
type Answer = (u16, Bytes);

/// Serves on `127.0.0.1:port` (0: any free port) until the process ends; prints the address.
pub fn serve(port: u16, open: bool, budget: u64) -> Result<()> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", port))
        .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
        .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let address = listener.local_addr().context("the server's address")?;
    let url = format!("http://{address}/");
    println!("serving swine on {url} (Ctrl-C stops)");
    if open {
        let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
    }
    let port = address.port();
    let state = Arc::new(State {
        hosts: ["127.0.0.1", "localhost", "[::1]"].map(|host| format!("{host}:{port}")),
        engines: Arc::default(),
        budget,
        solving: Arc::default(),
        drawing: Mutex::default(),
        games: Mutex::default(),
        next: AtomicU64::default(),
    });
    let app = Router::new()
        .fallback(move |request| handle(Arc::clone(&state), request))
        .layer(RequestBodyTimeoutLayer::new(BODY_TIME))
        .layer(RequestBodyLimitLayer::new(MOST_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            ANSWER_TIME,
        ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .enable_time()
        .build()
        .context("the server's runtime")?;
    runtime
        .block_on(connections::accept(listener, app))
        .context("the server's socket")
}

/// Answers one request; the API's work, which may wait for a solve, runs on a thread of its own.
async fn handle(state: Arc<State>, request: Request) -> Response {
    let (head, body) = request.into_parts();
    let body = axum::body::to_bytes(body, MOST_BODY).await;
    if let Some(refusal) = foreign(&state, &head) {
        let (status, body) = answer(Err(refusal));
        return respond(status, "application/json", body);
    }
    if head.uri.path() == "/" && head.method == Method::GET {
        return respond(200, "text/html; charset=utf-8", PAGE);
    }
    let (status, body) = match body {
        Err(error) => answer(Err(unread(&error))),
        Ok(body) if std::str::from_utf8(&body).is_err() => {
            answer(Err((400, "the request's body is not UTF-8".to_string())))
        }
        Ok(_) => {
            let path = head.uri.path().to_string();
            let query = parse_query(head.uri.query().unwrap_or(""));
            tokio::task::spawn_blocking(move || route(&state, &head.method, &path, &query))
                .await
                .unwrap_or_else(|_| answer(Err((500, "the server failed this request".into()))))
        }
    };
    respond(status, "application/json", body)
}

/// Why a body could not be read: too long (413), stalled (408) or malformed.
fn unread(error: &axum::Error) -> Refusal {
    let mut cause: Option<&(dyn Error + 'static)> = Some(error);
    let (status, message) = loop {
        match cause {
            Some(c) if c.is::<LengthLimitError>() => {
                break (413, "the request's body is too long (the API takes none)");
            }
            Some(c) if c.is::<TimeoutError>() => break (408, "the request's body stalled"),
            Some(c) => cause = c.source(),
            None => break (400, "the request's body is malformed"),
        }
    };
    (status, message.to_string())
}

/// An answer of `status` with `body`, sent with its length (never in chunks: every answer is
/// whole when sent).
fn respond(status: u16, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() =
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let content_type = HeaderValue::from_static(content_type);
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, content_type);
    response
}

/// Why the request `head` is refused, if it does not name this server in one `Host` header
/// (403), names its target in absolute form (`http://host/...`, 400: the server is no proxy),
/// or comes from a page of another origin (403).
fn foreign(state: &State, head: &Parts) -> Option<Refusal> {
    let values = |name: header::HeaderName| -> Vec<String> {
        head.headers
            .get_all(name)
            .iter()
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
            .collect()
    };
    let ours = |host: &str| state.hosts.iter().any(|h| h.eq_ignore_ascii_case(host));
    let hosts = values(header::HOST);
    let origins = values(header::ORIGIN);
    let refused = |message: String| Some((403, message));
    if head.uri.scheme().is_some() || head.uri.authority().is_some() {
        return Some((
            400,
            format!(
                "the request's target '{}' is not a path: this server is no proxy, ask for \
                 /api/... with Host: {}",
                head.uri, state.hosts[0]
            ),
        ));
    }
    match (hosts.as_slice(), origins.as_slice()) {
        ([], _) => refused(format!(
            "the request names no host: send Host: {}",
            state.hosts[0]
        )),
        ([_, _, ..], _) => refused("the request names its host more than once".to_string()),
        ([host], _) if !ours(host) => refused(format!("host '{host}' is not this server")),
        (_, [_, _, ..]) => refused("the request names its origin more than once".to_string()),
        (_, [origin]) if !origin.strip_prefix("http://").is_some_and(ours) => {
            refused(format!("requests from '{origin}' are not served"))
        }
        _ => None,
    }
}

/// The answer `result` gives: its body sent as it is; a refusal as `{"error": ...}`, or
/// `{"solving": ...}` while a match-up is solved, in the page's words (its parameters, not the
/// CLI's flags; control characters escaped).
fn answer(result: Result<Bytes, Refusal>) -> Answer {
    match result {
        Ok(body) => (200, body),
        Err((status, message)) => {
            let key = if status == SOLVING {
                "solving"
            } else {
                "error"
            };
            let value = json!({ key: in_page_words(&message) });
            (status, Bytes::from(value.to_string()))
        }
    }
}

/// The API (listed at the top of this module).
fn route(state: &State, method: &Method, path: &str, query: &HashMap<String, String>) -> Answer {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let result = match (method, parts.as_slice()) {
        (&Method::GET, ["api", "rulesets"]) => Ok(rulesets(state.budget)),
        (&Method::POST, ["api", "games"]) => new_game(state, query).and_then(|(game, turns)| {
            let mut value = view(&game, &turns)?;
            value["id"] = json!(admit(state, game));
            Ok(value)
        }),
        (&Method::GET, ["api", "games", id]) => with_game(state, id, |g| view(g, &[])),
        (&Method::POST, ["api", "games", id, verb @ ("roll" | "move" | "keep")]) => {
            action(verb, query).and_then(|action| {
                with_game(state, id, |g| {
                    play(g, verb, &action).and_then(|t| view(g, &t))
                })
            })
        }
        (&Method::GET, ["api", "map"]) => return answer(map::map(state, query)),
        _ => Err((404, format!("no such resource: {method} {path}"))),
    };
    answer(result.map(|value: Value| Bytes::from(value.to_string())))
}

/// A mutex's contents. A panic while one is held would be a bug (no request can cause one that
/// the tests know of); the server then goes on answering rather than dying, and that game's or
/// match-up's later answers are not to be trusted.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
