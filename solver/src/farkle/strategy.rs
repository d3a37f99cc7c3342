//! Strategy specs of Farkle.
//!
//! | spec | strategy |
//! |------|----------|
//! | `bank_at:T` | keep every scoring die; bank once the turn total is at least T points |
//! | `bank_at:T,N` | the same, and bank with fewer than N dice left |
//! | `max_points` | bank or roll, and keep, as maximises the expected points of each turn |
//! | `optimal` (alias `minimax`) | maximises its probability of winning in every state |
//!
//! Every strategy wins, unasked, once banked score + turn total reaches the goal, and none banks
//! below `min_bank`.

use super::game::{Farkle, UNIT};
use super::policy::{Fixed, Player};
use crate::contest::MINIMAX;
use crate::spec::StrategyError;

/// The strategy specs Farkle accepts.
pub const STRATEGY_FORMS: [&str; 5] = [
    "bank_at:T",
    "bank_at:T,N",
    "max_points",
    "optimal",
    "minimax",
];

/// A strategy resolved for Farkle.
#[derive(Clone, Debug)]
pub struct Strategy {
    name: String,
    player: Player,
}

impl Strategy {
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
                })
            }
            _ => Err(StrategyError::Unknown {
                spec: spec.to_string(),
                rules: game.name().to_string(),
                expected: STRATEGY_FORMS.join(", "),
            }),
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

#[cfg(test)]
mod tests {
    use super::*;

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
