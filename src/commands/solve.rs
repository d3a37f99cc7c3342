//! `swine solve`: the optimal strategy against `--vs` (or both players optimal), written in
//! every requested format.

use anyhow::Result;
use swine_solver::format::{prepare_directory, write_rendered};
use swine_solver::game::{Capability, SearchAsk, SolveAsk};

use super::{print, refuse_precision};
use crate::cli::{FormatArg, SolveArgs};
use crate::progress::Watch;
use crate::resolve;

/// `swine solve`.
pub fn solve_command(args: &SolveArgs) -> Result<()> {
    let game = resolve::game(&args.rules, &args.python)?;
    let info = game.info();
    refuse_precision(info, &args.precision)?;
    info.allows_all(&[
        (Capability::Moves, args.moves.is_some()),
        (Capability::Values, args.values),
        (Capability::FullInformation, args.full_information),
        (Capability::TimeLimit, args.time_limit.is_some()),
    ])?;
    let runner = resolve::runner(&args.python);
    let opponent = resolve::opponent(game.as_ref(), args.vs.as_deref(), None, &runner)?;
    prepare_directory(&args.out)?;
    let ask = SolveAsk {
        formats: args
            .format
            .as_ref()
            .map(|list| list.iter().map(|&f| FormatArg::into(f)).collect()),
        values: args.values,
        exact: args.precision.exact,
        bounds: args.precision.bounds,
        full_information: args.full_information,
        search: SearchAsk {
            time_limit: args.time_limit,
            perturbations: args.perturbations,
            seed: args.seed,
        },
        moves: args.moves,
    };
    let solved = Watch::during(|run, _| game.solve(opponent.as_ref(), &ask, run))?;
    let files = write_rendered(&args.out, solved.rendered()?)?;
    let mut report = solved.report;
    *report.files_mut() = files;
    print(&report, args.json)?;
    Ok(())
}
