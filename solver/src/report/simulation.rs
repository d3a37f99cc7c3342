//! Seeded games beside the exact numbers they check ([`SimulationReport`]), or alone where no
//! exact value can be had ([`EstimateReport`]).

use std::io::{self, Write};

use serde::Serialize;

use super::{Heading, Rates, Report, Results, digits, write_notes};
use crate::outcome::{Outcome, SeatOutcome, Simulation, independent_mean};

/// A Monte Carlo estimate where no exact value could be had: the observed rates, their
/// standard errors (from the observed frequencies) and 95% confidence intervals.
#[derive(Clone, Debug, Serialize)]
pub struct EstimateReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// Games played with each seat moving first.
    pub games_per_seat: u64,
    /// The dice's seed.
    pub seed: u64,
    /// Observed frequencies.
    pub simulated: Rates,
    /// Their standard errors.
    pub standard_error: Rates,
    /// Why there is no exact value beside it.
    pub notes: Vec<String>,
}

/// Standard errors either side of a 95% confidence interval.
pub const Z95: f64 = 1.96;

impl EstimateReport {
    /// The report of `simulation`, an estimate only, for the reason `note`.
    pub fn new(heading: Heading, seed: u64, simulation: Simulation, note: String) -> Self {
        let games = simulation.games_per_seat();
        let observed = simulation.observed();
        EstimateReport {
            heading,
            games_per_seat: games,
            seed,
            simulated: Rates::exact(observed),
            standard_error: Rates::new(
                observed.win_rate_error(games),
                observed.first.value_error(games),
                observed.second.value_error(games),
            ),
            notes: vec![note],
        }
    }
}

impl Report for EstimateReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write_games(
            out,
            &self.heading,
            (self.games_per_seat, self.seed),
            ": an estimate, not exact",
        )?;
        write_columns(out, "95% confidence interval")?;
        let rows = [
            (
                "win rate",
                self.simulated.win_rate,
                self.standard_error.win_rate,
            ),
            (
                "as first",
                self.simulated.as_first,
                self.standard_error.as_first,
            ),
            (
                "as second",
                self.simulated.as_second,
                self.standard_error.as_second,
            ),
        ];
        for (label, value, error) in rows {
            let estimate = estimate(value.0, error.0);
            writeln!(
                out,
                "  {label:<11}{estimate:<19}  [{:.5}, {:.5}]",
                value.0 - Z95 * error.0,
                value.0 + Z95 * error.0
            )?;
        }
        write_notes(&self.notes, out)
    }
}

/// The first line of a simulation's text: the match-up, the games per seat and the seed
/// (`(games, seed)`), then `then`.
fn write_games(
    out: &mut dyn Write,
    heading: &Heading,
    (games, seed): (u64, u64),
    then: &str,
) -> io::Result<()> {
    writeln!(
        out,
        "{}, {games} games per seat (seed {seed}){then}",
        heading.text()
    )
}

/// The column headings of a simulation's table: "simulated", then `rest`.
fn write_columns(out: &mut dyn Write, rest: &str) -> io::Result<()> {
    writeln!(out, "  {:<11}{:<21}{rest}", "", "simulated")
}

/// A simulated frequency with its standard error, as the tables print it.
fn estimate(value: f64, error: f64) -> String {
    format!("{value:.5} ± {error:.5}")
}

/// Observed quantities of a simulation, their standard errors or the exact values.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedRates {
    /// Win rate and both seats' values.
    #[serde(flatten)]
    pub rates: Rates,
    /// For games with ties: win, tie and loss averaged over the seats.
    #[serde(flatten)]
    pub results: Option<Results>,
}

/// A Monte Carlo run beside the exact numbers it checks.
#[derive(Clone, Debug, Serialize)]
pub struct SimulationReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// Games played with each seat moving first.
    pub games_per_seat: u64,
    /// The dice's seed.
    pub seed: u64,
    /// Observed frequencies.
    pub simulated: SimulatedRates,
    /// Their standard errors.
    pub standard_error: SimulatedRates,
    /// The exact probabilities.
    pub exact: SimulatedRates,
    /// How far each estimate is from the exact value, in standard errors.
    pub z: SimulatedRates,
}

impl SimulationReport {
    /// The report of `simulation` beside the `exact` match-up, in a game without ties. The
    /// standard errors are those of `games_per_seat` games with the exact probabilities.
    pub fn new(heading: Heading, seed: u64, simulation: Simulation, exact: Outcome) -> Self {
        let games = simulation.games_per_seat();
        let errors = [
            exact.first.value_error(games),
            exact.second.value_error(games),
        ];
        let simulated = SimulatedRates {
            rates: Rates::new(
                simulation.win_rate(),
                simulation.first.value(),
                simulation.second.value(),
            ),
            results: None,
        };
        let standard_error = SimulatedRates {
            rates: Rates::new(exact.win_rate_error(games), errors[0], errors[1]),
            results: None,
        };
        let exact = SimulatedRates {
            rates: Rates::exact(exact),
            results: None,
        };
        let z = simulated.z(&standard_error, &exact);
        SimulationReport {
            heading,
            games_per_seat: games,
            seed,
            simulated,
            standard_error,
            exact,
            z,
        }
    }

    /// The report of a game where ties are rare (a game that never ends): with win, tie and
    /// loss where the exact match-up or the simulation has a tie, without them otherwise.
    pub fn ties_if_any(
        heading: Heading,
        seed: u64,
        simulation: Simulation,
        exact: Outcome,
    ) -> Self {
        if exact.first.tie > 0.0 || exact.second.tie > 0.0 || simulation.averaged().tie > 0.0 {
            SimulationReport::with_ties(heading, seed, simulation, exact)
        } else {
            SimulationReport::new(heading, seed, simulation, exact)
        }
    }

    /// The same, in a game with ties: win, tie and loss (averaged over the seats) too.
    pub fn with_ties(heading: Heading, seed: u64, simulation: Simulation, exact: Outcome) -> Self {
        let mut report = SimulationReport::new(heading, seed, simulation, exact);
        let games = simulation.games_per_seat();
        let [first, second] = [exact.first, exact.second].map(|s| s.frequency_errors(games));
        report.simulated.results = Some(Results::new(simulation.averaged()));
        report.standard_error.results = Some(Results::new(SeatOutcome {
            win: independent_mean([first.win, second.win]),
            tie: independent_mean([first.tie, second.tie]),
            loss: independent_mean([first.loss, second.loss]),
        }));
        report.exact.results = Some(Results::new(exact.averaged()));
        report.z = report.simulated.z(&report.standard_error, &report.exact);
        report
    }
}

impl SimulatedRates {
    /// Every row as (label, value): the rates, then win, tie and loss if present.
    fn rows(&self) -> Vec<(&'static str, f64)> {
        let mut rows = self.rates.rows().to_vec();
        if let Some(results) = &self.results {
            rows.extend(["win", "tie", "loss"].into_iter().zip(results.values()));
        }
        rows
    }

    /// (simulated − exact) / standard error for every row; 0 where the error is 0 (a certain
    /// result, which every game reproduces).
    fn z(&self, error: &SimulatedRates, exact: &SimulatedRates) -> SimulatedRates {
        let z = |simulated: f64, error: f64, exact: f64| {
            if error > 0.0 {
                (simulated - exact) / error
            } else {
                0.0
            }
        };
        let rate =
            |pick: fn(&Rates) -> f64| z(pick(&self.rates), pick(&error.rates), pick(&exact.rates));
        SimulatedRates {
            rates: Rates::new(
                rate(|r| r.win_rate.0),
                rate(|r| r.as_first.0),
                rate(|r| r.as_second.0),
            ),
            results: match (&self.results, &error.results, &exact.results) {
                (Some(s), Some(e), Some(x)) => {
                    let [s, e, x] = [s.values(), e.values(), x.values()];
                    Some(Results::new(SeatOutcome {
                        win: z(s[0], e[0], x[0]),
                        tie: z(s[1], e[1], x[1]),
                        loss: z(s[2], e[2], x[2]),
                    }))
                }
                _ => None,
            },
        }
    }
}

impl Report for SimulationReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write_games(out, &self.heading, (self.games_per_seat, self.seed), "")?;
        write_columns(out, &format!("{:<22}difference", "exact"))?;
        let table = self
            .simulated
            .rows()
            .into_iter()
            .zip(self.standard_error.rows())
            .zip(self.exact.rows())
            .zip(self.z.rows());
        for ((((label, simulated), (_, error)), (_, exact)), (_, z)) in table {
            let estimate = estimate(simulated, error);
            // Two spaces part the columns even when a tiny probability prints long.
            writeln!(
                out,
                "  {label:<11}{estimate:<19}  {:<20}  {z:+.2} standard errors",
                digits(exact)
            )?;
        }
        Ok(())
    }
}
