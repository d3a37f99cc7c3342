//! The Pig family (Neller & Presser, "Optimal Play of the Dice Game Pig", 2004): Pig, Piglet
//! and two-dice Pig. A turn is a sequence of decisions: roll (add to the turn total, or lose it
//! on a 1) or hold (bank it and pass the turn).
//!
//! - [`Pig`]: a variant with its goal, what one roll does, the states (own, opponent, turn
//!   total) and the tables' schemas.
//! - [`Strategy`]: the specs (`hold_at:K`, `keep_pace`, `score_base`, `optimal`, table files,
//!   Python); [`Policy`]: roll or hold in every state, written as hold thresholds where it is
//!   one.
//! - [`solve`]: every state's exact value, pair of mirrored positions by pair (policy iteration
//!   with an exact solve of each pair), passes repeated where two 1s lower a score;
//!   [`evaluate`], [`solve_against`], [`values_file`] and [`position`] ask it the users'
//!   questions; [`explain`] finds the states whose single change gains the most.
//! - [`solve_exact`]: the same pairs in rational arithmetic (Pig and Piglet), for fractions.
//! - [`simulate`](mod@simulate): the independent Monte Carlo check, and games played turn by
//!   turn for people.

mod analysis;
mod bounds;
mod exact;
mod explain;
mod game;
mod interface;
mod policy;
mod record;
mod rules;
pub mod seats;
mod session;
pub mod simulate;
mod solve;
mod strategy;
mod study;

pub use analysis::{Solved, evaluate, make_exact, position, solve_against, values_file};
pub use bounds::certify_pig;
pub use exact::{ExactError, ExactSolution, solve_exact, solve_exact_stopping};
pub use explain::{ExplainError, StateGain, explain, state_gains};
pub use game::{Lead, MAX_GOAL, Pig, PigError, Roll, Variant};
pub use interface::{PigGame, decision};
pub use policy::{Decisions, Policy, Thresholds};
pub use record::GAME;
pub use rules::{Decision, Plays, Table};
pub use solve::{
    MAX_PASSES, MAX_ROUNDS, Player, SETTLED, Solution, SolveError, TIE_TOLERANCE, solve,
};
pub use strategy::{STRATEGY_FORMS, Strategy, keep_pace, score_base};
