//! The temporary files being written right now, so that a process ended by a signal can remove
//! them first: [`write_rendered`](super::write_rendered) stages every file beside its
//! destination, and an interrupt (Ctrl-C) or a termination between staging and renaming would
//! otherwise leave hidden `.tmpXXXXXX` files behind. The CLI's signal handler calls
//! [`remove_staged`] before it ends the process.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The paths of the staged files not yet renamed into place or removed.
static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry, held while a file is created and recorded, renamed and forgotten, or removed
/// by [`remove_staged`]: a signal's cleanup never runs between a file's creation and its record.
pub(super) fn registry() -> MutexGuard<'static, Vec<PathBuf>> {
    STAGED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Forgets `path` (renamed into place, or removed).
pub(super) fn forget(staged: &mut Vec<PathBuf>, path: &Path) {
    staged.retain(|p| p != path);
}

/// Removes every staged file; later stagings wait until the process has ended (the registry
/// stays locked for good).
pub fn remove_staged() {
    let staged = registry();
    for path in staged.iter() {
        let _ = std::fs::remove_file(path);
    }
    // Held until the process ends: nothing new is staged behind the cleanup.
    std::mem::forget(staged);
}
