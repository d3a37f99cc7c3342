//! What `grade`, `tournament` and `sweep` print and write: ranked tables for people, CSV and JSON
//! reports for spreadsheets and scripts.

use std::io::{self, Write};

use serde::Serialize;
use swine_solver::format::{Probability, probability};
use swine_solver::outcome::Outcome;

use crate::report::{Lost, Report, write_lost};

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
    /// The ruleset.
    pub rules: String,
    /// What its goal is called: `goal` or `limit`.
    #[serde(skip)]
    pub goal_name: &'static str,
    /// Its goal (Hog) or limit (Greed).
    pub goal: u32,
    /// The opponent every submission played.
    pub opponent: String,
    /// What `optimal_win_rate` is the win rate of, e.g. `the exact best response`.
    pub optimal: String,
    /// The optimum's win rate against the opponent.
    pub optimal_win_rate: Probability,
    /// One row per submission, ranked.
    pub submissions: Vec<Grade>,
}

/// The CSV columns of a grade report, in order (the interval only for a simulation's
/// estimate: its 95% confidence interval of the win rate).
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
        let mut out = GRADE_COLUMNS.join(",") + "\n";
        let number = |p: Option<Probability>| p.map_or(String::new(), |p| probability(p.0));
        for g in &self.submissions {
            let fields = [
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
            ];
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

impl Report for GradeReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}, {} {}: {} submission(s) against {}; optimal: {}, win rate {}",
            self.rules,
            self.goal_name,
            self.goal,
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
            let name = if g.function.is_empty() || g.function == "final_strategy" {
                g.file.clone()
            } else {
                format!("{}:{}", g.file, g.function)
            };
            if g.status != "error" {
                rank += 1;
                writeln!(
                    out,
                    "{rank:>4}  {:<20}  {:<20}  {:<20}  {:<22}  {name}",
                    shown(g.win_rate),
                    shown(g.as_first),
                    shown(g.as_second),
                    g.shortfall
                        .map_or(String::new(), |p| crate::report::digits(p.0)),
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
    /// The ruleset.
    pub rules: String,
    /// What its goal is called: `goal` or `limit`.
    #[serde(skip)]
    pub goal_name: &'static str,
    /// Its goal (Hog) or limit (Greed).
    pub goal: u32,
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
    /// The matrix as CSV: a header of the strategies, then one row per strategy (row against
    /// column; the diagonal empty).
    pub fn csv(&self) -> String {
        let mut header = vec!["strategy".to_string()];
        header.extend(self.strategies.iter().map(|s| csv_field(s)));
        let mut out = header.join(",") + "\n";
        for (name, row) in self.strategies.iter().zip(&self.matrix) {
            let mut fields = vec![csv_field(name)];
            fields.extend(
                row.iter()
                    .map(|p| p.map_or(String::new(), |p| probability(p.0))),
            );
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
            "{}, {} {}: exact round robin of {n} strategies ({} matches)",
            self.rules,
            self.goal_name,
            self.goal,
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

/// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One variant of a sweep: its parameters and its headline numbers, or why it failed.
#[derive(Clone, Debug)]
pub struct SweepRow {
    /// The parameters set, in the order given.
    pub parameters: Vec<(String, i64)>,
    /// Why the variant could not be solved (its numbers are then 0).
    pub error: Option<String>,
    /// The best response's win rate against the yardstick.
    pub optimal_win_rate: Probability,
    /// Whether that optimum sees hidden memory (rules that hide it from a score table).
    pub full_information: bool,
    /// P(the first player wins), both optimal.
    pub minimax_first_player_wins: Probability,
    /// The best `always_roll:k`.
    pub best_always_roll: u8,
    /// Its win rate against the yardstick.
    pub best_always_roll_win_rate: Probability,
    /// Optimal minus the best `always_roll:k`.
    pub gap: Probability,
    /// The largest residual of the variant's solves (0 where one sweep is exact).
    pub residual: f64,
}

impl SweepRow {
    /// The row of the variant with `parameters`, from its survey.
    pub fn new(parameters: &[(String, i64)], survey: &swine_solver::hog::Survey) -> SweepRow {
        SweepRow {
            parameters: parameters.to_vec(),
            error: None,
            optimal_win_rate: Probability(survey.optimal_win_rate),
            full_information: survey.full_information,
            minimax_first_player_wins: Probability(survey.minimax_first_player_wins),
            best_always_roll: survey.best_always_roll,
            best_always_roll_win_rate: Probability(survey.best_always_roll_win_rate),
            gap: Probability(survey.gap()),
            residual: survey.residual,
        }
    }
}

impl SweepRow {
    /// The row of a variant that could not be solved, and why.
    pub fn failed(parameters: &[(String, i64)], error: String) -> SweepRow {
        SweepRow {
            parameters: parameters.to_vec(),
            error: Some(error),
            optimal_win_rate: Probability(0.0),
            full_information: false,
            minimax_first_player_wins: Probability(0.0),
            best_always_roll: 0,
            best_always_roll_win_rate: Probability(0.0),
            gap: Probability(0.0),
            residual: 0.0,
        }
    }
}

impl Serialize for SweepRow {
    /// The parameters by name, then the numbers.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.parameters.len() + 7))?;
        for (name, value) in &self.parameters {
            map.serialize_entry(name, value)?;
        }
        if let Some(error) = &self.error {
            map.serialize_entry("error", error)?;
            return map.end();
        }
        map.serialize_entry("optimal_win_rate", &self.optimal_win_rate)?;
        map.serialize_entry("full_information", &self.full_information)?;
        map.serialize_entry("minimax_first_player_wins", &self.minimax_first_player_wins)?;
        map.serialize_entry("best_always_roll", &self.best_always_roll)?;
        map.serialize_entry("best_always_roll_win_rate", &self.best_always_roll_win_rate)?;
        map.serialize_entry("gap", &self.gap)?;
        map.serialize_entry("residual", &self.residual)?;
        map.end()
    }
}

/// A sweep over a ruleset's parameters: one row per variant.
#[derive(Serialize)]
pub struct SweepReport {
    /// The ruleset or script swept.
    pub rules: String,
    /// One row per variant, in grid order.
    pub rows: Vec<SweepRow>,
}

/// The columns of a sweep after the parameters.
const SWEEP_COLUMNS: [&str; 7] = [
    "optimal_win_rate",
    "full_information",
    "minimax_first_player_wins",
    "best_always_roll",
    "best_always_roll_win_rate",
    "gap",
    "residual",
];

impl SweepReport {
    /// The rows as CSV: the parameters, the numbers, and why a variant failed (empty if not).
    pub fn csv(&self) -> String {
        let mut header: Vec<String> = self
            .rows
            .first()
            .map(|r| r.parameters.iter().map(|(n, _)| csv_field(n)).collect())
            .unwrap_or_default();
        header.extend(SWEEP_COLUMNS.iter().map(|c| c.to_string()));
        header.push("error".to_string());
        let mut out = header.join(",") + "\n";
        for row in &self.rows {
            let mut fields: Vec<String> =
                row.parameters.iter().map(|(_, v)| v.to_string()).collect();
            if let Some(error) = &row.error {
                fields.extend(std::iter::repeat_n(String::new(), SWEEP_COLUMNS.len()));
                fields.push(csv_field(error));
                out.push_str(&fields.join(","));
                out.push('\n');
                continue;
            }
            fields.extend([
                probability(row.optimal_win_rate.0),
                row.full_information.to_string(),
                probability(row.minimax_first_player_wins.0),
                row.best_always_roll.to_string(),
                probability(row.best_always_roll_win_rate.0),
                probability(row.gap.0),
                row.residual.to_string(),
                String::new(),
            ]);
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
}

impl Report for SweepReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let full = self.rows.iter().any(|r| r.full_information);
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
        writeln!(
            out,
            "{}  {:<20}  {:<20}  {:>11}  {:<20}  gap",
            names.join(""),
            "optimal",
            "minimax first",
            "always_roll",
            "its win rate"
        )?;
        for row in &self.rows {
            let values: String = row
                .parameters
                .iter()
                .map(|(_, v)| format!("{v:>6}"))
                .collect();
            if let Some(error) = &row.error {
                writeln!(out, "{values}  error: {error}")?;
                continue;
            }
            writeln!(
                out,
                "{values}  {:<20}  {:<20}  {:>11}  {:<20}  {}",
                probability(row.optimal_win_rate.0),
                probability(row.minimax_first_player_wins.0),
                row.best_always_roll,
                probability(row.best_always_roll_win_rate.0),
                probability(row.gap.0)
            )?;
        }
        let residual = self.rows.iter().map(|r| r.residual).fold(0.0, f64::max);
        if residual > 0.0 {
            writeln!(
                out,
                "residual {residual:.1e} (the largest |V - TV| of the solves where positions repeat)"
            )?;
        }
        Ok(())
    }
}
