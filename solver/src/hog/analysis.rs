//! The questions users ask, each answered by one or a few sweeps.

use super::error::SolveError;
use super::exact::{ExactError, ExactTie, solve_exact};
use super::policy::Policy;
use super::ruleset::Ruleset;
use super::search::{Round, STARTS, SearchLimits, best_table};
use super::strategy::Strategy;
use super::sweep::{
    Player, solve, solve_everywhere, solve_everywhere_keeping_reached, weighted_choices,
};
use ndarray::ArrayD;

use crate::format::{TableFile, TableMeta, ValuesFile, probability};
use crate::fraction::ExactRates;
use crate::outcome::{Outcome, Position};
use crate::table::Table;

/// The exact winning probabilities of `strategy` against `opponent`.
///
/// An optimising `strategy` plays the best response to `opponent` (seeing the full state,
/// memories included); an optimising `opponent` plays the best response to `strategy`; two
/// optimising players play minimax.
pub fn evaluate(
    rules: &Ruleset,
    strategy: &Strategy,
    opponent: &Strategy,
) -> Result<Outcome, SolveError> {
    Ok(solve(rules, [&strategy.player(rules), &opponent.player(rules)])?.matchup())
}

/// The position `state` of `strategy` against `opponent`, `strategy` to move: how likely it is
/// to win from there (a game that never ends is the tie), and what asking for each dice count
/// the rules allow is worth there.
pub fn position(
    rules: &Ruleset,
    strategy: &Strategy,
    opponent: &Strategy,
    state: usize,
) -> Result<Position, SolveError> {
    let players = [strategy.player(rules), opponent.player(rules)];
    let (solution, reached) = solve_everywhere_keeping_reached(rules, [&players[0], &players[1]])?;
    let per_cell = rules.space().states_per_cell();
    let mut unit = vec![0.0; per_cell];
    unit[state % per_cell] = 1.0;
    let values = weighted_choices(rules, &reached, state / per_cell, 0, &unit);
    Ok(Position {
        outcome: solution
            .outcome(0, state)
            .expect("a sweep everywhere values every state"),
        choices: rules
            .dice_choices()
            .map(|n| (n, values[usize::from(n)]))
            .collect(),
        chosen: solution.policy(0).dice(state),
    })
}

/// An optimal strategy, as `swine solve` writes it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The strategy table (the one a `final_strategy` plays) with its exact win rates.
    pub file: TableFile,
    /// The table's exact outcome against the opponent.
    pub outcome: Outcome,
    /// The largest `|V − TV|` of the solve (0 where one sweep is exact; see
    /// [`Solution::residual`](super::Solution::residual)).
    pub residual: f64,
    /// Under minimax, P(the first player wins) when both play optimally.
    pub first_player_wins: Option<f64>,
    /// For rules with hidden memory, how the score table was found and what full information
    /// would win.
    pub search: Option<SearchSummary>,
}

/// How the best score table was searched for (rules with hidden memory only).
#[derive(Clone, Debug)]
pub struct SearchSummary {
    /// Whether no single-cell change improves the table (false if the time limit stopped it).
    pub local_optimum: bool,
    /// Rounds of improvement run.
    pub rounds: usize,
    /// Perturbations climbed after the starting climbs, and how many of them won more.
    pub perturbations: (usize, usize),
    /// The seed of the perturbations.
    pub seed: u64,
    /// The full-information best response (it also reads both memories), with its win rates:
    /// an upper bound for every score table.
    pub full_information: TableFile,
}

/// The optimal strategy against `opponent`.
///
/// - Against an optimising opponent: the minimax strategy (both optimal, full information).
/// - Rules without memory: the best response, a score table.
/// - Rules with memory hidden from a score table: the best score table [`best_table`] finds
///   (within `limits`, reporting each round to `progress`), with the full-information best
///   response beside it.
pub fn solve_against(
    rules: &Ruleset,
    opponent: &Strategy,
    limits: SearchLimits,
    progress: impl FnMut(&Round) + Send,
) -> Result<Solved, SolveError> {
    let meta = |strategy: &str, opponent: &str, matchup: Outcome, about: String| TableMeta {
        strategy: strategy.to_string(),
        opponent: opponent.to_string(),
        win_rates: Some(matchup.win_rates()),
        about: Some(about),
        exact: None,
    };
    let memory = &rules.memory().meaning;
    let opposing = opponent.player(rules);
    let fixed = match &opposing {
        Player::Fixed(policy) if rules.hides_memory() => Some(policy),
        _ => None,
    };
    if let Some(policy) = fixed {
        let search = best_table(rules, policy, limits, progress)?;
        let full = search.full_information_matchup;
        let how = if search.local_optimum {
            "no single-cell change improves it"
        } else {
            "stopped by the time limit, so a single-cell change may still improve it"
        };
        let (tried, improved) = search.perturbations;
        let mut about = format!(
            "The best score table found by exact policy improvement from {STARTS} starting \
             tables, then {tried} seeded perturbations (seed {}) climbed again, {improved} of \
             which won more ({} rounds in all): {how}. The full-information optimum, which also \
             sees each player's {memory}, wins {} (a gap of {}).",
            limits.seed,
            search.rounds,
            probability(full.win_rate()),
            probability(full.win_rate() - search.matchup.win_rate())
        );
        about.push_str(&fixpoint_note(rules, &search.matchup, search.residual));
        let full_about = format!(
            "The full-information best response: it also sees each player's {memory}. No score \
             table wins more."
        );
        return Ok(Solved {
            file: TableFile {
                meta: meta("best_table", opponent.name(), search.matchup, about),
                table: rules.score_table(search.table),
            },
            outcome: search.matchup,
            residual: search.residual,
            first_player_wins: None,
            search: Some(SearchSummary {
                local_optimum: search.local_optimum,
                rounds: search.rounds,
                perturbations: search.perturbations,
                seed: limits.seed,
                full_information: TableFile {
                    meta: meta("full_information", opponent.name(), full, full_about),
                    table: rules.full_table(search.full_information),
                },
            }),
        });
    }
    let minimax = opponent.is_optimising();
    let solution = solve_everywhere(rules, [&Player::Optimising, &opposing])?;
    let matchup = solution.matchup();
    let (name, opponent_name, mut about) = if minimax {
        (
            "minimax",
            "minimax",
            "Both players optimal (minimax): neither can win more against the other.".to_string(),
        )
    } else {
        (
            "optimal",
            opponent.name(),
            format!(
                "The exact best response: no strategy wins more against {}.",
                opponent.name()
            ),
        )
    };
    if rules.hides_memory() {
        about.push_str(&format!(" It sees each player's {memory}."));
    }
    about.push_str(&fixpoint_note(rules, &matchup, solution.residual()));
    Ok(Solved {
        file: TableFile {
            meta: meta(name, opponent_name, matchup, about),
            table: table_of(rules, &solution.policy(0)),
        },
        outcome: matchup,
        residual: solution.residual(),
        first_player_wins: minimax.then_some(matchup.as_first()),
        search: None,
    })
}

/// What making a solve exact found besides the fractions.
#[derive(Clone, Debug)]
pub struct ExactSummary {
    /// The states where the optimum's best choices are worth exactly the same (none for a
    /// searched score table, which is evaluated as it is).
    pub ties: Vec<ExactTie>,
    /// Cells where the exact optimum chose otherwise than the float solve (float noise on
    /// nearly equal choices); the exact choices are the ones written.
    pub changed: usize,
}

/// Makes `solved` (the float solve against `opponent`) exact: its win rates as fractions in
/// the table file's metadata. The best response and minimax are solved again in big integers
/// and their exact choices written; a searched score table (hidden memory) is evaluated
/// exactly as it is.
pub fn make_exact(
    rules: &Ruleset,
    opponent: &Strategy,
    solved: &mut Solved,
) -> Result<ExactSummary, ExactError> {
    let minimax = solved.first_player_wins.is_some();
    let with_minimax = |rates: ExactRates| if minimax { rates.minimax() } else { rates };
    if solved.search.is_some() {
        let table = Strategy::from_table(&solved.file.meta.strategy, solved.file.table.clone());
        let exact = solve_exact(rules, [&table, opponent])?;
        solved.file.meta.exact = Some(with_minimax(exact.rates()));
        return Ok(ExactSummary {
            ties: Vec::new(),
            changed: 0,
        });
    }
    let optimal = Strategy::optimising("optimal");
    let exact = solve_exact(rules, [&optimal, opponent])?;
    let table = table_of(rules, &exact.policy(0));
    let changed = table
        .dice
        .iter()
        .zip(solved.file.table.dice.iter())
        .filter(|(a, b)| a != b)
        .count();
    if changed > 0 {
        // Report the float values of the table written, so they stay its exact evaluation.
        let written = Strategy::from_table(&solved.file.meta.strategy, table.clone());
        let outcome = evaluate(rules, &written, opponent)?;
        solved.outcome = outcome;
        solved.file.meta.win_rates = Some(outcome.win_rates());
        if minimax {
            solved.first_player_wins = Some(outcome.as_first());
        }
        solved.file.table = table;
    }
    solved.file.meta.exact = Some(with_minimax(exact.rates()));
    Ok(ExactSummary {
        ties: exact.ties().to_vec(),
        changed,
    })
}

/// For rules where positions repeat: how the values were found, and how likely a game of this
/// match-up is never to end (it then counts as a tie); empty for rules solved in one sweep.
fn fixpoint_note(rules: &Ruleset, matchup: &Outcome, residual: f64) -> String {
    if rules.order().is_rising() {
        return String::new();
    }
    let mut note = format!(
        " Positions repeat: the values are the fixpoint of the game's equations (residual \
         {residual:.1e})."
    );
    if matchup.first.tie > 0.0 || matchup.second.tie > 0.0 {
        note.push_str(&format!(
            " A game that never ends counts as a tie: it happens with probability {} moving \
             first and {} moving second.",
            probability(matchup.first.tie),
            probability(matchup.second.tie)
        ));
    }
    note
}

/// The table of a policy: by scores when it ignores memory, else by full state.
fn table_of(rules: &Ruleset, policy: &Policy) -> Table {
    match policy.to_scores(rules) {
        Some(table) => rules.score_table(table),
        None => rules.full_table(policy.to_full(rules)),
    }
}

/// The value (P(win)) of every state for `strategy` against `opponent`, with `strategy` to
/// move, as a values file named `stem`: indexed `[own][opponent]`, and by both players' memories
/// after them where the rules remember something.
pub fn values_file(
    rules: &Ruleset,
    strategy: &Strategy,
    opponent: &Strategy,
    stem: String,
) -> Result<ValuesFile, SolveError> {
    let solution = solve_everywhere(rules, [&strategy.player(rules), &opponent.player(rules)])?;
    let space = rules.space();
    let goal = rules.goal() as usize;
    let m = space.memory_size();
    let mut axes = vec!["own".to_string(), "opponent".to_string()];
    let mut shape = vec![goal, goal];
    if m > 1 {
        axes.extend(["own_memory".to_string(), "opponent_memory".to_string()]);
        shape.extend([m, m]);
    }
    let values = ArrayD::from_shape_fn(shape, |index| {
        let cell = space.cell(index[0] as u32, index[1] as u32);
        let (a, b) = if m > 1 {
            (index[2] as u8, index[3] as u8)
        } else {
            (0, 0)
        };
        solution
            .value(0, space.state(cell, a, b))
            .expect("a sweep everywhere values every state")
    });
    Ok(ValuesFile {
        stem,
        rules: rules.name().to_string(),
        goal: rules.goal(),
        strategy: strategy.name().to_string(),
        opponent: opponent.name().to_string(),
        axes,
        values,
    })
}
