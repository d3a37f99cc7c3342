//! Hog's rules as the one rules interface ([`Rules`]) plays them: a turn is one decision (how
//! many dice to ask for), then the dice the rules let the mover roll at its position thrown one
//! at a time, of the kind that position rolls, and applied from their faces by [`Game::turn`]
//! once all are thrown; Free Bacon (no dice) is applied at once. One implementation of the
//! compiled rules serves the simulator, transcripts and play.

use super::definition::MAX_DICE;
use super::narrate::describe;
use super::policy::Policy;
use super::ruleset::Ruleset;
use super::turn::Game;
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Chooser, Rules, Step, ToMove};

/// A game at the table: the game, and the dice of a roll under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The scores, the memories and the seat to move.
    pub game: Game,
    /// Whether the game is over (kept from the turn that ended it: no seat is asked then).
    over: bool,
    /// The dice the mover asked for, while its roll is under way.
    requested: u8,
    /// The dice the rules let it roll (none once the roll is played).
    rolling: u8,
    /// How many of them are thrown.
    thrown: u8,
    /// Their faces, as thrown.
    faces: [u8; MAX_DICE as usize],
}

impl Table {
    /// The table at `game`, not over, no roll under way.
    fn at(game: Game) -> Table {
        Table {
            game,
            over: false,
            requested: 0,
            rolling: 0,
            thrown: 0,
            faces: [0; MAX_DICE as usize],
        }
    }

    /// The roll under way is all thrown: the mover's turn is played from its faces.
    #[inline]
    fn rolled(&mut self, rules: &Ruleset) {
        let faces = &self.faces[..usize::from(self.rolling)];
        let over = self.game.play(rules, self.requested, faces).is_some();
        *self = Table {
            over,
            ..Table::at(self.game)
        };
    }

    /// The mover's score and the other's.
    pub fn cell(&self) -> (u32, u32) {
        let mover = self.game.mover;
        (self.game.scores[mover], self.game.scores[1 - mover])
    }
}

impl Rules for Ruleset {
    type State = Table;
    type Choice = u8;

    fn start(&self, first: usize) -> Table {
        Table::at(Game::new(self, first))
    }

    #[inline]
    fn to_move(&self, table: &Table) -> ToMove {
        if table.thrown < table.rolling {
            ToMove::Chance
        } else if table.over {
            ToMove::Over
        } else {
            ToMove::Seat(table.game.mover)
        }
    }

    /// The dice counts from the fewest the rules allow to the most the mover may roll at its
    /// position (asking for more rolls that many).
    fn choices(&self, table: &Table) -> Vec<u8> {
        let (own, opponent) = table.cell();
        (self.least_dice()..=self.dice_rolled(own, opponent, MAX_DICE)).collect()
    }

    #[inline]
    fn die(&self, table: &Table) -> Die {
        let (own, opponent) = table.cell();
        *Ruleset::die(self, own, opponent)
    }

    /// The rest of the roll under way.
    #[inline]
    fn in_a_row(&self, table: &Table) -> u8 {
        table.rolling - table.thrown
    }

    #[inline]
    fn choose(&self, table: &mut Table, &requested: &u8) {
        let (rolled, _) = table.game.dice_to_roll(self, requested);
        if rolled == 0 {
            table.over = table.game.play(self, requested, &[]).is_some();
        } else {
            table.requested = requested;
            table.rolling = rolled;
        }
    }

    #[inline]
    fn throw(&self, table: &mut Table, face: u8) {
        table.faces[usize::from(table.thrown)] = face;
        table.thrown += 1;
        if table.thrown == table.rolling {
            table.rolled(self);
        }
    }

    /// Not where every turn raises the total.
    fn can_come_back(&self) -> bool {
        !self.order().is_rising()
    }

    /// Dice whose every outcome scores alike (and Free Bacon, which throws none).
    #[inline]
    fn certain(&self, table: &Table, &requested: &u8) -> bool {
        let (own, opponent) = table.cell();
        let (rolled, _) = table.game.dice_to_roll(self, requested);
        self.is_certain(own, opponent, rolled)
    }

    fn returns(&self, table: &Table) -> Vec<f64> {
        let winner = table.game.winner(self);
        (0..2)
            .map(|seat| if winner == Some(seat) { 1.0 } else { 0.0 })
            .collect()
    }

    fn scores(&self, table: &Table) -> [u32; 2] {
        table.game.scores
    }

    /// What the dice showed, what the rules made of them ([`describe`]), then the course's
    /// commentary.
    fn narrate(
        &self,
        step: &Step<'_, Ruleset>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        let before = step.before.game;
        let requested = *step.choice;
        let mut after = before;
        let turn = after.turn(self, requested, step.thrown);
        let mut lines = describe(self, &before, requested, step.thrown, &turn, names);
        lines.extend(commentary.comment(turn.scores));
        lines
    }
}

/// A seat of `rules` playing `policy`.
pub struct Plays<'a> {
    /// The rules.
    pub rules: &'a Ruleset,
    /// The dice asked for in every state.
    pub policy: &'a Policy,
}

impl Chooser<Ruleset> for Plays<'_> {
    #[inline]
    fn choose(&self, table: &Table) -> u8 {
        self.policy.dice(table.game.state(self.rules))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::simulate::simulate;

    #[test]
    fn simulation_is_reproducible() {
        let rules = Ruleset::preset("hog-fa20", 30).unwrap();
        let table = ndarray::Array2::from_elem((30, 30), 4u8);
        let policy = Policy::from_scores(&rules, &table);
        let seat = Plays {
            rules: &rules,
            policy: &policy,
        };
        let a = simulate(&rules, [&seat, &seat], (5000, 7), &|_: u64| {});
        let b = simulate(&rules, [&seat, &seat], (5000, 7), &|_: u64| {});
        assert_eq!(a, b);
        assert_ne!(a, simulate(&rules, [&seat, &seat], (5000, 8), &|_: u64| {}));
    }
}
