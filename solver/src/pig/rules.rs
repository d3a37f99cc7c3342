//! The Pig family's rules as the one rules interface ([`Rules`]) plays them: roll or hold,
//! decision by decision, the dice thrown one at a time and applied straight from the faces (a
//! die's 1, the coin's tails, two dice's 1s), not from the solver's table of outcomes.

use super::game::{Pig, Variant};
use super::policy::Policy;
use super::simulate::{Game, Step as Did, thrown};
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Chooser, Rules, Step, ToMove};

/// A decision: hold (bank the turn total and pass) or roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Bank the turn total and pass the turn.
    Hold,
    /// Roll the variant's dice.
    Roll,
}

impl Decision {
    /// `Roll` where `rolls`.
    pub fn of(rolls: bool) -> Decision {
        if rolls {
            Decision::Roll
        } else {
            Decision::Hold
        }
    }
}

/// A game at the table: the game, and the dice of a roll under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The scores, the turn total and the seat to move.
    pub game: Game,
    /// The faces of the roll under way, as thrown.
    faces: [u8; 2],
    /// How many of them are thrown.
    thrown: u8,
    /// Whether a roll is under way.
    rolling: bool,
}

impl Table {
    /// The table at `game`, no roll under way.
    pub fn at(game: Game) -> Table {
        Table {
            game,
            faces: [0; 2],
            thrown: 0,
            rolling: false,
        }
    }
}

impl Rules for Pig {
    type State = Table;
    type Choice = Decision;

    fn start(&self, first: usize) -> Table {
        Table::at(Game::new(first))
    }

    fn to_move(&self, table: &Table) -> ToMove {
        if table.game.scores.iter().any(|&s| s >= self.goal()) {
            ToMove::Over
        } else if table.rolling {
            ToMove::Chance
        } else {
            ToMove::Seat(table.game.mover)
        }
    }

    fn choices(&self, _: &Table) -> Vec<Decision> {
        vec![Decision::Roll, Decision::Hold]
    }

    fn die(&self, _: &Table) -> Die {
        thrown(self.variant()).0
    }

    fn choose(&self, table: &mut Table, decision: &Decision) {
        match decision {
            Decision::Roll => {
                table.rolling = true;
                table.thrown = 0;
            }
            Decision::Hold => {
                table.game.hold();
            }
        }
    }

    fn throw(&self, table: &mut Table, face: u8) {
        table.faces[usize::from(table.thrown)] = face;
        table.thrown += 1;
        if table.thrown == thrown(self.variant()).1 {
            table
                .game
                .roll(self, &table.faces[..usize::from(table.thrown)]);
            table.rolling = false;
        }
    }

    fn returns(&self, table: &Table) -> Vec<f64> {
        table
            .game
            .scores
            .iter()
            .map(|&s| if s >= self.goal() { 1.0 } else { 0.0 })
            .collect()
    }

    fn scores(&self, table: &Table) -> [u32; 2] {
        table.game.scores
    }

    /// `Player 0 rolls 3 4: +7, turn total 12.`; a turn's end adds the scores and the
    /// commentary; the winning decision, the winner.
    fn narrate(
        &self,
        step: &Step<'_, Pig>,
        names: Names,
        commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        let mut game = step.before.game;
        let mover = game.mover;
        let total = game.turn_total;
        let (did, mut lines) = match step.choice {
            Decision::Roll => {
                let did = game.roll(self, step.thrown);
                let shown = match self.variant() {
                    Variant::Piglet if step.thrown[0] == 1 => "tails".to_string(),
                    Variant::Piglet => "heads".to_string(),
                    _ => step
                        .thrown
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                let what = match did {
                    Did::Added(points) => format!("+{points}, turn total {}", game.turn_total),
                    Did::Lost => format!("the turn total of {total} is lost"),
                    Did::Reset => "two 1s: the score drops to 0".to_string(),
                    Did::Won => format!("{} points: the goal", game.scores[mover]),
                    Did::Held(_) => unreachable!("a roll does not hold"),
                };
                let rolls = names.act(mover, "rolls", "roll");
                (did, vec![format!("{rolls} {shown}: {what}.")])
            }
            Decision::Hold => {
                let did = game.hold();
                let what = match did {
                    Did::Held(points) => {
                        format!("{}, banking {points}.", names.act(mover, "holds", "hold"))
                    }
                    _ => format!(
                        "{} with nothing: the turn passes.",
                        names.act(mover, "holds", "hold")
                    ),
                };
                (did, vec![what])
            }
        };
        if !matches!(did, Did::Added(_)) {
            lines.push(format!(
                "Scores: {} {}, {} {}.",
                names.name(0),
                game.scores[0],
                names.name(1),
                game.scores[1]
            ));
            lines.extend(commentary.comment(game.scores));
        }
        if did == Did::Won {
            lines.push(format!(
                "{}, {} to {}.",
                names.act(mover, "wins", "win"),
                game.scores[mover],
                game.scores[1 - mover]
            ));
        }
        lines
    }
}

/// A seat of `pig` playing `policy`.
pub struct Plays<'a> {
    /// The game.
    pub pig: &'a Pig,
    /// Roll or hold in every state.
    pub policy: &'a Policy,
}

impl Chooser<Pig> for Plays<'_> {
    fn choose(&self, table: &Table) -> Decision {
        Decision::of(self.policy.rolls(table.game.state(self.pig)))
    }
}
