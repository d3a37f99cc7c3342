//! What verbs ask of a game beyond two strategies (a solve's flags, a chart's kind, a move
//! limit) and what a game answers (a solve's report and files, an evaluation, a rating, a
//! simulation, exact fractions, a sweep's survey).

use crate::format::{Format, Probability, TableFile, ValuesFile};
use crate::fraction::ExactRates;
use crate::outcome::{Outcome, Simulation};
use crate::report::Z95;
use crate::report::ranking::Estimate;
use crate::report::{
    EstimateReport, ExactTies, Heading, MatchReport, Report, ScoreReport, SeatsReport,
    SimulationReport,
};

use super::{GameError, Run};

/// The longest move limit a game takes (`--moves`).
pub const MOST_MOVES: u32 = 1000;

/// A move limit (Chopsticks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveLimit {
    /// At most this many moves per player.
    Moves(u32),
    /// No limit.
    Unlimited,
}

impl MoveLimit {
    /// The limit as a number of moves per player (`None`: no limit).
    pub fn moves(self) -> Option<u32> {
        match self {
            MoveLimit::Moves(m) => Some(m),
            MoveLimit::Unlimited => None,
        }
    }
}

/// What `solve` is asked besides the opponent.
#[derive(Clone, Debug, Default)]
pub struct SolveAsk {
    /// The formats of the strategy's files (`None`: the game's own choice).
    pub formats: Option<Vec<Format>>,
    /// Also every state's value ([`Capability::Values`](super::Capability::Values)).
    pub values: bool,
    /// Also the exact fractions and ties ([`Capability::Exact`](super::Capability::Exact)).
    pub exact: bool,
    /// Also certified intervals ([`Capability::Bounds`](super::Capability::Bounds)).
    pub bounds: bool,
    /// Also the full-information table beside a searched one
    /// ([`Capability::FullInformation`](super::Capability::FullInformation)).
    pub full_information: bool,
    /// The limits of a search for the best score table ([`Capability::TimeLimit`](super::Capability::TimeLimit)).
    pub search: SearchAsk,
    /// The move limit ([`Capability::Moves`](super::Capability::Moves)).
    pub moves: Option<MoveLimit>,
}

/// The limits of a search for the best score table (Hog rules with hidden memory).
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchAsk {
    /// Stop searching after this long.
    pub time_limit: Option<std::time::Duration>,
    /// Perturbations climbed after the starting climbs.
    pub perturbations: Option<usize>,
    /// The perturbations' seed.
    pub seed: Option<u64>,
}

impl SearchAsk {
    /// Whether any limit or seed is given: the search then runs afresh, even where its default
    /// result is committed in `tables/`.
    pub fn given(&self) -> bool {
        self.time_limit.is_some() || self.perturbations.is_some() || self.seed.is_some()
    }
}

/// What a solve reports: the optimum's match-up, or where a game of one player's score is
/// played alone, the optimum's final score.
#[derive(Clone, Debug, serde::Serialize)]
#[serde(untagged)]
pub enum Reported {
    /// A match-up's exact rates (boxed, as the score is: each report is large).
    Match(Box<MatchReport>),
    /// One player's exact final score.
    Score(Box<ScoreReport>),
    /// Every seat's chance in a game of more than two players.
    Seats(Box<SeatsReport>),
}

impl Reported {
    /// Which match-up, or which player alone.
    pub fn heading(&self) -> &Heading {
        match self {
            Reported::Match(report) => &report.heading,
            Reported::Score(report) => &report.heading,
            Reported::Seats(report) => &report.heading,
        }
    }

    /// The files written, to be filled once they are.
    pub fn files_mut(&mut self) -> &mut Vec<std::path::PathBuf> {
        match self {
            Reported::Match(report) => &mut report.files,
            Reported::Score(report) => &mut report.files,
            Reported::Seats(report) => &mut report.files,
        }
    }

    /// The match-up's report, where there is a match-up.
    pub fn as_match(&self) -> Option<&MatchReport> {
        match self {
            Reported::Match(report) => Some(report),
            Reported::Score(_) | Reported::Seats(_) => None,
        }
    }
}

impl From<MatchReport> for Reported {
    fn from(report: MatchReport) -> Reported {
        Reported::Match(Box::new(report))
    }
}

impl From<ScoreReport> for Reported {
    fn from(report: ScoreReport) -> Reported {
        Reported::Score(Box::new(report))
    }
}

impl From<SeatsReport> for Reported {
    fn from(report: SeatsReport) -> Reported {
        Reported::Seats(Box::new(report))
    }
}

impl Report for Reported {
    fn write_text(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match self {
            Reported::Match(report) => report.write_text(out),
            Reported::Score(report) => report.write_text(out),
            Reported::Seats(report) => report.write_text(out),
        }
    }
}

/// An optimal strategy solved, as `swine solve` writes it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The report (its `files` filled once they are written).
    pub report: Reported,
    /// The strategy tables, each in the formats to write.
    pub tables: Vec<(TableFile, Vec<Format>)>,
    /// Every state's value, where asked or where it is the solution (Farkle), in its formats.
    pub values: Option<(ValuesFile, Vec<Format>)>,
    /// Other files, rendered (Chopsticks' solved positions).
    pub files: Vec<(String, Vec<u8>)>,
}

impl Solved {
    /// A solve's report with its strategy tables and its values, each in its formats.
    pub fn new(
        report: impl Into<Reported>,
        tables: Vec<(TableFile, Vec<Format>)>,
        values: Option<(ValuesFile, Vec<Format>)>,
    ) -> Solved {
        Solved {
            report: report.into(),
            tables,
            values,
            files: Vec::new(),
        }
    }

    /// Every file of the solve, rendered: names and bytes.
    pub fn rendered(&self) -> Result<Vec<(String, Vec<u8>)>, GameError> {
        let refs: Vec<(&TableFile, Vec<Format>)> = self
            .tables
            .iter()
            .map(|(file, formats)| (file, formats.clone()))
            .collect();
        let mut rendered = crate::format::render_files(&refs).map_err(GameError::solve)?;
        if let Some((values, formats)) = &self.values {
            rendered.extend(values.rendered(formats));
        }
        rendered.extend(self.files.iter().cloned());
        Ok(rendered)
    }
}

/// A match-up evaluated exactly: its outcome and the report `eval` prints.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// Seat 0's exact outcome.
    pub outcome: Outcome,
    /// The report.
    pub report: MatchReport,
}

/// How a strategy rates against an opponent, for grading: exactly, or where an exact
/// evaluation is out of reach (a Python strategy asked about too many positions), by
/// simulation.
#[derive(Clone, Debug)]
pub struct Rating {
    /// Seat 0's outcome: exact, or the observed frequencies.
    pub outcome: Outcome,
    /// Where it is a simulation's estimate, its precision.
    pub estimate: Option<Estimate>,
}

impl Rating {
    /// The rating of seat 0 from `simulation`, `games_per_seat` games per seat seeded by
    /// `seed`: the observed outcome, its standard error and 95% interval.
    pub fn estimated(simulation: &Simulation, (games_per_seat, seed): (u64, u64)) -> Rating {
        let outcome = simulation.observed();
        let error = outcome.win_rate_error(games_per_seat);
        let rate = outcome.win_rate();
        Rating {
            outcome,
            estimate: Some(Estimate {
                games_per_seat,
                seed,
                standard_error: Probability(error),
                interval: [rate - Z95 * error, rate + Z95 * error].map(Probability),
            }),
        }
    }
}

/// A simulation of a match-up: beside its exact numbers, or alone where those are out of
/// reach.
#[derive(Clone, Debug)]
pub enum Simulated {
    /// Seeded games beside the exact outcome they sample.
    Exact(SimulationReport),
    /// Seeded games alone: an estimate.
    Estimate(EstimateReport),
    /// Seeded games of N seats beside every seat's exact chance.
    Seats(Box<SeatsReport>),
}

/// Exact fractions of a match-up (`--exact`).
#[derive(Clone, Debug)]
pub struct Fractions {
    /// The rates as reduced fractions.
    pub rates: ExactRates,
    /// Where the strategy optimises: how many states have equal best choices.
    pub ties: Option<ExactTies>,
}

/// A picture a game draws (`plot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// The strategy's best choice in every cell ([`Capability::Map`](super::Capability::Map)).
    Map,
    /// The strategy's chance to win in every cell ([`Capability::Win`](super::Capability::Win)).
    Win,
}

/// A picture asked of a game: which, over the (own, opponent) cells, with the rest of the
/// position at `layer` (Farkle: both farkle counts, `--farkles`; [`Capability::Layer`](super::Capability::Layer)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartAsk {
    /// Which picture.
    pub kind: ChartKind,
    /// The rest of the position the cells are drawn at (the game's default where none).
    pub layer: Option<Vec<usize>>,
}

/// The solves `swine tables` will make for a game, each checked before any is made.
pub type TablesJob = Box<dyn FnOnce(&Run) -> Result<Solved, GameError> + Send>;

/// The words for how an optimum against `opponent` was found: `Solved` exactly (the best
/// response, or minimax against an optimiser), `Searched` (the best score table where rules
/// hide memory), or that table as `Committed` in the repository.
pub fn optimum_words(found: Found, opponent_fixed: bool) -> String {
    let searched = "the best score table swine solve finds (a course strategy cannot see the \
                    hidden memory)";
    match found {
        Found::Searched => searched.to_string(),
        Found::Committed(path) => format!("{searched}, as committed in {path}"),
        Found::Solved if !opponent_fixed => "minimax (both players optimal)".to_string(),
        Found::Solved => "the exact best response".to_string(),
    }
}

/// How an optimum was found (see [`optimum_words`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Solved exactly.
    Solved,
    /// Searched: the best score table where the rules hide memory from a course strategy.
    Searched,
    /// That search's table as committed in the repository (its path there).
    Committed(&'static str),
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::SearchAsk;

    /// Each search flag alone asks for a search afresh, even at its default value; none asks
    /// for nothing.
    #[test]
    fn any_search_flag_is_a_search_given() {
        assert!(!SearchAsk::default().given());
        let asks = [
            SearchAsk {
                time_limit: Some(Duration::from_secs(1)),
                ..SearchAsk::default()
            },
            SearchAsk {
                perturbations: Some(200),
                ..SearchAsk::default()
            },
            SearchAsk {
                seed: Some(0),
                ..SearchAsk::default()
            },
        ];
        for ask in asks {
            assert!(ask.given(), "{ask:?}");
        }
    }
}
