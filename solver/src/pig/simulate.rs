//! Playing the Pig family decision by decision: the Monte Carlo simulator and a game told for
//! people.
//!
//! [`Game`] applies the rules straight from the faces thrown (a die's 1, the coin's tails, two
//! dice's 1s), not from the solver's table of outcomes, so the simulator shares nothing with the
//! solver but the players' policies: an independent check of the outcomes, the cycles and the
//! solve.

use std::fmt::Write as _;

use rand::Rng;

use super::game::{Pig, Variant};
use super::policy::Policy;
use crate::commentary::{self, Commentary, Names};
use crate::dice::{Die, SeededDice};
use crate::montecarlo;
use crate::outcome::Simulation;

/// A game in progress, seen from the table: seat 0 and seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Both players' banked scores, by seat.
    pub scores: [u32; 2],
    /// The mover's turn total.
    pub turn_total: u32,
    /// The seat to move.
    pub mover: usize,
}

/// What one decision did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The roll added to the turn total; the mover decides again.
    Added(u32),
    /// The turn ended without gain (a 1, tails, or holding with nothing).
    Lost,
    /// Two 1s: the turn ended and the mover's score dropped to 0.
    Reset,
    /// The mover banked its turn total.
    Held(u32),
    /// The mover reached the goal and won.
    Won,
}

/// What one game's thrower rolls for each variant: a die (1..=6), a coin as a two-faced die (1
/// tails, 2 heads), or two dice.
fn thrown(variant: Variant) -> (Die, u8) {
    match variant {
        Variant::Pig => (Die::SIX_SIDED, 1),
        Variant::Piglet => (
            Die {
                faces: 2,
                ..Die::SIX_SIDED
            },
            1,
        ),
        Variant::TwoDicePig => (Die::SIX_SIDED, 2),
    }
}

impl Game {
    /// A new game at 0 : 0 with `first` to move.
    pub fn new(first: usize) -> Game {
        Game {
            scores: [0, 0],
            turn_total: 0,
            mover: first,
        }
    }

    /// The state of the game seen from its mover.
    pub fn state(&self, pig: &Pig) -> usize {
        let (own, opponent) = (self.scores[self.mover], self.scores[1 - self.mover]);
        pig.state(own, opponent, self.turn_total)
    }

    /// The mover rolls (the variant's dice thrown from `rng`) or holds, as `rolls` says.
    pub fn decide(&mut self, pig: &Pig, rolls: bool, rng: &mut impl Rng) -> Step {
        if rolls {
            let (die, count) = thrown(pig.variant());
            let mut faces = [0u8; 2];
            let faces = &mut faces[..usize::from(count)];
            for face in faces.iter_mut() {
                *face = rng.random_range(die.first_face..=die.last_face());
            }
            self.roll(pig, faces)
        } else {
            self.hold()
        }
    }

    /// The mover holds: banks its turn total and passes the turn.
    pub fn hold(&mut self) -> Step {
        let banked = self.turn_total;
        self.scores[self.mover] += banked;
        self.end_turn();
        if banked == 0 {
            Step::Lost
        } else {
            Step::Held(banked)
        }
    }

    /// The mover rolled and the thrown faces are `faces` (one die's face, the coin's 1 for
    /// tails and 2 for heads, or two dice's faces).
    pub fn roll(&mut self, pig: &Pig, faces: &[u8]) -> Step {
        let ones = faces.iter().filter(|&&f| f == 1).count();
        let step = match (pig.variant(), ones) {
            (Variant::TwoDicePig, 2) => {
                self.scores[self.mover] = 0;
                self.end_turn();
                return Step::Reset;
            }
            (_, 0) => {
                let points = match pig.variant() {
                    Variant::Piglet => 1,
                    _ => faces.iter().map(|&f| u32::from(f)).sum(),
                };
                self.turn_total += points;
                Step::Added(points)
            }
            _ => {
                self.end_turn();
                return Step::Lost;
            }
        };
        if self.scores[self.mover] + self.turn_total >= pig.goal() {
            self.scores[self.mover] += self.turn_total;
            self.turn_total = 0;
            return Step::Won;
        }
        step
    }

    fn end_turn(&mut self) {
        self.turn_total = 0;
        self.mover = 1 - self.mover;
    }
}

/// Watches a game for passes that bring it back where it was: with nothing thrown in between,
/// players who choose the same in the same position go round for ever.
#[derive(Clone, Debug, Default)]
pub struct LoopWatch {
    since_roll: Vec<Game>,
}

impl LoopWatch {
    /// Whether `game`, about to be decided (`rolls`), is back where it was since the last roll;
    /// otherwise remembers it (or forgets all, on a roll).
    pub fn comes_back(&mut self, game: &Game, rolls: bool) -> bool {
        if rolls {
            self.since_roll.clear();
            return false;
        }
        if self.since_roll.contains(game) {
            return true;
        }
        self.since_roll.push(*game);
        false
    }
}

/// The most decisions a simulated game may take: a game still going then counts as one that
/// never ends (a tie).
pub const MOST_DECISIONS: u64 = 10_000_000;

/// Plays `games_per_seat` games with each seat moving first, seat 0 following `policies[0]`
/// and seat 1 `policies[1]`, with dice drawn from a generator seeded by `seed`.
pub fn simulate(
    pig: &Pig,
    policies: [&Policy; 2],
    games_per_seat: u64,
    seed: u64,
    played: &dyn crate::montecarlo::Played,
) -> Simulation {
    montecarlo::simulate(
        games_per_seat,
        seed,
        |first, rng| {
            let mut game = Game::new(first);
            let mut watch = LoopWatch::default();
            for _ in 0..MOST_DECISIONS {
                let rolls = policies[game.mover].rolls(game.state(pig));
                if watch.comes_back(&game, rolls) {
                    return montecarlo::Result::Tied;
                }
                let step = game.decide(pig, rolls, rng);
                if step == Step::Won {
                    return if game.mover == 0 {
                        montecarlo::Result::Won
                    } else {
                        montecarlo::Result::Lost
                    };
                }
            }
            montecarlo::Result::Tied
        },
        played,
    )
}

/// Plays one decision of `game`: the mover rolls (thrown by `dice`) or holds. Returns what it
/// did and how it reads (the seats called `names`), with what `commentary` says after a turn
/// ends.
pub fn play_decision(
    pig: &Pig,
    game: &mut Game,
    rolls: bool,
    dice: &mut SeededDice,
    commentary: &mut (impl Commentary + ?Sized),
    names: Names,
) -> (Step, Vec<String>) {
    let mover = game.mover;
    let total = game.turn_total;
    let (step, mut lines) = if rolls {
        let (die, count) = thrown(pig.variant());
        let faces = dice.roll(die, count);
        let step = game.roll(pig, &faces);
        let shown = match pig.variant() {
            Variant::Piglet if faces[0] == 1 => "tails".to_string(),
            Variant::Piglet => "heads".to_string(),
            _ => faces
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        };
        let what = match step {
            Step::Added(points) => format!("+{points}, turn total {}", game.turn_total),
            Step::Lost => format!("the turn total of {total} is lost"),
            Step::Reset => "two 1s: the score drops to 0".to_string(),
            Step::Won => format!("{} points: the goal", game.scores[mover]),
            Step::Held(_) => unreachable!("a roll does not hold"),
        };
        let rolls = names.act(mover, "rolls", "roll");
        (step, vec![format!("{rolls} {shown}: {what}.")])
    } else {
        let step = game.hold();
        let what = match step {
            Step::Held(points) => {
                format!("{}, banking {points}.", names.act(mover, "holds", "hold"))
            }
            _ => format!(
                "{} with nothing: the turn passes.",
                names.act(mover, "holds", "hold")
            ),
        };
        (step, vec![what])
    };
    let turn_ended = !matches!(step, Step::Added(_));
    if turn_ended {
        lines.push(format!(
            "Scores: {} {}, {} {}.",
            names.name(0),
            game.scores[0],
            names.name(1),
            game.scores[1]
        ));
        lines.extend(commentary.comment(game.scores));
    }
    if step == Step::Won {
        lines.push(format!(
            "{}, {} to {}.",
            names.act(mover, "wins", "win"),
            game.scores[mover],
            game.scores[1 - mover]
        ));
    }
    (step, lines)
}

/// What a game that comes back to a position by holds alone is told as.
pub const NEVER_ENDS: &str = "The game is back where it was by holds alone: it goes round for \
                              ever, a win for neither player.";

/// The most decisions a transcript tells.
pub const TRANSCRIPT_DECISIONS: usize = 100_000;

/// One game between `policies[0]` (Player 0, moving first) and `policies[1]`, named `names`,
/// told decision by decision. The same seed gives the same game.
pub fn transcript(pig: &Pig, policies: [&Policy; 2], names: [&str; 2], seed: u64) -> String {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(0);
    let seats = Names::Numbered(0);
    let mut commentary = commentary::full(seats);
    let mut watch = LoopWatch::default();
    let mut out = format!(
        "{} (goal {}): Player 0 plays {}, Player 1 plays {}; seed {seed}.\n",
        pig.name(),
        pig.goal(),
        names[0],
        names[1]
    );
    for _ in 0..TRANSCRIPT_DECISIONS {
        let rolls = policies[game.mover].rolls(game.state(pig));
        if watch.comes_back(&game, rolls) {
            writeln!(out, "{NEVER_ENDS}").expect("a String");
            return out;
        }
        let (step, lines) = play_decision(pig, &mut game, rolls, &mut dice, &mut commentary, seats);
        for line in lines {
            writeln!(out, "  {line}").expect("a String");
        }
        if step == Step::Won {
            return out;
        }
    }
    writeln!(out, "Stopped after {TRANSCRIPT_DECISIONS} decisions.").expect("a String");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_follow_the_rules() {
        let pig = Pig::new(Variant::TwoDicePig, 100).unwrap();
        let mut game = Game {
            scores: [40, 30],
            turn_total: 10,
            mover: 0,
        };
        assert_eq!(game.roll(&pig, &[3, 4]), Step::Added(7));
        assert_eq!(game.turn_total, 17);
        assert_eq!(game.roll(&pig, &[1, 4]), Step::Lost);
        assert_eq!((game.scores, game.mover, game.turn_total), ([40, 30], 1, 0));
        assert_eq!(game.roll(&pig, &[1, 1]), Step::Reset);
        assert_eq!((game.scores, game.mover), ([40, 0], 0));
        let piglet = Pig::new(Variant::Piglet, 2).unwrap();
        let mut game = Game::new(0);
        assert_eq!(game.roll(&piglet, &[2]), Step::Added(1));
        assert_eq!(game.roll(&piglet, &[2]), Step::Won);
        assert_eq!(game.scores, [2, 0]);
    }
}
