//! Games in progress: started, played by the person's actions, answered by the computer's
//! moves, each turn told; every game through its [`Session`].

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde_json::{Value, json};
use swine_solver::game::{Action, Audience, Session, Told};

use super::engines::{Kept, engine};
use super::query::{Refusal, bad, number};
use super::{State, lock};

/// The most games kept; a new one past it replaces the oldest.
const MOST_GAMES: usize = 1000;

/// A game in progress: the person is seat 0, the computer seat 1.
pub(super) struct Game {
    /// The match-up it is played from.
    pub(super) kept: Arc<Kept>,
    /// The game itself.
    pub(super) session: Box<dyn Session>,
}

/// `POST /api/games?rules=R&goal=G&vs=S&seed=N&first=you|computer&moves=M&set=...`: a new game
/// and what happened so far (when the computer moves first, it has). [`admit`] keeps it.
pub(super) fn new_game(
    state: &State,
    query: &HashMap<String, String>,
) -> Result<(Game, Vec<Told>), Refusal> {
    let seed = number::<u64>(query, "seed", "seed:")?;
    let first = match query.get("first").map(String::as_str) {
        None | Some("you") => 0,
        Some("computer") => 1,
        Some(other) => {
            return Err(bad(&format!(
                "first: '{other}' is neither 'you' nor 'computer'"
            )));
        }
    };
    let kept = engine(state, query)?;
    let info = kept.game.info();
    if !info.game.chance && seed.is_some() {
        return Err(bad(&format!("seed: {} has no dice to seed", info.rules)));
    }
    let seed = seed.unwrap_or_else(crate::commands::clock_seed);
    let mut session = kept.engine.session(first, seed, Audience::Page);
    let turns = session.begin();
    Ok((Game { kept, session }, turns))
}

/// Keeps `game` among the games played, under a new id, which it returns (the oldest game
/// makes room when there are [`MOST_GAMES`]).
pub(super) fn admit(state: &State, game: Game) -> u64 {
    let id = state.next.fetch_add(1, Ordering::Relaxed) + 1;
    let mut games = lock(&state.games);
    if games.len() >= MOST_GAMES {
        if let Some(&oldest) = games.keys().min() {
            games.remove(&oldest);
        }
    }
    games.insert(id, game);
    id
}

/// Runs `f` on the game `id`.
pub(super) fn with_game(
    state: &State,
    id: &str,
    f: impl FnOnce(&mut Game) -> Result<Value, Refusal>,
) -> Result<Value, Refusal> {
    let number: u64 = id
        .parse()
        .map_err(|_| bad(&format!("game '{id}' is not a game id")))?;
    let mut games = lock(&state.games);
    let game = games.get_mut(&number).ok_or_else(|| {
        let reason = "it never was, or its match-up was let go to make room for others";
        (404, format!("no game {number}: {reason}"))
    })?;
    let mut value = f(game)?;
    value["id"] = json!(number);
    Ok(value)
}

/// The action a request asks for: `roll?dice=N` (Hog and Greed roll N dice, Greed's 0 passes;
/// the Pig family and Farkle roll with 1, hold or bank with 0), `move?choice=N` (the Nth
/// choice listed, from 0), `keep?choice=N` or `keep?dice=F,F,...` (Farkle's and Yahtzee's
/// keeps; Yahtzee may keep none).
pub(super) fn action(verb: &str, query: &HashMap<String, String>) -> Result<Action, Refusal> {
    let what = format!("{verb}: choice");
    match verb {
        "roll" => match number::<u32>(query, "dice", "roll: dice")? {
            Some(dice) => Ok(Action::Dice(dice)),
            None => Err(bad("roll: give ?dice=N")),
        },
        "move" => match number::<usize>(query, "choice", &what)? {
            Some(choice) => Ok(Action::Choice(choice)),
            None => Err(bad("move: give ?choice=N")),
        },
        _ => match (number::<usize>(query, "choice", &what)?, query.get("dice")) {
            (Some(choice), None) => Ok(Action::Choice(choice)),
            (None, Some(text)) if text.trim().is_empty() => Ok(Action::Keep(Vec::new())),
            (None, Some(text)) => text
                .split(',')
                .map(|f| f.trim().parse::<u8>().ok().filter(|f| (1..=6).contains(f)))
                .collect::<Option<Vec<u8>>>()
                .map(Action::Keep)
                .ok_or_else(|| {
                    bad(&format!(
                        "keep: dice '{text}' are not faces 1 to 6, comma-separated"
                    ))
                }),
            _ => Err(bad(
                "keep: give ?choice=N (the Nth keep offered, from 0) or ?dice=F,F,... (the faces)",
            )),
        },
    }
}

/// Plays the person's `action` in `game` (asked for as `verb`), then the computer's moves: the
/// turns played.
pub(super) fn play(game: &mut Game, verb: &str, action: &Action) -> Result<Vec<Told>, Refusal> {
    game.session
        .act(action)
        .map_err(|refused| bad(&format!("{verb}: {refused}")))
}
