//! A solved Yahtzee kept, so that only the first question of a rule set waits for the solve:
//! in this process (every game of the same rules shares one solution: the page's match-ups,
//! Python's calls, a tournament's players) and in the cache directory ([`crate::cache`]) for the
//! next process.
//!
//! A cache file holds the rules it solves (their whole settings), swine's version and every
//! card's value, framed and checksummed: a damaged, truncated or foreign file is not read (the
//! game is solved again and the file replaced), and values are read back bit for bit.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::rules::Settings;
use super::solve::{Solution, cards, solve};
use crate::cache::{self, Kind};
use crate::game::{Run, Stopped};

/// A solved Yahtzee's cache file: its values are 8.4 MB for Hasbro's rules.
const KIND: Kind = Kind {
    prefix: "yahtzee-",
    magic: b"SWINEYHZ",
    version: 1,
    most_bytes: 64 << 20,
    most_files: 16,
    what: "a solved Yahtzee",
};

/// The most rule sets one process keeps solved (a sweep of Python calls over a setting keeps
/// the newest).
const MOST_KEPT: usize = 8;

/// What a cache file holds: whose values they are, and the values.
#[derive(Serialize, Deserialize)]
struct File {
    /// [`identity`] of the rules and swine that solved them.
    identity: String,
    /// Every card's value as [`Solution::values`] orders them, little-endian `f64`s.
    #[serde(with = "serde_bytes")]
    values: Vec<u8>,
}

/// One rule set's slot: held while it is solved, so one caller solves and the others wait.
type Slot = Arc<Mutex<Option<Arc<Solution>>>>;

/// The rule sets this process has solved, the newest last.
static KEPT: Mutex<Vec<(Settings, Slot)>> = Mutex::new(Vec::new());

/// Every card's value under optimal play of `settings`: kept in this process, else read from the
/// cache directory, else solved (noting on `run` that it solves once and how long that took)
/// and kept in both. A solve `run` stops is not kept.
pub fn solution(settings: &Settings, run: &Run) -> Result<Arc<Solution>, Stopped> {
    let slot = slot(settings);
    let mut kept = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(solution) = &*kept {
        return Ok(Arc::clone(solution));
    }
    let directory = cache::directory();
    let solution = match directory.as_deref().and_then(|d| read_from(d, settings)) {
        Some(solution) => solution,
        None => solve_noting(settings, directory.as_deref(), run)?,
    };
    let solution = Arc::new(solution);
    *kept = Some(Arc::clone(&solution));
    Ok(solution)
}

/// The slot of `settings` in this process, made (and the oldest beyond [`MOST_KEPT`] dropped)
/// if new.
fn slot(settings: &Settings) -> Slot {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, slot)) = kept.iter().find(|(s, _)| s == settings) {
        return Arc::clone(slot);
    }
    if kept.len() == MOST_KEPT {
        kept.remove(0);
    }
    let slot = Slot::default();
    kept.push((*settings, Arc::clone(&slot)));
    slot
}

/// Solves `settings`, saying so on `run` before and after, and writes the solution into the
/// cache `directory`.
fn solve_noting(
    settings: &Settings,
    directory: Option<&Path>,
    run: &Run,
) -> Result<Solution, Stopped> {
    let (reachable, _) = cards(settings);
    let later = match directory {
        Some(directory) => format!("kept in {} for later answers", directory.display()),
        None => "not kept: SWINE_CACHE_DIR is empty".to_string(),
    };
    run.note(&format!(
        "{}: solving the game once ({reachable} cards, about a second; {later})",
        settings.label()
    ));
    run.tell(
        format!("{}: solving {reachable} cards", settings.label()),
        None,
    );
    let started = Instant::now();
    let solution = solve(settings, run)?;
    run.note(&format!(
        "{}: solved in {:.2} s",
        settings.label(),
        started.elapsed().as_secs_f64()
    ));
    if let Some(directory) = directory {
        write_into(directory, &solution);
    }
    Ok(solution)
}

/// What decides a solution: the rules in full and swine's version.
fn identity(settings: &Settings) -> String {
    format!("swine {} {settings:?}", env!("CARGO_PKG_VERSION"))
}

/// The cache file of `settings`: a checksum of its identity (which only spreads the files;
/// the whole identity inside decides).
fn file_name(settings: &Settings) -> String {
    format!(
        "{}{:08x}.bin",
        KIND.prefix,
        crc32fast::hash(identity(settings).as_bytes())
    )
}

/// The solution of `settings` kept in the cache `directory`, if its file is there, reads whole
/// and is of these rules and this swine.
pub fn read_from(directory: &Path, settings: &Settings) -> Option<Solution> {
    read(&directory.join(file_name(settings)), settings)
}

/// Keeps `solution` in the cache `directory` (a failure only means the next process solves
/// again).
pub fn write_into(directory: &Path, solution: &Solution) {
    write(&directory.join(file_name(solution.settings())), solution);
}

/// The solution of `settings` in the cache file at `path`, if it reads whole and is of these
/// rules and this swine.
fn read(path: &Path, settings: &Settings) -> Option<Solution> {
    let payload = KIND.read(path)?;
    let config = bincode::config::standard().with_limit::<{ 64 << 20 }>();
    let (file, _): (File, usize) = bincode::serde::decode_from_slice(&payload, config).ok()?;
    if file.identity != identity(settings) || file.values.len() % 8 != 0 {
        return None;
    }
    let values = file
        .values
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect();
    Solution::valued(settings, values)
}

/// Writes `solution` to the cache file at `path`.
fn write(path: &Path, solution: &Solution) {
    let file = File {
        identity: identity(solution.settings()),
        values: solution
            .values()
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect(),
    };
    if let Ok(payload) = bincode::serde::encode_to_vec(&file, bincode::config::standard()) {
        KIND.write(path, &payload);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::fixtures::small;

    /// A solution reads back bit for bit; a single-bit flip anywhere in its file (every
    /// bit of the header and the identity, and bits spread over the values), a cut anywhere,
    /// or other rules make it unreadable, never a different answer.
    #[test]
    fn a_cache_file_answers_bit_for_bit_or_not_at_all() {
        let solution = small();
        let settings = solution.settings();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file_name(settings));
        write(&path, solution);
        let back = read(&path, settings).expect("the file just written");
        assert!(
            back.values()
                .iter()
                .zip(solution.values())
                .all(|(a, b)| a.to_bits() == b.to_bits())
        );
        let other = settings.set("upper_bonus", "36").unwrap();
        assert!(read(&path, &other).is_none(), "other rules");

        let bytes = std::fs::read(&path).unwrap();
        let bits = bytes.len() * 8;
        let spread = (0..4096).map(|i| i * (bits / 4096) + i % 8);
        for bit in (0..1024).chain(spread).chain(bits - 64..bits) {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            std::fs::write(&path, &flipped).unwrap();
            assert!(read(&path, settings).is_none(), "bit {bit} flipped");
        }
        for cut in [0, 10, 24, 1000, bytes.len() / 2, bytes.len() - 1] {
            std::fs::write(&path, &bytes[..cut]).unwrap();
            assert!(read(&path, settings).is_none(), "cut at {cut}");
        }
    }
}
