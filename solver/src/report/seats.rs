//! Every seat's chance in a game of more than two players (`--players N`): from the start with
//! every seat alike, or a strategy in each seat with its opponent in the others; beside games
//! played, per seat.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::{Heading, Report, Z95, digits};
use crate::format::Probability;

/// A game of N players solved or rated exactly (`solve`, `eval`, `simulate` with
/// `--players N`).
#[derive(Clone, Debug, Serialize)]
pub struct SeatsReport {
    /// Which match-up: the strategy, and the opponent every other seat plays.
    #[serde(flatten)]
    pub heading: Heading,
    /// How many seats play.
    pub players: usize,
    /// Where every seat plays alike: each seat's chance of winning from the start, the first
    /// mover first (summing to 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat_wins: Option<Vec<Probability>>,
    /// The strategy's chance of winning in each seat (moving first, second, ...), the opponent
    /// in every other seat.
    pub strategy_wins: Vec<Probability>,
    /// Its mean over the seats.
    pub mean: Probability,
    /// 1/N: what a seat wins where every seat is alike and the order does not matter.
    pub fair_share: Probability,
    /// With the strategy in each seat (one list per seat it takes), every seat's chance, the
    /// first mover first.
    pub seatings: Vec<Vec<Probability>>,
    /// Where the chances come from a fixpoint: the largest change one more valuation of every
    /// turn start makes (none where they are summed directly, as Yahtzee's cards played
    /// apart).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub residual: Option<f64>,
    /// Where there is a fixpoint: the sweeps over every turn start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweeps: Option<usize>,
    /// Games played beside the exact chances, where asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulated: Option<SimulatedSeats>,
    /// Whether the seats play apart, none affecting another (the cards of a game whose value
    /// is each player's own score): a seat's place in the order does not matter then, and no
    /// seat is said to move first.
    #[serde(skip)]
    pub apart: bool,
    /// How the numbers are to be read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

/// Seeded games of every seating, the strategy's wins counted in each seat.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedSeats {
    /// Games per seating.
    pub games: u64,
    /// The seed of the first seating's games (each next seating's is one more).
    pub seed: u64,
    /// The share of games the strategy won in each seat.
    pub strategy_wins: Vec<f64>,
    /// The standard error of each share, from the exact chance.
    pub standard_error: Vec<f64>,
    /// How many standard errors each share lies from the exact chance.
    pub z: Vec<f64>,
}

impl SeatsReport {
    /// The report of `seatings` (with the strategy in seat k, every seat's chance from the
    /// start, the first mover first), `alike` where every seat plays the same; `fixpoint` the
    /// residual and sweeps where they were solved by sweeps.
    pub fn new(
        heading: Heading,
        seatings: Vec<Vec<f64>>,
        alike: bool,
        fixpoint: Option<(f64, usize)>,
    ) -> SeatsReport {
        let players = seatings.len();
        let strategy_wins: Vec<f64> = seatings.iter().enumerate().map(|(k, w)| w[k]).collect();
        let mean = strategy_wins.iter().sum::<f64>() / players as f64;
        let probabilities = |list: &[f64]| list.iter().map(|&p| Probability(p)).collect();
        SeatsReport {
            heading,
            players,
            seat_wins: alike.then(|| probabilities(&seatings[0])),
            strategy_wins: probabilities(&strategy_wins),
            mean: Probability(mean),
            fair_share: Probability(1.0 / players as f64),
            seatings: seatings.iter().map(|w| probabilities(w)).collect(),
            residual: fixpoint.map(|(residual, _)| residual),
            sweeps: fixpoint.map(|(_, sweeps)| sweeps),
            simulated: None,
            apart: false,
            notes: Vec::new(),
            files: Vec::new(),
        }
    }

    /// The same with `games` per seating counted, `won[k]` of them won by the strategy in seat
    /// k (a game tied among the highest counting as its share), seeded from `seed`.
    pub fn simulated(mut self, games: u64, seed: u64, won: &[f64]) -> SeatsReport {
        let shares: Vec<f64> = won.iter().map(|&w| w / games as f64).collect();
        let errors: Vec<f64> = self
            .strategy_wins
            .iter()
            .map(|p| (p.0 * (1.0 - p.0) / games as f64).sqrt())
            .collect();
        let z = shares
            .iter()
            .zip(&self.strategy_wins)
            .zip(&errors)
            .map(|((s, p), e)| if *e > 0.0 { (s - p.0) / e } else { 0.0 })
            .collect();
        self.simulated = Some(SimulatedSeats {
            games,
            seed,
            strategy_wins: shares,
            standard_error: errors,
            z,
        });
        self
    }
}

impl SeatsReport {
    /// `seat 1 (moves first)`, `seat 2`, ...; where the seats play apart, `seat 1`, `seat 2`,
    /// ... (the order does not matter).
    fn seat(&self, k: usize) -> String {
        if k == 0 && !self.apart {
            "seat 1 (moves first)".to_string()
        } else {
            format!("seat {}", k + 1)
        }
    }
}

impl Report for SeatsReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}, {} players", self.heading.text(), self.players)?;
        if let Some(wins) = &self.seat_wins {
            writeln!(out, "  every seat's chance of winning, every seat alike:")?;
            for (k, p) in wins.iter().enumerate() {
                writeln!(out, "    {:<22}{}", self.seat(k), digits(p.0))?;
            }
        } else {
            writeln!(
                out,
                "  {}'s chance of winning in each seat, {} in the others:",
                self.heading.strategy,
                self.heading.opponent()
            )?;
            for (k, p) in self.strategy_wins.iter().enumerate() {
                writeln!(out, "    {:<22}{}", self.seat(k), digits(p.0))?;
            }
            writeln!(
                out,
                "    {:<22}{}  (a fair share is {})",
                "mean",
                digits(self.mean.0),
                digits(self.fair_share.0)
            )?;
        }
        if let Some(s) = &self.simulated {
            writeln!(
                out,
                "  {} games per seat, seed {}: the share won in each seat",
                s.games, s.seed
            )?;
            for (k, share) in s.strategy_wins.iter().enumerate() {
                writeln!(
                    out,
                    "    {:<22}{share:.4} ± {:.4}  (z = {:+.2})",
                    self.seat(k),
                    Z95 * s.standard_error[k],
                    s.z[k]
                )?;
            }
        }
        if let (Some(residual), Some(sweeps)) = (self.residual, self.sweeps) {
            writeln!(
                out,
                "  residual {residual:.1e} after {sweeps} sweep{}",
                if sweeps == 1 { "" } else { "s" }
            )?;
        }
        for note in &self.notes {
            writeln!(out, "  {note}")?;
        }
        for file in &self.files {
            writeln!(out, "  wrote {}", file.display())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Batch, text};

    /// Three seats of one strategy against another: the first seat moves first, unless the
    /// seats play apart (then no seat is said to move first).
    #[test]
    fn no_seat_moves_first_where_the_seats_play_apart() {
        let heading = Heading {
            batch: Batch {
                game: "yahtzee",
                rules: "yahtzee".to_string(),
                goal: None,
            },
            strategy: "optimal".to_string(),
            opponent: Some("thumb".to_string()),
        };
        let seatings = (0..3)
            .map(|k| (0..3).map(|j| if j == k { 0.5 } else { 0.25 }).collect())
            .collect();
        let mut report = SeatsReport::new(heading, seatings, false, None);
        let said = text(&report);
        assert!(said.contains("    seat 1 (moves first)  0.5"), "{said}");
        report.apart = true;
        let said = text(&report);
        assert!(!said.contains("moves first"), "{said}");
        assert!(said.contains("    seat 1                0.5"), "{said}");
        assert!(said.contains("    seat 3                0.5"), "{said}");
    }
}
