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
//! A *climb* improves a table round after round. Each round computes how likely every state is
//! under the current table ([`reach`]), then sweeps backwards once with an
//! [`Improving`](Player::Improving) player: in every cell it picks the dice count that maximises
//! the reach-weighted value of the cell's states, which is the exact best change of that one cell
//! given the rest of the table. Every change raises the win rate, so the rounds end; when a round
//! changes nothing, no single-cell change improves the table (by more than a relative 1e-12, the
//! tolerance that keeps floating-point noise from cycling): a local optimum.
//!
//! Single-cell changes stop where a better table differs in several cells at once (in hog-fa19,
//! where the hidden dice counts make neighbouring choices work together). So [`best_table`]
//! climbs from two starting tables (at once, each on its own thread when there are two), then
//! runs an *iterated local search*: it perturbs the best
//! table found (a block of cells around a cell the game often reaches, set to another dice
//! count), climbs again, and keeps the result if it wins more. Perturbations come in batches of
//! [`BATCH`] climbed in parallel, drawn from a seeded generator and compared in a fixed order, so
//! the same seed and number of perturbations give the same table on any machine and any number
//! of threads. Only completed climbs are kept, so the result is always a local optimum unless the
//! time limit stopped the first climb.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::definition::ACTIONS;
use super::error::SolveError;
use super::explain::explain;
use super::policy::{FullTable, Policy, ScoreTable};
use super::reach::reach_stopping;
use super::ruleset::Ruleset;
use super::sweep::{Improvement, Player, solve_everywhere_stopping, solve_stopping};
use crate::game::Stopped;
use crate::outcome::Outcome;

/// A change must raise a cell's reach-weighted value by more than this fraction of the cell's
/// weight to be made.
pub const TOLERANCE: f64 = 1e-12;

/// How many starting tables the search climbs from (see [`best_table`]).
pub const STARTS: usize = 2;

/// Perturbations climbed at once; a batch's results are compared in order, so the table found
/// does not depend on how many threads climb them.
pub const BATCH: usize = 4;

/// Perturbations a search tries by default after its starting climbs.
pub const PERTURBATIONS: usize = 200;

/// Seed of the perturbations by default.
pub const SEED: u64 = 0;

/// How long and how widely [`best_table`] searches.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Stop after this long (checked after every round of a climb), keeping the best table of
    /// the climbs completed.
    pub time_limit: Option<Duration>,
    /// Perturbations to try after the starting climbs (rounded up to whole batches).
    pub perturbations: usize,
    /// Seed of the perturbations.
    pub seed: u64,
    /// A flag that stops the search as the time limit does, once set (an interrupt).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            time_limit: None,
            perturbations: PERTURBATIONS,
            seed: SEED,
            stop: None,
        }
    }
}

/// What the search has done: reported after every round of a starting climb and after every
/// batch of perturbations.
#[derive(Clone, Copy, Debug)]
pub struct Round {
    /// Which starting table is being climbed (1-based, of [`STARTS`]), or 0 once the search
    /// perturbs.
    pub start: usize,
    /// Rounds done by the current starting climb, or perturbations tried so far.
    pub round: usize,
    /// The exact win rate of the table the report is about: the climb's table after this
    /// round, or the best of the batch.
    pub win_rate: f64,
    /// Cells the round changed (starting climbs), or 1 if the batch improved the best table.
    pub changed: usize,
    /// The best win rate of a completed climb so far (0 before the first completes).
    pub best: f64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// The result of [`best_table`].
#[derive(Clone, Debug)]
pub struct TableSearch {
    /// The best score table found.
    pub table: ScoreTable,
    /// Its exact winning probabilities against the opponent, from its evaluation as a fixed
    /// table (what [`evaluate`](super::evaluate) gives, to the bit).
    pub matchup: Outcome,
    /// The residual of that evaluation (0 where one sweep is exact).
    pub residual: f64,
    /// Whether no single-cell change improves it (false when the time limit stopped the first
    /// climb).
    pub local_optimum: bool,
    /// Rounds of improvement run, over all climbs.
    pub rounds: usize,
    /// Perturbations climbed, and how many of them won more than the best table before.
    pub perturbations: (usize, usize),
    /// The full-information best response, which also reads both memories.
    pub full_information: FullTable,
    /// Its exact winning probabilities: an upper bound for every score table.
    pub full_information_matchup: Outcome,
}

/// Searches for the best score table against the fixed `opponent` policy within `limits`;
/// `progress` hears about every round of the starting climbs and every batch of perturbations.
///
/// The two starting tables are read off the full-information best response: in every cell, the
/// choice the game most likely makes there, and the choice with both memories as at the start
/// of the game. The search keeps the best table (the first on a tie).
pub fn best_table(
    rules: &Ruleset,
    opponent: &Policy,
    limits: SearchLimits,
    mut progress: impl FnMut(&Round) + Send,
) -> Result<TableSearch, SolveError> {
    let began = Instant::now();
    let stop = limits.stop.as_deref();
    let stopped = || stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
    let check = || if stopped() { Err(Stopped) } else { Ok(()) };
    let out_of_time = || {
        limits
            .time_limit
            .is_some_and(|limit| began.elapsed() >= limit)
            || stopped()
    };
    let opponent_player = Player::Fixed(opponent.clone());
    let full = solve_everywhere_stopping(rules, [&Player::Optimising, &opponent_player], stop)?;
    let full_policy = full.policy(0);
    let at_start = choices_at_start(rules, &full_policy);
    let starts: [ScoreTable; STARTS] = [
        most_likely_choices(rules, &full_policy, opponent, &at_start, stop)?,
        at_start,
    ];
    // The starts are climbed at once; the first reports its rounds as they come, the second
    // when both are done. The second counts only if the first finished in time, as if they had
    // been climbed one after the other.
    let [first, second] = starts;
    let mut second_rounds = Vec::new();
    let (first, second) = rayon::join(
        || {
            climb(
                rules,
                opponent,
                first,
                (out_of_time, stop),
                |round, changed, win_rate| {
                    progress(&Round {
                        start: 1,
                        round,
                        win_rate,
                        changed,
                        best: 0.0,
                        elapsed: began.elapsed(),
                    })
                },
            )
        },
        || {
            climb(
                rules,
                opponent,
                second,
                (out_of_time, stop),
                |round, changed, win_rate| {
                    second_rounds.push((round, changed, win_rate, began.elapsed()))
                },
            )
        },
    );
    let (first, second) = (first?, second?);
    let mut rounds = first.rounds;
    let mut best = first;
    if best.local_optimum {
        for (round, changed, win_rate, elapsed) in second_rounds {
            progress(&Round {
                start: 2,
                round,
                win_rate,
                changed,
                best: best.matchup.win_rate(),
                elapsed,
            });
        }
        rounds += second.rounds;
        if second.local_optimum && second.matchup.win_rate() > best.matchup.win_rate() {
            best = second;
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(limits.seed);
    let (mut tried, mut improved) = (0, 0);
    let mut where_games_go = cell_reach(rules, &best.table, opponent, stop)?;
    while tried < limits.perturbations && !out_of_time() {
        let kicks: Vec<ScoreTable> = (0..BATCH)
            .map(|_| perturb(rules, &best.table, &where_games_go, &mut rng))
            .collect();
        let climbs: Vec<Climb> = kicks
            .into_par_iter()
            .map(|table| climb(rules, opponent, table, (out_of_time, stop), |_, _, _| {}))
            .collect::<Result<_, _>>()?;
        tried += BATCH;
        let batch_best = climbs
            .iter()
            .map(|c| c.matchup.win_rate())
            .fold(0.0, f64::max);
        let mut better = false;
        for climb in climbs {
            rounds += climb.rounds;
            if climb.local_optimum && climb.matchup.win_rate() > best.matchup.win_rate() {
                best = climb;
                better = true;
            }
        }
        if better {
            improved += 1;
            where_games_go = cell_reach(rules, &best.table, opponent, stop)?;
        }
        progress(&Round {
            start: 0,
            round: tried,
            win_rate: batch_best,
            changed: usize::from(better),
            best: best.matchup.win_rate(),
            elapsed: began.elapsed(),
        });
    }
    // Where positions repeat, a climb's rounds are not sure to find every better single cell:
    // the exact gains of every cell say whether one is left, and the search takes it and
    // climbs on until none is (each step wins more, so this ends).
    while best.local_optimum && !rules.order().is_rising() && !out_of_time() {
        let Ok(gains) = explain(rules, &best.table, opponent) else {
            // Rules that lower a score have no single-cell gains to check against.
            best.local_optimum = false;
            break;
        };
        let Some(cell) = gains
            .into_iter()
            .find(|gain| gain.gain > TOLERANCE * gain.reach)
        else {
            break;
        };
        let mut table = best.table.clone();
        table[[cell.score as usize, cell.opponent_score as usize]] = cell.best;
        let climbed = climb(rules, opponent, table, (out_of_time, stop), |_, _, _| {})?;
        rounds += climbed.rounds;
        best = climbed;
    }
    // The figures kept are the best table's own evaluation, which any later evaluation of it
    // repeats to the bit: where positions repeat, a climb's improving sweep reaches the
    // fixpoint by another path.
    check()?;
    let table_player = Player::Fixed(Policy::from_scores(rules, &best.table));
    let evaluated = solve_stopping(rules, [&table_player, &opponent_player], stop)?;
    Ok(TableSearch {
        table: best.table,
        matchup: evaluated.matchup(),
        residual: evaluated.residual(),
        local_optimum: best.local_optimum,
        rounds,
        perturbations: (tried, improved),
        full_information: full_policy.to_full(rules),
        full_information_matchup: full.matchup(),
    })
}

/// For every cell, how likely a game of `table` against `opponent` is to pass through it with
/// the table's player to move (over the cell's memories); [`Stopped`] once `stop` is set.
fn cell_reach(
    rules: &Ruleset,
    table: &ScoreTable,
    opponent: &Policy,
    stop: Option<&AtomicBool>,
) -> Result<Vec<f64>, Stopped> {
    let policy = Policy::from_scores(rules, table);
    let reach = reach_stopping(rules, [&policy, opponent], stop)?;
    let per_cell = rules.space().states_per_cell();
    Ok((0..rules.space().cells())
        .map(|cell| {
            (cell * per_cell..(cell + 1) * per_cell)
                .map(|state| reach.probability(0, state))
                .sum()
        })
        .collect())
}

/// `table` with a block of cells set to another dice count: around a cell drawn by how likely
/// the game is to pass through it (`weights`, by cell, from [`cell_reach`]), at most 4 cells
/// each way, the new count 1 or 2 away from the cell's (Feral Hogs pays for 2) or any.
fn perturb(
    rules: &Ruleset,
    table: &ScoreTable,
    weights: &[f64],
    rng: &mut ChaCha8Rng,
) -> ScoreTable {
    let space = rules.space();
    let g = rules.goal() as usize;
    let total: f64 = weights.iter().sum();
    let mut target = rng.random::<f64>() * total;
    let cell = weights
        .iter()
        .position(|&w| {
            target -= w;
            target < 0.0
        })
        .unwrap_or(0);
    let (own, opponent) = space.scores(cell);
    let (own, opponent) = (own as usize, opponent as usize);
    let n = table[[own, opponent]];
    let shift: i8 = [-2, -1, 1, 2][rng.random_range(0..4)];
    let dice = if rng.random_bool(0.25) {
        rng.random_range(rules.least_dice()..ACTIONS as u8)
    } else {
        (n as i8 + shift).clamp(rules.least_dice() as i8, (ACTIONS - 1) as i8) as u8
    };
    let mut block = |centre: usize| {
        let (before, after) = (rng.random_range(0..=4), rng.random_range(0..=4));
        centre.saturating_sub(before)..(centre + after + 1).min(g)
    };
    let (owns, opponents) = (block(own), block(opponent));
    let mut kicked = table.clone();
    for own in owns {
        for opponent in opponents.clone() {
            kicked[[own, opponent]] = dice;
        }
    }
    kicked
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
///
/// Where positions repeat, a cell's choice also changes how often the game comes back to it,
/// so a round's changes are not sure to win more: a round that does not is undone and the
/// climb ends there. It ends when `out_of_time`, after a round; `stop` ends it within a
/// round with [`SolveError::Stopped`].
fn climb(
    rules: &Ruleset,
    opponent: &Policy,
    mut table: ScoreTable,
    (out_of_time, stop): (impl Fn() -> bool, Option<&AtomicBool>),
    mut progress: impl FnMut(usize, usize, f64),
) -> Result<Climb, SolveError> {
    let opponent_player = Player::Fixed(opponent.clone());
    let mut before: Option<Climb> = None;
    for round in 1.. {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(Stopped.into());
        }
        let policy = Policy::from_scores(rules, &table);
        let reach = reach_stopping(rules, [&policy, opponent], stop)?;
        let weights = (0..rules.space().states())
            .map(|state| reach.probability(0, state))
            .collect();
        let step = Player::Improving(Improvement::new(table.clone(), weights, TOLERANCE));
        let solution = solve_stopping(rules, [&step, &opponent_player], stop)?;
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
        if let Some(before) = before
            .take()
            .filter(|b| b.matchup.win_rate() >= matchup.win_rate())
        {
            return Ok(Climb {
                rounds: round,
                local_optimum: true,
                ..before
            });
        }
        progress(round, changed, matchup.win_rate());
        table = improved;
        let climbed = Climb {
            table: table.clone(),
            matchup,
            local_optimum: changed == 0,
            rounds: round,
        };
        if changed == 0 || out_of_time() {
            return Ok(climbed);
        }
        if !rules.order().is_rising() {
            before = Some(climbed);
        }
    }
    unreachable!("rounds run until one changes nothing or time runs out")
}

/// A starting table: in every cell, the full-information choice that the game most likely
/// makes there (or, in cells it never reaches, the choice `at_start`); [`Stopped`] once `stop`
/// is set.
pub(crate) fn most_likely_choices(
    rules: &Ruleset,
    full: &Policy,
    opponent: &Policy,
    at_start: &ScoreTable,
    stop: Option<&AtomicBool>,
) -> Result<ScoreTable, Stopped> {
    let space = rules.space();
    let weights = reach_stopping(rules, [full, opponent], stop)?;
    let g = rules.goal() as usize;
    Ok(ScoreTable::from_shape_fn((g, g), |(own, opponent)| {
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
    }))
}

/// A starting table: the full-information choices with both memories as at the start.
pub(crate) fn choices_at_start(rules: &Ruleset, full: &Policy) -> ScoreTable {
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
        let limits = SearchLimits {
            perturbations: 8,
            ..SearchLimits::default()
        };
        let search = best_table(&rules, &opponent, limits, |round| seen.push(*round)).unwrap();
        assert!(search.local_optimum);
        let (climbing, batches): (Vec<Round>, Vec<Round>) =
            seen.iter().partition(|round| round.start > 0);
        assert!(
            climbing.len() < search.rounds,
            "perturbed climbs add rounds"
        );
        // Every round of a climb raises the win rate; every climb ends with an unchanged round.
        for pair in climbing.windows(2) {
            if pair[1].start == pair[0].start {
                assert!(pair[1].win_rate >= pair[0].win_rate, "{pair:?}");
            } else {
                assert_eq!(pair[0].changed, 0, "{pair:?}");
            }
        }
        assert_eq!(climbing.last().unwrap().changed, 0);
        assert_eq!(climbing.last().unwrap().start, STARTS);
        // Then two batches of perturbations, the best never falling, ending at the result.
        assert_eq!(batches.len(), 8 / BATCH);
        assert_eq!(search.perturbations.0, 8);
        assert!(batches.windows(2).all(|pair| pair[1].best >= pair[0].best));
        assert_eq!(batches.last().unwrap().best, search.matchup.win_rate());
        let table = Strategy::from_table("best", rules.score_table(search.table.clone()));
        assert_eq!(evaluate(&rules, &table, &four).unwrap(), search.matchup);
        assert!(search.full_information_matchup.win_rate() >= search.matchup.win_rate());
    }
}
