//! The optimal strategy for the expected final score: the value of every card between turns,
//! from the full card back to the empty one.
//!
//! A card between turns is the filled boxes (13 bits), the upper total so far (capped at the
//! threshold: past it only the bonus earned matters) and whether the Yahtzee box holds 50 (for
//! the Yahtzee bonus; tracked only where there is a bonus and the box is filled). Its value
//! V is the expected score still to come under optimal play. A turn from a card ([`Solver`]'s
//! widget) values each five-dice roll with no rolls left (the best open box: its points, the
//! upper bonus if they complete it, the Yahtzee bonus, and V of the card after), then twice
//! values keeping each keep and rolling the rest ([`Keeps::expect`]) and takes each roll's
//! best keep ([`Keeps::best_below`]), and averages the first roll.
//!
//! The upper totals of one set of filled boxes are solved side by side (lanes): their rolls,
//! keeps and boxes are the same, only the bonus and the card after differ. A set of filled
//! boxes reaches upper totals up to five of each filled upper face; only those are solved.
//! Cards with the same number of filled boxes depend only on cards with one more, so each
//! such layer is solved in parallel.

use rayon::prelude::*;

use super::keeps::Keeps;
use super::rules::{BOXES, Counts, Placements, RollScores, Settings, YAHTZEE, YAHTZEE_POINTS};

/// Every card's value under optimal play.
#[derive(Clone, Debug)]
pub struct Solution {
    settings: Settings,
    /// Upper totals per (filled, fifty): threshold + 1.
    ups: usize,
    /// V by `(filled · 2 + fifty) · ups + upper total` (0 where unreachable).
    values: Vec<f64>,
}

impl Solution {
    /// The rules solved.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The expected score still to come under optimal play from the card with boxes `filled`
    /// (by bit), upper total `upper` (points; capped at the threshold) and the Yahtzee box
    /// holding 50 or not (`fifty`; it matters only where there is a Yahtzee bonus).
    pub fn value(&self, filled: u16, upper: u16, fifty: bool) -> f64 {
        let fifty = fifty && self.settings.yahtzee_bonus > 0;
        let upper = usize::from(upper).min(self.ups - 1);
        self.values[(usize::from(filled) * 2 + usize::from(fifty)) * self.ups + upper]
    }

    /// The expected final score of optimal play from the empty card.
    pub fn expected_score(&self) -> f64 {
        self.value(0, 0, false)
    }
}

/// The highest upper total (capped at `threshold`) the filled upper boxes of `filled` can hold.
fn reach(filled: u16, threshold: usize) -> usize {
    let most: usize = (0..6)
        .filter(|&face| filled & (1 << face) != 0)
        .map(|face| 5 * (face + 1))
        .sum();
    most.min(threshold)
}

/// The turn's widget over the lanes of one card set, with its scratch.
struct Solver<'a> {
    settings: &'a Settings,
    keeps: &'a Keeps,
    /// Each roll's scores, by roll number.
    scores: &'a [RollScores],
    /// Each roll's placements on this card set.
    placements: Vec<Placements>,
    /// Values by keep, `lanes` each.
    scratch: Vec<f64>,
}

impl<'a> Solver<'a> {
    fn new(settings: &'a Settings, keeps: &'a Keeps, scores: &'a [RollScores]) -> Solver<'a> {
        Solver {
            settings,
            keeps,
            scores,
            placements: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// V of the cards with boxes `filled` and the Yahtzee box holding 50 or not (`fifty`), for
    /// upper totals `0..lanes`, from the values of the cards with one box more (`values`,
    /// indexed as [`Solution::values`]).
    fn turn(
        &mut self,
        filled: u16,
        fifty: bool,
        lanes: usize,
        values: &[f64],
        ups: usize,
    ) -> Vec<f64> {
        let settings = self.settings;
        let keeps = self.keeps;
        let threshold = ups - 1;
        let bonus_on = settings.yahtzee_bonus > 0;
        let first = keeps.first_roll();
        self.placements.clear();
        self.placements.extend(
            self.scores
                .iter()
                .map(|scores| settings.place(scores, filled)),
        );
        let scratch = &mut self.scratch;
        scratch.clear();
        scratch.resize(keeps.len() * lanes, 0.0);
        let card = |filled: u16, fifty: bool| {
            let at = (usize::from(filled) * 2 + usize::from(fifty)) * ups;
            &values[at..at + ups]
        };
        for (r, placed) in self.placements.iter().enumerate() {
            let roll: &Counts = keeps.counts(first + r);
            let extra = f64::from(settings.bonus(roll, fifty));
            let out = &mut scratch[(first + r) * lanes..][..lanes];
            out.fill(f64::NEG_INFINITY);
            for b in (0..BOXES).filter(|&b| placed.allowed & (1 << b) != 0) {
                let points = placed.points[b];
                let next = filled | 1 << b;
                if b < 6 {
                    // Below `short` the upper total stays under the threshold; from there to
                    // the threshold the points complete it and earn the bonus; at it, it was
                    // earned before.
                    let after = card(next, fifty);
                    let p = usize::from(points);
                    let short = threshold.saturating_sub(p).min(lanes);
                    let gained = f64::from(points);
                    for (o, v) in out[..short].iter_mut().zip(&after[p.min(threshold)..]) {
                        *o = o.max(gained + v);
                    }
                    let completing = gained + f64::from(settings.upper_bonus) + after[threshold];
                    let end = lanes.min(threshold);
                    for o in &mut out[short..end] {
                        *o = o.max(completing);
                    }
                    if lanes > threshold {
                        out[threshold] = out[threshold].max(gained + after[threshold]);
                    }
                } else {
                    let holds_fifty = fifty || (b == YAHTZEE && points == YAHTZEE_POINTS);
                    let after = card(next, holds_fifty && bonus_on);
                    for (o, v) in out.iter_mut().zip(&after[..lanes]) {
                        *o = o.max(f64::from(points) + v);
                    }
                }
            }
            for o in out.iter_mut() {
                *o += extra;
            }
        }
        for _ in 0..2 {
            keeps.expect(scratch, lanes);
            keeps.best_below(scratch, lanes);
        }
        let mut start = vec![0.0; lanes];
        for r in 0..keeps.rolls() {
            let p = keeps.probability(r);
            for (s, v) in start
                .iter_mut()
                .zip(&scratch[(first + r) * lanes..][..lanes])
            {
                *s += p * v;
            }
        }
        start
    }
}

/// Solves `settings` for the expected final score.
pub fn solve(settings: &Settings) -> Solution {
    let keeps = Keeps::new();
    let scores: Vec<RollScores> = (keeps.first_roll()..keeps.len())
        .map(|k| RollScores::of(keeps.counts(k)))
        .collect();
    let ups = usize::from(settings.upper_threshold) + 1;
    let threshold = ups - 1;
    let cards = 1usize << BOXES;
    let mut values = vec![0.0; cards * 2 * ups];
    let bonus_on = settings.yahtzee_bonus > 0;
    for count in (0..BOXES).rev() {
        let layer: Vec<u16> = (0..cards as u16)
            .filter(|f| f.count_ones() as usize == count)
            .collect();
        let solved: Vec<(usize, Vec<f64>)> = layer
            .par_iter()
            .flat_map_iter(|&filled| {
                let fifties: &[bool] = if bonus_on && filled & (1 << YAHTZEE) != 0 {
                    &[false, true]
                } else {
                    &[false]
                };
                fifties.iter().map(move |&fifty| (filled, fifty))
            })
            .map_init(
                || Solver::new(settings, &keeps, &scores),
                |solver, (filled, fifty)| {
                    let lanes = reach(filled, threshold) + 1;
                    let at = (usize::from(filled) * 2 + usize::from(fifty)) * ups;
                    (at, solver.turn(filled, fifty, lanes, &values, ups))
                },
            )
            .collect();
        for (at, card) in solved {
            values[at..at + card.len()].copy_from_slice(&card);
        }
    }
    Solution {
        settings: *settings,
        ups,
        values,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::reference::Reference;
    use crate::yahtzee::rules::{FULL_HOUSE, LARGE_STRAIGHT};
    use num_traits::ToPrimitive;

    /// Cards of three open boxes solved by brute force in exact fractions: Sixes, Full House
    /// and Yahtzee under the forced joker (a Yahtzee after the first must go to Sixes while
    /// it is open), and Sixes, Full House and Large Straight with the Yahtzee box holding 50
    /// under Verhoeff's joker (the bonus on every Yahtzee; Full House and Large Straight as
    /// jokers only once Sixes is filled). The threshold lowered to 18 so that Sixes can earn
    /// the upper bonus.
    #[test]
    fn three_open_boxes_agree_with_brute_force_in_fractions() {
        let all = (1u16 << BOXES) - 1;
        for (joker, open, fifty) in [
            ("forced", 1 << 5 | 1 << FULL_HOUSE | 1 << YAHTZEE, false),
            (
                "verhoeff",
                1 << 5 | 1 << FULL_HOUSE | 1 << LARGE_STRAIGHT,
                true,
            ),
        ] {
            let settings = Settings::default()
                .set("joker", joker)
                .unwrap()
                .set("upper_threshold", "18")
                .unwrap();
            let fast = solve(&settings).value(all & !open, 0, fifty);
            let exact = Reference::new(settings).value(open, 0, fifty);
            let exact = exact.to_f64().unwrap();
            assert!(
                (fast - exact).abs() <= 1e-12 * exact,
                "{joker}: {fast} vs {exact}"
            );
        }
    }

    /// Verhoeff's published optimum, 254.5896 (his rules: a joker anywhere, the lower boxes as
    /// jokers once the matching upper box is filled), and 245.87 without the Yahtzee bonus
    /// and jokers: both to their printed digits.
    #[test]
    fn the_published_optima() {
        let verhoeff = Settings::default().set("joker", "verhoeff").unwrap();
        let score = solve(&verhoeff).expected_score();
        assert_eq!(format!("{score:.4}"), "254.5896", "{score}");
        let plain = Settings::default()
            .set("joker", "none")
            .unwrap()
            .set("yahtzee_bonus", "0")
            .unwrap();
        let score = solve(&plain).expected_score();
        assert_eq!(format!("{score:.2}"), "245.87", "{score}");
    }
}
