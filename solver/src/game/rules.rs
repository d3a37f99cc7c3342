//! A game's rules as a state machine (OpenSpiel's `State`), beside its fast solver: a state,
//! who acts there (a seat, chance, or no one once the game is over), the legal choices, the
//! chance outcomes with their probabilities, how a choice or an outcome changes the state, and
//! what each seat gets at the end. Every game's simulator, transcripts, commentary and play
//! are written once over this ([`play_out`], [`crate::game::simulate`]); a game keeps its own
//! words for its choices and what happened ([`Rules::narrate`]).
//!
//! Chance is one die at a time: a chance node throws the die [`Rules::die`] names, every face
//! equally likely, and a roll of several dice is that many chance nodes in a row. The faces
//! are drawn in the order a person throwing the dice would see them, so a game told and a game
//! simulated from the same seed are the same game.
//!
//! Where this departs from the sketch in DESIGN.md ("Games as records and rules"), the code is
//! the better: chance is a die and not a list of whole outcomes, because a roll of ten dice
//! has too many outcomes to list, and die by die the simulator draws the same faces in the
//! same order as each game's own code did (its numbers stay bit for bit); a choice and a throw
//! are applied by two methods ([`Rules::choose`], [`Rules::throw`]) because they take
//! different things; `start` names the seat that moves first and not the number of players,
//! which a game's rules hold themselves (Yahtzee's cards, one to six: [`Rules::returns`] has a
//! value per seat, and [`crate::game::sides`] and the transcripts play any number of seats);
//! and beside the returns per seat the first two seats' scores are read apart
//! ([`Rules::scores`]), as the two-seat commentary reads them.

use std::any::Any;
use std::fmt::Debug;

use crate::commentary::{Commentary, Names};
use crate::dice::Die;

/// Who acts at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// The seat that decides.
    Seat(usize),
    /// A die is thrown.
    Chance,
    /// The game is over.
    Over,
}

/// One decision and the dice it led to, as a game tells it.
#[derive(Debug)]
pub struct Step<'a, R: Rules + ?Sized> {
    /// The state the decision was made at.
    pub before: &'a R::State,
    /// The choice made.
    pub choice: &'a R::Choice,
    /// The faces thrown after it, in order, until the next decision or the end.
    pub thrown: &'a [u8],
    /// The state it led to.
    pub after: &'a R::State,
}

/// A game's rules.
pub trait Rules: Send + Sync {
    /// A game in progress, seen from the table: every seat's numbers and whose turn it is.
    type State: Clone + PartialEq + Debug + Send + Sync;
    /// A decision a seat makes.
    type Choice: Clone + PartialEq + Debug + Send + Sync;

    /// A new game with seat `first` to move.
    fn start(&self, first: usize) -> Self::State;

    /// Who acts at `state`.
    fn to_move(&self, state: &Self::State) -> ToMove;

    /// The choices of the seat to move at `state`, in the game's order.
    fn choices(&self, state: &Self::State) -> Vec<Self::Choice>;

    /// The die a chance node at `state` throws.
    fn die(&self, state: &Self::State) -> Die;

    /// How many of [`Rules::die`]'s dice are thrown in a row from the chance node at `state`,
    /// each a chance node of the same die with nothing else between (Hog's roll of several
    /// dice): whoever plays may throw them in one go. One by default.
    fn in_a_row(&self, state: &Self::State) -> u8 {
        let _ = state;
        1
    }

    /// The chance outcomes at `state`: each face of its die with its probability.
    fn outcomes(&self, state: &Self::State) -> Vec<(f64, u8)> {
        let die = self.die(state);
        let p = 1.0 / f64::from(die.faces);
        (die.first_face..=die.last_face())
            .map(|face| (p, face))
            .collect()
    }

    /// The seat to move makes `choice`.
    fn choose(&self, state: &mut Self::State, choice: &Self::Choice);

    /// The die thrown at a chance node shows `face`.
    fn throw(&self, state: &mut Self::State, face: u8);

    /// Whether a state can come back once left (not where every decision moves the game on for
    /// good, as in Hog's rules where every turn raises the total): where none can, no one
    /// watches for a game going round for ever. True by default.
    fn can_come_back(&self) -> bool {
        true
    }

    /// Whether `choice` at `state` leads where it leads whatever its dice show (Hog's dice
    /// whose every outcome scores alike): a game that comes back through such choices goes
    /// round for ever as surely as through choices that throw nothing. By default a choice
    /// that throws dice leaves its outcome to them.
    fn certain(&self, state: &Self::State, choice: &Self::Choice) -> bool {
        let _ = (state, choice);
        false
    }

    /// What each seat gets at the end of a game (`state` over): 1 to the winner and 0 to the
    /// others, ½ each for a tie; in a game of one player's score, that score.
    fn returns(&self, state: &Self::State) -> Vec<f64>;

    /// Each seat's score at `state`, as commentary reads it.
    fn scores(&self, state: &Self::State) -> [u32; 2];

    /// What `step` did, in the game's words, the seats called `names`: the choice, the dice,
    /// what the rules made of them, and where the game's telling has it, what `commentary`
    /// says of the scores (the course's lead changes and biggest gains).
    fn narrate(
        &self,
        step: &Step<'_, Self>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String>;

    /// The number the game's words call the first seat by: Player 0 and Player 1 (the
    /// course's Hog and Pig), or Player 1 and Player 2 (its Greed).
    fn numbered_from(&self) -> usize {
        0
    }

    /// What a transcript ([`crate::game::simulate::transcript`]) says of `step`: by default
    /// its narration ([`Rules::narrate`]), indented under the transcript's heading. A game
    /// whose course prints its games in a form of its own (Greed's `autoplayLoud`) writes that
    /// form here.
    fn transcribe(
        &self,
        step: &Step<'_, Self>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        self.narrate(step, names, commentary)
            .into_iter()
            .map(|line| format!("  {line}"))
            .collect()
    }
}

/// What a seat worked out at its decisions of one game that its later decisions may use
/// again (a turn solved at its start, played to its end): kept by whoever plays the game, one
/// per seat, empty at the start.
pub type Memory = Option<Box<dyn Any + Send>>;

/// A seat's decisions: a strategy, solved or given.
pub trait Chooser<R: Rules + ?Sized>: Sync {
    /// The choice at `state`, where its seat is to move.
    fn choose(&self, state: &R::State) -> R::Choice;

    /// The choice at `state` where `memory` holds what this seat worked out at its earlier
    /// decisions of the same game, and keeps what it works out now: by default
    /// [`choose`](Self::choose)'s, remembering nothing.
    fn recall(&self, state: &R::State, memory: &mut Memory) -> R::Choice {
        let _ = memory;
        self.choose(state)
    }
}

/// How a game played out ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The rules ended it ([`Rules::returns`] says how).
    Over,
    /// It came back where it was with nothing left to chance in between (nothing thrown, or
    /// only dice that are [`Rules::certain`]): the same choices go round for ever (a win for
    /// no one).
    Endless,
    /// It ran past the most decisions played.
    Unfinished,
}

/// Watches a game for decisions that bring it back where it was: with nothing left to chance
/// in between (nothing thrown, or only dice that are [`Rules::certain`]: whoever plays tells
/// it of a throw only where the choice was not certain), seats that choose the same at the
/// same state go round for ever.
#[derive(Clone, Debug)]
pub struct LoopWatch<R: Rules + ?Sized> {
    /// The decisions since the last throw, the latest aside.
    since_throw: Vec<(R::State, R::Choice)>,
    /// The latest decision, kept aside until the next: most decisions throw, and the one
    /// that does is forgotten without ever being stored.
    latest: Option<(R::State, R::Choice)>,
}

impl<R: Rules + ?Sized> Default for LoopWatch<R> {
    fn default() -> LoopWatch<R> {
        LoopWatch {
            since_throw: Vec::new(),
            latest: None,
        }
    }
}

impl<R: Rules + ?Sized> LoopWatch<R> {
    /// Whether `choice` at `state` was made before since the last throw; otherwise remembers it.
    #[inline]
    pub fn comes_back(&mut self, state: &R::State, choice: &R::Choice) -> bool {
        if let Some(latest) = self.latest.take() {
            self.since_throw.push(latest);
        }
        let seen = self
            .since_throw
            .iter()
            .any(|(s, c)| s == state && c == choice);
        if !seen {
            self.latest = Some((state.clone(), choice.clone()));
        }
        seen
    }

    /// A die was thrown: what came before cannot come back by choices alone.
    #[inline]
    pub fn thrown(&mut self) {
        self.latest = None;
        self.since_throw.clear();
    }
}

/// Plays `choice` at `state`, then throws (by `throw`, given the die) until the next decision
/// or the end, the faces thrown written to `thrown` (in order).
#[inline]
pub fn play_choice<R: Rules + ?Sized, F: FnMut(Die) -> u8 + ?Sized>(
    rules: &R,
    state: &mut R::State,
    choice: &R::Choice,
    throw: &mut F,
    thrown: &mut Vec<u8>,
) {
    rules.choose(state, choice);
    settle(rules, state, throw, thrown);
}

/// Throws (by `throw`) until a seat is to move or the game is over, the faces thrown written
/// to `thrown`.
#[inline]
pub fn settle<R: Rules + ?Sized, F: FnMut(Die) -> u8 + ?Sized>(
    rules: &R,
    state: &mut R::State,
    throw: &mut F,
    thrown: &mut Vec<u8>,
) {
    thrown.clear();
    while rules.to_move(state) == ToMove::Chance {
        let die = rules.die(state);
        for _ in 0..rules.in_a_row(state) {
            let face = throw(die);
            rules.throw(state, face);
            thrown.push(face);
        }
    }
}

/// Who hears each step a game plays out.
pub type Told<'a, R> = dyn FnMut(&Step<'_, R>) + 'a;

/// Plays `state` out, at most `most` decisions: each by the chooser of the seat to move (with
/// its memory of the game), the dice thrown by `throw`, every step told to `told` where there
/// is one.
pub fn play_out<R: Rules + ?Sized, F: FnMut(Die) -> u8 + ?Sized>(
    rules: &R,
    state: &mut R::State,
    choosers: &[&dyn Chooser<R>],
    throw: &mut F,
    most: u64,
    mut told: Option<&mut Told<'_, R>>,
) -> Ended {
    let mut watch = rules.can_come_back().then(LoopWatch::<R>::default);
    let mut memories: Vec<Memory> = choosers.iter().map(|_| None).collect();
    let mut thrown = Vec::new();
    settle(rules, state, throw, &mut thrown);
    for _ in 0..most {
        let seat = match rules.to_move(state) {
            ToMove::Over => return Ended::Over,
            ToMove::Seat(seat) => seat,
            ToMove::Chance => unreachable!("settled: a seat is to move or the game is over"),
        };
        let choice = choosers[seat].recall(state, &mut memories[seat]);
        let mut certain = false;
        if let Some(watch) = watch.as_mut() {
            if watch.comes_back(state, &choice) {
                return Ended::Endless;
            }
            certain = rules.certain(state, &choice);
        }
        let before = told.is_some().then(|| state.clone());
        play_choice(rules, state, &choice, throw, &mut thrown);
        if let Some(watch) = watch.as_mut().filter(|_| !thrown.is_empty() && !certain) {
            watch.thrown();
        }
        if let (Some(told), Some(before)) = (told.as_mut(), before) {
            told(&Step {
                before: &before,
                choice: &choice,
                thrown: &thrown,
                after: state,
            });
        }
    }
    match rules.to_move(state) {
        ToMove::Over => Ended::Over,
        _ => Ended::Unfinished,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::game::toy::{Go, Race, ThrowsFirst};

    #[test]
    fn each_seat_remembers_what_it_worked_out_for_one_game() {
        // ThrowsFirst throws at its first decision of a game and steps after, as its memory
        // says: a memory kept from decision to decision and fresh at each game.
        let mut dice = SeededDice::new(3);
        for first in [0, 1, 0] {
            let mut state = Race.start(first);
            let mut decisions: [Vec<Go>; 2] = [Vec::new(), Vec::new()];
            let mut told = |step: &Step<'_, Race>| decisions[step.before.mover].push(*step.choice);
            let ended = play_out(
                &Race,
                &mut state,
                &[&ThrowsFirst, &ThrowsFirst],
                &mut |die| dice.face(die),
                100,
                Some(&mut told),
            );
            assert_eq!(ended, Ended::Over);
            for made in decisions {
                assert_eq!(made[0], Go::Throw, "{made:?}");
                assert!(made.len() > 1 && made[1..].iter().all(|&go| go == Go::Step));
            }
        }
    }
}
