//! Match-ups solved once and kept: every parameter checked, then the game solved against the
//! computer's strategy, within a bound on how many are kept.
//!
//! Farkle takes seconds (goal 2000) to minutes (goal 10000) to solve, too long for a request:
//! it is solved on a thread of its own, one match-up at a time, while the server answers
//! every other request; until it is done, asking for it is answered with how far it has come
//! ([`SOLVING`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use serde_json::Value;
use swine_solver::catalog;
use swine_solver::chopsticks::{self, DEFAULT_MOVES, Solver};
use swine_solver::farkle::{self, Farkle, Progress};
use swine_solver::greed::{self, Greed};
use swine_solver::hog::{Advisor, Ruleset, Strategy};
use swine_solver::pig::{self, Pig, Player, Policy, Solution};
use swine_solver::python::Runner;
use swine_solver::spec::Spec;

use super::query::{Refusal, bad, is_chopsticks, number};
use super::{State, lock};
use crate::cli::{MoveLimit, RulesArgs, move_limit};
use crate::resolve::{self, Rules};

/// A match-up the page plays: what games of one engine share.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct MatchUp {
    rules: String,
    /// The goal asked for, if any.
    goal: Option<u32>,
    /// The computer's strategy (Chopsticks: always perfect play).
    vs: String,
    /// Chopsticks' move limit (none for the games of dice).
    moves: Option<MoveLimit>,
    /// Farkle's rule numbers (`set=floor=-1000,penalty=0`), as given.
    settings: Option<String>,
}

/// The status of an answer that says a match-up is still being solved (the request may be
/// made again; it is answered once the solve is done).
pub(super) const SOLVING: u16 = 202;

/// The status of an answer refusing a second Farkle solve while one runs.
const BUSY: u16 = 503;

/// A Farkle match-up being solved on its own thread.
pub(super) struct Solving {
    key: MatchUp,
    /// What is solved, in words.
    what: String,
    started: Instant,
    /// The last progress heard, and the last round's residual.
    progress: Option<Progress>,
    residual: Option<f64>,
    /// Why the solve failed, once it has.
    failed: Option<String>,
}

impl Solving {
    /// How far the solve has come, in words.
    fn told(&self) -> String {
        let seconds = self.started.elapsed().as_secs();
        let done = match self.progress {
            None => "setting up".to_string(),
            Some(Progress::Sweep { round, done, total }) => format!(
                "round {round}, {}% of the {total} turn-start states swept",
                100 * done / total.max(1)
            ),
            Some(Progress::Round { round, .. }) => format!("round {round} done"),
        };
        let residual = self
            .residual
            .map(|r| format!(", residual {r:.1e} (done at {:.0e})", farkle::RESIDUAL))
            .unwrap_or_default();
        format!(
            "Solving {}: {done}{residual}; {seconds} s so far.",
            self.what
        )
    }
}

/// The most match-ups solved and kept (each holds the game's values).
const MOST_ENGINES: usize = 16;

/// A ruleset solved against an opponent: what games of that match-up share.
pub(super) struct Engine {
    pub(super) opponent: String,
    pub(super) solved: Solved,
    /// The strategy map, made the first time it is asked for.
    pub(super) map: OnceLock<Value>,
}

/// The game and its advisor, solved once per match-up for the server's life (the advisor
/// borrows the game, so both are leaked, never freed).
pub(super) enum Solved {
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
    /// Farkle solved for a perfect player (seat 0) against the computer's strategy (seat 1).
    Farkle(farkle::Solution),
}

/// The engine of the match-up the query names, solved once and kept.
pub(super) fn engine(
    state: &State,
    query: &HashMap<String, String>,
) -> Result<Arc<Engine>, Refusal> {
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
        settings: query.get("set").cloned(),
    };
    // Held while solving: match-ups are solved one at a time, each once, within the bound.
    let mut engines = lock(&state.engines);
    // Only checked match-ups are kept, so a kept one needs no checking again.
    if let Some(engine) = engines.get(&key) {
        return Ok(Arc::clone(engine));
    }
    // Checked before the bound: a bad parameter is refused by name even when it is reached.
    let plan = plan(&key)?;
    let mut solving = lock(&state.solving);
    if let Some(under_way) = solving.as_ref() {
        let told = under_way.told();
        match (under_way.failed.clone(), under_way.key == key) {
            // A failure is told once, to whoever asks for that match-up next.
            (Some(failed), same) => {
                *solving = None;
                if same {
                    return Err(bad(&failed));
                }
            }
            (None, true) => return Err((SOLVING, told)),
            (None, false) => {
                return Err((
                    BUSY,
                    format!(
                        "the server solves one farkle match-up at a time. {told} Ask again then."
                    ),
                ));
            }
        }
    }
    if engines.len() >= MOST_ENGINES {
        return Err(bad(&format!(
            "the server keeps {MOST_ENGINES} match-ups (rules and opponent) solved and has them \
             all; play one of those or restart it"
        )));
    }
    if let Plan::Farkle(game, opponent) = plan {
        let under_way = Solving {
            what: describe(&game, opponent.name()),
            key: key.clone(),
            started: Instant::now(),
            progress: None,
            residual: None,
            failed: None,
        };
        let told = under_way.told();
        *solving = Some(under_way);
        let (engines, solving) = (Arc::clone(&state.engines), Arc::clone(&state.solving));
        std::thread::spawn(move || solve_farkle(key, *game, opponent, &engines, &solving));
        return Err((SOLVING, told));
    }
    let engine = Arc::new(solve(plan)?);
    engines.insert(key, Arc::clone(&engine));
    Ok(engine)
}

/// Farkle's rules and the computer's strategy, in words.
fn describe(game: &Farkle, opponent: &str) -> String {
    let rules = game.settings();
    format!(
        "farkle to {} (floor {}, {} for {} farkles in a row) against {opponent}",
        rules.goal, rules.floor, rules.penalty, rules.farkles
    )
}

/// Solves Farkle for a perfect player against `opponent`, telling `solving` how far it has
/// come; keeps the engine among `engines` (or the failure in `solving`).
fn solve_farkle(
    key: MatchUp,
    game: Farkle,
    opponent: farkle::Strategy,
    engines: &Mutex<HashMap<MatchUp, Arc<Engine>>>,
    solving: &Mutex<Option<Solving>>,
) {
    let heard = |progress: Progress| {
        if let Some(under_way) = lock(solving).as_mut() {
            if let Progress::Round { residual, .. } = progress {
                under_way.residual = Some(residual);
            }
            under_way.progress = Some(progress);
        }
    };
    let players = [farkle::Player::Optimising, opponent.player()];
    match farkle::solve(&game, players, &heard) {
        Ok(solution) => {
            let engine = Engine {
                opponent: opponent.name().to_string(),
                solved: Solved::Farkle(solution),
                map: OnceLock::new(),
            };
            lock(engines).insert(key, Arc::new(engine));
            *lock(solving) = None;
        }
        Err(error) => {
            if let Some(under_way) = lock(solving).as_mut() {
                under_way.failed = Some(format!("rules: {error}"));
            }
        }
    }
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
    /// Farkle and the computer's strategy.
    Farkle(Box<Farkle>, farkle::Strategy),
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
    let settings = match &key.settings {
        None => Vec::new(),
        Some(_) if key.rules != farkle::NAME => {
            return Err(bad(&format!(
                "set: rule numbers are farkle's; {} takes none",
                key.rules
            )));
        }
        Some(text) => text
            .split(',')
            .filter(|piece| !piece.trim().is_empty())
            .map(|piece| catalog::setting(piece).map_err(|e| bad(&format!("set: {e}"))))
            .collect::<Result<_, _>>()?,
    };
    let args = RulesArgs {
        rules: key.rules.clone(),
        goal: key.goal,
        settings,
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
        Rules::Farkle(game) => {
            let opponent = farkle::Strategy::parse(vs, &game).map_err(|e| refused(&e))?;
            Plan::Farkle(game, opponent)
        }
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
        Plan::Farkle(..) => unreachable!("farkle is solved on a thread of its own"),
    };
    Ok(Engine {
        opponent,
        solved,
        map: OnceLock::new(),
    })
}
