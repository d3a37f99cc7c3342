//! Farkle for N seats (RULES.md "Pig and Farkle for N players"): seats move in turn, the first
//! banked score to reach the goal wins at once, each seat's farkle count and penalty are its
//! own, each seat chooses what is worth most to itself.
//!
//! A turn start is the mover's seat in the table of players (0 where every seat plays alike),
//! the N banked scores (indexes from the floor, as [`Farkle::index`]) and the N farkle counts,
//! each from the mover on in the order the seats move. [`FarkleRace`] solves the mover's turn
//! with the two-player solver's [`Turn`] from the values of the starts the turn can end in
//! ([`crate::seats`] sweeps them): banking t hands the next seat the scores with the mover's
//! raised and its count back to 0; a farkle hands them on with the mover's count one higher,
//! or after the run that costs the penalty with its score lowered (never below the floor) and
//! its count back to 0. A turn that hands on the same scores (a farkle that lowers nothing) is
//! the race's empty turn; a penalty that lowers a score leads to a later layer, read from the
//! sweep before.
//!
//! The starts are numbered with the mover's farkle count fastest: banking reads the same values
//! whatever the mover's count, so one solve of [`Turn`]'s lanes (one per count) serves the
//! starts that lie side by side, and is kept while what they read comes back the same.

use std::sync::Arc;

use rand::Rng;

use super::game::{DICE, Farkle, Keep};
use super::policy::{BankAt, Fixed, Player, max_points};
use super::turn::{Decide, LANES, Lanes, Layout, Layouts, Mass, Transition, Turn};
use crate::seats::{Ends, MOST_SEATS, Race, TIE, Values, Wins, add_weighted, passed};

/// Farkle for N seats, each seat with its player; the race [`crate::seats::solve`] solves.
pub struct FarkleRace {
    farkle: Arc<Farkle>,
    seats: usize,
    /// One player per seat, or one for every seat (then the starts do not say whose turn it is).
    players: Vec<Player>,
    /// Per entry of `players`: a fixed policy's turn from every own score, `None` for the
    /// optimiser.
    fixed: Vec<Option<Vec<Transition>>>,
    /// Every keep of every roll, and those worth weighing where more points are never worth
    /// less ([`Layouts::for_bank`]): the race's turns are solved over the second where they
    /// may, a [`Plan`] over every keep (its choices number the keeps of each offer).
    layouts: Layouts,
    /// Banked scores a seat can have.
    scores: usize,
    /// Farkle counts a seat can have.
    farkles: usize,
    /// scores^N: the tuples of scores.
    tuples: usize,
    /// farkles^N: the tuples of farkle counts.
    counts: usize,
    /// The number of the first offer of each count of dice among every count's (as the
    /// layout numbers them), by dice.
    first_offer: [usize; DICE + 1],
}

/// Why Farkle for N seats cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatsError {
    /// Fewer than two seats, or more than [`MOST_SEATS`].
    #[error("farkle: {0} players; it is played by 2 to {MOST_SEATS}")]
    Seats(usize),
    /// Neither one player for all seats nor one per seat.
    #[error(
        "farkle: {given} players given for {seats} seats: give one for every seat, or one for all"
    )]
    Players {
        /// Players given.
        given: usize,
        /// Seats.
        seats: usize,
    },
    /// A player that only the two-player game has.
    #[error(
        "farkle for {seats} players: a seat plays the optimum (each seat for itself) or a \
         built-in policy; {player} is two-player only"
    )]
    TwoPlayerOnly {
        /// Seats.
        seats: usize,
        /// What it is.
        player: &'static str,
    },
    /// More turn starts than can be numbered.
    #[error(
        "farkle for {seats} players at goal {goal}: {starts} turn starts, more than the {} a \
         solve can number",
        u32::MAX
    )]
    TooLarge {
        /// Seats.
        seats: usize,
        /// The goal (points).
        goal: u32,
        /// Turn starts (saturated).
        starts: usize,
    },
}

/// The scratch of one turn solved for every count of its mover at once: its within-turn values
/// and decisions, where it ends, and what banking each turn total is worth.
pub struct Scratch {
    turn: Turn,
    bank: Vec<f64>,
    /// What `turn` was solved for: the start of its scores and the other seats' counts with
    /// the mover's count 0, and what a farkle is worth in each lane (the mover's count).
    solved: Option<(usize, Lanes)>,
    /// And what banking was worth.
    solved_bank: Vec<f64>,
    /// Where its turn ends in each lane.
    ends: Vec<Transition>,
    /// The mass of each lane following it.
    lanes: Vec<Lanes>,
}

/// A start in words: whose seat moves (0 where every seat plays alike), and the scores and
/// farkle counts from the mover on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The mover's seat in the table of players.
    pub table: usize,
    /// The banked scores (indexes from the floor), the mover's first, then the next seats' in
    /// the order they move.
    pub scores: Vec<usize>,
    /// The farkle counts in the same order.
    pub counts: Vec<usize>,
}

/// The decisions of one turn from one start: where to bank and which keep to take.
pub struct Plan {
    decisions: Decisions,
}

/// What a [`Plan`] decides by.
enum Decisions {
    /// A solved turn's best decisions (the optimiser's, or `max_points`').
    Solved(Turn),
    /// `bank_at`'s rule.
    BankAt(BankAt),
}

/// A plan read over its layout, its decision at one within-turn state forced where given.
struct Following<'a> {
    plan: &'a Plan,
    layout: &'a Layout,
    /// (turn total, dice, banks) where the decision is forced.
    forced: Option<(usize, usize, bool)>,
}

impl Decide for Following<'_> {
    fn banks(&self, t: usize, dice: usize) -> bool {
        match (self.forced, &self.plan.decisions) {
            (Some((at, rolled, banks)), _) if (at, rolled) == (t, dice) => banks,
            (_, Decisions::Solved(turn)) => turn.banks(self.layout, t, dice, 0),
            (_, Decisions::BankAt(rule)) => rule.banks(t, dice),
        }
    }

    fn keep(&self, t: usize, dice: usize, offer: usize, keeps: &[Keep]) -> usize {
        match &self.plan.decisions {
            Decisions::Solved(turn) => turn.best_keep(self.layout, t, offer, 0),
            Decisions::BankAt(rule) => rule.keep(t, dice, offer, keeps),
        }
    }
}

impl FarkleRace {
    /// `farkle` for `seats` seats (2 to [`MOST_SEATS`]), with one player per seat or one for
    /// every seat: the optimiser or a built-in policy.
    pub fn new(
        farkle: Arc<Farkle>,
        seats: usize,
        players: Vec<Player>,
    ) -> Result<FarkleRace, SeatsError> {
        if !(2..=MOST_SEATS).contains(&seats) {
            return Err(SeatsError::Seats(seats));
        }
        if players.len() != 1 && players.len() != seats {
            return Err(SeatsError::Players {
                given: players.len(),
                seats,
            });
        }
        let layouts = Layouts::new(&farkle);
        let layout = &layouts.full;
        let fixed = players
            .iter()
            .map(|player| match player {
                Player::Optimising => Ok(None),
                Player::Fixed(policy) => Ok(Some(policy.transitions(&farkle, layout))),
                Player::Python => Err("a Python strategy"),
                Player::Equilibrium => Err("the equilibrium"),
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|player| SeatsError::TwoPlayerOnly { seats, player })?;
        let (scores, farkles) = (farkle.scores(), farkle.farkles());
        let power = |base: usize| base.checked_pow(seats as u32);
        let starts = power(scores)
            .zip(power(farkles))
            .and_then(|(s, k)| s.checked_mul(k)?.checked_mul(players.len()));
        let Some(starts) = starts.filter(|&n| n <= u32::MAX as usize) else {
            return Err(SeatsError::TooLarge {
                seats,
                goal: farkle.goal(),
                starts: starts.unwrap_or(usize::MAX),
            });
        };
        debug_assert!(starts > 0);
        let mut first_offer = [0; DICE + 1];
        for dice in 2..=DICE {
            first_offer[dice] = first_offer[dice - 1] + farkle.throw(dice - 1).offers.len();
        }
        Ok(FarkleRace {
            seats,
            players,
            fixed,
            layouts,
            scores,
            farkles,
            tuples: scores.pow(seats as u32),
            counts: farkles.pow(seats as u32),
            first_offer,
            farkle,
        })
    }

    /// The game.
    pub fn farkle(&self) -> &Farkle {
        &self.farkle
    }

    /// The start of `start`'s number.
    pub fn start_of(&self, start: usize) -> Start {
        let mut scores = vec![0; self.seats];
        let mut rest = start / self.counts % self.tuples;
        for score in scores.iter_mut().rev() {
            *score = rest % self.scores;
            rest /= self.scores;
        }
        let mut counts = vec![0; self.seats];
        let mut rest = start % self.counts;
        for count in &mut counts {
            *count = rest % self.farkles;
            rest /= self.farkles;
        }
        Start {
            table: self.table(start),
            scores,
            counts,
        }
    }

    /// The number of `start`, `None` where it is no start of this race (a seat out of the
    /// table, a score or count out of range, or not one per seat).
    pub fn number(&self, start: &Start) -> Option<usize> {
        let fits = start.table < self.players.len()
            && start.scores.len() == self.seats
            && start.counts.len() == self.seats
            && start.scores.iter().all(|&s| s < self.scores)
            && start.counts.iter().all(|&c| c < self.farkles);
        let tuple = start.scores.iter().fold(0, |n, &s| n * self.scores + s);
        let counts = start
            .counts
            .iter()
            .rev()
            .fold(0, |n, &c| n * self.farkles + c);
        fits.then(|| (start.table * self.tuples + tuple) * self.counts + counts)
    }

    /// The first turn of the game: every score 0, no farkles, the first seat to move.
    pub fn first(&self) -> usize {
        let zero = self
            .farkle
            .index(0)
            .expect("0 is a score: the floor is at most 0");
        let start = Start {
            table: 0,
            scores: vec![zero; self.seats],
            counts: vec![0; self.seats],
        };
        self.number(&start).expect("the first turn is a start")
    }

    /// The mover's score index at `start`.
    #[inline]
    fn own(&self, start: usize) -> usize {
        start / self.counts % self.tuples / (self.tuples / self.scores)
    }

    /// The mover's farkle count at `start`: the fastest axis, so that the starts that differ
    /// only in it (whose turns one solve of four lanes serves) lie side by side.
    #[inline]
    fn count(&self, start: usize) -> usize {
        start % self.farkles
    }

    /// The entry of `players` moving at `start`.
    #[inline]
    fn table(&self, start: usize) -> usize {
        start / (self.tuples * self.counts)
    }

    /// The start after the mover of `start` ends its turn with score index `own` and farkle
    /// count `count`: the next seat to move.
    #[inline]
    fn after(&self, start: usize, own: usize, count: usize) -> usize {
        let tuple = start / self.counts % self.tuples;
        let counts = start % self.counts;
        let table = (self.table(start) + 1) % self.players.len();
        let tuple = tuple % (self.tuples / self.scores) * self.scores + own;
        let counts = counts / self.farkles + count * (self.counts / self.farkles);
        (table * self.tuples + tuple) * self.counts + counts
    }

    /// Where a farkle of `start`'s mover leads when it lowers its score (a penalty above the
    /// floor): `None` where it hands on the same scores (the empty turn).
    #[inline]
    fn lowered(&self, start: usize) -> Option<usize> {
        let own = self.own(start);
        let (after, count) = self.farkle.after_farkle(own, self.count(start));
        (after != own).then(|| self.after(start, after, count))
    }

    /// What banking each turn total of `start`'s turn is worth to its mover (0 for the unused
    /// turn total 0), into `bank`.
    fn bank_values(&self, start: usize, values: &Values, bank: &mut Vec<f64>) {
        let own = self.own(start);
        bank.clear();
        bank.push(0.0);
        bank.extend(
            (1..self.scores - own).map(|t| values.to_previous(self.after(start, own + t, 0))),
        );
    }

    /// The keeps a turn banking as `bank` says is solved over: where `pruned`, those no other
    /// keep beats where banking allows it, else every keep.
    fn layout(&self, bank: &[f64], pruned: bool) -> &Layout {
        if pruned {
            self.layouts.for_bank(bank, self.farkle.min_bank_units())
        } else {
            &self.layouts.full
        }
    }

    /// Solves `scratch.turn` for the best play of the starts of `start`'s scores and the other
    /// seats' counts, one lane per mover's count: banking worth `scratch.bank`, a farkle worth
    /// `farkle` in each lane. Returns the layout solved over.
    fn decide(&self, farkle: Lanes, pruned: bool, scratch: &mut Scratch) -> &Layout {
        let layout = self.layout(&scratch.bank, pruned);
        let len = scratch.bank.len();
        scratch
            .turn
            .backward(layout, len, &scratch.bank, farkle, |_| 1.0);
        layout
    }

    /// What a farkle of `start`'s mover is worth to it, the empty turn worth `empty` (its own
    /// entry).
    fn farkle_value(&self, start: usize, values: &Values, empty: f64) -> f64 {
        self.lowered(start)
            .map_or(empty, |to| values.to_previous(to))
    }

    /// Where `start`'s turn ends, ending as `turn` says.
    fn ends_of(&self, start: usize, values: &Values, turn: &Transition) -> Ends {
        let own = self.own(start);
        let mut ends = Ends {
            fixed: [0.0; MOST_SEATS],
            empty: 0.0,
        };
        ends.fixed[0] = turn.win;
        for (i, &p) in turn.bank.iter().enumerate() {
            if p != 0.0 {
                let t = turn.first as usize + i;
                add_weighted(
                    &mut ends.fixed,
                    p,
                    &values.passed(self.after(start, own + t, 0)),
                );
            }
        }
        match self.lowered(start) {
            Some(to) => add_weighted(&mut ends.fixed, turn.farkle, &values.passed(to)),
            None => ends.empty = turn.farkle,
        }
        ends
    }

    /// The decisions of `start`'s mover from the solved `values`: the best for itself, or its
    /// policy's.
    pub fn plan(&self, start: usize, values: &Values) -> Plan {
        let decisions = match self.players[self.table(start)] {
            Player::Fixed(Fixed::BankAt { total, dice }) => {
                Decisions::BankAt(BankAt::new(total, dice))
            }
            Player::Fixed(Fixed::MaxPoints) => {
                let layout = &self.layouts.full;
                let mut turn = Turn::new(&self.farkle, layout);
                max_points(&mut turn, layout, self.scores - self.own(start));
                Decisions::Solved(turn)
            }
            _ => {
                let mut scratch = Race::scratch(self);
                let empty = values.to_previous(self.empty_to(start));
                let farkle = self.farkle_value(start, values, empty);
                self.bank_values(start, values, &mut scratch.bank);
                self.decide([farkle; LANES], false, &mut scratch);
                Decisions::Solved(scratch.turn)
            }
        };
        Plan { decisions }
    }

    /// `start`'s turn from the solved `values`, to be valued at any state within it.
    pub fn turn_at<'a>(&'a self, start: usize, values: &'a Values) -> TurnAt<'a> {
        TurnAt {
            race: self,
            start,
            values,
            plan: self.plan(start, values),
            empty: passed(&values.get(self.empty_to(start)), self.seats),
            mass: Mass::new(&self.farkle, &self.layouts.full),
        }
    }
}

/// One start's turn under its mover's decisions, valued for every seat at any state within it
/// ([`FarkleRace::turn_at`]).
pub struct TurnAt<'a> {
    race: &'a FarkleRace,
    start: usize,
    values: &'a Values,
    plan: Plan,
    /// The value of the start an empty turn hands on, seen from the mover.
    empty: Wins,
    mass: Mass,
}

/// What a within-turn state's choices are worth to every seat, the mover first.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// The state under the mover's decisions.
    pub wins: Wins,
    /// Rolling the dice, then the mover's decisions.
    pub roll: Wins,
    /// Banking, where the turn total may be banked.
    pub bank: Option<Wins>,
    /// Whether the mover banks there.
    pub banks: bool,
}

impl TurnAt<'_> {
    /// Whether turn total `t` (units) with `dice` dice is a state of the turn: below the
    /// goal's reach, 1 to 6 dice, six at the turn's start.
    pub fn is_state(&self, t: usize, dice: usize) -> bool {
        t < self.race.scores - self.race.own(self.start)
            && (1..=DICE).contains(&dice)
            && (t > 0 || dice == DICE)
    }

    /// Every seat's chance at the state (t, dice), the decision there `forced` (true to bank)
    /// where given, else the mover's.
    fn wins(&mut self, t: usize, dice: usize, forced: Option<bool>) -> Wins {
        let race = self.race;
        let len = race.scores - race.own(self.start);
        let following = Following {
            plan: &self.plan,
            layout: &race.layouts.full,
            forced: forced.map(|banks| (t, dice, banks)),
        };
        let turn = self
            .mass
            .forward_from(&race.layouts.full, len, (t, dice), &following);
        let ends = race.ends_of(self.start, self.values, &turn);
        let mut wins = ends.fixed;
        add_weighted(&mut wins, ends.empty, &self.empty);
        wins
    }

    /// The choices at turn total `t` (units) with `dice` dice, each valued for every seat;
    /// `None` where that is no state of the turn ([`is_state`](Self::is_state)).
    pub fn choices(&mut self, t: usize, dice: usize) -> Option<Choices> {
        if !self.is_state(t, dice) {
            return None;
        }
        let bankable = t >= self.race.farkle.min_bank_units();
        let following = Following {
            plan: &self.plan,
            layout: &self.race.layouts.full,
            forced: None,
        };
        let banks = bankable && following.banks(t, dice);
        Some(Choices {
            wins: self.wins(t, dice, None),
            roll: self.wins(t, dice, Some(false)),
            bank: bankable.then(|| self.wins(t, dice, Some(true))),
            banks,
        })
    }

    /// Each keep a roll showing `shown` (dice counted by face) offers at turn total `t`
    /// (units), valued for every seat (the mover's decisions after it); `None` for a farkle,
    /// or where rolling those dice at `t` is no state of the turn.
    pub fn keeps(&mut self, t: usize, shown: &[u8; 6]) -> Option<Vec<(Keep, Wins)>> {
        let race = self.race;
        let len = race.scores - race.own(self.start);
        let dice = shown.iter().map(|&c| usize::from(c)).sum();
        if !self.is_state(t, dice) {
            return None;
        }
        let keeps = race.farkle.offer(shown)?.keeps.clone();
        let mut won = [0.0; MOST_SEATS];
        won[0] = 1.0;
        Some(
            keeps
                .into_iter()
                .map(|keep| {
                    let next = t + keep.units as usize;
                    let wins = if next >= len {
                        won
                    } else {
                        self.wins(next, keep.left as usize, None)
                    };
                    (keep, wins)
                })
                .collect(),
        )
    }
}

impl Race for FarkleRace {
    type Scratch = Scratch;

    fn seats(&self) -> usize {
        self.seats
    }

    fn starts(&self) -> usize {
        self.players.len() * self.counts * self.tuples
    }

    fn scratch(&self) -> Scratch {
        Scratch {
            turn: Turn::new(&self.farkle, &self.layouts.full).banking_ties(TIE),
            bank: Vec::with_capacity(self.scores),
            solved: None,
            solved_bank: Vec::with_capacity(self.scores),
            ends: Vec::new(),
            lanes: Vec::new(),
        }
    }

    fn layers(&self) -> Vec<Vec<Vec<u32>>> {
        let tables = self.players.len();
        let most = (self.scores - 1) * self.seats;
        let mut layers: Vec<Vec<Vec<u32>>> = vec![Vec::new(); most + 1];
        let mut seen = vec![false; tables * self.tuples];
        let rest = self.tuples / self.scores;
        for pair in 0..seen.len() {
            if seen[pair] {
                continue;
            }
            let mut group = Vec::new();
            let (mut table, mut tuple) = (pair / self.tuples, pair % self.tuples);
            while !seen[table * self.tuples + tuple] {
                seen[table * self.tuples + tuple] = true;
                for counts in 0..self.counts {
                    group.push(((table * self.tuples + tuple) * self.counts + counts) as u32);
                }
                table = (table + 1) % tables;
                tuple = tuple % rest * self.scores + tuple / rest;
            }
            let sum: usize = self
                .start_of(pair % self.tuples * self.counts)
                .scores
                .iter()
                .sum();
            layers[most - sum].push(group);
        }
        layers
    }

    fn empty_to(&self, start: usize) -> usize {
        let own = self.own(start);
        match self.farkle.after_farkle(own, self.count(start)) {
            (after, count) if after == own => self.after(start, own, count),
            _ => start,
        }
    }

    fn ends(&self, start: usize, values: &Values, empty: &Wins, scratch: &mut Scratch) -> Ends {
        if let Some(turns) = &self.fixed[self.table(start)] {
            return self.ends_of(start, values, &turns[self.own(start)]);
        }
        let count = self.count(start);
        let farkle = self.farkle_value(start, values, empty[self.seats - 1]);
        self.bank_values(start, values, &mut scratch.bank);
        let block = start - count;
        let solved = scratch
            .solved
            .is_some_and(|(at, lanes)| at == block && lanes[count].to_bits() == farkle.to_bits())
            && scratch.bank == scratch.solved_bank;
        if !solved {
            // The other counts' farkles valued from `values`: what the driver passes them
            // while their group's values are those of `values` (a group's first round, a
            // residual's), so that their turns are solved already then.
            let mut lanes = [farkle; LANES];
            for (other, lane) in lanes.iter_mut().enumerate().take(self.farkles) {
                if other != count {
                    let at = block + other;
                    *lane = self.farkle_value(at, values, values.to_previous(self.empty_to(at)));
                }
            }
            scratch.solved = Some((block, lanes));
            scratch.solved_bank.clone_from(&scratch.bank);
            let layout = self.decide(lanes, true, scratch);
            let len = scratch.bank.len();
            scratch.ends = scratch
                .turn
                .follow(layout, len, self.farkles, &mut scratch.lanes);
        }
        self.ends_of(start, values, &scratch.ends[count])
    }
}

/// One game of `race` from its first turn, each turn played by `plans` (the mover's decisions
/// from a start) with dice drawn from `rng`: the seat that wins (0 moves first), or none where
/// the game runs past `most_turns`.
pub fn play(
    race: &FarkleRace,
    plans: &mut dyn FnMut(usize) -> Arc<Plan>,
    rng: &mut impl Rng,
    most_turns: usize,
) -> Option<usize> {
    let farkle = race.farkle();
    let seats = race.seats;
    let tables = race.players.len();
    let zero = farkle
        .index(0)
        .expect("0 is a score: the floor is at most 0");
    let min_bank = farkle.min_bank_units();
    let mut scores = vec![zero; seats];
    let mut counts = vec![0; seats];
    let mut seat = 0;
    for _ in 0..most_turns {
        let order = |of: &[usize]| (0..seats).map(|k| of[(seat + k) % seats]).collect();
        let start = Start {
            table: seat % tables,
            scores: order(&scores),
            counts: order(&counts),
        };
        let plan = plans(race.number(&start).expect("the game's scores are in range"));
        let decide = Following {
            plan: &plan,
            layout: &race.layouts.full,
            forced: None,
        };
        let len = race.scores - scores[seat];
        let (mut t, mut dice) = (0, DICE);
        loop {
            if t >= min_bank && decide.banks(t, dice) {
                scores[seat] += t;
                counts[seat] = 0;
                break;
            }
            let mut shown = [0u8; 6];
            for _ in 0..dice {
                shown[rng.random_range(0..6)] += 1;
            }
            let Some(offer) = farkle.offer(&shown) else {
                (scores[seat], counts[seat]) = farkle.after_farkle(scores[seat], counts[seat]);
                break;
            };
            let offers = &farkle.throw(dice).offers;
            let number = offers
                .binary_search_by(|o| o.keeps.cmp(&offer.keeps))
                .expect("a roll's offer is among its throw's");
            let k = decide.keep(t, dice, race.first_offer[dice] + number, &offer.keeps);
            let keep = offer.keeps[k];
            t += keep.units as usize;
            if t >= len {
                return Some(seat);
            }
            dice = keep.left as usize;
        }
        seat = (seat + 1) % seats;
    }
    None
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::farkle::{UNIT, solve};
    use crate::game::Run;
    use crate::seats::{RESIDUAL, Solution, solve as solve_race};

    fn game(settings: &[(&str, i64)]) -> Arc<Farkle> {
        let settings: Vec<(String, i64)> =
            settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
        Arc::new(Farkle::new(&settings).unwrap())
    }

    fn solved(race: &FarkleRace) -> Solution {
        let solution = solve_race(race, &Run::default()).unwrap();
        assert!(solution.residual <= RESIDUAL, "{}", solution.residual);
        solution
    }

    #[test]
    fn two_seats_are_the_two_player_game() {
        // Every start's first-player value as the two-player solver has it: the penalty to the
        // floor, a penalty that lowers a score partly and a least bankable total; both seats
        // optimal, and an optimiser against a fixed policy (the race's two tables).
        let bank = Player::Fixed(Fixed::BankAt {
            total: 200,
            dice: 2,
        });
        for (settings, players) in [
            (
                vec![("goal", 500), ("floor", -250)],
                vec![Player::Optimising],
            ),
            (
                vec![
                    ("goal", 400),
                    ("floor", -200),
                    ("farkles", 2),
                    ("penalty", 100),
                    ("min_bank", 150),
                ],
                vec![Player::Optimising],
            ),
            (
                vec![("goal", 300), ("floor", -100)],
                vec![Player::Optimising, bank],
            ),
        ] {
            let farkle = game(&settings);
            let race = FarkleRace::new(Arc::clone(&farkle), 2, players.clone()).unwrap();
            let values = solved(&race).values;
            let pair: [Player; 2] = [players[0], *players.last().unwrap()];
            let two = solve(&farkle, pair, &|_| {}).unwrap();
            let mut worst: f64 = 0.0;
            for start in 0..race.starts() {
                let Start {
                    table,
                    scores,
                    counts,
                } = race.start_of(start);
                let state = farkle.state(scores[0], scores[1], counts[0], counts[1]);
                let wins = values.get(start);
                worst = worst.max((wins[0] - two.value(table, state)).abs());
                worst = worst.max((wins[0] + wins[1] - 1.0).abs());
            }
            assert!(worst <= 1e-11, "{settings:?}: off by {worst:e}");
        }
    }

    /// The largest difference between two values, entry by entry.
    fn apart(a: &Wins, b: &Wins) -> f64 {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max)
    }

    /// A roll's offers: each one's probability and its keeps (points in units, dice left).
    type Offers = Vec<(f64, Vec<(usize, usize)>)>;

    /// Every (mover, scores, counts) of `seats` seats each playing for itself, by seat (not
    /// from the mover), solved apart: plain value iteration over every state, each turn by its
    /// own recursion over (turn total, dice) from the rolls' offers.
    struct Reference {
        seats: usize,
        scores: usize,
        farkles: usize,
        values: Vec<Wins>,
    }

    impl Reference {
        fn index(&self, mover: usize, scores: &[usize], counts: &[usize]) -> usize {
            let number =
                |digits: &[usize], base: usize| digits.iter().fold(0, |n, &d| n * base + d);
            let tuples = self.scores.pow(self.seats as u32);
            let counted = self.farkles.pow(self.seats as u32);
            (mover * counted + number(counts, self.farkles)) * tuples + number(scores, self.scores)
        }

        fn solve(farkle: &Farkle, seats: usize) -> Reference {
            let rules = farkle.settings();
            let (scores, farkles) = (farkle.scores(), farkle.farkles());
            let penalty = (rules.penalty / UNIT) as usize;
            let min_bank = ((rules.min_bank / UNIT) as usize).max(1);
            let states = seats * (scores * farkles).pow(seats as u32);
            let mut reference = Reference {
                seats,
                scores,
                farkles,
                values: vec![[1.0 / seats as f64; MOST_SEATS]; states],
            };
            for wins in &mut reference.values {
                wins[seats..].fill(0.0);
            }
            // By dice: P(farkle), and each offer's probability with its keeps (points, dice).
            let rolls: Vec<(f64, Offers)> = (1..=DICE)
                .map(|dice| {
                    let throw = farkle.throw(dice);
                    let offers = throw.offers.iter().map(|offer| {
                        let keeps = offer
                            .keeps
                            .iter()
                            .map(|k| (k.units as usize, k.left as usize));
                        (offer.probability, keeps.collect())
                    });
                    (throw.farkle, offers.collect())
                })
                .collect();
            let digits = |mut rest: usize, base: usize| {
                let mut out = vec![0; seats];
                for d in out.iter_mut().rev() {
                    *d = rest % base;
                    rest /= base;
                }
                out
            };
            let tuples = scores.pow(seats as u32);
            let counted = farkles.pow(seats as u32);
            let mut last = f64::INFINITY;
            for _ in 0..10_000 {
                let mut moved: f64 = 0.0;
                for state in 0..states {
                    let mover = state / (tuples * counted);
                    let own_scores = digits(state % tuples, scores);
                    let own_counts = digits(state / tuples % counted, farkles);
                    let next = (mover + 1) % seats;
                    let own = own_scores[mover];
                    let len = scores - own;
                    let ended = |score: usize, count: usize| {
                        let (mut s, mut c) = (own_scores.clone(), own_counts.clone());
                        (s[mover], c[mover]) = (score, count);
                        reference.values[reference.index(next, &s, &c)]
                    };
                    let farkled = if own_counts[mover] + 1 < farkles {
                        ended(own, own_counts[mover] + 1)
                    } else {
                        ended(own.saturating_sub(penalty), 0)
                    };
                    let mut won = [0.0; MOST_SEATS];
                    won[mover] = 1.0;
                    let mut within = vec![[0.0; MOST_SEATS]; len * (DICE + 1)];
                    for t in (0..len).rev() {
                        for dice in 1..=DICE {
                            if t == 0 && dice < DICE {
                                continue;
                            }
                            let (p_farkle, offers) = &rolls[dice - 1];
                            let mut roll = farkled.map(|w| w * p_farkle);
                            for (p, keeps) in offers {
                                let mut best: Option<Wins> = None;
                                for &(units, left) in keeps {
                                    let value = if t + units >= len {
                                        won
                                    } else {
                                        within[(t + units) * (DICE + 1) + left]
                                    };
                                    if best.is_none_or(|b| value[mover] > b[mover]) {
                                        best = Some(value);
                                    }
                                }
                                let best = best.expect("an offer has keeps");
                                for (r, b) in roll.iter_mut().zip(best) {
                                    *r += p * b;
                                }
                            }
                            let bank = ended(own + t, 0);
                            within[t * (DICE + 1) + dice] =
                                if t >= min_bank && bank[mover] + TIE > roll[mover] {
                                    bank
                                } else {
                                    roll
                                };
                        }
                    }
                    let value = within[DICE];
                    for (a, b) in value.iter().zip(&reference.values[state]) {
                        moved = moved.max((a - b).abs());
                    }
                    reference.values[state] = value;
                }
                if moved <= 1e-16 || (moved <= 1e-14 && moved >= last) {
                    return reference;
                }
                last = moved;
            }
            panic!("the reference did not settle");
        }
    }

    #[test]
    fn three_and_four_seats_agree_with_plain_value_iteration() {
        for (seats, settings) in [
            (3, vec![("goal", 200), ("floor", -100)]),
            (
                3,
                vec![
                    ("goal", 200),
                    ("floor", -100),
                    ("farkles", 2),
                    ("penalty", 100),
                    ("min_bank", 100),
                ],
            ),
            (
                4,
                vec![
                    ("goal", 150),
                    ("floor", -100),
                    ("farkles", 2),
                    ("penalty", 100),
                ],
            ),
        ] {
            let farkle = game(&settings);
            let race =
                FarkleRace::new(Arc::clone(&farkle), seats, vec![Player::Optimising]).unwrap();
            let solution = solved(&race);
            assert!(
                solution.sweeps > 1,
                "a penalty lowers scores: {}",
                solution.sweeps
            );
            let reference = Reference::solve(&farkle, seats);
            let mut worst: f64 = 0.0;
            for start in 0..race.starts() {
                let Start { scores, counts, .. } = race.start_of(start);
                let wins = solution.values.get(start);
                // The same position with seat 0 to move, and each seat's entry.
                for mover in 0..seats {
                    let by_seat = |of: &[usize]| -> Vec<usize> {
                        (0..seats)
                            .map(|s| of[(s + seats - mover) % seats])
                            .collect()
                    };
                    let expected = reference.values
                        [reference.index(mover, &by_seat(&scores), &by_seat(&counts))];
                    for k in 0..seats {
                        worst = worst.max((wins[k] - expected[(mover + k) % seats]).abs());
                    }
                }
            }
            assert!(
                worst <= 1e-12,
                "{seats} seats {settings:?}: off by {worst:e}"
            );
        }
    }

    #[test]
    fn every_start_shares_out_one_chance() {
        // Nothing normalises a value: a start's chances sum to 1 because every turn's ends do
        // (a game that never ends shares out 1/N each). Three seats alike, and four seats of
        // whom two play fixed policies; the first to move is the likeliest to win.
        let bank = Player::Fixed(Fixed::BankAt {
            total: 200,
            dice: 3,
        });
        for (seats, settings, players) in [
            (
                3,
                vec![("goal", 350), ("floor", -150)],
                vec![Player::Optimising],
            ),
            (
                4,
                vec![
                    ("goal", 150),
                    ("floor", -100),
                    ("farkles", 2),
                    ("penalty", 100),
                ],
                vec![
                    Player::Optimising,
                    Player::Fixed(Fixed::MaxPoints),
                    Player::Optimising,
                    bank,
                ],
            ),
        ] {
            let race = FarkleRace::new(game(&settings), seats, players).unwrap();
            let values = solved(&race).values;
            let worst = (0..race.starts())
                .map(|start| (values.get(start).iter().sum::<f64>() - 1.0).abs())
                .fold(0.0, f64::max);
            assert!(worst <= 1e-12, "{seats} seats: off by {worst:e}");
            let first = values.get(race.first());
            assert!(first[0] > first[1], "{first:?}");
            if seats == 3 {
                assert!(first[1] > first[2], "{first:?}");
            }
        }
    }

    #[test]
    fn a_turn_valued_from_within_agrees_with_its_start() {
        // At a turn start the choices give back the start's value; inside, the state is worth
        // its mover's choice (banking where that is worth as much to it, to within TIE), and
        // rolling is worth what every roll of the dice offers, each roll's best keep valued
        // by `keeps` and a farkle handing on its scores. Three seats never bank at goals this
        // small (two opponents to pass is worth rolling on for): two seats bank.
        let (mut banked, mut rolled) = (0, 0);
        for (seats, settings) in [
            (3, vec![("goal", 400), ("floor", -100)]),
            (2, vec![("goal", 500), ("floor", -250)]),
        ] {
            let race = FarkleRace::new(game(&settings), seats, vec![Player::Optimising]).unwrap();
            let values = solved(&race).values;
            for start in (0..race.starts()).step_by(89) {
                let mut turn = race.turn_at(start, &values);
                let at_start = turn.choices(0, DICE).unwrap();
                assert_eq!((at_start.bank, at_start.banks), (None, false));
                assert_eq!(at_start.wins, at_start.roll);
                assert!(
                    apart(&at_start.wins, &values.get(start)) <= 1e-12,
                    "{start}"
                );
                assert!(turn.choices(0, 5).is_none());
                let len = race.scores - race.own(start);
                assert!(turn.choices(len, 1).is_none());
                let farkled = race.lowered(start).map_or_else(
                    || passed(&values.get(race.empty_to(start)), seats),
                    |to| values.passed(to),
                );
                for t in 1..len {
                    for dice in 1..=DICE {
                        let choices = turn.choices(t, dice).unwrap();
                        let bank = choices.bank.expect("no least bankable total");
                        if choices.banks {
                            banked += 1;
                            assert_eq!(choices.wins, bank);
                            assert!(bank[0] + TIE > choices.roll[0]);
                        } else {
                            rolled += 1;
                            assert_eq!(choices.wins, choices.roll);
                            assert!(choices.roll[0] >= bank[0] + TIE);
                        }
                        let mut roll = [0.0; MOST_SEATS];
                        for (shown, ways) in crate::dice::multisets(dice) {
                            let p = ways as f64 / 6f64.powi(dice as i32);
                            let best = match turn.keeps(t, &shown) {
                                None => farkled,
                                Some(keeps) => {
                                    let mut best = keeps[0].1;
                                    for (_, wins) in &keeps[1..] {
                                        if wins[0] > best[0] {
                                            best = *wins;
                                        }
                                    }
                                    best
                                }
                            };
                            add_weighted(&mut roll, p, &best);
                        }
                        let off = apart(&roll, &choices.roll);
                        assert!(off <= 1e-14, "{start} {t} {dice}: {off:e}");
                    }
                }
            }
        }
        assert!(banked > 0 && rolled > 0, "{banked} {rolled}");
    }

    #[test]
    fn simulated_games_agree_with_every_seats_chance() {
        let players = vec![
            Player::Optimising,
            Player::Fixed(Fixed::MaxPoints),
            Player::Fixed(Fixed::BankAt {
                total: 300,
                dice: 2,
            }),
        ];
        let race = FarkleRace::new(game(&[("goal", 300), ("floor", -200)]), 3, players).unwrap();
        let values = solved(&race).values;
        let exact = values.get(race.first());
        let mut plans: HashMap<usize, Arc<Plan>> = HashMap::new();
        let mut plan = |start| {
            let plan = plans
                .entry(start)
                .or_insert_with(|| Arc::new(race.plan(start, &values)));
            Arc::clone(plan)
        };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let games = 20_000;
        let mut won = [0u32; 3];
        for _ in 0..games {
            let seat = play(&race, &mut plan, &mut rng, 100_000).expect("the game ends");
            won[seat] += 1;
        }
        for seat in 0..3 {
            let p = exact[seat];
            let error = (p * (1.0 - p) / f64::from(games)).sqrt();
            let z = (f64::from(won[seat]) / f64::from(games) - p) / error;
            assert!(
                z.abs() < 4.0,
                "seat {seat}: {won:?} against {exact:?}, z = {z}"
            );
        }
    }

    #[test]
    fn what_cannot_be_set_up_is_refused_in_words() {
        let farkle = game(&[("goal", 300)]);
        let new = |seats, players| FarkleRace::new(Arc::clone(&farkle), seats, players).err();
        assert_eq!(new(1, vec![Player::Optimising]), Some(SeatsError::Seats(1)));
        assert_eq!(new(7, vec![Player::Optimising]), Some(SeatsError::Seats(7)));
        assert_eq!(
            new(3, vec![Player::Optimising; 2]),
            Some(SeatsError::Players { given: 2, seats: 3 })
        );
        let python = new(
            3,
            vec![Player::Optimising, Player::Python, Player::Optimising],
        );
        assert_eq!(
            python.unwrap().to_string(),
            "farkle for 3 players: a seat plays the optimum (each seat for itself) or a built-in \
             policy; a Python strategy is two-player only"
        );
        let full = FarkleRace::new(game(&[]), 6, vec![Player::Optimising]).err();
        assert!(
            matches!(
                full,
                Some(SeatsError::TooLarge {
                    seats: 6,
                    goal: 10_000,
                    ..
                })
            ),
            "{full:?}"
        );
        let race = FarkleRace::new(Arc::clone(&farkle), 3, vec![Player::Optimising]).unwrap();
        let start = Start {
            table: 0,
            scores: vec![1, 2, 3],
            counts: vec![0, 1, 2],
        };
        let number = race.number(&start).unwrap();
        assert_eq!(race.start_of(number), start);
        let beyond = Start {
            counts: vec![0, 3, 0],
            ..start.clone()
        };
        assert_eq!(race.number(&beyond), None);
        assert_eq!(race.number(&Start { table: 1, ..start }), None);
    }
}
