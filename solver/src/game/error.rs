//! Why a question put to a game could not be answered, in the words a front end shows.

use thiserror::Error;

use super::Stopped;
use crate::spec::StrategyError;

/// Why a question put to a game could not be answered.
#[derive(Debug, Error)]
pub enum GameError {
    /// A flag or question the game cannot answer, or an argument it refuses; the message is
    /// whole (`--bounds: farkle ...`).
    #[error("{0}")]
    Refused(String),
    /// A strategy could not be resolved.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// A position that is no position of the game; the message names the number and its
    /// value.
    #[error("{0}")]
    Position(String),
    /// Dice shown at a position that no roll there shows; the message says why.
    #[error("{0}")]
    Dice(String),
    /// A game's solver failed (an iteration that did not converge, a rule script's error).
    #[error(transparent)]
    Solve(Box<dyn std::error::Error + Send + Sync>),
    /// The computation was stopped (Ctrl-C, `KeyboardInterrupt`).
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// Fewer than two entries of a tournament could be resolved.
    #[error("a round robin needs at least two strategies; {usable} could be used ({left_out})")]
    TooFew {
        /// How many could.
        usable: usize,
        /// The others, with their reasons.
        left_out: String,
    },
}

impl GameError {
    /// A solver's error.
    pub fn solve(error: impl std::error::Error + Send + Sync + 'static) -> GameError {
        GameError::Solve(Box::new(error))
    }

    /// `--explain` asked of a strategy that optimises everywhere (`optimising`), or else
    /// against an opponent that does.
    pub fn not_fixed(strategy: &str, optimising: bool, opponent: &str) -> GameError {
        GameError::Refused(if optimising {
            format!("{strategy} optimises everywhere: it has nothing to gain")
        } else {
            format!("--explain needs a fixed opponent: {opponent} answers every change anew")
        })
    }
}

/// The refusal of `verb` without the opponent a game with strategies is played against.
pub(super) fn against(verb: &str) -> GameError {
    GameError::Refused(format!(
        "{verb}: this game is played against a strategy: give one"
    ))
}

/// The opponent (or the computer) of a game with strategies, which the interface always gives
/// (it refuses a call without one before it reaches the game).
pub fn given<T>(strategy: Option<T>) -> Result<T, GameError> {
    strategy.ok_or_else(|| against("a question"))
}
