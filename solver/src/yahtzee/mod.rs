//! Yahtzee (RULES.md, "Yahtzee"): solitaire, five dice, thirteen turns of up to three rolls,
//! each filling one box of the card; the objective is the expected final score.
//!
//! - [`rules`](mod@rules): the boxes, what a roll scores in each, the bonuses and the joker
//!   rules ([`Settings`], every number a `--set`).
//! - [`keeps`](mod@keeps): the 462 keeps and 252 rolls of five dice and the two recursions a
//!   turn is made of.
//! - [`turn`](mod@turn): a card between turns, and one turn's values roll by roll.
//! - [`solve`](mod@solve): the value of every card between turns under optimal play, and any
//!   turn's choices valued ([`Turn`]).
//! - [`distribution`](mod@distribution): the exact distribution of the final score under it.
//! - [`simulate`](mod@simulate): games with real dice, the Monte Carlo check.

pub mod distribution;
pub mod keeps;
#[cfg(test)]
mod reference;
pub mod rules;
pub mod simulate;
pub mod solve;
pub mod turn;

pub use distribution::{Distribution, distribution};
pub use keeps::Keeps;
pub use rules::{BOX_NAMES, BOXES, Joker, NAME, SETTINGS, Settings, YahtzeeError};
pub use solve::{Placed, Solution, Turn, solve};
pub use turn::Card;
