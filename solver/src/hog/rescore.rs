//! Rules that score a roll otherwise than "the sum, or 1 on a Pig Out": a Pig Out worth the
//! number of 1s rolled (`fn pig_out_points`), and rules on the turn's points such as a boost to
//! the next prime (`fn turn_points`). [`Rescoring::compile`] tabulates both hooks and rewrites
//! the dice distributions and Free Bacon points with them, so the solver reads the turn's
//! final points as it always does; the simulator scores the faces it rolls through the same
//! tables.

use super::definition::{ACTIONS, MAX_DICE};
use super::error::RulesError;
use super::script::{Script, ScriptError};
use crate::dice::{DiceCache, Die, TurnPoints};

/// The tabulated scoring hooks of a ruleset (empty tables for the hooks it does not define).
#[derive(Clone, Debug, Default)]
pub(crate) struct Rescoring {
    /// Pig Out points by `dice · ACTIONS + ones`.
    pig_out: Vec<u32>,
    /// The turn's points by `dice · row + points scored`.
    turn: Vec<u32>,
    row: usize,
}

impl Rescoring {
    /// Tabulates `script`'s scoring hooks and applies them to `dice` (every die kind of the
    /// ruleset, 1..=MAX_DICE dice) and to `free_bacon` (rolling 0 dice, rewritten in place).
    pub fn compile(
        script: &Script,
        dice: DiceCache,
        free_bacon: &mut [u32],
    ) -> Result<(DiceCache, Rescoring), RulesError> {
        if !script.has_pig_out_points() && !script.has_turn_points() {
            return Ok((dice, Rescoring::default()));
        }
        let mut pig_out = Vec::new();
        if script.has_pig_out_points() {
            if let Some(die) = dice.dice().iter().find(|d| d.face_bonus.is_some()) {
                let def = script.language().def();
                return Err(RulesError::Script(ScriptError {
                    origin: script.origin().to_string(),
                    line: None,
                    message: format!(
                        "{def} pig_out_points and {def} face_bonus cannot both score a roll (a \
                         {}-sided die gives face bonuses)",
                        die.faces
                    ),
                }));
            }
            pig_out = vec![0; ACTIONS * ACTIONS];
            let rolls: Vec<(u8, u8)> = (1..=MAX_DICE)
                .flat_map(|n| (1..=n).map(move |ones| (ones, n)))
                .collect();
            let points = script.tabulate_pig_out_points(&rolls)?;
            for (&(ones, n), points) in rolls.iter().zip(points) {
                pig_out[usize::from(n) * ACTIONS + usize::from(ones)] = points;
            }
        }
        // The dice's points before the rules on the turn's points.
        let scored = dice.rescored(|die, n, roll| -> Result<TurnPoints, RulesError> {
            if pig_out.is_empty() || !die.pig_out {
                return Ok(roll.clone());
            }
            let points_of = |ones: u8| pig_out[usize::from(n) * ACTIONS + usize::from(ones)];
            let by_ones =
                (1..=n).map(|ones| (points_of(ones) as usize, ones_probability(die, n, ones)));
            let rescored = TurnPoints::from_outcomes(roll.sum_outcomes().chain(by_ones));
            Ok(match (roll.counted_sum_outcomes(), roll.total_count()) {
                (Some(sums), Some(total)) => {
                    let by_ones =
                        (1..=n).map(|ones| (points_of(ones) as usize, ones_count(die, n, ones)));
                    rescored.with_counts(sums.chain(by_ones), total)
                }
                _ => rescored,
            })
        })?;
        let mut rescoring = Rescoring {
            pig_out,
            ..Rescoring::default()
        };
        if !script.has_turn_points() {
            return Ok((scored, rescoring));
        }
        let most_dice = scored.max_points();
        let most_bacon = free_bacon.iter().copied().max().unwrap_or(0) as usize;
        rescoring.row = most_dice.max(most_bacon) + 1;
        let turns: Vec<(u32, u8)> = (0..=MAX_DICE)
            .flat_map(|n| (0..rescoring.row as u32).map(move |points| (points, n)))
            .collect();
        // By dice, then points: `dice · row + points`.
        rescoring.turn = script.tabulate_turn_points(&turns)?;
        if script.least_dice() == 0 {
            for points in free_bacon.iter_mut() {
                *points = rescoring.turn[*points as usize];
            }
        }
        let turned = scored.rescored(|_, n, roll| -> Result<TurnPoints, RulesError> {
            let outcomes = roll.outcomes().map(|(points, p)| {
                let turned = rescoring.turn[usize::from(n) * rescoring.row + points];
                (turned as usize, p)
            });
            let turned = TurnPoints::from_outcomes(outcomes);
            Ok(match (roll.counted_outcomes(), roll.total_count()) {
                (Some(counted), Some(total)) => {
                    let row = usize::from(n) * rescoring.row;
                    let counted =
                        counted.map(|(points, c)| (rescoring.turn[row + points] as usize, c));
                    turned.with_counts(counted, total)
                }
                _ => turned,
            })
        })?;
        Ok((turned, rescoring))
    }

    /// The points of a turn that rolled `faces` with `die` (at least one die), as the rules
    /// score them.
    #[inline(always)]
    pub fn points(&self, die: &Die, faces: &[u8]) -> u32 {
        self.turned(faces.len() as u8, self.dice_points(die, faces))
    }

    /// The points of `faces` before the rules on the turn's points (`fn turn_points`): the
    /// sum, or what a Pig Out scores.
    #[inline(always)]
    pub fn dice_points(&self, die: &Die, faces: &[u8]) -> u32 {
        let n = faces.len();
        // The 1s are counted only when a Pig Out scores by them (the simulator's hot path).
        let ones = if !self.pig_out.is_empty() && die.pig_out {
            faces.iter().filter(|&&face| face == 1).count()
        } else {
            0
        };
        if ones > 0 {
            self.pig_out[n * ACTIONS + ones]
        } else {
            die.points(faces)
        }
    }

    /// The points the rules on a turn's points (`fn turn_points`) make of `points` scored with
    /// `n` dice (0: Free Bacon); `points` where the rules have none.
    #[inline(always)]
    pub fn turned(&self, n: u8, points: u32) -> u32 {
        if self.turn.is_empty() {
            points
        } else {
            self.turn[usize::from(n) * self.row + points as usize]
        }
    }

    /// Whether the rules on a turn's points change any points.
    pub fn turns_any(&self) -> bool {
        self.turn
            .chunks(self.row.max(1))
            .any(|row| row.iter().enumerate().any(|(p, &t)| t as usize != p))
    }

    /// Every outcome of rolling `n` dice (at least one) of kind `die`, whose points before
    /// rescoring are `plain` (the sum, or 1 on a Pig Out): `visit(points as the rules score
    /// them, probability, whether a die showed a 1 with Pig Out in the rules, whether the rules
    /// on a turn's points changed the points)`. The Pig Outs come by the number of 1s where
    /// they score by it.
    pub fn each_outcome(
        &self,
        die: &Die,
        n: u8,
        plain: &TurnPoints,
        visit: &mut dyn FnMut(usize, f64, bool, bool),
    ) {
        let mut scored = |points: u32, p: f64, pig_out: bool| {
            let turned = self.turned(n, points);
            visit(turned as usize, p, pig_out, turned != points);
        };
        if plain.pig_out_probability() > 0.0 {
            if self.pig_out.is_empty() {
                scored(1, plain.pig_out_probability(), true);
            } else {
                for ones in 1..=n {
                    let points = self.pig_out[usize::from(n) * ACTIONS + usize::from(ones)];
                    scored(points, ones_probability(*die, n, ones), true);
                }
            }
        }
        for (points, p) in plain.sum_outcomes() {
            scored(points as u32, p, false);
        }
    }
}

/// The number of the `faces^n` outcomes of `n` dice of kind `die` in which exactly `ones` show
/// a 1: `C(n, ones) · (faces − 1)^(n − ones)`.
fn ones_count(die: Die, n: u8, ones: u8) -> u64 {
    let choose = (0..u64::from(ones)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1));
    choose * (u64::from(die.faces) - 1).pow(u32::from(n - ones))
}

/// P(exactly `ones` of `n` dice of kind `die` show a 1).
fn ones_probability(die: Die, n: u8, ones: u8) -> f64 {
    let one = 1.0 / f64::from(die.faces);
    let choose = (0..ones).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1));
    choose * one.powi(i32::from(ones)) * (1.0 - one).powi(i32::from(n - ones))
}
