//! A second solver of the Yahtzee family, for the tests: a card of a few open boxes solved by brute force in
//! exact fractions, written apart from [`solve`](super::solve) (it shares only the rules).
//!
//! Every roll is each of the 6ⁿ ordered throws of the dice rolled, each 1/6ⁿ; a keep is any
//! subset of the five dice's positions; a keep's value is the mean over the ordered throws
//! of the rest; a roll's value with rolls left is the best of its 32 subsets. Nothing of the
//! fast solver's layout (its numbering of keeps, its one-die-at-a-time recursions, its lanes
//! of upper totals) is used.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;

use super::rules::{Counts, Settings, YAHTZEE_POINTS};

/// Five dice, sorted, faces 1..=6.
pub type Dice = [u8; 5];

/// The counts per face of `dice`.
pub fn counts(dice: &[u8]) -> Counts {
    let mut counts = [0; 6];
    for &d in dice {
        counts[usize::from(d) - 1] += 1;
    }
    counts
}

/// Every ordered throw of `n` dice.
pub fn throws(n: usize) -> Vec<Vec<u8>> {
    (0..n).fold(vec![Vec::new()], |throws, _| {
        throws
            .into_iter()
            .flat_map(|t| {
                (1..=6).map(move |face| {
                    let mut next = t.clone();
                    next.push(face);
                    next
                })
            })
            .collect()
    })
}

/// A card between turns: the open boxes, the upper total (capped at the threshold), whether
/// the Yahtzee box holds 50.
type Card = (u16, u16, bool);

/// The brute-force solver of one ruleset, its cards' values remembered.
pub struct Reference {
    settings: Settings,
    values: HashMap<Card, BigRational>,
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

    /// The expected score still to come under optimal play from the card with open boxes
    /// `open` (by bit), upper total `upper` and the Yahtzee box holding 50 or not.
    pub fn value(&mut self, open: u16, upper: u16, fifty: bool) -> BigRational {
        if open == 0 {
            return BigRational::zero();
        }
        let card = (open, upper, fifty);
        if let Some(v) = self.values.get(&card) {
            return v.clone();
        }
        let v = self.turn(card);
        self.values.insert(card, v.clone());
        v
    }

    /// The value of the turn from `card`.
    fn turn(&mut self, (open, upper, fifty): Card) -> BigRational {
        let settings = self.settings;
        let threshold = settings.upper_threshold;
        let filled = !open & settings.sheet.full();
        let number = |n: u16| BigRational::from_integer(BigInt::from(n));
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
                    && (fifty || (b == settings.sheet.five_alike && points == YAHTZEE_POINTS));
                let v =
                    number(points + earned) + self.value(open & !(1 << b), next_upper, holds_fifty);
                if best.as_ref().is_none_or(|best| v > *best) {
                    best = Some(v);
                }
            }
            let v = best.expect("an open box") + number(settings.bonus(&roll, fifty));
            last.insert(dice, v);
        }
        rolled(&self.throws, last)
    }
}

/// The value of a turn whose last roll's dice are worth `last` (each sorted roll of five): the
/// mean over the first throw of the best of keeping any subset and throwing the rest, twice
/// (`throws[n]` every ordered throw of n dice).
pub fn rolled(throws: &[Vec<Vec<u8>>], mut last: HashMap<Dice, BigRational>) -> BigRational {
    // Twice: keep a subset of the dice and throw the rest.
    for _ in 0..2 {
        let mut kept: HashMap<Vec<u8>, BigRational> = HashMap::new();
        let mut next: HashMap<Dice, BigRational> = HashMap::new();
        for &dice in last.keys() {
            let mut best: Option<BigRational> = None;
            for subset in 0..32u8 {
                let keep: Vec<u8> = (0..5)
                    .filter(|&i| subset & (1 << i) != 0)
                    .map(|i| dice[i])
                    .collect();
                if !kept.contains_key(&keep) {
                    let rest = &throws[5 - keep.len()];
                    let mut total = BigRational::zero();
                    for throw in rest {
                        let mut all: Dice = [keep.as_slice(), throw.as_slice()]
                            .concat()
                            .try_into()
                            .expect("five dice");
                        all.sort();
                        total += &last[&all];
                    }
                    let n = BigInt::from(rest.len());
                    kept.insert(keep.clone(), total / BigRational::from_integer(n));
                }
                let v = &kept[&keep];
                if best.as_ref().is_none_or(|best| v > best) {
                    best = Some(v.clone());
                }
            }
            next.insert(dice, best.expect("a subset"));
        }
        last = next;
    }
    let mut total = BigRational::zero();
    for throw in &throws[5] {
        let mut dice: Dice = throw.as_slice().try_into().expect("five dice");
        dice.sort();
        total += &last[&dice];
    }
    total / BigRational::from_integer(BigInt::from(7776))
}
