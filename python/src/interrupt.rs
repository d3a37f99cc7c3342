//! Long calls that Ctrl-C stops: the work runs on a thread of its own with the GIL released,
//! while the calling thread waits for it and looks for a pending signal every [`POLL`]. On one
//! (Ctrl-C, the notebook's interrupt button) the work's [`Run`] is told to stop, which it
//! checks between rows, layers and batches (every long loop does, within a few milliseconds);
//! the call waits for the work to end, however long that takes (so no thread computes on), and
//! raises what the signal's handler raises (`KeyboardInterrupt`), leaving the package usable
//! straight away.

use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use swine_solver::game::{Progress, Run};

/// How often a waiting call looks for a pending signal: well within the 100 ms a person
/// notices.
const POLL: Duration = Duration::from_millis(20);

/// What a long call shows on `sys.stderr` while it runs (a notebook shows it under the cell):
/// the last progress its work told, on one line over the last.
#[derive(Default)]
pub struct Shown {
    last: Mutex<Option<Progress>>,
}

impl Shown {
    /// The run whose progress this shows.
    fn run(self: &Arc<Shown>) -> Run {
        let shown = Arc::clone(self);
        Run::telling(move |progress| {
            *shown.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(progress.clone());
        })
    }

    /// Writes the last progress on one line of `sys.stderr` (a new line when `last`), if it
    /// changed since `written`.
    fn show(&self, py: Python<'_>, written: &mut Option<Progress>, last: bool) -> PyResult<()> {
        let now = self
            .last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if now.is_none() || (now == *written && !last) {
            return Ok(());
        }
        let progress = now.clone().expect("checked above");
        let end = if last { "\n" } else { "" };
        let line = format!("\rswine: {}{end}", progress.message);
        let stderr = py.import("sys")?.getattr("stderr")?;
        stderr.call_method1("write", (line,))?;
        stderr.call_method0("flush")?;
        *written = now;
        Ok(())
    }
}

/// `work`'s result, computed on a thread of its own with the GIL released and a [`Run`] it
/// checks; its progress shown on `sys.stderr` when `show`. A pending signal whose handler
/// raises (Ctrl-C: `KeyboardInterrupt`) stops the work and ends the wait with that error, as
/// does a `KeyboardInterrupt` a Python callable of the work raised.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    show: bool,
    work: impl FnOnce(&Run) -> T + Send + 'static,
) -> PyResult<T> {
    // What a callable raised before this call is not this call's.
    crate::strategies::raised();
    let shown = Arc::new(Shown::default());
    let run = if show { shown.run() } else { Run::default() };
    let (send, receive) = channel();
    let worker = run.clone();
    std::thread::Builder::new()
        .name("swine".to_string())
        .spawn(move || {
            // The caller may have gone: then nobody wants the result.
            let _ = send.send(work(&worker));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut receive = receive;
    let mut written = None;
    loop {
        // The receiver goes to the detached wait and comes back (it is not Sync).
        let (back, received) = py.detach(move || {
            let received = receive.recv_timeout(POLL);
            (receive, received)
        });
        receive = back;
        match received {
            Ok(result) => {
                if show {
                    shown.show(py, &mut written, true)?;
                }
                // A callable that raised KeyboardInterrupt (or SystemExit) ends the call with it.
                return match crate::strategies::raised() {
                    Some(interrupt) => Err(interrupt),
                    None => Ok(result),
                };
            }
            Err(RecvTimeoutError::Timeout) => {
                if show {
                    shown.show(py, &mut written, false)?;
                }
                if let Err(signal) = py.check_signals() {
                    run.stop();
                    // The work's result, or its end without one, is of no use now.
                    py.detach(move || {
                        let _ = receive.recv();
                    });
                    return Err(signal);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "swine's computation stopped without a result (a bug: please report it)",
                ));
            }
        }
    }
}
