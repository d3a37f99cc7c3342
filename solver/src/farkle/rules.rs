//! Farkle's rules as the one rules interface ([`Rules`]) plays them: roll, keep, then bank or
//! roll on, decision by decision, the dice thrown one at a time and scored from the faces
//! shown ([`Farkle::offer`]); the farkle, the penalty, the floor, hot dice and the goal applied
//! as RULES.md says. The simulator, transcripts and a person's sitting all play through it.

use super::game::{DICE, Farkle, Keep, Settings, Table, UNIT};
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Rules, Step, ToMove};

/// A decision of the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Roll the dice it has.
    Roll,
    /// Bank the turn total: the turn ends.
    Bank,
    /// Set aside scoring dice of the roll shown: this keep's.
    Keep(Keep),
}

/// Where the mover's turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Bank or roll on (at a turn's start, roll), after the keep just made from the roll
    /// shown, if one was.
    Deciding(Option<Keep>),
    /// The dice are rolling, one at a time.
    Rolling,
    /// A roll that scores waits for a keep.
    Shown,
    /// The mover reached the goal.
    Won,
}

/// A game of Farkle at the table: the banked scores, the farkle counts and the seat to move;
/// the turn under way (its total, the dice to roll next); the last roll's dice, as thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// Banked scores (indices), farkle counts and the seat to move (the winner, once one has
    /// won).
    pub table: Table,
    /// The turn total (units).
    pub total: usize,
    /// The dice the mover rolls next (those rolling or shown, until a keep; six after hot
    /// dice).
    pub dice: usize,
    /// The last roll's faces, as thrown (the first `thrown`).
    faces: [u8; DICE],
    thrown: u8,
    phase: Phase,
}

impl Play {
    /// A new game of `game`, 0 : 0, with `first` to move; its first roll not yet thrown.
    pub fn start(game: &Farkle, first: usize) -> Play {
        Play::at(Table::new(game, first), 0, DICE, None)
    }

    /// The mover at `table` with turn total `total` (units) and `dice` to roll, or after
    /// rolling them, showing `shown` (faces 1..=6, as many as `dice`, a roll that scores).
    pub fn at(table: Table, total: usize, dice: usize, shown: Option<&[u8]>) -> Play {
        let mut play = Play {
            table,
            total,
            dice,
            faces: [0; DICE],
            thrown: 0,
            phase: Phase::Deciding(None),
        };
        if let Some(shown) = shown {
            play.faces[..shown.len()].copy_from_slice(shown);
            play.thrown = shown.len() as u8;
            play.phase = Phase::Shown;
        }
        play
    }

    /// The roll waiting for a keep, as thrown.
    pub fn shown(&self) -> Option<&[u8]> {
        (self.phase == Phase::Shown).then(|| self.roll())
    }

    /// The last roll's faces, as thrown.
    fn roll(&self) -> &[u8] {
        &self.faces[..usize::from(self.thrown)]
    }

    /// The last roll's faces, counted by face.
    pub fn counts(&self) -> [u8; 6] {
        counts(self.roll())
    }

    /// The keep just made from the roll shown, while the mover decides to bank or roll on.
    pub fn kept(&self) -> Option<Keep> {
        match self.phase {
            Phase::Deciding(kept) => kept,
            _ => None,
        }
    }

    /// Whether the mover may bank now: deciding, with a turn total of at least `min_bank`
    /// (and above 0: a turn starts with a roll).
    pub fn may_bank(&self, game: &Farkle) -> bool {
        matches!(self.phase, Phase::Deciding(_)) && self.total >= game.min_bank_units()
    }

    /// The seat that reached the goal, once one has.
    pub fn winner(&self) -> Option<usize> {
        (self.phase == Phase::Won).then_some(self.table.mover)
    }

    /// Turn totals (units) the mover can add before reaching the goal: `goal − own banked`.
    pub fn reach(&self, game: &Farkle) -> usize {
        game.scores() - self.table.scores[self.table.mover]
    }

    /// The next turn starts: turn total 0, six dice.
    fn new_turn(&mut self) {
        self.total = 0;
        self.dice = DICE;
        self.phase = Phase::Deciding(None);
    }
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
pub fn counts(faces: &[u8]) -> [u8; 6] {
    let mut counts = [0; 6];
    for &face in faces {
        counts[usize::from(face) - 1] += 1;
    }
    counts
}

/// Points of `units`.
pub fn points(units: usize) -> u32 {
    units as u32 * UNIT
}

/// Why dice cannot be set aside from a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unkept {
    /// No dice.
    Nothing,
    /// More of this face than the roll shows.
    NotShown(u8),
    /// Some of them score nothing (or are no face 1..=6).
    NotScoring,
}

/// The keep that sets aside the dice `kept` (faces) of a roll showing `shown` (counted by
/// face), scoring every one of them: their points the most their combinations give (four 1s:
/// 2000), the dice left six after hot dice.
pub fn keep_of(settings: &Settings, shown: &[u8; 6], kept: &[u8]) -> Result<Keep, Unkept> {
    if kept.is_empty() {
        return Err(Unkept::Nothing);
    }
    if kept.iter().any(|face| !(1..=6).contains(face)) {
        return Err(Unkept::NotScoring);
    }
    let want = counts(kept);
    if let Some(face) = (0..6).find(|&f| want[f] > shown[f]) {
        return Err(Unkept::NotShown(face as u8 + 1));
    }
    let n = kept.len() as u8;
    let points = settings
        .keeps(&want)
        .into_iter()
        .filter(|&(_, used)| used == n)
        .map(|(points, _)| points)
        .max()
        .ok_or(Unkept::NotScoring)?;
    let rolled: u8 = shown.iter().sum();
    Ok(Keep {
        units: points / UNIT,
        left: if n == rolled { DICE as u8 } else { rolled - n },
    })
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

/// The dice of a roll showing `faces` that `keep` sets aside (ascending): the fewest of the
/// lowest faces of the ways to score its points with its dice.
pub fn dice_of(settings: &Settings, faces: &[u8], keep: Keep) -> Vec<u8> {
    let used = if usize::from(keep.left) == DICE {
        faces.len()
    } else {
        faces.len() - usize::from(keep.left)
    };
    let points = keep.units * UNIT;
    parts(&counts(faces))
        .into_iter()
        .find(|part| {
            usize::from(part.iter().sum::<u8>()) == used
                && settings.keeps(part).contains(&(points, used as u8))
        })
        .map(|part| {
            (1..=6u8)
                .flat_map(|face| std::iter::repeat_n(face, usize::from(part[face as usize - 1])))
                .collect()
        })
        .unwrap_or_default()
}

/// "your", "the computer's", "Player 0's".
fn possessive(names: Names, seat: usize) -> String {
    match names {
        Names::YouAndComputer => ["your", "the computer's"][seat].to_string(),
        names => format!("{}'s", names.name(seat)),
    }
}

impl Farkle {
    /// A farkle of `seat`, which had `count` farkles in a row before it, told: the farkles in
    /// a row now, or the penalty and the banked score it left (`score`, points).
    fn farkled(&self, names: Names, seat: usize, count: usize, score: i64) -> String {
        let rules = self.settings();
        if self.penalised(count) {
            let floor = if score == rules.floor {
                " (the floor)"
            } else {
                ""
            };
            return format!(
                "{} farkles in a row cost {}: {} banked score is now {score}{floor}.",
                self.farkles(),
                rules.penalty,
                possessive(names, seat)
            );
        }
        let count = count + 1;
        format!(
            "{} {count} farkle{} in a row (at {} they cost {}).",
            names.act(seat, "has", "have"),
            if count == 1 { "" } else { "s" },
            self.farkles(),
            rules.penalty
        )
    }
}

impl Rules for Farkle {
    type State = Play;
    type Choice = Move;

    fn start(&self, first: usize) -> Play {
        Play::start(self, first)
    }

    fn to_move(&self, play: &Play) -> ToMove {
        match play.phase {
            Phase::Won => ToMove::Over,
            Phase::Rolling => ToMove::Chance,
            Phase::Deciding(_) | Phase::Shown => ToMove::Seat(play.table.mover),
        }
    }

    /// After a roll each keep it offers, in the rules' order; else bank where the turn total
    /// may be banked, and roll.
    fn choices(&self, play: &Play) -> Vec<Move> {
        match play.phase {
            Phase::Shown => self
                .offer(&play.counts())
                .map(|offer| offer.keeps.iter().copied().map(Move::Keep).collect())
                .unwrap_or_default(),
            Phase::Deciding(_) if play.may_bank(self) => vec![Move::Bank, Move::Roll],
            Phase::Deciding(_) => vec![Move::Roll],
            Phase::Rolling | Phase::Won => Vec::new(),
        }
    }

    fn die(&self, _: &Play) -> Die {
        Die::SIX_SIDED
    }

    /// A keep that reaches the goal wins at once.
    fn choose(&self, play: &mut Play, choice: &Move) {
        match *choice {
            Move::Roll => {
                play.phase = Phase::Rolling;
                play.thrown = 0;
            }
            Move::Bank => {
                play.table.end_turn(self, Some(play.total));
                play.new_turn();
            }
            Move::Keep(keep) => {
                play.total += keep.units as usize;
                play.dice = usize::from(keep.left);
                play.phase = if play.total >= play.reach(self) {
                    Phase::Won
                } else {
                    Phase::Deciding(Some(keep))
                };
            }
        }
    }

    /// The last die of a roll settles it: it scores and waits for a keep, or it is a farkle
    /// (the count, the penalty and the floor applied) and the other seat's turn starts.
    fn throw(&self, play: &mut Play, face: u8) {
        play.faces[usize::from(play.thrown)] = face;
        play.thrown += 1;
        if usize::from(play.thrown) < play.dice {
            return;
        }
        if self.offer(&play.counts()).is_some() {
            play.phase = Phase::Shown;
        } else {
            play.table.end_turn(self, None);
            play.new_turn();
        }
    }

    fn returns(&self, play: &Play) -> Vec<f64> {
        (0..2)
            .map(|seat| f64::from(u8::from(play.winner() == Some(seat))))
            .collect()
    }

    /// The banked scores in points, as commentary reads them, from 0 (a score below 0, down
    /// to the floor, reads as 0): Farkle's telling has no commentary, and a sitting's
    /// headings say the scores as they are.
    fn scores(&self, play: &Play) -> [u32; 2] {
        play.table
            .scores
            .map(|score| u32::try_from(self.points(score)).unwrap_or(0))
    }

    /// `Player 0 rolls 6 dice: 1 4 4 1 6 2, which score.` (a farkle: the turn total lost, and
    /// the farkles in a row or the penalty); `Player 0 keeps 1 1 for 200: turn total 200, 4
    /// dice left.` (hot dice or the goal said); `Player 0 banks 300: Player 0 300, Player 1
    /// 0.`
    fn narrate(
        &self,
        step: &Step<'_, Farkle>,
        names: Names,
        _: &mut dyn Commentary,
    ) -> Vec<String> {
        let (before, after) = (step.before, step.after);
        let seat = before.table.mover;
        match *step.choice {
            Move::Roll => {
                let n = before.dice;
                let rolled = |what: &str| {
                    format!(
                        "{} {n} {}: {}, {what}.",
                        names.act(seat, "rolls", "roll"),
                        if n == 1 { "die" } else { "dice" },
                        spaced(step.thrown)
                    )
                };
                if after.phase == Phase::Shown {
                    return vec![rolled("which score")];
                }
                let lost = points(before.total);
                let score = self.points(after.table.scores[seat]);
                vec![
                    rolled(&format!("a farkle: the turn total of {lost} is lost")),
                    self.farkled(names, seat, before.table.counts[seat], score),
                ]
            }
            Move::Keep(keep) => {
                let kept = dice_of(self.settings(), before.roll(), keep);
                let keeps = format!(
                    "{} {} for {}: turn total {}",
                    names.act(seat, "keeps", "keep"),
                    spaced(&kept),
                    keep.units * UNIT,
                    points(after.total)
                );
                vec![match (after.phase, keep.left) {
                    (Phase::Won, _) => format!("{keeps}, reaching the goal of {}.", self.goal()),
                    // A keep leaves six dice only when it sets aside every die rolled.
                    (_, 6) => format!("{keeps}; hot dice: all six dice again."),
                    (_, 1) => format!("{keeps}, 1 die left."),
                    (_, left) => format!("{keeps}, {left} dice left."),
                }]
            }
            Move::Bank => vec![format!(
                "{} {}: {} {}, {} {}.",
                names.act(seat, "banks", "bank"),
                points(before.total),
                names.name(0),
                self.points(after.table.scores[0]),
                names.name(1),
                self.points(after.table.scores[1])
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::farkle::keep_most;
    use crate::game::play_choice;

    fn game() -> Farkle {
        let settings = [("goal", 1000), ("floor", -500)].map(|(n, v)| (n.to_string(), v));
        Farkle::new(&settings).unwrap()
    }

    /// Seat 0 of a new game of `game` after rolling `faces`.
    fn showing(game: &Farkle, faces: &[u8]) -> Play {
        Play::at(Table::new(game, 0), 0, faces.len(), Some(faces))
    }

    #[test]
    fn dice_set_aside_score_as_rules_md_says() {
        let game = game();
        let rules = game.settings();
        let keep = |units, left| Keep { units, left };
        let faces = [1, 1, 5, 2, 3, 4];
        let roll = counts(&faces);
        // Two 1s and the 5: 250 points, three dice left; the 5 alone, 50 and five left; each
        // a keep the roll offers.
        assert_eq!(keep_of(rules, &roll, &[5, 1, 1]), Ok(keep(5, 3)));
        assert_eq!(keep_of(rules, &roll, &[5]), Ok(keep(1, 5)));
        let offered = game.choices(&showing(&game, &faces));
        assert!(
            offered.contains(&Move::Keep(keep(5, 3))) && offered.contains(&Move::Keep(keep(1, 5)))
        );
        assert_eq!(dice_of(rules, &faces, keep(3, 4)), [1, 5]);
        assert_eq!(keep_of(rules, &roll, &[1, 2]), Err(Unkept::NotScoring));
        assert_eq!(keep_of(rules, &roll, &[5, 5]), Err(Unkept::NotShown(5)));
        assert_eq!(keep_of(rules, &roll, &[]), Err(Unkept::Nothing));
        assert_eq!(keep_of(rules, &roll, &[7]), Err(Unkept::NotScoring));
        // Four 1s score most as four of a kind (2000); 1000 + 100 keeps them too.
        let ones = [1, 1, 1, 1, 2, 3];
        assert_eq!(
            keep_of(rules, &counts(&ones), &[1, 1, 1, 1]),
            Ok(keep(40, 2))
        );
        assert_eq!(dice_of(rules, &ones, keep(22, 2)), [1, 1, 1, 1]);
        // Every one of five dice kept: hot dice, six to roll, then bank or roll.
        let full = Farkle::new(&[]).unwrap();
        let hot = [1, 1, 1, 5, 5];
        let kept = keep_of(full.settings(), &counts(&hot), &hot).unwrap();
        assert_eq!(kept, keep(22, 6));
        let mut play = showing(&full, &hot);
        assert!(full.choices(&play).contains(&Move::Keep(kept)));
        full.choose(&mut play, &Move::Keep(kept));
        assert_eq!((play.total, play.dice, play.kept()), (22, 6, Some(kept)));
        assert_eq!(full.choices(&play), [Move::Bank, Move::Roll]);
    }

    #[test]
    fn keeping_the_goals_worth_wins_and_nothing_is_played_after() {
        let game = game();
        let mut near = showing(&game, &[5, 2, 3, 4]);
        near.table.scores[0] = game.index(950).unwrap();
        assert_eq!(
            game.choices(&near),
            [Move::Keep(Keep { units: 1, left: 3 })]
        );
        game.choose(&mut near, &Move::Keep(Keep { units: 1, left: 3 }));
        assert_eq!(
            (near.winner(), game.to_move(&near)),
            (Some(0), ToMove::Over)
        );
        assert!(game.choices(&near).is_empty());
        assert_eq!(game.returns(&near), [1.0, 0.0]);
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
            let mut play = Play::start(&game, 0);
            let mut thrown = Vec::new();
            while game.to_move(&play) != ToMove::Over {
                let before = play;
                let mover = before.table.mover;
                let choices = game.choices(&play);
                let keeps: Vec<Keep> = choices
                    .iter()
                    .filter_map(|c| match c {
                        Move::Keep(keep) => Some(*keep),
                        _ => None,
                    })
                    .collect();
                let choice = if !keeps.is_empty() {
                    Move::Keep(keeps[keep_most(&keeps, play.dice)])
                } else if mover == 1 && play.total >= 6 {
                    Move::Bank
                } else {
                    Move::Roll
                };
                assert!(choices.contains(&choice), "{choice:?} of {choices:?}");
                play_choice(
                    &game,
                    &mut play,
                    &choice,
                    &mut |die| dice.face(die),
                    &mut thrown,
                );
                let after = &play.table;
                match choice {
                    Move::Roll if play.shown().is_some() => {
                        assert_eq!(thrown.len(), before.dice);
                        assert!(!game.choices(&play).is_empty());
                    }
                    Move::Roll => {
                        // A farkle: the turn total lost, the count or the penalty.
                        assert_eq!(thrown.len(), before.dice);
                        assert!(game.settings().keeps(&counts(&thrown)).is_empty());
                        assert_eq!(after.mover, 1 - mover);
                        let score = game.points(before.table.scores[mover]);
                        let count = before.table.counts[mover];
                        let now = (game.points(after.scores[mover]), after.counts[mover]);
                        if count == 2 {
                            assert_eq!(now, ((score - 500).max(-500), 0));
                            penalties += 1;
                            floors += usize::from(score - 500 < -500);
                        } else {
                            assert_eq!(now, (score, count + 1));
                        }
                        assert_eq!((play.total, play.dice), (0, 6));
                    }
                    Move::Keep(keep) => {
                        assert_eq!(play.total, before.total + keep.units as usize);
                        if play.dice == 6 {
                            // Hot dice: the keep's points score every die rolled.
                            let rolled = before.shown().unwrap();
                            let ways = game.settings().keeps(&counts(rolled));
                            assert!(ways.contains(&(keep.units * UNIT, rolled.len() as u8)));
                            hot += 1;
                        }
                        if play.winner().is_some() {
                            assert!(play.total >= before.reach(&game));
                        }
                    }
                    Move::Bank => {
                        assert_eq!(after.scores[1], before.table.scores[1] + before.total);
                        assert_eq!((after.counts[1], after.mover), (0, 0));
                        banks += 1;
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
