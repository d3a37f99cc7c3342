//! Exact win probabilities as fractions, for Hog rules where no turn lowers the total.
//!
//! Rules where a turn can leave the total as it was are solved in rationals by [`repeat`];
//! those where play can return to a lower total are refused. Where every turn raises the
//! total, this module runs the backward sweep of [`solve`](super::solve) in big integers. All states on the diagonal
//! of total `t` share the denominator `B^(K − t)`, where `B` is the least common multiple of
//! the dice's outcome counts (`6^10` for up to ten six-sided dice) and `K` the number of
//! diagonals. A turn leads to a higher total, so every successor's numerator is final when a
//! state is reached; the successors within one turn's reach are kept scaled to the current
//! diagonal's denominator (each multiplied by `B` once per diagonal), and a choice's
//! numerator is `Σ count · (B / outcomes) · successor`: one multiply-add of a big number by a
//! machine word per outcome, no division and no gcd until the start's value is reduced once.
//!
//! Choices are compared exactly. Where two dice counts are worth exactly the same, the fewest
//! dice are chosen, as in the float sweep, and the state is listed as a tie.
//!
//! Both solvers read a turn's outcomes the same way, through [`Weights::for_each_landing`].

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;
use thiserror::Error;

use super::definition::ACTIONS;
use super::error::SolveError;
use super::layout::{Layout, Memories};
use super::policy::Policy;
use super::ruleset::Pass;
use super::ruleset::{Effect, Ruleset};
use super::strategy::Strategy;
use super::sweep::{Player, policy_of};
use crate::fraction::{ExactRates, Fraction};

mod repeat;

/// Why a match-up has no exact fractions here.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ExactError {
    /// Play can return to a lower total: the values solve one system over many totals.
    #[error(
        "{rules}: play can return to a lower total (a rule takes points away), which ties the \
         values of many totals into one system of equations; --exact covers Hog rules where a \
         turn keeps or raises the total (and Pig and Piglet); --bounds gives a certified \
         interval here"
    )]
    Lowers {
        /// The ruleset.
        rules: String,
    },
    /// Exact policy improvement on a repeating total did not settle.
    #[error("{rules}: exact policy improvement on the states of total {total} did not settle")]
    Unsettled {
        /// The ruleset.
        rules: String,
        /// The total of the two scores.
        total: u32,
    },
    /// The float sweep beside the exact one failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A die's outcomes are too many to count exactly.
    #[error(
        "{rules}: the dice's outcome counts have no common multiple below 2^64 (a roll of {dice} \
         dice with {faces} faces), which the exact sweep needs; --bounds gives a certified \
         interval"
    )]
    Uncounted {
        /// The ruleset.
        rules: String,
        /// The dice count of the roll that broke it.
        dice: u8,
        /// The faces of its die.
        faces: u8,
    },
}

/// A state where several dice counts are worth exactly the same for the optimising player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactTie {
    /// The mover's score.
    pub own: u32,
    /// The opponent's score.
    pub opponent: u32,
    /// The mover's and the opponent's memories.
    pub memories: (u8, u8),
    /// The equally good dice counts, the one chosen first, then the others, fewest first. The
    /// one chosen is the fewest, unless taking the fewest everywhere would change the values
    /// (two states that pass to each other would make a game that ends one that never does).
    pub dice: Vec<u8>,
}

/// The exact result of a sweep: both seats' values from the start, their choices everywhere the
/// sweep went, and the exact ties of seat 0.
#[derive(Clone, Debug)]
pub struct ExactSolution {
    layout: Layout,
    memory: usize,
    dice: [Vec<u8>; 2],
    start: [Fraction; 2],
    ties: Vec<ExactTie>,
}

impl ExactSolution {
    /// Seat 0's exact win rates from the start, moving first and second.
    pub fn rates(&self) -> ExactRates {
        ExactRates::from_seats(self.start[0].clone(), self.start[1].complement())
    }

    /// The policy seat `seat` followed (an optimising seat's exact optimum).
    pub fn policy(&self, seat: usize) -> Policy {
        policy_of(&self.layout, self.memory, seat, &self.dice[seat])
    }

    /// The states where an optimising seat 0 had several exactly equal best choices, by
    /// increasing total, then own score.
    pub fn ties(&self) -> &[ExactTie] {
        &self.ties
    }
}

/// Who sits in a seat of the exact sweep.
enum Side {
    Fixed(Policy),
    Optimising,
}

/// The exact sweep of `strategies[0]` in seat 0 against `strategies[1]` in seat 1: an
/// optimising strategy plays the exact best response (minimax if both are).
pub fn solve_exact(
    rules: &Ruleset,
    strategies: [&Strategy; 2],
) -> Result<ExactSolution, ExactError> {
    if !rules.order().is_rising() {
        let merged = rules
            .order()
            .layers()
            .iter()
            .any(|l| l.pass == Pass::Merged);
        if merged {
            return Err(ExactError::Lowers {
                rules: rules.name().to_string(),
            });
        }
        return repeat::solve_repeating(rules, strategies);
    }
    let players = strategies.map(|s| s.player(rules));
    let layout = Layout::reachable(rules, [players[0].dice(rules), players[1].dice(rules)]);
    let sides = players.map(|player| match player {
        Player::Fixed(policy) => Side::Fixed(policy),
        Player::Optimising | Player::Improving(_) => Side::Optimising,
    });
    let weights = Weights::of(rules)?;
    let mut sweep = Sweep {
        rules,
        layout: &layout,
        weights,
        one: BigUint::from(1u32),
        values: Default::default(),
    };
    let slots = rules.space().cells() * layout.per_cell();
    sweep.values = [vec![BigUint::zero(); slots], vec![BigUint::zero(); slots]];
    let mut dice = [vec![0u8; slots], vec![0u8; slots]];
    let mut ties = Vec::new();
    let space = rules.space();
    let diagonals = space.diagonals();
    let reach = reach(rules);
    let per_cell = layout.per_cell();
    for total in (0..diagonals).rev() {
        let cells = space.diagonal(total);
        for (seat, side) in sides.iter().enumerate() {
            let solved: Vec<SolvedCell> = cells
                .clone()
                .into_par_iter()
                .map(|cell| sweep.cell(seat, side, cell))
                .collect();
            for (cell, solved) in cells.clone().zip(solved) {
                let at = cell * per_cell;
                for (slot, value) in solved.values.into_iter().enumerate() {
                    sweep.values[seat][at + slot] = value;
                }
                dice[seat][at..at + per_cell].copy_from_slice(&solved.dice);
                if seat == 0 {
                    ties.extend(solved.ties);
                }
            }
        }
        if total > 0 {
            // The next diagonal's denominator is B times this one's: rescale the successors
            // it can reach, and let go of those beyond.
            let base = BigUint::from(sweep.weights.base);
            rescale_successors(&mut sweep.values, (rules, per_cell), (total, reach), &base);
        }
        sweep.one *= sweep.weights.base;
    }
    ties.sort_by_key(|t| (t.own + t.opponent, t.own, t.memories));
    let start_cell = space.cell(0, 0) * per_cell;
    let initial = rules.memory().initial;
    let start = [0, 1].map(|seat| {
        let slot = layout
            .slot(seat, initial, initial)
            .expect("both seats hold the initial memory");
        Fraction::new(
            sweep.values[seat][start_cell + slot].clone(),
            sweep.one.clone(),
        )
    });
    Ok(ExactSolution {
        memory: space.memory_size(),
        layout,
        dice,
        start,
        ties,
    })
}

/// The cells of the diagonals `low..=high` that exist (none if `low` is past the last).
fn diagonals_cells(rules: &Ruleset, low: usize, high: usize) -> std::ops::Range<usize> {
    let space = rules.space();
    let last = space.diagonals() - 1;
    if low > last.min(high) {
        return 0..0;
    }
    space.diagonal(low).start..space.diagonal(high.min(last)).end
}

/// After the diagonal of `total` is solved: multiplies the numerators of the diagonals a
/// turn from `total − 1` can reach (up to `reach` beyond it) by `factor`, the ratio of the new
/// common denominator to the old, and lets go of the diagonal no longer in reach.
fn rescale_successors(
    values: &mut [Vec<BigUint>; 2],
    (rules, per_cell): (&Ruleset, usize),
    (total, reach): (usize, usize),
    factor: &BigUint,
) {
    let kept = diagonals_cells(rules, total + 1, (total + reach).saturating_sub(1));
    let dropped = diagonals_cells(rules, total + reach, total + reach);
    for values in values {
        if !factor.is_one() {
            values[kept.start * per_cell..kept.end * per_cell]
                .par_iter_mut()
                .for_each(|v| *v *= factor);
        }
        values[dropped.start * per_cell..dropped.end * per_cell].fill(BigUint::zero());
    }
}

/// How many totals beyond its own a turn can reach: the most points a turn gains, plus the
/// most any after-turn rule adds to the total (read off the compiled after-turn tables).
fn reach(rules: &Ruleset) -> usize {
    let space = rules.space();
    let mut beyond = 0;
    for remembered in rules.after_planes() {
        for opponent in 0..rules.goal() {
            for (reached, next) in rules.nexts(opponent, remembered).iter().enumerate() {
                if next.cell() != space.won_cell() {
                    let (a, b) = space.scores(next.cell());
                    let after = (a + b) as usize;
                    beyond = beyond.max(after.saturating_sub(reached + opponent as usize));
                }
            }
        }
    }
    rules.max_gain() + beyond
}

/// Every roll's outcomes as integer weights over one common denominator.
struct Weights {
    /// The least common multiple of the outcome counts of every roll.
    base: u64,
    /// By `die kind · ACTIONS + dice rolled`: (points, count · base / outcomes).
    rolls: Vec<Vec<(usize, u64)>>,
}

impl Weights {
    fn of(rules: &Ruleset) -> Result<Weights, ExactError> {
        let dice = rules.dice();
        let uncounted = |kind: usize, n: u8| ExactError::Uncounted {
            rules: rules.name().to_string(),
            dice: n,
            faces: dice.dice()[kind].faces,
        };
        let mut base = 1u64;
        for kind in 0..dice.dice().len() {
            for n in 1..ACTIONS as u8 {
                let total = dice.get(kind, n).total_count().ok_or(uncounted(kind, n))?;
                let lcm = u128::from(base).lcm(&u128::from(total));
                base = u64::try_from(lcm).map_err(|_| uncounted(kind, n))?;
            }
        }
        let mut rolls = vec![Vec::new(); dice.dice().len() * ACTIONS];
        for kind in 0..dice.dice().len() {
            for n in 1..ACTIONS as u8 {
                let roll = dice.get(kind, n);
                let (Some(outcomes), Some(total)) = (roll.counted_outcomes(), roll.total_count())
                else {
                    return Err(uncounted(kind, n));
                };
                let scale = base / total;
                rolls[kind * ACTIONS + usize::from(n)] =
                    outcomes.map(|(points, c)| (points, c * scale)).collect();
            }
        }
        Ok(Weights { base, rolls })
    }
}

/// One cell's exact values (numerators over its diagonal's denominator), choices and ties.
struct SolvedCell {
    values: Vec<BigUint>,
    dice: Vec<u8>,
    ties: Vec<ExactTie>,
}

/// The state of the exact sweep at one diagonal.
struct Sweep<'a> {
    rules: &'a Ruleset,
    layout: &'a Layout,
    weights: Weights,
    /// The numerator of 1 over the denominator of the diagonal being solved's successors.
    one: BigUint,
    /// By seat and slot: numerators over the current successors' denominator (zero outside
    /// a turn's reach).
    values: [Vec<BigUint>; 2],
}

/// Where one outcome of a turn leaves the player who took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// The game is over: won by the mover (`true`) or by the opponent.
    Ends(bool),
    /// Play goes on in `slot` (of the sweep's arrays) with `seat` to move; `flipped` when
    /// that is the opponent, whose value the mover's is one minus.
    Moves {
        seat: usize,
        slot: usize,
        flipped: bool,
    },
}

impl Weights {
    /// Calls `visit(weight, landing)` for every outcome of `seat` choosing `n` dice with
    /// `effect` at (own, opponent), the opponent remembering `opponent_memory`: the weights
    /// over [`Weights::base`] sum to it.
    fn for_each_landing(
        &self,
        (rules, layout): (&Ruleset, &Layout),
        seat: usize,
        (own, opponent): (u32, u32),
        (n, effect, opponent_memory): (u8, Effect, u8),
        mut visit: impl FnMut(u64, Landing),
    ) {
        let rolled = rules.dice_rolled(own, opponent, n);
        let bacon;
        let outcomes: &[(usize, u64)] = if rolled == 0 {
            bacon = [(rules.free_bacon(own, opponent) as usize, self.base)];
            &bacon
        } else {
            let kind = rules.die_kind(own, opponent);
            &self.rolls[kind * ACTIONS + usize::from(rolled)]
        };
        let won = rules.space().won_cell();
        for &(points, weight) in outcomes {
            let (next, remembered) = rules.landing((own, opponent), effect, points);
            let memories: Memories = layout.memories(seat, remembered, opponent_memory);
            let landing = if next.cell() == won {
                Landing::Ends(!next.opponent_moves())
            } else {
                Landing::Moves {
                    seat: next.next_seat(seat),
                    slot: memories.slot(next),
                    flipped: next.opponent_moves(),
                }
            };
            visit(weight, landing);
        }
    }
}

impl Sweep<'_> {
    /// The numerator of the value for `seat` at (own, opponent) of choosing `n` dice with
    /// `effect`, the opponent remembering `opponent_memory`.
    fn choice(
        &self,
        seat: usize,
        scores: (u32, u32),
        n: u8,
        effect: Effect,
        opponent_memory: u8,
    ) -> BigUint {
        let mut won: u128 = 0;
        let (mut gained, mut lost, mut term) = (BigUint::zero(), BigUint::zero(), BigUint::zero());
        let game = (self.rules, self.layout);
        let choice = (n, effect, opponent_memory);
        self.weights.for_each_landing(
            game,
            seat,
            scores,
            choice,
            |weight, landing| match landing {
                Landing::Ends(mover_won) => {
                    if mover_won {
                        won += u128::from(weight);
                    }
                }
                Landing::Moves {
                    seat,
                    slot,
                    flipped,
                } => {
                    term.clone_from(&self.values[seat][slot]);
                    term *= weight;
                    if flipped {
                        won += u128::from(weight);
                        lost += &term;
                    } else {
                        gained += &term;
                    }
                }
            },
        );
        &self.one * won + gained - lost
    }

    /// `seat`'s values, choices and ties in `cell`.
    fn cell(&self, seat: usize, side: &Side, cell: usize) -> SolvedCell {
        let rules = self.rules;
        let space = rules.space();
        let scores = space.scores(cell);
        let opponents = self.layout.held(1 - seat);
        let variants = rules.most_effect_variants();
        let mut known: Vec<Option<BigUint>> = vec![None; opponents.len() * ACTIONS * variants];
        let mut value_of = |(j, opponent_memory): (usize, u8), own_memory: u8, n: u8| {
            let memories = (own_memory, opponent_memory);
            let at = (j * ACTIONS + usize::from(n)) * variants + rules.effect_variant(memories, n);
            known[at]
                .get_or_insert_with(|| {
                    self.choice(seat, scores, n, rules.effect(memories, n), opponent_memory)
                })
                .clone()
        };
        let mut solved = SolvedCell {
            values: Vec::with_capacity(self.layout.per_cell()),
            dice: Vec::with_capacity(self.layout.per_cell()),
            ties: Vec::new(),
        };
        for &own_memory in self.layout.held(seat) {
            for (j, &opponent_memory) in opponents.iter().enumerate() {
                let opponent = (j, opponent_memory);
                let (value, n) = match side {
                    Side::Fixed(policy) => {
                        let state = space.state(cell, own_memory, opponent_memory);
                        let n = policy.dice_in(cell, state);
                        (value_of(opponent, own_memory, n), n)
                    }
                    Side::Optimising => {
                        let mut best: Option<(BigUint, Vec<u8>)> = None;
                        for n in rules.dice_choices() {
                            let value = value_of(opponent, own_memory, n);
                            match &mut best {
                                Some((top, equal)) if value == *top => equal.push(n),
                                Some((top, _)) if value < *top => {}
                                _ => best = Some((value, vec![n])),
                            }
                        }
                        let (value, equal) = best.expect("at least one dice count is allowed");
                        let n = equal[0];
                        if equal.len() > 1 {
                            solved.ties.push(ExactTie {
                                own: scores.0,
                                opponent: scores.1,
                                memories: (own_memory, opponent_memory),
                                dice: equal,
                            });
                        }
                        (value, n)
                    }
                };
                solved.values.push(value);
                solved.dice.push(n);
            }
        }
        solved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::evaluate;

    fn exact(rules: &Ruleset, a: &str, b: &str) -> ExactSolution {
        let parse = |s| Strategy::parse(s, rules).unwrap();
        solve_exact(rules, [&parse(a), &parse(b)]).unwrap()
    }

    fn fractions(rates: &ExactRates) -> [String; 3] {
        [&rates.as_first, &rates.as_second, &rates.win_rate].map(|f| f.to_string())
    }

    #[test]
    fn goal_one_is_won_by_the_first_mover_and_every_choice_ties() {
        let rules = Ruleset::preset("hog-fa20", 1).unwrap();
        let solved = exact(&rules, "optimal", "always_roll:4");
        assert_eq!(fractions(&solved.rates()), ["1/1", "0/1", "1/2"]);
        // Every dice count wins at once: one state, eleven equal choices, the fewest chosen.
        assert_eq!(
            solved.ties(),
            [ExactTie {
                own: 0,
                opponent: 0,
                memories: (0, 0),
                dice: (0..=10).collect(),
            }]
        );
        assert_eq!(solved.policy(0).dice(0), 0);
    }

    #[test]
    fn goal_two_and_three_match_fractions_derived_by_hand() {
        // Goal 2, one die each: the mover wins unless it rolls a 1 (1/6); then 1 : 0 hands
        // the opponent the same chance; after both rolled 1s, 1 : 1, the next roll wins.
        // 5/6 + (1/6)(1/6) = 31/36.
        let rules = Ruleset::preset("hog-fa20", 2).unwrap();
        let one = exact(&rules, "always_roll:1", "always_roll:1").rates();
        assert_eq!(fractions(&one), ["31/36", "5/36", "1/2"]);
        // Against always_roll(4): first, Free Bacon (6 points) wins at once; second, the
        // opponent wins if no die shows 1, (5/6)^4 = 625/1296, else it scores 1 and Free
        // Bacon wins: 671/1296.
        let best = exact(&rules, "optimal", "always_roll:4").rates();
        assert_eq!(fractions(&best), ["1/1", "671/1296", "1967/2592"]);
        // Goal 3, one die each. With V(a, b) the mover's chance at a : b, any roll wins at
        // 2 : b; V(1, 2) = 5/6 + (1/6)(1 − V(2, 2)) = 5/6; V(1, 1) = 5/6 + (1/6)(1/6) = 31/36;
        // V(0, 2) = 4/6 + (1/6) V(1, 2) (Pig Pass: 1 vs 2 goes again) = 29/36;
        // V(0, 1) = 4/6 + (1/6)(1 − V(1, 1)) + (1/6)(1 − V(1, 2)) = 155/216;
        // V(0, 0) = 4/6 + (1/6)(1 − V(0, 1)) + (1/6)(1 − V(0, 2)) = 967/1296.
        let rules = Ruleset::preset("hog-fa20", 3).unwrap();
        let one = exact(&rules, "always_roll:1", "always_roll:1").rates();
        assert_eq!(fractions(&one), ["967/1296", "329/1296", "1/2"]);
    }

    #[test]
    fn choices_worth_exactly_the_same_are_listed_as_ties() {
        // Goal 2: at 1 : b every choice wins (a Pig Out's 1 point reaches 2); at 0 : b only
        // Free Bacon is sure, so those states have no tie.
        let rules = Ruleset::preset("hog-fa20", 2).unwrap();
        let solved = exact(&rules, "optimal", "optimal");
        let tied: Vec<(u32, u32)> = solved.ties().iter().map(|t| (t.own, t.opponent)).collect();
        assert_eq!(tied, [(1, 0), (1, 1)]);
        assert!(
            solved
                .ties()
                .iter()
                .all(|t| t.dice == (0..=10).collect::<Vec<u8>>())
        );
        assert_eq!(solved.rates().first_player_wins, None);
    }

    #[test]
    fn every_rising_preset_agrees_with_the_float_sweep() {
        for name in [
            "hog-fa20",
            "hog-wild",
            "hog-fa19",
            "hog-hogtimus",
            "hog-fa24",
        ] {
            let rules = Ruleset::preset(name, 30).unwrap();
            for (a, b) in [
                ("always_roll:6", "always_roll:4"),
                ("optimal", "always_roll:5"),
            ] {
                let parse = |s| Strategy::parse(s, &rules).unwrap();
                let (a, b) = (parse(a), parse(b));
                let exact = solve_exact(&rules, [&a, &b]).unwrap();
                let float = evaluate(&rules, &a, &b).unwrap();
                let rates = exact.rates();
                assert!(
                    (rates.as_first.to_f64() - float.as_first()).abs() < 1e-15,
                    "{name}"
                );
                assert!(
                    (rates.as_second.to_f64() - float.as_second()).abs() < 1e-15,
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn rules_that_lower_a_score_are_refused() {
        let text = "let name = \"lowers\";\nlet summary = \"a swap that costs 3\";\n\
            let yardstick = \"always_roll:4\";\nlet goal = parameter(\"goal\", 10);\n\
            fn free_bacon(o) { 5 }\n\
            fn after_turn(m, o) { #{ mover: o, opponent: max(m - 3, 0) } }\n";
        let script = crate::hog::Script::compile("lowers.rhai", text, &[]).unwrap();
        let rules = Ruleset::compile(script).unwrap();
        let one = Strategy::parse("always_roll:1", &rules).unwrap();
        let err = solve_exact(&rules, [&one, &one]).unwrap_err();
        assert!(
            err.to_string()
                .contains("lowers: play can return to a lower total"),
            "{err}"
        );
    }
}
