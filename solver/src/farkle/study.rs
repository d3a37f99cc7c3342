//! A Farkle match-up as a chain of turns ([`TurnChain`]), and the same played with real dice:
//! the study's exact figures and their check.
//!
//! A node is a turn start with its player to move, `2 · state + seat`, the state seen from the
//! mover (as [`Farkle::state`] numbers it). Each seat's turn from every start is a
//! [`Transition`] (where the turn ends: each banked turn total, the goal, a farkle), the same
//! the exact evaluation solves with. What a turn counts: a **farkle** (a roll that scores
//! nothing: the turn total lost) and the **Farkle penalty** (the farkle that completes a run
//! and costs the penalty; the count returns to 0 even where the floor leaves nothing to take).

use super::game::Farkle;
use super::plays::Plays;
use super::python::{Asking, PythonStrategy};
use super::rules::Move;
use super::solve::{Solution, Turns};
use super::strategy::seats;
use crate::game::Step;
use crate::game::sides::side_by_side;
use crate::game::study::{Ending, Landing, Tally, TurnChain};
use crate::python::PythonError;

/// What a Farkle turn counts, by bit.
const NAMES: [&str; 2] = ["farkle", "Farkle penalty"];
const FARKLE: u32 = 1;
const PENALTY: u32 = 2;

/// Two seats' turns of a Farkle game as a chain of turns.
pub struct FarkleChain<'a> {
    game: &'a Farkle,
    turns: [&'a Turns; 2],
}

impl<'a> FarkleChain<'a> {
    /// The chain of `turns` (seat 0's, seat 1's, each from every turn start).
    pub fn new(game: &'a Farkle, turns: [&'a Turns; 2]) -> FarkleChain<'a> {
        FarkleChain { game, turns }
    }
}

impl TurnChain for FarkleChain<'_> {
    fn nodes(&self) -> usize {
        2 * self.game.states()
    }

    fn starts(&self) -> [usize; 2] {
        let start = self.game.start();
        [2 * start, 2 * start + 1]
    }

    fn rules(&self) -> Vec<String> {
        NAMES.iter().map(|name| name.to_string()).collect()
    }

    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
        let game = self.game;
        let (state, seat) = (node / 2, node % 2);
        let (own, opponent, count, opponent_count) = game.position(state);
        let end = self.turns[seat].from(game, state);
        let next = |state: usize| Landing::Node(2 * state + 1 - seat);
        if end.win > 0.0 {
            visit(Landing::Won(seat), end.win, 0);
        }
        let first = own + end.first as usize;
        for (i, &p) in end.bank.iter().enumerate() {
            if p > 0.0 {
                visit(
                    next(game.state(opponent, first + i, opponent_count, 0)),
                    p,
                    0,
                );
            }
        }
        if end.farkle > 0.0 {
            let (after, after_count) = game.after_farkle(own, count);
            let penalty = if game.penalised(count) { PENALTY } else { 0 };
            let to = game.state(opponent, after, opponent_count, after_count);
            visit(next(to), end.farkle, FARKLE | penalty);
        }
    }
}

/// What the turns of a game ended in, but the winning one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ended {
    /// Turns that banked.
    banked: u64,
    /// Turns that farkled.
    farkles: u64,
    /// Farkles that completed a run and cost the penalty.
    penalties: u64,
}

/// Plays `games` seeded games with each seat moving first, side by side (each its own stream
/// of dice), `solution`'s seat 0 (the studied strategy) against its seat 1 (`python[seat]`
/// where a Python strategy plays it, asked in batches), throwing real dice, and counts each
/// game's turns as the chain does: `[as_first, as_second]`.
pub fn tally(
    solution: &Solution,
    python: [Option<&PythonStrategy>; 2],
    games: u64,
    seed: u64,
) -> Result<[Tally; 2], PythonError> {
    let game = solution.game();
    let plays = [0, 1].map(|seat| Plays { solution, seat });
    let asking = python.map(|python| python.map(|python| Asking { game, python }));
    let count = |ended: &mut Ended, step: &Step<'_, Farkle>| match step.choice {
        Move::Bank => ended.banked += 1,
        // A roll that shows nothing to keep.
        Move::Roll if step.after.shown().is_none() => {
            let before = &step.before.table;
            ended.farkles += 1;
            ended.penalties += u64::from(game.penalised(before.counts[before.mover]));
        }
        Move::Roll | Move::Keep(_) => {}
    };
    let played = side_by_side(
        game,
        &seats(&plays, &asking),
        (games, seed),
        &|_| {},
        &count,
    )?;
    let mut tallies = [Tally::new(NAMES.len()), Tally::new(NAMES.len())];
    for played in &played {
        let tally = &mut tallies[played.first];
        let mut counted = tally.game();
        let ended = played.counted;
        let winner = played.state.winner();
        counted.turns_with(ended.penalties, FARKLE | PENALTY);
        counted.turns_with(ended.farkles - ended.penalties, FARKLE);
        counted.turns_with(ended.banked, 0);
        // The winning turn.
        counted.turns_with(u64::from(winner.is_some()), 0);
        let ending = Ending::of(winner.map(|seat| seat == 0));
        tally.add(counted, ending);
    }
    Ok(tallies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farkle::{Player, solve};
    use crate::game::Run;
    use crate::game::study::measure;

    /// Goal 50, floor 0: a roll of six dice that scores wins at once, a farkle (q = 5/216)
    /// passes the turn and changes nothing but the count (the floor leaves the penalty nothing
    /// to take). A game lasts t turns with chance q^(t−1) (1 − q); the first mover wins 1 / (1
    /// + q); a penalty comes with the 5th and 6th farkle in a row, the 11th and 12th, ...
    #[test]
    fn a_goal_of_one_scoring_roll_is_a_geometric_game() {
        let settings = [("goal".to_string(), 50), ("floor".to_string(), 0)];
        let game = Farkle::new(&settings).unwrap();
        let solution = solve(&game, [Player::Optimising; 2], &|_| {}).unwrap();
        let turns = solution.turns(0).unwrap();
        let chain = FarkleChain::new(&game, [&turns, &turns]);
        let [first, second] = measure(&chain, true, &Run::default()).unwrap();
        let q = 5.0 / 216.0;
        // Each figure a sum over the scoring rolls of six dice, whose probabilities sum to
        // 1 − q within a few units in the last place; the push leaves out the games still
        // playing after its last turn (less than 1e-15 of them).
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-13 * b + first.unfinished;
        assert!(close(first.win, 1.0 / (1.0 + q)), "{}", first.win);
        assert!(close(second.win, q / (1.0 + q)), "{}", second.win);
        for (t, &p) in first.turns.iter().enumerate().take(6) {
            assert!(
                close(p, q.powi(t as i32) * (1.0 - q)),
                "turn {}: {p}",
                t + 1
            );
        }
        let [farkles, penalties] = &first.rules[..] else {
            panic!("two rules")
        };
        assert!(close(farkles.per_game, q / (1.0 - q)), "{farkles:?}");
        assert!(close(farkles.at_least_once, q), "{farkles:?}");
        let per_game = (q.powi(5) + q.powi(6)) / (1.0 - q.powi(6));
        assert!(close(penalties.per_game, per_game), "{penalties:?}");
        assert!(close(penalties.at_least_once, q.powi(5)), "{penalties:?}");
    }
}
