//! Where a fixed Greed strategy loses: the exact gain of changing the dice in one state.
//!
//! Seat 0 plays a [`Policy`] `P` against a fixed opponent; its **win rate** is its value
//! P(win) + ½·P(tie) averaged over moving first and moving second, as
//! [`evaluate`](super::evaluate) reports it. The **gain** of a state `c` and a dice count `n'` is
//! the win rate of `P` with only `c` changed to `n'`, minus the win rate of `P`: exact, not a
//! first-order estimate.
//!
//! **How.** By the performance-difference lemma the gain is `d'(c)·(Q(c, n') − Q(c, n))`, where
//! `n` is P's count at `c`, `Q(c, k)` is the value of rolling `k` at `c` given the values of
//! every other state under `P` (the opponent's coupled state included), and `d'(c)` is the
//! expected number of turns seat 0 takes at `c` under the changed policy, counting a game that
//! starts with either seat equally likely. A turn where the opponent has passed is the last one:
//! `d' = R(c)`, the probability that seat 0 is ever to move at `c`. Before anyone passes, the
//! only way back to (a, b) is a roll totalling 0 (`6^-n'`) followed by the opponent's at
//! (b, a) (`6^-m`), so `d' = R(c) / (1 − 6^-n'·6^-m)` (no return when either passes). `R(c)`
//! does not depend on the choice at `c`: one sweep gives every `Q`, one forward pass every `R`.
//!
//! Rolling `k` dice with `room` points left is worth at most P(total of `k` <= `room`), which
//! falls with `k`; counts past the first `k` where that bound is at most `Q(c, n)` cannot gain
//! and are skipped. Every other count up to [`MAX_DICE`] is weighed.

use rayon::prelude::*;

use super::game::{Greed, MAX_DICE};
use super::policy::Policy;
use super::sweep::{Player, SolveError, Sweep, TIE_TOLERANCE, sweep};

/// One state where changing the dice alone raises the win rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellGain {
    /// The mover's score.
    pub own: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// Whether the opponent has just passed (the mover's last turn).
    pub passed: bool,
    /// The dice the strategy rolls here (0: pass).
    pub chosen: u8,
    /// The dice count with the largest gain (the smallest of counts within
    /// [`TIE_TOLERANCE`] of it).
    pub best: u8,
    /// The probability that the strategy is ever to move here, in a game whose first mover is
    /// drawn with equal odds (so ½·P(moving first) + ½·P(moving second)).
    pub reach: f64,
    /// The exact rise of the win rate (P(win) + ½·P(tie), averaged over both seats) from
    /// rolling `best` here instead of `chosen`, everything else unchanged.
    pub gain: f64,
}

/// One fixed strategy against a fixed opponent, ready to price a change of dice in any state.
#[derive(Clone, Debug)]
pub struct Gains<'a> {
    game: &'a Greed,
    /// Both seats' values and dice.
    sweep: Sweep<f64>,
    /// `reach[state]`: the probability that seat 0 is ever to move in `state`.
    reach: Vec<f64>,
}

impl<'a> Gains<'a> {
    /// Evaluates `strategy` (seat 0) against `opponent` (seat 1): one sweep for the values, one
    /// forward pass for the probabilities of reaching each state.
    pub fn new(game: &'a Greed, strategy: &Policy, opponent: &Policy) -> Result<Self, SolveError> {
        let players = [strategy, opponent].map(|p| Player::Fixed(p.clone()));
        let sweep = sweep::<f64>(game, [&players[0], &players[1]])?;
        let reach = reach(game, &sweep.dice);
        Ok(Gains { game, sweep, reach })
    }

    /// The probability that the strategy is ever to move at (own, opponent, passed), with the
    /// first mover drawn with equal odds. Scores must be in `0..=limit`.
    pub fn reach(&self, own: u32, opponent: u32, passed: bool) -> f64 {
        self.reach[self.game.state(own as usize, opponent as usize, passed)]
    }

    /// The exact change of the win rate (P(win) + ½·P(tie), averaged over both seats) when the
    /// strategy rolls `dice` at (own, opponent, passed) instead of its own count, everything
    /// else unchanged. Scores must be in `0..=limit`.
    pub fn gain(&self, own: u32, opponent: u32, passed: bool, dice: u8) -> f64 {
        let cell = (own as usize, opponent as usize, passed);
        let chosen = self.sweep.dice[0][self.game.state(cell.0, cell.1, passed)];
        let base = self.sweep.roll_value(self.game, 0, cell, chosen);
        self.gain_over(cell, base, dice)
    }

    /// Every state where a change of dice alone gains more than [`TIE_TOLERANCE`], by gain
    /// (largest first; equal gains by own score, opponent score, then passed).
    pub fn cells(&self) -> Vec<CellGain> {
        let s = self.game.scores();
        let mut cells: Vec<CellGain> = (0..s)
            .into_par_iter()
            .flat_map_iter(|own| {
                (0..s)
                    .flat_map(move |opponent| [(own, opponent, false), (own, opponent, true)])
                    .filter_map(|cell| self.best_change(cell))
            })
            .collect();
        cells.sort_by(|x, y| {
            y.gain
                .total_cmp(&x.gain)
                .then_with(|| (x.own, x.opponent, x.passed).cmp(&(y.own, y.opponent, y.passed)))
        });
        cells
    }

    /// The best change of dice at one state, if it gains more than [`TIE_TOLERANCE`].
    fn best_change(&self, cell: (usize, usize, bool)) -> Option<CellGain> {
        let (own, opponent, passed) = cell;
        let state = self.game.state(own, opponent, passed);
        let reach = self.reach[state];
        if reach == 0.0 {
            return None;
        }
        let chosen = self.sweep.dice[0][state];
        let base = self.sweep.roll_value(self.game, 0, cell, chosen);
        let room = self.game.limit() as usize - own;
        let gains: Vec<f64> = (0..=MAX_DICE)
            // Beyond here Q(k) <= P(total of k <= room) <= Q(chosen): nothing gains.
            .take_while(|&k| k == 0 || self.game.within(usize::from(k), room) > base)
            .map(|k| self.gain_over(cell, base, k))
            .collect();
        let most = gains.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if most <= TIE_TOLERANCE {
            return None;
        }
        let best = gains
            .iter()
            .position(|&g| g >= most - TIE_TOLERANCE)
            .expect("the largest gain is among the gains");
        Some(CellGain {
            own: own as u32,
            opponent: opponent as u32,
            passed,
            chosen,
            best: best as u8,
            reach,
            gain: gains[best],
        })
    }

    /// The gain of rolling `dice` at `cell`, where the strategy's own count is worth `base`:
    /// `d'·(Q(dice) − base)`, with `d'` the expected turns at `cell` under the change.
    fn gain_over(&self, (own, opponent, passed): (usize, usize, bool), base: f64, dice: u8) -> f64 {
        let game = self.game;
        let value = self
            .sweep
            .roll_value(game, 0, (own, opponent, passed), dice);
        let reach = self.reach[game.state(own, opponent, passed)];
        let visits = if passed {
            reach
        } else {
            let theirs = self.sweep.dice[1][game.state(opponent, own, false)];
            reach / (1.0 - zero_total(game, dice) * zero_total(game, theirs))
        };
        visits * (value - base)
    }
}

/// Every state where changing the dice alone raises `strategy`'s win rate against `opponent`
/// (by more than [`TIE_TOLERANCE`]), with its best count and exact gain, largest gain first:
/// [`Gains::cells`].
pub fn explain(
    game: &Greed,
    strategy: &Policy,
    opponent: &Policy,
) -> Result<Vec<CellGain>, SolveError> {
    Ok(Gains::new(game, strategy, opponent)?.cells())
}

/// P(`n` dice total 0), as the sweep reads it; 0 for a pass, which hands over for good.
fn zero_total(game: &Greed, n: u8) -> f64 {
    if n == 0 {
        0.0
    } else {
        game.roll(n).sum_probabilities()[0]
    }
}

/// `reach[state]`: the probability that seat 0 is ever to move in `state` when both seats
/// roll `dice[seat][state]` and each seat moves first half the time.
///
/// Probability flows up the totals. Within one total, seat 0 at (a, b) and seat 1 at (b, a)
/// hand the turn to each other on rolls totalling 0 (`p`, `q`): with `e0` and `e1` entering
/// them from lower totals, seat 0 moves there `(e0 + e1·q) / (1 − p·q)` times on average (and
/// is ever there with probability `e0 + e1·q`), seat 1 `(e1 + e0·p) / (1 − p·q)` times; each
/// turn passes its share of every positive total within the limit on to the other seat. A pass
/// gives the other seat its last turn; going over the limit ends the game.
fn reach(game: &Greed, dice: &[Vec<u8>; 2]) -> Vec<f64> {
    let s = game.scores();
    let limit = s - 1;
    let cell = |own: usize, opponent: usize| own * s + opponent;
    // `entry[seat][cell]`: the probability of arriving there from a lower total.
    let mut entry = [vec![0.0; s * s], vec![0.0; s * s]];
    entry[0][cell(0, 0)] = 0.5;
    entry[1][cell(0, 0)] = 0.5;
    let mut reach = vec![0.0; game.states()];
    for total in 0..=2 * limit {
        for a in total.saturating_sub(limit)..=total.min(limit) {
            let b = total - a;
            let (e0, e1) = (entry[0][cell(a, b)], entry[1][cell(b, a)]);
            if e0 == 0.0 && e1 == 0.0 {
                continue;
            }
            let n = dice[0][game.state(a, b, false)];
            let m = dice[1][game.state(b, a, false)];
            let (p, q) = (zero_total(game, n), zero_total(game, m));
            let returns = 1.0 - p * q;
            reach[game.state(a, b, false)] = e0 + e1 * q;
            let turns = [(e0 + e1 * q) / returns, (e1 + e0 * p) / returns];
            for (seat, (own, opponent, n)) in [(a, b, n), (b, a, m)].into_iter().enumerate() {
                if n == 0 {
                    // Seat 1 passes: seat 0's last turn. Seat 0 passes: seat 1's, then the end.
                    if seat == 1 {
                        reach[game.state(opponent, own, true)] = turns[1];
                    }
                    continue;
                }
                let p = game.roll(n).sum_probabilities();
                let most = (limit - own).min(p.len() - 1);
                for (points, &chance) in p.iter().enumerate().take(most + 1).skip(1) {
                    entry[1 - seat][cell(opponent, own + points)] += turns[seat] * chance;
                }
            }
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::greed::{Strategy, evaluate, play};

    fn policy(spec: &str, game: &Greed) -> Policy {
        match Strategy::parse(spec, game).unwrap().player() {
            Player::Fixed(policy) => policy.clone(),
            Player::Optimising => panic!("{spec} is not fixed"),
        }
    }

    fn win_rate(game: &Greed, strategy: &Policy, opponent: &Policy) -> f64 {
        evaluate(game, [strategy, opponent]).unwrap().0.win_rate()
    }

    /// `strategy` with only (own, opponent, passed) changed to `dice`.
    fn changed(game: &Greed, strategy: &Policy, cell: (u32, u32, bool), dice: u8) -> Policy {
        Policy::from_fn(game, |own, opponent, passed| {
            if (own, opponent, passed) == cell {
                dice
            } else {
                strategy.dice(game.state(own as usize, opponent as usize, passed))
            }
        })
    }

    /// Re-evaluates the changed strategy and checks the predicted gain against it.
    fn assert_exact(
        game: &Greed,
        (strategy, opponent): (&Policy, &Policy),
        cell: (u32, u32, bool),
        dice: u8,
        gain: f64,
    ) {
        let before = win_rate(game, strategy, opponent);
        let after = win_rate(game, &changed(game, strategy, cell, dice), opponent);
        let error = (after - before - gain).abs();
        assert!(
            error <= 1e-12,
            "{cell:?} to {dice}: predicted {gain}, re-evaluated {}",
            after - before
        );
    }

    #[test]
    fn the_largest_gains_are_exact() {
        let game = Greed::new(100).unwrap();
        for (strategy, opponent) in [
            ("sample1", "sample2"),
            ("sample2", "sample1"),
            ("improve:sample1", "sample2"),
        ] {
            let (strategy, opponent) = (policy(strategy, &game), policy(opponent, &game));
            let cells = explain(&game, &strategy, &opponent).unwrap();
            assert!(cells.len() >= 5);
            assert!(cells.windows(2).all(|w| w[0].gain >= w[1].gain));
            for c in &cells[..5] {
                assert_ne!(c.best, c.chosen);
                let cell = (c.own, c.opponent, c.passed);
                assert_exact(&game, (&strategy, &opponent), cell, c.best, c.gain);
            }
        }
    }

    #[test]
    fn any_change_is_priced_exactly() {
        let game = Greed::new(100).unwrap();
        let sample1 = policy("sample1", &game);
        let sample2 = policy("sample2", &game);
        // An opponent that rolls one die when level makes returns to a pair likely (1/36).
        let level = Policy::from_fn(
            &game,
            |own, opponent, _| if own == opponent { 1 } else { 4 },
        );
        let cases = [
            (&sample1, &level, (0, 0, false), 1),
            (&sample1, &level, (0, 0, false), 0),
            (&level, &level, (6, 6, false), 2),
            (&level, &level, (6, 6, false), 0),
            (&level, &level, (9, 8, false), 1),
            (&level, &sample1, (0, 0, false), 3),
            (&sample1, &level, (25, 10, false), 20),
            (&sample1, &sample2, (0, 70, false), 0),
            (&sample2, &sample1, (40, 20, false), 255),
            (&level, &sample1, (30, 60, true), 9),
            (&sample1, &sample2, (70, 85, true), 4),
            (&sample2, &sample1, (60, 62, true), 1),
            (&sample2, &sample1, (60, 62, true), 0),
        ];
        for (strategy, opponent, (own, their, passed), dice) in cases {
            let gains = Gains::new(&game, strategy, opponent).unwrap();
            let gain = gains.gain(own, their, passed, dice);
            assert!(
                gain.abs() > 1e-8,
                "{own} {their} {passed} to {dice}: {gain}"
            );
            assert_exact(
                &game,
                (strategy, opponent),
                (own, their, passed),
                dice,
                gain,
            );
        }
    }

    #[test]
    fn a_best_response_cannot_gain() {
        let game = Greed::new(100).unwrap();
        let sample2 = Strategy::parse("sample2", &game).unwrap();
        let optimal = Strategy::parse("optimal", &game).unwrap();
        let played = play(&game, &optimal, &sample2).unwrap();
        let [best, opponent] = &played.policies;
        let cells = explain(&game, best, opponent).unwrap();
        assert!(cells.iter().all(|c| c.gain <= 1e-12), "{:?}", cells.first());
    }

    #[test]
    fn the_start_is_reached_by_both_seatings() {
        let game = Greed::new(100).unwrap();
        let gains = Gains::new(&game, &policy("sample1", &game), &policy("sample2", &game));
        let gains = gains.unwrap();
        // Moving first, or after sample2's 30 dice all show 0.
        let start = 0.5 + 0.5 * game.roll(30).sum_probabilities()[0];
        assert_eq!(gains.reach(0, 0, false), start);
        // Last turns come only after sample2 passes, which it does above 80 points.
        assert_eq!(gains.reach(50, 50, true), 0.0);
        assert!(gains.reach(50, 90, true) > 0.0);
    }
}
