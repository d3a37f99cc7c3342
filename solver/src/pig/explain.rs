//! Where a Pig strategy loses: the states whose single change gains the most, exactly.
//!
//! Changing the decision of one state `s` (own, opponent, turn total) changes the win rate by
//! exactly `N'(s) · (Q(s, other) − Q(s, chosen))`, where `Q` values each decision with the
//! strategy played everywhere else and `N'(s)` is the expected number of times a game reaches
//! `s` with the strategy to move *under the changed strategy* (the performance difference of
//! the two). Scores never fall in Pig and Piglet, so a game comes back to `s` only through
//! turns that bank nothing: with `ρ` the chance of coming back after the chosen decision and
//! `ρ'` after the other, `N'(s) = N(s) · (1 − ρ) / (1 − ρ')`. One forward pass over the pairs
//! of scores gives every `N(s)`, and the chances of a turn banking nothing give every `ρ`.
//! A change after which the game can never leave `s`'s scores is valued by solving the
//! changed strategy outright. Two-dice Pig's two 1s send a game back to far lower scores, so
//! its states are not explained.

use super::game::{Lead, Pig};
use super::policy::Policy;
use super::solve::{Player, SolveError, matchup, solve};

/// Gains smaller than this (in win rate) are rounding, not a better choice.
const NOISE: f64 = 1e-15;

/// A state where changing one decision of a strategy changes its win rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StateGain {
    /// The strategy's score.
    pub own: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The turn total.
    pub turn_total: u32,
    /// Whether the strategy rolls there (the change holds), or holds (the change rolls).
    pub rolls: bool,
    /// The expected number of times a game reaches the state with the strategy to move, each
    /// seat starting half the games (its probability, where a game cannot come back to it; where
    /// a game that reaches it never leaves its scores, the probability of reaching it).
    pub visits: f64,
    /// The exact change of the seat-averaged win rate if the state alone decided otherwise.
    pub gain: f64,
}

/// Why the states of a strategy cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// A solve did not converge.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Two 1s lower a score, so a change of one state reaches far beyond it.
    #[error(
        "{0}: two 1s drop a score to 0, so a change of one state moves values across many \
         scores; swine does not explain single states of such rules"
    )]
    Lowering(&'static str),
}

/// Every state of `policy` whose change alone raises its win rate against the fixed
/// `opponent`, the largest gain first (equal gains by own score, opponent score, turn total).
pub fn explain(
    pig: &Pig,
    policy: &Policy,
    opponent: &Policy,
) -> Result<Vec<StateGain>, ExplainError> {
    let mut gains = state_gains(pig, policy, opponent)?;
    gains.retain(|g| g.gain > NOISE);
    gains.sort_by(|a, b| {
        b.gain
            .total_cmp(&a.gain)
            .then((a.own, a.opponent, a.turn_total).cmp(&(b.own, b.opponent, b.turn_total)))
    });
    Ok(gains)
}

/// Every state a game can reach with `policy`'s player to move, with the exact gain (negative
/// where it loses) of deciding otherwise there alone, by own score, opponent score, turn total.
pub fn state_gains(
    pig: &Pig,
    policy: &Policy,
    opponent: &Policy,
) -> Result<Vec<StateGain>, ExplainError> {
    if pig.lowers_scores() {
        return Err(ExplainError::Lowering(pig.name()));
    }
    let players = [
        Player::Fixed(policy.clone()),
        Player::Fixed(opponent.clone()),
    ];
    let solution = solve(pig, [&players[0], &players[1]])?;
    let win_rate = solution.matchup().win_rate();
    let goal = pig.goal();
    let index = |own: u32, other: u32| (own * goal + other) as usize;
    // Games arriving at each pair of scores from others (or the start), by seat to move.
    let mut arriving = [
        vec![0.0; (goal * goal) as usize],
        vec![0.0; (goal * goal) as usize],
    ];
    arriving[0][0] = 0.5;
    arriving[1][0] = 0.5;
    let mut gains = Vec::new();
    // Scores only rise: every game reaching a pair comes from a lower total.
    for total in 0..=2 * (goal - 1) {
        for own in total.saturating_sub(goal - 1)..=total.min(goal - 1) {
            let other = total - own;
            let pair = Pair {
                turns: [
                    Turn::new(pig, policy, own, other),
                    Turn::new(pig, opponent, other, own),
                ],
                arriving: [
                    arriving[0][index(own, other)],
                    arriving[1][index(own, other)],
                ],
            };
            if pair.arriving == [0.0, 0.0] {
                continue;
            }
            let (ours, theirs) = pair.turn_counts();
            for k in 0..goal - own {
                let reach = pair.turns[0].reach[k as usize];
                if reach == 0.0 || ours == 0.0 {
                    continue;
                }
                let state = pig.state(own, other, k);
                let rolls = policy.rolls(state);
                let (roll, hold) = solution.choices(0, state);
                let advantage = if rolls { hold - roll } else { roll - hold };
                let (now, changed) = (
                    pair.comes_back(pig, k, rolls),
                    pair.comes_back(pig, k, !rolls),
                );
                let (visits, gain) = if now < 1.0 && changed < 1.0 {
                    let visits = ours * reach;
                    (visits, visits * (1.0 - now) / (1.0 - changed) * advantage)
                } else {
                    // The game would never leave these scores: solve the change outright.
                    let changed = Player::Fixed(policy.flipped(state));
                    let (outright, _) = matchup(pig, [&changed, &players[1]])?;
                    let gain = outright.win_rate() - win_rate;
                    let visits = if pair.closed() {
                        (pair.arriving[0] + pair.arriving[1]) * reach
                    } else {
                        ours * reach
                    };
                    (visits, gain)
                };
                gains.push(StateGain {
                    own,
                    opponent: other,
                    turn_total: k,
                    rolls,
                    visits,
                    gain,
                });
            }
            if pair.closed() {
                continue;
            }
            for (t, &banked) in pair.turns[0].banks.iter().enumerate().skip(1) {
                if banked > 0.0 && own + (t as u32) < goal {
                    arriving[1][index(own + t as u32, other)] += ours * banked;
                }
            }
            for (t, &banked) in pair.turns[1].banks.iter().enumerate().skip(1) {
                if banked > 0.0 && other + (t as u32) < goal {
                    arriving[0][index(own, other + t as u32)] += theirs * banked;
                }
            }
        }
    }
    gains.sort_by_key(|g| (g.own, g.opponent, g.turn_total));
    Ok(gains)
}

/// One player's turn at a pair of scores, under its policy.
#[derive(Clone, Debug, Default)]
struct Turn {
    /// By turn total: P(the turn reaches it), from turn total 0.
    reach: Vec<f64>,
    /// By turn total: P(the turn ends from there with nothing banked).
    nothing: Vec<f64>,
    /// By turn total: P(the turn banks exactly that), from turn total 0.
    banks: Vec<f64>,
    /// The policy's decisions, by turn total.
    rolls: Vec<bool>,
}

impl Turn {
    /// The turn of the player with `own` against `opponent` who decides as `policy` does.
    fn new(pig: &Pig, policy: &Policy, own: u32, opponent: u32) -> Turn {
        let states = (pig.goal() - own) as usize;
        let rolls: Vec<bool> = (0..states as u32)
            .map(|k| policy.rolls(pig.state(own, opponent, k)))
            .collect();
        let mut turn = Turn {
            reach: vec![0.0; states],
            nothing: vec![0.0; states],
            banks: vec![0.0; states],
            rolls,
        };
        for k in (0..states as u32).rev() {
            turn.nothing[k as usize] = turn.nothing_after(pig, own, k, turn.rolls[k as usize]);
        }
        turn.reach[0] = 1.0;
        for k in 0..states {
            let here = turn.reach[k];
            if here == 0.0 {
                continue;
            }
            if !turn.rolls[k] {
                turn.banks[k] += here;
                continue;
            }
            for &(roll, p) in pig.outcomes() {
                if let Lead::Rolls(next) = pig.lead(own, k as u32, roll) {
                    turn.reach[next as usize] += here * p;
                }
            }
        }
        turn
    }

    /// P(the turn ends with nothing banked) after deciding `rolls` at turn total `k`, the
    /// policy followed from the next decision on.
    fn nothing_after(&self, pig: &Pig, own: u32, k: u32, rolls: bool) -> f64 {
        if !rolls {
            return if k == 0 { 1.0 } else { 0.0 };
        }
        pig.outcomes()
            .iter()
            .map(|&(roll, p)| {
                p * match pig.lead(own, k, roll) {
                    Lead::Passes(_) => 1.0,
                    Lead::Rolls(next) => self.nothing[next as usize],
                    Lead::Won => 0.0,
                }
            })
            .sum()
    }
}

/// A pair of scores (seat 0's, seat 1's): both turns there and the games arriving.
struct Pair {
    /// Seat 0's turn, then seat 1's.
    turns: [Turn; 2],
    /// Games arriving at seat 0's turn, and at seat 1's, from other scores (or the start).
    arriving: [f64; 2],
}

impl Pair {
    /// Both turns banking nothing, over and over: the pair never ends.
    fn closed(&self) -> bool {
        self.turns[0].nothing[0] == 1.0 && self.turns[1].nothing[0] == 1.0
    }

    /// The expected number of seat 0's turns here, and of seat 1's (infinite where closed).
    fn turn_counts(&self) -> (f64, f64) {
        let (p, q) = (self.turns[0].nothing[0], self.turns[1].nothing[0]);
        if self.closed() {
            return (f64::INFINITY, f64::INFINITY);
        }
        let cycle = 1.0 - p * q;
        (
            (self.arriving[0] + self.arriving[1] * q) / cycle,
            (self.arriving[1] + self.arriving[0] * p) / cycle,
        )
    }

    /// P(a game that decides `rolls` at seat 0's turn total `k` comes back to it): its turn
    /// banks nothing, then seat 1's does, then seat 0's turns reach `k` before banking.
    fn comes_back(&self, pig: &Pig, k: u32, rolls: bool) -> f64 {
        let [ours, theirs] = &self.turns;
        let own = pig.goal() - ours.reach.len() as u32;
        let back = theirs.nothing[0];
        let again = if k == 0 {
            back
        } else {
            let (reach, k) = (ours.reach[k as usize], k as usize);
            let misses = ours.nothing[0] - reach * ours.nothing[k];
            back * reach / (1.0 - misses * back)
        };
        ours.nothing_after(pig, own, k, rolls) * again
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::Variant;

    /// The exact win rate of `policy` against `opponent`.
    fn win_rate(pig: &Pig, policy: &Policy, opponent: &Policy) -> f64 {
        let players = [
            Player::Fixed(policy.clone()),
            Player::Fixed(opponent.clone()),
        ];
        solve(pig, [&players[0], &players[1]])
            .unwrap()
            .matchup()
            .win_rate()
    }

    /// Every state's gain is the difference of two exact evaluations, the change solved
    /// outright.
    fn check(pig: &Pig, policy: &Policy, opponent: &Policy) {
        let base = win_rate(pig, policy, opponent);
        let gains = state_gains(pig, policy, opponent).unwrap();
        assert!(!gains.is_empty());
        for g in &gains {
            let state = pig.state(g.own, g.opponent, g.turn_total);
            let outright = win_rate(pig, &policy.flipped(state), opponent) - base;
            assert!(
                (g.gain - outright).abs() <= 1e-14,
                "{g:?}: solved outright the change gains {outright:e}"
            );
        }
    }

    #[test]
    fn gains_equal_the_changed_strategy_solved_outright() {
        let piglet = Pig::new(Variant::Piglet, 6).unwrap();
        let hold_at = |k: u32| Policy::from_fn(&piglet, move |_, _, t| t < k);
        check(&piglet, &hold_at(2), &hold_at(3));
        // Holding with nothing at the start of some turns: games come back to a state often.
        let lazy = Policy::from_fn(&piglet, |own, opponent, t| {
            t < 2 && (own + opponent) % 2 == 0
        });
        check(&piglet, &lazy, &hold_at(2));
        check(&piglet, &hold_at(1), &lazy);
        // Both hold with nothing at odd totals: those pairs never end, changes there are
        // solved outright.
        check(&piglet, &lazy, &lazy);
        let pig = Pig::new(Variant::Pig, 20).unwrap();
        let policy = Policy::from_fn(&pig, |own, opponent, t| t < 6 + (own + opponent) % 5);
        check(&pig, &policy, &Policy::from_fn(&pig, |_, _, t| t < 8));
    }

    #[test]
    fn two_dice_pig_is_refused() {
        let pig = Pig::new(Variant::TwoDicePig, 10).unwrap();
        let always = Policy::from_fn(&pig, |_, _, t| t < 5);
        let error = explain(&pig, &always, &always).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("two-dice-pig: two 1s drop a score to 0")
        );
    }

    #[test]
    fn the_best_response_has_nothing_to_gain() {
        let pig = Pig::new(Variant::Pig, 30).unwrap();
        let hold_at_8 = Policy::from_fn(&pig, |_, _, t| t < 8);
        let best = solve(
            &pig,
            [&Player::Optimising, &Player::Fixed(hold_at_8.clone())],
        )
        .unwrap()
        .policy(0);
        assert_eq!(explain(&pig, &best, &hold_at_8).unwrap(), []);
        let gains = explain(&pig, &hold_at_8, &hold_at_8).unwrap();
        assert!(gains.windows(2).all(|w| w[0].gain >= w[1].gain));
        assert!(gains[0].gain > 1e-4);
    }
}
