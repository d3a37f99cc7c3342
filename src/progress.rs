//! A spinner on stderr while the table search runs; nothing when stderr is not a terminal.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use swine_solver::hog::{Round, STARTS};

/// Shows what the best-table search has reached.
pub struct SearchProgress {
    bar: ProgressBar,
}

impl SearchProgress {
    /// Starts the spinner for a search in `rules`.
    pub fn start(rules: &str) -> SearchProgress {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed:>4} {msg}")
                .expect("a valid progress template"),
        );
        bar.set_message(format!("{rules}: full-information best response"));
        bar.enable_steady_tick(Duration::from_millis(120));
        SearchProgress { bar }
    }

    /// Reports a finished round.
    pub fn round(&self, round: &Round) {
        self.bar.set_message(format!(
            "best score table: start {}/{STARTS}, round {}, win rate {:.12}, {} cells changed",
            round.start, round.round, round.win_rate, round.changed
        ));
    }

    /// Clears the spinner.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
