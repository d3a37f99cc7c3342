//! Long calls that Ctrl-C interrupts: the work runs on a thread of its own, the GIL released,
//! while the calling thread waits for it and looks for a pending signal every [`POLL`]. On
//! one (Ctrl-C, the notebook's interrupt button) the call raises what the signal's handler
//! raises (`KeyboardInterrupt`) at once; the work is left to finish on its thread and its result
//! is dropped, so the package is usable straight away.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use swine_solver::catalog::Rules;

use crate::game::Game;

/// How often a waiting call looks for a pending signal: well within the 100 ms a person
/// notices.
const POLL: Duration = Duration::from_millis(20);

/// `work`'s result, computed on a thread of its own with the GIL released; a pending signal
/// whose handler raises (Ctrl-C: `KeyboardInterrupt`) ends the wait with that error.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    waiting(py, work, None)
}

/// How far a long call has come, shown on `sys.stderr` while it runs (a notebook shows it
/// under the cell): `done` of `total` `what` ("12/50 variants").
pub struct Progress {
    /// How many are done; the work counts them.
    pub done: Arc<AtomicU64>,
    /// How many there are.
    pub total: u64,
    /// What they are, in the plural.
    pub what: &'static str,
}

impl Progress {
    /// A progress of `total` `what`, none done yet.
    pub fn new(total: u64, what: &'static str) -> Progress {
        Progress {
            done: Arc::new(AtomicU64::new(0)),
            total,
            what,
        }
    }

    /// Writes the count on one line of `sys.stderr`, over the last, and a new line when `last`.
    fn show(&self, py: Python<'_>, last: bool) -> PyResult<()> {
        let done = self.done.load(Ordering::Relaxed);
        let end = if last { "\n" } else { "" };
        let line = format!("\rswine: {done}/{} {}{end}", self.total, self.what);
        let stderr = py.import("sys")?.getattr("stderr")?;
        stderr.call_method1("write", (line,))?;
        stderr.call_method0("flush")?;
        Ok(())
    }
}

/// [`interruptible`], showing `progress` (if any) at every poll.
pub fn waiting<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
    progress: Option<&Progress>,
) -> PyResult<T> {
    let (send, receive) = channel();
    std::thread::Builder::new()
        .name("swine".to_string())
        .spawn(move || {
            // The caller may have gone (interrupted): then nobody wants the result.
            let _ = send.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut receive = receive;
    let mut shown = None;
    loop {
        // The receiver goes to the detached wait and comes back (it is not Sync).
        let (back, received) = py.detach(move || {
            let received = receive.recv_timeout(POLL);
            (receive, received)
        });
        receive = back;
        match received {
            Ok(result) => {
                if let Some(progress) = progress {
                    progress.show(py, true)?;
                }
                return Ok(result);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Some(progress) = progress {
                    let done = progress.done.load(Ordering::Relaxed);
                    if shown != Some(done) {
                        progress.show(py, false)?;
                        shown = Some(done);
                    }
                }
                py.check_signals()?
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "swine's computation stopped without a result (a bug: please report it)",
                ));
            }
        }
    }
}

/// `work` on the game `rules` holds, as [`interruptible`] runs it.
pub fn on_game<G: Game, T: Send + 'static>(
    py: Python<'_>,
    rules: &Arc<Rules>,
    work: impl FnOnce(&G) -> T + Send + 'static,
) -> PyResult<T> {
    let rules = Arc::clone(rules);
    interruptible(py, move || work(G::of(&rules)))
}
