//! Progress displays on stderr while long work runs: what a computation tells its [`Run`]
//! (a spinner with its message, a bar where it counts), and a count of finished items. Nothing
//! is drawn when stderr is not a terminal.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use swine_solver::game::{Footprint, Run};

/// How long a computation runs before its display appears: quick answers draw nothing.
const QUIET: Duration = Duration::from_millis(300);

/// What the work of this run is expected to take, as displays show it (`about 656 MB and
/// 8 min expected; `): set once the game is sized.
static EXPECTED: Mutex<String> = Mutex::new(String::new());

/// Shows `footprint` beside every later display.
pub fn expect(footprint: &Footprint) {
    let text = format!(
        "about {} and {} expected; ",
        footprint.memory(),
        footprint.time()
    );
    *EXPECTED.lock().unwrap_or_else(PoisonError::into_inner) = text;
}

/// The display of one computation: a spinner with what it says it is doing, turned into a bar
/// while it counts (states swept, games played, rounds of a search).
pub struct Watch {
    bar: Arc<ProgressBar>,
}

impl Watch {
    /// A display and the [`Run`] that feeds it.
    pub fn start() -> (Watch, Run) {
        let bar = Arc::new(ProgressBar::new_spinner());
        bar.set_style(spinner_style());
        bar.set_prefix(
            EXPECTED
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
        );
        let shown = Arc::clone(&bar);
        let started = std::time::Instant::now();
        let run = Run::telling(move |progress| {
            if started.elapsed() < QUIET {
                return;
            }
            if shown.length().is_none() {
                shown.enable_steady_tick(Duration::from_millis(120));
            }
            match progress.count {
                Some((done, total)) => {
                    if shown.length() != Some(total) {
                        shown.set_style(bar_style());
                        shown.set_length(total);
                    }
                    shown.set_position(done);
                }
                None => {
                    if shown.length().is_some() {
                        shown.set_style(spinner_style());
                    }
                }
            }
            shown.set_message(progress.message.clone());
        });
        let noted = Arc::clone(&bar);
        let run = run.noting(move |note| noted.suspend(|| eprintln!("{note}")));
        (Watch { bar }, run)
    }

    /// `work` done under a display fed by its [`Run`], the display cleared when it ends.
    pub fn during<T>(work: impl FnOnce(&Run, &Watch) -> T) -> T {
        let (watch, run) = Watch::start();
        let done = work(&run, &watch);
        watch.finish();
        done
    }

    /// Clears the display before a report is printed (it stays cleared).
    pub fn clear(&self) {
        self.bar.finish_and_clear();
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner with the elapsed time and the message.
fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {elapsed:>4} {msg} ({prefix}Ctrl-C stops)")
        .expect("a valid progress template")
}

/// A bar over a count, with the message and the time left.
fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {msg}, eta {eta} ({prefix}Ctrl-C stops)")
        .expect("a valid progress template")
        .progress_chars("=> ")
}

/// Items finished out of a known number, the last one named (the presets `swine atlas` has
/// solved).
pub struct CountProgress {
    bar: ProgressBar,
}

impl CountProgress {
    /// Starts the display for `total` items of a kind called `what` (a plural).
    pub fn start(total: usize, what: &str) -> CountProgress {
        let bar = ProgressBar::new(total as u64);
        let template = format!("{{elapsed:>4}} [{{bar:30}}] {{pos}}/{{len}} {what} {{msg}}");
        bar.set_style(
            ProgressStyle::with_template(&template)
                .expect("a valid progress template")
                .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        CountProgress { bar }
    }

    /// Counts one more finished, `name` (from any thread).
    pub fn done(&self, name: &str) {
        self.bar.set_message(format!(", {name} done"));
        self.bar.inc(1);
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
