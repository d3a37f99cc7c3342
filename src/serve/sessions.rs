//! Games in progress: started, played by the person's choices, answered by the computer's,
//! each turn told.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use serde_json::{Value, json};
use swine_solver::chopsticks::{self, Match, Player as Side, narrate};
use swine_solver::commentary::{self, Commentary};
use swine_solver::dice::{SeededDice, Thrown};
use swine_solver::farkle::Match as FarkleMatch;
use swine_solver::greed;
use swine_solver::greed::simulate::{End, Game as GreedGame, play_turn as greed_turn};
use swine_solver::hog::MAX_DICE;
use swine_solver::hog::narrate::{NEVER_ENDS, play_turn};
use swine_solver::hog::simulate::{Game, LoopWatch};
use swine_solver::pig;
use swine_solver::pig::simulate::{
    Game as PigGame, LoopWatch as PigLoopWatch, Step, play_decision,
};

use super::engines::{Engine, Solved, engine};
use super::farkle::{self, Action};
use super::query::{Refusal, bad, is_chopsticks, number};
use super::{NAMES, State, lock};

/// The most games kept; a new one past it replaces the oldest.
const MOST_GAMES: usize = 1000;

/// A position of any game.
pub(super) enum Position {
    Hog(Game),
    Greed(GreedGame),
    Pig(PigGame),
    Chopsticks(Match),
    Farkle(FarkleMatch),
}

/// A move of any game: dice (Hog, Greed; the Pig family's 1 rolls and 0 holds), or the hands
/// a Chopsticks move leads to.
#[derive(Clone, Copy)]
enum Move {
    Dice(u8),
    Hands(chopsticks::Position),
}

/// A game in progress: the person is seat 0, the computer seat 1.
pub(super) struct Session {
    pub(super) engine: Arc<Engine>,
    pub(super) position: Position,
    pub(super) dice: SeededDice,
    pub(super) commentary: Box<dyn Commentary + Send>,
    /// How the game ended, once it has: the winning seat, or none for a tie.
    pub(super) ended: Option<Option<usize>>,
}

/// One turn (a Pig decision, a Chopsticks move) as the page tells it: who played, the dice
/// thrown, the lines that say what happened. A note of the game's own (its start, a game that
/// goes round for ever) has no player.
pub(super) struct Told {
    pub(super) who: Option<usize>,
    pub(super) thrown: Option<Thrown>,
    pub(super) lines: Vec<String>,
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

/// `POST /api/games?rules=R&goal=G&vs=S&seed=N&first=you|computer` (Chopsticks:
/// `&moves=M|unlimited` instead of goal, opponent and seed): a new game (the goal is the
/// ruleset's unless given, within the CLI's limits) and what happened so far. When the
/// computer moves first, it has. [`admit`] keeps it.
pub(super) fn new_game(
    state: &State,
    query: &HashMap<String, String>,
) -> Result<(Session, Vec<Told>), Refusal> {
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
        Solved::Farkle(solution) => (
            Position::Farkle(FarkleMatch::new(solution.game(), first)),
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
    Ok((session, turns))
}

/// Keeps `session` among the games played, under a new id, which it returns (the oldest game
/// makes room when there are [`MOST_GAMES`]).
pub(super) fn admit(state: &State, session: Session) -> u64 {
    let id = state.next.fetch_add(1, Ordering::Relaxed) + 1;
    let mut games = lock(&state.games);
    if games.len() >= MOST_GAMES {
        if let Some(&oldest) = games.keys().min() {
            games.remove(&oldest);
        }
    }
    games.insert(id, session);
    id
}

/// Runs `f` on the game `id`.
pub(super) fn with_game(
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
/// decision), then the computer's until it is the person's again or the game ends: the turns
/// played.
pub(super) fn roll(session: &mut Session, dice: u32) -> Result<Vec<Told>, Refusal> {
    let (least, most) = match &session.engine.solved {
        Solved::Hog { rules, .. } => (rules.least_dice(), MAX_DICE),
        Solved::Greed { .. } => (0, greed::MAX_DICE),
        Solved::Pig { .. } | Solved::Farkle(_) => (0, 1),
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
            Solved::Farkle(_) => bad(&format!(
                "roll: dice {dice} is neither 1 (roll) nor 0 (bank)"
            )),
            _ => bad(&format!("roll: dice {dice} is not {least} to {most}")),
        })?;
    if let Position::Farkle(_) = session.position {
        let action = if requested == 1 {
            Action::Roll
        } else {
            Action::Bank
        };
        return farkle_move(session, action);
    }
    let mut turns = vec![play(session, Move::Dice(requested))];
    computer_plays(session, &mut turns);
    Ok(turns)
}

/// `POST /api/games/ID/keep?choice=N` or `?dice=F,F,...`: the person's keep in Farkle, then,
/// if it ended the turn, the computer's turns: the turns played.
pub(super) fn keep(
    session: &mut Session,
    query: &HashMap<String, String>,
) -> Result<Vec<Told>, Refusal> {
    let (Solved::Farkle(solution), Position::Farkle(played)) =
        (&session.engine.solved, &session.position)
    else {
        return Err(bad("keep: only farkle keeps dice"));
    };
    if session.ended.is_some() {
        return Err(bad("keep: the game is over"));
    }
    let choice = farkle::keep_asked(solution.game(), played, query)?;
    farkle_move(session, Action::Keep(choice))
}

/// The person's `action` in Farkle, then the computer's turns if it is theirs.
fn farkle_move(session: &mut Session, action: Action) -> Result<Vec<Told>, Refusal> {
    let engine = Arc::clone(&session.engine);
    let (Solved::Farkle(solution), Position::Farkle(played)) =
        (&engine.solved, &mut session.position)
    else {
        unreachable!("a session's position is of its engine's game");
    };
    let mut turns = vec![farkle::person(
        solution.game(),
        played,
        &mut session.dice,
        action,
    )?];
    if let Some(winner) = played.winner() {
        session.ended = Some(Some(winner));
    }
    computer_plays(session, &mut turns);
    Ok(turns)
}

/// `POST /api/games/ID/move?choice=N`: the person's move in Chopsticks, the Nth choice listed
/// (from 0), then the computer's: the turns played.
pub(super) fn choose(session: &mut Session, choice: usize) -> Result<Vec<Told>, Refusal> {
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
    Ok(turns)
}

/// The seat to move: 0 the person, 1 the computer.
pub(super) fn mover(position: &Position) -> usize {
    match position {
        Position::Hog(game) => game.mover,
        Position::Greed(position) => position.mover,
        Position::Pig(position) => position.mover,
        Position::Chopsticks(game) => usize::from(game.computers_turn()),
        Position::Farkle(played) => played.mover(),
    }
}

/// The computer's turns, until it is the person's turn or the game ends (a game whose
/// computer's turns come back where they were, through turns left to no chance, goes round for
/// ever: it ends as a tie).
fn computer_plays(session: &mut Session, turns: &mut Vec<Told>) {
    let engine = Arc::clone(&session.engine);
    if let (Solved::Farkle(solution), Position::Farkle(played)) =
        (&engine.solved, &mut session.position)
    {
        if session.ended.is_none() {
            farkle::computer(solution, played, &mut session.dice, turns);
            session.ended = played.winner().map(Some);
        }
        return;
    }
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
