//! `swine sweep`: every variant of a grid of parameters, solved in parallel.

use anyhow::{Result, anyhow};
use swine_solver::catalog;

use super::contest::{finish, pool, progress, report_target};
use crate::cli::SweepArgs;
use crate::ranking::{SweepReport, SweepRow};
use crate::resolve;

/// `swine sweep`.
pub fn sweep_command(args: &SweepArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let grid = catalog::grid(&args.settings).map_err(|e| anyhow!("--set: {e}"))?;
    let runner = resolve::runner(&args.batch.python);
    let pool = pool(args.batch.jobs)?;
    let bar = progress(grid.len(), "variants");
    // A variant that fails gets its row with the reason; the sweep then ends non-zero.
    let surveys = pool.install(|| catalog::sweep(&args.rules, &grid, &runner, || bar.inc(1)))?;
    let rows: Vec<SweepRow> = grid
        .iter()
        .zip(surveys)
        .map(|(settings, surveyed)| match surveyed {
            Ok(survey) => SweepRow::new(settings, &survey),
            Err(error) => SweepRow::failed(settings, error),
        })
        .collect();
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
