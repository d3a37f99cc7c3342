//! A match-up studied turn by turn: how long a game lasts and how often each rule happens,
//! exactly, for any game that can say what one turn does ([`TurnChain`]).
//!
//! Two fixed strategies make a game a Markov chain of turns: from each node (a position with
//! its player to move) a turn leads to other nodes, or ends the game, each with a probability
//! and the rules that happened on the way. [`measure`] pushes the start's probability along it
//! one turn at a time, so the mass that ends the game on turn `t` is exactly P(the game lasts
//! `t` turns), and the mass that passes a rule is the expected number of times the rule happens.
//! The chance that a rule happens at least once comes from the same push with the rule's steps
//! taken out of the game (their mass is the chance that it happens the first time then).
//!
//! Games that can go round without end (a turn that scores nothing) have no last turn: the push
//! stops once less than [`TAIL`] of the probability is still playing, or after [`MOST_TURNS`]
//! turns, and says how much was left ([`SeatStudy::unfinished`]): every figure is exact up to
//! that mass.

use super::GameError;
use super::run::Run;
use crate::report::Heading;
use crate::report::study::{
    Design, Observed, QUANTILES, Quantiles, RuleEvent, SeatingReport, SimulatedSeating,
    SimulatedStudy, StudyReport, Turns,
};

/// The push stops once no more than this much probability is still playing.
pub const TAIL: f64 = 1e-15;

/// The push stops after this many turns however much is still playing (games that can never
/// end keep their mass for ever).
pub const MOST_TURNS: usize = 20_000;

/// Where one outcome of a turn leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// Play goes on at this node.
    Node(usize),
    /// The game is over: this seat won (0: the studied strategy, 1: its opponent).
    Won(usize),
    /// The game is over, level: neither won (Greed's equal scores after the last turn).
    Tie,
}

/// A fixed match-up as a chain of turns. Seat 0 is the studied strategy, seat 1 its opponent.
pub trait TurnChain: Sync {
    /// How many nodes (positions with their player to move) the chain numbers.
    fn nodes(&self) -> usize;

    /// The node where the game starts with seat 0 to move, and with seat 1 to move.
    fn starts(&self) -> [usize; 2];

    /// The rules whose happenings a turn reports, by bit: rule `i` is bit `1 << i`.
    fn rules(&self) -> Vec<String>;

    /// Calls `visit(landing, probability, rules)` for every outcome of the turn at `node`
    /// (with a positive probability), `rules` the bits of the rules that happened on it.
    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32));

    /// Whether the game from the second start is the game from the first with the seats
    /// swapped (both seats play the same strategy by the same rules), so one push serves
    /// both seatings. Only a chain that has checked it says so.
    fn seats_alike(&self) -> bool {
        false
    }
}

/// What [`Game::study`](super::Game::study) answers: `[as_first, as_second]` (the studied
/// strategy moving first, then second), and the same counted over games with real dice.
#[derive(Clone, Debug)]
pub struct Studied {
    /// The exact figures of each seating.
    pub seatings: [SeatStudy; 2],
    /// Games played, where asked: `(games per seating, seed)` and each seating's tally.
    pub played: Option<((u64, u64), [Tally; 2])>,
}

impl Studied {
    /// `chain` measured as `ask` says, with `tally(games, seed)`'s games beside it where asked:
    /// what every game's [`Game::study`](super::Game::study) answers.
    pub fn of(
        chain: &dyn TurnChain,
        ask: StudyAsk,
        tally: impl FnOnce(u64, u64) -> Result<[Tally; 2], GameError>,
        run: &Run,
    ) -> Result<Studied, GameError> {
        let seatings = measure(chain, ask.at_least_once, run)?;
        let played = match ask.games {
            Some((games, seed)) => Some(((games, seed), tally(games, seed)?)),
            None => None,
        };
        Ok(Studied { seatings, played })
    }
}

/// One rule's happenings in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleEvents {
    /// The rule, as the ruleset names it.
    pub rule: String,
    /// The expected number of turns on which it happens in a game (either player's).
    pub per_game: f64,
    /// The chance that it happens on at least one turn of a game.
    pub at_least_once: f64,
}

/// One seating of a match-up studied.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatStudy {
    /// P(the studied strategy wins).
    pub win: f64,
    /// P(its opponent wins).
    pub lose: f64,
    /// P(the game ends level).
    pub tie: f64,
    /// The probability still playing when the push stopped: games longer than
    /// [`turns`](Self::turns) holds (for ever, where a game can go round without end).
    pub unfinished: f64,
    /// P(the game lasts exactly `t` turns) at index `t − 1`.
    pub turns: Vec<f64>,
    /// Each rule's happenings, in the chain's order.
    pub rules: Vec<RuleEvents>,
}

/// The length of the games that end: moments and quantiles of [`SeatStudy::turns`].
#[derive(Clone, Debug, PartialEq)]
pub struct Length {
    /// The expected number of turns.
    pub mean: f64,
    /// Its standard deviation, in turns.
    pub sd: f64,
    /// The fewest turns `t` with P(length ≤ t) ≥ `q`, for each `q` of [`QUANTILES`].
    pub quantiles: Vec<usize>,
}

impl SeatStudy {
    /// The same games with the seats' names swapped: each one's wins are the other's.
    fn seats_swapped(&self) -> SeatStudy {
        SeatStudy {
            win: self.lose,
            lose: self.win,
            ..self.clone()
        }
    }

    /// The length of the games that ended, over their probability.
    pub fn length(&self) -> Length {
        let ended: f64 = self.turns.iter().sum();
        let mean = self
            .turns
            .iter()
            .enumerate()
            .map(|(i, p)| (i + 1) as f64 * p)
            .sum::<f64>()
            / ended;
        let variance = self
            .turns
            .iter()
            .enumerate()
            .map(|(i, p)| ((i + 1) as f64 - mean).powi(2) * p)
            .sum::<f64>()
            / ended;
        let quantiles = QUANTILES
            .iter()
            .map(|&q| {
                let mut cumulative = 0.0;
                self.turns
                    .iter()
                    .position(|&p| {
                        cumulative += p;
                        cumulative >= q * ended
                    })
                    .map_or(self.turns.len(), |i| i + 1)
            })
            .collect();
        Length {
            mean,
            sd: variance.sqrt(),
            quantiles,
        }
    }
}

/// What a study is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StudyAsk {
    /// Games to play with real dice per seating, and their seed, as the independent check.
    pub games: Option<(u64, u64)>,
    /// Whether to work out each rule's chance of happening at least once: a push of the game
    /// per rule more (without it every `at_least_once` is 0).
    pub at_least_once: bool,
}

/// Studies `chain` from both starts: `[as_first, as_second]`, seat 0 moving first in the
/// first; each rule's chance of at least once only where `at_least_once`. Checks `run`'s stop
/// flag between turns.
pub fn measure(
    chain: &dyn TurnChain,
    at_least_once: bool,
    run: &Run,
) -> Result<[SeatStudy; 2], GameError> {
    let [first, second] = chain.starts();
    // The push asks a node's turn once for every turn it holds mass: worked out once where
    // the turns of every node the starts reach fit the budget.
    let alike = chain.seats_alike();
    let cached = Cached::of(chain);
    let chain = cached.as_ref().map_or(chain, |c| c as &dyn TurnChain);
    let as_first = push(chain, first, run, at_least_once)?;
    let as_second = if alike {
        as_first.seats_swapped()
    } else {
        push(chain, second, run, at_least_once)?
    };
    Ok([as_first, as_second])
}

/// The most outcomes [`Cached`] keeps (32 bytes each: 256 MiB).
const MOST_CACHED: usize = 1 << 23;

/// A chain's every turn from the nodes the starts reach worked out once: by node, its outcomes.
struct Cached {
    names: Vec<String>,
    starts: [usize; 2],
    /// By node, where its turn is kept (`u32::MAX`: a node the starts never reach).
    slot: Vec<u32>,
    /// The turn kept in slot `s` is `outcomes[first[s]..first[s + 1]]`.
    first: Vec<usize>,
    outcomes: Vec<(Landing, f64, u32)>,
}

impl Cached {
    /// `chain` with the turn of every node reachable from its starts worked out (nodes found
    /// and worked out in the same order, so a node's slot is its place in that order), or
    /// `None` where they hold more than [`MOST_CACHED`] outcomes (the chain is then asked as
    /// the push goes).
    fn of(chain: &dyn TurnChain) -> Option<Cached> {
        const UNREACHED: u32 = u32::MAX;
        let starts = chain.starts();
        let mut slot = vec![UNREACHED; chain.nodes()];
        let mut found = Vec::new();
        for start in starts {
            if slot[start] == UNREACHED {
                slot[start] = found.len() as u32;
                found.push(start);
            }
        }
        let mut first = Vec::new();
        let mut outcomes = Vec::new();
        let mut next = 0;
        while next < found.len() {
            first.push(outcomes.len());
            chain.each(found[next], &mut |landing, p, happened| {
                if let Landing::Node(to) = landing
                    && slot[to] == UNREACHED
                {
                    slot[to] = found.len() as u32;
                    found.push(to);
                }
                outcomes.push((landing, p, happened));
            });
            if outcomes.len() > MOST_CACHED {
                return None;
            }
            next += 1;
        }
        first.push(outcomes.len());
        Some(Cached {
            names: chain.rules(),
            starts,
            slot,
            first,
            outcomes,
        })
    }
}

impl TurnChain for Cached {
    fn nodes(&self) -> usize {
        self.slot.len()
    }

    fn starts(&self) -> [usize; 2] {
        self.starts
    }

    fn rules(&self) -> Vec<String> {
        self.names.clone()
    }

    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
        let slot = self.slot[node] as usize;
        for &(landing, p, happened) in &self.outcomes[self.first[slot]..self.first[slot + 1]] {
            visit(landing, p, happened);
        }
    }
}

/// Each rule of `seatings` with its expected number of happenings per game, each seat moving
/// first in half the games.
pub fn per_game(seatings: &[SeatStudy; 2]) -> Vec<(String, f64)> {
    let [a, b] = seatings;
    a.rules
        .iter()
        .zip(&b.rules)
        .map(|(a, b)| (a.rule.clone(), (a.per_game + b.per_game) / 2.0))
        .collect()
}

/// The push from `start`: the game itself (distribution 0) and, where `at_least_once`, for each
/// rule `r` the game with `r`'s steps taken out (distribution `r + 1`; without them every
/// `at_least_once` is left 0).
fn push(
    chain: &dyn TurnChain,
    start: usize,
    run: &Run,
    at_least_once: bool,
) -> Result<SeatStudy, GameError> {
    let names = chain.rules();
    let kinds = if at_least_once { names.len() + 1 } else { 1 };
    let nodes = chain.nodes();
    // Mass by kind, then node; the nodes holding any, for this turn and the next.
    let mut mass = vec![vec![0.0f64; nodes]; kinds];
    let mut next = vec![vec![0.0f64; nodes]; kinds];
    for kind in &mut mass {
        kind[start] = 1.0;
    }
    let mut active = vec![start];
    let mut marked = vec![false; nodes];
    let mut won = [0.0f64; 2];
    let mut tie = 0.0;
    let mut per_game = vec![0.0f64; names.len()];
    let mut first_time = vec![0.0f64; names.len()];
    let mut turns = Vec::new();
    let mut playing = 1.0;
    let mut here = vec![0.0f64; kinds];
    while playing > TAIL && turns.len() < MOST_TURNS {
        run.check()?;
        let mut ended = 0.0;
        let mut reached = Vec::new();
        for &node in &active {
            for (kind, mass) in here.iter_mut().zip(&mass) {
                *kind = mass[node];
            }
            chain.each(node, &mut |landing, p, happened| {
                let moved = here[0] * p;
                for (rule, total) in per_game.iter_mut().enumerate() {
                    if happened >> rule & 1 == 1 {
                        *total += moved;
                    }
                }
                match landing {
                    Landing::Won(seat) => {
                        won[seat] += moved;
                        ended += moved;
                    }
                    Landing::Tie => {
                        tie += moved;
                        ended += moved;
                    }
                    Landing::Node(to) => {
                        if !marked[to] {
                            marked[to] = true;
                            reached.push(to);
                        }
                        next[0][to] += moved;
                    }
                }
                for rule in 0..kinds - 1 {
                    let moved = here[rule + 1] * p;
                    if happened >> rule & 1 == 1 {
                        first_time[rule] += moved;
                    } else if let Landing::Node(to) = landing {
                        next[rule + 1][to] += moved;
                    }
                }
            });
            for kind in &mut mass {
                kind[node] = 0.0;
            }
        }
        turns.push(ended);
        std::mem::swap(&mut mass, &mut next);
        for &node in &reached {
            marked[node] = false;
        }
        playing = reached.iter().map(|&node| mass[0][node]).sum();
        active = reached;
    }
    let rules = names
        .into_iter()
        .zip(per_game.into_iter().zip(first_time))
        .map(|(rule, (per_game, at_least_once))| RuleEvents {
            rule,
            per_game,
            at_least_once,
        })
        .collect();
    Ok(SeatStudy {
        win: won[0],
        lose: won[1],
        tie,
        unfinished: playing,
        turns,
        rules,
    })
}

/// Games played with real dice, counted as a study counts them: the independent check of a
/// seating's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games the studied strategy won, and games its opponent won.
    pub won: [u64; 2],
    /// Games that ended level.
    pub tied: u64,
    /// Σ turns and Σ turns² over the games that ended.
    turns: [f64; 2],
    /// By rule: Σ happenings and Σ happenings² per game, and the games where it happened.
    counts: Vec<[f64; 2]>,
    games_with: Vec<u64>,
}

/// How a game played ended, for [`Tally::add`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It ended with a winner: whether the studied strategy won.
    Won(bool),
    /// It ended level.
    Tie,
    /// It was stopped before it ended (the simulator's turn limit).
    Unfinished,
}

impl Ending {
    /// The ending of a game with no ties: won by the studied strategy or not, where it ended.
    pub fn of(winner: Option<bool>) -> Ending {
        winner.map_or(Ending::Unfinished, Ending::Won)
    }
}

/// One game being played, for [`Tally::add`].
#[derive(Clone, Debug)]
pub struct GameTally {
    turns: usize,
    counts: Vec<u64>,
}

impl GameTally {
    /// Turns played so far.
    pub fn turns(&self) -> u64 {
        self.turns as u64
    }

    /// Counts one turn on which the rules of the bits `happened` happened.
    pub fn turn(&mut self, happened: u32) {
        self.turns_with(1, happened);
    }

    /// Counts `count` happenings of rule `rule`, apart from the turns (a game told by its
    /// counts, where several can happen on one turn: Yahtzee's).
    pub fn happened(&mut self, rule: usize, count: u64) {
        self.counts[rule] += count;
    }

    /// Counts `turns` turns on each of which the rules of the bits `happened` happened (a
    /// game told by its counts rather than turn by turn).
    pub fn turns_with(&mut self, turns: u64, happened: u32) {
        self.turns += turns as usize;
        for (rule, count) in self.counts.iter_mut().enumerate() {
            *count += turns * u64::from(happened >> rule & 1);
        }
    }
}

/// A simulated figure beside the exact one: the mean of the games and its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The observed mean.
    pub mean: f64,
    /// Its standard error.
    pub error: f64,
}

impl Estimate {
    /// The mean and standard error of `n` observations with sum `sum` and sum of squares `sq`.
    fn of(n: f64, sum: f64, sq: f64) -> Estimate {
        let mean = sum / n;
        let variance = (sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        Estimate {
            mean,
            error: (variance / n).sqrt(),
        }
    }

    /// How many standard errors `exact` lies from the mean of `n` observations; where every
    /// observation was alike (no spread seen) the error is taken as one observation's share,
    /// `1 / n`, the finest difference the games can show.
    pub fn z(&self, exact: f64, n: u64) -> f64 {
        let off = (exact - self.mean).abs();
        if off == 0.0 {
            0.0
        } else {
            off / self.error.max(1.0 / n as f64)
        }
    }
}

impl Tally {
    /// No games yet, counting `rules` rules.
    pub fn new(rules: usize) -> Tally {
        Tally {
            games: 0,
            won: [0, 0],
            tied: 0,
            turns: [0.0, 0.0],
            counts: vec![[0.0, 0.0]; rules],
            games_with: vec![0; rules],
        }
    }

    /// A new game to count turns of.
    pub fn game(&self) -> GameTally {
        GameTally {
            turns: 0,
            counts: vec![0; self.counts.len()],
        }
    }

    /// Adds a game played, which ended as `ending`.
    pub fn add(&mut self, game: GameTally, ending: Ending) {
        self.games += 1;
        match ending {
            Ending::Won(won) => self.won[usize::from(!won)] += 1,
            Ending::Tie => self.tied += 1,
            Ending::Unfinished => {}
        }
        if ending != Ending::Unfinished {
            let t = game.turns as f64;
            self.turns[0] += t;
            self.turns[1] += t * t;
        }
        for (rule, &count) in game.counts.iter().enumerate() {
            let c = count as f64;
            self.counts[rule][0] += c;
            self.counts[rule][1] += c * c;
            self.games_with[rule] += u64::from(count > 0);
        }
    }

    /// The observed P(the studied strategy wins).
    pub fn win(&self) -> Estimate {
        let won = self.won[0] as f64;
        Estimate::of(self.games as f64, won, won)
    }

    /// The observed mean length of the games that ended.
    pub fn mean_turns(&self) -> Estimate {
        let ended = (self.won[0] + self.won[1] + self.tied) as f64;
        Estimate::of(ended, self.turns[0], self.turns[1])
    }

    /// The observed happenings of rule `rule` per game, and the share of games where it
    /// happened.
    pub fn rule(&self, rule: usize) -> (Estimate, Estimate) {
        let n = self.games as f64;
        let [sum, sq] = self.counts[rule];
        let with = self.games_with[rule] as f64;
        (Estimate::of(n, sum, sq), Estimate::of(n, with, with))
    }
}

/// The report of `studied` (`swine study`'s), headed `heading`, with the design measures
/// `design` where there are any.
pub fn report(heading: Heading, studied: &Studied, design: Option<Design>) -> StudyReport {
    let [first, second] = &studied.seatings;
    let simulated = studied.played.as_ref().map(|((games, seed), tallies)| {
        let mut largest_z: f64 = 0.0;
        let [a, b] = [(first, &tallies[0]), (second, &tallies[1])]
            .map(|(exact, tally)| simulated_seating(exact, tally, &mut largest_z));
        SimulatedStudy {
            games: *games,
            seed: *seed,
            as_first: a,
            as_second: b,
            largest_z,
        }
    });
    StudyReport {
        heading,
        as_first: seating_report(first),
        as_second: seating_report(second),
        design,
        simulated,
        notes: Vec::new(),
    }
}

/// The report of one seating's exact figures.
fn seating_report(seat: &SeatStudy) -> SeatingReport {
    let length = seat.length();
    let q = &length.quantiles;
    SeatingReport {
        win: seat.win,
        // Below the count's tail the rest is games still going, not games that never end.
        tie: seat.tie
            + if seat.unfinished > TAIL {
                seat.unfinished
            } else {
                0.0
            },
        turns: Turns {
            mean: length.mean,
            sd: length.sd,
            quantiles: Quantiles {
                p5: q[0],
                p25: q[1],
                median: q[2],
                p75: q[3],
                p95: q[4],
            },
            unfinished: seat.unfinished,
        },
        rule_events: seat
            .rules
            .iter()
            .map(|r| RuleEvent {
                rule: r.rule.clone(),
                per_game: r.per_game,
                at_least_once: r.at_least_once,
            })
            .collect(),
        distribution: seat.turns.clone(),
    }
}

/// One seating's tally beside its exact figures; raises `largest_z` to the largest distance.
fn simulated_seating(exact: &SeatStudy, tally: &Tally, largest_z: &mut f64) -> SimulatedSeating {
    let mut check = |estimate: Estimate, value: f64| {
        *largest_z = largest_z.max(estimate.z(value, tally.games));
        Observed {
            mean: estimate.mean,
            error: estimate.error,
        }
    };
    SimulatedSeating {
        win: check(tally.win(), exact.win),
        turns_mean: check(tally.mean_turns(), exact.length().mean),
        rule_events: exact
            .rules
            .iter()
            .enumerate()
            .map(|(i, rule)| {
                let (per_game, once) = tally.rule(i);
                (
                    check(per_game, rule.per_game),
                    check(once, rule.at_least_once),
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A coin game: each turn the mover flips a fair coin; heads ("Heads", bit 0) wins at once,
    /// tails passes the turn. P(the first mover wins) = 2/3; P(length = t) = 2⁻ᵗ; heads
    /// happens exactly once in every game that ends.
    struct Coin;

    impl TurnChain for Coin {
        fn nodes(&self) -> usize {
            2
        }
        fn starts(&self) -> [usize; 2] {
            [0, 1]
        }
        fn rules(&self) -> Vec<String> {
            vec!["Heads".to_string(), "Tails".to_string()]
        }
        fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
            visit(Landing::Won(node), 0.5, 1);
            visit(Landing::Node(1 - node), 0.5, 2);
        }
    }

    #[test]
    fn a_coin_game_lasts_two_turns_on_average_and_the_first_mover_wins_two_thirds() {
        let [first, second] = measure(&Coin, true, &Run::default()).unwrap();
        assert!((first.win - 2.0 / 3.0).abs() < 1e-15, "{}", first.win);
        assert!((second.win - 1.0 / 3.0).abs() < 1e-15, "{}", second.win);
        assert!(first.unfinished <= TAIL);
        for (i, &p) in first.turns.iter().enumerate().take(40) {
            assert_eq!(p, 0.5f64.powi(i as i32 + 1));
        }
        let length = first.length();
        assert!((length.mean - 2.0).abs() < 1e-12, "{}", length.mean);
        // Var of a geometric(1/2) length: (1 − p) / p² = 2.
        assert!((length.sd - 2f64.sqrt()).abs() < 1e-12, "{}", length.sd);
        assert_eq!(length.quantiles, vec![1, 1, 1, 2, 5]);
        let [heads, tails] = &first.rules[..] else {
            panic!("two rules")
        };
        assert!((heads.per_game - 1.0).abs() < 1e-14 && (heads.at_least_once - 1.0).abs() < 1e-14);
        // Tails: E = Σ (t − 1) 2⁻ᵗ = 1; at least once: 1/2.
        assert!((tails.per_game - 1.0).abs() < 1e-14, "{}", tails.per_game);
        assert!(
            (tails.at_least_once - 0.5).abs() < 1e-15,
            "{}",
            tails.at_least_once
        );
    }
}
