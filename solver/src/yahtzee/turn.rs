//! One turn from a card between turns: what filling a box does to the card ([`Card::fill`]),
//! and the turn's values, roll by roll and keep by keep ([`Widget`]).
//!
//! The widget values each five-dice roll with no rolls left (the best open box: its points,
//! the upper bonus if they complete it, the Yahtzee bonus, and the value of the card after),
//! then twice values keeping each keep and rolling the rest ([`Keeps::expect`]) and takes each
//! roll's best keep ([`Keeps::best_below`]), and averages the first roll. The upper totals of
//! one set of filled boxes are valued side by side (lanes): their rolls, keeps and boxes are
//! the same, only the bonus and the card after differ.

use super::keeps::{Keeps, larger};
use super::rules::{
    Counts, MOST_BOXES, Placements, RollScores, Settings, YAHTZEE_POINTS, yahtzee_face,
};

/// A card between turns: what the rest of the game depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// The filled boxes, by bit (box numbers in the card's order, [`Sheet::boxes`](super::rules::Sheet::boxes)).
    pub filled: u16,
    /// The upper total so far (points), capped at the threshold: past it only the bonus
    /// earned matters.
    pub upper: u16,
    /// Whether the Yahtzee box holds 50 (kept only where there is a Yahtzee bonus).
    pub fifty: bool,
}

impl Card {
    /// The empty card.
    pub const EMPTY: Card = Card {
        filled: 0,
        upper: 0,
        fifty: false,
    };

    /// Whether every box of the card of `settings` is filled.
    pub fn is_full(&self, settings: &Settings) -> bool {
        self.filled == settings.sheet.full()
    }

    /// Box `b` filled with `points` under `settings`: the points gained (the box's and the
    /// upper bonus where they complete it) and the card after.
    pub fn fill(self, settings: &Settings, b: usize, points: u16) -> (u16, Card) {
        let threshold = settings.upper_threshold;
        let mut after = self;
        after.filled |= 1 << b;
        let mut gained = points;
        if b < 6 {
            after.upper = (self.upper + points).min(threshold);
            if self.upper < threshold && self.upper + points >= threshold {
                gained += settings.upper_bonus;
            }
        }
        if b == settings.sheet.five_alike && points == YAHTZEE_POINTS && settings.yahtzee_bonus > 0
        {
            after.fifty = true;
        }
        (gained, after)
    }

    /// The dice `roll` placed in box `b`, where they score `points`: the points gained (the
    /// box's, the upper bonus where they complete it, the Yahtzee bonus) and the card after.
    pub fn place(self, settings: &Settings, roll: &Counts, b: usize, points: u16) -> (u16, Card) {
        let (gained, after) = self.fill(settings, b, points);
        (gained + settings.bonus(roll, self.fifty), after)
    }
}

/// What a roll with no rolls left is placed in, and what that gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The box.
    pub b: usize,
    /// The points gained: the box's, the upper bonus if they complete it, the Yahtzee bonus.
    pub gained: u16,
    /// The card after.
    pub after: Card,
}

/// A player's decisions in one turn from one card.
pub trait Decides {
    /// The keep (by number) it keeps of roll number `r` with `rolls_left` (1 or 2) rolls left.
    fn keep(&self, r: usize, rolls_left: usize) -> usize;
    /// Where it places roll number `r` with no rolls left.
    fn place(&self, r: usize) -> Placed;
}

/// What happened on a turn from `card` to `after` with the dice placed a Yahtzee or not
/// (`rolled`), as [`Sheet::happenings`](super::rules::Sheet::happenings) orders them.
pub fn happenings(settings: &Settings, card: Card, after: Card, rolled: bool) -> [bool; 4] {
    let threshold = settings.upper_threshold;
    let upper_bonus =
        settings.upper_bonus > 0 && card.upper < threshold && after.upper >= threshold;
    let filled_yahtzee = (after.filled ^ card.filled) == 1 << settings.sheet.five_alike;
    let bonus = rolled && card.fifty && settings.yahtzee_bonus > 0;
    [upper_bonus, rolled && filled_yahtzee, bonus, rolled]
}

/// Where a turn ends, with its probability: 16 bytes, of which the distribution's busiest
/// layer keeps millions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct End {
    /// The card after.
    pub after: Card,
    /// The points gained (the box's, the upper bonus, the Yahtzee bonus: below 2^15, as the
    /// settings bound them) and, in the top bit, whether the dice placed were a Yahtzee.
    gained_rolled: u16,
    /// Its probability.
    pub p: f64,
}

const _: () = assert!(std::mem::size_of::<End>() == 16);

/// The top bit of [`End`]'s `gained_rolled`.
const ROLLED: u16 = 1 << 15;

impl End {
    /// The turn ending in `after`, having gained `gained` points with a Yahtzee placed or not
    /// (`rolled_yahtzee`), with probability `p`.
    pub fn new(after: Card, gained: u16, rolled_yahtzee: bool, p: f64) -> End {
        debug_assert!(gained < ROLLED, "{gained} points gained in a turn");
        let rolled = if rolled_yahtzee { ROLLED } else { 0 };
        End {
            after,
            gained_rolled: gained | rolled,
            p,
        }
    }

    /// The points gained: the box's, the upper bonus, the Yahtzee bonus.
    pub fn gained(&self) -> u16 {
        self.gained_rolled & !ROLLED
    }

    /// Whether the dice placed were a Yahtzee (five alike).
    pub fn rolled_yahtzee(&self) -> bool {
        self.gained_rolled & ROLLED != 0
    }
}

/// The dice after a turn's last roll when `decides` keeps: the probability of each roll, by
/// roll number.
pub fn last_rolls(keeps: &Keeps, decides: &impl Decides) -> Vec<f64> {
    last_rolls_from(keeps, decides, None)
}

/// [`last_rolls`] from the turn's first roll (`shown` none), or from the dice showing roll
/// number `r` with `rolls_left` (0, 1 or 2) rolls left (`shown`: `(r, rolls_left)`).
pub fn last_rolls_from(
    keeps: &Keeps,
    decides: &impl Decides,
    shown: Option<(usize, usize)>,
) -> Vec<f64> {
    let first = keeps.first_roll();
    let mut mass = vec![0.0; keeps.len()];
    let rolls_left = match shown {
        None => {
            for r in 0..keeps.rolls() {
                mass[first + r] = keeps.probability(r);
            }
            2
        }
        Some((r, rolls_left)) => {
            mass[first + r] = 1.0;
            rolls_left
        }
    };
    for rolls_left in (1..=rolls_left).rev() {
        let mut kept = vec![0.0; keeps.len()];
        for r in 0..keeps.rolls() {
            let m = mass[first + r];
            if m > 0.0 {
                kept[decides.keep(r, rolls_left)] += m;
            }
        }
        keeps.spread(&mut kept, 1);
        mass = kept;
    }
    mass.drain(..first);
    mass
}

/// Where a turn from `card` ends whose last roll is distributed as `last` (by roll number) and
/// placed by `choose` (its box and the points it scores there): each card after (as it is
/// [`told`](Card::told) apart), points gained and whether the dice placed were a Yahtzee, with
/// its probability, by box.
pub fn placed_ends(
    (settings, card): (&Settings, Card),
    keeps: &Keeps,
    last: &[f64],
    choose: impl Fn(usize) -> (usize, u16),
) -> Vec<End> {
    let first = keeps.first_roll();
    // Summed by box, whether the roll is a Yahtzee and the box's points (no box scores more
    // than a Yahtzee in its box), each in roll order; listed in that key's order, which is that
    // of the points gained (the bonuses are the same for the same box, points and Yahtzee or
    // not, the upper bonus only once the points reach the threshold). Each sum keeps the first
    // roll it was met with, and its place is found from its key (`at`).
    const SPAN: usize = YAHTZEE_POINTS as usize + 1;
    const NONE: u16 = u16::MAX;
    let mut at = [NONE; 2 * MOST_BOXES * SPAN];
    let mut sums: Vec<(usize, usize, f64)> = Vec::with_capacity(64);
    for (r, &p) in last.iter().enumerate().filter(|(_, p)| **p > 0.0) {
        let (b, points) = choose(r);
        debug_assert!(points <= YAHTZEE_POINTS, "{points} points in box {b}");
        let rolled = yahtzee_face(keeps.counts(first + r)).is_some();
        let key = (2 * b + usize::from(rolled)) * SPAN + usize::from(points);
        match at[key] {
            NONE => {
                at[key] = sums.len() as u16;
                sums.push((key, r, p));
            }
            sum => sums[usize::from(sum)].2 += p,
        }
    }
    sums.sort_unstable_by_key(|sum| sum.0);
    sums.iter()
        .map(|&(key, r, p)| {
            let (b, rolled, points) = (key / SPAN / 2, key / SPAN % 2 == 1, (key % SPAN) as u16);
            let (gained, after) = card.place(settings, keeps.counts(first + r), b, points);
            End::new(after.told(settings), gained, rolled, p)
        })
        .collect()
}

/// The turns kept where asked ([`Widget::turn`]): their values and best choices, `lanes` per
/// keep or roll.
#[derive(Clone, Debug, Default)]
pub struct Stages {
    /// Whether `values` are kept (advice shows them; following the dice needs only choices).
    pub valued: bool,
    /// By keep number, the value of keeping that keep and rolling the rest with one roll left
    /// (`[0]`) and with two (`[1]`); a roll's own entry is keeping all five (the roll's value
    /// with one roll fewer). Empty unless `valued`.
    pub values: [Vec<f64>; 2],
    /// By keep number, the best keep within it with one roll left (`[0]`) and two (`[1]`):
    /// the first of the most valuable by keep number ([`Keeps::best_below_choosing`]'s choice).
    pub keeps: [Vec<u16>; 2],
    /// By roll number, the box it fills with no rolls left: the first of the most valuable.
    pub boxes: Vec<u8>,
    /// By roll number, the boxes it may fill on these cards and what it scores in each.
    pub placements: Vec<Placements>,
}

/// The boxes whose bits `set` holds, rising.
pub fn boxes_of(set: u16) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let b = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            b
        })
    })
}

/// The turn's widget, with its scratch.
pub struct Widget<'a> {
    settings: &'a Settings,
    keeps: &'a Keeps,
    /// Each roll's scores, by roll number.
    scores: &'a [RollScores],
    /// Each roll's placements on this card set.
    placements: Vec<Placements>,
    /// Values by keep, `lanes` each.
    scratch: Vec<f64>,
    /// The cards' values after each box, by box, [`AFTER_SLOTS`] variants and lane.
    after_by: Vec<f64>,
}

/// The cards after filling a box, told apart by what else it depends on: an upper box's dice
/// of its face (0 to 5), the Yahtzee box's 50 or not.
const AFTER_SLOTS: usize = 6;

/// The values of the cards after a turn: V by [`index`](Values::index), where the upper totals
/// are reachable (or alike with one that is).
pub struct Values<'a> {
    /// Upper totals per (filled, fifty): threshold + 1.
    pub ups: usize,
    /// V by `(filled · 2 + fifty) · ups + upper total`.
    pub values: &'a [f64],
}

impl Values<'_> {
    /// The index of the first upper total of the cards with `filled` and `fifty`.
    pub fn index(ups: usize, filled: u16, fifty: bool) -> usize {
        (usize::from(filled) * 2 + usize::from(fifty)) * ups
    }

    /// V of the cards with `filled` and `fifty`, by upper total.
    fn card(&self, filled: u16, fifty: bool) -> &[f64] {
        let at = Values::index(self.ups, filled, fifty);
        &self.values[at..at + self.ups]
    }
}

impl<'a> Widget<'a> {
    /// A widget of `settings`, `scores` the rolls' scores by roll number.
    pub fn new(settings: &'a Settings, keeps: &'a Keeps, scores: &'a [RollScores]) -> Widget<'a> {
        Widget {
            settings,
            keeps,
            scores,
            placements: Vec::new(),
            scratch: Vec::new(),
            after_by: Vec::new(),
        }
    }

    /// V of the cards with boxes `filled` and the Yahtzee box holding 50 or not (`fifty`), for
    /// the upper totals `uppers` (rising, one lane each), from the values of the cards after
    /// (`values`); with `stages`, the turns' values and best choices there too.
    pub fn turn(
        &mut self,
        (filled, fifty): (u16, bool),
        uppers: &[u16],
        values: &Values,
        mut stages: Option<&mut Stages>,
    ) -> Vec<f64> {
        let settings = self.settings;
        let keeps = self.keeps;
        let threshold = values.ups - 1;
        let lanes = uppers.len();
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
        // The lanes, by upper total: below `threshold − points` the total stays under the
        // threshold; from there to the threshold the points complete it and earn the bonus;
        // at it, it was earned before.
        let uppers: Vec<usize> = uppers.iter().map(|&u| usize::from(u)).collect();
        let below = uppers.partition_point(|&u| u < threshold);
        // Each open box's cards after, by lane: V at each lane's upper total after the box's
        // points (an upper box's by its dice of the face; the Yahtzee box's by 50 or not).
        let after_by = &mut self.after_by;
        after_by.clear();
        after_by.resize(settings.boxes() * AFTER_SLOTS * lanes, 0.0);
        let slot = |b: usize, variant: usize| (b * AFTER_SLOTS + variant) * lanes;
        // For each upper box and dice of its face, the lanes whose total stays under the
        // threshold.
        let mut short = [[0; AFTER_SLOTS]; 6];
        for (face, short) in short.iter_mut().enumerate() {
            for (dice, short) in short.iter_mut().enumerate() {
                let points = (face + 1) * dice;
                *short = uppers[..below].partition_point(|&u| u + points < threshold);
            }
        }
        let five_alike = settings.sheet.five_alike;
        for b in boxes_of(!filled & settings.sheet.full()) {
            let next = filled | 1 << b;
            for variant in 0..AFTER_SLOTS {
                let (after, shift) = match b {
                    0..6 => (values.card(next, fifty), (b + 1) * variant),
                    _ if b == five_alike && variant < 2 => {
                        (values.card(next, (fifty || variant == 1) && bonus_on), 0)
                    }
                    _ if variant == 0 => (values.card(next, fifty), 0),
                    _ => break,
                };
                let out = &mut after_by[slot(b, variant)..][..lanes];
                for (o, &u) in out.iter_mut().zip(&uppers) {
                    *o = after[(u + shift).min(threshold)];
                }
            }
        }
        let after_by = &*after_by;
        if let Some(stages) = stages.as_deref_mut() {
            stages.boxes.clear();
            stages.placements.clone_from(&self.placements);
        }
        let mut before = vec![0.0; lanes];
        let mut best_box = vec![0u8; lanes];
        for (r, placed) in self.placements.iter().enumerate() {
            let extra = f64::from(settings.bonus(keeps.counts(first + r), fifty));
            let out = &mut scratch[(first + r) * lanes..][..lanes];
            out.fill(f64::NEG_INFINITY);
            let choosing = stages.is_some();
            for b in boxes_of(placed.allowed) {
                if choosing {
                    before.copy_from_slice(out);
                }
                let points = placed.points[b];
                let gained = f64::from(points);
                let next = filled | 1 << b;
                if b < 6 {
                    let after = values.card(next, fifty);
                    debug_assert_eq!(usize::from(points) % (b + 1), 0, "box {b}: {points}");
                    let dice = usize::from(points) / (b + 1);
                    let short = short[b][dice];
                    let shifted = &after_by[slot(b, dice)..][..short];
                    for (o, v) in out[..short].iter_mut().zip(shifted) {
                        *o = larger(*o, gained + v);
                    }
                    let completing = gained + f64::from(settings.upper_bonus) + after[threshold];
                    for o in &mut out[short..below] {
                        *o = larger(*o, completing);
                    }
                    for o in &mut out[below..] {
                        *o = larger(*o, gained + after[threshold]);
                    }
                } else {
                    let variant = usize::from(b == five_alike && points == YAHTZEE_POINTS);
                    let after = &after_by[slot(b, variant)..][..lanes];
                    for (o, v) in out.iter_mut().zip(after) {
                        *o = larger(*o, gained + v);
                    }
                }
                if choosing {
                    for ((o, was), best) in out.iter().zip(&before).zip(&mut best_box) {
                        if o > was {
                            *best = b as u8;
                        }
                    }
                }
            }
            for o in out.iter_mut() {
                *o += extra;
            }
            if let Some(stages) = stages.as_deref_mut() {
                stages.boxes.extend_from_slice(&best_box);
            }
        }
        for stage in 0..2 {
            keeps.expect(scratch, lanes);
            match stages.as_deref_mut() {
                Some(stages) => {
                    if stages.valued {
                        stages.values[stage].clone_from(scratch);
                    }
                    keeps.best_below_choosing(scratch, lanes, &mut stages.keeps[stage]);
                }
                None => keeps.best_below(scratch, lanes),
            }
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
