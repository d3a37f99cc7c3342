//! What a long computation hears from whoever waits for it: a stop flag it checks between
//! sweeps, layers or batches (Ctrl-C in the CLI, `KeyboardInterrupt` in Python, a page nobody
//! waits for), and where it tells how far it has come.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use thiserror::Error;

/// How far a computation has come, in words and, where it knows, as a count.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// What it is doing now, e.g. `round 3, 40% of the 562500 turn-start states swept`.
    pub message: String,
    /// `(done, total)` of its current count, where it has one.
    pub count: Option<(u64, u64)>,
}

/// Where a computation's progress goes.
type Sink = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Where a computation's notes go.
type Notes = Arc<dyn Fn(&str) + Send + Sync>;

/// The stop flag, the progress sink and the notes of one computation; cloning shares them.
#[derive(Clone, Default)]
pub struct Run {
    stop: Arc<AtomicBool>,
    progress: Option<Sink>,
    notes: Option<Notes>,
}

/// The computation was stopped by its [`Run`]'s flag before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("stopped before it finished (interrupted)")]
pub struct Stopped;

impl Run {
    /// A run that tells `progress` how far it has come.
    pub fn telling(progress: impl Fn(&Progress) + Send + Sync + 'static) -> Run {
        Run {
            stop: Arc::default(),
            progress: Some(Arc::new(progress)),
            notes: None,
        }
    }

    /// The same run, its notes (see [`note`](Self::note)) told to `notes`.
    pub fn noting(mut self, notes: impl Fn(&str) + Send + Sync + 'static) -> Run {
        self.notes = Some(Arc::new(notes));
        self
    }

    /// The same run (the same stop flag) telling `progress` instead.
    pub fn with_progress(&self, progress: impl Fn(&Progress) + Send + Sync + 'static) -> Run {
        Run {
            stop: Arc::clone(&self.stop),
            progress: Some(Arc::new(progress)),
            notes: self.notes.clone(),
        }
    }

    /// Asks the computation to stop at its next check.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether it has been asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// `Err(Stopped)` once it has been asked to stop: the check between sweeps.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.stopped() { Err(Stopped) } else { Ok(()) }
    }

    /// Tells the waiting side how far the computation has come.
    pub fn tell(&self, message: impl Into<String>, count: Option<(u64, u64)>) {
        if let Some(progress) = &self.progress {
            progress(&Progress {
                message: message.into(),
                count,
            });
        }
    }

    /// Tells the waiting side something worth reading in full, once (not a passing state of
    /// the work): e.g. that an answer waits for a solve that later answers will not.
    pub fn note(&self, message: &str) {
        if let Some(notes) = &self.notes {
            notes(message);
        }
    }

    /// A counter of `total` `what` (e.g. games) that tells how many are done each time more
    /// are, and stops the counting work once the run is stopped: what a simulation hears.
    pub fn counter(&self, total: u64, what: &'static str) -> Counter {
        Counter {
            run: self.clone(),
            done: AtomicU64::new(0),
            total,
            what,
        }
    }

    /// The shared flag itself, for a loop that checks it without the rest.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }
}

/// Items of a [`Run`] counted as they finish (see [`Run::counter`]).
pub struct Counter {
    run: Run,
    done: AtomicU64,
    total: u64,
    what: &'static str,
}

impl Counter {
    /// Counts `n` more finished, and tells the run.
    pub fn add(&self, n: u64) {
        let now = self.done.fetch_add(n, Ordering::Relaxed) + n;
        self.run.tell(
            format!("{now}/{} {}", self.total, self.what),
            Some((now, self.total)),
        );
    }
}

impl crate::montecarlo::Played for Counter {
    fn played(&self, n: u64) {
        self.add(n);
    }

    fn stopped(&self) -> bool {
        self.run.stopped()
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run")
            .field("stopped", &self.stopped())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_stop_reaches_every_clone_and_progress_its_sink() {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&heard);
        let run = Run::telling(move |p| sink.lock().unwrap().push(p.clone()));
        let other = run.clone();
        assert_eq!(run.check(), Ok(()));
        run.tell("half", Some((1, 2)));
        other.stop();
        assert_eq!(run.check(), Err(Stopped));
        let noted = Arc::new(Mutex::new(Vec::new()));
        let notes = Arc::clone(&noted);
        let quiet = run
            .noting(move |n| notes.lock().unwrap().push(n.to_string()))
            .with_progress(|_| {});
        assert!(quiet.stopped());
        quiet.note("solving once");
        assert_eq!(heard.lock().unwrap()[0].count, Some((1, 2)));
        assert_eq!(*noted.lock().unwrap(), ["solving once"]);
    }
}
