//! The verbs for Hog rulesets.

use std::time::Duration;

use anyhow::{Result, bail};
use swine_solver::format::{Format, Probability, TableFile, prepare_directory};
use swine_solver::hog::presets::PRESETS;
use swine_solver::hog::simulate::simulate as play_games;
use swine_solver::hog::{
    MAX_GOAL, Player, Ruleset, Solved, Strategy, StrategyKind, evaluate,
    explain as cells_to_change, solve as sweep, solve_against,
};
use swine_solver::outcome::Outcome;
use swine_solver::python::Runner;

use super::contest::Contest;
use super::{DEFAULT_GAMES, TablesEntry, formats_for, requested, write_and_print};
use crate::cli::{EvalArgs, SimulateArgs, SolveArgs};
use crate::progress::SearchProgress;
use crate::report::{Heading, Lost, MatchReport, SearchReport, SimulationReport, print};
use crate::resolve::{self, Resolved};

/// `swine solve` for a Hog ruleset.
pub fn solve(rules: &Ruleset, args: &SolveArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?;
    if args.full_information && !rules.hides_memory() {
        bail!(
            "--full-information: {} remembers nothing a score table cannot see, so its optimal \
             strategy already is a score table",
            rules.name()
        );
    }
    if args.full_information && opponent.is_optimising() {
        bail!("--full-information: against minimax, the strategy written already sees everything");
    }
    let requested = requested(args);
    prepare_directory(&args.out)?;
    let solved = solve_with_progress(rules, &opponent, args.time_limit);
    let formats = formats_for(&solved.file, requested.as_deref());
    let mut files = vec![(solved.file.clone(), formats)];
    if let Some(search) = solved.search.as_ref().filter(|_| args.full_information) {
        let full = &search.full_information;
        let formats: Vec<Format> = (requested.as_deref().unwrap_or(&Format::ALL).iter())
            .copied()
            .filter(|f| f.holds(&full.table))
            .collect();
        if formats.is_empty() {
            bail!("--full-information: a full-information table needs csv, json, npy or bin");
        }
        files.push((full.clone(), formats));
    }
    write_and_print(report(rules, &solved), &files, &args.out, args.json)
}

/// Solves against `opponent`, with a progress display while a table search runs.
fn solve_with_progress(
    rules: &Ruleset,
    opponent: &Strategy,
    time_limit: Option<Duration>,
) -> Solved {
    if !rules.hides_memory() {
        return solve_against(rules, opponent, time_limit, |_| {});
    }
    let mut progress = SearchProgress::start(rules.name(), time_limit);
    let solved = solve_against(rules, opponent, time_limit, |round| progress.round(round));
    progress.finish();
    solved
}

/// The report of a solve, before its files are written.
fn report(rules: &Ruleset, solved: &Solved) -> MatchReport {
    let meta = &solved.file.meta;
    let strategy = if solved.file.table.schema.python.is_some() {
        meta.strategy.clone()
    } else {
        format!("{} (full information)", meta.strategy)
    };
    let mut report = MatchReport::new(heading(rules, &strategy, &meta.opponent), solved.outcome);
    report.first_player_wins = solved.first_player_wins.map(Probability);
    report.search = solved
        .search
        .as_ref()
        .map(|search| SearchReport::new(search, solved.outcome));
    report
}

/// The heading of `strategy` against `opponent` in `rules`.
fn heading(rules: &Ruleset, strategy: &str, opponent: &str) -> Heading {
    Heading::new(rules.name(), "goal", rules.goal(), strategy, opponent)
}

/// `swine eval` for a Hog ruleset.
pub fn eval(rules: &Ruleset, args: &EvalArgs) -> Result<()> {
    let runner = resolve::runner(&args.python);
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", rules, &runner)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?;
    let matchup = evaluate(rules, &strategy, &opponent);
    let mut report = MatchReport::new(heading(rules, strategy.name(), opponent.name()), matchup);
    report.explain = args
        .explain
        .map(|n| explain(rules, &strategy, &opponent, n))
        .transpose()?;
    print(&report, args.json)?;
    Ok(())
}

/// The `n` cells of `strategy`'s score table where a single change gains the most against
/// `opponent`.
fn explain(
    rules: &Ruleset,
    strategy: &Strategy,
    opponent: &Strategy,
    n: usize,
) -> Result<Vec<Lost>> {
    let StrategyKind::Scores(table) = strategy.kind() else {
        bail!(
            "--explain: {} is not a score table (an optimising player has nothing to gain)",
            strategy.name()
        );
    };
    let Player::Fixed(policy) = opponent.player(rules) else {
        bail!(
            "--explain needs a fixed opponent: {} would answer every change anew",
            opponent.name()
        );
    };
    Ok(cells_to_change(rules, table, &policy)
        .into_iter()
        .take(n)
        .map(|cell| Lost {
            score: cell.score,
            opponent_score: cell.opponent_score,
            passed: None,
            chosen: cell.chosen,
            best: cell.best,
            reach: Probability(cell.reach),
            gain: Probability(cell.gain),
        })
        .collect())
}

/// Grading and round robins of Hog strategies.
impl Contest for Ruleset {
    type Strategy = Strategy;

    fn heading(&self) -> (String, &'static str, u32) {
        (self.name().to_string(), "goal", self.goal())
    }

    fn yardstick(&self) -> &str {
        self.rules().yardstick()
    }

    fn submission_file(&self) -> &'static str {
        self.score_schema()
            .python
            .map_or("hog.py", |signature| signature.paste_into)
    }

    fn resolve(&self, spec: &str, runner: &Runner) -> Result<Resolved<Strategy>> {
        resolve::hog_strategy(spec, self, runner)
    }

    fn name<'a>(&self, strategy: &'a Strategy) -> &'a str {
        strategy.name()
    }

    fn play(&self, strategy: &Strategy, opponent: &Strategy) -> Result<Outcome> {
        Ok(evaluate(self, strategy, opponent))
    }

    fn explain(&self, strategy: &Strategy, opponent: &Strategy, n: usize) -> Result<Vec<Lost>> {
        explain(self, strategy, opponent, n)
    }

    fn optimal(&self, opponent: &Strategy) -> Result<(f64, String)> {
        let solved = solve_against(self, opponent, None, |_| {});
        let about = if solved.search.is_some() {
            "optimal_win_rate is the best score table swine solve finds (a course strategy \
             cannot see the hidden memory)"
        } else {
            "optimal_win_rate is the exact best response's"
        };
        Ok((solved.outcome.win_rate(), about.to_string()))
    }
}

/// `swine simulate` for a Hog ruleset.
pub fn simulate(rules: &Ruleset, args: &SimulateArgs) -> Result<()> {
    if args.transcript {
        bail!(
            "--transcript: {} has no transcript yet; greed has one (--rules greed)",
            rules.name()
        );
    }
    let runner = resolve::runner(&args.python);
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", rules, &runner)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", rules, &runner)?;
    let solution = sweep(rules, [&strategy.player(rules), &opponent.player(rules)]);
    let policies = [solution.policy(0), solution.policy(1)];
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    let simulation = play_games(rules, [&policies[0], &policies[1]], games, args.seed);
    let heading = heading(rules, strategy.name(), opponent.name());
    let report = SimulationReport::new(heading, args.seed, simulation, solution.matchup());
    print(&report, args.json)?;
    Ok(())
}

/// Formats `swine tables` writes full-state tables in: a CSV of one would take 15 MB.
const FULL_TABLE_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// Every Hog preset solved against its yardstick and by minimax, with the files to write.
pub fn tables() -> Result<Vec<TablesEntry>> {
    let mut written = Vec::new();
    for preset in PRESETS {
        let rules = Ruleset::compile(preset, MAX_GOAL)?;
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = Strategy::parse(opponent, &rules)?;
            let solved = solve_with_progress(&rules, &opponent, None);
            let mut files: Vec<TableFile> = vec![solved.file.clone()];
            files.extend(solved.search.as_ref().map(|s| s.full_information.clone()));
            let files = files
                .into_iter()
                .map(|file| {
                    let formats = if file.table.schema.python.is_some() {
                        Format::ALL.to_vec()
                    } else {
                        FULL_TABLE_FORMATS.to_vec()
                    };
                    (file, formats)
                })
                .collect::<Vec<_>>();
            written.push(TablesEntry::of(&report(&rules, &solved), &files)?);
        }
    }
    Ok(written)
}
