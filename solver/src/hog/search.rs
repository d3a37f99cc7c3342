//! The best strategy that sees only the two scores, for rules whose state holds hidden memory.
//!
//! When the rules remember something a course strategy cannot see (`hog-fa19`: each player's
//! previous dice count), two optima differ:
//!
//! - the **full-information** best response, which may also read both memories: one sweep, and
//!   an upper bound on what any score table can win;
//! - the best **score table**: one dice count per (own score, opponent score), whatever the
//!   memories. Choosing it is a harder problem (the value of a cell depends on the memories the
//!   table itself tends to produce), which [`best_table`] attacks by exact policy improvement.
//!
//! From a starting table, each round computes how likely every state is under the current table
//! ([`reach`]), then
//! sweeps backwards once with an [`Improving`](Player::Improving) player: in every cell it picks
//! the dice count that maximises the reach-weighted value of the cell's states, which is the exact
//! best change of that one cell given the rest of the table. Every change raises the win rate, so
//! the rounds end; when a round changes nothing, no single-cell change improves the table (by
//! more than a relative 1e-12, the tolerance that keeps floating-point noise from cycling).

use std::time::{Duration, Instant};

use super::policy::{FullTable, Policy, ScoreTable};
use super::reach::reach;
use super::ruleset::{ACTIONS, Ruleset};
use super::sweep::{Improvement, Player, solve};
use crate::outcome::Outcome;

/// A change must raise a cell's reach-weighted value by more than this fraction of the cell's
/// weight to be made.
pub const TOLERANCE: f64 = 1e-12;

/// What one round of the search reached.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    /// Which starting table this round improves (1-based), of [`STARTS`].
    pub start: usize,
    /// Rounds done from this start, counting this one.
    pub round: usize,
    /// The exact win rate of the table after this round.
    pub win_rate: f64,
    /// Cells this round changed.
    pub changed: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// How many starting tables the search climbs from (see [`best_table`]).
pub const STARTS: usize = 2;

/// The result of [`best_table`].
#[derive(Clone, Debug)]
pub struct TableSearch {
    /// The best score table found.
    pub table: ScoreTable,
    /// Its exact winning probabilities against the opponent.
    pub matchup: Outcome,
    /// Whether no single-cell change improves it (false when the time limit stopped the search).
    pub local_optimum: bool,
    /// Rounds of improvement run, over all starts.
    pub rounds: usize,
    /// The full-information best response, which also reads both memories.
    pub full_information: FullTable,
    /// Its exact winning probabilities: an upper bound for every score table.
    pub full_information_matchup: Outcome,
}

/// Searches for the best score table against the fixed `opponent` policy, stopping after
/// `time_limit` if one is given; `progress` hears about every round.
///
/// Different starting tables climb to different local optima, so the search climbs from two,
/// both read off the full-information best response: in every cell, the choice the game most
/// likely makes there, and the choice with both memories as at the start of the game. It keeps
/// the better result (the first on a tie).
pub fn best_table(
    rules: &Ruleset,
    opponent: &Policy,
    time_limit: Option<Duration>,
    mut progress: impl FnMut(&Round),
) -> TableSearch {
    let began = Instant::now();
    let out_of_time = || time_limit.is_some_and(|limit| began.elapsed() >= limit);
    let opponent_player = Player::Fixed(opponent.clone());
    let full = solve(rules, [&Player::Optimising, &opponent_player]);
    let full_policy = full.policy(0);
    let at_start = choices_at_start(rules, &full_policy);
    let starts: [ScoreTable; STARTS] = [
        most_likely_choices(rules, &full_policy, opponent, &at_start),
        at_start,
    ];
    let mut best: Option<Climb> = None;
    let mut rounds = 0;
    for (index, table) in starts.into_iter().enumerate() {
        if best.is_some() && out_of_time() {
            break;
        }
        let climb = climb(
            rules,
            opponent,
            table,
            out_of_time,
            |round, changed, win_rate| {
                progress(&Round {
                    start: index + 1,
                    round,
                    win_rate,
                    changed,
                    elapsed: began.elapsed(),
                })
            },
        );
        rounds += climb.rounds;
        if best
            .as_ref()
            .is_none_or(|b| climb.matchup.win_rate() > b.matchup.win_rate())
        {
            best = Some(climb);
        }
    }
    let best = best.expect("the first start always climbs");
    TableSearch {
        table: best.table,
        matchup: best.matchup,
        local_optimum: best.local_optimum,
        rounds,
        full_information: full_policy.to_full(rules),
        full_information_matchup: full.matchup(),
    }
}

/// Where one climb from a starting table ended.
struct Climb {
    table: ScoreTable,
    matchup: Outcome,
    local_optimum: bool,
    rounds: usize,
}

/// Improves `table` round after round until a round changes nothing or `out_of_time`;
/// `progress` hears (round, cells changed, win rate) after each.
fn climb(
    rules: &Ruleset,
    opponent: &Policy,
    mut table: ScoreTable,
    out_of_time: impl Fn() -> bool,
    mut progress: impl FnMut(usize, usize, f64),
) -> Climb {
    let opponent_player = Player::Fixed(opponent.clone());
    for round in 1.. {
        let reach = reach(rules, [&Policy::from_scores(rules, &table), opponent]);
        let weights = (0..rules.space().states())
            .map(|state| reach.probability(0, state))
            .collect();
        let step = Player::Improving(Improvement::new(table.clone(), weights, TOLERANCE));
        let solution = solve(rules, [&step, &opponent_player]);
        let improved = solution
            .policy(0)
            .to_scores(rules)
            .expect("an improving player keeps one dice count per cell");
        let changed = improved
            .iter()
            .zip(table.iter())
            .filter(|(a, b)| a != b)
            .count();
        let matchup = solution.matchup();
        progress(round, changed, matchup.win_rate());
        table = improved;
        if changed == 0 || out_of_time() {
            return Climb {
                table,
                matchup,
                local_optimum: changed == 0,
                rounds: round,
            };
        }
    }
    unreachable!("rounds run until one changes nothing or time runs out")
}

/// A starting table: in every cell, the full-information choice that the game most likely
/// makes there (or, in cells it never reaches, the choice `at_start`).
fn most_likely_choices(
    rules: &Ruleset,
    full: &Policy,
    opponent: &Policy,
    at_start: &ScoreTable,
) -> ScoreTable {
    let space = rules.space();
    let weights = reach(rules, [full, opponent]);
    let g = rules.goal() as usize;
    ScoreTable::from_shape_fn((g, g), |(own, opponent)| {
        let cell = space.cell(own as u32, opponent as u32);
        let mut votes = [0.0; ACTIONS];
        for state in space.state(cell, 0, 0)..space.state(cell + 1, 0, 0) {
            votes[usize::from(full.dice(state))] += weights.probability(0, state);
        }
        let most = (0..ACTIONS).fold(0, |best, n| if votes[n] > votes[best] { n } else { best });
        if votes[most] > 0.0 {
            most as u8
        } else {
            at_start[[own, opponent]]
        }
    })
}

/// A starting table: the full-information choices with both memories as at the start.
fn choices_at_start(rules: &Ruleset, full: &Policy) -> ScoreTable {
    let space = rules.space();
    let initial = rules.memory().initial;
    let g = rules.goal() as usize;
    ScoreTable::from_shape_fn((g, g), |(own, opponent)| {
        full.dice(space.state(space.cell(own as u32, opponent as u32), initial, initial))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{Strategy, evaluate};

    #[test]
    fn small_game_search_reaches_a_local_optimum_below_full_information() {
        let rules = Ruleset::preset("hog-fa19", 30).unwrap();
        let four = Strategy::parse("always_roll:4", &rules).unwrap();
        let Player::Fixed(opponent) = four.player(&rules) else {
            unreachable!("a built-in is a fixed policy")
        };
        let mut seen = Vec::new();
        let search = best_table(&rules, &opponent, None, |round| seen.push(*round));
        assert!(search.local_optimum);
        assert_eq!(seen.len(), search.rounds);
        // Every round of a climb raises the win rate; every climb ends with an unchanged round.
        for pair in seen.windows(2) {
            if pair[1].start == pair[0].start {
                assert!(pair[1].win_rate >= pair[0].win_rate, "{pair:?}");
            } else {
                assert_eq!(pair[0].changed, 0, "{pair:?}");
            }
        }
        assert_eq!(seen.last().unwrap().changed, 0);
        assert_eq!(seen.last().unwrap().start, STARTS);
        let table = Strategy::from_table("best", rules.score_table(search.table.clone()));
        assert_eq!(evaluate(&rules, &table, &four), search.matchup);
        assert!(search.full_information_matchup.win_rate() >= search.matchup.win_rate());
    }
}
