//! Yahtzee and Yatzy (RULES.md, "Yahtzee", "Yatzy"): solitaire, five dice, thirteen (fifteen)
//! turns of up to three rolls, each filling one box of the card; the objective is the expected
//! final score.
//!
//! - [`rules`](mod@rules): the boxes of each card ([`Sheet`]), what a roll scores in each, the
//!   bonuses and the joker rules ([`Settings`], every number a `--set`).
//! - [`keeps`](mod@keeps): the 462 keeps and 252 rolls of five dice and the two recursions a
//!   turn is made of.
//! - [`turn`](mod@turn): a card between turns, and one turn's values roll by roll.
//! - [`solve`](mod@solve): the value of every card between turns under optimal play, and any
//!   turn's choices valued ([`Turn`]).
//! - [`kept`](mod@kept): a solved Yahtzee kept in the process and the cache directory, so only
//!   the first question of a rule set waits for the solve.
//! - [`strategy`](mod@strategy): the players, the optimum and a rule of thumb.
//! - [`distribution`](mod@distribution): the exact distribution of a player's final score,
//!   and from the distributions a duel of two, or each seat's chance among up to six cards.
//! - [`cards`](mod@cards): the rules as a state machine (each seat's card, the turn's dice),
//!   through which games are simulated, told and asked of Python players.
//! - [`plays`](mod@plays): the built-in players at play, their choices the solve's.
//! - [`python`](mod@python): players written in Python, rated by games played.
//! - [`study`](mod@study): what happens on a card (the upper bonus, Yahtzees, bonuses), for
//!   `swine study`.
//! - [`interface`](mod@interface): the game behind the one game interface (a duel of two
//!   cards, or more cards each seat's chance); `session`: a person's game, alone and coached or against the computer, with the
//!   program's dice or dice rolled by hand; `typed`: what the person types (faces, box names).

pub mod cards;
pub mod distribution;
pub mod interface;
pub mod keeps;
pub mod kept;
pub mod plays;
pub mod python;
mod record;
#[cfg(test)]
mod reference;
pub mod rules;
mod session;
pub mod solve;
pub mod strategy;
pub mod study;
pub mod target;
pub mod turn;
mod typed;

pub use distribution::{Distribution, distribution, distribution_of, duel};
pub use interface::{YahtzeeGame, rules_of, settings_of};
pub use keeps::Keeps;
pub use record::{GAME, YATZY};
pub use rules::{Joker, MOST_BOXES, NAME, Settings, Sheet, YahtzeeError};
pub use solve::{Solution, Turn, solve};
pub use strategy::Player;
pub use turn::{Card, Placed};

/// What several tests ask of a small variant of Hasbro's rules, worked out once.
#[cfg(test)]
mod fixtures {
    use std::sync::OnceLock;

    use super::{Distribution, Player, Settings, Solution, distribution_of, solve};
    use crate::game::Run;

    /// The solution of Hasbro's rules with the upper bonus at 5 points (a tenth of the full
    /// game's cards): the tests that use it hold for any rules; the full game's figures are
    /// checked by `the_published_optima` and through the binary.
    pub fn small() -> &'static Solution {
        static SOLUTION: OnceLock<Solution> = OnceLock::new();
        SOLUTION.get_or_init(|| {
            let settings = Settings::default().set("upper_threshold", "5");
            solve(&settings.expect("a threshold of 5"), &Run::default()).expect("not stopped")
        })
    }

    /// The solution of Scandinavian Yatzy (RULES.md, "Yatzy").
    pub fn yatzy() -> &'static Solution {
        static SOLUTION: OnceLock<Solution> = OnceLock::new();
        SOLUTION.get_or_init(|| solve(&Settings::yatzy(), &Run::default()).expect("not stopped"))
    }

    /// The final-score distributions of the optimum and the rule of thumb there.
    pub fn small_distributions() -> &'static [Distribution; 2] {
        static DISTRIBUTIONS: OnceLock<[Distribution; 2]> = OnceLock::new();
        DISTRIBUTIONS.get_or_init(|| {
            [Player::Optimal, Player::Thumb]
                .map(|p| distribution_of(small(), p, &Run::default()).expect("not stopped"))
        })
    }
}
