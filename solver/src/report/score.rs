//! One player alone in a game of one player's score (its record's kind of value is an expected
//! score): the exact final score (`eval`, `solve` without `--vs`) and seeded games beside it
//! (`simulate`). There is no opponent to be "against": the heading names none.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::place::in_order;
use super::simulation::Z95;
use super::{Heading, Report, digits, write_notes};

/// A final score's spread: the least scores with 5%, 25%, 50%, 75% and 95% of games at or
/// below them.
pub const QUANTILES: [f64; 5] = [0.05, 0.25, 0.5, 0.75, 0.95];

/// A strategy's exact final score, playing alone, from the start or from a position.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    /// The game, its rules and the strategy (no opponent).
    #[serde(flatten)]
    pub heading: Heading,
    /// The position it plays on from, by its parts' names, in order (none: the start).
    #[serde(serialize_with = "in_order", skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<(String, i64)>,
    /// The position in words (none: the start).
    #[serde(skip)]
    pub from_text: String,
    /// The expected final score, in the game's unit (points).
    pub expected_score: f64,
    /// Its standard deviation, points.
    pub sd: f64,
    /// Its median, points (the least score with at least half the games at or below it).
    pub median: u32,
    /// The scores at the [`QUANTILES`], in their order.
    pub quantiles: Vec<u32>,
    /// P(final score = s), by s from 0 to the highest score with any chance.
    #[serde(skip)]
    pub probabilities: Vec<f64>,
    /// P(final score ≥ t), by t from 0 to the highest score with any chance, where asked for
    /// ([`list`](Self::list)): up to the median 1 − P(score < t), above it P(score ≥ t), each
    /// summed from its own end, so P(score ≥ 0) is 1 and the far tail keeps its digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<Vec<f64>>,
    /// The target a strategy that plays for one aims at, and P(final score ≥ it).
    #[serde(flatten)]
    pub reaching: Option<Reaching>,
    /// Sentences about the numbers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

impl ScoreReport {
    /// The report of the final score distributed as `probabilities` (P(score = s) by s; the
    /// last with any chance ends it), under `heading`.
    pub fn of(heading: Heading, probabilities: &[f64]) -> ScoreReport {
        let last = probabilities.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        let probabilities = probabilities[..=last].to_vec();
        ScoreReport {
            heading,
            from: Vec::new(),
            from_text: String::new(),
            expected_score: mean(&probabilities),
            sd: sd(&probabilities),
            median: quantile(&probabilities, 0.5) as u32,
            quantiles: QUANTILES
                .map(|q| quantile(&probabilities, q) as u32)
                .to_vec(),
            probabilities,
            at_least: None,
            reaching: None,
            notes: Vec::new(),
            files: Vec::new(),
        }
    }

    /// Lists P(final score ≥ t) for every t (in [`at_least`](Self::at_least)).
    pub fn list(&mut self) {
        let median = self.median as usize;
        let mut below = 0.0;
        let mut listed: Vec<f64> = self.probabilities[..=median]
            .iter()
            .map(|&p| {
                let at_least = 1.0 - below;
                below += p;
                at_least
            })
            .collect();
        let mut tail = 0.0;
        let mut above: Vec<f64> = self.probabilities[median + 1..]
            .iter()
            .rev()
            .map(|&p| {
                tail += p;
                tail
            })
            .collect();
        above.reverse();
        listed.extend(above);
        self.at_least = Some(listed);
    }

    /// The distribution as CSV: `score,probability,at_least` for every score from 0 to the
    /// highest with any chance, each number as few digits as read back the same (`0.0` and
    /// `1.0` where they are so).
    pub fn csv(&self) -> String {
        let mut listed = self.clone();
        listed.list();
        let at_least = listed.at_least.unwrap_or_default();
        let mut csv = "score,probability,at_least\n".to_string();
        for (s, (p, tail)) in self.probabilities.iter().zip(&at_least).enumerate() {
            csv.push_str(&format!("{s},{p:?},{tail:?}\n"));
        }
        csv
    }
}

/// The mean of a score distributed as `probabilities` (P(score = s) by s).
pub fn mean(probabilities: &[f64]) -> f64 {
    probabilities
        .iter()
        .enumerate()
        .map(|(s, p)| s as f64 * p)
        .sum()
}

/// The standard deviation of a score distributed as `probabilities`.
pub fn sd(probabilities: &[f64]) -> f64 {
    let mean = mean(probabilities);
    probabilities
        .iter()
        .enumerate()
        .map(|(s, p)| (s as f64 - mean).powi(2) * p)
        .sum::<f64>()
        .sqrt()
}

/// The least score `s` with P(score ≤ s) ≥ `q` of a score distributed as `probabilities`
/// (the median at ½).
pub fn quantile(probabilities: &[f64], q: f64) -> usize {
    let mut cumulative = 0.0;
    probabilities
        .iter()
        .position(|&p| {
            cumulative += p;
            cumulative >= q
        })
        .unwrap_or(probabilities.len().saturating_sub(1))
}

/// The steps between the scores at which a text report gives P(final score ≥ t): the least
/// that shows fewer than [`SHOWN_ROWS`] rows.
const SHOWN_STEPS: [usize; 6] = [1, 2, 5, 10, 25, 50];

/// The most rows of P(final score ≥ t) a text report shows (but where it must step by 100).
const SHOWN_ROWS: usize = 25;

/// A text report gives P(final score ≥ t) between this and 1 less this.
const SHOWN_FROM: f64 = 0.0005;

/// A target score and the chance of reaching it (`target:T`).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reaching {
    /// The target, points.
    pub target: u32,
    /// P(final score ≥ the target).
    pub p_at_least: f64,
}

impl Report for ScoreReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.heading.text())?;
        if !self.from_text.is_empty() {
            writeln!(out, "  from {}", self.from_text)?;
        }
        writeln!(
            out,
            "  expected final score  {}  (sd {:.4})",
            digits(self.expected_score),
            self.sd
        )?;
        let quantiles: Vec<String> = self.quantiles.iter().map(u32::to_string).collect();
        writeln!(
            out,
            "  5% 25% 50% 75% 95%    {}  (median {})",
            quantiles.join(" "),
            self.median
        )?;
        if let Some(at_least) = &self.at_least {
            writeln!(
                out,
                "  P(final score >= t)   (every t: --json, or a CSV file)"
            )?;
            let told = |p: &f64| (SHOWN_FROM..=1.0 - SHOWN_FROM).contains(p);
            let first = at_least.iter().position(told).unwrap_or(0);
            let last = at_least.iter().rposition(told).unwrap_or(0);
            let step = SHOWN_STEPS
                .into_iter()
                .find(|step| (last - first) / step < SHOWN_ROWS)
                .unwrap_or(100);
            let shown = at_least
                .iter()
                .enumerate()
                .skip(first.div_ceil(step) * step);
            for (t, p) in shown.step_by(step).filter(|(_, p)| told(p)) {
                writeln!(out, "    {t:>5}  {}", digits(*p))?;
            }
        }
        if let Some(reaching) = &self.reaching {
            writeln!(
                out,
                "  P(score >= {})  {}",
                reaching.target,
                digits(reaching.p_at_least)
            )?;
        }
        write_notes(&self.notes, out)?;
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}

/// Scores of seeded games: their mean, spread and the mean's standard error.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedScore {
    /// The games played.
    pub games: u64,
    /// Their mean final score, points.
    pub mean_score: f64,
    /// The final scores' standard deviation, points.
    pub sd: f64,
    /// The mean's standard error, points (sd / √games).
    pub standard_error: f64,
}

impl SimulatedScore {
    /// The mean, spread and standard error of `scores`.
    pub fn of(scores: &[f64]) -> SimulatedScore {
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        SimulatedScore {
            games: scores.len() as u64,
            mean_score: mean,
            sd: variance.sqrt(),
            standard_error: (variance / n).sqrt(),
        }
    }
}

/// The exact number a simulation of one player samples.
#[derive(Clone, Debug, Serialize)]
pub struct ExactScore {
    /// The expected final score, points.
    pub expected_score: f64,
}

/// Seeded games of one strategy alone, beside its exact expected score where that is known.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreSimulationReport {
    /// The game, its rules and the strategy (no opponent).
    #[serde(flatten)]
    pub heading: Heading,
    /// The dice's seed.
    pub seed: u64,
    /// The games' scores.
    pub simulated: SimulatedScore,
    /// The exact expected score, where it is known (a strategy asked as it plays is not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactScore>,
    /// How many standard errors the simulated mean lies from the exact expected score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub z: Option<f64>,
}

impl ScoreSimulationReport {
    /// Games of `heading`'s strategy seeded by `seed` that scored `scores`, beside `exact`.
    pub fn new(heading: Heading, seed: u64, scores: &[f64], exact: Option<f64>) -> Self {
        let simulated = SimulatedScore::of(scores);
        let z = exact.map(|e| (simulated.mean_score - e) / simulated.standard_error);
        ScoreSimulationReport {
            heading,
            seed,
            simulated,
            exact: exact.map(|expected_score| ExactScore { expected_score }),
            z,
        }
    }
}

impl Report for ScoreSimulationReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.simulated;
        writeln!(
            out,
            "{}: {} games, seed {}",
            self.heading.text(),
            s.games,
            self.seed
        )?;
        writeln!(
            out,
            "  simulated mean score  {:.4} ± {:.4}  (sd {:.4}; 95%: {:.4} to {:.4})",
            s.mean_score,
            s.standard_error,
            s.sd,
            s.mean_score - Z95 * s.standard_error,
            s.mean_score + Z95 * s.standard_error
        )?;
        if let (Some(exact), Some(z)) = (&self.exact, self.z) {
            writeln!(
                out,
                "  exact expected score  {}  (z = {z:+.2})",
                digits(exact.expected_score)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simulated_score_is_its_mean_sd_and_standard_error() {
        // Scores 1, 2, 3, 4: mean 2.5, sample variance 5/3, standard error sqrt(5/12).
        let s = SimulatedScore::of(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(s.mean_score, 2.5);
        assert!((s.sd - (5.0f64 / 3.0).sqrt()).abs() < 1e-15);
        assert!((s.standard_error - (5.0f64 / 12.0).sqrt()).abs() < 1e-15);
        assert_eq!(s.games, 4);
    }
}
