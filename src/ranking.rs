//! What `grade` and `tournament` print and write: ranked tables for people, CSV and JSON
//! reports for spreadsheets and scripts.

use std::io::{self, Write};

use serde::Serialize;
use swine_solver::format::{Probability, probability};

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

/// The CSV columns of a grade report, in order.
const GRADE_COLUMNS: [&str; 10] = [
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
            if g.status == "ok" {
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
