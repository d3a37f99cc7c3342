//! What the verbs print: aligned text for people, one JSON object with `--json`.

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;
use swine_solver::bounds::BoundedRates;
use swine_solver::chopsticks::{ByResult, LimitedSummary, UnlimitedSummary};
use swine_solver::contest::Change;
use swine_solver::format::{Probability, probability};
use swine_solver::fraction::{ExactRates, Fraction};
use swine_solver::hog::SearchSummary;
use swine_solver::outcome::{Outcome, SeatOutcome, Simulation, WinRates, independent_mean};

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

/// The text of `report`, as [`print`] shows it to people.
pub fn text(report: &impl Report) -> String {
    let mut bytes = Vec::new();
    report
        .write_text(&mut bytes)
        .expect("writing to memory succeeds");
    String::from_utf8(bytes).expect("reports are UTF-8")
}

/// Which match-up a report is about.
#[derive(Serialize)]
pub struct Heading {
    /// The ruleset's name.
    pub rules: String,
    /// The goal score (Hog) or score limit (Greed).
    pub goal: u32,
    /// What the goal is called in this game: `goal` or `limit`.
    #[serde(skip)]
    pub goal_name: &'static str,
    /// The strategy the numbers are about.
    pub strategy: String,
    /// Its opponent.
    pub opponent: String,
}

impl Heading {
    /// The heading of `strategy` against `opponent` in `rules` played to `goal`.
    pub fn new(
        rules: &str,
        goal_name: &'static str,
        goal: u32,
        strategy: &str,
        opponent: &str,
    ) -> Heading {
        Heading {
            rules: rules.to_string(),
            goal,
            goal_name,
            strategy: strategy.to_string(),
            opponent: opponent.to_string(),
        }
    }

    fn text(&self) -> String {
        format!(
            "{}, {} {}: {} against {}",
            self.rules, self.goal_name, self.goal, self.strategy, self.opponent
        )
    }
}

/// Win rate and both seats' values.
#[derive(Serialize)]
pub struct Rates {
    /// The course's win rate: the two seats' values averaged.
    pub win_rate: Probability,
    /// The value moving first.
    pub as_first: Probability,
    /// The value moving second.
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

    fn exact(matchup: Outcome) -> Rates {
        Rates::new(matchup.win_rate(), matchup.as_first(), matchup.as_second())
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

/// P(win), P(tie), P(loss) of one seat, or averaged.
#[derive(Serialize)]
pub struct Results {
    /// P(win).
    pub win: Probability,
    /// P(tie).
    pub tie: Probability,
    /// P(loss).
    pub loss: Probability,
}

impl Results {
    fn new(seat: SeatOutcome) -> Results {
        Results {
            win: Probability(seat.win),
            tie: Probability(seat.tie),
            loss: Probability(seat.loss),
        }
    }

    fn values(&self) -> [f64; 3] {
        [self.win.0, self.tie.0, self.loss.0]
    }
}

/// Win, tie and loss for games that can tie: averaged over the seats (for minimax: the first
/// player's) and per seat.
#[derive(Serialize)]
pub struct TieReport {
    /// Averaged over the two seats, or the first player's under minimax.
    #[serde(flatten)]
    pub results: Results,
    /// Moving first.
    pub first: Results,
    /// Moving second.
    pub second: Results,
    /// How far the solve's values are from the game's equations (largest |V − TV|).
    pub residual: f64,
}

/// An exact match-up of `strategy` against `opponent`.
#[derive(Serialize)]
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
    /// For rules with hidden memory, the search for the best score table.
    #[serde(flatten)]
    pub search: Option<SearchReport>,
    /// Where the values come from a fixpoint (rules where positions repeat) and the game has
    /// no ties: how far they are from the game's equations (largest |V − TV|).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub residual: Option<f64>,
    /// A sentence printed below the numbers (text only), e.g. what a tie is.
    #[serde(skip)]
    pub note: Option<String>,
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
    /// Files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

/// The states where an optimising strategy's best choices are worth exactly the same: it takes
/// the first listed (the fewest dice; in the Pig family, roll).
#[derive(Serialize)]
pub struct ExactTies {
    /// How many states.
    pub count: usize,
    /// Each state, by increasing total score (`solve` only; `eval` gives the count).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<TiedState>,
}

/// A state with several exactly equal best choices.
#[derive(Serialize)]
pub struct TiedState {
    /// The strategy's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// Hog rules with memory: both memories (own, opponent's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memories: Option<[u8; 2]>,
    /// The Pig family: the turn total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_total: Option<u32>,
    /// The equally good choices, the one taken first.
    #[serde(serialize_with = "choice_values")]
    pub choices: Vec<Choice>,
}

/// Choices as JSON values: dice counts, or decisions' words.
fn choice_values<S: serde::Serializer>(
    choices: &[Choice],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(choices.iter().map(|c| c.json().1))
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
        let mut at = format!("{} : {}", tie.score, tie.opponent_score);
        if let Some([a, b]) = tie.memories {
            at.push_str(&format!(" (memories {a}, {b})"));
        }
        if let Some(turn_total) = tie.turn_total {
            at.push_str(&format!(", turn total {turn_total}"));
        }
        let words: Vec<String> = tie.choices.iter().map(|c| c.word()).collect();
        writeln!(out, "    {at}: {}", words.join(", "))?;
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
    /// The strategy's score.
    pub score: u32,
    /// The opponent's score.
    pub opponent_score: u32,
    /// Greed: whether the opponent has just passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passed: Option<bool>,
    /// The Pig family: the turn total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_total: Option<u32>,
    /// What the strategy chooses: a dice count, or (the Pig family) `"roll"` or `"hold"`.
    #[serde(serialize_with = "choice_value")]
    pub chosen: Choice,
    /// The choice that gains the most.
    #[serde(serialize_with = "choice_value")]
    pub best: Choice,
    /// The expected number of times a game reaches the cell with the strategy to move (its
    /// probability, where a game cannot come back), each seat first in half the games.
    pub reach: Probability,
    /// The exact rise of the win rate if the cell alone chose `best`.
    pub gain: Probability,
}

/// A choice as a JSON value: the dice count, or the decision's word.
fn choice_value<S: serde::Serializer>(choice: &Choice, serializer: S) -> Result<S::Ok, S::Error> {
    choice.json().1.serialize(serializer)
}

impl From<&Change> for Lost {
    fn from(change: &Change) -> Lost {
        let choice = |n: u8| match (change.turn_total, n) {
            (Some(_), 1) => Choice::Roll,
            (Some(_), _) => Choice::Hold,
            (None, n) => Choice::Dice(n),
        };
        Lost {
            score: change.score,
            opponent_score: change.opponent_score,
            passed: change.passed,
            turn_total: change.turn_total,
            chosen: choice(change.chosen),
            best: choice(change.best),
            reach: Probability(change.reach),
            gain: Probability(change.gain),
        }
    }
}

/// The first `n` of a strategy's costliest cells, for a report.
pub fn lost(changes: Vec<Change>, n: usize) -> Vec<Lost> {
    changes.iter().take(n).map(Lost::from).collect()
}

/// Writes the cells of `--explain` as an aligned table.
pub fn write_lost(lost: &[Lost], out: &mut dyn Write) -> io::Result<()> {
    if lost.is_empty() {
        return writeln!(out, "  no single change of one cell raises the win rate");
    }
    let greed = lost.iter().any(|l| l.passed.is_some());
    let pig = lost.iter().any(|l| l.turn_total.is_some());
    let extra = match (greed, pig) {
        (true, _) => "  passed",
        (_, true) => "  turn total",
        _ => "",
    };
    let (what, reach) = if pig {
        ("one state changed alone", "visits")
    } else {
        ("one cell changed alone", "reach")
    };
    writeln!(
        out,
        "  where it loses ({what}, exact gains):\n  {:>5}  {:>8}{extra}  {:>6}  {:>4}  {:<22}  gain",
        "score", "opponent", "chosen", "best", reach
    )?;
    for l in lost {
        let extra = match (l.passed, l.turn_total) {
            (Some(p), _) => format!("  {:>6}", if p { "yes" } else { "no" }),
            (_, Some(k)) => format!("  {k:>10}"),
            _ => String::new(),
        };
        writeln!(
            out,
            "  {:>5}  {:>8}{extra}  {:>6}  {:>4}  {:<22}  {}",
            l.score,
            l.opponent_score,
            l.chosen.word(),
            l.best.word(),
            digits(l.reach.0),
            digits(l.gain.0)
        )?;
    }
    Ok(())
}

/// For rules with hidden memory: the full-information optimum beside the score table.
#[derive(Serialize)]
pub struct SearchReport {
    /// What the written `final_strategy` is.
    pub final_strategy: &'static str,
    /// The full-information best response's win rate (an upper bound for score tables).
    pub full_information_win_rate: Probability,
    /// ... moving first.
    pub full_information_as_first: Probability,
    /// ... moving second.
    pub full_information_as_second: Probability,
    /// Full-information win rate minus the table's.
    pub gap: Probability,
    /// Whether no single-cell change improves the table.
    pub table_local_optimum: bool,
    /// Rounds of improvement run, over all climbs.
    pub search_rounds: usize,
    /// Perturbations of the best table climbed again after the starting climbs.
    pub search_perturbations: usize,
    /// How many of them won more than the best table before them.
    pub search_improvements: usize,
    /// The seed of the perturbations.
    pub search_seed: u64,
}

impl SearchReport {
    /// The report of `search`, whose best table wins `table`.
    pub fn new(search: &SearchSummary, table: Outcome) -> SearchReport {
        let full: WinRates = search
            .full_information
            .meta
            .win_rates
            .expect("the full-information optimum knows its win rates");
        SearchReport {
            final_strategy: "best score table",
            full_information_win_rate: Probability(full.win_rate),
            full_information_as_first: Probability(full.as_first),
            full_information_as_second: Probability(full.as_second),
            gap: Probability(full.win_rate - table.win_rate()),
            table_local_optimum: search.local_optimum,
            search_rounds: search.rounds,
            search_perturbations: search.perturbations.0,
            search_improvements: search.perturbations.1,
            search_seed: search.seed,
        }
    }
}

impl MatchReport {
    /// The report of an exact match-up in a game without ties.
    pub fn new(heading: Heading, matchup: Outcome) -> MatchReport {
        MatchReport {
            heading,
            rates: Rates::exact(matchup),
            ties: None,
            first_player_wins: None,
            search: None,
            residual: None,
            note: None,
            explain: None,
            exact: None,
            exact_ties: None,
            bounds: None,
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
                residual,
            }),
            ..MatchReport::new(heading, matchup)
        }
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
        writeln!(
            out,
            "  residual   {:.1e}  (largest |V - TV| over all states)",
            ties.residual
        )
    }
}

impl Report for MatchReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.heading.text())?;
        if let Some(ties) = &self.ties {
            self.write_ties(ties, out)?;
        } else if let Some(first) = self.first_player_wins {
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
        if let Some(note) = &self.note {
            writeln!(out, "  ({note})")?;
        }
        if let Some(search) = &self.search {
            writeln!(
                out,
                "  full information  {}  sees both memories too: an upper bound",
                percent(search.full_information_win_rate.0)
            )?;
            writeln!(out, "  gap               {}", probability(search.gap.0))?;
            let how = if search.table_local_optimum {
                "no single-cell change improves it"
            } else {
                "stopped by the time limit; a single-cell change may still improve it"
            };
            writeln!(
                out,
                "final_strategy is the best score table found ({} rounds; {} perturbations \
                 climbed again, {} of them better; seed {}): {how}",
                search.search_rounds,
                search.search_perturbations,
                search.search_improvements,
                search.search_seed
            )?;
        }
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
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}

/// A Monte Carlo estimate where no exact value could be had: the observed rates, their
/// standard errors (from the observed frequencies) and 95% confidence intervals.
#[derive(Serialize)]
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
    pub note: String,
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
            note,
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
        writeln!(out, "  ({})", self.note)
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
#[derive(Serialize)]
pub struct SimulatedRates {
    /// Win rate and both seats' values.
    #[serde(flatten)]
    pub rates: Rates,
    /// For games with ties: win, tie and loss averaged over the seats.
    #[serde(flatten)]
    pub results: Option<Results>,
}

/// A Monte Carlo run beside the exact numbers it checks.
#[derive(Serialize)]
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

/// A Chopsticks solve with a move limit.
#[derive(Serialize)]
pub struct LimitedReport {
    /// The ruleset.
    pub rules: &'static str,
    /// The start's result and the reachable counts.
    #[serde(flatten)]
    pub summary: LimitedSummary,
    /// Files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

impl LimitedReport {
    /// The report of `summary`.
    pub fn new(summary: LimitedSummary) -> LimitedReport {
        LimitedReport {
            rules: "chopsticks",
            summary,
            files: Vec::new(),
        }
    }
}

/// "A wins", "a tie" or "B wins" for a result.
fn verdict(result: i8, tie: &str) -> String {
    match result {
        1 => "A wins".to_string(),
        -1 => "B wins".to_string(),
        _ => tie.to_string(),
    }
}

/// Counts by result in words.
fn counts(by: &ByResult, tie: &str) -> String {
    format!(
        "A wins {}, {tie} {}, B wins {}",
        by.a_wins, by.ties, by.b_wins
    )
}

impl Report for LimitedReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.summary;
        writeln!(
            out,
            "chopsticks, at most {} moves per player ({} levels after the start)",
            s.moves,
            2 * s.moves
        )?;
        writeln!(
            out,
            "  start: {} (result {}) with both players perfect",
            verdict(s.result, "a tie"),
            s.result
        )?;
        writeln!(
            out,
            "  reachable (position, level) pairs: {} ({})",
            s.reachable,
            counts(&s.by_result, "tie")
        )?;
        writeln!(out, "  level  reachable  A wins     tie  B wins")?;
        for level in &s.levels {
            let b = &level.by_result;
            writeln!(
                out,
                "  {:>5}  {:>9}  {:>6}  {:>6}  {:>6}",
                level.level, level.reachable, b.a_wins, b.ties, b.b_wins
            )?;
        }
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}

/// A Chopsticks solve without a move limit.
#[derive(Serialize)]
pub struct UnlimitedReport {
    /// The ruleset.
    pub rules: &'static str,
    /// The move limit: none.
    pub moves: &'static str,
    /// The start's result and distance, and the counts.
    #[serde(flatten)]
    pub summary: UnlimitedSummary,
    /// Files written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<PathBuf>,
}

impl UnlimitedReport {
    /// The report of `summary`.
    pub fn new(summary: UnlimitedSummary) -> UnlimitedReport {
        UnlimitedReport {
            rules: "chopsticks",
            moves: "unlimited",
            summary,
            files: Vec::new(),
        }
    }
}

impl Report for UnlimitedReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let s = &self.summary;
        writeln!(out, "chopsticks, no move limit (retrograde analysis)")?;
        match s.distance {
            Some(plies) => writeln!(
                out,
                "  start: {} in {plies} plies (result {}, distance {plies}) with both players \
                 perfect",
                verdict(s.result, "a draw"),
                s.result
            )?,
            None => writeln!(
                out,
                "  start: a draw (result 0): neither player can force a win, and perfect play \
                 goes on forever"
            )?,
        }
        writeln!(
            out,
            "  all positions (hands and side to move): {} ({})",
            s.positions,
            counts(&s.by_result, "draw")
        )?;
        writeln!(
            out,
            "  reachable from the start by any play: {} ({})",
            s.reachable,
            counts(&s.reachable_by_result, "draw")
        )?;
        for file in &self.files {
            writeln!(out, "wrote {}", file.display())?;
        }
        Ok(())
    }
}

/// A probability with all 17 significant digits, in scientific notation below 1e-4 so that a
/// tiny one does not print dozens of zeros.
pub fn digits(p: f64) -> String {
    if p != 0.0 && p.abs() < 1e-4 {
        format!("{p:.16e}")
    } else {
        probability(p)
    }
}

/// A probability with all 17 significant digits and as a percentage.
fn percent(p: f64) -> String {
    format!("{}  ({:.3}%)", probability(p), 100.0 * p)
}

/// One position of a match-up (`eval --from`): how likely the player to move is to win from
/// there, and what each choice there is worth.
#[derive(Serialize)]
pub struct PositionReport {
    /// Which match-up.
    #[serde(flatten)]
    pub heading: Heading,
    /// The position, by its parts' names (`own`, `opponent`, ...), in order.
    #[serde(serialize_with = "in_order")]
    pub from: Vec<(String, serde_json::Value)>,
    /// The position in words, e.g. `50 : 60`.
    #[serde(skip)]
    pub from_text: String,
    /// P(the player to move wins).
    pub mover_wins: Probability,
    /// P(a tie) (a game that never ends, in Hog and Pig), where it can happen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tie: Option<Probability>,
    /// P(the player to move loses).
    pub mover_loses: Probability,
    /// Its value: P(win) + ½·P(tie).
    pub value: Probability,
    /// What its strategy chooses there.
    #[serde(serialize_with = "choice_label")]
    pub chosen: Choice,
    /// The value of each choice there, the strategy played afterwards.
    pub choices: Vec<PositionChoice>,
}

/// A choice at a position, as a game names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A number of dice (Hog; Greed, where 0 is a pass).
    Dice(u8),
    /// Greed's pass.
    Pass,
    /// Pig's decisions.
    Roll,
    /// Pig's decisions.
    Hold,
}

impl Choice {
    /// The JSON key and value of the choice: `"dice": 3`, `"dice": 0` for a pass, or
    /// `"decision": "roll"`.
    fn json(self) -> (&'static str, serde_json::Value) {
        match self {
            Choice::Dice(n) => ("dice", n.into()),
            Choice::Pass => ("dice", 0.into()),
            Choice::Roll => ("decision", "roll".into()),
            Choice::Hold => ("decision", "hold".into()),
        }
    }

    /// The choice in a word: the dice count, `pass`, `roll` or `hold`.
    fn word(self) -> String {
        match self {
            Choice::Dice(n) => n.to_string(),
            Choice::Pass => "pass".to_string(),
            Choice::Roll => "roll".to_string(),
            Choice::Hold => "hold".to_string(),
        }
    }

    /// The choice for people, padded to line up.
    fn text(self) -> String {
        match self {
            Choice::Dice(1) => "  1 die ".to_string(),
            Choice::Dice(n) => format!("{n:>3} dice"),
            Choice::Pass => "    pass".to_string(),
            Choice::Roll => "    roll".to_string(),
            Choice::Hold => "    hold".to_string(),
        }
    }
}

/// One choice at a position.
pub struct PositionChoice {
    /// The choice.
    pub choice: Choice,
    /// Its value for the player to move: P(win) + ½·P(tie).
    pub value: Probability,
}

impl Serialize for PositionChoice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (key, label) = self.choice.json();
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(key, &label)?;
        map.serialize_entry("value", &self.value)?;
        map.end()
    }
}

/// Writes a choice as its label only (`3`, or `"roll"`).
fn choice_label<S: serde::Serializer>(choice: &Choice, serializer: S) -> Result<S::Ok, S::Error> {
    choice.json().1.serialize(serializer)
}

/// Writes named parts as a JSON object, in their order.
fn in_order<S: serde::Serializer>(
    parts: &[(String, serde_json::Value)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(parts.iter().map(|(name, value)| (name, value)))
}

impl PositionReport {
    /// The report of `position` in the match-up `heading`, at the position whose parts are
    /// `numbers`, named by `names` (as [`resolve::position`](crate::resolve::position) read
    /// them), that reads as `from_text`; `choice` names each action of the game.
    pub fn new(
        heading: Heading,
        (names, numbers): (&[(&str, u32)], &[u32]),
        from_text: String,
        position: &swine_solver::outcome::Position,
        choice: impl Fn(u8) -> Choice,
    ) -> PositionReport {
        let outcome = position.outcome;
        PositionReport {
            heading,
            from: names
                .iter()
                .zip(numbers)
                .map(|(&(name, _), &n)| (name.to_string(), n.into()))
                .collect(),
            from_text,
            mover_wins: Probability(outcome.win),
            tie: (outcome.tie > 0.0).then_some(Probability(outcome.tie)),
            mover_loses: Probability(outcome.loss),
            value: Probability(outcome.value()),
            chosen: choice(position.chosen),
            choices: position
                .choices
                .iter()
                .map(|&(action, value)| PositionChoice {
                    choice: choice(action),
                    value: Probability(value),
                })
                .collect(),
        }
    }
}

impl Report for PositionReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}, from {} ({} to move)",
            self.heading.text(),
            self.from_text,
            self.heading.strategy
        )?;
        writeln!(out, "  mover wins   {}", percent(self.mover_wins.0))?;
        if let Some(tie) = self.tie {
            writeln!(out, "  tie          {}", percent(tie.0))?;
            writeln!(out, "  mover loses  {}", percent(self.mover_loses.0))?;
            writeln!(
                out,
                "  value        {}  (win + tie/2)",
                percent(self.value.0)
            )?;
        }
        writeln!(
            out,
            "  what each choice is worth now ({} afterwards):",
            self.heading.strategy
        )?;
        for choice in &self.choices {
            let mark = if choice.choice == self.chosen {
                format!("  <- {}", self.heading.strategy)
            } else {
                String::new()
            };
            writeln!(
                out,
                "  {}  {}{mark}",
                choice.choice.text(),
                digits(choice.value.0)
            )?;
        }
        Ok(())
    }
}
