//! What `grade`, `tournament` and `sweep` print and write: ranked tables for people, CSV and JSON
//! reports for spreadsheets and scripts.

use std::io::{self, Write};

use serde::Serialize;

use super::{Batch, Lost, Report, csv_field, digits, write_lost};
use crate::format::{Probability, probability};
use crate::outcome::Outcome;
use crate::tournament::RoundRobin;

/// One graded submission.
#[derive(Clone, Debug, Serialize)]
pub struct Grade {
    /// The file (or spec) graded.
    pub file: String,
    /// The Python function called (empty for tables and built-ins).
    pub function: String,
    /// `ok` or `error`.
    pub status: &'static str,
    /// Why it could not be graded (empty when ok).
    pub error: String,
    /// Its exact win rate against the opponent.
    pub win_rate: Option<Probability>,
    /// Its value moving first.
    pub as_first: Option<Probability>,
    /// Its value moving second.
    pub as_second: Option<Probability>,
    /// What the optimal strategy wins against the same opponent.
    pub optimal_win_rate: Option<Probability>,
    /// `optimal_win_rate − win_rate`.
    pub shortfall: Option<Probability>,
    /// With `--explain N`: its N costliest cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<Lost>>,
    /// Where the rates are a simulation's estimate (status `estimate`), its precision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Estimate>,
}

impl Grade {
    /// The row of a submission `file` (its Python function `function`, if any) that could not
    /// be graded, and why.
    pub fn failed(file: String, function: String, error: String) -> Grade {
        Grade {
            file,
            function,
            status: "error",
            error,
            win_rate: None,
            as_first: None,
            as_second: None,
            optimal_win_rate: None,
            shortfall: None,
            explain: None,
            estimate: None,
        }
    }

    /// The row of a submission whose match-up came out `outcome`, against an opponent the
    /// optimum wins `optimal` of (exact: status `ok`).
    pub fn rated(file: String, function: String, outcome: &Outcome, optimal: f64) -> Grade {
        Grade {
            status: "ok",
            win_rate: Some(Probability(outcome.win_rate())),
            as_first: Some(Probability(outcome.as_first())),
            as_second: Some(Probability(outcome.as_second())),
            optimal_win_rate: Some(Probability(optimal)),
            shortfall: Some(Probability(optimal - outcome.win_rate())),
            ..Grade::failed(file, function, String::new())
        }
    }
}

/// The precision of a win rate estimated by simulation.
#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    /// Games played with each seat moving first.
    pub games_per_seat: u64,
    /// The dice's seed.
    pub seed: u64,
    /// The win rate's standard error.
    pub standard_error: Probability,
    /// Its 95% confidence interval.
    pub interval: [Probability; 2],
}

/// The grades of a batch, ranked: graded submissions by win rate, then the failures.
#[derive(Serialize)]
pub struct GradeReport {
    /// The game, the ruleset and its goal.
    #[serde(flatten)]
    pub batch: Batch,
    /// The opponent every submission played.
    pub opponent: String,
    /// What `optimal_win_rate` is the win rate of, e.g. `the exact best response`.
    pub optimal: String,
    /// The optimum's win rate against the opponent.
    pub optimal_win_rate: Probability,
    /// One row per submission, ranked.
    pub submissions: Vec<Grade>,
}

impl GradeReport {
    /// The report of `graded` (ranked) against `opponent`, beside the optimum's outcome and
    /// what it is in words.
    pub fn new(
        batch: Batch,
        opponent: &str,
        (optimum, optimal): (Outcome, String),
        graded: Vec<Graded>,
    ) -> GradeReport {
        let best = optimum.win_rate();
        GradeReport {
            batch,
            opponent: opponent.to_string(),
            optimal,
            optimal_win_rate: Probability(best),
            submissions: graded.into_iter().map(|g| Grade::of(g, best)).collect(),
        }
    }

    /// How many submissions could not be graded.
    pub fn failed(&self) -> usize {
        self.submissions
            .iter()
            .filter(|g| g.status == "error")
            .count()
    }
}

impl Grade {
    /// The row of one graded submission, against an optimum that wins `optimal`.
    fn of(graded: Graded, optimal: f64) -> Grade {
        let function = graded.function.unwrap_or_default();
        match graded.result {
            Ok(grade) => Grade {
                status: if grade.estimate.is_some() {
                    "estimate"
                } else {
                    "ok"
                },
                explain: grade.changes,
                estimate: grade.estimate,
                ..Grade::rated(graded.spec, function, &grade.outcome, optimal)
            },
            Err(error) => Grade::failed(graded.spec, function, error),
        }
    }
}

/// One submission graded, or why it could not be: `T` is what a grade finds ([`Scored`]
/// against an opponent; [`Points`](super::Points) in a game of one player's score).
#[derive(Clone, Debug)]
pub struct Graded<T = Scored> {
    /// The spec graded.
    pub spec: String,
    /// The Python function called, if it was one.
    pub function: Option<String>,
    /// What the grade found (its outcome against the opponent and, if asked, its costliest
    /// cells; or its score); or the reason it could not be graded, in one line.
    pub result: Result<T, String>,
}

/// A submission's result.
#[derive(Clone, Debug)]
pub struct Scored {
    /// Its outcome against the opponent (a simulation's frequencies where `estimate`).
    pub outcome: Outcome,
    /// Where the outcome is a simulation's estimate, its precision.
    pub estimate: Option<Estimate>,
    /// With `explain`: its costliest cells.
    pub changes: Option<Vec<Lost>>,
}

/// A round robin played: its entries, those left out and the results.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The entries' names, in the order given (failed ones left out).
    pub names: Vec<String>,
    /// The specs that could not be resolved, with the reason.
    pub left_out: Vec<(String, String)>,
    /// The results, indexed like `names`.
    pub results: RoundRobin,
}

/// A variant's headline numbers (`sweep`), each exact.
#[derive(Clone, Debug, PartialEq)]
pub struct Survey {
    /// The win rate of the best response to the yardstick (with hidden memory the
    /// full-information best response, see `full_information`).
    pub optimal_win_rate: f64,
    /// Whether `optimal_win_rate` is the full-information optimum.
    pub full_information: bool,
    /// The first player's value when both play optimally.
    pub minimax_first_player_wins: f64,
    /// The best of the game's simple strategies against the yardstick, where it has a family.
    pub simple: Option<Simple>,
    /// The largest residual of the solves (0 where one sweep is exact).
    pub residual: f64,
    /// How games go with both players optimal, where the game is studied turn by turn.
    pub both_optimal: Option<BothOptimal>,
    /// The share (0..=1) of the strategy map's cells in which optimal play against the
    /// yardstick chooses otherwise than the yardstick, where the game draws both maps.
    pub differs_from_yardstick: Option<f64>,
}

/// A game with both players optimal (minimax), each moving first in half the games.
#[derive(Clone, Debug, PartialEq)]
pub struct BothOptimal {
    /// The expected number of turns of the games that end.
    pub turns: f64,
    /// The probability that a game has not ended when the count stops (see `swine study`).
    pub unfinished: f64,
    /// Each rule, as the ruleset names it, with its expected number of turns per game.
    pub rules: Vec<(String, f64)>,
}

/// The best of a family of simple strategies (`always_roll:k`) against the yardstick.
#[derive(Clone, Debug, PartialEq)]
pub struct Simple {
    /// The family, e.g. `always_roll`.
    pub family: &'static str,
    /// The parameter of the best one (the smallest of equals).
    pub best: i64,
    /// Its win rate.
    pub win_rate: f64,
}

impl Survey {
    /// How much more optimal play wins than the best simple strategy.
    pub fn gap(&self) -> Option<f64> {
        self.simple
            .as_ref()
            .map(|s| self.optimal_win_rate - s.win_rate)
    }
}

/// The CSV columns of a grade report, in order (the interval only for a simulation's
/// estimate: its 95% confidence interval of the win rate), before the ruleset's columns
/// ([`Batch::csv_columns`]).
const GRADE_COLUMNS: [&str; 12] = [
    "file",
    "function",
    "status",
    "error",
    "win_rate",
    "as_first",
    "as_second",
    "optimal_win_rate",
    "shortfall",
    "optimal",
    "interval_low",
    "interval_high",
];

impl GradeReport {
    /// The report as CSV: a header, then one row per submission.
    pub fn csv(&self) -> String {
        let number = |p: Option<Probability>| p.map_or(String::new(), |p| probability(p.0));
        let rows = self.submissions.iter().map(|g| {
            [
                csv_field(&g.file),
                csv_field(&g.function),
                g.status.to_string(),
                csv_field(&g.error),
                number(g.win_rate),
                number(g.as_first),
                number(g.as_second),
                number(g.optimal_win_rate),
                number(g.shortfall),
                csv_field(&self.optimal),
                number(g.estimate.as_ref().map(|e| e.interval[0])),
                number(g.estimate.as_ref().map(|e| e.interval[1])),
            ]
        });
        grade_csv(&GRADE_COLUMNS, &self.batch, rows)
    }
}

/// A grade's CSV: a header of `columns` then the ruleset's ([`Batch::csv_columns`]), and a
/// line of each row's fields followed by the ruleset's.
pub(super) fn grade_csv<const N: usize>(
    columns: &[&str; N],
    batch: &Batch,
    rows: impl Iterator<Item = [String; N]>,
) -> String {
    let (batch_header, batch_fields) = batch.csv_columns();
    let mut out = format!("{},{batch_header}\n", columns.join(","));
    for fields in rows {
        out.push_str(&fields.join(","));
        out.push(',');
        out.push_str(&batch_fields);
        out.push('\n');
    }
    out
}

/// A submission as a grade's table names it: its file, and the function where the file's
/// is not the course's `final_strategy`.
pub(super) fn submission_name(file: &str, function: &str) -> String {
    if function.is_empty() || function == "final_strategy" {
        file.to_string()
    } else {
        format!("{file}:{function}")
    }
}

impl Report for GradeReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} submission(s) against {}; optimal: {}, win rate {}",
            self.batch.text(),
            self.submissions.len(),
            self.opponent,
            self.optimal,
            probability(self.optimal_win_rate.0)
        )?;
        writeln!(
            out,
            "{:>4}  {:<20}  {:<20}  {:<20}  {:<22}  submission",
            "rank", "win rate", "as first", "as second", "shortfall"
        )?;
        let shown = |p: Option<Probability>| p.map_or(String::new(), |p| probability(p.0));
        let mut rank = 0;
        for g in &self.submissions {
            let name = submission_name(&g.file, &g.function);
            if g.status != "error" {
                rank += 1;
                writeln!(
                    out,
                    "{rank:>4}  {:<20}  {:<20}  {:<20}  {:<22}  {name}",
                    shown(g.win_rate),
                    shown(g.as_first),
                    shown(g.as_second),
                    g.shortfall.map_or(String::new(), |p| digits(p.0)),
                )?;
                if let Some(lost) = &g.explain {
                    write_lost(lost, out)?;
                }
                if let Some(e) = &g.estimate {
                    writeln!(
                        out,
                        "      an estimate: {} games per seat (seed {}), win rate ± {:.5}, 95% \
                         confidence interval [{:.5}, {:.5}]",
                        e.games_per_seat,
                        e.seed,
                        e.standard_error.0,
                        e.interval[0].0,
                        e.interval[1].0
                    )?;
                }
            } else {
                writeln!(out, "{:>4}  error: {}  {name}", "-", g.error)?;
            }
        }
        Ok(())
    }
}

/// One entry of a round robin, with its place.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Its place, 1 for the best.
    pub rank: usize,
    /// The strategy.
    pub strategy: String,
    /// Its win rate averaged over all its opponents.
    pub mean_win_rate: Probability,
    /// Matches it won (win rate above ½).
    pub matches_won: usize,
}

/// An exact round robin: the standings and the matrix of win rates.
#[derive(Serialize)]
pub struct TournamentReport {
    /// The game, the ruleset and its goal.
    #[serde(flatten)]
    pub batch: Batch,
    /// The entries in the order given.
    pub strategies: Vec<String>,
    /// The standings, best first.
    pub standings: Vec<Entry>,
    /// `matrix[i][j]`: strategy `i`'s win rate against strategy `j` (P(win) + ½·P(tie),
    /// seat-averaged), in the order given; `null` on the diagonal.
    pub matrix: Vec<Vec<Option<Probability>>>,
    /// Entries that could not be resolved, with the reason, left out of the round robin.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

impl TournamentReport {
    /// The report of the round robin `played`.
    pub fn new(batch: Batch, played: Tournament) -> TournamentReport {
        let results = &played.results;
        let standings = results
            .standings()
            .iter()
            .enumerate()
            .map(|(place, s)| Entry {
                rank: place + 1,
                strategy: played.names[s.entry].clone(),
                mean_win_rate: Probability(s.mean_win_rate),
                matches_won: s.matches_won,
            })
            .collect();
        let entries = played.names.len();
        let matrix = (0..entries)
            .map(|i| {
                (0..entries)
                    .map(|j| results.win_rate(i, j).map(Probability))
                    .collect()
            })
            .collect();
        let errors = played
            .left_out
            .iter()
            .map(|(spec, reason)| format!("{spec}: {reason}"))
            .collect();
        TournamentReport {
            batch,
            strategies: played.names,
            standings,
            matrix,
            errors,
        }
    }

    /// The matrix as CSV: a header of the strategies, then one row per strategy (row against
    /// column; the diagonal empty).
    pub fn csv(&self) -> String {
        let (batch_header, batch_fields) = self.batch.csv_columns();
        let mut header = vec!["strategy".to_string()];
        header.extend(self.strategies.iter().map(|s| csv_field(s)));
        header.push(batch_header);
        let mut out = header.join(",") + "\n";
        for (name, row) in self.strategies.iter().zip(&self.matrix) {
            let mut fields = vec![csv_field(name)];
            fields.extend(
                row.iter()
                    .map(|p| p.map_or(String::new(), |p| probability(p.0))),
            );
            fields.push(batch_fields.clone());
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

impl Report for TournamentReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.strategies.len();
        writeln!(
            out,
            "{}: exact round robin of {n} strategies ({} matches)",
            self.batch.text(),
            n * (n - 1) / 2
        )?;
        for error in &self.errors {
            writeln!(out, "  left out: {error}")?;
        }
        writeln!(
            out,
            "{:>4}  {:<20}  {:>4}  strategy",
            "rank", "mean win rate", "won"
        )?;
        for e in &self.standings {
            writeln!(
                out,
                "{:>4}  {:<20}  {:>4}  {}",
                e.rank,
                probability(e.mean_win_rate.0),
                e.matches_won,
                e.strategy
            )?;
        }
        writeln!(out, "win rate of row against column:")?;
        let columns: Vec<String> = (1..=n).map(|j| format!("{j:>8}")).collect();
        writeln!(out, "{:>4}  {}", "", columns.join(""))?;
        for (i, row) in self.matrix.iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .map(|p| match p {
                    Some(p) => format!("{:>8.5}", p.0),
                    None => format!("{:>8}", "-"),
                })
                .collect();
            writeln!(
                out,
                "{:>4}  {}  {}",
                i + 1,
                cells.join(""),
                self.strategies[i]
            )?;
        }
        Ok(())
    }
}

/// One variant of a sweep: its parameters and its survey, or why it failed.
#[derive(Clone, Debug)]
pub struct SweepRow {
    /// The parameters set, in the order given.
    pub parameters: Vec<(String, i64)>,
    /// The variant's headline numbers, or why it could not be solved.
    pub survey: Result<Survey, String>,
}

impl Serialize for SweepRow {
    /// The parameters by name, then the numbers (the simple family's columns named after it,
    /// e.g. `best_always_roll`), or the error.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        for (name, value) in &self.parameters {
            map.serialize_entry(name, value)?;
        }
        let survey = match &self.survey {
            Ok(survey) => survey,
            Err(error) => {
                map.serialize_entry("error", error)?;
                return map.end();
            }
        };
        map.serialize_entry("optimal_win_rate", &Probability(survey.optimal_win_rate))?;
        map.serialize_entry("full_information", &survey.full_information)?;
        map.serialize_entry(
            "minimax_first_player_wins",
            &Probability(survey.minimax_first_player_wins),
        )?;
        if let Some(simple) = &survey.simple {
            map.serialize_entry(&format!("best_{}", simple.family), &simple.best)?;
            map.serialize_entry(
                &format!("best_{}_win_rate", simple.family),
                &Probability(simple.win_rate),
            )?;
            map.serialize_entry("gap", &Probability(survey.gap().unwrap_or_default()))?;
        }
        if let Some(share) = survey.differs_from_yardstick {
            map.serialize_entry("differs_from_yardstick", &share)?;
        }
        if let Some(both) = &survey.both_optimal {
            map.serialize_entry("expected_turns", &both.turns)?;
            map.serialize_entry("unfinished", &both.unfinished)?;
            for (rule, count) in &both.rules {
                map.serialize_entry(&per_game_column(rule), count)?;
            }
        }
        map.serialize_entry("residual", &survey.residual)?;
        map.end()
    }
}

/// A sweep over a ruleset's parameters: one row per variant.
#[derive(Serialize)]
pub struct SweepReport {
    /// The ruleset or script swept.
    pub rules: String,
    /// The family of simple strategies its surveys compare with (`always_roll`), if any.
    #[serde(skip)]
    pub family: Option<&'static str>,
    /// One row per variant, in grid order.
    pub rows: Vec<SweepRow>,
}

/// The column of a sweep that holds `rule`'s expected number per game, both optimal.
fn per_game_column(rule: &str) -> String {
    format!("{rule} per game")
}

impl SweepReport {
    /// The surveys that were made.
    fn surveys(&self) -> impl Iterator<Item = &Survey> {
        self.rows.iter().filter_map(|r| r.survey.as_ref().ok())
    }

    /// Whether any variant gives the share of cells where optimal differs from the yardstick.
    fn has_differs(&self) -> bool {
        self.surveys().any(|s| s.differs_from_yardstick.is_some())
    }

    /// Whether any variant was studied with both optimal.
    fn has_both_optimal(&self) -> bool {
        self.surveys().any(|s| s.both_optimal.is_some())
    }

    /// Every rule any variant names, in the order they first come.
    fn rules(&self) -> Vec<String> {
        let mut rules: Vec<String> = Vec::new();
        for both in self.surveys().filter_map(|s| s.both_optimal.as_ref()) {
            for (rule, _) in &both.rules {
                if !rules.contains(rule) {
                    rules.push(rule.clone());
                }
            }
        }
        rules
    }

    /// The columns after the parameters.
    fn columns(&self) -> Vec<String> {
        let mut columns = vec![
            "optimal_win_rate".to_string(),
            "full_information".to_string(),
            "minimax_first_player_wins".to_string(),
        ];
        if let Some(family) = self.family {
            columns.extend([
                format!("best_{family}"),
                format!("best_{family}_win_rate"),
                "gap".to_string(),
            ]);
        }
        if self.has_differs() {
            columns.push("differs_from_yardstick".to_string());
        }
        if self.has_both_optimal() {
            columns.extend(["expected_turns".to_string(), "unfinished".to_string()]);
            columns.extend(self.rules().iter().map(|r| per_game_column(r)));
        }
        columns.push("residual".to_string());
        columns
    }

    /// The rows as CSV: the parameters, the numbers, and why a variant failed (empty if not).
    pub fn csv(&self) -> String {
        let mut header: Vec<String> = self
            .rows
            .first()
            .map(|r| r.parameters.iter().map(|(n, _)| csv_field(n)).collect())
            .unwrap_or_default();
        let columns = self.columns();
        let (differs, both, rules) = (self.has_differs(), self.has_both_optimal(), self.rules());
        let number = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:?}"));
        header.extend(columns.iter().map(|c| csv_field(c)));
        header.push("error".to_string());
        let mut out = header.join(",") + "\n";
        for row in &self.rows {
            let mut fields: Vec<String> =
                row.parameters.iter().map(|(_, v)| v.to_string()).collect();
            match &row.survey {
                Err(error) => {
                    fields.extend(std::iter::repeat_n(String::new(), columns.len()));
                    fields.push(csv_field(error));
                }
                Ok(survey) => {
                    fields.extend([
                        probability(survey.optimal_win_rate),
                        survey.full_information.to_string(),
                        probability(survey.minimax_first_player_wins),
                    ]);
                    if let Some(simple) = &survey.simple {
                        fields.extend([
                            simple.best.to_string(),
                            probability(simple.win_rate),
                            probability(survey.gap().unwrap_or_default()),
                        ]);
                    }
                    if differs {
                        fields.push(number(survey.differs_from_yardstick));
                    }
                    if both {
                        let study = survey.both_optimal.as_ref();
                        fields.push(number(study.map(|b| b.turns)));
                        fields.push(number(study.map(|b| b.unfinished)));
                        for rule in &rules {
                            let count = study
                                .and_then(|b| b.rules.iter().find(|(r, _)| r == rule))
                                .map(|(_, count)| *count);
                            fields.push(number(count));
                        }
                    }
                    fields.extend([survey.residual.to_string(), String::new()]);
                }
            }
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

impl Report for SweepReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let full = self
            .rows
            .iter()
            .any(|r| r.survey.as_ref().is_ok_and(|s| s.full_information));
        writeln!(
            out,
            "{}: {} variant(s), each solved exactly{}",
            self.rules,
            self.rows.len(),
            if full {
                " (optimal: the full-information best response, which sees the hidden memory)"
            } else {
                ""
            }
        )?;
        let names: Vec<String> = self
            .rows
            .first()
            .map(|r| {
                r.parameters
                    .iter()
                    .map(|(n, _)| format!("{n:>6}"))
                    .collect()
            })
            .unwrap_or_default();
        let simple = match self.family {
            Some(family) => format!("  {family:>11}  {:<20}  gap", "its win rate"),
            None => String::new(),
        };
        let differs = if self.has_differs() { "  differs" } else { "" };
        let both = if self.has_both_optimal() {
            "   turns  rules per game (both optimal)"
        } else {
            ""
        };
        writeln!(
            out,
            "{}  {:<20}  {:<20}{simple}{differs}{both}",
            names.join(""),
            "optimal",
            "minimax first",
        )?;
        for row in &self.rows {
            let values: String = row
                .parameters
                .iter()
                .map(|(_, v)| format!("{v:>6}"))
                .collect();
            let survey = match &row.survey {
                Ok(survey) => survey,
                Err(error) => {
                    writeln!(out, "{values}  error: {error}")?;
                    continue;
                }
            };
            let simple = match &survey.simple {
                Some(simple) => format!(
                    "  {:>11}  {:<20}  {}",
                    simple.best,
                    probability(simple.win_rate),
                    probability(survey.gap().unwrap_or_default())
                ),
                None => String::new(),
            };
            let differs = survey
                .differs_from_yardstick
                .map(|share| format!("  {:>7.2}%", 100.0 * share))
                .unwrap_or_default();
            let both = survey
                .both_optimal
                .as_ref()
                .map(|both| {
                    let rules: Vec<String> = both
                        .rules
                        .iter()
                        .map(|(rule, count)| format!("{rule} {count:.2}"))
                        .collect();
                    format!("  {:>6.2}  {}", both.turns, rules.join(", "))
                })
                .unwrap_or_default();
            writeln!(
                out,
                "{values}  {:<20}  {:<20}{simple}{differs}{both}",
                probability(survey.optimal_win_rate),
                probability(survey.minimax_first_player_wins),
            )?;
        }
        let residual = self
            .rows
            .iter()
            .filter_map(|r| r.survey.as_ref().ok())
            .map(|s| s.residual)
            .fold(0.0, f64::max);
        if residual > 0.0 {
            writeln!(
                out,
                "residual {residual:.1e} (the largest |V - TV| of the solves where positions repeat)"
            )?;
        }
        Ok(())
    }
}
