//! How a match-up ends, for every game: per seat P(win), P(tie), P(loss).
//!
//! A seat's **value** is P(win) + ½·P(tie) (the course's measure, ties counting half); a
//! strategy's **win rate** is the average of its values moving first and moving second, as the
//! course's `manyGames` measures it (each side first in half the games). Hog has no ties: its
//! outcomes carry `tie = 0`.

/// The probabilities of one seat's results, each in `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatOutcome {
    /// P(this seat wins).
    pub win: f64,
    /// P(the game ends in a tie).
    pub tie: f64,
    /// P(this seat loses).
    pub loss: f64,
}

impl SeatOutcome {
    /// The outcome of a game without ties in which the seat wins with probability `win`.
    pub fn without_ties(win: f64) -> SeatOutcome {
        SeatOutcome {
            win,
            tie: 0.0,
            loss: 1.0 - win,
        }
    }

    /// The outcome of a seat whose value (P(win) + ½·P(tie)) is `value` where the only ties
    /// are games that never end, with probability `never`.
    pub fn with_endless(value: f64, never: f64) -> SeatOutcome {
        if never == 0.0 {
            return SeatOutcome::without_ties(value);
        }
        // The same formulas for both seats, so that mirrored states give mirrored outcomes.
        let half = never / 2.0;
        SeatOutcome {
            win: (value - half).max(0.0),
            tie: never,
            loss: (1.0 - value - half).max(0.0),
        }
    }

    /// The standard error of the mean value of `games` independent games with these
    /// probabilities (a game scores 1, ½ or 0).
    pub fn value_error(&self, games: u64) -> f64 {
        let mean = self.value();
        let second_moment = self.win + self.tie / 4.0;
        ((second_moment - mean * mean).max(0.0) / games as f64).sqrt()
    }

    /// The standard errors of the frequencies of win, tie and loss over `games` independent
    /// games with these probabilities.
    pub fn frequency_errors(&self, games: u64) -> SeatOutcome {
        let error = |p: f64| (p * (1.0 - p) / games as f64).sqrt();
        SeatOutcome {
            win: error(self.win),
            tie: error(self.tie),
            loss: error(self.loss),
        }
    }

    /// The seat's value: P(win) + ½·P(tie).
    pub fn value(&self) -> f64 {
        self.win + self.tie / 2.0
    }

    /// Whether the seat has no ties and its win and loss add up to exactly 1 in floating point
    /// (as they always do where one is computed as 1 minus the other:
    /// [`SeatOutcome::without_ties`], and its [`flipped`](SeatOutcome::flipped) seat).
    fn adds_up_without_ties(&self) -> bool {
        self.tie == 0.0 && self.win + self.loss == 1.0
    }

    /// The same game seen by the other seat: its wins are this seat's losses.
    pub fn flipped(&self) -> SeatOutcome {
        SeatOutcome {
            win: self.loss,
            tie: self.tie,
            loss: self.win,
        }
    }
}

/// One position of a match-up, solved exactly, for the player to move there.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// Its P(win), P(tie) and P(loss).
    pub outcome: SeatOutcome,
    /// The value (P(win) + ½·P(tie)) of each choice it may make now, its strategy played
    /// afterwards: `(action, value)`, in the game's units (dice asked for; 0 is a pass in
    /// Greed).
    pub choices: Vec<(u8, f64)>,
    /// What its strategy chooses there.
    pub chosen: u8,
}

/// The standard error of the mean of two independent estimates with these standard errors.
pub fn independent_mean(errors: [f64; 2]) -> f64 {
    (errors[0].powi(2) + errors[1].powi(2)).sqrt() / 2.0
}

/// The exact outcome of one strategy (seat 0) against another, moving first and second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Seat 0's results when it moves first.
    pub first: SeatOutcome,
    /// Seat 0's results when the other seat moves first.
    pub second: SeatOutcome,
}

impl Outcome {
    /// Seat 0's value moving first: P(win) + ½·P(tie).
    pub fn as_first(&self) -> f64 {
        self.first.value()
    }

    /// Seat 0's value moving second.
    pub fn as_second(&self) -> f64 {
        self.second.value()
    }

    /// The course's win rate: the average of the two seats' values.
    ///
    /// Where neither seat has ties and each seat's win and loss add up to exactly 1 (as in a
    /// game that computes L = 1 − W) it is the average of the two values. Otherwise (ties, or
    /// W and L summed apart and rounding past 1: Greed's) it is computed as
    /// ½ + (W₁ − L₁ + W₂ − L₂)/4, equal to the average of W + ½·T when each seat's
    /// probabilities add up to 1, and exactly ½ for a strategy against itself (whose second
    /// seat mirrors its first), whatever the rounding of W, T and L.
    pub fn win_rate(&self) -> f64 {
        if self.first.adds_up_without_ties() && self.second.adds_up_without_ties() {
            (self.as_first() + self.as_second()) / 2.0
        } else {
            let margin = |seat: &SeatOutcome| seat.win - seat.loss;
            0.5 + (margin(&self.first) + margin(&self.second)) / 4.0
        }
    }

    /// The standard error of the win rate observed over `games` games per seat played with
    /// these probabilities, the two seats' estimates independent.
    pub fn win_rate_error(&self, games: u64) -> f64 {
        independent_mean([
            self.first.value_error(games),
            self.second.value_error(games),
        ])
    }

    /// The same match-up seen by the opponent: its first seat is this one's second, its wins
    /// this one's losses.
    pub fn for_opponent(&self) -> Outcome {
        Outcome {
            first: self.second.flipped(),
            second: self.first.flipped(),
        }
    }

    /// P(win), P(tie) and P(loss), each averaged over the two seats.
    pub fn averaged(&self) -> SeatOutcome {
        SeatOutcome {
            win: (self.first.win + self.second.win) / 2.0,
            tie: (self.first.tie + self.second.tie) / 2.0,
            loss: (self.first.loss + self.second.loss) / 2.0,
        }
    }

    /// The two seats' values, as a table file records them (its win rate is their average).
    pub fn win_rates(&self) -> WinRates {
        WinRates {
            as_first: self.as_first(),
            as_second: self.as_second(),
            win_rate: self.win_rate(),
        }
    }
}

/// A strategy's values moving first and moving second (P(win) + ½·P(tie) each) and its win
/// rate, as a table file records them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRates {
    /// Its value moving first.
    pub as_first: f64,
    /// Its value moving second.
    pub as_second: f64,
    /// The course's win rate, as [`Outcome::win_rate`] computes it.
    pub win_rate: f64,
}

impl WinRates {
    /// The values of the two seats with their average as the win rate (how a file that keeps
    /// only the two values is read back).
    pub fn from_seats(as_first: f64, as_second: f64) -> WinRates {
        WinRates {
            as_first,
            as_second,
            win_rate: (as_first + as_second) / 2.0,
        }
    }
}

/// Counts of one seat's results over simulated games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games this seat won.
    pub wins: u64,
    /// Games tied.
    pub ties: u64,
}

impl Tally {
    /// The observed frequencies of win, tie and loss.
    pub fn frequencies(&self) -> SeatOutcome {
        let n = self.games as f64;
        SeatOutcome {
            win: self.wins as f64 / n,
            tie: self.ties as f64 / n,
            loss: (self.games - self.wins - self.ties) as f64 / n,
        }
    }

    /// The observed value: (wins + ½·ties) / games.
    pub fn value(&self) -> f64 {
        (self.wins as f64 + self.ties as f64 / 2.0) / self.games as f64
    }
}

/// Simulated games of seat 0 against seat 1, each seat moving first in half of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// Seat 0's results when it moved first.
    pub first: Tally,
    /// Seat 0's results when the other seat moved first.
    pub second: Tally,
}

impl Simulation {
    /// Games played with each seat moving first.
    pub fn games_per_seat(&self) -> u64 {
        self.first.games
    }

    /// The observed win rate: the average of the two seats' values.
    pub fn win_rate(&self) -> f64 {
        (self.first.value() + self.second.value()) / 2.0
    }

    /// The observed frequencies as an outcome: the estimate where no exact one is known.
    pub fn observed(&self) -> Outcome {
        Outcome {
            first: self.first.frequencies(),
            second: self.second.frequencies(),
        }
    }

    /// The observed win, tie and loss frequencies averaged over the two seats.
    pub fn averaged(&self) -> SeatOutcome {
        Outcome {
            first: self.first.frequencies(),
            second: self.second.frequencies(),
        }
        .averaged()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_count_half_and_seats_average() {
        let outcome = Outcome {
            first: SeatOutcome {
                win: 0.5,
                tie: 0.25,
                loss: 0.25,
            },
            second: SeatOutcome::without_ties(0.25),
        };
        assert_eq!(outcome.as_first(), 0.625);
        assert_eq!(outcome.as_second(), 0.25);
        assert_eq!(outcome.win_rate(), 0.4375);
        let mirrored = Outcome {
            first: outcome.first,
            second: outcome.first.flipped(),
        };
        assert_eq!(mirrored.win_rate(), 0.5);
        assert_eq!(
            outcome.averaged(),
            SeatOutcome {
                win: 0.375,
                tie: 0.125,
                loss: 0.5
            }
        );
        assert_eq!(outcome.win_rates().win_rate, outcome.win_rate());
        // Win and loss summed apart, without ties, may round past 1 (Greed's sample2 against
        // itself at limit 30): a strategy against itself still wins exactly half.
        let apart = SeatOutcome {
            win: 3.587926738634752e-7,
            tie: 0.0,
            loss: 0.9999996412073263,
        };
        assert_ne!(apart.win + apart.loss, 1.0);
        let itself = Outcome {
            first: apart,
            second: apart.flipped(),
        };
        assert_eq!(itself.win_rate(), 0.5);
        // Without ties, a loss computed as 1 − win (and the seat seen from the other side)
        // keeps the seats' plain average.
        let complement = Outcome {
            first: SeatOutcome::without_ties(0.1),
            second: SeatOutcome::without_ties(0.3).flipped(),
        };
        assert_eq!(complement.win_rate(), (0.1 + (1.0 - 0.3)) / 2.0);
    }

    #[test]
    fn tallies_give_frequencies_and_exact_outcomes_give_errors() {
        let tally = Tally {
            games: 4,
            wins: 2,
            ties: 2,
        };
        assert_eq!(tally.value(), 0.75);
        // Win ½, tie ½: scores 1 or ½, variance 1/16; over 4 games: error 1/8.
        let half = SeatOutcome {
            win: 0.5,
            tie: 0.5,
            loss: 0.0,
        };
        assert_eq!(half.value_error(4), 0.125);
        let quarter = SeatOutcome::without_ties(0.25);
        approx::assert_abs_diff_eq!(quarter.value_error(100), (0.25f64 * 0.75 / 100.0).sqrt());
        assert_eq!(quarter.frequency_errors(100).win, quarter.value_error(100));
        assert_eq!(quarter.frequency_errors(100).tie, 0.0);
        // A certain result has no error, whatever one game showed.
        assert_eq!(SeatOutcome::without_ties(1.0).value_error(1), 0.0);
    }
}
