//! An exact match-up (`eval`, `solve`): the win rate and both seats, win, tie and loss where a
//! game can tie, and what `--exact`, `--bounds`, `--explain` and a table search add.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::place::{Place, heading};
use super::{Heading, Report, digits, percent, write_notes};
use crate::bounds::BoundedRates;
use crate::format::{Probability, probability};
use crate::fraction::{ExactRates, Fraction};
use crate::outcome::{Outcome, SeatOutcome};

/// Win rate and both seats' values.
#[derive(Clone, Debug, Serialize)]
pub struct Rates {
    /// The course's win rate: the two seats' values averaged.
    pub win_rate: Probability,
    /// The value moving first.
    pub as_first: Probability,
    /// The value moving second.
    pub as_second: Probability,
}

impl Rates {
    /// The rates `win_rate`, `as_first`, `as_second`.
    pub fn new(win_rate: f64, as_first: f64, as_second: f64) -> Rates {
        Rates {
            win_rate: Probability(win_rate),
            as_first: Probability(as_first),
            as_second: Probability(as_second),
        }
    }

    /// The rates of a match-up.
    pub fn exact(matchup: Outcome) -> Rates {
        Rates::new(matchup.win_rate(), matchup.as_first(), matchup.as_second())
    }

    /// (label, value) for each row of a text table.
    pub fn rows(&self) -> [(&'static str, f64); 3] {
        [
            ("win rate", self.win_rate.0),
            ("as first", self.as_first.0),
            ("as second", self.as_second.0),
        ]
    }
}

/// P(win), P(tie), P(loss) of one seat, or averaged.
#[derive(Clone, Debug, Serialize)]
pub struct Results {
    /// P(win).
    pub win: Probability,
    /// P(tie).
    pub tie: Probability,
    /// P(loss).
    pub loss: Probability,
}

impl Results {
    /// The results of a seat.
    pub fn new(seat: SeatOutcome) -> Results {
        Results {
            win: Probability(seat.win),
            tie: Probability(seat.tie),
            loss: Probability(seat.loss),
        }
    }

    /// `[win, tie, loss]`.
    pub fn values(&self) -> [f64; 3] {
        [self.win.0, self.tie.0, self.loss.0]
    }
}

/// Win, tie and loss for games that can tie: averaged over the seats (for minimax: the first
/// player's) and per seat.
#[derive(Clone, Debug, Serialize)]
pub struct TieReport {
    /// Averaged over the two seats, or the first player's under minimax.
    #[serde(flatten)]
    pub results: Results,
    /// Moving first.
    pub first: Results,
    /// Moving second.
    pub second: Results,
}

/// A game's own account of a solve beside the numbers every game reports (Chopsticks' levels
/// and counts): a JSON value under `details`, and its text.
#[derive(Clone, Debug)]
pub struct Details {
    /// What JSON shows under `details`.
    pub json: serde_json::Value,
    /// What text shows, after the numbers.
    pub text: String,
}

impl Serialize for Details {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json.serialize(serializer)
    }
}

/// An exact match-up of `strategy` against `opponent`.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// Its exact win rates.
    #[serde(flatten)]
    pub rates: Rates,
    /// For games with ties: win, tie and loss.
    #[serde(flatten)]
    pub ties: Option<TieReport>,
    /// Under minimax, the first player's value (P(win) + ½·P(tie)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player_wins: Option<Probability>,
    /// Where the values come from a fixpoint (positions repeat): how far they are from the
    /// game's equations (largest |V − TV|).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub residual: Option<f64>,
    /// Sentences about the numbers (what a tie is, how the table reads, how it was found).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// With `--explain`: the cells where a single change gains the most, largest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Vec<Lost>>,
    /// With `--exact`: the same rates as reduced fractions `"N/D"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactRates>,
    /// With `--bounds`: intervals that provably hold the same rates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<BoundedRates>,
    /// With `--exact`, where the strategy optimises: the states whose best choices are worth
    /// exactly the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_ties: Option<ExactTies>,
    /// The game's own account (Chopsticks' levels and counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Details>,
    /// Files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

/// The states where an optimising strategy's best choices are worth exactly the same: it takes
/// the first listed.
#[derive(Clone, Debug, Serialize)]
pub struct ExactTies {
    /// How many states.
    pub count: usize,
    /// Each state, by increasing total score (`solve` only; `eval` gives the count).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<TiedState>,
}

/// A state with several exactly equal best choices.
#[derive(Clone, Debug, Serialize)]
pub struct TiedState {
    /// The state, by its parts (the two scores, then the game's own: memories, a turn total).
    #[serde(flatten)]
    pub at: Place,
    /// The equally good choices, as the game names them, the one taken first.
    pub choices: Vec<String>,
}

/// Tied states listed in text before the rest are left to `--json`.
const TIES_SHOWN: usize = 10;

/// A fraction's line in text: its first 40 decimals (cut off), then the fraction itself if
/// short, else the digits of its numerator and denominator.
fn fraction_text(fraction: &Fraction) -> String {
    let (top, bottom) = fraction.digits();
    let exact = if top + bottom <= 40 {
        fraction.to_string()
    } else {
        format!("N/D of {top}/{bottom} digits")
    };
    format!("{}…  {exact}", fraction.decimals(40))
}

/// Writes the exact block of a report: the fractions, then the ties. Where games can never end
/// (`endless`), the fractions are values, win + tie/2, as the float columns say.
fn write_exact(
    exact: &ExactRates,
    ties: Option<&ExactTies>,
    endless: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    if endless {
        writeln!(out, "  exact values (win + tie/2), as reduced fractions:")?;
    } else {
        writeln!(out, "  exact, as reduced fractions:")?;
    }
    for (label, fraction) in exact.rows() {
        writeln!(out, "    {label:<18}{}", fraction_text(fraction))?;
    }
    let Some(ties) = ties else {
        return Ok(());
    };
    if ties.count == 0 {
        writeln!(
            out,
            "  exact ties: none (every best choice is strictly best)"
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "  exact ties: {} states where the best choices are worth exactly the same (the first \
         listed is taken)",
        ties.count
    )?;
    for tie in ties.states.iter().take(TIES_SHOWN) {
        writeln!(out, "    {}: {}", tie.at.text(), tie.choices.join(", "))?;
    }
    if ties.states.len() > TIES_SHOWN {
        writeln!(
            out,
            "    and {} more (all in --json)",
            ties.states.len() - TIES_SHOWN
        )?;
    }
    Ok(())
}

/// A cell where changing the strategy's choice alone raises its win rate.
#[derive(Clone, Debug, Serialize)]
pub struct Lost {
    /// The cell, by its parts (the two scores, then the game's own: whether the opponent has
    /// just passed, a turn total, where a change is then one state's).
    #[serde(flatten)]
    pub at: Place,
    /// What the strategy chooses, as the game names it (`3 dice`, `pass`, `roll`).
    pub chosen: String,
    /// The choice that gains the most.
    pub best: String,
    /// The expected number of times a game reaches the cell with the strategy to move (its
    /// probability, where a game cannot come back), each seat first in half the games.
    pub reach: Probability,
    /// The exact rise of the win rate if the cell alone chose `best`.
    pub gain: Probability,
}

/// Writes the cells of `--explain` as an aligned table, a column for each part of a cell.
pub fn write_lost(lost: &[Lost], out: &mut dyn Write) -> io::Result<()> {
    let Some(first) = lost.first() else {
        return writeln!(out, "  no single change of one cell raises the win rate");
    };
    let columns: Vec<(String, usize)> = first
        .at
        .0
        .iter()
        .enumerate()
        .map(|(column, (name, _))| {
            let heading = heading(name);
            let widest = lost
                .iter()
                .filter_map(|l| l.at.0.get(column))
                .map(|(_, value)| value.to_string().len())
                .max()
                .unwrap_or(0);
            let width = widest.max(heading.len()).max(5);
            (heading, width)
        })
        .collect();
    let width = lost
        .iter()
        .flat_map(|l| [l.chosen.len(), l.best.len()])
        .max()
        .unwrap_or(0)
        .max(6);
    let headings: Vec<String> = columns.iter().map(|(h, w)| format!("{h:>w$}")).collect();
    writeln!(
        out,
        "  where it loses (one cell changed alone, exact gains):\n  {}  {:>width$}  {:>width$}  {:<22}  gain",
        headings.join("  "),
        "chosen",
        "best",
        "reach"
    )?;
    for l in lost {
        let parts: Vec<String> = columns
            .iter()
            .zip(&l.at.0)
            .map(|((_, w), (_, value))| format!("{value:>w$}"))
            .collect();
        writeln!(
            out,
            "  {}  {:>width$}  {:>width$}  {:<22}  {}",
            parts.join("  "),
            l.chosen,
            l.best,
            digits(l.reach.0),
            digits(l.gain.0)
        )?;
    }
    Ok(())
}

impl MatchReport {
    /// The report of an exact match-up in a game without ties.
    pub fn new(heading: Heading, matchup: Outcome) -> MatchReport {
        MatchReport {
            heading,
            rates: Rates::exact(matchup),
            ties: None,
            first_player_wins: None,
            residual: None,
            notes: Vec::new(),
            explain: None,
            exact: None,
            exact_ties: None,
            bounds: None,
            details: None,
            files: Vec::new(),
        }
    }

    /// The report of an exact match-up in a game with ties, whose solve left `residual`. When
    /// both players optimise (`minimax`), the first player's value is reported, and the summary
    /// `win`, `tie` and `loss` are the first player's; otherwise they are averaged over the
    /// seats.
    pub fn with_ties(
        heading: Heading,
        matchup: Outcome,
        residual: f64,
        minimax: bool,
    ) -> MatchReport {
        let summary = if minimax {
            matchup.first
        } else {
            matchup.averaged()
        };
        MatchReport {
            first_player_wins: minimax.then_some(Probability(matchup.as_first())),
            ties: Some(TieReport {
                results: Results::new(summary),
                first: Results::new(matchup.first),
                second: Results::new(matchup.second),
            }),
            residual: Some(residual),
            ..MatchReport::new(heading, matchup)
        }
    }

    /// The report of a match-up in a game whose only ties are games that never end: with win,
    /// tie and loss (and a note saying what a tie is) where a game may never end, else the
    /// rates alone, the first player's value under `minimax`, the residual where `fixpoint`.
    pub fn endless(
        heading: Heading,
        matchup: Outcome,
        residual: f64,
        (minimax, fixpoint): (bool, bool),
    ) -> MatchReport {
        if matchup.first.tie > 0.0 || matchup.second.tie > 0.0 {
            let mut report = MatchReport::with_ties(heading, matchup, residual, minimax);
            report
                .notes
                .push("a tie is a game that never ends: a win for neither player".into());
            return report;
        }
        let mut report = MatchReport::new(heading, matchup);
        report.first_player_wins = minimax.then_some(Probability(matchup.as_first()));
        report.residual = fixpoint.then_some(residual);
        report
    }

    fn write_ties(&self, ties: &TieReport, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "  {:<11}{:<26}{:<26}{:<26}value",
            "", "win", "tie", "loss"
        )?;
        let rows = [
            ("as first", &ties.first, self.rates.as_first.0),
            ("as second", &ties.second, self.rates.as_second.0),
        ];
        // Under minimax the first player's results are the summary; otherwise the average.
        let average = self.first_player_wins.is_none().then_some((
            "average",
            &ties.results,
            self.rates.win_rate.0,
        ));
        for (label, results, value) in rows.into_iter().chain(average) {
            let [win, tie, loss] = results.values();
            // Tiny probabilities print more digits: two spaces always part the columns.
            writeln!(
                out,
                "  {label:<11}{:<24}  {:<24}  {:<24}  {}",
                digits(win),
                digits(tie),
                digits(loss),
                digits(value)
            )?;
        }
        match self.first_player_wins {
            Some(first) => writeln!(
                out,
                "  first player's value  {}  (win + tie/2, both optimal)",
                percent(first.0)
            )?,
            None => writeln!(
                out,
                "  win rate   {}  (win + tie/2, averaged over the seats)",
                percent(self.rates.win_rate.0)
            )?,
        }
        if let Some(residual) = self.residual {
            writeln!(
                out,
                "  residual   {residual:.1e}  (largest |V - TV| over all states)"
            )?;
        }
        Ok(())
    }
}

impl Report for MatchReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.heading.text())?;
        if let Some(ties) = &self.ties {
            self.write_ties(ties, out)?;
        } else {
            if let Some(first) = self.first_player_wins {
                writeln!(out, "  first player wins   {}", percent(first.0))?;
                writeln!(out, "  second player wins  {}", percent(1.0 - first.0))?;
            } else {
                for (label, value) in self.rates.rows() {
                    writeln!(out, "  {label:<11}{}", percent(value))?;
                }
            }
            if let Some(residual) = self.residual {
                writeln!(
                    out,
                    "  residual   {residual:.1e}  (largest |V - TV| over the states solved to a fixpoint)"
                )?;
            }
        }
        write_notes(&self.notes, out)?;
        if let Some(exact) = &self.exact {
            write_exact(exact, self.exact_ties.as_ref(), self.ties.is_some(), out)?;
        }
        if let Some(bounds) = &self.bounds {
            writeln!(
                out,
                "  certified bounds ({} sweeps of interval iteration, rounded outward):",
                bounds.sweeps
            )?;
            for (label, interval) in bounds.rows() {
                writeln!(
                    out,
                    "    {label:<18}[{}, {}]  width {:.1e}",
                    probability(interval.lo()),
                    probability(interval.hi()),
                    interval.hi() - interval.lo()
                )?;
            }
        }
        if let Some(lost) = &self.explain {
            write_lost(lost, out)?;
        }
        if let Some(details) = &self.details {
            write!(out, "{}", details.text)?;
        }
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}
