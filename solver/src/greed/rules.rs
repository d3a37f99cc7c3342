//! Greed's rules at the table, as the one rules interface ([`Rules`]) plays them: each turn a
//! choice of dice (0 passes), the dice thrown one at a time, and the turn applied from their
//! total by the assignment's rules ([`Game::play`]), not from the solver's distributions: the
//! simulator, transcripts and play share nothing with the sweep but the players' policies, an
//! independent check of the dice distributions, the cycles and the sweep.

use super::game::{Greed, MAX_DICE};
use super::narrate::{printed, said};
use super::policy::Policy;
use super::turn::{End, Game};
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Chooser, Rules, Step, ToMove};

/// A game at the table: the game, the dice of a turn under way, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The scores, the seat to move and whether the other passed.
    pub game: Game,
    /// The dice the mover chose, while they are thrown (0 between turns).
    dice: u8,
    /// How many of them are thrown.
    thrown: u8,
    /// Their faces' total so far.
    total: u32,
    /// How the game ended, once it has.
    pub end: Option<End>,
}

impl Table {
    /// The table at `game`, no turn under way.
    pub fn at(game: Game) -> Table {
        Table {
            game,
            dice: 0,
            thrown: 0,
            total: 0,
            end: None,
        }
    }

    /// Ends the mover's turn: its `dice` totalled `total`.
    fn play(&mut self, limit: u32, dice: u8, total: u32) {
        self.end = self.game.play(limit, dice, total);
        (self.dice, self.thrown, self.total) = (0, 0, 0);
    }
}

impl Rules for Greed {
    type State = Table;
    /// The dice rolled, 0 passing.
    type Choice = u8;

    fn start(&self, first: usize) -> Table {
        Table::at(Game::new(first))
    }

    fn to_move(&self, table: &Table) -> ToMove {
        if table.end.is_some() {
            ToMove::Over
        } else if table.thrown < table.dice {
            ToMove::Chance
        } else {
            ToMove::Seat(table.game.mover)
        }
    }

    /// Any number of dice the tables hold, passing first.
    fn choices(&self, _: &Table) -> Vec<u8> {
        (0..=MAX_DICE).collect()
    }

    fn die(&self, _: &Table) -> Die {
        Die::ZERO_TO_FIVE
    }

    fn choose(&self, table: &mut Table, &dice: &u8) {
        if dice == 0 {
            table.play(self.limit(), 0, 0);
        } else {
            table.dice = dice;
        }
    }

    fn throw(&self, table: &mut Table, face: u8) {
        table.total += u32::from(face);
        table.thrown += 1;
        if table.thrown == table.dice {
            table.play(self.limit(), table.dice, table.total);
        }
    }

    /// 1 to the winner, 0 to the other; ½ each for a tie.
    fn returns(&self, table: &Table) -> Vec<f64> {
        match table.end.map(End::winner) {
            Some(Some(winner)) => (0..2).map(|s| f64::from(u8::from(s == winner))).collect(),
            _ => vec![0.5, 0.5],
        }
    }

    fn scores(&self, table: &Table) -> [u32; 2] {
        table.game.scores
    }

    /// `Player 1 rolls 3 dice: 1 5 3, total 9.`, the scores and the commentary.
    fn narrate(
        &self,
        step: &Step<'_, Greed>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        said(self.limit(), step, names, commentary)
    }

    /// The assignment numbers its players 1 and 2.
    fn numbered_from(&self) -> usize {
        1
    }

    /// As the assignment's `autoplayLoud` prints a turn.
    fn transcribe(
        &self,
        step: &Step<'_, Greed>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        printed(self.limit(), step, names, commentary)
    }
}

/// A seat of `greed` playing `policy`.
pub struct Plays<'a> {
    /// The game.
    pub greed: &'a Greed,
    /// The dice in every state.
    pub policy: &'a Policy,
}

impl Chooser<Greed> for Plays<'_> {
    fn choose(&self, table: &Table) -> u8 {
        self.policy.dice(table.game.state(self.greed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play_choice;

    #[test]
    fn a_turn_is_its_dice_thrown_one_by_one_then_applied() {
        let greed = Greed::new(100).unwrap();
        let mut table = Rules::start(&greed, 0);
        assert_eq!(greed.to_move(&table), ToMove::Seat(0));
        assert_eq!(greed.choices(&table).len(), 256);
        // Three dice showing 5, 0 and 4: three throws, then the turn is played.
        let mut faces = [5, 0, 4].into_iter();
        let mut thrown = Vec::new();
        play_choice(
            &greed,
            &mut table,
            &3,
            &mut |_| faces.next().unwrap(),
            &mut thrown,
        );
        assert_eq!(thrown, [5, 0, 4]);
        assert_eq!(
            (table.game.scores, greed.to_move(&table)),
            ([9, 0], ToMove::Seat(1))
        );
        // Seat 1 passes, throwing nothing: seat 0's turn is the last, won at 13 : 0, or lost
        // by going over the limit from 99.
        play_choice(&greed, &mut table, &0, &mut |_| unreachable!(), &mut thrown);
        assert!(thrown.is_empty() && table.game.passed);
        let mut over = table;
        over.game.scores = [99, 0];
        play_choice(&greed, &mut over, &1, &mut |_| 3, &mut thrown);
        assert_eq!(over.end, Some(End::Bust(0)));
        assert_eq!(greed.returns(&over), [0.0, 1.0]);
        play_choice(&greed, &mut table, &2, &mut |_| 2, &mut thrown);
        assert_eq!(table.game.scores, [13, 0]);
        assert_eq!(
            (table.end, greed.to_move(&table)),
            (Some(End::Won(0)), ToMove::Over)
        );
        assert_eq!(greed.returns(&table), [1.0, 0.0]);
        // 9 : 9 after the last turn is a tie, worth half to each.
        let mut tied = Rules::start(&greed, 0);
        tied.game = Game {
            scores: [9, 5],
            mover: 1,
            passed: true,
        };
        play_choice(&greed, &mut tied, &1, &mut |_| 4, &mut thrown);
        assert_eq!(greed.returns(&tied), [0.5, 0.5]);
    }
}
