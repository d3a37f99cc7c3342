//! The Pig family for N seats (RULES.md "Pig and Farkle for N players"): seats move in turn,
//! the first banked score to reach the goal wins, each seat chooses what is worth most to itself.
//!
//! A turn start is the mover's seat (where the seats play different strategies) and the N
//! scores from the mover on, in the order they move; [`PigRace`] solves its turn from the
//! values of the starts it can end in ([`crate::seats`] sweeps them). A two-player strategy
//! sits at an N-seat table seeing its own score and the leading other score as its opponent's.

use std::collections::HashMap;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::game::{Lead, Pig, Roll};
use super::solve::Player;
use super::strategy::Strategy;
use crate::game::{Counter, Run};
use crate::montecarlo::Played;
use crate::seats::{
    Ends, MOST_SEATS, NoEquilibrium, Race, RaceError, Solution, TIE, Values, Wins, add_weighted,
    passed, solve,
};

/// A Pig game of N seats, each seat with its player; the race [`crate::seats::solve`] solves.
pub struct PigRace {
    pig: Arc<Pig>,
    seats: usize,
    /// One player per seat, or one for every seat (then the starts do not say whose turn it is).
    players: Vec<Player>,
    /// goal^N: the tuples of scores.
    tuples: usize,
}

/// The scratch of one turn: the mover's value and decision at every turn total, and the
/// probability of reaching each.
pub struct Scratch {
    values: Vec<f64>,
    holds: Vec<bool>,
    mass: Vec<f64>,
}

/// A start in words: whose seat moves (0 where every seat plays alike), and the scores from the
/// mover on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The mover's seat in the table of players.
    pub table: usize,
    /// The scores, the mover's first, then the next seats' in the order they move.
    pub scores: Vec<u32>,
}

impl PigRace {
    /// `pig` for `players.len()` seats (2 to [`MOST_SEATS`]) each with its player; where every
    /// player is the same optimiser, give one player and `seats`.
    pub fn new(pig: Arc<Pig>, seats: usize, players: Vec<Player>) -> PigRace {
        assert!((2..=MOST_SEATS).contains(&seats));
        assert!(players.len() == 1 || players.len() == seats);
        let tuples = (pig.goal() as usize).pow(seats as u32);
        PigRace {
            pig,
            seats,
            players,
            tuples,
        }
    }

    /// The game.
    pub fn pig(&self) -> &Pig {
        &self.pig
    }

    /// The start of `start`'s number.
    pub fn start_of(&self, start: usize) -> Start {
        let goal = self.pig.goal() as usize;
        let mut rest = start % self.tuples;
        let scores = (0..self.seats)
            .map(|_| {
                let score = rest % goal;
                rest /= goal;
                score as u32
            })
            .collect();
        Start {
            table: start / self.tuples,
            scores,
        }
    }

    /// The number of `start`.
    pub fn number(&self, start: &Start) -> usize {
        let goal = self.pig.goal() as usize;
        let tuple = start
            .scores
            .iter()
            .rev()
            .fold(0, |n, &score| n * goal + score as usize);
        start.table * self.tuples + tuple
    }

    /// The start after the mover of `start` ends its turn with its score at `own`.
    fn after(&self, start: usize, own: u32) -> usize {
        let goal = self.pig.goal() as usize;
        let tuple = start % self.tuples;
        let table = (start / self.tuples + 1) % self.players.len();
        table * self.tuples + tuple / goal + own as usize * (self.tuples / goal)
    }

    /// The mover's score at `start`.
    fn own(&self, start: usize) -> u32 {
        (start % self.tuples % self.pig.goal() as usize) as u32
    }

    /// The highest score of the seats other than the mover's at `start`.
    fn leader(&self, start: usize) -> u32 {
        let goal = self.pig.goal() as usize;
        let mut rest = start % self.tuples / goal;
        (1..self.seats)
            .map(|_| {
                let score = rest % goal;
                rest /= goal;
                score as u32
            })
            .max()
            .unwrap_or(0)
    }

    /// Fills `scratch` with the mover's decision at every turn total of `start`'s turn (the best
    /// for itself, or its policy's), the empty turn worth `empty` to it.
    fn decide(&self, start: usize, values: &Values, empty: f64, scratch: &mut Scratch) {
        let pig = &self.pig;
        let goal = pig.goal();
        let own = self.own(start);
        let top = (goal - 1 - own) as usize;
        let lose = if own > 0 && pig.lowers_scores() {
            values.to_previous(self.after(start, 0))
        } else {
            empty
        };
        let table = start / self.tuples;
        let policy = match &self.players[table] {
            Player::Fixed(policy) => Some((policy, self.leader(start))),
            Player::Optimising => None,
        };
        for t in (0..=top).rev() {
            let hold = if t == 0 {
                empty
            } else {
                values.to_previous(self.after(start, own + t as u32))
            };
            let roll: f64 = pig
                .outcomes()
                .iter()
                .map(|&(roll, p)| {
                    p * match roll {
                        Roll::EndTurn => empty,
                        Roll::LoseScore => lose,
                        Roll::Add(points) => {
                            let next = t + points as usize;
                            if next > top {
                                1.0
                            } else {
                                scratch.values[next]
                            }
                        }
                    }
                })
                .sum();
            let holds = match policy {
                Some((policy, leader)) => !policy.rolls(pig.state(own, leader, t as u32)),
                None => hold + TIE >= roll,
            };
            scratch.holds[t] = holds;
            scratch.values[t] = if holds { hold } else { roll };
        }
    }

    /// Where the turn of `start` ends from turn total `from` under the decisions in `scratch`,
    /// with `first` (roll: true) in place of the decision at `from` where given.
    fn follow(
        &self,
        start: usize,
        values: &Values,
        (from, first): (u32, Option<bool>),
        scratch: &mut Scratch,
    ) -> Ends {
        let pig = &self.pig;
        let own = self.own(start);
        let top = (pig.goal() - 1 - own) as usize;
        let mut ends = Ends {
            fixed: [0.0; MOST_SEATS],
            empty: 0.0,
        };
        scratch.mass[..=top].fill(0.0);
        scratch.mass[from as usize] = 1.0;
        for t in from as usize..=top {
            let mass = scratch.mass[t];
            if mass == 0.0 {
                continue;
            }
            let holds = match first {
                Some(rolls) if t == from as usize => !rolls,
                _ => scratch.holds[t],
            };
            if holds {
                if t == 0 {
                    ends.empty += mass;
                } else {
                    let to = self.after(start, own + t as u32);
                    add_weighted(&mut ends.fixed, mass, &values.passed(to));
                }
                continue;
            }
            for &(roll, p) in pig.outcomes() {
                let mass = mass * p;
                match roll {
                    Roll::EndTurn => ends.empty += mass,
                    Roll::LoseScore if own == 0 => ends.empty += mass,
                    Roll::LoseScore => {
                        add_weighted(&mut ends.fixed, mass, &values.passed(self.after(start, 0)))
                    }
                    Roll::Add(points) => {
                        let next = t + points as usize;
                        if next > top {
                            ends.fixed[0] += mass;
                        } else {
                            scratch.mass[next] += mass;
                        }
                    }
                }
            }
        }
        ends
    }

    /// The value of `start` at turn total `turn_total` under its mover's decisions, and what
    /// rolling and holding there are worth (each with the decisions after it), from the
    /// solved `values`; and whether the mover holds there.
    pub fn position(&self, start: usize, turn_total: u32, values: &Values) -> PositionValues {
        let mut scratch = Race::scratch(self);
        let empty = values.get(self.empty_to(start));
        self.decide(start, values, empty[self.seats - 1], &mut scratch);
        let holds = scratch.holds[turn_total as usize];
        let mut value = |first| {
            let ends = self.follow(start, values, (turn_total, first), &mut scratch);
            let mut wins = ends.fixed;
            add_weighted(&mut wins, ends.empty, &passed(&empty, self.seats));
            wins
        };
        PositionValues {
            roll: value(Some(true)),
            hold: value(Some(false)),
            holds,
        }
    }

    /// The mover's decision at every turn total of `start`'s turn, true to hold, from the
    /// solved `values` (what a seat plays in a simulated game), its empty turn worth `empty` to
    /// it where given (a plan of a mix), else as `values` say.
    pub fn holds(&self, start: usize, values: &Values, empty: Option<&Wins>) -> Vec<bool> {
        let mut scratch = Race::scratch(self);
        let empty = match empty {
            Some(wins) => wins[self.seats - 1],
            None => values.to_previous(self.empty_to(start)),
        };
        self.decide(start, values, empty, &mut scratch);
        let top = (self.pig.goal() - 1 - self.own(start)) as usize;
        scratch.holds.truncate(top + 1);
        scratch.holds
    }
}

/// What a position's choices are worth to every seat, the mover first.
#[derive(Clone, Debug)]
pub struct PositionValues {
    /// Rolling, then the mover's decisions.
    pub roll: Wins,
    /// Holding.
    pub hold: Wins,
    /// Whether the mover holds there.
    pub holds: bool,
}

impl Race for PigRace {
    type Scratch = Scratch;

    fn seats(&self) -> usize {
        self.seats
    }

    fn starts(&self) -> usize {
        self.players.len() * self.tuples
    }

    fn scratch(&self) -> Scratch {
        let room = self.pig.goal() as usize + 1;
        Scratch {
            values: vec![0.0; room],
            holds: vec![false; room],
            mass: vec![0.0; room],
        }
    }

    fn layers(&self) -> Vec<Vec<Vec<u32>>> {
        let starts = Race::starts(self);
        let most = (self.pig.goal() as usize - 1) * self.seats;
        let mut layers: Vec<Vec<Vec<u32>>> = vec![Vec::new(); most + 1];
        let mut seen = vec![false; starts];
        for start in 0..starts {
            if seen[start] {
                continue;
            }
            let mut group = Vec::new();
            let mut at = start;
            while !seen[at] {
                seen[at] = true;
                group.push(at as u32);
                at = self.empty_to(at);
            }
            let sum: u32 = self.start_of(start).scores.iter().sum();
            layers[most - sum as usize].push(group);
        }
        layers
    }

    fn empty_to(&self, start: usize) -> usize {
        self.after(start, self.own(start))
    }

    fn ends(&self, start: usize, values: &Values, empty: &Wins, scratch: &mut Scratch) -> Ends {
        self.decide(start, values, empty[self.seats - 1], scratch);
        self.follow(start, values, (0, None), scratch)
    }
}

/// One game of `race` from its start, the player of seat `first` moving first, each turn
/// played by `holds` (the mover's decisions at a turn start's turn totals, true to hold, given
/// a uniform draw in [0, 1) for a mover that mixes plans) with rolls drawn from `rng`: the place
/// in the order of moving of the seat that wins (0: the first mover), or none where the game
/// runs past `most_turns`.
pub fn play(
    race: &PigRace,
    first: usize,
    holds: &mut dyn FnMut(usize, f64) -> Arc<Vec<bool>>,
    rng: &mut impl Rng,
    most_turns: usize,
) -> Option<usize> {
    let pig = race.pig();
    let (outcomes, total) = pig.variant().counted_outcomes();
    let seats = race.seats;
    let tables = race.players.len();
    let mut scores = vec![0u32; seats];
    let mut seat = 0;
    for _ in 0..most_turns {
        let order: Vec<u32> = (0..seats).map(|k| scores[(seat + k) % seats]).collect();
        let start = race.number(&Start {
            table: (first + seat) % tables,
            scores: order,
        });
        let decisions = holds(start, rng.random::<f64>());
        let own = scores[seat];
        let mut turn_total = 0u32;
        loop {
            if decisions[turn_total as usize] {
                scores[seat] = own + turn_total;
                break;
            }
            let mut draw = rng.random_range(0..total);
            let &(roll, _) = outcomes
                .iter()
                .find(|&&(_, count)| {
                    let this = draw < count;
                    draw = draw.saturating_sub(count);
                    this
                })
                .expect("a draw below the total falls on an outcome");
            match pig.lead(own, turn_total, roll) {
                Lead::Won => return Some(seat),
                Lead::Rolls(next) => turn_total = next,
                Lead::Passes(score) => {
                    scores[seat] = score;
                    break;
                }
            }
        }
        seat = (seat + 1) % seats;
    }
    None
}

/// `strategy` at the table's seat 0 and `opponent` at every other, solved: one table of starts
/// where every seat plays alike (both optimise).
pub fn seat_race(
    pig: &Arc<Pig>,
    seats: usize,
    [strategy, opponent]: [&Strategy; 2],
    run: &Run,
) -> Result<(PigRace, Solution), RaceError> {
    let players = if strategy.is_optimising() && opponent.is_optimising() {
        vec![Player::Optimising]
    } else {
        let mut players = vec![opponent.player().clone(); seats];
        players[0] = strategy.player().clone();
        players
    };
    let race = PigRace::new(Arc::clone(pig), seats, players);
    let solution = solve(&race, run).map_err(|error| match error {
        RaceError::NoEquilibrium(NoEquilibrium(start)) => {
            let scores: Vec<String> = race
                .start_of(start)
                .scores
                .iter()
                .map(u32::to_string)
                .collect();
            RaceError::Unsolved(format!(
                "{} to {} with {seats} players: at the scores {} (the mover's first) no choice \
                 of plans, nor a mix of two per seat among those tried, leaves every seat \
                 content (max-n has no pure equilibrium there); swine does not solve this game \
                 yet",
                pig.name(),
                pig.goal(),
                scores.join(" : ")
            ))
        }
        other => other,
    })?;
    Ok((race, solution))
}

/// The plans of a turn start a simulation has met: one, or two mixed with the first's
/// probability.
type Plans = HashMap<usize, (Arc<Vec<bool>>, Option<(f64, Arc<Vec<bool>>)>)>;

impl PigRace {
    /// The decisions the mover of `start` plays in a game of `solution`, remembered in
    /// `plans`: where it mixes two plans, the first where `draw` (uniform in [0, 1)) falls
    /// below its probability.
    fn plan(
        &self,
        start: usize,
        solution: &Solution,
        plans: &mut Plans,
        draw: f64,
    ) -> Arc<Vec<bool>> {
        let values = &solution.values;
        let (first, second) =
            plans
                .entry(start)
                .or_insert_with(|| match solution.mixed.get(&start) {
                    None => (Arc::new(self.holds(start, values, None)), None),
                    Some(mix) => (
                        Arc::new(self.holds(start, values, Some(&mix.empties[0]))),
                        Some((
                            mix.q,
                            Arc::new(self.holds(start, values, Some(&mix.empties[1]))),
                        )),
                    ),
                });
        match second {
            Some((q, other)) if draw >= *q => Arc::clone(other),
            _ => Arc::clone(first),
        }
    }

    /// Whether every seat plays alike (one table of starts).
    pub fn alike(&self) -> bool {
        self.players.len() == 1
    }

    /// The seat whose player moves first where seat 0's player is to move `place`-th (0: first).
    fn first_for(&self, place: usize) -> usize {
        (self.seats - place % self.seats) % self.seats % self.players.len()
    }

    /// With seat 0's player moving `place`-th for each place in turn, every seat's chance from
    /// the start, the first mover first.
    pub fn seatings(&self, values: &Values) -> Vec<Vec<f64>> {
        (0..self.seats)
            .map(|place| {
                let start = self.number(&Start {
                    table: self.first_for(place),
                    scores: vec![0; self.seats],
                });
                values.get(start)[..self.seats].to_vec()
            })
            .collect()
    }

    /// `games` seeded games of each seating (seat 0's player moving first, second, ...) of the
    /// solved `solution`, the seeds `seed`, `seed + 1`, ...: how many seat 0's player won in
    /// each place.
    pub fn simulate(
        &self,
        solution: &Solution,
        (games, seed): (u64, u64),
        counter: &Counter,
    ) -> Vec<u64> {
        (0..self.seats)
            .map(|place| {
                let first = self.first_for(place);
                let chunk = 4096;
                (0..games.div_ceil(chunk))
                    .into_par_iter()
                    .map(|c| {
                        let mut rng = ChaCha8Rng::seed_from_u64(seed + place as u64);
                        rng.set_stream(c);
                        let mut cache = HashMap::new();
                        let mut holds =
                            |start: usize, draw: f64| self.plan(start, solution, &mut cache, draw);
                        let n = chunk.min(games - c * chunk);
                        let won = (0..n)
                            .take_while(|_| !counter.stopped())
                            .filter(|_| {
                                play(self, first, &mut holds, &mut rng, 1_000_000) == Some(place)
                            })
                            .count() as u64;
                        counter.add(n);
                        won
                    })
                    .sum()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
