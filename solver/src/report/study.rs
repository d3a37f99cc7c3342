//! A match-up studied turn by turn (`swine study`): each seating's chance to win, the length of
//! a game and how often each rule happens, exact; beside them the variant's design measures and,
//! where asked, the same figures counted over games with real dice.

use std::io::{self, Write};

use serde::Serialize;

use super::ranking::Survey;
use super::{Heading, Report};

/// `swine study`'s report (docs/json.md).
#[derive(Clone, Debug, Serialize)]
pub struct StudyReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// The strategy moving first.
    pub as_first: SeatingReport,
    /// The strategy moving second.
    pub as_second: SeatingReport,
    /// The variant's design measures, where it has a yardstick.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub design: Option<Design>,
    /// The same figures over games played with real dice, where asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulated: Option<SimulatedStudy>,
    /// What is left out, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One seating's exact figures.
#[derive(Clone, Debug, Serialize)]
pub struct SeatingReport {
    /// P(the strategy wins).
    pub win: f64,
    /// P(neither wins: the game ends level (Greed), or never ends where more than the
    /// count's tail (1e-15) was still playing when it stopped).
    pub tie: f64,
    /// The length of a game in turns (each player's turn one, extra turns included).
    pub turns: Turns,
    /// Each rule's happenings in a game, either player's turns.
    pub rule_events: Vec<RuleEvent>,
    /// P(length = t) by t from 1, for the CSV: not in the JSON.
    #[serde(skip)]
    pub distribution: Vec<f64>,
}

/// The length of the games that end, in turns.
#[derive(Clone, Debug, Serialize)]
pub struct Turns {
    /// The expected number of turns.
    pub mean: f64,
    /// Its standard deviation.
    pub sd: f64,
    /// The fewest turns within which 5%, 25%, 50%, 75%, 95% of the games end.
    pub quantiles: Quantiles,
    /// The probability still playing where the count stopped (games longer than it, or
    /// never ending): every figure is exact up to it.
    pub unfinished: f64,
}

/// Quantiles of the length, in turns.
#[derive(Clone, Debug, Serialize)]
pub struct Quantiles {
    /// 5%.
    pub p5: usize,
    /// 25%.
    pub p25: usize,
    /// The median.
    pub median: usize,
    /// 75%.
    pub p75: usize,
    /// 95%.
    pub p95: usize,
}

/// One rule's happenings.
#[derive(Clone, Debug, Serialize)]
pub struct RuleEvent {
    /// The rule, as the ruleset names it.
    pub rule: String,
    /// The expected number of turns of a game on which it happens.
    pub per_game: f64,
    /// P(it happens at least once in a game).
    pub at_least_once: f64,
}

/// The quantiles of a game's length [`Quantiles`] gives, as shares of the games.
pub const QUANTILES: [f64; 5] = [0.05, 0.25, 0.5, 0.75, 0.95];

/// A variant's design measures (`contest::survey`).
#[derive(Clone, Debug, Serialize)]
pub struct Design {
    /// P(the first player wins) when both play optimally (minimax): 0.5 is fair.
    pub first_player_wins: f64,
    /// The win rate of optimal play against the yardstick.
    pub optimal_win_rate: f64,
    /// The best of the simple strategies against the yardstick (e.g. `always_roll:5`).
    pub best_simple: Option<String>,
    /// Its win rate against the yardstick.
    pub best_simple_win_rate: Option<f64>,
    /// How much more optimal play wins than the best simple strategy: the skill gap.
    pub skill_gap: Option<f64>,
    /// The share (0..=1) of the strategy map's cells in which optimal play chooses otherwise
    /// than the yardstick, where the map is what a strategy sees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs_from_yardstick: Option<f64>,
    /// The yardstick.
    pub yardstick: String,
}

impl Design {
    /// The measures of `survey`, against `yardstick`.
    pub fn new(survey: &Survey, yardstick: &str) -> Design {
        Design {
            first_player_wins: survey.minimax_first_player_wins,
            optimal_win_rate: survey.optimal_win_rate,
            best_simple: survey
                .simple
                .as_ref()
                .map(|s| format!("{}:{}", s.family, s.best)),
            best_simple_win_rate: survey.simple.as_ref().map(|s| s.win_rate),
            skill_gap: survey.gap(),
            differs_from_yardstick: survey.differs_from_yardstick,
            yardstick: yardstick.to_string(),
        }
    }
}

/// The figures over games played, each with its standard error.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedStudy {
    /// Games per seating.
    pub games: u64,
    /// The dice's seed.
    pub seed: u64,
    /// Moving first.
    pub as_first: SimulatedSeating,
    /// Moving second.
    pub as_second: SimulatedSeating,
    /// The most standard errors any exact figure lies from its simulated one.
    pub largest_z: f64,
}

/// One seating's simulated figures.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedSeating {
    /// The share of games won, and its standard error.
    pub win: Observed,
    /// The mean length of the games that ended.
    pub turns_mean: Observed,
    /// By rule, in the exact figures' order: happenings per game, and the share of games
    /// where it happened.
    pub rule_events: Vec<(Observed, Observed)>,
}

/// An observed mean and its standard error.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Observed {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub error: f64,
}

impl StudyReport {
    /// The length distribution as CSV: `turns,as_first,as_second`, P(the game lasts exactly
    /// that many turns) for each seating.
    pub fn csv(&self) -> String {
        let (a, b) = (&self.as_first.distribution, &self.as_second.distribution);
        let mut csv = String::from("turns,as_first,as_second\n");
        for t in 0..a.len().max(b.len()) {
            let p = |d: &Vec<f64>| d.get(t).copied().unwrap_or(0.0);
            csv.push_str(&format!("{},{:e},{:e}\n", t + 1, p(a), p(b)));
        }
        csv
    }
}

impl Report for StudyReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}: studied turn by turn, exact", self.heading.text())?;
        let seats = [&self.as_first, &self.as_second];
        writeln!(out, "{:34}{:>18}{:>18}", "", "as first", "as second")?;
        let row = |out: &mut dyn Write, label: &str, f: &dyn Fn(&SeatingReport) -> String| {
            writeln!(out, "{label:34}{:>18}{:>18}", f(seats[0]), f(seats[1]))
        };
        row(out, "wins", &|s| format!("{:.6}", s.win))?;
        if seats.iter().any(|s| s.tie > 0.0) {
            row(out, "ties (level, or never ends)", &|s| {
                format!("{:.6}", s.tie)
            })?;
        }
        row(out, "turns: mean", &|s| format!("{:.3}", s.turns.mean))?;
        row(out, "       sd", &|s| format!("{:.3}", s.turns.sd))?;
        let labels: Vec<String> = QUANTILES
            .iter()
            .map(|q| format!("{}%", (q * 100.0).round()))
            .collect();
        row(out, &format!("       {}", labels.join(" ")), &|s| {
            let q = &s.turns.quantiles;
            format!("{} {} {} {} {}", q.p5, q.p25, q.median, q.p75, q.p95)
        })?;
        writeln!(out, "rules: per game / at least once")?;
        for (i, rule) in self.as_first.rule_events.iter().enumerate() {
            row(out, &format!("  {}", rule.rule), &|s| {
                let r = &s.rule_events[i];
                format!("{:.4} / {:.4}", r.per_game, r.at_least_once)
            })?;
        }
        if let Some(design) = &self.design {
            writeln!(out, "design, both optimal / against {}:", design.yardstick)?;
            writeln!(
                out,
                "  first player wins (minimax)     {:.6}",
                design.first_player_wins
            )?;
            writeln!(
                out,
                "  optimal play wins               {:.6}",
                design.optimal_win_rate
            )?;
            if let (Some(simple), Some(rate), Some(gap)) = (
                &design.best_simple,
                design.best_simple_win_rate,
                design.skill_gap,
            ) {
                writeln!(
                    out,
                    "  best simple strategy            {simple} wins {rate:.6}: skill gap {gap:.6}"
                )?;
            }
            if let Some(share) = design.differs_from_yardstick {
                writeln!(
                    out,
                    "  optimal differs from {} in {:.2}% of the score cells",
                    design.yardstick,
                    100.0 * share
                )?;
            }
        }
        for note in &self.notes {
            writeln!(out, "({note})")?;
        }
        if let Some(simulated) = &self.simulated {
            writeln!(
                out,
                "checked: {} games per seating (seed {}), every figure within {:.2} standard errors of the exact one",
                simulated.games, simulated.seed, simulated.largest_z
            )?;
        }
        Ok(())
    }
}
