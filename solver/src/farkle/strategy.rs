//! Strategy specs of Farkle.
//!
//! | spec | strategy |
//! |------|----------|
//! | `bank_at:T` | keep every scoring die; bank once the turn total is at least T points |
//! | `bank_at:T,N` | the same, and bank with fewer than N dice left |
//! | `max_points` | bank or roll, and keep, as maximises the expected points of each turn |
//! | `optimal` (alias `minimax`) | maximises its probability of winning in every state |
//! | `FILE.py`, `FILE.py:FUNCTION` | a Python strategy ([`PythonStrategy`]) |
//!
//! The Python package also takes a callable of its own interpreter ([`Strategy::of_callable`]).
//!
//! Every strategy wins, unasked, once banked score + turn total reaches the goal, and none banks
//! below `min_bank`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::game::{Farkle, UNIT};
use super::plays::Plays;
use super::policy::{Fixed, Player};
use super::python::{Asking, EXACT_LIMIT, ExactError, PythonStrategy, decision_points};
use super::solve::{Progress, Solution, SolveError, solve_stopping};
use super::turn::Transition;
use crate::game::MINIMAX;
use crate::game::sides::{Seat, simulate_side_by_side};
use crate::game::simulate::simulate;
use crate::outcome::{Outcome, Simulation};
use crate::python::{Callable, PythonError, PythonSpec, Runner};
use crate::spec::StrategyError;

/// The strategy specs Farkle accepts.
pub const STRATEGY_FORMS: [&str; 5] = [
    "bank_at:T",
    "bank_at:T,N",
    "max_points",
    "optimal",
    "minimax",
];

/// Games per seat a simulation plays unless told otherwise (`swine simulate`,
/// `swine.simulate`): each turn of an optimiser is solved as it is played, so fewer than the
/// other games' 100000.
pub const DEFAULT_GAMES: u64 = 2_000;

/// A strategy resolved for Farkle.
#[derive(Clone, Debug)]
pub struct Strategy {
    name: String,
    player: Player,
    python: Option<Arc<PythonStrategy>>,
    /// Where it plays the equilibrium's decisions against a fixed policy: the solution of both
    /// players optimal they are taken from, solved once for every match it plays.
    minimax: Option<Arc<Solution>>,
}

/// Why two strategies could not be evaluated against each other.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A Python strategy failed, or is too large to evaluate exactly.
    #[error("{spec}: {error}")]
    Exact {
        /// Its spec.
        spec: String,
        /// Why.
        error: ExactError,
    },
    /// The solve did not converge.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A Python strategy failed while the games were played.
    #[error("{spec}: {error}")]
    Play {
        /// Its spec.
        spec: String,
        /// Why.
        error: PythonError,
    },
    /// An optimiser cannot answer a Python strategy without its exact evaluation.
    #[error(
        "{spec}: optimal play against a Python strategy is the best response to its exact          evaluation, which is too large here ({reason}); simulate it against a built-in          (bank_at:T, max_points) instead"
    )]
    NoBestResponse {
        /// The Python strategy's spec.
        spec: String,
        /// Why it was not evaluated.
        reason: String,
    },
}

impl Strategy {
    /// Resolves `spec` for `game`: a Python file (`FILE.py`, `FILE.py:FUNCTION`) is imported
    /// in a harness run by `runner`, anything else is a built-in ([`Strategy::parse`]).
    pub fn resolve(spec: &str, game: &Farkle, runner: &Runner) -> Result<Strategy, StrategyError> {
        let Some(python) = PythonSpec::of(spec) else {
            return Strategy::parse(spec, game);
        };
        let strategy =
            PythonStrategy::start(&python, runner).map_err(|error| StrategyError::Python {
                spec: spec.trim().to_string(),
                error,
            })?;
        Ok(Strategy {
            name: spec.trim().to_string(),
            player: Player::Python,
            python: Some(Arc::new(strategy)),
            minimax: None,
        })
    }

    /// The strategy `function` plays, a callable of the caller's interpreter (the package's),
    /// asked as a Python file's function is.
    pub fn of_callable(function: Box<dyn Callable>) -> Strategy {
        let python = PythonStrategy::of_callable(function);
        Strategy {
            name: python.function().to_string(),
            player: Player::Python,
            python: Some(Arc::new(python)),
            minimax: None,
        }
    }

    /// The Python strategy it plays, if it is one.
    pub fn python(&self) -> Option<&PythonStrategy> {
        self.python.as_deref()
    }

    /// Resolves `spec` for `game`.
    pub fn parse(spec: &str, game: &Farkle) -> Result<Strategy, StrategyError> {
        let spec = spec.trim();
        let (name, arguments) = match spec.split_once(':') {
            Some((name, arguments)) => (name.trim(), Some(arguments)),
            None => (spec, None),
        };
        let problem = |problem: String| StrategyError::Parameters {
            spec: spec.to_string(),
            problem,
        };
        let none = |player: Player| match arguments {
            None => Ok(Strategy {
                name: name.to_string(),
                player,
                python: None,
                minimax: None,
            }),
            Some(_) => Err(problem(format!("{name} takes no arguments"))),
        };
        match name {
            "optimal" | "minimax" => none(Player::Optimising),
            "max_points" => none(Player::Fixed(Fixed::MaxPoints)),
            "bank_at" => {
                let usage = "bank_at needs a turn total and optionally a number of dice, as in \
                             bank_at:300 or bank_at:300,3";
                let parts: Vec<&str> = arguments.unwrap_or("").split(',').map(str::trim).collect();
                let numbers: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
                let (total, dice) = match numbers.as_deref() {
                    Some(&[total]) => (total, 0),
                    Some(&[total, dice]) => (total, dice),
                    _ => return Err(problem(usage.to_string())),
                };
                if total == 0 || total % UNIT != 0 || total > game.goal() {
                    return Err(problem(format!(
                        "the turn total {total} must be a multiple of {UNIT} in {UNIT}..={}",
                        game.goal()
                    )));
                }
                if dice > 6 {
                    return Err(problem(format!("{dice} dice: a turn has at most 6")));
                }
                let name = if dice == 0 {
                    format!("bank_at:{total}")
                } else {
                    format!("bank_at:{total},{dice}")
                };
                Ok(Strategy {
                    name,
                    player: Player::Fixed(Fixed::BankAt { total, dice }),
                    python: None,
                    minimax: None,
                })
            }
            _ => Err(StrategyError::Unknown {
                spec: spec.to_string(),
                rules: game.name().to_string(),
                expected: STRATEGY_FORMS.join(", "),
            }),
        }
    }

    /// The strategy `minimax` plays against a fixed policy, under its name: the decisions of
    /// both players optimal, taken from `minimax` (that game's solution).
    pub fn playing_equilibrium(&self, minimax: Arc<Solution>) -> Strategy {
        Strategy {
            name: self.name.clone(),
            player: Player::Equilibrium,
            python: None,
            minimax: Some(minimax),
        }
    }

    /// The canonical spec, e.g. `bank_at:300`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The player the solver seats for it.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Whether it optimises rather than follows a fixed policy.
    pub fn is_optimising(&self) -> bool {
        self.player == Player::Optimising
    }

    /// What the optimiser solved against it is called (`swine solve --vs` it): its own name
    /// where it optimises too (both optimal: `minimax` against `minimax`), else `optimal`.
    pub fn optimiser_name(&self) -> &str {
        if self.is_optimising() {
            self.name()
        } else {
            "optimal"
        }
    }

    /// Whether it is `minimax`, the equilibrium strategy, rather than `optimal`, the best
    /// response to whatever it meets (both optimise until they meet a fixed policy).
    pub fn is_minimax(&self) -> bool {
        self.is_optimising() && self.name == MINIMAX
    }

    /// The player it seats against `opponent`, as every game's strategies meet
    /// (`Contest::meet`): `minimax` facing a fixed policy plays the decisions of both players
    /// optimal ([`Player::Equilibrium`]), not the best response to it; against `optimal` or
    /// `minimax` it stays an optimiser, both optimal being the same game.
    pub fn facing(&self, opponent: &Strategy) -> Player {
        if self.is_minimax() && !opponent.is_optimising() {
            Player::Equilibrium
        } else {
            self.player
        }
    }
}

/// The players `strategy` (seat 0) and `opponent` (seat 1) seat as they meet (see
/// [`Strategy::facing`]).
pub fn meet(strategy: &Strategy, opponent: &Strategy) -> [Player; 2] {
    [strategy.facing(opponent), opponent.facing(strategy)]
}

/// The exact values of `strategies[0]` in seat 0 against `strategies[1]` (a Python strategy's
/// turns found first, `asked(n)` hearing of its decisions as they are asked), with `progress`.
pub fn evaluate(
    game: &Farkle,
    strategies: [&Strategy; 2],
    asked: &(dyn Fn(u64) + Sync),
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Solution, MatchError> {
    evaluate_stopping(game, strategies, asked, (progress, &AtomicBool::new(false)))
}

/// [`evaluate`], stopped between sweeps once `stop` is set.
pub fn evaluate_stopping(
    game: &Farkle,
    strategies: [&Strategy; 2],
    asked: &(dyn Fn(u64) + Sync),
    stopping: (&(dyn Fn(Progress) + Sync), &AtomicBool),
) -> Result<Solution, MatchError> {
    let turns = python_turns(game, strategies, asked)?;
    evaluate_given(game, strategies, turns, stopping)
}

/// The turn from every turn-start state of each seat a Python strategy plays (`asked(n)`
/// hearing of its decisions as they are asked): what [`evaluate_given`] needs of it.
pub fn python_turns(
    game: &Farkle,
    strategies: [&Strategy; 2],
    asked: &(dyn Fn(u64) + Sync),
) -> Result<[Option<Vec<Transition>>; 2], MatchError> {
    let mut turns = [None, None];
    for (seat, strategy) in strategies.iter().enumerate() {
        if let Some(python) = strategy.python() {
            let found = python
                .transitions(game, asked)
                .map_err(|error| MatchError::Exact {
                    spec: strategy.name().to_string(),
                    error,
                })?;
            turns[seat] = Some(found);
        }
    }
    Ok(turns)
}

/// [`evaluate_stopping`] with the Python seats' turns found already ([`python_turns`]).
pub fn evaluate_given(
    game: &Farkle,
    strategies: [&Strategy; 2],
    turns: [Option<Vec<Transition>>; 2],
    (progress, stop): (&(dyn Fn(Progress) + Sync), &AtomicBool),
) -> Result<Solution, MatchError> {
    let players = meet(strategies[0], strategies[1]);
    let minimax = strategies.iter().find_map(|s| s.minimax.as_deref());
    Ok(solve_stopping(
        game,
        players,
        turns,
        minimax,
        (progress, stop),
    )?)
}

/// What a simulation plays: the exact solution where it could be had (then the simulation
/// can be set beside it), else the strategies alone.
pub enum Seated {
    /// Evaluated exactly.
    Exact(Solution),
    /// Too large to evaluate exactly: played only (no seat optimises).
    Played(Unvalued),
}

/// Strategies seated to be played only: no values to ask, only games to play.
pub struct Unvalued(Solution);

impl Seated {
    /// Seats `strategies` for a simulation: exactly evaluated, unless a Python strategy plays
    /// and the game has more decision points than [`EXACT_LIMIT`] (then played only, if no
    /// seat optimises).
    pub fn new(
        game: &Farkle,
        strategies: [&Strategy; 2],
        asked: &(dyn Fn(u64) + Sync),
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Seated, MatchError> {
        let count = decision_points(game);
        let python = strategies.iter().find(|s| s.python().is_some());
        match python {
            Some(python) if count > EXACT_LIMIT => {
                let players = meet(strategies[0], strategies[1]);
                Solution::unvalued(game, players)
                    .map(|solution| Seated::Played(Unvalued(solution)))
                    .ok_or_else(|| MatchError::NoBestResponse {
                        spec: python.name().to_string(),
                        reason: format!(
                            "{count} decision points at goal {}, the limit {EXACT_LIMIT}",
                            game.goal()
                        ),
                    })
            }
            _ => Ok(Seated::Exact(evaluate(game, strategies, asked, progress)?)),
        }
    }

    /// `games_per_seat` seeded games with each seat moving first, `strategies` seated as here
    /// (see [`play_games`]); `played(n)` hears of every `n` finished.
    pub fn play(
        &self,
        strategies: [&Strategy; 2],
        games_per_seat: u64,
        seed: u64,
        played: &dyn crate::montecarlo::Played,
    ) -> Result<Simulation, PythonError> {
        let solution = match self {
            Seated::Exact(solution) | Seated::Played(Unvalued(solution)) => solution,
        };
        play_games(solution, strategies, games_per_seat, seed, played)
    }
}

/// A strategy's outcome against an opponent: exact, or estimated by simulation where a Python
/// strategy is too large to evaluate exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measured {
    /// The exact outcome.
    Exact(Outcome),
    /// Seeded games: an estimate.
    Estimate(Simulation),
}

/// `strategies[0]`'s outcome against `strategies[1]`: exact where [`Seated::new`] can evaluate
/// it, else `games_per_seat` games with each seat moving first, from `seed`.
pub fn measure(
    game: &Farkle,
    strategies: [&Strategy; 2],
    games_per_seat: u64,
    seed: u64,
) -> Result<Measured, MatchError> {
    match Seated::new(game, strategies, &|_| {}, &|_| {})? {
        Seated::Exact(solution) => Ok(Measured::Exact(solution.matchup())),
        played @ Seated::Played(_) => played
            .play(strategies, games_per_seat, seed, &|_: u64| {})
            .map(Measured::Estimate)
            .map_err(|error| MatchError::Play {
                spec: python_names(strategies),
                error,
            }),
    }
}

/// The names of the Python strategies among `strategies`, for an error message.
pub fn python_names(strategies: [&Strategy; 2]) -> String {
    let names: Vec<&str> = strategies
        .iter()
        .filter(|s| s.python().is_some())
        .map(|s| s.name())
        .collect();
    names.join(", ")
}

/// `games_per_seat` seeded games with each seat moving first, `strategies` seated as in
/// `solution`: the built-ins and optimisers as they play ([`Plays`]), through the one
/// simulator; where a Python strategy plays, the games side by side, the strategy asked about
/// every game waiting on it at once ([`Asking`]). `played(n)` hears of every `n` finished.
pub fn play_games(
    solution: &Solution,
    strategies: [&Strategy; 2],
    games_per_seat: u64,
    seed: u64,
    played: &dyn crate::montecarlo::Played,
) -> Result<Simulation, PythonError> {
    let game = solution.game();
    let games = (games_per_seat, seed);
    let plays = [0, 1].map(|seat| Plays { solution, seat });
    let asking = strategies.map(|s| s.python().map(|python| Asking { game, python }));
    if asking.iter().all(Option::is_none) {
        return Ok(simulate(game, [&plays[0], &plays[1]], games, played));
    }
    simulate_side_by_side(game, seats(&plays, &asking), games, played)
}

/// Each seat as games side by side seat it: a Python strategy asked, any other played.
pub(super) fn seats<'a>(
    plays: &'a [Plays<'_>; 2],
    asking: &'a [Option<Asking<'_>>; 2],
) -> [Seat<'a, Farkle>; 2] {
    [0, 1].map(|seat| match &asking[seat] {
        Some(asking) => Seat::Asks(asking),
        None => Seat::Plays(&plays[seat]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_python_seat_without_its_turns_is_an_error_not_a_panic() {
        let game = Farkle::new(&[("goal".into(), 300), ("floor".into(), -100)]).unwrap();
        let fixed = Player::Fixed(Fixed::MaxPoints);
        let solved = crate::farkle::solve(&game, [Player::Python, fixed], &|_| {});
        assert!(matches!(solved, Err(SolveError::PythonWithoutTurns)));
    }

    #[test]
    fn specs_resolve_and_bad_ones_say_why() {
        let game = Farkle::new(&[]).unwrap();
        assert_eq!(
            Strategy::parse("bank_at:300,2", &game).unwrap().name(),
            "bank_at:300,2"
        );
        assert!(Strategy::parse("minimax", &game).unwrap().is_optimising());
        let message = |spec: &str| Strategy::parse(spec, &game).unwrap_err().to_string();
        assert_eq!(
            message("bank_at:325"),
            "strategy 'bank_at:325': the turn total 325 must be a multiple of 50 in 50..=10000"
        );
        assert!(message("bank_at").contains("as in bank_at:300"));
        assert_eq!(
            message("max_points:3"),
            "strategy 'max_points:3': max_points takes no arguments"
        );
        assert!(message("hold_at:20").starts_with("unknown strategy 'hold_at:20' for farkle"));
    }

    #[test]
    fn minimax_plays_the_equilibrium_only_against_a_fixed_policy() {
        let game = Farkle::new(&[]).unwrap();
        let spec = |s: &str| Strategy::parse(s, &game).unwrap();
        let (minimax, optimal, bank) = (spec("minimax"), spec("optimal"), spec("bank_at:300"));
        assert_eq!(meet(&minimax, &bank), [Player::Equilibrium, bank.player()]);
        assert_eq!(meet(&bank, &minimax), [bank.player(), Player::Equilibrium]);
        assert_eq!(meet(&optimal, &bank), [Player::Optimising, bank.player()]);
        assert_eq!(meet(&minimax, &optimal), [Player::Optimising; 2]);
    }
}
