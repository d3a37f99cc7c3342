//! Playing Greed turn by turn: the Monte Carlo simulator and the assignment's `autoplayLoud`
//! transcript.
//!
//! [`Game`] applies the rules straight from the assignment, rolling real dice faces, so the
//! simulator shares nothing with the solver but the players' policies: it is an independent
//! check of the dice distributions, the cycles and the sweep.

use std::fmt::Write as _;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::Greed;
use super::policy::Policy;
use crate::commentary::{self, Commentary, Names};
use crate::dice::{Die, SeededDice};
use crate::montecarlo;
use crate::outcome::Simulation;

/// A Greed game in progress, seen from the table: seat 0 and seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Both players' scores, by seat.
    pub scores: [u32; 2],
    /// The seat to move.
    pub mover: usize,
    /// Whether the mover's opponent passed on its last turn (this is the last turn).
    pub passed: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// This seat won.
    Won(usize),
    /// This seat went over the limit, so the other won.
    Bust(usize),
    /// Equal scores after the last turn.
    Tie,
}

impl Game {
    /// A new game at 0 : 0 with `first` to move.
    pub fn new(first: usize) -> Game {
        Game {
            scores: [0, 0],
            mover: first,
            passed: false,
        }
    }

    /// The state index of the position, seen from the mover.
    pub fn state(&self, game: &Greed) -> usize {
        let (own, opponent) = (self.scores[self.mover], self.scores[1 - self.mover]);
        game.state(own as usize, opponent as usize, self.passed)
    }

    /// Plays the mover's turn: it rolled dice whose faces add up to `total` (0 for a pass).
    /// Returns how the game ended, if it did.
    pub fn play(&mut self, limit: u32, dice: u8, total: u32) -> Option<End> {
        let mover = self.mover;
        self.scores[mover] += total;
        if self.scores[mover] > limit {
            return Some(End::Bust(mover));
        }
        if self.passed {
            let [a, b] = self.scores;
            return Some(match a.cmp(&b) {
                std::cmp::Ordering::Greater => End::Won(0),
                std::cmp::Ordering::Less => End::Won(1),
                std::cmp::Ordering::Equal => End::Tie,
            });
        }
        self.passed = dice == 0;
        self.mover = 1 - mover;
        None
    }
}

impl End {
    /// The seat that won, or `None` for a tie (a bust is the other seat's win).
    pub fn winner(self) -> Option<usize> {
        match self {
            End::Won(seat) => Some(seat),
            End::Bust(seat) => Some(1 - seat),
            End::Tie => None,
        }
    }

    /// The result for seat 0.
    fn for_seat_zero(self) -> montecarlo::Result {
        match self {
            End::Won(0) | End::Bust(1) => montecarlo::Result::Won,
            End::Tie => montecarlo::Result::Tied,
            _ => montecarlo::Result::Lost,
        }
    }
}

/// Plays `position`'s turn: the mover rolls `dice` dice (0: passes), thrown by `thrown`.
/// Returns how the game ended, if it did, and how the turn reads (the seats called `names`):
/// the dice, the scores, what `commentary` says, and who went over the limit.
pub fn play_turn(
    game: &Greed,
    position: &mut Game,
    dice: u8,
    thrown: &mut SeededDice,
    commentary: &mut (impl Commentary + ?Sized),
    names: Names,
) -> (Option<End>, Vec<String>) {
    let faces = thrown.roll(Die::ZERO_TO_FIVE, dice);
    let total: u32 = faces.iter().map(|&f| u32::from(f)).sum();
    let mover = position.mover;
    let mut lines = vec![if dice == 0 {
        format!("{}.", names.act(mover, "passes", "pass"))
    } else {
        let shown: Vec<String> = faces.iter().map(u8::to_string).collect();
        format!(
            "{} {dice} dice: {}, total {total}.",
            names.act(mover, "rolls", "roll"),
            shown.join(" ")
        )
    }];
    let end = position.play(game.limit(), dice, total);
    lines.push(format!(
        "Scores: {} {}, {} {}.",
        names.name(0),
        position.scores[0],
        names.name(1),
        position.scores[1]
    ));
    lines.extend(comment(commentary, end, position.scores));
    if let Some(End::Bust(seat)) = end {
        lines.push(format!(
            "{} went over {}.",
            names.subject(seat),
            game.limit()
        ));
    }
    (end, lines)
}

/// The commentary on a turn that ended as `end` with `scores`: none on a bust, whose score
/// over the limit is a loss, not a gain.
fn comment(
    commentary: &mut (impl Commentary + ?Sized),
    end: Option<End>,
    scores: [u32; 2],
) -> Vec<String> {
    match end {
        Some(End::Bust(_)) => Vec::new(),
        _ => commentary.comment(scores),
    }
}

/// Rolls `dice` dice showing 0..=5 and returns their faces.
fn roll(dice: u8, rng: &mut impl Rng) -> Vec<u32> {
    (0..dice).map(|_| rng.random_range(0..=5)).collect()
}

/// Plays one game with `first` moving first.
fn play_one(game: &Greed, policies: [&Policy; 2], first: usize, rng: &mut impl Rng) -> End {
    let mut position = Game::new(first);
    loop {
        let dice = policies[position.mover].dice(position.state(game));
        let total = roll(dice, rng).iter().sum();
        if let Some(end) = position.play(game.limit(), dice, total) {
            return end;
        }
    }
}

/// Plays `games_per_seat` games with each seat moving first, seat 0 following `policies[0]`,
/// with dice drawn from a generator seeded by `seed`; `played(n)` hears of every `n` games
/// finished.
pub fn simulate(
    game: &Greed,
    policies: [&Policy; 2],
    games_per_seat: u64,
    seed: u64,
    played: &dyn crate::montecarlo::Played,
) -> Simulation {
    montecarlo::simulate(
        games_per_seat,
        seed,
        |first, rng| play_one(game, policies, first, rng).for_seat_zero(),
        played,
    )
}

/// One game, `policies[0]` as Player 1 moving first, printed as the assignment's
/// `autoplayLoud` prints it: the scores, whose turn, the dice chosen, the dice rolled and the
/// turn's total, then who won (or that it is a tie); after each turn, the course's Hog
/// commentary (lead changes and biggest gains). The same seed gives the same game.
pub fn transcript(game: &Greed, policies: [&Policy; 2], seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Game::new(0);
    let mut commentary = commentary::full(Names::Numbered(1));
    let mut out = String::new();
    let scores = |out: &mut String, scores: [u32; 2]| {
        writeln!(out, "Player 1: {}    Player 2: {}", scores[0], scores[1]).expect("a String");
    };
    loop {
        scores(&mut out, position.scores);
        let player = position.mover + 1;
        let dice = policies[position.mover].dice(position.state(game));
        let faces = roll(dice, &mut rng);
        let total: u32 = faces.iter().sum();
        let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
        let rolled = if shown.is_empty() {
            String::new()
        } else {
            format!("   {}", shown.join(" "))
        };
        writeln!(
            out,
            "It is Player {player}'s turn.\n{dice} dice chosen.\nDice rolled:{rolled}\nTotal for \
             this turn:  {total}"
        )
        .expect("a String");
        let end = position.play(game.limit(), dice, total);
        for line in comment(&mut commentary, end, position.scores) {
            writeln!(out, "{line}").expect("a String");
        }
        match end {
            None => out.push('\n'),
            Some(end) => {
                scores(&mut out, position.scores);
                let verdict = match end {
                    End::Won(seat) => format!("Player {} wins.", seat + 1),
                    End::Bust(seat) => format!(
                        "Player {} went over {}. Player {} wins.",
                        seat + 1,
                        game.limit(),
                        2 - seat
                    ),
                    End::Tie => "It's a tie.".to_string(),
                };
                out.push_str(&verdict);
                out.push('\n');
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_assignments_example_game() {
        // autoplayLoud(sample1, sample1): 32 : 0, 32 : 31, Player 1 passes, Player 2 rolls 24.
        let mut game = Game::new(0);
        assert_eq!(game.play(100, 12, 32), None);
        assert_eq!(game.play(100, 12, 31), None);
        assert_eq!(game.play(100, 0, 0), None);
        assert!(game.passed);
        assert_eq!(game.play(100, 12, 24), Some(End::Won(1)));
        assert_eq!(game.scores, [32, 55]);
    }

    #[test]
    fn a_bust_is_no_gain() {
        let game = Greed::new(100).unwrap();
        let mut position = Game {
            scores: [99, 0],
            mover: 0,
            passed: false,
        };
        let names = Names::Numbered(1);
        let mut said = commentary::full(names);
        let mut dice = SeededDice::new(1);
        let (end, lines) = play_turn(&game, &mut position, 30, &mut dice, &mut said, names);
        assert_eq!(end, Some(End::Bust(0)));
        assert!(position.scores[0] > 100);
        assert!(lines.iter().all(|l| !l.contains("gain")), "{lines:?}");
        assert_eq!(lines.last().unwrap(), "Player 1 went over 100.");
    }

    #[test]
    fn busts_ties_and_repeats() {
        let mut game = Game {
            scores: [95, 60],
            mover: 0,
            passed: false,
        };
        assert_eq!(game.play(100, 3, 6), Some(End::Bust(0)));
        let mut game = Game {
            scores: [50, 60],
            mover: 1,
            passed: true,
        };
        assert_eq!(game.play(100, 0, 0), Some(End::Won(1)));
        let mut game = Game {
            scores: [60, 50],
            mover: 1,
            passed: true,
        };
        assert_eq!(game.play(100, 4, 10), Some(End::Tie));
        // A roll totalling 0 hands the same scores to the opponent.
        let mut game = Game::new(0);
        assert_eq!(game.play(100, 5, 0), None);
        assert_eq!((game.scores, game.mover, game.passed), ([0, 0], 1, false));
    }

    #[test]
    fn transcripts_follow_autoplay_loud_and_repeat_with_the_seed() {
        let game = Greed::new(100).unwrap();
        let sample1 = Policy::from_fn(
            &game,
            |own, opponent, _| if own > opponent { 0 } else { 12 },
        );
        let text = transcript(&game, [&sample1, &sample1], 3);
        assert!(text.starts_with(
            "Player 1: 0    Player 2: 0\nIt is Player 1's turn.\n12 dice chosen.\nDice rolled:   "
        ));
        assert!(
            text.ends_with("wins.\n") || text.ends_with("It's a tie.\n"),
            "{text}"
        );
        assert_eq!(text, transcript(&game, [&sample1, &sample1], 3));
        assert!(text.contains("takes the lead by"), "{text}");
        assert!(
            text.contains("That's the biggest gain yet for Player 1"),
            "{text}"
        );
    }
}
