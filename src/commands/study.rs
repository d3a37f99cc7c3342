//! `swine study`: a match-up turn by turn, exactly, with the variant's design measures.

use anyhow::{Result, bail};
use swine_solver::format::write_rendered;
use swine_solver::game::contest::study;

use super::contest::folder_of;
use super::print;
use crate::cli::StudyArgs;
use crate::progress::Watch;
use crate::resolve;

/// `swine study`.
pub fn study_command(args: &StudyArgs) -> Result<()> {
    if let Some(path) = &args.csv
        && (path.file_name().is_none() || path.is_dir())
    {
        bail!("--csv {}: not a file name", path.display());
    }
    let game = resolve::game(&args.rules, &args.python)?;
    let runner = resolve::runner(&args.python);
    let report = Watch::during(|run, watch| {
        let [strategy, opponent] = resolve::pair(
            game.as_ref(),
            (&args.strategy, args.vs.as_deref()),
            &runner,
            run,
        )?;
        let report = study(
            game.as_ref(),
            [&strategy, &opponent],
            args.check.map(|games| (games, args.seed)),
            run,
        )?;
        watch.clear();
        Ok::<_, anyhow::Error>(report)
    })?;
    if let Some(path) = &args.csv {
        let name = path
            .file_name()
            .expect("checked above")
            .to_string_lossy()
            .into_owned();
        write_rendered(folder_of(path), vec![(name, report.csv().into_bytes())])?;
    }
    print(&report, args.json)?;
    Ok(())
}
