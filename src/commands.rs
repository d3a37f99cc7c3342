//! The verbs: each resolves its flags, asks the solver, and prints a report.

use std::path::Path;
use std::time::Duration;

use anyhow::{Result, bail};
use swine_solver::format::{Format, TableFile, write_files};
use swine_solver::hog::presets::PRESETS;
use swine_solver::hog::simulate::simulate as play_games;
use swine_solver::hog::{MAX_GOAL, Ruleset, Solved, Strategy, evaluate, solve, solve_against};

use crate::cli::{EvalArgs, FormatArg, SimulateArgs, SolveArgs, TablesArgs};
use crate::progress::SearchProgress;
use crate::report::{Heading, MatchReport, SearchReport, SimulationReport, print};
use crate::resolve;

/// `swine solve`: the optimal strategy against `--vs`, written in every requested format.
pub fn solve_command(args: &SolveArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
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
    let requested: Option<Vec<Format>> = args
        .format
        .as_ref()
        .map(|list| list.iter().map(|&f| FormatArg::into(f)).collect());
    let solved = solve_with_progress(&rules, &opponent, args.time_limit);
    let mut files = vec![(
        &solved.file,
        formats_for(&solved.file, requested.as_deref()),
    )];
    if let Some(search) = solved.search.as_ref().filter(|_| args.full_information) {
        let full = &search.full_information;
        let formats: Vec<Format> = (requested.as_deref().unwrap_or(&Format::ALL).iter())
            .copied()
            .filter(|f| f.holds(&full.table))
            .collect();
        if formats.is_empty() {
            bail!("--full-information: a full-information table needs csv, json, npy or bin");
        }
        files.push((full, formats));
    }
    let report = write_all(&rules, &solved, &files, &args.out)?;
    print(&report, args.json)?;
    Ok(())
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

/// The formats to write `file` in: those requested, or by default all that can hold it.
fn formats_for(file: &TableFile, requested: Option<&[Format]>) -> Vec<Format> {
    match requested {
        Some(formats) => formats.to_vec(),
        None => Format::ALL
            .into_iter()
            .filter(|f| f.holds(&file.table))
            .collect(),
    }
}

/// Writes every (file, formats) pair into `out` and reports the solve.
fn write_all(
    rules: &Ruleset,
    solved: &Solved,
    files: &[(&TableFile, Vec<Format>)],
    out: &Path,
) -> Result<MatchReport> {
    let meta = &solved.file.meta;
    let matchup = solved.outcome;
    let strategy = if solved.file.table.schema.python.is_some() {
        meta.strategy.clone()
    } else {
        format!("{} (full information)", meta.strategy)
    };
    let mut report = MatchReport::new(rules, &strategy, &meta.opponent, matchup);
    report.first_player_wins = solved
        .first_player_wins
        .map(swine_solver::format::Probability);
    report.search = solved
        .search
        .as_ref()
        .map(|search| SearchReport::new(search, matchup));
    report.files = write_files(out, files)?;
    Ok(report)
}

/// `swine eval`: the exact win rate of one strategy against another.
pub fn eval_command(args: &EvalArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", &rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
    let matchup = evaluate(&rules, &strategy, &opponent);
    let report = MatchReport::new(&rules, strategy.name(), opponent.name(), matchup);
    print(&report, args.json)?;
    Ok(())
}

/// `swine simulate`: seeded games beside the exact numbers.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    let rules = resolve::ruleset(&args.rules)?;
    let strategy = resolve::strategy(Some(&args.strategy), "STRATEGY", &rules)?;
    let opponent = resolve::strategy(args.vs.as_deref(), "--vs", &rules)?;
    let solution = solve(&rules, [&strategy.player(&rules), &opponent.player(&rules)]);
    let policies = [solution.policy(0), solution.policy(1)];
    let simulation = play_games(&rules, [&policies[0], &policies[1]], args.games, args.seed);
    let heading = Heading::new(&rules, strategy.name(), opponent.name());
    let report = SimulationReport::new(heading, args.seed, simulation, solution.matchup());
    print(&report, args.json)?;
    Ok(())
}

/// Formats `swine tables` writes full-state tables in: a CSV of one would take 15 MB.
const FULL_TABLE_FORMATS: [Format; 2] = [Format::Npy, Format::Binary];

/// `swine tables`: every built-in ruleset solved against its yardstick and by minimax.
pub fn tables_command(args: &TablesArgs) -> Result<()> {
    for preset in PRESETS {
        let rules = Ruleset::compile(preset, MAX_GOAL)?;
        for opponent in [rules.rules().yardstick(), "minimax"] {
            let opponent = Strategy::parse(opponent, &rules)?;
            let solved = solve_with_progress(&rules, &opponent, None);
            let mut files = vec![&solved.file];
            files.extend(solved.search.as_ref().map(|s| &s.full_information));
            let files: Vec<(&TableFile, Vec<Format>)> = files
                .into_iter()
                .map(|file| {
                    let formats = if file.table.schema.python.is_some() {
                        Format::ALL.to_vec()
                    } else {
                        FULL_TABLE_FORMATS.to_vec()
                    };
                    (file, formats)
                })
                .collect();
            print(&write_all(&rules, &solved, &files, &args.out)?, false)?;
        }
    }
    Ok(())
}
