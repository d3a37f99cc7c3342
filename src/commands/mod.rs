//! The verbs: each resolves its flags, dispatches on the game `--rules` names, asks the solver,
//! and prints a report. What every game shares (formats, writing files) is here; each game's
//! own steps are in its module.

mod greed;
mod hog;

use std::path::{Path, PathBuf};

use anyhow::Result;
use swine_solver::format::{Format, TableFile, prepare_directory, write_files};

use crate::cli::{EvalArgs, FormatArg, SimulateArgs, SolveArgs, TablesArgs};
use crate::report::{MatchReport, print};
use crate::resolve::{self, Rules};

/// `swine solve`: the optimal strategy against `--vs`, written in every requested format.
pub fn solve_command(args: &SolveArgs) -> Result<()> {
    match resolve::rules(&args.rules)? {
        Rules::Hog(rules) => hog::solve(&rules, args),
        Rules::Greed(game) => greed::solve(&game, args),
    }
}

/// `swine eval`: the exact win rate of one strategy against another.
pub fn eval_command(args: &EvalArgs) -> Result<()> {
    match resolve::rules(&args.rules)? {
        Rules::Hog(rules) => hog::eval(&rules, args),
        Rules::Greed(game) => greed::eval(&game, args),
    }
}

/// `swine simulate`: seeded games beside the exact numbers, or one game's transcript.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    if args.transcript && args.games.is_some_and(|n| n != 1) {
        anyhow::bail!("--transcript prints one game: leave out --games, or give --games 1");
    }
    match resolve::rules(&args.rules)? {
        Rules::Hog(rules) => hog::simulate(&rules, args),
        Rules::Greed(game) => greed::simulate(&game, args),
    }
}

/// Games per seat `simulate` plays unless `--games` says otherwise.
const DEFAULT_GAMES: u64 = 100_000;

/// `swine tables`: every ruleset of every game solved against its yardstick and by minimax.
/// Everything is solved first and written at once, so an obstacle anywhere leaves nothing
/// half-regenerated; the directory is checked before the solving starts.
pub fn tables_command(args: &TablesArgs) -> Result<()> {
    prepare_directory(&args.out)?;
    let mut solved = hog::tables()?;
    solved.extend(greed::tables()?);
    let files: Vec<(&TableFile, Vec<Format>)> = solved
        .iter()
        .flat_map(|(_, files)| files.iter().map(|(file, formats)| (file, formats.clone())))
        .collect();
    write_files(&args.out, &files)?;
    for (mut report, files) in solved {
        report.files = paths(&args.out, &files);
        print(&report, false)?;
    }
    Ok(())
}

/// A report with the table files it writes, and their formats.
type Written = (MatchReport, Vec<(TableFile, Vec<Format>)>);

/// The formats requested with `--format`, if any.
fn requested(args: &SolveArgs) -> Option<Vec<Format>> {
    args.format
        .as_ref()
        .map(|list| list.iter().map(|&f| FormatArg::into(f)).collect())
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

/// Writes the files into `out` (all or nothing), lists them in the report and prints it.
fn write_and_print(
    mut report: MatchReport,
    files: &[(TableFile, Vec<Format>)],
    out: &Path,
    json: bool,
) -> Result<()> {
    let refs: Vec<(&TableFile, Vec<Format>)> = files
        .iter()
        .map(|(f, formats)| (f, formats.clone()))
        .collect();
    report.files = write_files(out, &refs)?;
    print(&report, json)?;
    Ok(())
}

/// Where `write_files` puts each file in `out`.
fn paths(out: &Path, files: &[(TableFile, Vec<Format>)]) -> Vec<PathBuf> {
    files
        .iter()
        .flat_map(|(file, formats)| {
            formats
                .iter()
                .map(|f| out.join(format!("{}.{}", file.stem(), f.extension())))
        })
        .collect()
}
