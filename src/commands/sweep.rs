//! `swine sweep`: every variant of a grid of parameters, surveyed in parallel.

use anyhow::{Context, Result, anyhow};
use swine_solver::catalog;
use swine_solver::report::ranking::{SweepReport, SweepRow};

use super::contest::{finish, report_target};
use super::pool;
use crate::cli::SweepArgs;
use crate::progress::Watch;
use crate::resolve;

/// `swine sweep`.
pub fn sweep_command(args: &SweepArgs) -> Result<()> {
    let target = report_target(&args.batch)?;
    let grid = catalog::grid(&args.settings).map_err(|e| anyhow!("--set: {e}"))?;
    let runner = resolve::runner(&args.batch.python);
    // Sized by its largest variant before any is solved.
    if let Some((settings, footprint)) = catalog::largest(&args.rules, &grid, &runner) {
        let shown: Vec<String> = settings.iter().map(|(n, v)| format!("{n}={v}")).collect();
        resolve::fits(&args.rules, &footprint, args.no_memory_check)
            .with_context(|| format!("--set {}", shown.join(" --set ")))?;
    }
    let pool = pool(args.batch.jobs)?;
    // A variant that fails gets its row with the reason; the sweep then ends non-zero.
    let (family, surveys) =
        pool.install(|| Watch::during(|run, _| catalog::sweep(&args.rules, &grid, &runner, run)))?;
    let rows: Vec<SweepRow> = grid
        .iter()
        .zip(surveys)
        .map(|(settings, survey)| SweepRow {
            parameters: settings.clone(),
            survey,
        })
        .collect();
    let failed = rows.iter().filter(|r| r.survey.is_err()).count();
    let failed = (failed > 0).then(|| {
        format!(
            "{failed} of {} variant(s) could not be solved (each row says why)",
            rows.len()
        )
    });
    let report = SweepReport {
        rules: args.rules.clone(),
        family,
        rows,
    };
    finish(&args.batch, target, &report, SweepReport::csv, failed)
}
