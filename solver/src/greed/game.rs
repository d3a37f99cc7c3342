//! Greed's rules as data: the score limit, the states, the dice and the dice cap.
//!
//! A state is (own score, opponent score, whether the opponent just passed), seen from the
//! mover, with both scores in `0..=limit`. [`Greed`] numbers the states densely, holds the exact
//! distribution of the total of `1..=MAX_DICE` dice showing 0..=5, and for every amount of room
//! left below the limit the dice cap the optimiser searches up to (see [`Greed::cap`]).

use crate::dice::{Die, TurnPoints};
use crate::table::{Axis, PythonSignature, Schema};

/// The ruleset's name on the command line.
pub const NAME: &str = "greed";

/// The strategy the course measures Greed strategies against.
pub const YARDSTICK: &str = "sample2";

/// The course's score limit: a player over it loses.
pub const DEFAULT_LIMIT: u32 = 100;

/// The largest dice count a Greed table may hold (a table stores `u8`); every count up to it is
/// evaluated exactly.
pub const MAX_DICE: u8 = 255;

/// The bound below which the initial cap stops: the cap at room `r` is the smallest `N` with
/// P(the total of `N + 1` dice is at most `r`) below this. The solver then checks, state by
/// state, that this bound is below the best value found, and raises the cap where it is not.
const CAP_BOUND: f64 = 1.0 / (1u64 << 30) as f64;

/// The course's strategy function, which a Greed table becomes (also bound to the name the
/// assignment uses, `myStrategy`).
const MY_STRATEGY: PythonSignature = PythonSignature {
    function: "final_strategy",
    parameters: &["myscore", "theirscore", "last"],
    flags: &["last"],
    index: "[myscore][theirscore][int(last)]",
    docstring: "Return the number of dice to roll at myscore against theirscore; last is \
                True when the opponent has just passed.",
    alias: Some("myStrategy"),
    paste_into: "pr1.py",
    extra_parameters: &[],
    returns: "{}",
    truth_result: false,
};

/// Greed with a score limit, its states and its dice.
#[derive(Clone, Debug)]
pub struct Greed {
    limit: u32,
    /// `rolls[n - 1]`: the distribution of the total of `n` dice.
    rolls: Vec<TurnPoints>,
    /// `within[n][r]`: P(the total of `n` dice is at most `r`), for `r` in `0..=limit`.
    within: Vec<Vec<f64>>,
    /// `over[n][r]`: P(the total of `n` dice is more than `r`), summed from the other end.
    over: Vec<Vec<f64>>,
    /// `caps[r]`: the largest dice count the optimiser first considers with `r` points of room.
    caps: Vec<u8>,
}

/// Why a Greed game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GreedError {
    /// The limit is outside `1..=100`.
    #[error("greed: limit {0} is outside 1..={DEFAULT_LIMIT}")]
    Limit(u32),
}

impl Greed {
    /// Greed played to `limit` (in `1..=100`; the course plays to 100).
    pub fn new(limit: u32) -> Result<Greed, GreedError> {
        Greed::with_caps(limit, |_| None)
    }

    /// Greed with the optimiser's first dice cap at `room` points left chosen by `cap(room)`;
    /// `None` keeps the default. For tests that raise the cap.
    pub fn with_caps(limit: u32, cap: impl Fn(usize) -> Option<u8>) -> Result<Greed, GreedError> {
        if !(1..=DEFAULT_LIMIT).contains(&limit) {
            return Err(GreedError::Limit(limit));
        }
        let rolls = TurnPoints::rolls(Die::ZERO_TO_FIVE, usize::from(MAX_DICE));
        let room = limit as usize + 1;
        let mut within = vec![vec![1.0; room]];
        let mut over = vec![vec![0.0; room]];
        for roll in &rolls {
            let p = roll.sum_probabilities();
            let mut at_most = Vec::with_capacity(room);
            let mut running = 0.0;
            for r in 0..room {
                running += p.get(r).copied().unwrap_or(0.0);
                at_most.push(running);
            }
            let mut above = vec![0.0; room];
            let mut running = 0.0;
            for s in (0..p.len()).rev() {
                if s < room {
                    above[s] = running;
                }
                running += p[s];
            }
            within.push(at_most);
            over.push(above);
        }
        let caps = (0..room)
            .map(|r| {
                let bound = |n: usize| within.get(n).map_or(0.0, |w| w[r]);
                cap(r).unwrap_or_else(|| {
                    (1..MAX_DICE)
                        .find(|&n| bound(usize::from(n) + 1) < CAP_BOUND)
                        .unwrap_or(MAX_DICE)
                })
            })
            .collect();
        Ok(Greed {
            limit,
            rolls,
            within,
            over,
            caps,
        })
    }

    /// The score limit.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Scores run `0..=limit`: this many values.
    pub fn scores(&self) -> usize {
        self.limit as usize + 1
    }

    /// The number of states: (own, opponent, passed).
    pub fn states(&self) -> usize {
        2 * self.scores() * self.scores()
    }

    /// The index of (own score, opponent score, opponent passed).
    #[inline]
    pub fn state(&self, own: usize, opponent: usize, passed: bool) -> usize {
        (own * self.scores() + opponent) * 2 + usize::from(passed)
    }

    /// The start of a game: 0 : 0, nobody has passed.
    pub fn start(&self) -> usize {
        self.state(0, 0, false)
    }

    /// The distribution of the total of `n` (in `1..=255`) dice.
    #[inline]
    pub fn roll(&self, n: u8) -> &TurnPoints {
        &self.rolls[usize::from(n) - 1]
    }

    /// P(the total of `n` dice is at most `room`): the most rolling `n` dice can be worth with
    /// `room` points left below the limit (`n = 0` gives 1).
    #[inline]
    pub fn within(&self, n: usize, room: usize) -> f64 {
        self.within.get(n).map_or(0.0, |w| w[room])
    }

    /// P(the total of `n` dice is more than `room`): the mover goes over the limit and loses.
    #[inline]
    pub fn over(&self, n: u8, room: usize) -> f64 {
        self.over[usize::from(n)][room]
    }

    /// The largest dice count the optimiser first considers with `room` points left: the
    /// smallest `N` for which P(the total of `N + 1` dice is at most `room`) is below 2^-30.
    /// Rolling `n` dice is worth at most P(total of `n` <= room), which falls as `n` grows, so
    /// no count above `N` can beat a state's best value once that value exceeds the bound for
    /// `N + 1`; the solver checks this at every state and raises the cap where it fails.
    pub fn cap(&self, room: usize) -> u8 {
        self.caps[room]
    }

    /// The schema of a Greed strategy table: dice counts indexed
    /// `[own score][opponent score][opponent passed]`.
    pub fn schema(&self) -> Schema {
        Schema {
            game: "Greed",
            rules: NAME.to_string(),
            goal: self.limit,
            goal_name: "limit",
            default_goal: DEFAULT_LIMIT,
            axes: vec![
                Axis {
                    name: "own score",
                    column: "own",
                    length: self.scores(),
                },
                Axis {
                    name: "opponent score",
                    column: "opponent",
                    length: self.scores(),
                },
                Axis {
                    name: "opponent passed",
                    column: "passed",
                    length: 2,
                },
            ],
            action: "dice",
            min_action: 0,
            max_action: MAX_DICE,
            outside: None,
            python: Some(MY_STRATEGY),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_numbered_densely() {
        let game = Greed::new(100).unwrap();
        assert_eq!(game.states(), 2 * 101 * 101);
        assert_eq!(game.state(100, 100, true), game.states() - 1);
        assert_eq!(game.state(0, 1, false), 2);
        assert_eq!(
            Greed::new(0).unwrap_err().to_string(),
            "greed: limit 0 is outside 1..=100"
        );
    }

    #[test]
    fn tails_are_counted_by_hand() {
        let game = Greed::new(100).unwrap();
        // One die: at most 2 with probability 3/6; two dice over 8: 9 (2 ways) or 10 (1).
        assert_eq!(game.within(1, 2), 0.5);
        assert_eq!(game.over(2, 8), 3.0 / 36.0);
        assert_eq!(game.within(0, 0), 1.0);
        for n in [1u8, 7, 30, 200] {
            for room in [0, 5, 50, 100] {
                let total = game.within(usize::from(n), room) + game.over(n, room);
                approx::assert_abs_diff_eq!(total, 1.0, epsilon = 1e-13);
            }
        }
    }

    #[test]
    fn caps_follow_the_bound() {
        let game = Greed::new(100).unwrap();
        for room in 0..=100 {
            let cap = usize::from(game.cap(room));
            assert!(game.within(cap + 1, room) < CAP_BOUND, "room {room}");
            assert!(
                cap == 1 || game.within(cap, room) >= CAP_BOUND,
                "room {room}"
            );
        }
        // With no room, n dice stay within it only when all show 0: 6^-12 < 2^-30 < 6^-11.
        assert_eq!(game.cap(0), 11);
        assert_eq!(game.cap(100), 74);
    }
}
