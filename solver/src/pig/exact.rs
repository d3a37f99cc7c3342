//! Exact values of Pig and Piglet as fractions.
//!
//! The float solve ([`solve`]) fixes both seats' decisions; this module solves each pair of
//! mirrored sides again in rational arithmetic, in the same order (totals from the highest
//! down). With the decisions fixed, every state of a side is `a_k + b_k · w` with `w` the worth
//! of the turn ending without gain, and the two values at turn total 0 solve two linear
//! equations, exactly. An optimising seat's decisions are then checked exactly: wherever the
//! other decision is worth strictly more, it is taken and the pair solved again (exact policy
//! iteration), so the fractions are those of an exactly optimal policy, not of the float one.
//! Where rolling and holding are worth exactly the same, the seat rolls (the float solver's
//! rule) and the state is listed as a tie.
//!
//! Two-dice Pig's double 1s lower a score, which ties every pair to the lower ones: it has no
//! pair-by-pair exact solve.

use std::sync::atomic::{AtomicBool, Ordering};

use num_rational::BigRational;
use num_traits::{One, Zero};
use thiserror::Error;

use super::game::{Lead, Pig, Roll, Variant};
use super::policy::Policy;
use super::solve::{Side, SolveError, solve};
use super::strategy::Strategy;
use crate::fraction::{ExactRates, Fraction};

/// Rounds of exact policy improvement a pair may take (the float decisions are optimal but for
/// choices within rounding of each other, so one or two rounds suffice).
const MAX_ROUNDS: usize = 64;

/// Why a match-up has no exact fractions here.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ExactError {
    /// Two-dice Pig lowers scores.
    #[error(
        "{rules}: two 1s drop a score to 0, which links every pair of scores to the lower ones, \
         so there is no pair-by-pair exact solve; --bounds gives a certified interval"
    )]
    LowersScores {
        /// The game.
        rules: &'static str,
    },
    /// The solve was stopped by its stop flag (an interrupt).
    #[error("the exact solve was stopped before it finished (interrupted)")]
    Stopped,
    /// Exact policy improvement did not settle.
    #[error("{rules}: exact policy improvement at {own} : {opponent} did not settle")]
    Unsettled {
        /// The game.
        rules: &'static str,
        /// The pair's lower score.
        own: u32,
        /// Its higher score.
        opponent: u32,
    },
    /// The float solve that fixes the decisions failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The exact solution: seat 0's rates from the start, its policy and its exact ties.
#[derive(Clone, Debug)]
pub struct ExactSolution {
    rates: ExactRates,
    policy: Policy,
    ties: Vec<(u32, u32, u32)>,
    changed: usize,
}

impl ExactSolution {
    /// Seat 0's exact rates from the start.
    pub fn rates(&self) -> &ExactRates {
        &self.rates
    }

    /// Seat 0's policy (an optimising seat's exactly optimal decisions).
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// For an optimising seat 0: the states (own, opponent, turn total) where rolling and
    /// holding are worth exactly the same (it rolls), by increasing total, then own score.
    pub fn ties(&self) -> &[(u32, u32, u32)] {
        &self.ties
    }

    /// The states where seat 0's exact decisions differ from the float solve's.
    pub fn changed(&self) -> usize {
        self.changed
    }
}

/// The exact values of `strategies[0]` in seat 0 against `strategies[1]`: an optimising seat
/// plays an exactly optimal policy (minimax when both optimise).
pub fn solve_exact(pig: &Pig, strategies: [&Strategy; 2]) -> Result<ExactSolution, ExactError> {
    solve_exact_stopping(pig, strategies, &AtomicBool::new(false))
}

/// [`solve_exact`], stopped with [`ExactError::Stopped`] between score pairs once `stop` is set.
pub fn solve_exact_stopping(
    pig: &Pig,
    strategies: [&Strategy; 2],
    stop: &AtomicBool,
) -> Result<ExactSolution, ExactError> {
    let outcomes = exact_outcomes(pig.variant());
    if outcomes.iter().any(|(roll, _)| *roll == Roll::LoseScore) {
        return Err(ExactError::LowersScores { rules: pig.name() });
    }
    let float = solve(pig, [strategies[0].player(), strategies[1].player()])?;
    let optimising = strategies.map(Strategy::is_optimising);
    let mut exact = Exact {
        pig,
        outcomes,
        optimising,
        rolls: [0, 1].map(|seat| {
            let policy = float.policy(seat);
            (0..pig.cube()).map(|state| policy.rolls(state)).collect()
        }),
        start_values: [
            vec![None; (pig.goal() * pig.goal()) as usize],
            vec![None; (pig.goal() * pig.goal()) as usize],
        ],
        ties: Vec::new(),
    };
    let goal = pig.goal();
    for total in (0..=2 * (goal - 1)).rev() {
        for own in total.saturating_sub(goal - 1)..=total.min(goal - 1) {
            let opponent = total - own;
            if own > opponent {
                continue;
            }
            // Late pairs carry long fractions: a check per pair keeps a stop within milliseconds.
            if stop.load(Ordering::Relaxed) {
                return Err(ExactError::Stopped);
            }
            for seat in 0..2 {
                if own == opponent && seat == 1 {
                    continue;
                }
                exact.pair(Side {
                    seat,
                    own,
                    opponent,
                })?;
            }
        }
    }
    let start = |seat: usize| {
        exact.start_values[seat][0]
            .clone()
            .expect("the start's pair is solved last")
    };
    let rates = ExactRates::from_seats(
        Fraction::from_rational(start(0)),
        Fraction::from_rational(start(1)).complement(),
    );
    let rates = if optimising == [true, true] {
        rates.minimax()
    } else {
        rates
    };
    let float_policy = float.policy(0);
    let changed = (0..pig.cube())
        .filter(|&state| {
            let (own, _, turn_total) = pig.position(state);
            pig.is_state(own, turn_total) && float_policy.rolls(state) != exact.rolls[0][state]
        })
        .count();
    let rolls = std::mem::take(&mut exact.rolls[0]);
    exact
        .ties
        .sort_by_key(|&(own, opponent, k)| (own + opponent, own, k));
    Ok(ExactSolution {
        rates,
        policy: Policy::from_fn(pig, |own, opponent, k| rolls[pig.state(own, opponent, k)]),
        ties: exact.ties,
        changed,
    })
}

/// What one roll does, with its exact probability.
fn exact_outcomes(variant: Variant) -> Vec<(Roll, BigRational)> {
    let (outcomes, total) = variant.counted_outcomes();
    outcomes
        .into_iter()
        .map(|(roll, count)| (roll, BigRational::new(count.into(), total.into())))
        .collect()
}

/// A value `a + b · w` in the worth `w` of the turn ending without gain.
#[derive(Clone, Debug)]
struct Affine {
    a: BigRational,
    b: BigRational,
}

impl Affine {
    fn at(&self, w: &BigRational) -> BigRational {
        &self.a + &self.b * w
    }
}

/// The exact solve's state.
struct Exact<'a> {
    pig: &'a Pig,
    outcomes: Vec<(Roll, BigRational)>,
    optimising: [bool; 2],
    /// By seat and state: the decision (true: roll).
    rolls: [Vec<bool>; 2],
    /// By seat and `own · goal + opponent`: the value at turn total 0, once solved.
    start_values: [Vec<Option<BigRational>>; 2],
    /// Seat 0's exact ties (own, opponent, turn total).
    ties: Vec<(u32, u32, u32)>,
}

impl Exact<'_> {
    /// The solved value of `seat` to move at (own, opponent), turn total 0.
    fn start_value(&self, seat: usize, own: u32, opponent: u32) -> &BigRational {
        self.start_values[seat][(own * self.pig.goal() + opponent) as usize]
            .as_ref()
            .expect("pairs of higher totals are solved first")
    }

    /// Rolling and holding at every turn total of `side`, as affine values in `w`, from its
    /// current decisions: `(roll, hold)` by turn total.
    fn alternatives(&self, side: Side) -> Vec<(Affine, Affine)> {
        let pig = self.pig;
        let n = (pig.goal() - side.own) as usize;
        let mut chosen: Vec<Option<Affine>> = vec![None; n];
        let mut both = vec![None; n];
        for k in (0..n as u32).rev() {
            let mut roll = Affine {
                a: BigRational::zero(),
                b: BigRational::zero(),
            };
            for (outcome, p) in &self.outcomes {
                match pig.lead(side.own, k, *outcome) {
                    // Two-dice Pig, whose two 1s pass with a lower score, is refused above.
                    Lead::Passes(_) => roll.b += p,
                    Lead::Won => roll.a += p,
                    Lead::Rolls(next) => {
                        let next = chosen[next as usize]
                            .as_ref()
                            .expect("higher turn totals first");
                        roll.a += p * &next.a;
                        roll.b += p * &next.b;
                    }
                }
            }
            let hold = if k == 0 {
                Affine {
                    a: BigRational::zero(),
                    b: BigRational::one(),
                }
            } else {
                let next = self.start_value(1 - side.seat, side.opponent, side.own + k);
                Affine {
                    a: BigRational::one() - next,
                    b: BigRational::zero(),
                }
            };
            let rolls = self.rolls[side.seat][pig.state(side.own, side.opponent, k)];
            chosen[k as usize] = Some(if rolls { roll.clone() } else { hold.clone() });
            both[k as usize] = Some((roll, hold));
        }
        both.into_iter()
            .map(|b| b.expect("every turn total"))
            .collect()
    }

    /// Solves the pair of `side` exactly, improving an optimising seat's decisions until no
    /// other decision is worth strictly more.
    fn pair(&mut self, side: Side) -> Result<(), ExactError> {
        let pig = self.pig;
        let sides = [side, side.other()];
        for _ in 0..MAX_ROUNDS {
            let [left, right] = sides.map(|s| self.alternatives(s));
            let chosen = |s: Side, both: &[(Affine, Affine)]| -> Affine {
                let rolls = self.rolls[s.seat][pig.state(s.own, s.opponent, 0)];
                let (roll, hold) = &both[0];
                if rolls { roll.clone() } else { hold.clone() }
            };
            let (l, r) = (chosen(sides[0], &left), chosen(sides[1], &right));
            // x = a1 + b1 (1 − y), y = a2 + b2 (1 − x); both passing for sure never ends.
            let one = BigRational::one();
            let determinant = &one - &l.b * &r.b;
            let (x, y) = if determinant.is_zero() {
                let half = BigRational::new(1.into(), 2.into());
                (half.clone(), half)
            } else {
                let x = (&l.a + &l.b * (&one - &r.a - &r.b)) / &determinant;
                let y = (&r.a + &r.b * (&one - &l.a - &l.b)) / &determinant;
                (x, y)
            };
            let mut improved = false;
            for (s, both, w) in [(sides[0], &left, &one - &y), (sides[1], &right, &one - &x)] {
                if self.optimising[s.seat] {
                    improved |= self.improve(s, both, &w);
                }
            }
            if !improved {
                for (s, both, w) in [(sides[0], &left, &one - &y), (sides[1], &right, &one - &x)] {
                    if s.seat == 0 && self.optimising[0] {
                        self.record_ties(s, both, &w);
                    }
                }
                for (s, value) in [(sides[0], x), (sides[1], y)] {
                    self.start_values[s.seat][(s.own * pig.goal() + s.opponent) as usize] =
                        Some(value);
                }
                return Ok(());
            }
        }
        Err(ExactError::Unsettled {
            rules: pig.name(),
            own: side.own,
            opponent: side.opponent,
        })
    }

    /// Takes, at every turn total of `side`, a decision worth strictly more than the current
    /// one (or rolling where both are worth the same), `w` being the turn ending's worth; the
    /// values the alternatives were computed from are those of the current decisions, so
    /// each change is a step of policy iteration. Whether anything changed.
    fn improve(&mut self, side: Side, both: &[(Affine, Affine)], w: &BigRational) -> bool {
        let pig = self.pig;
        let mut changed = false;
        for (k, (roll, hold)) in both.iter().enumerate() {
            let state = pig.state(side.own, side.opponent, k as u32);
            let (roll, hold) = (roll.at(w), hold.at(w));
            let rolls = self.rolls[side.seat][state];
            let better = if rolls { hold > roll } else { roll >= hold };
            if better {
                self.rolls[side.seat][state] = !rolls;
                changed = true;
            }
        }
        changed
    }

    /// Lists the turn totals of `side` where rolling and holding are worth exactly the same.
    fn record_ties(&mut self, side: Side, both: &[(Affine, Affine)], w: &BigRational) {
        for (k, (roll, hold)) in both.iter().enumerate() {
            if roll.at(w) == hold.at(w) {
                self.ties.push((side.own, side.opponent, k as u32));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piglet_to_two_is_the_papers_four_sevenths() {
        let pig = Pig::new(Variant::Piglet, 2).unwrap();
        let minimax = Strategy::parse("minimax", &pig).unwrap();
        let solved = solve_exact(&pig, [&minimax, &minimax]).unwrap();
        let rates = solved.rates();
        assert_eq!(rates.as_first.to_string(), "4/7");
        assert_eq!(rates.as_second.to_string(), "3/7");
        assert_eq!(rates.win_rate.to_string(), "1/2");
        assert_eq!(rates.first_player_wins.as_ref().unwrap().to_string(), "4/7");
        assert_eq!(solved.changed(), 0);
    }

    #[test]
    fn two_dice_pig_is_refused() {
        let pig = Pig::new(Variant::TwoDicePig, 5).unwrap();
        let hold = Strategy::parse("hold_at:3", &pig).unwrap();
        let err = solve_exact(&pig, [&hold, &hold]).unwrap_err();
        assert!(err.to_string().contains("two 1s"), "{err}");
    }
}
