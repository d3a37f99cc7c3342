//! Strategy specs of the Pig family.
//!
//! | spec | strategy |
//! |------|----------|
//! | `hold_at:K` | roll while the turn total is below K (and score + turn total below the goal), else hold |
//! | `keep_pace` | "keep pace and end race" (Neller & Presser): see [`keep_pace`] |
//! | `score_base` | "score base, keep pace and end race": see [`score_base`] |
//! | `optimal` | the best response to the opponent: maximises its value in every state (against `optimal` or `minimax`, both optimal) |
//! | `minimax` | the equilibrium strategy, the table solved with both optimal; against a fixed strategy it plays that table (see [`Contest::meet`](crate::contest::Contest::meet)) |
//! | `path.csv`, `path.json`, `path.npy`, `path.bin` | a table of hold thresholds `[own][opponent]`, or of decisions `[own][opponent][turn_total]` |
//! | `path.py`, `path.py:FUNCTION` | a Python `final_strategy(score, opponent_score, turn_total)` returning True (roll) or False (hold), tabulated |
//!
//! Every strategy holds, unasked, once score + turn total reaches the goal.

use super::game::Pig;
use super::policy::Policy;
use super::solve::Player;
use crate::python::Runner;
use crate::spec::{self, Resolved, StrategyError, TABLE_FILES};
use crate::table::Table;

/// The named strategy specs the Pig family accepts (table files aside).
pub const STRATEGY_FORMS: [&str; 5] =
    ["hold_at:K", "keep_pace", "score_base", "optimal", "minimax"];

/// A strategy resolved for a Pig game.
#[derive(Clone, Debug)]
pub struct Strategy {
    name: String,
    player: Player,
}

impl Strategy {
    /// Resolves `spec` for `pig`, running a Python strategy with `python3` from the PATH and the
    /// default limits.
    pub fn parse(spec: &str, pig: &Pig) -> Result<Strategy, StrategyError> {
        Strategy::resolve(spec, pig, &Runner::default()).map(|r| r.strategy)
    }

    /// Resolves `spec` for `pig`, tabulating a Python strategy with `runner`.
    pub fn resolve(
        spec: &str,
        pig: &Pig,
        runner: &Runner,
    ) -> Result<Resolved<Strategy>, StrategyError> {
        let spec = spec.trim();
        spec::resolve(
            spec,
            &pig.schemas(),
            runner,
            |name, table| Strategy::from_table(name, &table, pig),
            |name, arguments| Strategy::named(spec, name, arguments, pig),
        )
    }

    /// The strategy called `name` with `arguments` (the text after the colon), from `spec`.
    fn named(
        spec: &str,
        name: &str,
        arguments: Option<&str>,
        pig: &Pig,
    ) -> Result<Strategy, StrategyError> {
        let problem = |problem: String| StrategyError::Parameters {
            spec: spec.to_string(),
            problem,
        };
        let no_arguments = |strategy: Strategy| match arguments {
            None => Ok(strategy),
            Some(_) => Err(problem(format!("{name} takes no arguments"))),
        };
        let goal = pig.goal();
        match name {
            "optimal" | "minimax" => no_arguments(Strategy {
                name: name.to_string(),
                player: Player::Optimising,
            }),
            "hold_at" => {
                let k: u32 = arguments
                    .and_then(|a| a.trim().parse().ok())
                    .ok_or_else(|| {
                        problem("hold_at needs a turn total, as in hold_at:20".into())
                    })?;
                if k > goal {
                    return Err(problem(format!("hold_at:{k} is above the goal {goal}")));
                }
                Ok(Strategy::fixed(
                    &format!("hold_at:{k}"),
                    pig,
                    move |_, _, turn_total| turn_total < k,
                ))
            }
            "keep_pace" => no_arguments(Strategy::fixed(name, pig, move |own, opponent, k| {
                keep_pace(own, opponent, k, goal)
            })),
            "score_base" => no_arguments(Strategy::fixed(name, pig, move |own, opponent, k| {
                score_base(own, opponent, k, goal)
            })),
            _ => Err(StrategyError::Unknown {
                spec: spec.to_string(),
                rules: pig.name().to_string(),
                expected: format!("{}, or {TABLE_FILES}", STRATEGY_FORMS.join(", ")),
            }),
        }
    }

    /// The optimising player, `optimal`.
    pub fn optimal() -> Strategy {
        Strategy {
            name: "optimal".to_string(),
            player: Player::Optimising,
        }
    }

    /// A fixed strategy called `name` that rolls where `rolls(own, opponent, turn total)`.
    fn fixed(name: &str, pig: &Pig, rolls: impl Fn(u32, u32, u32) -> bool) -> Strategy {
        Strategy {
            name: name.to_string(),
            player: Player::Fixed(Policy::from_fn(pig, rolls)),
        }
    }

    /// The strategy of a table of thresholds or of decisions (as [`Pig::schemas`] describe
    /// them) called `name`.
    pub fn from_table(name: &str, table: &Table, pig: &Pig) -> Strategy {
        Strategy {
            name: name.to_string(),
            player: Player::Fixed(Policy::of_table(pig, table)),
        }
    }

    /// The canonical spec (e.g. `hold_at:20`) or the file path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether this player optimises rather than follows a fixed policy.
    pub fn is_optimising(&self) -> bool {
        matches!(self.player, Player::Optimising)
    }

    /// The player the solver seats for this strategy.
    pub fn player(&self) -> &Player {
        &self.player
    }
}

/// "Keep pace and end race" (Neller & Presser): hold once score + turn total reaches the goal;
/// otherwise roll if either score is 71 or more; otherwise roll while the turn total is below
/// 21 + round((opponent − own) / 8), half rounded up.
pub fn keep_pace(own: u32, opponent: u32, turn_total: u32, goal: u32) -> bool {
    if own + turn_total >= goal {
        return false;
    }
    if own >= 71 || opponent >= 71 {
        return true;
    }
    // round(d / 8) with halves up = floor((d + 4) / 8), for a difference d of either sign.
    let pace = 21 + (i64::from(opponent) - i64::from(own) + 4).div_euclid(8);
    i64::from(turn_total) < pace
}

/// "Score base, keep pace and end race" (Neller & Presser): hold once score + turn total
/// reaches the goal; otherwise roll if either score is 69 or more; otherwise roll while the
/// turn total is below max(19, opponent − 14).
pub fn score_base(own: u32, opponent: u32, turn_total: u32, goal: u32) -> bool {
    if own + turn_total >= goal {
        return false;
    }
    if own >= 69 || opponent >= 69 {
        return true;
    }
    i64::from(turn_total) < (i64::from(opponent) - 14).max(19)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::Variant;

    #[test]
    fn the_papers_strategies() {
        // keep_pace: 21 + round((opponent − own) / 8), halves up. Even: 21; 4 behind: 0.5
        // rounds up, 22; 12 ahead: −1.5 rounds up to −1, 20; RULES.md's 30 : 50 (2.5 → 3)
        // and 30 : 46 (2).
        assert!(keep_pace(30, 30, 20, 100) && !keep_pace(30, 30, 21, 100));
        assert!(keep_pace(30, 34, 21, 100) && !keep_pace(30, 34, 22, 100));
        assert!(keep_pace(42, 30, 19, 100) && !keep_pace(42, 30, 20, 100));
        assert!(keep_pace(30, 50, 23, 100) && !keep_pace(30, 50, 24, 100));
        assert!(keep_pace(30, 46, 22, 100) && !keep_pace(30, 46, 23, 100));
        // Near the end: roll on, but hold once the goal is reached.
        assert!(keep_pace(10, 71, 50, 100) && !keep_pace(60, 71, 40, 100));
        // score_base: max(19, opponent − 14).
        assert!(score_base(10, 30, 18, 100) && !score_base(10, 30, 19, 100));
        assert!(score_base(10, 50, 35, 100) && !score_base(10, 50, 36, 100));
        assert!(score_base(69, 10, 25, 100));
        assert!(score_base(10, 40, 25, 100) && !score_base(10, 40, 26, 100));
        assert!(score_base(70, 0, 29, 100) && !score_base(70, 0, 30, 100));
    }

    #[test]
    fn specs_resolve_and_bad_ones_say_why() {
        let pig = Pig::new(Variant::Pig, 100).unwrap();
        let hold = Strategy::parse("hold_at:20", &pig).unwrap();
        assert_eq!(hold.name(), "hold_at:20");
        let message = |spec: &str| Strategy::parse(spec, &pig).unwrap_err().to_string();
        assert_eq!(
            message("hold_at"),
            "strategy 'hold_at': hold_at needs a turn total, as in hold_at:20"
        );
        assert_eq!(
            message("hold_at:101"),
            "strategy 'hold_at:101': hold_at:101 is above the goal 100"
        );
        assert!(message("always_roll:4").starts_with("unknown strategy 'always_roll:4' for pig"));
    }
}
