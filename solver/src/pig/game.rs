//! The Pig family's rules as data: the variant, the goal, what one roll does, and the states.
//!
//! A state is (own score, opponent score, turn total), seen from the mover, with both scores
//! below the goal and own score + turn total below it too: once a turn total reaches the goal
//! the mover holds and wins, whatever its strategy (it is not asked). [`Pig`] numbers the
//! states of a `goal × goal × goal` cube, `(own · goal + opponent) · goal + turn total`; entries
//! with own + turn total at or above the goal are no states.

use thiserror::Error;

use crate::table::{Axis, Outside, PythonSignature, Schema};

/// The largest goal a Pig game is solved for (a threshold table stores a turn total in a byte).
pub const MAX_GOAL: u32 = 255;

/// Which game of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// One six-sided die: a 1 loses the turn total.
    Pig,
    /// A fair coin: heads adds 1, tails loses the turn total.
    Piglet,
    /// Two six-sided dice: one 1 loses the turn total, two 1s the whole score.
    TwoDicePig,
}

impl Variant {
    /// Every variant, in the order help texts list them.
    pub const ALL: [Variant; 3] = [Variant::Pig, Variant::Piglet, Variant::TwoDicePig];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Pig => "pig",
            Variant::Piglet => "piglet",
            Variant::TwoDicePig => "two-dice-pig",
        }
    }

    /// The variant called `name`, if any.
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// Its goal unless `--goal` says otherwise.
    pub fn default_goal(self) -> u32 {
        match self {
            Variant::Piglet => 10,
            Variant::Pig | Variant::TwoDicePig => 100,
        }
    }

    /// The strategy it is measured against by default.
    pub fn yardstick(self) -> &'static str {
        match self {
            Variant::Piglet => "hold_at:2",
            Variant::Pig | Variant::TwoDicePig => "hold_at:20",
        }
    }

    /// One line about it.
    pub fn summary(self) -> &'static str {
        match self {
            Variant::Pig => "roll one die or hold; a 1 loses the turn total (Neller & Presser)",
            Variant::Piglet => "flip a coin or hold; tails loses the turn total, goal 10",
            Variant::TwoDicePig => {
                "roll two dice or hold; one 1 loses the turn total, two 1s the whole score"
            }
        }
    }

    /// What one roll does, with its count among the roll's `total` equally likely outcomes:
    /// `(outcomes, total)`.
    pub fn counted_outcomes(self) -> (Vec<(Roll, u64)>, u64) {
        match self {
            Variant::Pig => {
                let mut outcomes = vec![(Roll::EndTurn, 1)];
                outcomes.extend((2..=6).map(|face| (Roll::Add(face), 1)));
                (outcomes, 6)
            }
            Variant::Piglet => (vec![(Roll::EndTurn, 1), (Roll::Add(1), 1)], 2),
            Variant::TwoDicePig => {
                // No 1: the faces 2..=6 of both dice add up to 4..=12.
                let mut ways = [0u64; 13];
                for a in 2..=6 {
                    for b in 2..=6 {
                        ways[a + b] += 1;
                    }
                }
                let mut outcomes = vec![(Roll::LoseScore, 1), (Roll::EndTurn, 10)];
                outcomes.extend((4..=12).map(|sum| (Roll::Add(sum as u32), ways[sum])));
                (outcomes, 36)
            }
        }
    }

    /// What one roll does, with its probability (a count over 2, 6 or 36, correctly rounded).
    fn outcomes(self) -> Vec<(Roll, f64)> {
        let (outcomes, total) = self.counted_outcomes();
        outcomes
            .into_iter()
            .map(|(roll, count)| (roll, count as f64 / total as f64))
            .collect()
    }
}

/// What one roll does to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// Adds points to the turn total; the mover decides again.
    Add(u32),
    /// Ends the turn: the turn total is lost.
    EndTurn,
    /// Ends the turn and the mover's score drops to 0 (two-dice Pig's two 1s).
    LoseScore,
}

/// Where one roll leads the mover (see [`Pig::lead`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// Score and turn total reach the goal: the mover holds and has won.
    Won,
    /// The turn goes on at this turn total.
    Rolls(u32),
    /// The turn ends with the mover's score at this (its own, or 0 after two-dice Pig's two
    /// 1s), and the opponent moves at turn total 0.
    Passes(u32),
}

/// Why a Pig game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PigError {
    /// The goal is outside `1..=MAX_GOAL`.
    #[error("{variant}: goal {goal} is outside 1..={MAX_GOAL}")]
    Goal {
        /// The variant.
        variant: &'static str,
        /// The goal asked for.
        goal: u32,
    },
}

/// The course-style strategy function over a table of decisions, one per state.
const DECISIONS: PythonSignature = PythonSignature {
    function: "final_strategy",
    parameters: &["score", "opponent_score", "turn_total"],
    flags: &[],
    index: "[score][opponent_score][turn_total]",
    docstring: "Return True to roll, False to hold, at score against opponent_score with \
                turn_total points this turn.",
    alias: None,
    paste_into: "pig.py",
    extra_parameters: &[],
    returns: "bool({})",
    truth_result: true,
};

/// The same function over a table of thresholds: roll while the turn total is below it.
const THRESHOLDS: PythonSignature = PythonSignature {
    function: "final_strategy",
    parameters: &["score", "opponent_score"],
    flags: &[],
    index: "[score][opponent_score]",
    docstring: "Return True to roll, False to hold: roll while turn_total is below the hold \
                threshold of (score, opponent_score).",
    alias: None,
    paste_into: "pig.py",
    extra_parameters: &["turn_total"],
    returns: "turn_total < {}",
    truth_result: true,
};

/// A game of the Pig family with its goal.
#[derive(Clone, Debug)]
pub struct Pig {
    variant: Variant,
    goal: u32,
    outcomes: Vec<(Roll, f64)>,
    adds: Vec<(usize, f64)>,
}

impl Pig {
    /// `variant` played to `goal` (in `1..=MAX_GOAL`).
    pub fn new(variant: Variant, goal: u32) -> Result<Pig, PigError> {
        if !(1..=MAX_GOAL).contains(&goal) {
            return Err(PigError::Goal {
                variant: variant.name(),
                goal,
            });
        }
        let outcomes = variant.outcomes();
        let adds = outcomes
            .iter()
            .filter_map(|&(roll, p)| match roll {
                Roll::Add(points) => Some((points as usize, p)),
                Roll::EndTurn | Roll::LoseScore => None,
            })
            .collect();
        Ok(Pig {
            variant,
            goal,
            outcomes,
            adds,
        })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Its name, e.g. `pig`.
    pub fn name(&self) -> &'static str {
        self.variant.name()
    }

    /// Whether its die is a coin (Piglet: a two-sided die whose faces mean heads and tails).
    pub fn tosses_coin(&self) -> bool {
        self.variant == Variant::Piglet
    }

    /// The goal: the first score at or above it wins.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// What one roll does, with its probability: the outcomes that end the turn first, then
    /// those that add points.
    pub fn outcomes(&self) -> &[(Roll, f64)] {
        &self.outcomes
    }

    /// The outcomes that add points, `(points, probability)`, in the order of
    /// [`outcomes`](Self::outcomes): what a solver sums after the turn's ends.
    pub fn adds(&self) -> &[(usize, f64)] {
        &self.adds
    }

    /// The most points one roll adds to the turn total.
    pub fn most_points(&self) -> u32 {
        self.outcomes
            .iter()
            .map(|(roll, _)| match roll {
                Roll::Add(points) => *points,
                Roll::EndTurn | Roll::LoseScore => 0,
            })
            .max()
            .unwrap_or(0)
    }

    /// Where `roll` leads the mover with score `own` at turn total `turn_total`: the one
    /// statement of what a roll does, which every solver reads.
    #[inline]
    pub fn lead(&self, own: u32, turn_total: u32, roll: Roll) -> Lead {
        match roll {
            Roll::EndTurn => Lead::Passes(own),
            Roll::LoseScore => Lead::Passes(0),
            Roll::Add(points) if own + turn_total + points >= self.goal => Lead::Won,
            Roll::Add(points) => Lead::Rolls(turn_total + points),
        }
    }

    /// Whether a roll can take a score away (two-dice Pig), so that play can return to lower
    /// scores.
    pub fn lowers_scores(&self) -> bool {
        self.outcomes
            .iter()
            .any(|(roll, _)| *roll == Roll::LoseScore)
    }

    /// Entries of the state cube: `goal³`.
    pub fn cube(&self) -> usize {
        (self.goal as usize).pow(3)
    }

    /// The index of (own, opponent, turn total) in the cube.
    #[inline]
    pub fn state(&self, own: u32, opponent: u32, turn_total: u32) -> usize {
        let g = self.goal as usize;
        (own as usize * g + opponent as usize) * g + turn_total as usize
    }

    /// (own, opponent, turn total) of a cube index.
    pub fn position(&self, state: usize) -> (u32, u32, u32) {
        let g = self.goal as usize;
        (
            (state / (g * g)) as u32,
            (state / g % g) as u32,
            (state % g) as u32,
        )
    }

    /// Whether (own, turn total) is a state: own + turn total below the goal.
    #[inline]
    pub fn is_state(&self, own: u32, turn_total: u32) -> bool {
        own + turn_total < self.goal
    }

    /// The start: 0 : 0, turn total 0.
    pub fn start(&self) -> usize {
        0
    }

    fn axes(&self, names: &[(&'static str, &'static str)]) -> Vec<Axis> {
        names
            .iter()
            .map(|&(name, column)| Axis {
                name,
                column,
                length: self.goal as usize,
            })
            .collect()
    }

    /// The schema of a table of decisions: `goal × goal × goal`, indexed `[own score][opponent
    /// score][turn total]`, 1 to roll and 0 to hold; entries where own score + turn total reach
    /// the goal are no states. What a Python `final_strategy(score, opponent_score,
    /// turn_total)` is tabulated into.
    pub fn decisions_schema(&self) -> Schema {
        Schema {
            game: "Pig",
            rules: self.name().to_string(),
            goal: self.goal,
            goal_name: "goal",
            default_goal: self.variant.default_goal(),
            axes: self.axes(&[
                ("own score", "own"),
                ("opponent score", "opponent"),
                ("turn total", "turn_total"),
            ]),
            action: "roll",
            min_action: 0,
            max_action: 1,
            outside: Some(Outside {
                axes: [0, 2],
                bound: self.goal as usize,
            }),
            python: Some(DECISIONS),
        }
    }

    /// The schema of a table of hold thresholds: `goal × goal`, indexed `[own score][opponent
    /// score]`, the turn total at which to hold (roll below it, hold at it or above).
    pub fn thresholds_schema(&self) -> Schema {
        Schema {
            game: "Pig",
            rules: self.name().to_string(),
            goal: self.goal,
            goal_name: "goal",
            default_goal: self.variant.default_goal(),
            axes: self.axes(&[("own score", "own"), ("opponent score", "opponent")]),
            action: "hold_at",
            min_action: 0,
            max_action: self.goal as u8,
            outside: None,
            python: Some(THRESHOLDS),
        }
    }

    /// The tables a strategy file may hold: decisions (what a Python strategy becomes) and
    /// thresholds.
    pub fn schemas(&self) -> Vec<Schema> {
        vec![self.decisions_schema(), self.thresholds_schema()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_roll_is_a_distribution() {
        for variant in Variant::ALL {
            let pig = Pig::new(variant, 20).unwrap();
            let total: f64 = pig.outcomes().iter().map(|(_, p)| p).sum();
            approx::assert_relative_eq!(total, 1.0, max_relative = 1e-15);
            assert_eq!(Variant::named(variant.name()), Some(variant));
        }
        let two = Pig::new(Variant::TwoDicePig, 100).unwrap();
        // Two 1s 1/36, one 1 10/36, a sum of 7 without a 1 (2+5, 3+4, and back) 4/36.
        assert!(two.outcomes().contains(&(Roll::LoseScore, 1.0 / 36.0)));
        assert!(two.outcomes().contains(&(Roll::EndTurn, 10.0 / 36.0)));
        assert!(two.outcomes().contains(&(Roll::Add(7), 4.0 / 36.0)));
        assert!(two.lowers_scores() && !Pig::new(Variant::Pig, 100).unwrap().lowers_scores());
        assert!(Pig::new(Variant::Pig, 0).is_err() && Pig::new(Variant::Pig, 256).is_err());
    }

    #[test]
    fn the_ends_of_a_turn_come_first() {
        for variant in Variant::ALL {
            let pig = Pig::new(variant, 20).unwrap();
            let ends = pig
                .outcomes()
                .iter()
                .take_while(|(roll, _)| !matches!(roll, Roll::Add(_)))
                .count();
            assert_eq!(ends + pig.adds().len(), pig.outcomes().len(), "{variant:?}");
        }
    }

    #[test]
    fn states_round_trip() {
        let pig = Pig::new(Variant::Piglet, 10).unwrap();
        let state = pig.state(3, 7, 5);
        assert_eq!(pig.position(state), (3, 7, 5));
        assert!(pig.is_state(3, 6) && !pig.is_state(3, 7));
    }
}
