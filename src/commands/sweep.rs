//! `swine sweep`: every variant of a grid of parameters, solved in parallel.

use anyhow::{Result, bail};
use rayon::prelude::*;
use swine_solver::hog::{Ruleset, survey};

use super::contest::{finish, pool, progress, report_target};
use crate::cli::{MOST_VARIANTS, SweepArgs};
use crate::ranking::{SweepReport, SweepRow};
use crate::resolve;

/// `swine sweep`.
pub fn sweep_command(args: &SweepArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let size = args
        .settings
        .iter()
        .try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))
        .filter(|&n| n <= MOST_VARIANTS);
    if size.is_none() {
        bail!("--set: the grid has more than {MOST_VARIANTS} variants");
    }
    let mut grid: Vec<Vec<(String, i64)>> = vec![Vec::new()];
    for (name, values) in &args.settings {
        if grid[0].iter().any(|(n, _)| n == name) {
            bail!("--set {name}: given twice; one --set per parameter");
        }
        grid = grid
            .into_iter()
            .flat_map(|row| {
                values.iter().map(move |&v| {
                    let mut row = row.clone();
                    row.push((name.clone(), v));
                    row
                })
            })
            .collect();
    }
    // Check the script and the parameter names once, before the batch.
    let runner = resolve::runner(&args.batch.python);
    resolve::script(&args.rules, &grid[0], &runner)?;
    let pool = pool(args.batch.jobs)?;
    let bar = progress(grid.len(), "variants");
    // A variant that fails (a goal out of range, a hook error at some value) gets its row
    // with the reason; the others are still solved, and the sweep ends non-zero.
    let rows: Vec<SweepRow> = pool.install(|| {
        grid.par_iter()
            .map(|settings| {
                let surveyed = resolve::script(&args.rules, settings, &runner)
                    .and_then(|script| Ok(Ruleset::compile(script)?))
                    .and_then(|rules| Ok(survey(&rules)?));
                bar.inc(1);
                match surveyed {
                    Ok(survey) => SweepRow::new(settings, &survey),
                    Err(error) => SweepRow::failed(settings, format!("{error:#}")),
                }
            })
            .collect()
    });
    bar.finish_and_clear();
    let failed = rows.iter().filter(|r| r.error.is_some()).count();
    let failed = (failed > 0).then(|| {
        format!(
            "{failed} of {} variant(s) could not be solved (each row says why)",
            rows.len()
        )
    });
    let report = SweepReport {
        rules: args.rules.clone(),
        rows,
    };
    finish(&args.batch, target, &report, SweepReport::csv, failed)
}
