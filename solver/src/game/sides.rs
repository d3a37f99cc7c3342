//! Games played side by side over any game's [`Rules`], for seats that decide many games'
//! states at once ([`Asker`]): a Python strategy asked as it plays answers every game waiting
//! on it in one request, where asking game by game would cost a request a decision. Each game
//! draws its dice from a stream of its own, so what it plays depends neither on the games
//! beside it nor on the order the askers answer in.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::rules::{Chooser, Ended, LoopWatch, Memory, Rules, Step, ToMove, play_choice, settle};
use super::simulate::{MOST_DECISIONS, for_seat_zero};
use crate::dice::Die;
use crate::montecarlo::{self, Played};
use crate::outcome::{Simulation, Tally};
use crate::python::PythonError;

/// A seat that decides many games' states at once: a Python strategy, one request a round.
pub trait Asker<R: Rules + ?Sized>: Sync {
    /// The choices at `states` (its seat to move at each, with more than one choice there),
    /// in their order, or why the strategy gave none.
    fn ask(&self, states: &[R::State]) -> Result<Vec<R::Choice>, PythonError>;

    /// Once its games have ended: asks again a sample of what it answered and refuses an
    /// answer that changed (a strategy's answer depends on the state alone); nothing to ask
    /// for an asker that remembers nothing.
    fn ask_again(&self) -> Result<(), PythonError> {
        Ok(())
    }
}

/// Who decides for a seat in games played side by side.
pub enum Seat<'a, R: Rules> {
    /// A chooser, asked each state as its game reaches it.
    Plays(&'a dyn Chooser<R>),
    /// An asker, asked once a round about every game waiting on it (not about a state of one
    /// choice, which it makes).
    Asks(&'a dyn Asker<R>),
}

/// What counts a game's steps into a `T`.
pub type Count<'a, R, T> = dyn Fn(&mut T, &Step<'_, R>) + Sync + 'a;

/// One game played side by side with others: who moved first, where it is, how it ended
/// (once it has), and what was counted of its steps.
pub struct Sided<R: Rules, T> {
    /// The seat that moved first.
    pub first: usize,
    /// Where the game is (where it ended, once it has).
    pub state: R::State,
    /// How it ended, once it has.
    pub ended: Option<Ended>,
    /// What was counted of its steps.
    pub counted: T,
    rng: ChaCha8Rng,
    memories: Vec<Memory>,
    watch: LoopWatch<R>,
    decisions: u64,
    /// An asker's choice, played when the game goes on.
    asked: Option<R::Choice>,
}

/// The face `rng` throws on `die`.
fn face(rng: &mut ChaCha8Rng, die: Die) -> u8 {
    rng.random_range(die.first_face..=die.last_face())
}

impl<R: Rules, T: Default> Sided<R, T> {
    /// Game `i` of `rules` for `seats` seats: seat `i % seats` moves first, the dice from
    /// stream `i` of `seed`.
    fn new(rules: &R, (i, seats): (u64, usize), seed: u64) -> Sided<R, T> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(i);
        let first = (i % seats as u64) as usize;
        let mut state = rules.start(first);
        settle(
            rules,
            &mut state,
            &mut |die| face(&mut rng, die),
            &mut Vec::new(),
        );
        Sided {
            first,
            state,
            ended: None,
            counted: T::default(),
            rng,
            memories: (0..seats).map(|_| None).collect(),
            watch: LoopWatch::default(),
            decisions: 0,
            asked: None,
        }
    }

    /// Plays on, each step counted by `count`, until the game ends (then `false`) or an
    /// asker's seat has a choice to make (`true`).
    fn advance(&mut self, rules: &R, seats: &[Seat<'_, R>], count: &Count<'_, R, T>) -> bool {
        let mut thrown = Vec::new();
        while self.ended.is_none() {
            let seat = match rules.to_move(&self.state) {
                ToMove::Over => {
                    self.ended = Some(Ended::Over);
                    break;
                }
                ToMove::Seat(seat) => seat,
                ToMove::Chance => unreachable!("settled: a seat is to move or the game is over"),
            };
            if self.decisions == MOST_DECISIONS {
                self.ended = Some(Ended::Unfinished);
                break;
            }
            let choice = match (self.asked.take(), &seats[seat]) {
                (Some(choice), _) => choice,
                (None, Seat::Plays(chooser)) => {
                    chooser.recall(&self.state, &mut self.memories[seat])
                }
                (None, Seat::Asks(_)) => match rules.choices(&self.state).as_slice() {
                    [only] => only.clone(),
                    _ => return true,
                },
            };
            if rules.can_come_back() && self.watch.comes_back(&self.state, &choice) {
                self.ended = Some(Ended::Endless);
                break;
            }
            self.decisions += 1;
            let before = self.state.clone();
            let rng = &mut self.rng;
            let mut throw = |die| face(rng, die);
            play_choice(rules, &mut self.state, &choice, &mut throw, &mut thrown);
            if !thrown.is_empty() {
                self.watch.thrown();
            }
            let step = Step {
                before: &before,
                choice: &choice,
                thrown: &thrown,
                after: &self.state,
            };
            count(&mut self.counted, &step);
        }
        false
    }
}

/// Plays `games_per_seat` games with each of the `seats` moving first (seat `i % n` first in
/// game `i` of `n` seats, its dice from stream `i` of the generator seeded by `seed`; one seat
/// plays alone), side by side: each round plays every game on until it ends or an asker has a
/// choice to make there, then asks each asker about all its games at once. Each game's steps
/// are counted into its `T` by `count`; `played` hears of the games finished each round and
/// may stop them, between games as between rounds (those unfinished are returned as they
/// are). A game that comes back where it was by choices alone, or runs past
/// [`MOST_DECISIONS`], ends there.
pub fn side_by_side<R: Rules, T: Default + Send>(
    rules: &R,
    seats: &[Seat<'_, R>],
    (games_per_seat, seed): (u64, u64),
    played: &dyn Played,
    count: &Count<'_, R, T>,
) -> Result<Vec<Sided<R, T>>, PythonError> {
    let games = 0..seats.len() as u64 * games_per_seat;
    side_by_side_numbered(rules, seats, (games, seed), played, count)
}

/// [`side_by_side`] for the games numbered `numbers` only (game `i` as there: seat `i % n`
/// first, its dice from stream `i`), so that many games can be played a block at a time, each
/// game the same as in one batch.
pub fn side_by_side_numbered<R: Rules, T: Default + Send>(
    rules: &R,
    seats: &[Seat<'_, R>],
    (numbers, seed): (std::ops::Range<u64>, u64),
    played: &dyn Played,
    count: &Count<'_, R, T>,
) -> Result<Vec<Sided<R, T>>, PythonError> {
    let n = seats.len();
    let mut games: Vec<Sided<R, T>> = numbers.map(|i| Sided::new(rules, (i, n), seed)).collect();
    loop {
        let playing = |games: &[Sided<R, T>]| games.iter().filter(|g| g.ended.is_none()).count();
        let before = playing(&games);
        let waiting: Vec<usize> = games
            .par_iter_mut()
            .enumerate()
            .filter(|(_, game)| game.ended.is_none() && !played.stopped())
            .filter_map(|(i, game)| game.advance(rules, seats, count).then_some(i))
            .collect();
        played.played((before - playing(&games)) as u64);
        if played.stopped() {
            return Ok(games);
        }
        if waiting.is_empty() {
            for seat in seats {
                if let Seat::Asks(asker) = seat {
                    asker.ask_again()?;
                }
            }
            return Ok(games);
        }
        for (seat, asker) in seats.iter().enumerate() {
            let Seat::Asks(asker) = asker else { continue };
            let asked: Vec<usize> = waiting
                .iter()
                .copied()
                .filter(|&i| rules.to_move(&games[i].state) == ToMove::Seat(seat))
                .collect();
            let states: Vec<R::State> = asked.iter().map(|&i| games[i].state.clone()).collect();
            for (i, choice) in asked.into_iter().zip(asker.ask(&states)?) {
                games[i].asked = Some(choice);
            }
        }
    }
}

/// [`side_by_side`]'s games as a simulation: seat 0's wins and ties as it moved first and
/// second (a game without end a tie).
pub fn simulate_side_by_side<R: Rules>(
    rules: &R,
    seats: [Seat<'_, R>; 2],
    (games_per_seat, seed): (u64, u64),
    played: &dyn Played,
) -> Result<Simulation, PythonError> {
    let games = side_by_side::<R, ()>(rules, &seats, (games_per_seat, seed), played, &|_, _| {})?;
    let tally = |first: usize| {
        let mut tally = Tally {
            games: games_per_seat,
            wins: 0,
            ties: 0,
        };
        for game in games.iter().filter(|game| game.first == first) {
            let result = match game.ended {
                Some(Ended::Over) => for_seat_zero(&rules.returns(&game.state)),
                Some(Ended::Endless | Ended::Unfinished) => montecarlo::Result::Tied,
                None => continue,
            };
            match result {
                montecarlo::Result::Won => tally.wins += 1,
                montecarlo::Result::Tied => tally.ties += 1,
                montecarlo::Result::Lost => {}
            }
        }
        tally
    };
    Ok(Simulation {
        first: tally(0),
        second: tally(1),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::game::play_out;
    use crate::game::toy::{Go, Lap, Race, ThrowsBelow, ThrowsFirst};

    /// `ThrowsBelow(5)` asked in batches, each batch's size remembered (or failing).
    struct Batches {
        asked: Mutex<Vec<usize>>,
        fails: bool,
    }

    impl Asker<Race> for Batches {
        fn ask(&self, laps: &[Lap]) -> Result<Vec<Go>, PythonError> {
            if self.fails {
                return Err(PythonError::Rejected("no answer".to_string()));
            }
            let asked = laps
                .iter()
                .filter(|lap| Race.choices(lap).len() > 1)
                .count();
            assert_eq!(
                asked,
                laps.len(),
                "a state of one choice is made, not asked"
            );
            self.asked.lock().unwrap().push(laps.len());
            Ok(laps.iter().map(|lap| ThrowsBelow(5).choose(lap)).collect())
        }
    }

    #[test]
    fn games_side_by_side_are_the_games_played_alone() {
        // Each game plays as it would alone from its own stream, its seats' memories its
        // own; what it counted is its decisions.
        let seats: [Seat<'_, Race>; 2] = [Seat::Plays(&ThrowsFirst), Seat::Plays(&ThrowsBelow(5))];
        let count = |n: &mut u64, _: &Step<'_, Race>| *n += 1;
        let games = side_by_side(&Race, &seats, (50, 9), &|_| {}, &count).unwrap();
        assert_eq!(games.len(), 100);
        for (i, game) in games.iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            rng.set_stream(i as u64);
            let mut state = Race.start(i % 2);
            let mut decisions = 0;
            let ended = play_out(
                &Race,
                &mut state,
                &[&ThrowsFirst, &ThrowsBelow(5)],
                &mut |die| face(&mut rng, die),
                MOST_DECISIONS,
                Some(&mut |_: &Step<'_, Race>| decisions += 1),
            );
            let alone = (i % 2, state, Some(ended), decisions);
            assert_eq!((game.first, game.state, game.ended, game.counted), alone);
        }
    }

    #[test]
    fn an_asker_answers_every_game_waiting_on_it_at_once() {
        let asker = Batches {
            asked: Mutex::new(Vec::new()),
            fails: false,
        };
        let opponent = ThrowsBelow(3);
        let asked = [Seat::Asks(&asker), Seat::Plays(&opponent)];
        let simulated = simulate_side_by_side(&Race, asked, (200, 4), &|_| {}).unwrap();
        let chosen = [Seat::Plays(&ThrowsBelow(5)), Seat::Plays(&opponent)];
        let played = simulate_side_by_side(&Race, chosen, (200, 4), &|_| {}).unwrap();
        assert_eq!(simulated, played);
        assert_eq!(simulated.first.games + simulated.second.games, 400);
        // Every game waits on it at first; it is asked below 8 only, once a decision, so
        // at most 8 rounds.
        let batches = asker.asked.into_inner().unwrap();
        assert_eq!(batches[0], 400, "{batches:?}");
        assert!(
            batches.len() <= 8 && batches.iter().all(|&n| n > 0),
            "{batches:?}"
        );
        let failing = Batches {
            asked: Mutex::new(Vec::new()),
            fails: true,
        };
        let seats = [Seat::Plays(&opponent), Seat::Asks(&failing)];
        let failed = simulate_side_by_side(&Race, seats, (10, 4), &|_| {});
        assert!(
            matches!(&failed, Err(PythonError::Rejected(why)) if why == "no answer"),
            "{failed:?}"
        );
    }
}
