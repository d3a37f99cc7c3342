//! The guard: in which order a compiled ruleset's states can be solved, decided from the very
//! tables the solver reads.
//!
//! The sweep visits states by the *total* of the two scores, from the highest down. A turn
//! leads from a state of total `t` to the entry "the mover reached `x` against `o`" (`x` is the
//! mover's score plus the turn's points and bonus) and, through the after-turn table, to a state
//! of total `t'` (or to the end of the game). Three cases follow, each checked over every entry
//! a turn can lead to, never assumed from a rule's name:
//!
//! - **Rising**: every outcome of every choice gains at least one point and no after-turn entry
//!   lowers the total, so `t' > t`: one backward sweep is exact.
//! - **Repeating** totals: some choice can gain nothing (Free Bacon worth 0, a Pig Out worth 0,
//!   a rule that turns points into 0) and the after-turn rules keep the total (the scores as
//!   they were, or swapped): play stays on total `t`, so the states of `t` can lead to each
//!   other. Each such total is solved to its fixpoint before lower totals read it.
//! - **Merged** totals: an after-turn entry lowers the total (a rule that takes points away),
//!   so play can go back to a lower total. Every total from the lowest such entry leads to up
//!   to the entry's own is one layer, iterated to its fixpoint as a whole.
//!
//! [`Order`] lists the layers from the highest total down, with the first example of each kind
//! found, for `swine rules check` and for errors.

use std::fmt;

use super::Ruleset;

/// How the states of one layer of totals are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Every turn leaves the total: the states are solved once, from final values.
    Once,
    /// Turns that gain nothing keep the total: the total's states are solved together to their
    /// fixpoint (policy iteration on the graph of its repeating states).
    Repeating,
    /// Play can return to a lower total: the layer's totals are iterated together to their
    /// fixpoint.
    Merged,
}

/// A range of totals solved together, `low..=high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The lowest total.
    pub low: usize,
    /// The highest total.
    pub high: usize,
    /// How its states are solved.
    pub pass: Pass,
}

/// A turn that gains nothing and keeps the total: the first found, by scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Repeat {
    /// The mover's score.
    pub own: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The dice chosen (0: Free Bacon).
    pub dice: u8,
    /// The probability that the turn gains nothing.
    pub probability: f64,
}

/// An after-turn entry that lowers the total: the first found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lowering {
    /// The mover's score once the turn's points are added.
    pub reached: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The scores after the after-turn rules (mover's, opponent's).
    pub after: (u32, u32),
}

/// The order of a ruleset's solve: its layers, highest total first, and why.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Order {
    layers: Vec<Layer>,
    repeat: Option<Repeat>,
    lowering: Option<Lowering>,
}

impl Order {
    /// Reads the order off `rules`' compiled tables (see the module docs).
    pub(crate) fn of(rules: &Ruleset) -> Order {
        let space = rules.space();
        let goal = rules.goal();
        let won = space.won_cell();
        let total_of = |cell: usize| {
            let (own, opponent) = space.scores(cell);
            (own + opponent) as usize
        };
        let totals = rules.totals();

        // Totals whose states can lead to each other by a turn that gains nothing.
        let mut repeating = vec![false; space.diagonals()];
        let mut repeat = None;
        let gains_nothing = rules.choices_that_can_gain_nothing();
        if gains_nothing
            .iter()
            .any(|remembered| !remembered.is_empty())
        {
            for own in 0..goal {
                for opponent in 0..goal {
                    for (n, remembered) in gains_nothing.iter().enumerate() {
                        let n = n as u8;
                        if remembered.is_empty() {
                            continue;
                        }
                        let probability = rules.probability_of_nothing(own, opponent, n);
                        if probability == 0.0 {
                            continue;
                        }
                        let total = (own + opponent) as usize;
                        let stays = remembered.iter().any(|&r| {
                            let next = rules.nexts(opponent, r)[own as usize];
                            next.cell() != won && total_of(next.cell()) == total
                        });
                        if stays {
                            repeating[total] = true;
                            repeat.get_or_insert(Repeat {
                                own,
                                opponent,
                                dice: n,
                                probability,
                            });
                        }
                    }
                }
            }
        }

        // Ranges of totals that an after-turn entry lowering the total ties together.
        let mut merged: Vec<(usize, usize)> = Vec::new();
        let mut lowering = None;
        for remembered in rules.after_planes() {
            for opponent in 0..goal {
                let nexts = rules.nexts(opponent, remembered);
                for (reached, next) in nexts.iter().enumerate() {
                    if next.cell() == won {
                        continue;
                    }
                    let (entry, after) = (reached + opponent as usize, total_of(next.cell()));
                    if after < entry {
                        merged.push((after, entry));
                        lowering.get_or_insert_with(|| {
                            let turn = rules.after_turn(reached as u32, opponent, remembered);
                            Lowering {
                                reached: reached as u32,
                                opponent,
                                after: (turn.mover, turn.opponent),
                            }
                        });
                    }
                }
            }
        }
        merged.sort_unstable();
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (low, high) in merged {
            match ranges.last_mut() {
                Some(last) if low <= last.1 => last.1 = last.1.max(high),
                _ => ranges.push((low, high)),
            }
        }

        let mut layers = Vec::new();
        let mut total = totals;
        while total > 0 {
            total -= 1;
            if let Some(&(low, high)) = ranges.iter().find(|(_, high)| *high == total) {
                layers.push(Layer {
                    low,
                    high,
                    pass: Pass::Merged,
                });
                total = low;
            } else {
                let pass = if repeating.get(total).copied().unwrap_or(false) {
                    Pass::Repeating
                } else {
                    Pass::Once
                };
                layers.push(Layer {
                    low: total,
                    high: total,
                    pass,
                });
            }
        }
        Order {
            layers,
            repeat,
            lowering,
        }
    }

    /// The layers, highest total first; together they cover every total once.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// Whether every turn raises the total, so one backward sweep is exact.
    pub fn is_rising(&self) -> bool {
        self.repeat.is_none() && self.lowering.is_none()
    }

    /// The first turn found that gains nothing and keeps the total, if any.
    pub fn repeat(&self) -> Option<Repeat> {
        self.repeat
    }

    /// The first after-turn entry found that lowers the total, if any.
    pub fn lowering(&self) -> Option<Lowering> {
        self.lowering
    }

    /// How many totals are solved to a fixpoint: those of repeating and of merged layers.
    pub fn iterated_totals(&self) -> usize {
        self.layers
            .iter()
            .filter(|layer| layer.pass != Pass::Once)
            .map(|layer| layer.high - layer.low + 1)
            .sum()
    }
}

impl fmt::Display for Order {
    /// The solver the order gives, and why, in one paragraph.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_rising() {
            return write!(
                f,
                "every turn raises the total score, so one backward sweep solves it exactly"
            );
        }
        if let Some(lowering) = self.lowering {
            let merged = self
                .layers
                .iter()
                .filter(|l| l.pass == Pass::Merged)
                .count();
            write!(
                f,
                "a rule can lower the total score (after a turn reaching {} against {}, the \
                 scores become {} and {}), so play can return to lower totals: {} range(s) of \
                 totals are iterated together to their fixpoint",
                lowering.reached, lowering.opponent, lowering.after.0, lowering.after.1, merged
            )?;
            if self.repeat.is_some() {
                write!(f, "; ")?;
            }
        }
        if let Some(repeat) = self.repeat {
            let choice = match repeat.dice {
                1 => "rolling 1 die".to_string(),
                n => format!("rolling {n} dice"),
            };
            let how = if repeat.probability >= 1.0 {
                "for sure".to_string()
            } else {
                format!(
                    "with probability {}",
                    crate::format::probability(repeat.probability)
                )
            };
            let repeating = self
                .layers
                .iter()
                .filter(|l| l.pass == Pass::Repeating)
                .count();
            write!(
                f,
                "positions can repeat: {choice} at {} : {} gains nothing {how} and leaves the \
                 total as it was; the {repeating} total(s) where that can happen are each solved \
                 to their fixpoint (policy iteration with an exact solve of each policy), the \
                 others in one sweep",
                repeat.own, repeat.opponent,
            )?;
        }
        Ok(())
    }
}
