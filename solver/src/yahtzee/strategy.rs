//! Who fills a card: the optimum, or the rule of thumb.
//!
//! The **rule of thumb** ("chase the commonest face"): with rolls left, keep every die showing
//! the face the dice show most (the higher face where two are as common) and roll the rest;
//! after the last roll, fill the open box (as the joker rules allow) that scores the most
//! points now, the upper bonus it completes and the Yahtzee bonus counted (the first in card
//! order where boxes tie). It looks at nothing but the dice and which boxes are open.

use super::keeps::Keeps;
use super::rules::Placements;
use super::solve::{Choosing, Solution};
use super::turn::{Card, Decides, End, Placed, boxes_of, last_rolls, placed_ends};

/// A player of the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Maximises the expected final score (the solve's choices).
    Optimal,
    /// The rule of thumb (see the module's documentation).
    Thumb,
}

/// The rule of thumb's keep of each roll, by roll number: every die of the commonest face
/// (the higher where two are as common).
pub fn thumb_keeps(keeps: &Keeps) -> Vec<usize> {
    (keeps.first_roll()..keeps.len())
        .map(|k| {
            let roll = keeps.counts(k);
            let face = (0..6)
                .rev()
                .max_by_key(|&f| (roll[f], f))
                .expect("six faces");
            let mut kept = [0u8; 6];
            kept[face] = roll[face];
            keeps.number(&kept).expect("a keep")
        })
        .collect()
}

/// The rule of thumb at one card.
pub struct Thumb<'a> {
    /// The solution whose tables (rolls, scores, rules) it plays by; it reads no values.
    pub solution: &'a Solution,
    /// The card.
    pub card: Card,
    /// [`thumb_keeps`] of the solution's keeps.
    pub keeps: &'a [usize],
}

impl Decides for Thumb<'_> {
    fn keep(&self, r: usize, _rolls_left: usize) -> usize {
        self.keeps[r]
    }

    fn place(&self, r: usize) -> Placed {
        let solution = self.solution;
        let placed = solution
            .settings()
            .place(&solution.scores()[r], self.card.filled);
        let b = self.best_box(r, &placed);
        solution.placed(self.card, r, b, placed.points[b])
    }
}

impl Thumb<'_> {
    /// The box it fills with roll number `r`, which may be placed as `placed` on its card.
    fn best_box(&self, r: usize, placed: &Placements) -> usize {
        let solution = self.solution;
        let roll = solution.keeps().counts(solution.keeps().first_roll() + r);
        first_most(placed, |b| {
            self.card
                .place(solution.settings(), roll, b, placed.points[b])
                .0
        })
    }

    /// Whether the points of some roll in an open upper box complete the upper bonus on its
    /// card: else its box is the first of the most points, the same on every such card.
    fn may_complete(&self) -> bool {
        let settings = self.solution.settings();
        let (upper, threshold) = (self.card.upper, settings.upper_threshold);
        let most = (0..6)
            .filter(|&b| self.card.filled & (1 << b) == 0)
            .map(|b| 5 * (b as u16 + 1))
            .max();
        settings.upper_bonus > 0
            && upper < threshold
            && most.is_some_and(|most| upper + most >= threshold)
    }
}

/// The first of the boxes `placed` allows that gain the most by `gained` (`max_by_key` would
/// take the last).
fn first_most(placed: &Placements, gained: impl Fn(usize) -> u16) -> usize {
    boxes_of(placed.allowed)
        .map(|b| (gained(b), b))
        .reduce(|best, next| if next.0 > best.0 { next } else { best })
        .expect("a card not full has an open box")
        .1
}

impl Player {
    /// Its name as a strategy: `optimal`, `thumb`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Optimal => "optimal",
            Player::Thumb => "thumb",
        }
    }

    /// Where the turns from `cards` (not full, all with the same filled boxes and Yahtzee box,
    /// by rising upper total) end under this player: for each, every [`End`]. The optimum
    /// values the turns in `choosing`'s room; the rule of thumb keeps as `thumb` says.
    pub fn ends(
        self,
        (solution, choosing): (&Solution, &mut Choosing),
        cards: &[Card],
        thumb: &[usize],
    ) -> Vec<Vec<End>> {
        let keeps = solution.keeps();
        match self {
            Player::Optimal => {
                let uppers = cards.iter().map(|card| card.upper).collect();
                let group = (cards[0].filled, cards[0].fifty);
                solution.turns_choosing(choosing, group, uppers).ends(cards)
            }
            Player::Thumb => {
                // Its keeps, and so its last rolls, are the same on every card; where a roll
                // may go, on every card of these filled boxes.
                let thumbs = cards.iter().map(|&card| Thumb {
                    solution,
                    card,
                    keeps: thumb,
                });
                let last = last_rolls(keeps, &thumbs.clone().next().expect("a card"));
                let placements: Vec<Placements> = solution
                    .scores()
                    .iter()
                    .map(|scores| solution.settings().place(scores, cards[0].filled))
                    .collect();
                let by_points: Vec<usize> = placements
                    .iter()
                    .map(|placed| first_most(placed, |b| placed.points[b]))
                    .collect();
                thumbs
                    .map(|thumb| {
                        let completing = thumb.may_complete();
                        placed_ends((solution.settings(), thumb.card), keeps, &last, |r| {
                            let b = if completing {
                                thumb.best_box(r, &placements[r])
                            } else {
                                by_points[r]
                            };
                            (b, placements[r].points[b])
                        })
                    })
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::yahtzee::rules::{Settings, YAHTZEE};

    /// Where no roll can complete the upper bonus, the rule of thumb's distribution takes its
    /// box by points alone: on cards of random filled boxes at every upper total, that is its
    /// full choice (every box's points, upper bonus and Yahtzee bonus) for every roll, at
    /// thresholds where five of a face just reach the bonus or fall one short.
    #[test]
    fn the_thumbs_box_is_by_points_wherever_no_roll_completes_the_bonus() {
        let mut rng = ChaCha8Rng::seed_from_u64(46);
        for (joker, threshold) in [("forced", "5"), ("forced", "30"), ("verhoeff", "63")] {
            let settings = Settings::default()
                .set("joker", joker)
                .unwrap()
                .set("upper_threshold", threshold)
                .unwrap();
            let solution = &Solution::unvalued(&settings);
            let keeps = thumb_keeps(solution.keeps());
            let mut cards = [0; 2];
            for _ in 0..200 {
                let filled = rng.random_range(0..settings.sheet.full());
                let fifty = filled & (1 << YAHTZEE) != 0 && rng.random_bool(0.5);
                for upper in 0..=settings.upper_threshold {
                    let card = Card {
                        filled,
                        upper,
                        fifty,
                    };
                    let thumb = Thumb {
                        solution,
                        card,
                        keeps: &keeps,
                    };
                    let by_points = !thumb.may_complete();
                    cards[usize::from(by_points)] += 1;
                    if !by_points {
                        continue;
                    }
                    for r in 0..solution.keeps().rolls() {
                        let placed = settings.place(&solution.scores()[r], filled);
                        let points = first_most(&placed, |b| placed.points[b]);
                        assert_eq!(thumb.best_box(r, &placed), points, "{card:?}, roll {r}");
                    }
                }
            }
            assert!(
                cards[0] > 100 && cards[1] > 100,
                "{joker} {threshold}: {cards:?}"
            );
        }
    }
}
