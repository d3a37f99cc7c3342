//! `swine tables`: every built-in ruleset of every game solved as the repository's `tables/`
//! keeps it.

use std::io::Write;

use anyhow::Result;
use swine_solver::catalog;
use swine_solver::format::{prepare_directory, write_rendered};
use swine_solver::game::{Solved, TablesJob};
use swine_solver::python::Runner;
use swine_solver::report::text;

use crate::cli::TablesArgs;
use crate::progress::Watch;

/// `swine tables`: every ruleset of the catalog at its default size, as each game keeps it
/// (with `--best-tables-from`, what is expensive to find taken from there once checked).
/// Every check is made before anything is solved, and everything is solved before anything
/// is written at once, so an obstacle anywhere leaves nothing half-regenerated.
pub fn tables_command(args: &TablesArgs) -> Result<()> {
    prepare_directory(&args.out)?;
    let mut jobs: Vec<TablesJob> = Vec::new();
    for entry in catalog::rulesets() {
        let game = catalog::open(entry.ruleset.name, None, &[], &Runner::default())?;
        jobs.extend(game.tables(args.best_tables_from.as_deref())?);
    }
    let solved: Vec<Solved> = Watch::during(|run, _| {
        jobs.into_iter()
            .map(|job| job(run))
            .collect::<Result<_, _>>()
    })?;
    let rendered = solved
        .iter()
        .map(Solved::rendered)
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<Vec<String>> = rendered
        .iter()
        .map(|files| files.iter().map(|(name, _)| name.clone()).collect())
        .collect();
    write_rendered(&args.out, rendered.into_iter().flatten().collect())?;
    let mut out = std::io::stdout().lock();
    for (solved, names) in solved.into_iter().zip(names) {
        let mut report = solved.report;
        *report.files_mut() = names.iter().map(|name| args.out.join(name)).collect();
        write!(out, "{}", text(&report))?;
    }
    Ok(())
}
