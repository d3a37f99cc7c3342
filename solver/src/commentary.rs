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

/// What a told game calls its two seats, with the verbs that agree with each name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Names {
    /// "Player N", seat 0 numbered `N` (the course's Hog and Pig count from 0, Greed from 1).
    Numbered(usize),
    /// Seat 0 is "you", seat 1 "the computer": a person playing the computer.
    YouAndComputer,
}

impl Names {
    /// The seat's name inside a sentence: "Player 0", "you", "the computer".
    pub fn name(self, seat: usize) -> String {
        match self {
            Names::Numbered(first) => format!("Player {}", seat + first),
            Names::YouAndComputer if seat == 0 => "you".to_string(),
            Names::YouAndComputer => "the computer".to_string(),
        }
    }

    /// The seat's name starting a sentence: "Player 0", "You", "The computer".
    pub fn subject(self, seat: usize) -> String {
        let name = self.name(seat);
        let mut chars = name.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// The seat doing something, starting a sentence: `third` is the verb after "Player 0" or
    /// "the computer" ("rolls"), `plain` after "you" ("roll").
    pub fn act(self, seat: usize, third: &str, plain: &str) -> String {
        let verb = if self == Names::YouAndComputer && seat == 0 {
            plain
        } else {
            third
        };
        format!("{} {verb}", self.subject(seat))
    }
}

/// Something that comments on the scores after each turn.
pub trait Commentary {
    /// The lines to say now that the scores are `scores` (seat 0's first).
    fn comment(&mut self, scores: [u32; 2]) -> Vec<String>;
}

/// Announces each time a player takes the lead (after a tie too): "Player 0 takes the lead by 7".
#[derive(Clone, Debug)]
pub struct LeadChanges {
    leader: Option<usize>,
    names: Names,
}

/// A commentator of lead changes, the players called 0 and 1 as in the course's Hog.
pub fn announce_lead_changes() -> LeadChanges {
    LeadChanges {
        leader: None,
        names: Names::Numbered(0),
    }
}

impl LeadChanges {
    /// The same commentator calling the seats `names` (Greed's players are 1 and 2).
    pub fn named(self, names: Names) -> LeadChanges {
        LeadChanges { names, ..self }
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
                "{} the lead by {}",
                self.names.act(seat, "takes", "take"),
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
    names: Names,
}

/// A commentator of the biggest gains of the player in seat `who`.
pub fn announce_highest(who: usize) -> Highest {
    Highest {
        who,
        last_score: 0,
        running_high: 0,
        names: Names::Numbered(0),
    }
}

impl Highest {
    /// The same commentator calling the seats `names`.
    pub fn named(self, names: Names) -> Highest {
        Highest { names, ..self }
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
                "{gain} point(s)! That's the biggest gain yet for {}",
                self.names.name(self.who)
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

/// The course's full commentary: lead changes, then each player's biggest gains, the seats
/// called `names`.
pub fn full(names: Names) -> impl Commentary {
    both(
        announce_lead_changes().named(names),
        both(
            announce_highest(0).named(names),
            announce_highest(1).named(names),
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
        let lines = said(full(Names::Numbered(1)), &[[10, 0], [10, 10], [10, 25]]);
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

    #[test]
    fn a_person_against_the_computer_reads_as_you_and_the_computer() {
        let lines = said(full(Names::YouAndComputer), &[[10, 0], [10, 25]]);
        assert_eq!(
            lines,
            [
                vec![
                    "You take the lead by 10",
                    "10 point(s)! That's the biggest gain yet for you"
                ],
                vec![
                    "The computer takes the lead by 15",
                    "25 point(s)! That's the biggest gain yet for the computer"
                ],
            ]
        );
    }
}
