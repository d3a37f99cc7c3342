//! The questions users ask, answered with one sweep each.

use super::policy::Policy;
use super::ruleset::Ruleset;
use super::strategy::Strategy;
use super::sweep::{Matchup, Player, Solution, solve};
use crate::format::{Table, TableFile, TableMeta};

/// The exact winning probabilities of `strategy` against `opponent`.
///
/// An optimising `strategy` plays the best response to `opponent`; an optimising `opponent`
/// plays the best response to `strategy`; two optimising players play minimax.
pub fn evaluate(rules: &Ruleset, strategy: &Strategy, opponent: &Strategy) -> Matchup {
    solve(rules, [&strategy.player(rules), &opponent.player(rules)]).matchup()
}

/// An optimal strategy, as `swine solve` writes it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The strategy table with its metadata and exact win rates.
    pub file: TableFile,
    /// Under minimax, P(the first player wins) when both play optimally.
    pub first_player_wins: Option<f64>,
}

/// The optimal strategy against `opponent`: the best response to a fixed opponent, or the
/// minimax strategy when `opponent` optimises too.
///
/// The table sees what the solver's optimiser sees: the two scores for rules without memory,
/// the full state otherwise.
pub fn solve_against(rules: &Ruleset, opponent: &Strategy) -> Solved {
    let minimax = opponent.is_optimising();
    let solution = solve(rules, [&Player::Optimising, &opponent.player(rules)]);
    let matchup = solution.matchup();
    let name = if minimax { "minimax" } else { "optimal" };
    Solved {
        file: TableFile {
            meta: TableMeta {
                rules: rules.name().to_string(),
                goal: rules.goal(),
                strategy: name.to_string(),
                opponent: if minimax {
                    name.to_string()
                } else {
                    opponent.name().to_string()
                },
                matchup: Some(matchup),
            },
            table: table_of(rules, &solution.policy(0)),
        },
        first_player_wins: minimax.then_some(matchup.as_first),
    }
}

/// The table of a policy: by scores when it ignores memory, else by full state.
fn table_of(rules: &Ruleset, policy: &Policy) -> Table {
    match policy.to_scores(rules) {
        Some(table) => Table::Scores(table),
        None => Table::Full(policy.to_full(rules)),
    }
}

/// Both seats' optimal values, for callers that want more than the start state.
pub fn best_response(rules: &Ruleset, opponent: &Strategy) -> Solution {
    solve(rules, [&Player::Optimising, &opponent.player(rules)])
}
