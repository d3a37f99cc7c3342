//! Long calls that Ctrl-C interrupts: the work runs on a thread of its own, the GIL released,
//! while the calling thread waits for it and looks for a pending signal every [`POLL`]. On
//! one (Ctrl-C, the notebook's interrupt button) the call raises what the signal's handler
//! raises (`KeyboardInterrupt`) at once; the work is left to finish on its thread and its result
//! is dropped, so the package is usable straight away.

use std::sync::Arc;
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
    let (send, receive) = channel();
    std::thread::Builder::new()
        .name("swine".to_string())
        .spawn(move || {
            // The caller may have gone (interrupted): then nobody wants the result.
            let _ = send.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut receive = receive;
    loop {
        // The receiver goes to the detached wait and comes back (it is not Sync).
        let (back, received) = py.detach(move || {
            let received = receive.recv_timeout(POLL);
            (receive, received)
        });
        receive = back;
        match received {
            Ok(result) => return Ok(result),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
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
