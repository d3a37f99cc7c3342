//! The verbs, each written once over the one game interface (`swine_solver::game`): parse the
//! flags, open the game `--rules` names, ask it, print its report. No verb names a game.

mod atlas;
mod contest;
mod eval;
mod games;
mod play;
pub mod plot;
mod prompt;
mod rules;
mod simulate;
mod solve;
mod study;
mod sweep;
mod tables;

pub use atlas::atlas_command;
pub use contest::{grade_command, tournament_command};
pub use eval::eval_command;
pub use games::games_command;
pub use play::play_command;
pub use rules::rules_command;
pub use simulate::simulate_command;
pub use solve::solve_command;
pub use study::study_command;
pub use sweep::sweep_command;
pub use tables::tables_command;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use swine_solver::format::write_rendered;
use swine_solver::game::{Capability, GameInfo};
use swine_solver::report::Report;

use crate::cli::PrecisionArgs;

/// Prints `report` on stdout, as one JSON object when `json`, else as text.
pub fn print(report: &impl Report, json: bool) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, report)?;
        writeln!(out)
    } else {
        report.write_text(&mut out)
    }
}

/// Writes `bytes` to `path` atomically; where it was written.
pub fn write_file(path: &Path, bytes: Vec<u8>) -> Result<PathBuf> {
    let directory = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .with_context(|| format!("{}: not a file name", path.display()))?;
    let written = write_rendered(directory, vec![(name.to_string(), bytes)])?;
    Ok(written
        .into_iter()
        .next()
        .unwrap_or_else(|| path.to_path_buf()))
}

/// Refuses `--exact` and `--bounds` where the game has neither, in the game's words.
fn refuse_precision(info: &GameInfo, precision: &PrecisionArgs) -> Result<()> {
    Ok(info.allows_all(&[
        (Capability::Exact, precision.exact),
        (Capability::Bounds, precision.bounds),
    ])?)
}

/// A thread pool of `jobs` threads, at most one per core (the default); more are refused
/// with a note, as they would only share the same cores.
fn pool(jobs: Option<u16>) -> Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = match jobs.map(usize::from) {
        Some(jobs) if jobs > cores => {
            eprintln!("swine: --jobs {jobs}: this machine has {cores} core(s); using {cores}");
            cores
        }
        Some(jobs) => jobs,
        None => cores,
    };
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

/// A seed from the clock, for games nobody asked to repeat.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or_default()
}
