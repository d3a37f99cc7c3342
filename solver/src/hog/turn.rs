//! A Hog turn at the table: [`Game`] plays real dice faces through the compiled rules of a
//! [`Ruleset`] (the tables its script was turned into: Free Bacon, the dice limit and die of
//! each cell, bonuses, memories and the after-turn rules). It shares no arithmetic with the
//! solver's sweep, so the simulator ([`crate::game::simulate`] over the rules interface, see
//! [`rules`](super::rules)) checks the dice distributions, the successor tables and the sweep
//! independently; the compiled rules themselves it shares with the solver, and those are
//! checked against the rules' worked examples and the golden values instead.

use super::definition::MAX_DICE;
use super::ruleset::Ruleset;
use crate::dice::Die;

/// A Hog game in progress, seen from the table: seat 0 and seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// Both players' scores, by seat.
    pub scores: [u32; 2],
    /// Both players' memories, by seat.
    pub memory: [u8; 2],
    /// The seat to move.
    pub mover: usize,
}

impl Game {
    /// A new game at 0 : 0 with `first` to move.
    pub fn new(rules: &Ruleset, first: usize) -> Game {
        let initial = rules.memory().initial;
        Game {
            scores: [0, 0],
            memory: [initial, initial],
            mover: first,
        }
    }

    /// The state of the game seen from its mover, in `rules`' state space.
    #[inline]
    pub fn state(&self, rules: &Ruleset) -> usize {
        let space = rules.space();
        let (mover, other) = (self.mover, 1 - self.mover);
        let cell = space.cell(self.scores[mover], self.scores[other]);
        space.state(cell, self.memory[mover], self.memory[other])
    }

    /// The winning seat, once the game is over: the last turn's mover (who keeps the move) if
    /// it reached the goal, else the other seat, if the after-turn rules took it there.
    #[inline]
    pub fn winner(&self, rules: &Ruleset) -> Option<usize> {
        let goal = rules.goal();
        let (mover, other) = (self.mover, 1 - self.mover);
        if self.scores[mover] >= goal {
            Some(mover)
        } else if self.scores[other] >= goal {
            Some(other)
        } else {
            None
        }
    }

    /// How many dice, and of which kind, are rolled when the mover asks for `requested`.
    #[inline]
    pub fn dice_to_roll<'r>(&self, rules: &'r Ruleset, requested: u8) -> (u8, &'r Die) {
        let (own, opponent) = (self.scores[self.mover], self.scores[1 - self.mover]);
        let rolled = rules.dice_rolled(own, opponent, requested.min(MAX_DICE));
        (rolled, rules.die(own, opponent))
    }

    /// Plays the mover's turn: it asked for `requested` dice and they showed `faces` (as many
    /// faces as [`dice_to_roll`](Self::dice_to_roll) says; none when rolling zero). Returns the
    /// winning seat when the game ends.
    #[inline]
    pub fn play(&mut self, rules: &Ruleset, requested: u8, faces: &[u8]) -> Option<usize> {
        self.turn(rules, requested, faces).winner
    }

    /// [`play`](Self::play), returning what happened on the turn (always inlined, so `play`
    /// computes only what it returns).
    #[inline(always)]
    pub fn turn(&mut self, rules: &Ruleset, requested: u8, faces: &[u8]) -> Turn {
        let (mover, other) = (self.mover, 1 - self.mover);
        let (own, opponent) = (self.scores[mover], self.scores[other]);
        debug_assert_eq!(
            faces.len(),
            usize::from(self.dice_to_roll(rules, requested).0)
        );
        let points = rules.turn_points(own, opponent, faces);
        let effect = rules.effect((self.memory[mover], self.memory[other]), requested);
        let remembered = rules.remembered_after(effect, points as usize);
        self.memory[mover] = remembered;
        let reached = own + points + effect.bonus;
        let after = rules.after_turn(reached, opponent, remembered);
        self.scores[mover] = after.mover;
        self.scores[other] = after.opponent;
        let winner = self.winner(rules);
        let extra_turn = winner.is_none() && after.extra_turn;
        if winner.is_none() && !extra_turn {
            self.mover = other;
        }
        Turn {
            mover,
            points,
            bonus: effect.bonus,
            reached,
            scores: self.scores,
            extra_turn,
            winner,
        }
    }
}

/// What one turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The seat that moved.
    pub mover: usize,
    /// The points of the dice (or Free Bacon when rolling zero), rules' bonuses aside.
    pub points: u32,
    /// Bonus points the rules added for the dice count chosen.
    pub bonus: u32,
    /// The mover's score once the points and bonus were added, before the after-turn rules.
    pub reached: u32,
    /// Both scores after the after-turn rules, by seat.
    pub scores: [u32; 2],
    /// Whether the mover goes again.
    pub extra_turn: bool,
    /// The winning seat, if the game ended.
    pub winner: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> Ruleset {
        Ruleset::preset(name, 100).unwrap()
    }

    #[test]
    fn feral_hogs_example_game() {
        // RULES.md: every roll below pigs out (one die shows 1) and scores 1.
        let fa19 = rules("hog-fa19");
        let mut game = Game::new(&fa19, 0);
        assert_eq!(game.play(&fa19, 3, &[1, 4, 5]), None);
        assert_eq!(game.scores, [1, 0]);
        assert_eq!(game.play(&fa19, 4, &[1, 1, 2, 3]), None);
        assert_eq!(game.scores, [1, 1]);
        assert_eq!(game.play(&fa19, 5, &[1, 2, 3, 4, 5]), None);
        assert_eq!(game.scores, [5, 1]);
        assert_eq!(game.play(&fa19, 2, &[6, 1]), None);
        assert_eq!(game.scores, [5, 5]);
        assert_eq!(game.play(&fa19, 7, &[1, 1, 1, 1, 1, 1, 1]), None);
        assert_eq!(game.scores, [9, 5]);
        assert_eq!(game.play(&fa19, 0, &[]), None);
        assert_eq!(game.scores, [9, 18]);
        assert_eq!(game.memory, [7, 0]);
    }

    #[test]
    fn feral_hogs_on_the_first_turn() {
        let fa19 = rules("hog-fa19");
        let mut game = Game::new(&fa19, 0);
        assert_eq!(game.play(&fa19, 2, &[2, 2]), None);
        assert_eq!(game.scores, [7, 0]);
    }

    #[test]
    fn bonus_is_added_before_the_swap() {
        // 45 vs 5, previous 0, two dice 3 and 4: 45 + 7 + 3 = 55 ↔ 5.
        let mut game = Game {
            scores: [45, 5],
            memory: [0, 0],
            mover: 0,
        };
        assert_eq!(game.play(&rules("hog-fa19"), 2, &[3, 4]), None);
        assert_eq!(game.scores, [5, 55]);
        assert_eq!(game.mover, 1);
    }

    #[test]
    fn a_swap_can_hand_the_win_to_the_opponent() {
        // 90 vs 50, previous 0, rolls 0: 10 points, 100 vs 50 swaps, the opponent wins.
        let mut game = Game {
            scores: [90, 50],
            memory: [0, 0],
            mover: 0,
        };
        assert_eq!(game.play(&rules("hog-fa19"), 0, &[]), Some(1));
        assert_eq!(game.scores, [50, 100]);
    }

    #[test]
    fn zero_dice_after_two_gets_the_bonus() {
        // Previous 2, rolls 0 against 9: Free Bacon 10 + 3.
        let mut game = Game {
            scores: [0, 9],
            memory: [2, 0],
            mover: 0,
        };
        assert_eq!(game.play(&rules("hog-fa19"), 0, &[]), None);
        assert_eq!(game.scores, [13, 9]);
    }

    #[test]
    fn fa20_extra_turns_keep_the_mover() {
        // 10 vs 20 → +8 = 18 vs 20 (Pig Pass) → +12 = 30 vs 20 (Swine Align).
        let fa20 = rules("hog-fa20");
        let mut game = Game {
            scores: [10, 20],
            memory: [0, 0],
            mover: 0,
        };
        assert_eq!(game.play(&fa20, 2, &[4, 4]), None);
        assert_eq!((game.scores, game.mover), ([18, 20], 0));
        assert_eq!(game.play(&fa20, 2, &[6, 6]), None);
        assert_eq!((game.scores, game.mover), ([30, 20], 0));
        assert_eq!(game.play(&fa20, 1, &[3]), None);
        assert_eq!((game.scores, game.mover), ([33, 20], 1));
    }

    #[test]
    fn fa20_extra_turn_on_the_final_turn_ends_the_game() {
        let fa20 = rules("hog-fa20");
        let mut game = Game {
            scores: [96, 40],
            memory: [0, 0],
            mover: 0,
        };
        assert_eq!(game.play(&fa20, 0, &[]), Some(0));
    }

    #[test]
    fn hog_wild_first_turn_uses_one_four_sided_die_at_seven() {
        let game = Game {
            scores: [3, 4],
            memory: [0, 0],
            mover: 0,
        };
        let wild = rules("hog-wild");
        assert_eq!(game.dice_to_roll(&wild, 10), (1, &Die::FOUR_SIDED));
        assert_eq!(game.dice_to_roll(&wild, 0), (0, &Die::FOUR_SIDED));
        let first = Game::new(&wild, 0);
        assert_eq!(first.dice_to_roll(&wild, 5), (5, &Die::FOUR_SIDED));
    }

    #[test]
    fn nju21_turns_score_as_the_course_tests_say() {
        // take_turn(num_rolls, score, opponent_score, dice) from the course's tests: Feral Hogs
        // adds 1 for each die with the parity of the mover's score, a Pig Out's too.
        let nju21 = rules("hog-nju21");
        for (own, faces, points) in [
            (0, &[4, 5][..], 10),
            (0, &[4, 6, 1], 3),
            (0, &[6, 6], 14),
            (1, &[4; 9], 36),
            (0, &[4, 1, 4, 1, 4, 1, 4], 5),
            (0, &[5; 8], 40),
            (21, &[1, 3, 5], 4),
            (40, &[2, 3, 4, 5], 16),
            (60, &[3], 3),
        ] {
            let mut game = Game {
                scores: [own, 91],
                memory: [0, 0],
                mover: 0,
            };
            let turn = game.turn(&nju21, faces.len() as u8, faces);
            assert_eq!(turn.points, points, "{own} {faces:?}");
        }
    }
}
