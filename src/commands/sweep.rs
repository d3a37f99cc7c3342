//! `swine sweep`: every variant of a grid of parameters, solved in parallel.

use anyhow::{Context, Result, bail};
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
    resolve::script(&args.rules, &grid[0])?;
    let pool = pool(args.batch.jobs)?;
    let bar = progress(grid.len(), "variants");
    let rows: Vec<SweepRow> = pool.install(|| {
        grid.par_iter()
            .map(|settings| {
                let describe = || {
                    let shown: Vec<String> =
                        settings.iter().map(|(n, v)| format!("{n}={v}")).collect();
                    format!("variant {}", shown.join(", "))
                };
                let rules = Ruleset::compile(resolve::script(&args.rules, settings)?)
                    .with_context(describe)?;
                let survey = survey(&rules).with_context(describe)?;
                bar.inc(1);
                Ok(SweepRow::new(settings, &survey))
            })
            .collect::<Result<_>>()
    })?;
    bar.finish_and_clear();
    let report = SweepReport {
        rules: args.rules.clone(),
        rows,
    };
    finish(&args.batch, target, &report, SweepReport::csv, None)
}
