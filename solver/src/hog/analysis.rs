//! The questions users ask, each answered by one or a few sweeps.

use super::error::SolveError;
use super::exact::{ExactError, ExactTie, solve_exact};
use super::policy::{Policy, ScoreTable};
use super::ruleset::Ruleset;
use super::search::{Round, STARTS, SearchLimits, TableSearch, best_table};
use super::strategy::Strategy;
use super::sweep::{
    Player, solve, solve_everywhere, solve_everywhere_keeping_reached, weighted_choices,
};
use ndarray::ArrayD;
use thiserror::Error;

use crate::format::{Probability, TableFile, TableMeta, ValuesFile, probability, stem};
use crate::fraction::ExactRates;
use crate::outcome::{Outcome, Position, WinRates};
use crate::report::{Details, percent};
use crate::table::{Schema, Table};

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

impl SearchSummary {
    /// The search as a report shows it beside the table's rates (`table_win_rate`, P(win) +
    /// ½·P(tie)): what full information would win (an upper bound), the gap, and how the
    /// table was found; JSON under `details`.
    pub fn details(&self, table_win_rate: f64) -> Details {
        let full = self
            .full_information
            .meta
            .win_rates
            .expect("the full-information optimum knows its win rates");
        let gap = full.win_rate - table_win_rate;
        let json = serde_json::json!({
            "final_strategy": "best score table",
            "full_information_win_rate": Probability(full.win_rate),
            "full_information_as_first": Probability(full.as_first),
            "full_information_as_second": Probability(full.as_second),
            "gap": Probability(gap),
            "table_local_optimum": self.local_optimum,
            "search_rounds": self.rounds,
            "search_perturbations": self.perturbations.0,
            "search_improvements": self.perturbations.1,
            "search_seed": self.seed,
        });
        let how = if self.local_optimum {
            "no single-cell change improves it"
        } else {
            "stopped by the time limit; a single-cell change may still improve it"
        };
        let text = format!(
            "  full information  {}  sees both memories too: an upper bound\n  gap               {}\n\
             final_strategy is the best score table found ({} rounds; {} perturbations climbed \
             again, {} of them better; seed {}): {how}\n",
            percent(full.win_rate),
            probability(gap),
            self.rounds,
            self.perturbations.0,
            self.perturbations.1,
            self.seed
        );
        Details { json, text }
    }
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
    let memory = &rules.memory().meaning;
    let opposing = opponent.player(rules);
    let fixed = match &opposing {
        Player::Fixed(policy) if rules.hides_memory() => Some(policy),
        _ => None,
    };
    if let Some(policy) = fixed {
        let seed = limits.seed;
        let search = best_table(rules, policy, limits, progress)?;
        return Ok(searched(rules, opponent, search, seed));
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

/// What [`solve_against`] calls the best score table it searches for.
pub(super) const BEST_TABLE: &str = "best_table";

/// How a search's description ends when no single-cell change improves its table.
const LOCAL_OPTIMUM: &str = "no single-cell change improves it";

/// The metadata of a solved table: what it is, against whom, its win rates and how it was
/// found.
fn meta(strategy: &str, opponent: &str, matchup: Outcome, about: String) -> TableMeta {
    TableMeta {
        strategy: strategy.to_string(),
        opponent: opponent.to_string(),
        win_rates: Some(matchup.win_rates()),
        about: Some(about),
        exact: None,
    }
}

/// The solve of a search's best table against `opponent` (perturbations seeded by `seed`): its
/// file, whose description records how the search went, and the full-information best response
/// beside it.
fn searched(rules: &Ruleset, opponent: &Strategy, search: TableSearch, seed: u64) -> Solved {
    let memory = &rules.memory().meaning;
    let full = search.full_information_matchup;
    let how = if search.local_optimum {
        LOCAL_OPTIMUM
    } else {
        "stopped by the time limit, so a single-cell change may still improve it"
    };
    let (tried, improved) = search.perturbations;
    let mut about = format!(
        "The best score table found by exact policy improvement from {STARTS} starting tables, \
         then {tried} seeded perturbations (seed {seed}) climbed again, {improved} of which won \
         more ({} rounds in all): {how}. The full-information optimum, which also sees each \
         player's {memory}, wins {} (a gap of {}).",
        search.rounds,
        probability(full.win_rate()),
        probability(full.win_rate() - search.matchup.win_rate())
    );
    about.push_str(&fixpoint_note(rules, &search.matchup, search.residual));
    let full_about = format!(
        "The full-information best response: it also sees each player's {memory}. No score \
         table wins more."
    );
    Solved {
        file: TableFile {
            meta: meta(BEST_TABLE, opponent.name(), search.matchup, about),
            table: rules.score_table(search.table),
        },
        outcome: search.matchup,
        residual: search.residual,
        first_player_wins: None,
        search: Some(SearchSummary {
            local_optimum: search.local_optimum,
            rounds: search.rounds,
            perturbations: search.perturbations,
            seed,
            full_information: TableFile {
                meta: meta("full_information", opponent.name(), full, full_about),
                table: rules.full_table(search.full_information),
            },
        }),
    }
}

/// The file name (without extension) of the best score table [`solve_against`] searches for
/// against `opponent`, or `None` where it solves instead (rules that hide no memory, or an
/// optimising opponent).
pub fn best_table_stem(rules: &Ruleset, opponent: &Strategy) -> Option<String> {
    (rules.hides_memory() && !opponent.is_optimising())
        .then(|| stem(&rules.score_schema(), BEST_TABLE, opponent.name()))
}

/// The solve a search recorded: `file` is the best score table [`solve_against`] wrote for
/// `rules` against `opponent`, taken as that search's result instead of searching again.
///
/// The table must be the best table of this very ruleset, goal and opponent; its exact
/// evaluation must give the win rates it records, to the bit; and its description must be what
/// the search writes, with the counts it records (rounds, perturbations, seed) and the
/// full-information optimum solved afresh. The solve returned is then the one the search
/// returned, so its files are the same, byte for byte. What it cannot tell is whether the search
/// would still find this table: that takes the search.
pub fn adopt_best_table(
    rules: &Ruleset,
    opponent: &Strategy,
    file: &TableFile,
) -> Result<Solved, AdoptError> {
    let expected = rules.score_schema();
    if best_table_stem(rules, opponent).is_none() {
        return Err(AdoptError::NotSearched {
            rules: rules.name().to_string(),
            opponent: opponent.name().to_string(),
        });
    }
    if file.table.schema != expected {
        let describe = |schema: &Schema| {
            let (rules, name, goal) = (&schema.rules, schema.goal_name, schema.goal);
            format!("{} for {rules} at {name} {goal}", schema.describe())
        };
        return Err(AdoptError::WrongTable {
            found: describe(&file.table.schema),
            expected: describe(&expected),
        });
    }
    if file.meta.strategy != BEST_TABLE || file.meta.opponent != opponent.name() {
        return Err(AdoptError::NotTheBestTable {
            strategy: file.meta.strategy.clone(),
            opponent: file.meta.opponent.clone(),
            expected: opponent.name().to_string(),
        });
    }
    let recorded = file.meta.win_rates.ok_or(AdoptError::NoWinRates)?;
    let table: ScoreTable = file
        .table
        .dice
        .clone()
        .into_dimensionality()
        .expect("a score table has two axes");
    let fixed = Player::Fixed(Policy::from_scores(rules, &table));
    let opposing = opponent.player(rules);
    let evaluation = solve(rules, [&fixed, &opposing])?;
    let matchup = evaluation.matchup();
    let evaluated = matchup.win_rates();
    let same = |a: f64, b: f64| a.to_bits() == b.to_bits();
    if !(same(evaluated.win_rate, recorded.win_rate)
        && same(evaluated.as_first, recorded.as_first)
        && same(evaluated.as_second, recorded.as_second))
    {
        return Err(AdoptError::WinRates {
            opponent: opponent.name().to_string(),
            differences: differences(evaluated, recorded),
        });
    }
    let about = file.meta.about.as_deref().unwrap_or_default();
    let (local_optimum, rounds, perturbations, seed) =
        recorded_search(about).ok_or_else(|| AdoptError::NoSearch(about.to_string()))?;
    let full = solve_everywhere(rules, [&Player::Optimising, &opposing])?;
    let search = TableSearch {
        table,
        matchup,
        residual: evaluation.residual(),
        local_optimum,
        rounds,
        perturbations,
        full_information: full.policy(0).to_full(rules),
        full_information_matchup: full.matchup(),
    };
    let solved = searched(rules, opponent, search, seed);
    let written = solved.file.meta.about.as_deref().unwrap_or_default();
    if written != about {
        let (recorded, expected) = where_they_differ(about, written);
        return Err(AdoptError::About { recorded, expected });
    }
    Ok(solved)
}

/// The counts a search's description records (see [`searched`]): whether its table is a local
/// optimum, its rounds, its perturbations (tried, improved) and their seed. Read loosely: the
/// description written again from them must match it word for word.
pub(super) fn recorded_search(about: &str) -> Option<(bool, usize, (usize, usize), u64)> {
    let (_, counts) = about.split_once(" starting tables, then ")?;
    let mut numbers = counts
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty());
    let tried = numbers.next()?.parse().ok()?;
    let seed = numbers.next()?.parse().ok()?;
    let improved = numbers.next()?.parse().ok()?;
    let rounds = numbers.next()?.parse().ok()?;
    let local_optimum = about.contains(&format!(": {LOCAL_OPTIMUM}."));
    Some((local_optimum, rounds, (tried, improved), seed))
}

/// The stretch of two different texts where they first differ (a few words of context each
/// side, `…` for the rest), in the same place of each.
fn where_they_differ(a: &str, b: &str) -> (String, String) {
    const BEFORE: usize = 24;
    const AFTER: usize = 40;
    let first = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let stretch = |text: &str| {
        let start = text[..first]
            .char_indices()
            .rev()
            .nth(BEFORE - 1)
            .map_or(0, |(i, _)| i);
        let tail: String = text[first..].chars().take(AFTER).collect();
        let open = if start > 0 { "…" } else { "" };
        let close = if first + tail.len() < text.len() {
            "…"
        } else {
            ""
        };
        format!("{open}{}{tail}{close}", &text[start..first])
    };
    (stretch(a), stretch(b))
}

/// Where the `evaluated` win rates differ from the `recorded` ones, in words.
fn differences(evaluated: WinRates, recorded: WinRates) -> String {
    let fields = [
        ("win rate", evaluated.win_rate, recorded.win_rate),
        ("as first", evaluated.as_first, recorded.as_first),
        ("as second", evaluated.as_second, recorded.as_second),
    ];
    let differ: Vec<String> = fields
        .into_iter()
        .filter(|(_, a, b)| a.to_bits() != b.to_bits())
        .map(|(name, a, b)| {
            format!(
                "{name} {} where the file records {}",
                probability(a),
                probability(b)
            )
        })
        .collect();
    differ.join("; ")
}

/// Why [`adopt_best_table`] refused a recorded best table.
#[derive(Debug, Error)]
pub enum AdoptError {
    /// The ruleset and opponent are solved, not searched: there is no best table to adopt.
    #[error(
        "{rules} against {opponent} is solved, not searched: it has no best score table to take"
    )]
    NotSearched {
        /// The ruleset.
        rules: String,
        /// The opponent.
        opponent: String,
    },
    /// The table is not a score table of the ruleset and goal in use.
    #[error("it holds {found}, not {expected}")]
    WrongTable {
        /// The table in the file, in words.
        found: String,
        /// The table wanted, in words.
        expected: String,
    },
    /// The table is another strategy, or against another opponent.
    #[error("it is the {strategy} table against {opponent}, not the best_table against {expected}")]
    NotTheBestTable {
        /// The strategy the file says it is.
        strategy: String,
        /// The opponent the file names.
        opponent: String,
        /// The opponent wanted.
        expected: String,
    },
    /// The file records no win rates to check the table against.
    #[error("it records no win rates to check its table against")]
    NoWinRates,
    /// The table's exact evaluation is not what the file records.
    #[error(
        "its table does not win what it records against {opponent} (evaluated exactly: \
         {differences}): the table or its win rates changed after the search"
    )]
    WinRates {
        /// The opponent.
        opponent: String,
        /// Each win rate that differs, evaluated and recorded.
        differences: String,
    },
    /// The file's description does not say how a search went.
    #[error("its \"about\" does not record a search: \"{0}\"")]
    NoSearch(String),
    /// The description is not what the search writes with the counts it records.
    #[error(
        "its \"about\" is not what the search writes: it reads \"{recorded}\" where the search \
         would have written \"{expected}\""
    )]
    About {
        /// The description in the file, where it first differs.
        recorded: String,
        /// The description the search writes with the counts it records, at the same place.
        expected: String,
    },
    /// Evaluating the table or solving the full-information optimum failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A searched table taken back is the search's solve again, files and account alike; a
    /// table changed after it, or the same file against another opponent, is refused.
    #[test]
    fn an_adopted_best_table_is_the_solve_that_searched_it() {
        let rules = Ruleset::preset("hog-fa19", 30).unwrap();
        let four = Strategy::parse("always_roll:4", &rules).unwrap();
        let searches = [
            SearchLimits {
                perturbations: 4,
                ..SearchLimits::default()
            },
            SearchLimits {
                time_limit: Some(Duration::ZERO),
                seed: 7,
                ..SearchLimits::default()
            },
        ]
        .map(|limits| {
            let searched = solve_against(&rules, &four, limits.clone(), |_| {}).unwrap();
            let adopted = adopt_best_table(&rules, &four, &searched.file).unwrap();
            assert_eq!(adopted.file, searched.file);
            assert_eq!(adopted.outcome, searched.outcome);
            let (taken, found) = (adopted.search.unwrap(), searched.search.as_ref().unwrap());
            assert_eq!(taken.full_information, found.full_information);
            let counts = |s: &SearchSummary| (s.local_optimum, s.rounds, s.perturbations, s.seed);
            assert_eq!(counts(&taken), counts(found));
            assert_eq!(taken.local_optimum, limits.time_limit.is_none());
            searched
        });

        let searched = &searches[0];
        let mut changed = searched.file.clone();
        let cell = &mut changed.table.dice[[0, 0]];
        *cell = if *cell == 5 { 6 } else { 5 };
        let refused = adopt_best_table(&rules, &four, &changed).unwrap_err();
        assert!(matches!(refused, AdoptError::WinRates { .. }), "{refused}");
        let five = Strategy::parse("always_roll:5", &rules).unwrap();
        let refused = adopt_best_table(&rules, &five, &searched.file).unwrap_err();
        assert!(
            matches!(refused, AdoptError::NotTheBestTable { .. }),
            "{refused}"
        );
        let elsewhere = Ruleset::preset("hog-fa19", 20).unwrap();
        let refused = adopt_best_table(&elsewhere, &four, &searched.file).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "it holds a 30 x 30 table (own score x opponent score) for hog-fa19 at goal 30, not \
             a 20 x 20 table (own score x opponent score) for hog-fa19 at goal 20"
        );
        let minimax = Strategy::optimising("minimax");
        let refused = adopt_best_table(&rules, &minimax, &searched.file).unwrap_err();
        assert!(
            matches!(refused, AdoptError::NotSearched { .. }),
            "{refused}"
        );
        assert_eq!(best_table_stem(&rules, &minimax), None);
        assert_eq!(
            best_table_stem(&rules, &four).as_deref(),
            Some("hog_fa19_goal30_best_table_vs_always_roll_4")
        );
    }

    #[test]
    fn two_descriptions_are_shown_where_they_differ() {
        let before = "x".repeat(30);
        let after = "y".repeat(50);
        let (a, b) = where_they_differ(
            &format!("{before}wins 0.9880 {after}"),
            &format!("{before}wins 0.8800 {after}"),
        );
        let context = format!("…{}wins 0.", "x".repeat(17));
        assert_eq!(a, format!("{context}9880 {}…", "y".repeat(35)));
        assert_eq!(b, format!("{context}8800 {}…", "y".repeat(35)));
        assert_eq!(
            where_they_differ("won 2 (é)", "won 2 (é) more"),
            ("won 2 (é)".to_string(), "won 2 (é) more".to_string())
        );
    }
}
