//! Commentary on a game as it goes, composed the way the course's Hog commentary functions are
//! (`announce_lead_changes`, `announce_highest`, `both`): each commentator sees the two scores
//! after every turn, by seat, and says what it has to say.
//!
//! ```
//! use swine_solver::commentary::{Commentary, announce_highest, announce_lead_changes, both};
//!
//! let mut say = both(announce_lead_changes(), announce_highest(1));
//! assert_eq!(say.comment([10, 0]), ["Player 0 takes the lead by 10"]);
//! assert_eq!(
//!     say.comment([10, 22]),
//!     ["Player 1 takes the lead by 12", "22 point(s)! That's the biggest gain yet for Player 1"],
//! );
//! ```

/// Something that comments on the scores after each turn.
pub trait Commentary {
    /// The lines to say now that the scores are `scores` (seat 0's first).
    fn comment(&mut self, scores: [u32; 2]) -> Vec<String>;
}

/// Announces each time a player takes the lead (after a tie too): "Player 0 takes the lead by 7".
#[derive(Clone, Debug, Default)]
pub struct LeadChanges {
    leader: Option<usize>,
    first_number: usize,
}

/// A commentator of lead changes, the players called 0 and 1 as in the course's Hog.
pub fn announce_lead_changes() -> LeadChanges {
    LeadChanges::default()
}

impl LeadChanges {
    /// The same commentator calling seat 0 "Player `first_number`" (Greed's players are 1 and 2).
    pub fn numbered_from(self, first_number: usize) -> LeadChanges {
        LeadChanges {
            first_number,
            ..self
        }
    }
}

impl Commentary for LeadChanges {
    fn comment(&mut self, scores: [u32; 2]) -> Vec<String> {
        let leader = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let said = match leader {
            Some(seat) if leader != self.leader => vec![format!(
                "Player {} takes the lead by {}",
                seat + self.first_number,
                scores[0].abs_diff(scores[1])
            )],
            _ => Vec::new(),
        };
        self.leader = leader;
        said
    }
}

/// Announces a player's biggest gain in one turn so far (a gain is the rise of that player's
/// score since the last comment, swaps included): "22 point(s)! That's the biggest gain yet for
/// Player 1".
#[derive(Clone, Debug)]
pub struct Highest {
    who: usize,
    last_score: u32,
    running_high: u32,
    first_number: usize,
}

/// A commentator of the biggest gains of the player in seat `who`.
pub fn announce_highest(who: usize) -> Highest {
    Highest {
        who,
        last_score: 0,
        running_high: 0,
        first_number: 0,
    }
}

impl Highest {
    /// The same commentator calling seat 0 "Player `first_number`".
    pub fn numbered_from(self, first_number: usize) -> Highest {
        Highest {
            first_number,
            ..self
        }
    }
}

impl Commentary for Highest {
    fn comment(&mut self, scores: [u32; 2]) -> Vec<String> {
        let score = scores[self.who];
        let gain = score.saturating_sub(self.last_score);
        self.last_score = score;
        if gain > self.running_high {
            self.running_high = gain;
            vec![format!(
                "{gain} point(s)! That's the biggest gain yet for Player {}",
                self.who + self.first_number
            )]
        } else {
            Vec::new()
        }
    }
}

/// Two commentators, the first speaking first.
#[derive(Clone, Debug)]
pub struct Both<A, B>(A, B);

/// Both commentators, `first` then `second`, as the course's `both(f, g)`.
pub fn both<A: Commentary, B: Commentary>(first: A, second: B) -> Both<A, B> {
    Both(first, second)
}

impl<A: Commentary, B: Commentary> Commentary for Both<A, B> {
    fn comment(&mut self, scores: [u32; 2]) -> Vec<String> {
        let mut said = self.0.comment(scores);
        said.extend(self.1.comment(scores));
        said
    }
}

/// The course's full commentary: lead changes, then each player's biggest gains, seat 0 named
/// "Player `first_number`".
pub fn full(first_number: usize) -> impl Commentary {
    both(
        announce_lead_changes().numbered_from(first_number),
        both(
            announce_highest(0).numbered_from(first_number),
            announce_highest(1).numbered_from(first_number),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line said over a sequence of scores, one list per turn.
    fn said(mut commentary: impl Commentary, scores: &[[u32; 2]]) -> Vec<Vec<String>> {
        scores.iter().map(|&s| commentary.comment(s)).collect()
    }

    #[test]
    fn lead_changes_are_announced_once_and_again_after_a_tie() {
        let lines = said(
            announce_lead_changes(),
            &[[5, 0], [5, 12], [8, 12], [8, 8], [8, 10], [20, 10]],
        );
        assert_eq!(
            lines,
            [
                vec!["Player 0 takes the lead by 5"],
                vec!["Player 1 takes the lead by 7"],
                vec![],
                vec![],
                vec!["Player 1 takes the lead by 2"],
                vec!["Player 0 takes the lead by 10"],
            ]
        );
    }

    #[test]
    fn biggest_gains_count_only_records_and_ignore_losses() {
        // Player 1's score: 0, 22, 23 (gain 1), 10 (a swap took 13 away), 40 (gain 30).
        let lines = said(
            announce_highest(1),
            &[[3, 0], [3, 22], [9, 23], [23, 10], [30, 40]],
        );
        assert_eq!(
            lines,
            [
                vec![],
                vec!["22 point(s)! That's the biggest gain yet for Player 1"],
                vec![],
                vec![],
                vec!["30 point(s)! That's the biggest gain yet for Player 1"],
            ]
        );
    }

    #[test]
    fn both_speaks_in_order_and_numbering_can_start_at_one() {
        let lines = said(full(1), &[[10, 0], [10, 10], [10, 25]]);
        assert_eq!(
            lines,
            [
                vec![
                    "Player 1 takes the lead by 10",
                    "10 point(s)! That's the biggest gain yet for Player 1"
                ],
                vec!["10 point(s)! That's the biggest gain yet for Player 2"],
                vec![
                    "Player 2 takes the lead by 15",
                    "15 point(s)! That's the biggest gain yet for Player 2"
                ],
            ]
        );
    }
}
