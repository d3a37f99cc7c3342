//! Where a score table loses: the cells whose single change would gain the most, exactly.
//!
//! Changing one cell (own score, opponent score) of a table changes the player's choice in the
//! states of that cell (every hidden memory) and nowhere else. Where every turn raises the total
//! score, a game passes through a cell at most once, and the values of the states after it do
//! not depend on the cell's choice. The change therefore moves the win rate by exactly
//! `Σ reach(s) · (Q(s, best) − Q(s, chosen))` over the cell's states `s`, where `reach(s)` is
//! the probability that a game passes through `s` with the player to move (each seat starting
//! half the games, see [`reach`]) and `Q(s, n)` is the value of rolling `n` there given the
//! table's values everywhere else: one backward sweep and one forward pass value every
//! alternative of every cell.
//!
//! On a total where positions repeat (see [`Order`](super::Order)) a game can come back to a
//! cell, and how often depends on the cell's own choice. The same identity holds with the
//! expected number of visits *under the changed table* in place of `reach(s)` (the performance
//! difference of the two tables): those visits are found exactly by passing the mass that
//! arrives at the total round its repeats again with the cell's new choice. A change that
//! would make the game go on for ever, or lead to a memory the table never holds, is valued
//! by solving the changed table outright. Rules that lower a score tie many totals together
//! and are not explained.

use rayon::prelude::*;

use super::definition::{ACTIONS, MAX_DICE};
use super::error::SolveError;
use super::policy::{Policy, ScoreTable};
use super::reach::{Flow, Turns, reach};
use super::ruleset::Pass;
use super::ruleset::Ruleset;
use super::sweep::{Player, Reached, solve, solve_keeping_reached, weighted_choices};

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
    /// The expected number of times a game passes through the cell with the player to move
    /// (its probability where positions never repeat), each seat starting half the games, over
    /// every hidden memory.
    pub reach: f64,
    /// The exact change of the seat-averaged win rate if the cell alone chose `best`.
    pub gain: f64,
}

/// Why the cells of a table cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// A solve did not converge.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A rule lowers a score, so a cell's change reaches far beyond it.
    #[error(
        "{0}: a rule can lower the total score, so a change of one cell moves values across \
         many totals; swine does not explain single cells of such rules"
    )]
    Lowering(String),
}

/// Every cell of `table` whose change alone raises its win rate against the fixed policy
/// `opponent`, the largest gain first (equal gains by score, then opponent score).
pub fn explain(
    rules: &Ruleset,
    table: &ScoreTable,
    opponent: &Policy,
) -> Result<Vec<CellGain>, ExplainError> {
    let mut gains = cell_gains(rules, table, opponent, |_, gains| {
        let least = rules.least_dice();
        let best = (least..=MAX_DICE).fold(least, |best, n| {
            if gains[usize::from(n)] > gains[usize::from(best)] {
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
) -> Result<Vec<CellGain>, ExplainError> {
    let mut gains = cell_gains(rules, table, opponent, |(own, opponent), _| {
        let (a, b) = (table[[own, opponent]], other[[own, opponent]]);
        (a != b).then_some(b)
    })?;
    gains.sort_by_key(|g| (g.score, g.opponent_score));
    Ok(gains)
}

/// For every cell a game can reach with `table`'s player to move: the exact gain of each dice
/// count there over the table's (`[n]`; minus infinity where the rules forbid it), from which
/// `target` picks the alternative (or none).
fn cell_gains(
    rules: &Ruleset,
    table: &ScoreTable,
    opponent: &Policy,
    target: impl Fn((usize, usize), &[f64; ACTIONS]) -> Option<u8> + Sync,
) -> Result<Vec<CellGain>, ExplainError> {
    if rules
        .order()
        .layers()
        .iter()
        .any(|l| l.pass == Pass::Merged)
    {
        return Err(ExplainError::Lowering(rules.name().to_string()));
    }
    let policy = Policy::from_scores(rules, table);
    let players = [
        Player::Fixed(policy.clone()),
        Player::Fixed(opponent.clone()),
    ];
    let (solution, reached) = solve_keeping_reached(rules, [&players[0], &players[1]])?;
    let reach = reach(rules, [&policy, opponent]);
    let space = rules.space();
    let weights: Vec<f64> = (0..space.states())
        .map(|state| reach.probability(0, state))
        .collect();
    let per_cell = space.states_per_cell();
    let context = Context {
        rules,
        table,
        opponent,
        reached: &reached,
        turns: Turns::new(rules, [&policy, opponent]),
        win_rate: solution.matchup().win_rate(),
    };
    (0..space.cells())
        .into_par_iter()
        .filter_map(|cell| {
            let cell_weights = &weights[cell * per_cell..(cell + 1) * per_cell];
            let weight: f64 = cell_weights.iter().sum();
            if weight == 0.0 {
                return None;
            }
            let (score, opponent_score) = space.scores(cell);
            let chosen = table[[score as usize, opponent_score as usize]];
            let gains = match reach.flow((score + opponent_score) as usize) {
                None => {
                    let values = weighted_choices(rules, &reached, cell, 0, cell_weights);
                    Ok(values.map(|value| value - values[usize::from(chosen)]))
                }
                Some(flow) => context.repeating_gains(cell, flow),
            };
            let gains = match gains {
                Ok(gains) => gains,
                Err(error) => return Some(Err(error)),
            };
            let best = target((score as usize, opponent_score as usize), &gains)?;
            Some(Ok(CellGain {
                score,
                opponent_score,
                chosen,
                best,
                reach: weight,
                gain: gains[usize::from(best)],
            }))
        })
        .collect()
}

/// What the gains of a cell on a repeating total are computed from.
struct Context<'a> {
    rules: &'a Ruleset,
    table: &'a ScoreTable,
    opponent: &'a Policy,
    reached: &'a Reached,
    turns: Turns<'a>,
    win_rate: f64,
}

impl Context<'_> {
    /// The exact gain of each dice count at `cell`, a cell of a repeating total whose flow is
    /// `flow` (see the module docs).
    fn repeating_gains(&self, cell: usize, flow: &Flow) -> Result<[f64; ACTIONS], ExplainError> {
        let rules = self.rules;
        let space = rules.space();
        let per_cell = space.states_per_cell();
        let (score, opponent_score) = space.scores(cell);
        let chosen = usize::from(self.table[[score as usize, opponent_score as usize]]);
        // The table's player's states of the cell the game can be in, with the value of each
        // dice count in each (the table's values everywhere else).
        let states: Vec<(usize, [f64; ACTIONS])> = (cell * per_cell..(cell + 1) * per_cell)
            .filter_map(|state| {
                let index = flow.index(2 * state)?;
                let mut unit = vec![0.0; per_cell];
                unit[state - cell * per_cell] = 1.0;
                let values = weighted_choices(rules, self.reached, cell, 0, &unit);
                Some((index, values))
            })
            .collect();
        let total_cells = space.diagonal((score + opponent_score) as usize);
        let mut gains = [f64::NEG_INFINITY; ACTIONS];
        for n in rules.dice_choices() {
            if usize::from(n) == chosen {
                gains[chosen] = 0.0;
                continue;
            }
            let changed: Vec<(usize, Option<(usize, f64)>)> = states
                .iter()
                .map(|&(index, _)| {
                    let mut stay = None;
                    self.turns.each_with(flow.node(index), n, |target, p| {
                        if total_cells.contains(&(target / 2 / per_cell)) {
                            stay = Some((target, p));
                        }
                    });
                    (index, stay)
                })
                .collect();
            gains[usize::from(n)] = match flow.visits_if(&changed) {
                Some(visits) => states
                    .iter()
                    .zip(visits)
                    .map(|((_, values), visits)| visits * (values[usize::from(n)] - values[chosen]))
                    .sum(),
                None => self.solved_gain(score, opponent_score, n)?,
            };
        }
        Ok(gains)
    }

    /// The gain of the table taking `n` at (own, opponent), by solving the changed table.
    fn solved_gain(&self, own: u32, opponent: u32, n: u8) -> Result<f64, ExplainError> {
        let mut changed = self.table.clone();
        changed[[own as usize, opponent as usize]] = n;
        let player = Player::Fixed(Policy::from_scores(self.rules, &changed));
        let against = Player::Fixed(self.opponent.clone());
        let solution = solve(self.rules, [&player, &against])?;
        Ok(solution.matchup().win_rate() - self.win_rate)
    }
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
        // Where positions repeat too (textbook Hog, hog-nju21), with memory (a script below).
        let repeating_memory = Ruleset::compile(
            crate::hog::Script::compile(
                "memory.rhai",
                "let name = \"m\"; let summary = \"s\"; let yardstick = \"always_roll:4\";\n\
                 let goal = parameter(\"goal\", 30);\n\
                 let memory = #{ size: 3, initial: 0, meaning: \"dice mod 3\" };\n\
                 fn free_bacon(o) { if o % 3 == 1 { 0 } else { 4 } }\n\
                 fn pig_out_points(ones, dice) { 0 }\n\
                 fn remember(m, dice) { dice % 3 }\n\
                 fn bonus(m, dice) { if m == dice % 3 { 2 } else { 0 } }\n\
                 fn after_turn(m, o) { if (m + o) % 5 == 0 { #{ mover: o, opponent: m } } \
                 else { false } }\n",
                &[],
            )
            .unwrap(),
        )
        .unwrap();
        let preset = |name: &str| Ruleset::preset(name, 100).unwrap();
        for (rules, spec, vs) in [
            (preset("hog-fa20"), "bacon:8,6", "always_roll:4"),
            (preset("hog-wild"), "always_roll:5", "always_roll:5"),
            (preset("hog-fa19"), "swap", "always_roll:4"),
            (preset("hog-textbook"), "always_roll:3", "always_roll:5"),
            (preset("hog-nju21"), "picky_piggy", "always_roll:6"),
            (repeating_memory, "always_roll:2", "always_roll:4"),
        ] {
            let name = rules.name().to_string();
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
                // Where positions repeat, the expected visits of a cell can pass 1.
                assert!(cell.reach > 0.0 && (cell.reach <= 1.0 || !rules.order().is_rising()));
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
