//! One turn solved from the turn-start values: the within-turn states (turn total t, dice n)
//! of one (own, opponent, opponent's farkle count), for every own farkle count at once.
//!
//! What banking at t is worth does not depend on the mover's own farkle count (banking resets
//! it), only what a farkle is worth does. So the solve runs the counts side by side, one lane
//! each of a `[f64; LANES]`: the same gathers and maxima, four values per instruction.
//!
//! [`Turn::backward`] values every (t, n) from the highest turn total down: `V(t, n) =
//! max(bank(t), roll(t, n))` (banking only from `min_bank` on, never before the first roll),
//! `roll(t, n) = P(farkle) · farkle + Σ offers p · max over keeps V(t + points, dice left)`, and
//! `V = 1` (or what the caller says) once own score + t reaches the goal. [`Turn::forward`] then
//! follows one lane's decisions from (0, 6) and says where the turn ends: the distribution of
//! the banked turn total, P(reaching the goal), P(farkle) — the turn's [`Transition`].

use super::game::{DICE, Farkle, Keep};

/// Farkle counts solved side by side.
pub const LANES: usize = 4;

/// One value per lane.
pub type Lanes = [f64; LANES];

/// The rolls of n dice laid out for the solve: per offer its probability, and the keeps' places
/// in the values array relative to the turn total.
#[derive(Clone, Debug)]
struct Rolls {
    /// The number of this count's first offer among every count's offers.
    first: usize,
    farkle: f64,
    probabilities: Vec<f64>,
    /// Where each offer's keeps end in `places`.
    ends: Vec<u32>,
    /// Per keep: `(dice left − 1) · stride + points`.
    places: Vec<u32>,
    /// Per keep: its points and dice left.
    keeps: Vec<Keep>,
}

/// Every roll of 1..=6 dice laid out for a solve of `stride` turn totals per dice count.
#[derive(Clone, Debug)]
pub struct Layout {
    stride: usize,
    rolls: Vec<Rolls>,
    /// Offers of every dice count together.
    offers: usize,
}

impl Layout {
    /// The layout for `game`: room for every turn total below the goal and the largest keep
    /// beyond it. `pruned` leaves out every keep that another keep of its offer beats with the
    /// same dice left and more points: the same best play wherever more points are never worth
    /// less, which [`Layouts`] checks before using it.
    pub fn new(game: &Farkle, pruned: bool) -> Layout {
        let stride = game.scores() + game.max_keep() + 1;
        let mut offers = 0;
        let rolls = (1..=DICE)
            .map(|n| {
                let throw = game.throw(n);
                let mut rolls = Rolls {
                    first: offers,
                    farkle: throw.farkle,
                    probabilities: Vec::new(),
                    ends: Vec::new(),
                    places: Vec::new(),
                    keeps: Vec::new(),
                };
                for offer in &throw.offers {
                    rolls.probabilities.push(offer.probability);
                    let beaten = |keep: &Keep| {
                        pruned
                            && offer
                                .keeps
                                .iter()
                                .any(|k| k.left == keep.left && k.units > keep.units)
                    };
                    for keep in offer.keeps.iter().filter(|k| !beaten(k)) {
                        let place = (keep.left as usize - 1) * stride + keep.units as usize;
                        rolls.places.push(place as u32);
                        rolls.keeps.push(*keep);
                    }
                    rolls.ends.push(rolls.places.len() as u32);
                }
                offers += throw.offers.len();
                rolls
            })
            .collect();
        Layout {
            stride,
            rolls,
            offers,
        }
    }
}

/// Every keep of every offer, and the keeps worth considering where more points are never
/// worth less.
#[derive(Clone, Debug)]
pub struct Layouts {
    /// Every keep.
    pub full: Layout,
    /// The keeps no other keep of the offer beats with the same dice left and more points.
    pub pruned: Layout,
}

impl Layouts {
    /// Both layouts of `game`.
    pub fn new(game: &Farkle) -> Layouts {
        Layouts {
            full: Layout::new(game, false),
            pruned: Layout::new(game, true),
        }
    }

    /// The layout a turn whose banking values are `bank` (from the least bankable turn total
    /// `min_bank` on) may use: the pruned one where banking more is never worth less (then no
    /// within-turn value falls as the turn total rises, and more points never hurt), else every
    /// keep.
    pub fn for_bank(&self, bank: &[f64], min_bank: usize) -> &Layout {
        let rising = bank
            .get(min_bank..)
            .is_none_or(|b| b.windows(2).all(|w| w[0] <= w[1]) && b.iter().all(|&v| v <= 1.0));
        if rising { &self.pruned } else { &self.full }
    }
}

/// Where one turn ends under one lane's decisions, from its start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Transition {
    /// P(own score + turn total reaches the goal): the mover wins.
    pub win: f64,
    /// P(the turn ends in a farkle).
    pub farkle: f64,
    /// The first turn total (units) of `bank`.
    pub first: u32,
    /// P(banking turn total `first + i`), by i.
    pub bank: Vec<f64>,
}

impl Transition {
    /// The transition that wins with probability `win`, farkles with `farkle` and banks turn
    /// total t with `bank[t]` (kept from its first to its last nonzero entry).
    pub fn new(win: f64, farkle: f64, bank: &[f64]) -> Transition {
        let mut out = Transition {
            win,
            farkle,
            first: bank.len() as u32,
            bank: Vec::new(),
        };
        if let Some(first) = bank.iter().position(|&q| q > 0.0) {
            let last = bank.iter().rposition(|&q| q > 0.0).expect("some entry");
            out.first = first as u32;
            out.bank = bank[first..=last].to_vec();
        }
        out
    }
}

impl Transition {
    /// This transition as a [`TransitionTable`] gives one.
    pub fn view(&self) -> TransitionRef<'_> {
        TransitionRef {
            win: self.win,
            farkle: self.farkle,
            first: self.first,
            bank: &self.bank,
        }
    }
}

/// One turn's [`Transition`], borrowed from where it is kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TransitionRef<'a> {
    /// P(own score + turn total reaches the goal).
    pub win: f64,
    /// P(the turn ends in a farkle).
    pub farkle: f64,
    /// The first turn total (units) of `bank`.
    pub first: u32,
    /// P(banking turn total `first + i`), by i.
    pub bank: &'a [f64],
}

/// Every turn start's [`Transition`] in two flat arrays: a table of half a million turns is
/// written and freed as two allocations, not half a million (freed one by one they took a
/// tenth of a second, by which a stopped solve's end came late).
#[derive(Clone, Debug, Default)]
pub struct TransitionTable {
    /// Per state: its probabilities and where its bank's lie in `banks`.
    heads: Vec<Head>,
    /// The bank probabilities of every state, one after another.
    banks: Vec<f64>,
}

/// A [`TransitionTable`]'s entry for one state.
#[derive(Clone, Copy, Debug, Default)]
struct Head {
    win: f64,
    farkle: f64,
    first: u32,
    len: u32,
    start: usize,
}

impl TransitionTable {
    /// A table of `states` turns that end nowhere (probability 0 everywhere), with room for
    /// `banks` bank probabilities before it grows where the system grants that much (else it
    /// grows as they come).
    pub fn new(states: usize, banks: usize) -> TransitionTable {
        let mut room = Vec::new();
        // Refused room is no error: the banks then grow as they are set.
        let _ = room.try_reserve_exact(banks);
        TransitionTable {
            heads: vec![Head::default(); states],
            banks: room,
        }
    }

    /// Makes `state`'s turn `transition` (its bank appended; set each state once).
    pub fn set(&mut self, state: usize, transition: &Transition) {
        self.heads[state] = Head {
            win: transition.win,
            farkle: transition.farkle,
            first: transition.first,
            len: transition.bank.len() as u32,
            start: self.banks.len(),
        };
        self.banks.extend_from_slice(&transition.bank);
    }

    /// `state`'s turn.
    #[inline]
    pub fn get(&self, state: usize) -> TransitionRef<'_> {
        let head = self.heads[state];
        TransitionRef {
            win: head.win,
            farkle: head.farkle,
            first: head.first,
            bank: &self.banks[head.start..head.start + head.len as usize],
        }
    }
}

/// The decisions a [`Turn::forward`] follows.
pub trait Decide {
    /// Whether to bank at turn total `t` (units, at least the least bankable) with `dice` dice.
    fn banks(&self, t: usize, dice: usize) -> bool;
    /// Which of `keeps` (offer number `offer` of the layout's, sorted) to take at turn total `t`
    /// with `dice` dice rolled.
    fn keep(&self, t: usize, dice: usize, offer: usize, keeps: &[Keep]) -> usize;
}

/// The scratch of one turn's solve.
#[derive(Clone, Debug)]
pub struct Turn {
    /// V by `(dice − 1) · stride + t`, per lane.
    values: Vec<Lanes>,
    /// Whether each lane banks, by `(dice − 1) · stride + t`: bit `lane`.
    banks: Vec<u8>,
    /// The best keep of each offer per lane (its first of the most valuable), by `t · offers +
    /// offer`.
    choices: Vec<[u8; LANES]>,
    /// The least bankable turn total.
    min_bank: usize,
    /// The mover banks where banking is worth more than rolling less this (0: strictly more;
    /// the N-seat race's [`TIE`](crate::seats::TIE): also where the two are worth the same to
    /// within it).
    tie: f64,
}

/// The scratch of following a turn's decisions: probability mass by `(dice − 1) · stride + t`.
#[derive(Clone, Debug)]
pub struct Mass {
    mass: Vec<f64>,
    /// The least bankable turn total.
    min_bank: usize,
}

impl Mass {
    /// Scratch for following turns of `game` laid out as `layout`.
    pub fn new(game: &Farkle, layout: &Layout) -> Mass {
        Mass {
            mass: vec![0.0; DICE * layout.stride],
            min_bank: game.min_bank_units(),
        }
    }

    /// The turn's end following `decide` from (0, 6), over turn totals `0..len`.
    pub fn forward(&mut self, layout: &Layout, len: usize, decide: &impl Decide) -> Transition {
        self.forward_from(layout, len, (0, DICE), decide)
    }

    /// The turn's end following `decide` from turn total `from` with `dice` dice (below `len`),
    /// over turn totals `0..len`: banked totals are counted from 0, as from the turn's start.
    pub fn forward_from(
        &mut self,
        layout: &Layout,
        len: usize,
        (from, rolled): (usize, usize),
        decide: &impl Decide,
    ) -> Transition {
        let stride = layout.stride;
        for dice in 0..DICE {
            self.mass[dice * stride..dice * stride + len].fill(0.0);
        }
        self.mass[(rolled - 1) * stride + from] = 1.0;
        let (mut win, mut farkle) = (0.0, 0.0);
        let mut bank = vec![0.0; len];
        for (t, banked) in bank.iter_mut().enumerate().skip(from) {
            for (dice, rolls) in layout.rolls.iter().enumerate() {
                let m = self.mass[dice * stride + t];
                if m == 0.0 {
                    continue;
                }
                if t >= self.min_bank && decide.banks(t, dice + 1) {
                    *banked += m;
                    continue;
                }
                farkle += m * rolls.farkle;
                let mut start = 0;
                for (i, (&p, &end)) in rolls.probabilities.iter().zip(&rolls.ends).enumerate() {
                    let end = end as usize;
                    let places = &rolls.places[start..end];
                    let k = decide.keep(t, dice + 1, rolls.first + i, &rolls.keeps[start..end]);
                    let next = t + rolls.keeps[start + k].units as usize;
                    if next >= len {
                        win += m * p;
                    } else {
                        self.mass[places[k] as usize + t] += m * p;
                    }
                    start = end;
                }
            }
        }
        Transition::new(win, farkle, &bank)
    }
}

impl Turn {
    /// Scratch for solving turns of `game` laid out as `layout`.
    pub fn new(game: &Farkle, layout: &Layout) -> Turn {
        let size = DICE * layout.stride;
        Turn {
            values: vec![[0.0; LANES]; size],
            banks: vec![0; size],
            choices: vec![[0; LANES]; layout.stride * layout.offers],
            min_bank: game.min_bank_units(),
            tie: 0.0,
        }
    }

    /// The same scratch banking where banking is worth more than rolling less `tie` (so a tie
    /// to within `tie` banks), instead of only where it is worth strictly more.
    pub fn banking_ties(mut self, tie: f64) -> Turn {
        self.tie = tie;
        self
    }

    /// Values every (t, n) of a turn with turn totals `0..len` below the goal: banking at t
    /// worth `bank[t]` (`bank[0]` unused), a farkle worth `farkle` per lane, a turn total t ≥
    /// `len` worth `beyond(t)`. Returns the value of the turn's start, (0, 6), per lane.
    pub fn backward(
        &mut self,
        layout: &Layout,
        len: usize,
        bank: &[f64],
        farkle: Lanes,
        beyond: impl Fn(usize) -> f64,
    ) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, as checked just above.
            return unsafe { self.backward_avx2(layout, len, bank, farkle, beyond) };
        }
        self.solve_backward(layout, len, bank, farkle, beyond)
    }

    /// [`backward`](Self::backward) compiled for AVX2, whose blends and four-wide registers fit
    /// the lanes: about twice as fast where the processor has it.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn backward_avx2(
        &mut self,
        layout: &Layout,
        len: usize,
        bank: &[f64],
        farkle: Lanes,
        beyond: impl Fn(usize) -> f64,
    ) -> Lanes {
        self.solve_backward(layout, len, bank, farkle, beyond)
    }

    /// The body of [`backward`](Self::backward), inlined into each compiled copy.
    #[inline(always)]
    fn solve_backward(
        &mut self,
        layout: &Layout,
        len: usize,
        bank: &[f64],
        farkle: Lanes,
        beyond: impl Fn(usize) -> f64,
    ) -> Lanes {
        let stride = layout.stride;
        let tie = self.tie;
        for dice in 0..DICE {
            for t in len..stride {
                self.values[dice * stride + t] = [beyond(t); LANES];
            }
        }
        for t in (0..len).rev() {
            let bankable = t >= self.min_bank;
            for (dice, rolls) in layout.rolls.iter().enumerate() {
                if t == 0 && dice + 1 < DICE {
                    // Only the start has turn total 0, with six dice.
                    continue;
                }
                let mut roll = farkle.map(|c| c * rolls.farkle);
                let mut start = 0;
                let choices = &mut self.choices[t * layout.offers + rolls.first..];
                for ((&p, &end), choice) in rolls.probabilities.iter().zip(&rolls.ends).zip(choices)
                {
                    let end = end as usize;
                    let mut best = self.values[rolls.places[start] as usize + t];
                    // The keep's number as a float, so that it blends like the values.
                    let mut arg = [0.0f64; LANES];
                    let mut j = 0.0;
                    for &place in &rolls.places[start + 1..end] {
                        let v = self.values[place as usize + t];
                        j += 1.0;
                        for l in 0..LANES {
                            let more = v[l] > best[l];
                            best[l] = if more { v[l] } else { best[l] };
                            arg[l] = if more { j } else { arg[l] };
                        }
                    }
                    *choice = arg.map(|a| a as u8);
                    for l in 0..LANES {
                        roll[l] += p * best[l];
                    }
                    start = end;
                }
                let at = dice * stride + t;
                let mut banks = 0u8;
                if bankable {
                    let b = bank[t];
                    for (l, r) in roll.iter_mut().enumerate() {
                        if b + tie > *r {
                            *r = b;
                            banks |= 1 << l;
                        }
                    }
                }
                self.values[at] = roll;
                self.banks[at] = banks;
            }
        }
        self.values[(DICE - 1) * stride]
    }

    /// The value of (t, dice) in `lane` after [`backward`](Self::backward) (t below the goal's
    /// reach, or beyond it).
    pub fn value(&self, layout: &Layout, t: usize, dice: usize, lane: usize) -> f64 {
        self.values[(dice - 1) * layout.stride + t][lane]
    }

    /// The turn's end in each of the first `lanes` lanes following the best decisions found by
    /// [`backward`](Self::backward) over turn totals `0..len`, all lanes in one pass; `mass`
    /// is scratch.
    pub fn follow(
        &self,
        layout: &Layout,
        len: usize,
        lanes: usize,
        mass: &mut Vec<Lanes>,
    ) -> Vec<Transition> {
        let stride = layout.stride;
        mass.clear();
        mass.resize(DICE * stride, [0.0; LANES]);
        mass[(DICE - 1) * stride][..lanes].fill(1.0);
        let mut bank = vec![[0.0; LANES]; len];
        let mut win = [0.0; LANES];
        let mut farkle = [0.0; LANES];
        for t in 0..len {
            for (dice, rolls) in layout.rolls.iter().enumerate() {
                let at = dice * stride + t;
                let mut m = mass[at];
                if m.iter().all(|&x| x == 0.0) {
                    continue;
                }
                let banks = self.banks[at];
                if banks != 0 {
                    for l in 0..LANES {
                        if banks & (1 << l) != 0 {
                            bank[t][l] += m[l];
                            m[l] = 0.0;
                        }
                    }
                    if m.iter().all(|&x| x == 0.0) {
                        continue;
                    }
                }
                for l in 0..LANES {
                    farkle[l] += m[l] * rolls.farkle;
                }
                let choices = &self.choices[t * layout.offers + rolls.first..];
                let mut start = 0;
                for ((&p, &end), choice) in rolls.probabilities.iter().zip(&rolls.ends).zip(choices)
                {
                    if choice[..lanes].iter().all(|&c| c == choice[0]) {
                        let k = start + choice[0] as usize;
                        if t + rolls.keeps[k].units as usize >= len {
                            for l in 0..LANES {
                                win[l] += m[l] * p;
                            }
                        } else {
                            let to = &mut mass[rolls.places[k] as usize + t];
                            for l in 0..LANES {
                                to[l] += m[l] * p;
                            }
                        }
                    } else {
                        for l in 0..lanes {
                            let k = start + choice[l] as usize;
                            if t + rolls.keeps[k].units as usize >= len {
                                win[l] += m[l] * p;
                            } else {
                                mass[rolls.places[k] as usize + t][l] += m[l] * p;
                            }
                        }
                    }
                    start = end as usize;
                }
            }
        }
        (0..lanes)
            .map(|l| {
                let q: Vec<f64> = bank.iter().map(|b| b[l]).collect();
                Transition::new(win[l], farkle[l], &q)
            })
            .collect()
    }

    /// Whether `lane` banks at (t, dice) after [`backward`](Self::backward).
    pub fn banks(&self, layout: &Layout, t: usize, dice: usize, lane: usize) -> bool {
        self.banks[(dice - 1) * layout.stride + t] & (1 << lane) != 0
    }

    /// The keep of offer number `offer` that `lane` takes at turn total `t`: the first of the
    /// most valuable after [`backward`](Self::backward).
    pub fn best_keep(&self, layout: &Layout, t: usize, offer: usize, lane: usize) -> usize {
        self.choices[t * layout.offers + offer][lane] as usize
    }
}

/// The decisions of one lane of a solved [`Turn`]: the best ones.
pub struct Best<'a> {
    /// The solved turn.
    pub turn: &'a Turn,
    /// Its layout.
    pub layout: &'a Layout,
    /// The lane.
    pub lane: usize,
}

impl Decide for Best<'_> {
    fn banks(&self, t: usize, dice: usize) -> bool {
        self.turn.banks(self.layout, t, dice, self.lane)
    }

    fn keep(&self, t: usize, _dice: usize, offer: usize, _keeps: &[Keep]) -> usize {
        self.turn.best_keep(self.layout, t, offer, self.lane)
    }
}
