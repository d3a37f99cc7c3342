//! Progress displays on stderr, while the table search runs or games are simulated; nothing
//! when stderr is not a terminal.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use swine_solver::hog::{Round, STARTS, SearchLimits};

/// Shows what the best-table search has reached: a bar over the time limit when there is one,
/// else a spinner.
pub struct SearchProgress {
    bar: ProgressBar,
    time_limit: Option<Duration>,
    perturbations: usize,
}

impl SearchProgress {
    /// Starts the display for a search in `rules` within `limits`.
    pub fn start(rules: &str, limits: SearchLimits) -> SearchProgress {
        let time_limit = limits.time_limit;
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
            perturbations: limits.perturbations,
        }
    }

    /// Reports a finished round.
    pub fn round(&mut self, round: &Round) {
        if let Some(limit) = self.time_limit {
            self.bar
                .set_position(round.elapsed.min(limit).as_millis() as u64);
        }
        let best = round.best.max(round.win_rate);
        self.bar.set_message(if round.start > 0 {
            format!(
                "best score table: start {}/{STARTS}, round {}, {} cells changed, best win rate \
                 {best:.12}",
                round.start, round.round, round.changed
            )
        } else {
            format!(
                "best score table: {}/{} perturbations climbed, best win rate {best:.12}",
                round.round, self.perturbations
            )
        });
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// Games simulated so far out of all of them, shown from a million games on.
pub struct GamesProgress {
    bar: ProgressBar,
}

impl GamesProgress {
    /// Starts the display for `total` games.
    pub fn start(total: u64) -> GamesProgress {
        if total < 1_000_000 {
            return GamesProgress {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed:>4} [{bar:30}] {human_pos}/{human_len} games, {per_sec} (Ctrl-C stops)",
            )
            .expect("a valid progress template")
            .progress_chars("=> "),
        );
        GamesProgress { bar }
    }

    /// Counts `games` more finished (from any thread).
    pub fn played(&self, games: u64) {
        self.bar.inc(games);
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
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
        let template = format!("{{elapsed:>4}} [{{bar:30}}] {{pos}}/{{len}} {what}, {{msg}}");
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
        self.bar.set_message(format!("{name} done"));
        self.bar.inc(1);
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// A Farkle solve: each sweep of the optimiser's turns as a bar over the turn-start states,
/// with its estimated time left and the last round's residual.
pub struct SolveProgress {
    bar: ProgressBar,
}

impl SolveProgress {
    /// Starts the display.
    pub fn start() -> SolveProgress {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed:>4} [{bar:30}] {pos}/{len} states, sweep {msg}, eta {eta}",
            )
            .expect("a valid progress template")
            .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        SolveProgress { bar }
    }

    /// Shows how far the solve has come.
    pub fn update(&self, progress: swine_solver::farkle::Progress) {
        use swine_solver::farkle::Progress;
        match progress {
            Progress::Sweep { round, done, total } => {
                if self.bar.length() != Some(total as u64) {
                    self.bar.set_length(total as u64);
                }
                if done <= self.bar.position() as usize {
                    self.bar.reset_eta();
                }
                self.bar.set_position(done as u64);
                if round == 0 {
                    self.bar.set_message("0 (first)");
                }
            }
            Progress::Round {
                round, residual, ..
            } => {
                self.bar.set_message(format!(
                    "{} (residual after {round}: {residual:.1e})",
                    round + 1
                ));
            }
        }
    }

    /// Clears the display.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
