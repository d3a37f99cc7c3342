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

    /// The seat's value: P(win) + ½·P(tie).
    pub fn value(&self) -> f64 {
        self.win + self.tie / 2.0
    }
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
    pub fn win_rate(&self) -> f64 {
        (self.as_first() + self.as_second()) / 2.0
    }

    /// P(win), P(tie) and P(loss), each averaged over the two seats.
    pub fn averaged(&self) -> SeatOutcome {
        SeatOutcome {
            win: (self.first.win + self.second.win) / 2.0,
            tie: (self.first.tie + self.second.tie) / 2.0,
            loss: (self.first.loss + self.second.loss) / 2.0,
        }
    }

    /// The two seats' values, as a table file records them.
    pub fn win_rates(&self) -> WinRates {
        WinRates {
            as_first: self.as_first(),
            as_second: self.as_second(),
        }
    }
}

/// A strategy's values moving first and moving second (P(win) + ½·P(tie) each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinRates {
    /// Its value moving first.
    pub as_first: f64,
    /// Its value moving second.
    pub as_second: f64,
}

impl WinRates {
    /// The course's win rate: the average of the two values.
    pub fn win_rate(&self) -> f64 {
        (self.as_first + self.as_second) / 2.0
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
        assert_eq!(
            outcome.averaged(),
            SeatOutcome {
                win: 0.375,
                tie: 0.125,
                loss: 0.5
            }
        );
        assert_eq!(outcome.win_rates().win_rate(), outcome.win_rate());
    }
}
