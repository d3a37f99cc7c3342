//! Progress displays on stderr, while the table search runs or games are simulated; nothing
//! when stderr is not a terminal.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use swine_solver::hog::{Round, STARTS};

/// Shows what the best-table search has reached: a bar over the time limit when there is one,
/// else a spinner.
pub struct SearchProgress {
    bar: ProgressBar,
    time_limit: Option<Duration>,
    best: f64,
}

impl SearchProgress {
    /// Starts the display for a search in `rules`, bounded by `time_limit` if given.
    pub fn start(rules: &str, time_limit: Option<Duration>) -> SearchProgress {
        let bar = match time_limit {
            Some(limit) => {
                let bar = ProgressBar::new(limit.as_millis() as u64);
                bar.set_style(
                    ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {msg}")
                        .expect("a valid progress template")
                        .progress_chars("=> "),
                );
                bar
            }
            None => {
                let bar = ProgressBar::new_spinner();
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {elapsed:>4} {msg}")
                        .expect("a valid progress template"),
                );
                bar
            }
        };
        bar.set_message(format!("{rules}: sweeping the full state"));
        bar.enable_steady_tick(Duration::from_millis(120));
        SearchProgress {
            bar,
            time_limit,
            best: 0.0,
        }
    }

    /// Reports a finished round.
    pub fn round(&mut self, round: &Round) {
        self.best = self.best.max(round.win_rate);
        if let Some(limit) = self.time_limit {
            self.bar
                .set_position(round.elapsed.min(limit).as_millis() as u64);
        }
        self.bar.set_message(format!(
            "best score table: start {}/{STARTS}, round {}, {} cells changed, best win rate {:.12}",
            round.start, round.round, round.changed, self.best
        ));
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// Games simulated so far out of all of them, shown from a million games on.
pub struct GamesProgress {
    bar: Option<ProgressBar>,
}

impl GamesProgress {
    /// Starts the display for `total` games.
    pub fn start(total: u64) -> GamesProgress {
        let bar = (total >= 1_000_000).then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed:>4} [{bar:30}] {human_pos}/{human_len} games, {per_sec} (Ctrl-C stops)",
                )
                .expect("a valid progress template")
                .progress_chars("=> "),
            );
            bar
        });
        GamesProgress { bar }
    }

    /// Counts `games` more finished (from any thread).
    pub fn played(&self, games: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(games);
        }
    }

    /// Clears the display.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
