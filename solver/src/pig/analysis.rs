//! The questions users ask of the Pig family, each answered by one or two solves.

use ndarray::ArrayD;

use std::sync::atomic::AtomicBool;

use super::exact::{ExactError, ExactSolution, solve_exact_stopping};
use super::game::Pig;
use super::policy::Policy;
use super::solve::{Player, Solution, SolveError, matchup, solve};
use super::strategy::Strategy;
use crate::format::{TableFile, TableMeta, ValuesFile, probability};
use crate::outcome::{Outcome, Position};

/// The exact outcome of `strategy` (seat 0) against `opponent`, with the solve's residual.
pub fn evaluate(
    pig: &Pig,
    strategy: &Strategy,
    opponent: &Strategy,
) -> Result<(Outcome, f64), SolveError> {
    matchup(pig, [strategy.player(), opponent.player()])
}

/// The optimal strategy against an opponent, as `swine solve` writes it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The strategy's table: hold thresholds, or every decision where the policy is no
    /// threshold somewhere.
    pub file: TableFile,
    /// Its exact outcome against the opponent (for minimax: against itself).
    pub outcome: Outcome,
    /// Under minimax, the first player's value with both optimal.
    pub first_player_wins: Option<f64>,
    /// The solve's residual.
    pub residual: f64,
    /// The (own, opponent) cells where the policy is no threshold.
    pub not_thresholds: Vec<(u32, u32)>,
    /// The policy itself, for the files that tabulate every state.
    pub policy: Policy,
}

/// The best response to `opponent`, or the minimax strategy if `opponent` optimises too.
pub fn solve_against(pig: &Pig, opponent: &Strategy) -> Result<Solved, SolveError> {
    let solution = solve(pig, [&Player::Optimising, opponent.player()])?;
    let outcome = solution.matchup();
    let minimax = opponent.is_optimising();
    let (name, opponent_name, mut about) = if minimax {
        (
            "minimax",
            "minimax",
            "Both players optimal (minimax): neither can do better against the other.".to_string(),
        )
    } else {
        (
            "optimal",
            opponent.name(),
            format!(
                "The exact best response: no strategy does better against {}.",
                opponent.name()
            ),
        )
    };
    let policy = solution.policy(0);
    let (table, not_thresholds) = policy.table(pig);
    if not_thresholds.is_empty() {
        about.push_str(
            " In every (own, opponent) cell it rolls while the turn total is below the \
             threshold given and holds from it on (ties roll).",
        );
    } else {
        about.push_str(&format!(
            " In {} (own, opponent) cell(s) it is no threshold, so the table gives every \
             decision: 1 to roll, 0 to hold (ties roll).",
            not_thresholds.len()
        ));
    }
    about.push_str(&format!(
        " Values are the fixpoint of the game's equations (residual {:.1e}).",
        solution.residual()
    ));
    if outcome.first.tie > 0.0 || outcome.second.tie > 0.0 {
        about.push_str(&format!(
            " A game that never ends counts as a tie: it happens with probability {} moving \
             first and {} moving second.",
            probability(outcome.first.tie),
            probability(outcome.second.tie)
        ));
    }
    Ok(Solved {
        file: TableFile {
            meta: TableMeta {
                strategy: name.to_string(),
                opponent: opponent_name.to_string(),
                win_rates: Some(outcome.win_rates()),
                about: Some(about),
                exact: None,
            },
            table,
        },
        outcome,
        first_player_wins: minimax.then_some(outcome.as_first()),
        residual: solution.residual(),
        not_thresholds,
        policy,
    })
}

/// Makes `solved` (the float solve against `opponent`) exact: the optimum solved again in
/// rational arithmetic with exact policy improvement, its fractions in the table file's
/// metadata, and its exact decisions written where they differ from the float ones.
pub fn make_exact(
    pig: &Pig,
    opponent: &Strategy,
    solved: &mut Solved,
    stop: &AtomicBool,
) -> Result<ExactSolution, ExactError> {
    let optimal = Strategy::optimal();
    let exact = solve_exact_stopping(pig, [&optimal, opponent], stop)?;
    if exact.changed() > 0 {
        // Report the float values of the table written, so they stay its exact evaluation.
        let policy = exact.policy().clone();
        let player = Player::Fixed(policy.clone());
        let solution = solve(pig, [&player, opponent.player()])?;
        solved.outcome = solution.matchup();
        solved.file.meta.win_rates = Some(solved.outcome.win_rates());
        if solved.first_player_wins.is_some() {
            solved.first_player_wins = Some(solved.outcome.as_first());
        }
        (solved.file.table, solved.not_thresholds) = policy.table(pig);
        solved.policy = policy;
    }
    solved.file.meta.exact = Some(exact.rates().clone());
    Ok(exact)
}

/// The value (P(win) + ½·P(never ends)) of every state for `strategy` against `opponent`,
/// `strategy` to move, as a values file named `stem`, indexed `[own][opponent][turn_total]`;
/// where own + turn total reach the goal (the mover holds and wins) the value is 1.
pub fn values_file(
    pig: &Pig,
    strategy: &Strategy,
    opponent: &Strategy,
    stem: String,
) -> Result<ValuesFile, SolveError> {
    let solution = solve(pig, [strategy.player(), opponent.player()])?;
    let g = pig.goal() as usize;
    let values = ArrayD::from_shape_fn(vec![g, g, g], |index| {
        let (own, opponent, k) = (index[0] as u32, index[1] as u32, index[2] as u32);
        if pig.is_state(own, k) {
            solution.value(0, pig.state(own, opponent, k))
        } else {
            1.0
        }
    });
    Ok(ValuesFile {
        stem,
        rules: pig.name().to_string(),
        goal: pig.goal(),
        strategy: strategy.name().to_string(),
        opponent: opponent.name().to_string(),
        axes: ["own", "opponent", "turn_total"].map(String::from).to_vec(),
        values,
    })
}

/// The position (own, opponent, turn total) of `strategy` against `opponent`, `strategy` to
/// move: its chance to win from there, and what holding (0) and rolling (1) are worth there.
pub fn position(
    pig: &Pig,
    strategy: &Strategy,
    opponent: &Strategy,
    (own, opponent_score, turn_total): (u32, u32, u32),
) -> Result<Position, SolveError> {
    let solution: Solution = solve(pig, [strategy.player(), opponent.player()])?;
    let state = pig.state(own, opponent_score, turn_total);
    let (roll, hold) = solution.choices(0, state);
    Ok(Position {
        outcome: solution.outcome(0, state),
        choices: vec![(0, hold), (1, roll)],
        chosen: u8::from(solution.policy(0).rolls(state)),
    })
}
