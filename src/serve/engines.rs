//! Match-ups solved once and kept: every parameter checked, then the game solved against the
//! computer's strategy, within a bound on how many are kept.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use serde_json::Value;
use swine_solver::catalog;
use swine_solver::chopsticks::{self, DEFAULT_MOVES, Solver};
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
        Rules::Farkle(_) => return Err(bad("rules: farkle is not served yet")),
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
