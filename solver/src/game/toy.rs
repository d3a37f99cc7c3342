//! A toy game for the tests of the pieces written over [`Rules`]: a race to 10, each turn
//! stepping 1 or throwing a die for its face; from 8 on only a step is allowed.

use super::action::Action;
use super::play::Answers;
use super::rules::{Chooser, Memory, Rules, Step, ToMove};
use super::sitting::Presented;
use super::view::{Reading, View};
use crate::commentary::{Commentary, Names};
use crate::dice::Die;

/// The race to 10.
pub struct Race;

/// The scores, the seat to move and whether its die is in the air.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lap {
    /// Each seat's score.
    pub scores: [u32; 2],
    /// The seat to move.
    pub mover: usize,
    /// Whether a die is thrown for the mover.
    pub throwing: bool,
}

/// A decision: step 1, or throw a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Go {
    /// Add 1.
    Step,
    /// Add a die's face.
    Throw,
}

/// The score that wins.
const GOAL: u32 = 10;

/// From this score on only a step is allowed.
const CAUTIOUS: u32 = 8;

impl Race {
    /// Passes the turn, unless the mover has won.
    fn pass(lap: &mut Lap) {
        if lap.scores[lap.mover] < GOAL {
            lap.mover = 1 - lap.mover;
        }
    }
}

impl Rules for Race {
    type State = Lap;
    type Choice = Go;

    fn start(&self, first: usize) -> Lap {
        Lap {
            scores: [0, 0],
            mover: first,
            throwing: false,
        }
    }

    fn to_move(&self, lap: &Lap) -> ToMove {
        if lap.scores.iter().any(|&s| s >= GOAL) {
            ToMove::Over
        } else if lap.throwing {
            ToMove::Chance
        } else {
            ToMove::Seat(lap.mover)
        }
    }

    fn choices(&self, lap: &Lap) -> Vec<Go> {
        if lap.scores[lap.mover] >= CAUTIOUS {
            vec![Go::Step]
        } else {
            vec![Go::Step, Go::Throw]
        }
    }

    fn die(&self, _: &Lap) -> Die {
        Die::SIX_SIDED
    }

    fn choose(&self, lap: &mut Lap, go: &Go) {
        match go {
            Go::Step => {
                lap.scores[lap.mover] += 1;
                Race::pass(lap);
            }
            Go::Throw => lap.throwing = true,
        }
    }

    fn throw(&self, lap: &mut Lap, face: u8) {
        lap.scores[lap.mover] += u32::from(face);
        lap.throwing = false;
        Race::pass(lap);
    }

    fn returns(&self, lap: &Lap) -> Vec<f64> {
        lap.scores
            .iter()
            .map(|&s| f64::from(u8::from(s >= GOAL)))
            .collect()
    }

    fn scores(&self, lap: &Lap) -> [u32; 2] {
        lap.scores
    }

    fn narrate(&self, step: &Step<'_, Race>, _: Names, _: &mut dyn Commentary) -> Vec<String> {
        vec![format!("{:?} {:?}", step.choice, step.thrown)]
    }
}

/// The race at a sitting: its choices by their numbers, a step made for the person where it
/// is the only one.
impl Presented for Race {
    fn reading(&self) -> Reading {
        Reading::WinChance
    }

    fn situation(&self, _: &Lap) -> Vec<String> {
        Vec::new()
    }

    fn label(&self, _: &Lap, go: &Go) -> String {
        format!("{go:?}")
    }

    fn key(&self, _: &Lap, _: &Go) -> Option<char> {
        None
    }

    fn action(&self, lap: &Lap, go: &Go) -> Action {
        let number = self.choices(lap).iter().position(|g| g == go);
        Action::Choice(number.unwrap_or_default())
    }

    fn choice(&self, lap: &Lap, action: &Action) -> Result<Go, String> {
        match action {
            Action::Choice(n) => self
                .choices(lap)
                .get(*n)
                .copied()
                .ok_or("no such go".into()),
            _ => Err("the race is played by its choices' numbers".to_string()),
        }
    }

    fn question(&self, lap: &Lap) -> (String, Answers) {
        (
            "Which? ".to_string(),
            Answers::Choice(1, self.choices(lap).len()),
        )
    }

    fn view(&self, _: &Lap, _: &mut View) {}

    fn automatic(&self, lap: &Lap) -> Option<Go> {
        match self.choices(lap).as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    }
}

/// Throws below a score, steps from it on.
pub struct ThrowsBelow(pub u32);

impl Chooser<Race> for ThrowsBelow {
    fn choose(&self, lap: &Lap) -> Go {
        if lap.scores[lap.mover] < self.0 {
            Go::Throw
        } else {
            Go::Step
        }
    }
}

/// Throws at its first decision of a game, as its memory of the game tells, and steps after.
pub struct ThrowsFirst;

impl Chooser<Race> for ThrowsFirst {
    fn choose(&self, _: &Lap) -> Go {
        Go::Throw
    }

    fn recall(&self, lap: &Lap, memory: &mut Memory) -> Go {
        match memory.replace(Box::new(())) {
            Some(_) => Go::Step,
            None => self.choose(lap),
        }
    }
}
