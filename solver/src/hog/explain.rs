//! Where a score table loses: the cells whose single change would gain the most, exactly.
//!
//! Changing one cell (own score, opponent score) of a table changes the player's choice in the
//! states of that cell (every hidden memory) and nowhere else. Every turn raises the total
//! score, so a game passes through a cell at most once, and the values of the states after it
//! do not depend on the cell's choice. The change therefore moves the win rate by exactly
//! `Σ reach(s) · (Q(s, best) − Q(s, chosen))` over the cell's states `s`, where `reach(s)` is
//! the probability that a game passes through `s` with the player to move (each seat starting
//! half the games, see [`reach`]) and `Q(s, n)` is the value of rolling `n` there given the
//! table's values everywhere else: one backward sweep and one forward pass value every
//! alternative of every cell.

use rayon::prelude::*;

use super::definition::MAX_DICE;
use super::error::SolveError;
use super::policy::{Policy, ScoreTable};
use super::reach::reach;
use super::ruleset::Ruleset;
use super::sweep::{Player, solve_keeping_reached, weighted_choices};

/// Gains smaller than this (in win rate) are rounding, not a better choice.
const NOISE: f64 = 1e-15;

/// A cell where changing one choice of a table raises its win rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellGain {
    /// The player's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// The dice count the table chooses there.
    pub chosen: u8,
    /// The alternative dice count: for [`explain`], the one that gains the most there (the
    /// smallest of equally good ones); for [`switch_gains`], the other table's.
    pub best: u8,
    /// P(a game passes through the cell with the player to move), each seat starting half
    /// the games, over every hidden memory.
    pub reach: f64,
    /// The exact change of the seat-averaged win rate if the cell alone chose `best`.
    pub gain: f64,
}

/// Every cell of `table` whose change alone raises its win rate against the fixed policy
/// `opponent`, the largest gain first (equal gains by score, then opponent score).
pub fn explain(
    rules: &Ruleset,
    table: &ScoreTable,
    opponent: &Policy,
) -> Result<Vec<CellGain>, SolveError> {
    let mut gains = cell_gains(rules, table, opponent, |_, values| {
        let least = rules.least_dice();
        let best = (least..=MAX_DICE).fold(least, |best, n| {
            if values[usize::from(n)] > values[usize::from(best)] {
                n
            } else {
                best
            }
        });
        Some(best)
    })?;
    gains.retain(|g| g.gain > NOISE);
    gains.sort_by(|a, b| {
        b.gain
            .total_cmp(&a.gain)
            .then((a.score, a.opponent_score).cmp(&(b.score, b.opponent_score)))
    });
    Ok(gains)
}

/// Every reachable cell where `table` and `other` choose differently, with the exact change of
/// `table`'s win rate against `opponent` if that cell alone took `other`'s choice (in
/// [`CellGain::best`]; the gain is negative where it loses), by score then opponent score.
pub fn switch_gains(
    rules: &Ruleset,
    table: &ScoreTable,
    other: &ScoreTable,
    opponent: &Policy,
) -> Result<Vec<CellGain>, SolveError> {
    let mut gains = cell_gains(rules, table, opponent, |(own, opponent), _| {
        let (a, b) = (table[[own, opponent]], other[[own, opponent]]);
        (a != b).then_some(b)
    })?;
    gains.sort_by_key(|g| (g.score, g.opponent_score));
    Ok(gains)
}

/// For every cell a game can reach with `table`'s player to move: the values of each dice
/// count there (weighted by reach, over the cell's states), from which `target` picks the
/// alternative to `table`'s choice (or none), and the gain of switching to it.
fn cell_gains(
    rules: &Ruleset,
    table: &ScoreTable,
    opponent: &Policy,
    target: impl Fn((usize, usize), &[f64]) -> Option<u8> + Sync,
) -> Result<Vec<CellGain>, SolveError> {
    let policy = Policy::from_scores(rules, table);
    let players = [
        Player::Fixed(policy.clone()),
        Player::Fixed(opponent.clone()),
    ];
    let (_, reached) = solve_keeping_reached(rules, [&players[0], &players[1]])?;
    let reach = reach(rules, [&policy, opponent]);
    let space = rules.space();
    let weights: Vec<f64> = (0..space.states())
        .map(|state| reach.probability(0, state))
        .collect();
    let per_cell = space.states_per_cell();
    Ok((0..space.cells())
        .into_par_iter()
        .filter_map(|cell| {
            let cell_weights = &weights[cell * per_cell..(cell + 1) * per_cell];
            let weight: f64 = cell_weights.iter().sum();
            if weight == 0.0 {
                return None;
            }
            let (score, opponent_score) = space.scores(cell);
            let chosen = table[[score as usize, opponent_score as usize]];
            let values = weighted_choices(rules, &reached, cell, 0, cell_weights);
            let best = target((score as usize, opponent_score as usize), &values)?;
            Some(CellGain {
                score,
                opponent_score,
                chosen,
                best,
                reach: weight,
                gain: values[usize::from(best)] - values[usize::from(chosen)],
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{Strategy, StrategyKind, evaluate};

    fn table_of(strategy: &Strategy) -> ScoreTable {
        match strategy.kind() {
            StrategyKind::Scores(table) => table.clone(),
            other => panic!("not a score table: {other:?}"),
        }
    }

    /// The top gains equal the re-evaluated difference of the changed table, for rules with and
    /// without hidden memory.
    #[test]
    fn gains_are_re_evaluated_differences() {
        for (name, spec, vs) in [
            ("hog-fa20", "bacon:8,6", "always_roll:4"),
            ("hog-wild", "always_roll:5", "always_roll:5"),
            ("hog-fa19", "swap", "always_roll:4"),
        ] {
            let rules = Ruleset::preset(name, 100).unwrap();
            let strategy = Strategy::parse(spec, &rules).unwrap();
            let opponent = Strategy::parse(vs, &rules).unwrap();
            let Player::Fixed(policy) = opponent.player(&rules) else {
                unreachable!("a built-in is fixed")
            };
            let table = table_of(&strategy);
            let before = evaluate(&rules, &strategy, &opponent).unwrap().win_rate();
            let gains = explain(&rules, &table, &policy).unwrap();
            assert!(gains.len() >= 5, "{name}: {}", gains.len());
            for pair in gains.windows(2) {
                assert!(pair[0].gain >= pair[1].gain);
            }
            for cell in &gains[..5] {
                let mut changed = table.clone();
                changed[[cell.score as usize, cell.opponent_score as usize]] = cell.best;
                let changed = Strategy::from_table("changed", rules.score_table(changed));
                let after = evaluate(&rules, &changed, &opponent).unwrap().win_rate();
                assert!(
                    ((after - before) - cell.gain).abs() <= 1e-12,
                    "{name} {cell:?}: re-evaluated {}",
                    after - before
                );
                assert!(cell.reach > 0.0 && cell.reach <= 1.0);
            }
        }
    }

    /// The best response has nothing to gain anywhere.
    #[test]
    fn the_best_response_has_no_gains() {
        let rules = Ruleset::preset("hog-fa20", 100).unwrap();
        let four = Strategy::parse("always_roll:4", &rules).unwrap();
        let solved =
            crate::hog::solve_against(&rules, &four, crate::hog::SearchLimits::default(), |_| {})
                .unwrap();
        let Player::Fixed(policy) = four.player(&rules) else {
            unreachable!("a built-in is fixed")
        };
        let optimal: ScoreTable = solved
            .file
            .table
            .dice
            .clone()
            .into_dimensionality()
            .unwrap();
        let gains = explain(&rules, &optimal, &policy).unwrap();
        assert!(gains.iter().all(|g| g.gain < 1e-12), "{:?}", gains.first());
    }

    /// Switching a cell to another table's choice moves the win rate by exactly the gain
    /// reported, a loss as well as a gain.
    #[test]
    fn switch_gains_are_re_evaluated_differences() {
        let rules = Ruleset::preset("hog-fa20", 100).unwrap();
        let four = Strategy::parse("always_roll:4", &rules).unwrap();
        let Player::Fixed(policy) = four.player(&rules) else {
            unreachable!("a built-in is fixed")
        };
        let bacon = Strategy::parse("bacon:8,6", &rules).unwrap();
        let (a, b) = (table_of(&bacon), table_of(&four));
        let before = evaluate(&rules, &bacon, &four).unwrap().win_rate();
        let gains = switch_gains(&rules, &a, &b, &policy).unwrap();
        assert!(
            gains
                .iter()
                .all(|g| g.best == b[[g.score as usize, g.opponent_score as usize]])
        );
        assert!(gains.iter().all(|g| g.best != g.chosen));
        let worst = gains
            .iter()
            .min_by(|x, y| x.gain.total_cmp(&y.gain))
            .unwrap();
        let best = gains
            .iter()
            .max_by(|x, y| x.gain.total_cmp(&y.gain))
            .unwrap();
        assert!(worst.gain < 0.0 && best.gain > 0.0, "{worst:?} {best:?}");
        for cell in [worst, best] {
            let mut changed = a.clone();
            changed[[cell.score as usize, cell.opponent_score as usize]] = cell.best;
            let changed = Strategy::from_table("changed", rules.score_table(changed));
            let after = evaluate(&rules, &changed, &four).unwrap().win_rate();
            assert!(((after - before) - cell.gain).abs() <= 1e-12, "{cell:?}");
        }
    }
}
