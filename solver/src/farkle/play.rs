//! A game of Farkle played one decision at a time with seeded dice, by a person or a built-in:
//! roll, keep, then bank or roll on; the farkle, the penalty, the floor, hot dice and the goal
//! applied as RULES.md says. `swine play` and `swine serve` both play through [`Match`].

use thiserror::Error;

use super::game::{DICE, Farkle, Keep, Table, UNIT, keeps_of};
use super::simulate::Plan;
use super::solve::Solution;
use crate::dice::{Die, SeededDice};

/// A game in progress: the table (banked scores, farkle counts, the seat to move) and the turn
/// being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    table: Table,
    /// The turn total, in units of [`UNIT`].
    total: usize,
    /// The dice the mover rolls next (six after hot dice).
    dice: usize,
    /// The faces of the roll waiting for the mover's keep.
    shown: Option<Vec<u8>>,
    /// The seat that reached the goal.
    winner: Option<usize>,
}

/// What a roll did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rolled {
    /// Some dice score: the keeps the roll offers, sorted, waiting for the mover's choice.
    Scores(Vec<Keep>),
    /// Nothing scores: the turn is over.
    Farkle(Farkled),
}

/// A farkle's consequences for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Farkled {
    /// The turn total lost (units).
    pub lost: usize,
    /// Whether it completed a run of farkles and cost the penalty.
    pub penalised: bool,
    /// The mover's banked score (points) after it.
    pub score: i64,
    /// The mover's farkles in a row after it.
    pub count: usize,
}

/// A built-in's or an optimiser's roll, decided by its [`Plan`]: the faces, then what came of
/// them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The faces rolled.
    pub faces: Vec<u8>,
    /// The faces the keep set aside (ascending; none after a farkle).
    pub kept: Vec<u8>,
    /// What the player did with them.
    pub then: Then,
}

/// What came of a [`Step`]'s roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    /// A farkle.
    Farkle(Farkled),
    /// It kept `keep` and reached the goal: it wins.
    Won(Keep),
    /// It kept `keep` and banked the turn total (units).
    Banked(Keep, usize),
    /// It kept `keep` and rolls on.
    RollsOn(Keep),
}

/// Why a move cannot be played now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The game has been won.
    #[error("the game is over")]
    Over,
    /// A roll waits for a keep.
    #[error("the dice shown wait for a keep")]
    Waiting,
    /// No roll waits for a keep.
    #[error("no roll waits for a keep; roll first")]
    NoRoll,
    /// Banking before the least bankable turn total.
    #[error("a turn total of {total} cannot be banked; the least is {least}")]
    TooLittle {
        /// The turn total (points).
        total: u32,
        /// The least bankable (points).
        least: u32,
    },
    /// A keep's number past the keeps offered.
    #[error("keep {choice} is not below {offered}, the number of keeps offered")]
    NoSuchKeep {
        /// The number asked for (from 0).
        choice: usize,
        /// Keeps offered.
        offered: usize,
    },
    /// Dice set aside that the roll did not show.
    #[error("{kept}: not among the dice shown ({shown})")]
    NotShown {
        /// The faces asked to keep.
        kept: String,
        /// The faces shown.
        shown: String,
    },
    /// Dice set aside of which some do not score.
    #[error("{kept}: not every one of these dice scores")]
    NotScoring {
        /// The faces asked to keep.
        kept: String,
    },
}

/// Faces written as `1 1 5`.
pub fn spaced(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Counts per face (1..=6) of `faces`.
fn counts(faces: &[u8]) -> [u8; 6] {
    let mut counts = [0; 6];
    for &face in faces {
        counts[face as usize - 1] += 1;
    }
    counts
}

/// Every sub-multiset of `counts`, as counts, in a fixed order (the fewest dice of low faces
/// first).
fn parts(counts: &[u8; 6]) -> Vec<[u8; 6]> {
    let mut all = vec![[0u8; 6]];
    for face in 0..6 {
        all = all
            .iter()
            .flat_map(|part| {
                (0..=counts[face]).map(move |c| {
                    let mut part = *part;
                    part[face] = c;
                    part
                })
            })
            .collect();
    }
    all.sort_by_key(|part| (part.iter().sum::<u8>(), std::cmp::Reverse(*part)));
    all
}

impl Match {
    /// A new game of `game`, 0 : 0, with `first` to move; its first roll not yet thrown.
    pub fn new(game: &Farkle, first: usize) -> Match {
        Match {
            table: Table::new(game, first),
            total: 0,
            dice: DICE,
            shown: None,
            winner: None,
        }
    }

    /// Banked scores (indices), farkle counts and the seat to move.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The seat to move (the winner, once the game is over).
    pub fn mover(&self) -> usize {
        self.table.mover
    }

    /// The turn total (units).
    pub fn turn_total(&self) -> usize {
        self.total
    }

    /// The dice the mover rolls next.
    pub fn dice(&self) -> usize {
        self.dice
    }

    /// The faces of the roll waiting for a keep.
    pub fn shown(&self) -> Option<&[u8]> {
        self.shown.as_deref()
    }

    /// The seat that reached the goal, once one has.
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// The mover's turn-start state (own, opponent, farkle counts), as the solution numbers it.
    pub fn state(&self, game: &Farkle) -> usize {
        self.table.state(game)
    }

    /// Turn totals (units) the mover can add before reaching the goal: `goal − own banked`.
    pub fn reach(&self, game: &Farkle) -> usize {
        game.scores() - self.table.scores[self.table.mover]
    }

    /// Whether the mover may bank now: no roll waiting, a turn total of at least `min_bank`
    /// (and above 0: a turn starts with a roll).
    pub fn may_bank(&self, game: &Farkle) -> bool {
        self.winner.is_none() && self.shown.is_none() && self.total >= game.min_bank_units()
    }

    /// The keeps the waiting roll offers, sorted (none without one).
    pub fn keeps(&self, game: &Farkle) -> Vec<Keep> {
        self.shown
            .as_deref()
            .map(|faces| keeps_of(game.settings(), &counts(faces)))
            .unwrap_or_default()
    }

    /// Rolls the mover's dice: a farkle ends the turn (the count, the penalty and the floor
    /// applied); a scoring roll waits for a keep. Returns the faces and what they did.
    pub fn roll(
        &mut self,
        game: &Farkle,
        dice: &mut SeededDice,
    ) -> Result<(Vec<u8>, Rolled), MoveError> {
        self.playable()?;
        if self.shown.is_some() {
            return Err(MoveError::Waiting);
        }
        let faces = dice.roll(Die::SIX_SIDED, self.dice as u8);
        let keeps = keeps_of(game.settings(), &counts(&faces));
        if !keeps.is_empty() {
            self.shown = Some(faces.clone());
            return Ok((faces, Rolled::Scores(keeps)));
        }
        let mover = self.table.mover;
        let before = self.table.counts[mover];
        self.table.end_turn(game, None);
        let farkled = Farkled {
            lost: self.total,
            penalised: game.penalised(before),
            score: game.points(self.table.scores[mover]),
            count: self.table.counts[mover],
        };
        self.total = 0;
        self.dice = DICE;
        Ok((faces, Rolled::Farkle(farkled)))
    }

    /// Takes the `choice`th of the keeps offered (from 0): the turn total grows, the dice left
    /// are the next roll's (six after hot dice). Returns the keep and whether it reached the
    /// goal (then the mover has won).
    pub fn keep(&mut self, game: &Farkle, choice: usize) -> Result<(Keep, bool), MoveError> {
        self.playable()?;
        let keeps = self.keeps(game);
        if self.shown.is_none() {
            return Err(MoveError::NoRoll);
        }
        let keep = *keeps.get(choice).ok_or(MoveError::NoSuchKeep {
            choice,
            offered: keeps.len(),
        })?;
        self.shown = None;
        self.total += keep.units as usize;
        self.dice = keep.left as usize;
        let won = self.total >= self.reach(game);
        if won {
            self.winner = Some(self.table.mover);
        }
        Ok((keep, won))
    }

    /// The number of the keep that sets aside exactly the dice `kept` (faces) of the waiting
    /// roll, scoring them all, for the most points they can score.
    pub fn keep_of(&self, game: &Farkle, kept: &[u8]) -> Result<usize, MoveError> {
        let shown = self.shown.as_deref().ok_or(MoveError::NoRoll)?;
        let (have, want) = (counts(shown), counts(kept));
        if kept.is_empty() || kept.iter().any(|f| !(1..=6).contains(f)) {
            return Err(MoveError::NotScoring { kept: spaced(kept) });
        }
        if (0..6).any(|f| want[f] > have[f]) {
            return Err(MoveError::NotShown {
                kept: spaced(kept),
                shown: spaced(shown),
            });
        }
        let points = game
            .settings()
            .keeps(&want)
            .into_iter()
            .filter(|&(_, used)| used as usize == kept.len())
            .map(|(points, _)| points)
            .max()
            .ok_or_else(|| MoveError::NotScoring { kept: spaced(kept) })?;
        let left = if kept.len() == shown.len() {
            DICE
        } else {
            shown.len() - kept.len()
        };
        let keep = Keep {
            units: points / UNIT,
            left: left as u8,
        };
        Ok(self
            .keeps(game)
            .iter()
            .position(|&k| k == keep)
            .expect("a scoring set of the dice shown is one of the roll's keeps"))
    }

    /// Dice of the waiting roll that `keep` sets aside (faces, ascending): the fewest low
    /// faces of the ways to score its points with its dice.
    pub fn dice_of(&self, game: &Farkle, keep: Keep) -> Vec<u8> {
        let shown = self.shown.as_deref().unwrap_or_default();
        let used = if keep.left as usize == DICE {
            shown.len()
        } else {
            shown.len() - keep.left as usize
        };
        let points = keep.units * UNIT;
        parts(&counts(shown))
            .into_iter()
            .find(|part| {
                part.iter().sum::<u8>() as usize == used
                    && game.settings().keeps(part).contains(&(points, used as u8))
            })
            .map(|part| {
                (1..=6u8)
                    .flat_map(|face| std::iter::repeat_n(face, part[face as usize - 1] as usize))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Banks the turn total: the mover's score grows, its farkle count returns to 0, the other
    /// seat moves. Returns the turn total banked (units).
    pub fn bank(&mut self, game: &Farkle) -> Result<usize, MoveError> {
        self.playable()?;
        if self.shown.is_some() {
            return Err(MoveError::Waiting);
        }
        if !self.may_bank(game) {
            return Err(MoveError::TooLittle {
                total: self.total as u32 * UNIT,
                least: game.min_bank_units() as u32 * UNIT,
            });
        }
        let total = self.total;
        self.table.end_turn(game, Some(total));
        self.total = 0;
        self.dice = DICE;
        Ok(total)
    }

    /// One roll of the mover played by `plan` (its player in `solution`): the roll, the keep
    /// and banking or rolling on, as the plan decides.
    pub fn step(
        &mut self,
        solution: &Solution,
        plan: &Plan,
        dice: &mut SeededDice,
    ) -> Result<Step, MoveError> {
        let game = solution.game();
        let (faces, rolled) = self.roll(game, dice)?;
        let keeps = match rolled {
            Rolled::Farkle(farkled) => {
                return Ok(Step {
                    faces,
                    kept: Vec::new(),
                    then: Then::Farkle(farkled),
                });
            }
            Rolled::Scores(keeps) => keeps,
        };
        let choice = plan.keep(solution, self.total, self.dice, &keeps);
        let kept = self.dice_of(game, keeps[choice]);
        let (keep, won) = self.keep(game, choice)?;
        let then = if won {
            Then::Won(keep)
        } else if plan.banks(solution, self.total, self.dice) {
            Then::Banked(keep, self.bank(game)?)
        } else {
            Then::RollsOn(keep)
        };
        Ok(Step { faces, kept, then })
    }

    /// Refuses any move once the game is over.
    fn playable(&self) -> Result<(), MoveError> {
        match self.winner {
            Some(_) => Err(MoveError::Over),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farkle::keep_most;

    fn game() -> Farkle {
        let settings = [("goal", 1000), ("floor", -500)].map(|(n, v)| (n.to_string(), v));
        Farkle::new(&settings).unwrap()
    }

    /// A game whose mover has rolled `faces`, waiting for a keep.
    fn showing(game: &Farkle, faces: &[u8]) -> Match {
        Match {
            shown: Some(faces.to_vec()),
            ..Match::new(game, 0)
        }
    }

    #[test]
    fn dice_set_aside_score_as_rules_md_says() {
        let game = game();
        let keep = |units, left| Keep { units, left };
        let roll = showing(&game, &[1, 1, 5, 2, 3, 4]);
        // Two 1s and the 5: 250 points, three dice left; the 5 alone, 50 and five left.
        let both = roll.keep_of(&game, &[5, 1, 1]).unwrap();
        assert_eq!(roll.keeps(&game)[both], keep(5, 3));
        assert_eq!(
            roll.keeps(&game)[roll.keep_of(&game, &[5]).unwrap()],
            keep(1, 5)
        );
        assert_eq!(roll.dice_of(&game, keep(3, 4)), [1, 5]);
        assert_eq!(
            roll.keep_of(&game, &[1, 2]),
            Err(MoveError::NotScoring {
                kept: "1 2".to_string()
            })
        );
        assert_eq!(
            roll.keep_of(&game, &[5, 5]),
            Err(MoveError::NotShown {
                kept: "5 5".to_string(),
                shown: "1 1 5 2 3 4".to_string()
            })
        );
        // Four 1s score most as four of a kind (2000); 1000 + 100 keeps them too.
        let ones = showing(&game, &[1, 1, 1, 1, 2, 3]);
        assert_eq!(
            ones.keeps(&game)[ones.keep_of(&game, &[1, 1, 1, 1]).unwrap()],
            keep(40, 2)
        );
        assert_eq!(ones.dice_of(&game, keep(22, 2)), [1, 1, 1, 1]);
        // Every one of five dice kept: hot dice, six to roll.
        let full = Farkle::new(&[]).unwrap();
        let mut hot = showing(&full, &[1, 1, 1, 5, 5]);
        let all = hot.keep_of(&full, &[1, 1, 1, 5, 5]).unwrap();
        assert_eq!(hot.keep(&full, all), Ok((keep(22, 6), false)));
        assert_eq!((hot.turn_total(), hot.dice()), (22, 6));
    }

    #[test]
    fn moves_out_of_turn_are_refused() {
        let game = game();
        let mut played = Match::new(&game, 0);
        let mut dice = SeededDice::new(1);
        assert_eq!(
            played.bank(&game),
            Err(MoveError::TooLittle {
                total: 0,
                least: 50
            })
        );
        assert_eq!(played.keep(&game, 0), Err(MoveError::NoRoll));
        let mut showing = showing(&game, &[5, 2, 3, 4]);
        assert_eq!(showing.roll(&game, &mut dice), Err(MoveError::Waiting));
        assert_eq!(showing.bank(&game), Err(MoveError::Waiting));
        assert_eq!(
            showing.keep(&game, 1),
            Err(MoveError::NoSuchKeep {
                choice: 1,
                offered: 1
            })
        );
        // Keeping the goal's worth wins, and nothing is played after.
        let mut near = showing.clone();
        near.table.scores[0] = game.index(950).unwrap();
        assert_eq!(near.keep(&game, 0), Ok((Keep { units: 1, left: 3 }, true)));
        assert_eq!(near.winner(), Some(0));
        assert_eq!(near.roll(&game, &mut dice), Err(MoveError::Over));
    }

    #[test]
    fn a_seeded_game_farkles_pays_the_penalty_to_the_floor_and_banks() {
        // Seat 0 keeps every scoring die and never banks, so each of its turns ends in a
        // farkle (or the goal); seat 1 banks at 300. The rules are checked by hand at each
        // step: the count of farkles, the penalty down to the floor, hot dice, banking. Goal
        // 2000 gives seat 0 turns enough for two penalties: to −500, then to the floor.
        let settings = [("goal", 2000), ("floor", -500)].map(|(n, v)| (n.to_string(), v));
        let game = Farkle::new(&settings).unwrap();
        let (mut penalties, mut floors, mut hot, mut banks) = (0, 0, 0, 0);
        for seed in 0..20 {
            let mut dice = SeededDice::new(seed);
            let mut played = Match::new(&game, 0);
            while played.winner().is_none() {
                let before = *played.table();
                let mover = before.mover;
                let n = played.dice();
                let (faces, rolled) = played.roll(&game, &mut dice).unwrap();
                assert_eq!(faces.len(), n);
                match rolled {
                    Rolled::Farkle(farkled) => {
                        let after = played.table();
                        assert_eq!(after.mover, 1 - mover);
                        let (score, count) =
                            (game.points(before.scores[mover]), before.counts[mover]);
                        if count == 2 {
                            let expected = (score - 500).max(-500);
                            assert_eq!((farkled.score, farkled.count), (expected, 0));
                            assert!(farkled.penalised);
                            penalties += 1;
                            floors += usize::from(score - 500 < -500);
                        } else {
                            assert_eq!((farkled.score, farkled.count), (score, count + 1));
                        }
                        assert_eq!(game.points(after.scores[mover]), farkled.score);
                        assert_eq!((played.turn_total(), played.dice()), (0, 6));
                    }
                    Rolled::Scores(keeps) => {
                        let (total, rolled) = (played.turn_total(), faces.len());
                        let choice = keep_most(&keeps, rolled);
                        let (keep, won) = played.keep(&game, choice).unwrap();
                        assert_eq!(played.turn_total(), total + keep.units as usize);
                        if played.dice() == 6 {
                            // Hot dice: the keep's points score every die rolled.
                            let ways = game.settings().keeps(&counts(&faces));
                            assert!(ways.contains(&(keep.units * UNIT, rolled as u8)));
                            hot += 1;
                        }
                        if won {
                            assert!(played.turn_total() >= played.reach(&game));
                        } else if mover == 1 && played.turn_total() >= 6 {
                            let banked = played.bank(&game).unwrap();
                            let after = played.table();
                            assert_eq!(after.scores[1], before.scores[1] + banked);
                            assert_eq!((after.counts[1], after.mover), (0, 0));
                            banks += 1;
                        }
                    }
                }
            }
        }
        assert!(
            penalties > 0 && floors > 0 && hot > 0 && banks > 0,
            "{penalties} {floors} {hot} {banks}"
        );
        assert!(penalties > floors, "some penalties fall short of the floor");
    }
}
