//! `grade` in a game of one player's score: each submission's expected final score (exact, or
//! a simulation's mean with its precision) and its shortfall against the optimum, in points.

use std::io::{self, Write};

use serde::Serialize;

use super::ranking::{Graded, grade_csv, submission_name};
use super::score::SimulatedScore;
use super::{Batch, Report, csv_field, digits};

/// The CSV columns of a grade in points, in order (the interval only for a simulation's mean),
/// before the ruleset's columns.
const POINTS_COLUMNS: [&str; 10] = [
    "file",
    "function",
    "status",
    "error",
    "expected_score",
    "optimal_expected_score",
    "shortfall",
    "optimal",
    "interval_low",
    "interval_high",
];

/// A player's expected final score as a grade gives it: exact, or the mean of seeded games.
#[derive(Clone, Debug)]
pub struct Points {
    /// The expected final score (points): exact, or the games' mean where `estimate`.
    pub expected_score: f64,
    /// Where the score is a simulation's mean, its precision.
    pub estimate: Option<ScoreEstimate>,
}

impl Points {
    /// An exact expected final score, points.
    pub fn exact(expected_score: f64) -> Points {
        Points {
            expected_score,
            estimate: None,
        }
    }

    /// The mean of `simulated`, seeded by `seed`, with its precision.
    pub fn estimated(simulated: &SimulatedScore, seed: u64) -> Points {
        let half = 1.96 * simulated.standard_error;
        Points {
            expected_score: simulated.mean_score,
            estimate: Some(ScoreEstimate {
                games: simulated.games,
                seed,
                standard_error: simulated.standard_error,
                interval: [simulated.mean_score - half, simulated.mean_score + half],
            }),
        }
    }
}

/// The precision of an expected score estimated by simulation.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreEstimate {
    /// Games played.
    pub games: u64,
    /// The dice's seed.
    pub seed: u64,
    /// The mean's standard error, points.
    pub standard_error: f64,
    /// Its 95% confidence interval, points.
    pub interval: [f64; 2],
}

/// One submission graded by its score.
#[derive(Clone, Debug, Serialize)]
pub struct PointsGrade {
    /// The file (or spec) graded.
    pub file: String,
    /// The Python function called (empty for tables and built-ins).
    pub function: String,
    /// `ok`, `estimate` (a simulation's mean) or `error`.
    pub status: &'static str,
    /// Why it could not be graded (empty when graded).
    pub error: String,
    /// Its expected final score, points.
    pub expected_score: Option<f64>,
    /// The optimum's expected score minus its, points.
    pub shortfall: Option<f64>,
    /// Where the score is a simulation's mean, its precision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<ScoreEstimate>,
}

/// The grades of a batch in a game of one player's score, ranked by expected score, then the
/// failures in the given order.
#[derive(Serialize)]
pub struct PointsGradeReport {
    /// The game, the ruleset and its goal.
    #[serde(flatten)]
    pub batch: Batch,
    /// What `optimal_expected_score` is the score of: `the highest expected final score`.
    pub optimal: String,
    /// The optimum's expected final score, points.
    pub optimal_expected_score: f64,
    /// One row per submission, ranked.
    pub submissions: Vec<PointsGrade>,
}

impl PointsGradeReport {
    /// The report of `graded` (ranked) beside the optimum's expected final score (points).
    pub fn new(batch: Batch, optimum: f64, graded: Vec<Graded<Points>>) -> PointsGradeReport {
        let submissions = graded
            .into_iter()
            .map(|graded| {
                let function = graded.function.unwrap_or_default();
                match graded.result {
                    Ok(points) => PointsGrade {
                        file: graded.spec,
                        function,
                        status: if points.estimate.is_some() {
                            "estimate"
                        } else {
                            "ok"
                        },
                        error: String::new(),
                        expected_score: Some(points.expected_score),
                        shortfall: Some(optimum - points.expected_score),
                        estimate: points.estimate,
                    },
                    Err(error) => PointsGrade {
                        file: graded.spec,
                        function,
                        status: "error",
                        error,
                        expected_score: None,
                        shortfall: None,
                        estimate: None,
                    },
                }
            })
            .collect();
        PointsGradeReport {
            batch,
            optimal: "the highest expected final score".to_string(),
            optimal_expected_score: optimum,
            submissions,
        }
    }

    /// How many submissions could not be graded.
    pub fn failed(&self) -> usize {
        self.submissions
            .iter()
            .filter(|g| g.status == "error")
            .count()
    }

    /// The report as CSV: a header, then one row per submission (the interval only for a
    /// simulation's mean), then the ruleset's columns.
    pub fn csv(&self) -> String {
        let number = |x: Option<f64>| x.map_or(String::new(), digits);
        let rows = self.submissions.iter().map(|g| {
            [
                csv_field(&g.file),
                csv_field(&g.function),
                g.status.to_string(),
                csv_field(&g.error),
                number(g.expected_score),
                digits(self.optimal_expected_score),
                number(g.shortfall),
                csv_field(&self.optimal),
                number(g.estimate.as_ref().map(|e| e.interval[0])),
                number(g.estimate.as_ref().map(|e| e.interval[1])),
            ]
        });
        grade_csv(&POINTS_COLUMNS, &self.batch, rows)
    }
}

impl Report for PointsGradeReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} submission(s) playing alone; optimal: {}, expected score {}",
            self.batch.text(),
            self.submissions.len(),
            self.optimal,
            digits(self.optimal_expected_score)
        )?;
        writeln!(
            out,
            "{:>4}  {:<22}  {:<22}  submission",
            "rank", "expected score", "shortfall (points)"
        )?;
        let shown = |x: Option<f64>| x.map_or(String::new(), digits);
        let mut rank = 0;
        for g in &self.submissions {
            let name = submission_name(&g.file, &g.function);
            if g.status == "error" {
                writeln!(out, "{:>4}  error: {}  {name}", "-", g.error)?;
                continue;
            }
            rank += 1;
            writeln!(
                out,
                "{rank:>4}  {:<22}  {:<22}  {name}",
                shown(g.expected_score),
                shown(g.shortfall),
            )?;
            if let Some(e) = &g.estimate {
                writeln!(
                    out,
                    "      an estimate: the mean of {} games (seed {}), ± {:.2} points, 95% \
                     confidence interval [{:.2}, {:.2}]",
                    e.games, e.seed, e.standard_error, e.interval[0], e.interval[1]
                )?;
            }
        }
        Ok(())
    }
}
