//! What a rule designer asks of a variant first: what optimal play wins against the yardstick,
//! how large the first player's advantage is with both optimal, and how close the best trivial
//! strategy (`always_roll:k`) comes.

use super::error::SolveError;
use super::ruleset::Ruleset;
use super::strategy::Strategy;
use super::sweep::{Player, solve};
use crate::spec::StrategyError;

/// A variant's headline numbers, each exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Survey {
    /// The win rate of the best response to the yardstick. With hidden memory it is the
    /// full-information best response (it sees the memories; see `full_information`).
    pub optimal_win_rate: f64,
    /// Whether `optimal_win_rate` is the full-information optimum (rules with hidden memory).
    pub full_information: bool,
    /// P(the first player wins) when both play optimally.
    pub minimax_first_player_wins: f64,
    /// The `k` of the `always_roll:k` that wins most against the yardstick (the smallest of
    /// equals).
    pub best_always_roll: u8,
    /// Its win rate.
    pub best_always_roll_win_rate: f64,
    /// The largest residual of the solves (0 where one sweep is exact).
    pub residual: f64,
}

impl Survey {
    /// How much more optimal play wins than the best `always_roll:k`.
    pub fn gap(&self) -> f64 {
        self.optimal_win_rate - self.best_always_roll_win_rate
    }
}

/// Surveys `rules`: two solves (best response, minimax) and eleven evaluations.
pub fn survey(rules: &Ruleset) -> Result<Survey, SurveyError> {
    let yardstick = Strategy::parse(rules.rules().yardstick(), rules)?;
    let opponent = yardstick.player(rules);
    let optimal = solve(rules, [&Player::Optimising, &opponent])?;
    let minimax = solve(rules, [&Player::Optimising, &Player::Optimising])?;
    let mut residual = optimal.residual().max(minimax.residual());
    let mut best = (0, f64::NEG_INFINITY);
    for k in rules.dice_choices() {
        let always = Strategy::parse(&format!("always_roll:{k}"), rules)?;
        let solution = solve(rules, [&always.player(rules), &opponent])?;
        residual = residual.max(solution.residual());
        let rate = solution.matchup().win_rate();
        if rate > best.1 {
            best = (k, rate);
        }
    }
    Ok(Survey {
        optimal_win_rate: optimal.matchup().win_rate(),
        full_information: rules.hides_memory(),
        minimax_first_player_wins: minimax.matchup().as_first(),
        best_always_roll: best.0,
        best_always_roll_win_rate: best.1,
        residual,
    })
}

/// Why a survey could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SurveyError {
    /// The yardstick is not a strategy of the rules.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// A solve did not converge.
    #[error(transparent)]
    Solve(#[from] SolveError),
}
