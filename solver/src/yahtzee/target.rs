//! Play for a target: the strategy `target:T` maximises P(final score ≥ T), exactly, from any
//! position.
//!
//! The state between turns is the card (as the expected-score solve has it) and the points
//! still needed, t = T − points so far. P(card, t) is 1 once t ≤ 0 and 0 once t exceeds the
//! most the open boxes can still gain ([`Bounds::still`]); between, a turn's widget gives it
//! (roll, keep, roll, keep, roll, place) with a vector over t where the expected-score widget
//! has a number: placing a box that gains g points reads the card after at t − g, and the
//! keeps' two recursions ([`Keeps::expect`], [`Keeps::best_below`]) run over the t values of
//! one card side by side (lanes). Only the t values a game can reach are kept: no more than T
//! less the most the filled boxes can have scored ([`Bounds::so_far`]). Cards with n filled
//! boxes read only cards with n + 1, so each layer is solved in parallel.
//!
//! Where the target is reached (t ≤ 0) or out of reach (t above the bound), every play is
//! worth the same P, and the player plays the optimum's (the highest expected score); between,
//! it takes the first of the most valuable keep (fewest dice) and box (card order), as the
//! optimum does. Its final score's distribution is pushed forward from the empty card
//! ([`Target::distribution`]), the points so far part of the state.

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;

use super::distribution::Distribution;
use super::keeps::{Keeps, keep_words, larger};
use super::rules::{Counts, MOST_BOXES, Placements, RollScores, Settings, YAHTZEE_POINTS};
use super::solve::{Choosing, Solution, groups, valued_uppers};
use super::strategy::Player;
use super::turn::{Card, Decides, End, Placed, happenings, placed_ends};
use crate::game::{Footprint, Run, Stopped};
use crate::report::ChoiceValue;

/// Bounds on the points a card has scored and can still score.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    settings: Settings,
    /// The most points each box can hold (over every roll, plainly or as a joker).
    most: [u16; MOST_BOXES],
}

impl Bounds {
    /// The bounds of `settings`.
    pub fn of(settings: &Settings) -> Bounds {
        let keeps = Keeps::new();
        let mut most = [0; MOST_BOXES];
        for k in keeps.first_roll()..keeps.len() {
            let scores = RollScores::of(settings.sheet, keeps.counts(k));
            for (b, most) in most.iter_mut().enumerate() {
                *most = (*most).max(scores.plain[b]).max(scores.joker[b]);
            }
        }
        Bounds {
            settings: *settings,
            most,
        }
    }

    /// The most the boxes `boxes` (by bit) can hold together.
    fn most_of(&self, boxes: u16) -> i32 {
        (0..self.settings.boxes())
            .filter(|b| boxes & (1 << b) != 0)
            .map(|b| i32::from(self.most[b]))
            .sum()
    }

    /// The most points `card` can have scored: its upper total (or, at the threshold, the most
    /// its upper boxes hold and the bonus), the most its lower boxes hold, and a Yahtzee bonus
    /// for every other box filled where the Yahtzee box holds 50.
    pub fn so_far(&self, card: Card) -> i32 {
        let settings = &self.settings;
        let threshold = settings.upper_threshold;
        let upper = if card.upper < threshold {
            i32::from(card.upper)
        } else {
            let bonus = if threshold > 0 {
                settings.upper_bonus
            } else {
                0
            };
            self.most_of(card.filled & 0b11_1111) + i32::from(bonus)
        };
        let filled = card.filled.count_ones() as i32;
        let bonuses = if card.fifty {
            i32::from(settings.yahtzee_bonus) * (filled - 1)
        } else {
            0
        };
        upper + self.most_of(card.filled & !0b11_1111) + bonuses
    }

    /// The most points `card` can still gain: its open boxes at their most, the upper bonus if
    /// they can still complete it, and a Yahtzee bonus for every turn left that can earn one
    /// (every one once the Yahtzee box holds 50; all but one while it is open).
    pub fn still(&self, card: Card) -> i32 {
        let settings = &self.settings;
        let open = !card.filled & settings.sheet.full();
        let upper_open = self.most_of(open & 0b11_1111);
        let threshold = settings.upper_threshold;
        let bonus =
            card.upper < threshold && i32::from(card.upper) + upper_open >= i32::from(threshold);
        let turns = open.count_ones() as i32;
        let yahtzees = if card.fifty {
            turns
        } else if open & (1 << settings.sheet.five_alike) != 0 {
            turns - 1
        } else {
            0
        };
        self.most_of(open)
            + i32::from(settings.upper_bonus) * i32::from(bonus)
            + i32::from(settings.yahtzee_bonus) * yahtzees
    }

    /// The points still needed that a player aims at from `card` for a target `target`: from
    /// 1, or the least any game reaching it can still need, to the most it can still gain (or
    /// the target); empty where there are none.
    pub fn aimed(&self, card: Card, target: u16) -> (i32, i32) {
        let target = i32::from(target);
        let low = (target - self.so_far(card)).max(1);
        (low, self.still(card).min(target))
    }
}

/// Where the values of one card's lanes are: from index `at`, t from `low` to `high`.
#[derive(Clone, Copy, Debug)]
struct Slot {
    at: usize,
    low: i32,
    high: i32,
}

impl Slot {
    /// How many t values it holds.
    fn len(&self) -> usize {
        (self.high - self.low + 1).max(0) as usize
    }
}

/// P(final score ≥ T) under the target's play, for every card and points still needed a game
/// can reach.
pub struct Target {
    solution: Arc<Solution>,
    target: u16,
    bounds: Bounds,
    /// Upper totals per (filled, fifty): threshold + 1.
    ups: usize,
    /// By `(filled · 2 + fifty) · ups + upper total` (of the card as it is told apart).
    slots: Vec<Slot>,
    values: Vec<f64>,
}

/// The turn's choices from one card for the points still needed `first`, `first + 1`, … (one
/// lane each).
#[derive(Clone, Debug, Default)]
pub struct Choices {
    /// Whether the keeps' values are kept (advice shows them).
    valued: bool,
    /// The least points still needed valued, and how many.
    first: i32,
    lanes: usize,
    /// By keep number and lane: P keeping that keep with one roll left (`[0]`) and two (`[1]`).
    values: [Vec<f64>; 2],
    /// By keep number and lane: the best keep within it, one roll left (`[0]`) and two (`[1]`).
    keeps: [Vec<u16>; 2],
    /// By roll number and lane: the box it fills with no rolls left.
    boxes: Vec<u8>,
    /// By roll number: where it may be placed.
    placements: Vec<Placements>,
}

impl Choices {
    /// The target's play at `card` by these choices of its turn ([`Target::plan`]'s), on the
    /// tables of `solution`.
    pub fn aiming<'a>(&'a self, solution: &'a Solution, card: Card) -> Aiming<'a> {
        Aiming {
            solution,
            card,
            choices: self,
            lane: 0,
        }
    }
}

/// The target's play at one card and points still needed, from a turn's [`Choices`].
pub struct Aiming<'a> {
    solution: &'a Solution,
    card: Card,
    choices: &'a Choices,
    lane: usize,
}

impl Decides for Aiming<'_> {
    fn keep(&self, r: usize, rolls_left: usize) -> usize {
        let first = self.solution.keeps().first_roll();
        let lanes = self.choices.lanes;
        usize::from(self.choices.keeps[rolls_left - 1][(first + r) * lanes + self.lane])
    }

    fn place(&self, r: usize) -> Placed {
        let b = usize::from(self.choices.boxes[r * self.choices.lanes + self.lane]);
        let points = self.choices.placements[r].points[b];
        self.solution.placed(self.card, r, b, points)
    }
}

/// The table's layout for `target` on the cards with at least the boxes `base` filled: every
/// card's slot, and how many values they hold.
fn layout(solution: &Solution, bounds: &Bounds, (target, base): (u16, u16)) -> (Vec<Slot>, usize) {
    let settings = solution.settings();
    let ups = usize::from(settings.upper_threshold) + 1;
    let empty = Slot {
        at: 0,
        low: 1,
        high: 0,
    };
    let mut slots = vec![empty; (1 << settings.boxes()) * 2 * ups];
    let mut at = 0;
    for count in 0..settings.boxes() {
        for (filled, fifty) in groups(settings, count).filter(|g| g.0 & base == base) {
            for upper in valued_uppers(settings, filled) {
                let card = Card {
                    filled,
                    upper,
                    fifty,
                };
                let (low, high) = bounds.aimed(card, target);
                let slot = Slot { at, low, high };
                slots[index(ups, card)] = slot;
                at += slot.len();
            }
        }
    }
    (slots, at)
}

/// A card's slot number (the card as it is told apart).
fn index(ups: usize, card: Card) -> usize {
    (usize::from(card.filled) * 2 + usize::from(card.fifty)) * ups + usize::from(card.upper)
}

/// Seconds per value kept, the backward solve and the forward pass together, on this machine's
/// two cores (release: `eval target:300` took 323 s of processor time for 57.4 million values,
/// its peak 1.17 GB; docs/guide.md).
const SECONDS_PER_VALUE: f64 = 3e-6;

/// What solving `target` on the cards with at least the boxes `base` filled takes, before
/// anything is allocated: its values, and as much again for the forward pass's busiest layers
/// (with a margin), the layout and the optimum's solve.
pub fn footprint(solution: &Solution, (target, base): (u16, u16)) -> Footprint {
    let (slots, values) = layout(solution, &Bounds::of(solution.settings()), (target, base));
    let slot_bytes = slots.len() * std::mem::size_of::<Slot>();
    Footprint {
        states: values as u64,
        bytes: 200_000_000 + slot_bytes as u64 + 5 * 8 * values as u64 / 2,
        seconds: 6.0 + SECONDS_PER_VALUE * values as f64,
    }
}

/// Solves the target `target` on `solution`'s rules for the cards with at least the boxes
/// `base` filled (0: every card); stopped by `run`, checked before each set of filled boxes.
pub fn solve(
    solution: Arc<Solution>,
    (target, base): (u16, u16),
    run: &Run,
) -> Result<Target, Stopped> {
    let bounds = Bounds::of(solution.settings());
    let (slots, size) = layout(&solution, &bounds, (target, base));
    let settings = *solution.settings();
    let mut solved = Target {
        ups: usize::from(settings.upper_threshold) + 1,
        solution,
        target,
        bounds,
        slots,
        values: vec![0.0; size],
    };
    for count in (0..settings.boxes()).rev() {
        let layer: Vec<(u16, bool)> = groups(&settings, count)
            .filter(|g| g.0 & base == base)
            .collect();
        let table = &solved;
        let values: Vec<Vec<(usize, Vec<f64>)>> = layer
            .into_par_iter()
            .map_init(Scratch::default, |scratch, (filled, fifty)| {
                run.check()?;
                Ok(valued_uppers(&settings, filled)
                    .into_iter()
                    .filter_map(|upper| {
                        let card = Card {
                            filled,
                            upper,
                            fifty,
                        };
                        let slot = table.slot(card);
                        (slot.len() > 0).then(|| {
                            let lanes = (slot.low, slot.len());
                            (slot.at, table.turn(card, lanes, scratch, None))
                        })
                    })
                    .collect())
            })
            .collect::<Result<_, Stopped>>()?;
        for (at, card) in values.into_iter().flatten() {
            solved.values[at..at + card.len()].copy_from_slice(&card);
        }
    }
    Ok(solved)
}

impl Target {
    /// The target T.
    pub fn target(&self) -> u16 {
        self.target
    }

    /// The optimum's solution it plays by where the target is reached or out of reach.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// How many values it keeps (cards × points still needed).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it keeps none (a target of 0: reached before the game starts).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The slot of `card`.
    fn slot(&self, card: Card) -> Slot {
        self.slots[index(self.ups, card.told(self.solution.settings()))]
    }

    /// P(final score ≥ T) from `card` (between turns) with `t` points still needed, under the
    /// target's play.
    pub fn p(&self, card: Card, t: i32) -> f64 {
        let mut row = [0.0];
        self.row(card, t, &mut row);
        row[0]
    }

    /// Whether the target's play differs from the optimum's at `card` with `t` points still
    /// needed: the target not yet reached and not out of reach.
    pub fn aims(&self, card: Card, t: i32) -> bool {
        !card.is_full(self.solution.settings()) && {
            let slot = self.slot(card);
            slot.low <= t && t <= slot.high
        }
    }

    /// P from `card` (between turns, or full) for the points still needed `from`, `from + 1`,
    /// … in `row`. A game never needs fewer than the slot's least (no card scores more than
    /// [`Bounds::so_far`]).
    fn row(&self, card: Card, from: i32, row: &mut [f64]) {
        let n = row.len() as i32;
        let reached = (1 - from).clamp(0, n) as usize;
        row[..reached].fill(1.0);
        if card.is_full(self.solution.settings()) {
            row[reached..].fill(0.0);
            return;
        }
        let slot = self.slot(card);
        let within = (slot.high - from + 1).clamp(reached as i32, n) as usize;
        debug_assert!(within == reached || from + reached as i32 >= slot.low);
        let start = slot.at + (from + reached as i32 - slot.low).max(0) as usize;
        row[reached..within].copy_from_slice(&self.values[start..start + within - reached]);
        row[within..].fill(0.0);
    }

    /// P of the turn from `card` for the points still needed `first`, `first + 1`, … (`lanes`
    /// of them), in `scratch`'s room; with `choices`, its choices there too.
    fn turn(
        &self,
        card: Card,
        (first, lanes): (i32, usize),
        Scratch {
            values: scratch,
            rows,
        }: &mut Scratch,
        mut choices: Option<&mut Choices>,
    ) -> Vec<f64> {
        let solution = &*self.solution;
        let settings = solution.settings();
        let keeps = solution.keeps();
        let first_roll = keeps.first_roll();
        scratch.clear();
        scratch.resize(keeps.len() * lanes, 0.0);
        // The cards after, by what tells them apart (the box, its points, the dice a Yahtzee or
        // not: the same points gained and card after), each valued once: its row in `rows`.
        const SPAN: usize = YAHTZEE_POINTS as usize + 1;
        let mut at = [u16::MAX; 2 * MOST_BOXES * SPAN];
        rows.clear();
        let mut best = vec![0u8; lanes];
        if let Some(choices) = choices.as_deref_mut() {
            choices.first = first;
            choices.lanes = lanes;
            choices.boxes.clear();
            choices.placements.clear();
        }
        for (r, scores) in solution.scores().iter().enumerate() {
            let roll = keeps.counts(first_roll + r);
            let placed = settings.place(scores, card.filled);
            let out = &mut scratch[(first_roll + r) * lanes..][..lanes];
            out.fill(-1.0);
            let rolled = usize::from(scores.yahtzee.is_some());
            for b in (0..settings.boxes()).filter(|&b| placed.allowed & (1 << b) != 0) {
                let points = placed.points[b];
                debug_assert!(points <= YAHTZEE_POINTS, "{points} points in box {b}");
                let key = (2 * b + rolled) * SPAN + usize::from(points);
                if at[key] == u16::MAX {
                    at[key] = (rows.len() / lanes.max(1)) as u16;
                    let (gained, after) = card.place(settings, roll, b, points);
                    rows.resize(rows.len() + lanes, 0.0);
                    let row = rows.len() - lanes;
                    self.row(after, first - i32::from(gained), &mut rows[row..]);
                }
                let row = &rows[usize::from(at[key]) * lanes..][..lanes];
                if choices.is_some() {
                    for ((o, v), chosen) in out.iter_mut().zip(row).zip(&mut best) {
                        if *v > *o {
                            *o = *v;
                            *chosen = b as u8;
                        }
                    }
                } else {
                    for (o, v) in out.iter_mut().zip(row) {
                        *o = larger(*o, *v);
                    }
                }
            }
            if let Some(choices) = choices.as_deref_mut() {
                choices.boxes.extend_from_slice(&best);
                choices.placements.push(placed);
            }
        }
        for stage in 0..2 {
            keeps.expect(scratch, lanes);
            match choices.as_deref_mut() {
                Some(choices) => {
                    if choices.valued {
                        choices.values[stage].clone_from(scratch);
                    }
                    keeps.best_below_choosing(scratch, lanes, &mut choices.keeps[stage]);
                }
                None => keeps.best_below(scratch, lanes),
            }
        }
        let mut start = vec![0.0; lanes];
        for r in 0..keeps.rolls() {
            let p = keeps.probability(r);
            let rolled = &scratch[(first_roll + r) * lanes..][..lanes];
            for (s, v) in start.iter_mut().zip(rolled) {
                *s += p * v;
            }
        }
        start
    }

    /// The turn's choices from `card` for the points still needed `first`, … (`lanes`).
    fn choices(&self, card: Card, lanes: (i32, usize), valued: bool) -> Choices {
        let mut choices = Choices {
            valued,
            ..Choices::default()
        };
        self.turn(card, lanes, &mut Scratch::default(), Some(&mut choices));
        choices
    }

    /// The turn's choices from `card` where `t` points are still needed, if the target's play
    /// differs there from the optimum's ([`aims`](Self::aims)): what a player keeps from its
    /// first decision of the turn to its last ([`Choices::aiming`] reads them).
    pub fn plan(&self, card: Card, t: i32) -> Option<Choices> {
        self.aims(card, t)
            .then(|| self.choices(card, (t, 1), false))
    }

    /// At `card` with `t` points still needed and the dice `counts` showing with `rolls_left`
    /// rolls left: P(final score ≥ T) under the target's play, its choice, and every choice
    /// with P after it (with no dice: the turn's P, its choice "roll").
    pub fn advice(
        &self,
        card: Card,
        t: i32,
        dice: Option<(&Counts, usize)>,
    ) -> (f64, String, Vec<ChoiceValue>) {
        let choice = |choice: String, value: f64| ChoiceValue {
            choice,
            dice: None,
            value,
        };
        let Some((counts, rolls_left)) = dice else {
            let value = self.p(card, t);
            return (
                value,
                "roll".to_string(),
                vec![choice("roll".to_string(), value)],
            );
        };
        let solution = &*self.solution;
        let keeps = solution.keeps();
        let r = keeps.number(counts).expect("five dice") - keeps.first_roll();
        let aims = self.aims(card, t);
        let choices = aims.then(|| self.choices(card, (t, 1), true));
        let optimum = solution.turn(card);
        let optimal = optimum.at(card);
        if rolls_left == 0 {
            let placed = solution
                .settings()
                .place(&solution.scores()[r], card.filled);
            let settings = solution.settings();
            let boxes: Vec<ChoiceValue> = (0..settings.boxes())
                .filter(|&b| placed.allowed & (1 << b) != 0)
                .map(|b| {
                    let (gained, after) =
                        card.place(solution.settings(), counts, b, placed.points[b]);
                    choice(
                        settings.box_name(b).to_string(),
                        self.p(after, t - i32::from(gained)),
                    )
                })
                .collect();
            let best = match &choices {
                Some(choices) => Aiming {
                    solution,
                    card,
                    choices,
                    lane: 0,
                }
                .place(r),
                None => optimal.best_box(r),
            };
            let value = boxes
                .iter()
                .find(|c| c.choice == settings.box_name(best.b))
                .map_or(0.0, |c| c.value);
            return (value, settings.box_name(best.b).to_string(), boxes);
        }
        let within = |k: &usize| {
            let kept = keeps.counts(*k);
            (0..6).all(|f| kept[f] <= counts[f])
        };
        let value_of = |k: usize| match &choices {
            Some(choices) => choices.values[rolls_left - 1][k],
            None => self.p(card, t),
        };
        let listed: Vec<ChoiceValue> = (0..keeps.len())
            .filter(within)
            .map(|k| choice(keep_words(keeps.counts(k)), value_of(k)))
            .collect();
        let best = match &choices {
            Some(choices) => Aiming {
                solution,
                card,
                choices,
                lane: 0,
            }
            .keep(r, rolls_left),
            None => optimal.best_keep(r, rolls_left),
        };
        (value_of(best), keep_words(keeps.counts(best)), listed)
    }
}

/// The room a turn is valued in: values by keep and lane, and the cards after's rows.
#[derive(Default)]
struct Scratch {
    values: Vec<f64>,
    rows: Vec<f64>,
}

/// Cards reached in the forward pass: by points so far from `low`, P(reaching the card with
/// them) and P(reaching it so) without a Yahtzee placed and without a Yahtzee bonus.
#[derive(Clone, Debug, Default)]
struct Row {
    low: usize,
    mass: Vec<[f64; 3]>,
}

impl Row {
    /// Adds `mass` at `score` points so far.
    fn add(&mut self, score: usize, mass: [f64; 3]) {
        if self.mass.is_empty() {
            self.low = score;
        } else if score < self.low {
            let shift = self.low - score;
            self.mass.splice(0..0, std::iter::repeat_n([0.0; 3], shift));
            self.low = score;
        }
        let at = score - self.low;
        if self.mass.len() <= at {
            self.mass.resize(at + 1, [0.0; 3]);
        }
        for (m, add) in self.mass[at].iter_mut().zip(mass) {
            *m += add;
        }
    }

    /// Adds the masses of `other`.
    fn merge(&mut self, other: Row) {
        if self.mass.is_empty() {
            *self = other;
            return;
        }
        let Some(last) = other.mass.len().checked_sub(1) else {
            return;
        };
        self.add(other.low + last, [0.0; 3]);
        self.add(other.low, [0.0; 3]);
        let at = other.low - self.low;
        for (to, from) in self.mass[at..].iter_mut().zip(other.mass) {
            for (t, f) in to.iter_mut().zip(from) {
                *t += f;
            }
        }
    }
}

/// The turns from some cards: the cards after with the masses they reach, and the expected
/// count of each happening on the way.
type Moved = (Vec<(Card, Row)>, [f64; 4]);

/// How many sets of filled boxes the forward pass moves at once before gathering their moves.
const GROUPS_AT_ONCE: usize = 16;

impl Target {
    /// The exact distribution of the final score under the target's play from `card` (not
    /// full; solved) with `score` points so far, with what happens on the way there; stopped
    /// by `run`, checked before each few sets of filled boxes.
    pub fn distribution(
        &self,
        (card, score): (Card, u32),
        run: &Run,
    ) -> Result<Distribution, Stopped> {
        let mut layer = vec![(
            card.told(self.solution.settings()),
            Row {
                low: score as usize,
                mass: vec![[1.0; 3]],
            },
        )];
        let mut per_game = [0.0; 4];
        let settings = self.solution.settings();
        for _ in card.filled.count_ones()..settings.boxes() as u32 {
            let groups: Vec<&[(Card, Row)]> = layer
                .chunk_by(|a, b| (a.0.filled, a.0.fifty) == (b.0.filled, b.0.fifty))
                .collect();
            let mut next: HashMap<Card, Row> = HashMap::new();
            for some in groups.chunks(GROUPS_AT_ONCE) {
                run.check()?;
                let moved: Vec<Moved> = some
                    .par_iter()
                    .map_init(
                        || self.solution.choosing(),
                        |choosing, group| self.moves(group, choosing),
                    )
                    .collect();
                for (moves, counts) in moved {
                    for (total, count) in per_game.iter_mut().zip(counts) {
                        *total += count;
                    }
                    for (card, row) in moves {
                        next.entry(card).or_default().merge(row);
                    }
                }
            }
            layer = next.into_iter().collect();
            layer.sort_unstable_by_key(|(card, _)| (card.filled, card.fifty, card.upper));
        }
        let longest = layer
            .iter()
            .map(|(_, row)| row.low + row.mass.len())
            .max()
            .unwrap_or(1);
        let mut probabilities = vec![0.0; longest];
        let mut without = [0.0; 2];
        for (_, row) in &layer {
            for (p, m) in probabilities[row.low..].iter_mut().zip(&row.mass) {
                *p += m[0];
                without[0] += m[1];
                without[1] += m[2];
            }
        }
        Ok(Distribution::counted(
            settings,
            probabilities,
            per_game,
            without,
        ))
    }

    /// The moves of the turns from the cards of `group` (the same filled boxes, by rising upper
    /// total), and the expected count of each happening on them.
    fn moves(
        &self,
        group: &[(Card, Row)],
        choosing: &mut Choosing,
    ) -> (Vec<(Card, Row)>, [f64; 4]) {
        let solution = &*self.solution;
        let settings = solution.settings();
        let target = usize::from(self.target);
        // The cards after, in the order first reached, and where each is.
        let mut moves: Vec<(Card, Row)> = Vec::new();
        let mut found: HashMap<Card, usize> = HashMap::new();
        let mut counts = [0.0; 4];
        let aimed = |card: Card, score: usize| {
            let (low, high) = self.bounds.aimed(card, self.target);
            let t = target as i32 - score as i32;
            low <= t && t <= high
        };
        // The optimum's ends, where some points so far are not aimed at.
        let cards: Vec<Card> = group.iter().map(|(card, _)| *card).collect();
        let mut optimal = Vec::new();
        if group.iter().any(|(card, row)| {
            let scores = row.low..row.low + row.mass.len();
            scores
                .zip(&row.mass)
                .any(|(s, m)| m[0] > 0.0 && !aimed(*card, s))
        }) {
            optimal = Player::Optimal.ends((solution, choosing), &cards, &[]);
        }
        for (i, (card, row)) in group.iter().enumerate() {
            // The points so far whose t = T − score the target aims at.
            let aimed = |score: usize| aimed(*card, score);
            let scores = row.low..row.low + row.mass.len();
            // Moves the masses `masses` (by points so far) along `end`.
            let mut push = |masses: &mut dyn Iterator<Item = (usize, [f64; 3])>, end: &End| {
                let happened = happenings(settings, *card, end.after, end.rolled_yahtzee());
                let [.., bonus, placed] = happened;
                let at = *found.entry(end.after).or_insert_with(|| {
                    moves.push((end.after, Row::default()));
                    moves.len() - 1
                });
                let to = &mut moves[at].1;
                for (score, mass) in masses {
                    for (count, happened) in counts.iter_mut().zip(happened) {
                        if happened {
                            *count += mass[0] * end.p;
                        }
                    }
                    let moved = [
                        mass[0] * end.p,
                        if placed { 0.0 } else { mass[1] * end.p },
                        if bonus { 0.0 } else { mass[2] * end.p },
                    ];
                    to.add(score + usize::from(end.gained()), moved);
                }
            };
            if let Some(ends) = optimal.get(i) {
                for end in ends {
                    let mut masses = scores
                        .clone()
                        .zip(row.mass.iter().copied())
                        .filter(|&(score, mass)| mass[0] > 0.0 && !aimed(score));
                    push(&mut masses, end);
                }
            }
            let lows: Vec<usize> = scores.filter(|&s| aimed(s)).collect();
            let (Some(&least), Some(&most)) = (lows.first(), lows.last()) else {
                continue;
            };
            // Lane i is t = first + i: the score T − t.
            let first = (target - most) as i32;
            let lanes = most - least + 1;
            let choices = self.choices(*card, (first, lanes), false);
            let last = self.last_rolls(&choices);
            for lane in 0..lanes {
                let score = most - lane;
                let mass = row.mass[score - row.low];
                if mass[0] == 0.0 {
                    continue;
                }
                let rolls: Vec<f64> = last.iter().skip(lane).step_by(lanes).copied().collect();
                let ends = placed_ends((settings, *card), solution.keeps(), &rolls, |r| {
                    let b = usize::from(choices.boxes[r * lanes + lane]);
                    (b, choices.placements[r].points[b])
                });
                for end in &ends {
                    push(&mut std::iter::once((score, mass)), end);
                }
            }
        }
        (moves, counts)
    }

    /// Where the dice land after a turn's last roll under `choices`, by roll number and lane.
    fn last_rolls(&self, choices: &Choices) -> Vec<f64> {
        let keeps = self.solution.keeps();
        let lanes = choices.lanes;
        let first = keeps.first_roll();
        let mut mass = vec![0.0; keeps.len() * lanes];
        for r in 0..keeps.rolls() {
            mass[(first + r) * lanes..][..lanes].fill(keeps.probability(r));
        }
        for rolls_left in [2, 1] {
            let chosen = &choices.keeps[rolls_left - 1];
            let mut kept = vec![0.0; keeps.len() * lanes];
            let rolls = mass[first * lanes..].chunks_exact(lanes);
            for (masses, chosen) in rolls.zip(chosen[first * lanes..].chunks_exact(lanes)) {
                for (lane, (&m, &keep)) in masses.iter().zip(chosen).enumerate() {
                    if m > 0.0 {
                        kept[usize::from(keep) * lanes + lane] += m;
                    }
                }
            }
            keeps.spread(&mut kept, lanes);
            mass = kept;
        }
        mass.drain(..first * lanes);
        mass
    }
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use num_rational::BigRational;
    use num_traits::{One, ToPrimitive, Zero};

    use super::reference::Reference;
    use super::*;
    use crate::yahtzee::cards::Cards;
    use crate::yahtzee::fixtures::small;
    use crate::yahtzee::plays::Plays;
    use crate::yahtzee::rules::{CHANCE, FULL_HOUSE, LARGE_STRAIGHT, SMALL_STRAIGHT, YAHTZEE};
    use crate::yahtzee::solve::solve as solve_optimal;

    /// Cards of three open boxes solved by brute force in exact fractions, P(final score ≥ T)
    /// at every state (card, points still needed) a game from there reaches, for three targets
    /// each: Sixes, Full House and Yahtzee under the forced joker, and Sixes, Full House and
    /// Large Straight with the Yahtzee box holding 50 under Verhoeff's joker (the Yahtzee bonus
    /// on every Yahtzee), the threshold lowered to 18 so that Sixes can earn the upper bonus.
    #[test]
    fn three_open_boxes_agree_with_brute_force_in_fractions() {
        let all = Settings::default().sheet.full();
        let forced = (1 << 5 | 1 << FULL_HOUSE | 1 << YAHTZEE, false);
        let verhoeff = (1 << 5 | 1 << FULL_HOUSE | 1 << LARGE_STRAIGHT, true);
        for (joker, (open, fifty), upper, targets) in [
            ("forced", forced, 0, [40, 90, 160]),
            ("verhoeff", verhoeff, 10, [45, 120, 250]),
        ] {
            let settings = Settings::default()
                .set("joker", joker)
                .unwrap()
                .set("upper_threshold", "18")
                .unwrap();
            let solution = Arc::new(solve_optimal(&settings, &Run::default()).unwrap());
            for t in targets {
                let target = solve(Arc::clone(&solution), (t, all & !open), &Run::default());
                let target = target.unwrap();
                let mut reference = Reference::new(settings);
                let exact = reference.p(open, upper, fifty, i32::from(t));
                assert!(exact > BigRational::zero() && exact < BigRational::one());
                let mut compared = 0;
                for ((open, upper, fifty, t), exact) in reference.states() {
                    let card = Card {
                        filled: all & !open,
                        upper,
                        fifty,
                    };
                    let fast = target.p(card, t);
                    let exact = exact.to_f64().unwrap();
                    assert!(
                        (fast - exact).abs() <= 1e-12 * exact,
                        "{joker}, T {}: {card:?}, t {t}: {fast} vs {exact}",
                        target.target()
                    );
                    compared += 1;
                }
                assert!(compared >= 10, "{joker}, T {t}: {compared} states");
            }
        }
    }

    /// From a card of five open boxes, the target's final-score distribution (pushed forward)
    /// reaches the target exactly as often as the backward solve says, sums to 1, and its mean
    /// is below the optimum's; games played with real dice agree with its mean and with
    /// P(score ≥ T) within 4.5 standard errors.
    #[test]
    fn the_distribution_and_games_agree_with_the_solve() {
        let solution = Arc::new(small().clone());
        let open = 1 << 4 | 1 << 5 | 1 << SMALL_STRAIGHT | 1 << YAHTZEE | 1 << CHANCE;
        let card = Card {
            filled: Settings::default().sheet.full() & !open,
            upper: 5,
            fifty: false,
        };
        let (t, score) = (150, 40);
        let run = Run::default();
        let target = solve(Arc::clone(&solution), (t, card.filled), &run).unwrap();
        let p = target.p(card, i32::from(t) - score as i32);
        let distribution = target.distribution((card, score), &run).unwrap();
        let tail = |t: usize| distribution.probabilities[t..].iter().sum::<f64>();
        let at_least = tail(usize::from(t));
        assert!((p - at_least).abs() < 1e-12, "{p} vs {at_least}");
        assert!((tail(0) - 1.0).abs() < 1e-12);
        let optimal = f64::from(score) + solution.card_value(card);
        let mean = distribution.mean();
        assert!(mean < optimal, "{mean} vs {optimal}");
        let games = 4000;
        let rules = Cards::from(*solution.settings(), (card, score));
        let played = Plays::Target(&target)
            .games(&rules, (games, 3), &run)
            .unwrap();
        let n = games as f64;
        let scores: Vec<f64> = played.iter().map(|p| f64::from(p.score)).collect();
        let simulated = scores.iter().sum::<f64>() / n;
        let variance = distribution.sd().powi(2);
        let z = (simulated - mean).abs() / (variance / n).sqrt();
        assert!(z < 4.5, "mean {simulated} vs {mean}: z {z}");
        let reached = scores.iter().filter(|&&s| s >= f64::from(t)).count() as f64 / n;
        let z = (reached - p).abs() / (p * (1.0 - p) / n).sqrt();
        assert!(z < 4.5, "reached {reached} vs {p}: z {z}");
    }
}
