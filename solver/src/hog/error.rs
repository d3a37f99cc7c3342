//! Why a Hog ruleset cannot be compiled.

use thiserror::Error;

use super::definition::MAX_GOAL;
use super::script::ScriptError;

/// Why a ruleset cannot be compiled.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RulesError {
    /// No built-in ruleset has this name.
    #[error("unknown ruleset '{name}'; the rulesets are {}, or a rule script (FILE.rhai)", known.join(", "))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The names that exist.
        known: Vec<&'static str>,
    },
    /// The goal is outside `1..=MAX_GOAL`.
    #[error("goal {goal} is outside 1..={MAX_GOAL}")]
    Goal {
        /// The goal asked for.
        goal: u32,
    },
    /// A turn could leave the total score unchanged or lower, so a single sweep is not exact.
    #[error("{rules}: {detail}; a turn must raise the total score for the sweep to be exact")]
    NotIncreasing {
        /// The ruleset.
        rules: String,
        /// What happens, with the scores.
        detail: String,
    },
    /// The state space would be too large to solve in memory.
    #[error(
        "{rules}: {states} states (goal {goal}, {memory} memory values per player) are more than \
         the {MOST_STATES} swine solves"
    )]
    TooLarge {
        /// The ruleset.
        rules: String,
        /// The goal.
        goal: u32,
        /// The memory values per player.
        memory: u8,
        /// goal² × memory².
        states: u64,
    },
    /// The rule script failed.
    #[error(transparent)]
    Script(#[from] ScriptError),
}

/// The most states a ruleset may have (hog-fa17 at goal 1000 has 256 million, which a sweep
/// holds in 8.8 GB): beyond that the sweep's arrays would not fit in memory.
pub const MOST_STATES: u64 = 260_000_000;
