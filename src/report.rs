//! What the verbs print: aligned text for people, one JSON object with `--json`.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;
use swine_solver::format::{Probability, probability};
use swine_solver::hog::simulate::Simulation;
use swine_solver::hog::{Matchup, Ruleset};

/// A report a verb prints.
pub trait Report: Serialize {
    /// Writes the report for people.
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// Prints `report` on stdout, as one JSON object when `json`, else as text.
pub fn print(report: &impl Report, json: bool) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, report)?;
        writeln!(out)
    } else {
        report.write_text(&mut out)
    }
}

/// Which match-up a report is about.
#[derive(Serialize)]
pub struct Heading {
    pub rules: String,
    pub goal: u32,
    pub strategy: String,
    pub opponent: String,
}

impl Heading {
    pub fn new(rules: &Ruleset, strategy: &str, opponent: &str) -> Heading {
        Heading {
            rules: rules.name().to_string(),
            goal: rules.goal(),
            strategy: strategy.to_string(),
            opponent: opponent.to_string(),
        }
    }

    fn text(&self) -> String {
        format!(
            "{}, goal {}: {} against {}",
            self.rules, self.goal, self.strategy, self.opponent
        )
    }
}

/// Win rate and both seats.
#[derive(Serialize)]
pub struct Rates {
    pub win_rate: Probability,
    pub as_first: Probability,
    pub as_second: Probability,
}

impl Rates {
    fn new(win_rate: f64, as_first: f64, as_second: f64) -> Rates {
        Rates {
            win_rate: Probability(win_rate),
            as_first: Probability(as_first),
            as_second: Probability(as_second),
        }
    }

    fn exact(matchup: Matchup) -> Rates {
        Rates::new(matchup.win_rate(), matchup.as_first, matchup.as_second)
    }

    /// (label, value) for each row of a text table.
    fn rows(&self) -> [(&'static str, f64); 3] {
        [
            ("win rate", self.win_rate.0),
            ("as first", self.as_first.0),
            ("as second", self.as_second.0),
        ]
    }
}

/// An exact match-up of `strategy` against `opponent`.
#[derive(Serialize)]
pub struct MatchReport {
    #[serde(flatten)]
    pub heading: Heading,
    #[serde(flatten)]
    pub rates: Rates,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player_wins: Option<Probability>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

impl MatchReport {
    pub fn new(rules: &Ruleset, strategy: &str, opponent: &str, matchup: Matchup) -> MatchReport {
        MatchReport {
            heading: Heading::new(rules, strategy, opponent),
            rates: Rates::exact(matchup),
            first_player_wins: None,
            files: Vec::new(),
        }
    }
}

impl Report for MatchReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.heading.text())?;
        if let Some(first) = self.first_player_wins {
            writeln!(out, "  first player wins   {}", percent(first.0))?;
            writeln!(out, "  second player wins  {}", percent(1.0 - first.0))?;
        } else {
            for (label, value) in self.rates.rows() {
                writeln!(out, "  {label:<11}{}", percent(value))?;
            }
        }
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}

/// A Monte Carlo run beside the exact numbers it checks.
#[derive(Serialize)]
pub struct SimulationReport {
    #[serde(flatten)]
    pub heading: Heading,
    pub games_per_seat: u64,
    pub seed: u64,
    pub simulated: Rates,
    pub standard_error: Rates,
    pub exact: Rates,
}

impl SimulationReport {
    pub fn new(heading: Heading, seed: u64, simulation: Simulation, exact: Matchup) -> Self {
        SimulationReport {
            heading,
            games_per_seat: simulation.games_per_seat,
            seed,
            simulated: Rates::new(
                simulation.win_rate(),
                simulation.as_first(),
                simulation.as_second(),
            ),
            standard_error: Rates::new(
                simulation.win_rate_error(),
                simulation.as_first_error(),
                simulation.as_second_error(),
            ),
            exact: Rates::exact(exact),
        }
    }
}

impl Report for SimulationReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}, {} games per seat (seed {})",
            self.heading.text(),
            self.games_per_seat,
            self.seed
        )?;
        writeln!(
            out,
            "  {:<11}{:<21}{:<22}difference",
            "", "simulated", "exact"
        )?;
        let rows = self
            .simulated
            .rows()
            .into_iter()
            .zip(self.standard_error.rows())
            .zip(self.exact.rows());
        for (((label, simulated), (_, error)), (_, exact)) in rows {
            let z = if error > 0.0 {
                (simulated - exact) / error
            } else {
                0.0
            };
            let estimate = format!("{simulated:.5} ± {error:.5}");
            writeln!(
                out,
                "  {label:<11}{estimate:<21}{:<22}{z:+.2} standard errors",
                probability(exact)
            )?;
        }
        Ok(())
    }
}

/// A probability with all 17 significant digits and as a percentage.
fn percent(p: f64) -> String {
    format!("{}  ({:.3}%)", probability(p), 100.0 * p)
}
