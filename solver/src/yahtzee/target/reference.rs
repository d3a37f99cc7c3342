//! A second solver of P(final score ≥ T), for the tests: a card of a few open boxes solved by
//! brute force in exact fractions, written apart from [`solve`](super::solve): it shares the
//! rules, and the throws and keeps of the expected score's brute force
//! ([`rolled`](crate::yahtzee::reference::rolled)), which only the last roll's values differ
//! from: with no rolls left, the best box's P from the card after with the points it gains
//! taken off the points still needed. Nothing of the fast solver's layout (keep numbers,
//! lanes, bounds, cards told apart) is used.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::yahtzee::reference::{Dice, counts, rolled, throws};
use crate::yahtzee::rules::{Settings, YAHTZEE, YAHTZEE_POINTS};

/// A state between turns: the open boxes, the upper total (capped at the threshold), whether
/// the Yahtzee box holds 50, the points still needed.
type State = (u16, u16, bool, i32);

/// The brute-force solver of one ruleset, its states' P remembered.
pub struct Reference {
    settings: Settings,
    values: HashMap<State, BigRational>,
    /// `throws[n]`: every ordered throw of n dice.
    throws: Vec<Vec<Vec<u8>>>,
}

impl Reference {
    /// A solver of `settings`.
    pub fn new(settings: Settings) -> Reference {
        Reference {
            settings,
            values: HashMap::new(),
            throws: (0..=5).map(throws).collect(),
        }
    }

    /// P(the points still to come ≥ `t`) under the play that maximises it, from the card with
    /// open boxes `open` (by bit), upper total `upper` and the Yahtzee box holding 50 or not.
    pub fn p(&mut self, open: u16, upper: u16, fifty: bool, t: i32) -> BigRational {
        if t <= 0 {
            return BigRational::one();
        }
        if open == 0 {
            return BigRational::zero();
        }
        let state = (open, upper, fifty, t);
        if let Some(v) = self.values.get(&state) {
            return v.clone();
        }
        let v = self.turn(state);
        self.values.insert(state, v.clone());
        v
    }

    /// Every state solved on the way, with its P (the states a game from those asked reaches,
    /// the target neither reached nor a card full).
    pub fn states(&self) -> impl Iterator<Item = (State, &BigRational)> {
        self.values.iter().map(|(state, p)| (*state, p))
    }

    /// P of the turn from `state`.
    fn turn(&mut self, (open, upper, fifty, t): State) -> BigRational {
        let settings = self.settings;
        let threshold = settings.upper_threshold;
        let filled = !open & settings.sheet.full();
        // With no rolls left: the best box for each sorted roll.
        let mut last: HashMap<Dice, BigRational> = HashMap::new();
        for throw in self.throws[5].clone() {
            let mut dice: Dice = throw.try_into().expect("five dice");
            dice.sort();
            if last.contains_key(&dice) {
                continue;
            }
            let roll = counts(&dice);
            let placed = settings.placements(&roll, filled);
            let mut best: Option<BigRational> = None;
            for b in (0..settings.boxes()).filter(|&b| placed.allowed & (1 << b) != 0) {
                let points = placed.points[b];
                let (next_upper, earned) = if b < 6 {
                    let to = (upper + points).min(threshold);
                    let earned = if upper < threshold && upper + points >= threshold {
                        settings.upper_bonus
                    } else {
                        0
                    };
                    (to, earned)
                } else {
                    (upper, 0)
                };
                let holds_fifty = settings.yahtzee_bonus > 0
                    && (fifty || (b == YAHTZEE && points == YAHTZEE_POINTS));
                let gained = points + earned + settings.bonus(&roll, fifty);
                let v = self.p(
                    open & !(1 << b),
                    next_upper,
                    holds_fifty,
                    t - i32::from(gained),
                );
                if best.as_ref().is_none_or(|best| v > *best) {
                    best = Some(v);
                }
            }
            last.insert(dice, best.expect("an open box"));
        }
        rolled(&self.throws, last)
    }
}
