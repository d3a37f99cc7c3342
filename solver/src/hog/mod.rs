//! Hog and its rule variants.
//!
//! - [`definition`]: a ruleset as plain functions ([`HogRules`]); [`presets`] holds the built-in
//!   ones.
//! - [`Ruleset`]: a definition compiled for a goal into the dense tables the solver indexes.
//! - [`StateSpace`]: how (scores, memories) map to array indices.
//! - [`Strategy`]: the one parser of strategy specs; [`Policy`]: dice for every state.
//! - [`solve`]: the backward sweep; [`evaluate`] and [`solve_against`] ask it questions.
//! - [`simulate`](mod@simulate): the independent Monte Carlo check.

mod analysis;
pub mod definition;
mod policy;
pub mod presets;
mod ruleset;
pub mod simulate;
mod space;
mod strategy;
mod sweep;

pub use analysis::{Solved, best_response, evaluate, solve_against};
pub use definition::HogRules;
pub use policy::{FullTable, Policy, ScoreTable};
pub use ruleset::{MAX_GOAL, RulesError, Ruleset};
pub use space::StateSpace;
pub use strategy::{Strategy, StrategyError, StrategyKind};
pub use sweep::{Matchup, Player, Solution, solve};
