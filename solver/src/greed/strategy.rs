//! Greed's strategy specs.
//!
//! | spec | strategy |
//! |------|----------|
//! | `sample1` | pass if own score > opponent's (strictly), else roll 12 |
//! | `sample2` | own score <= 50: 30 dice; 51..=80: 10; above 80: pass |
//! | `improve:S` | as the fixed strategy `S`, but pass whenever own score is the limit (100) |
//! | `optimal` | the best response to the opponent: maximises its value in every state (against `optimal` or `minimax`, both optimal) |
//! | `minimax` | the equilibrium strategy, the table solved with both optimal; against a fixed strategy it plays that table (see [`Contest::meet`](crate::contest::Contest::meet)) |
//! | `path.csv`, `path.json`, `path.npy`, `path.bin` | a table indexed `[own][opponent][passed]` |
//! | `path.py`, `path.py:FUNCTION` | a Python `final_strategy(myscore, theirscore, last)` (or `myStrategy`), tabulated |
//!
//! The two samples ignore whether the opponent passed, as the assignment's do.

use super::game::Greed;
use super::policy::Policy;
use super::sweep::Player;
use crate::python::Runner;
use crate::spec::{self, Resolved, StrategyError, TABLE_FILES};
use crate::table::Table;

/// The named strategy specs Greed accepts (table files aside).
pub const STRATEGY_FORMS: [&str; 5] = [
    "sample1",
    "sample2",
    "improve:STRATEGY",
    "optimal",
    "minimax",
];

/// A strategy resolved for a Greed game.
#[derive(Clone, Debug)]
pub struct Strategy {
    name: String,
    player: Player,
}

impl Strategy {
    /// Resolves `spec` for `game` (see the module docs for the forms it takes), running a
    /// Python strategy with `python3` from the PATH and the default limits.
    pub fn parse(spec: &str, game: &Greed) -> Result<Strategy, StrategyError> {
        Strategy::resolve(spec, game, &Runner::default()).map(|r| r.strategy)
    }

    /// Resolves `spec` for `game`, tabulating a Python strategy with `runner`.
    pub fn resolve(
        spec: &str,
        game: &Greed,
        runner: &Runner,
    ) -> Result<Resolved<Strategy>, StrategyError> {
        let spec = spec.trim();
        spec::resolve(
            spec,
            &[game.schema()],
            runner,
            |name, table| Strategy::from_table(name, &table, game),
            |name, arguments| Strategy::named(spec, name, arguments, game, runner),
        )
    }

    /// The strategy called `name` with `arguments` (the text after the colon), from `spec`.
    fn named(
        spec: &str,
        name: &str,
        arguments: Option<&str>,
        game: &Greed,
        runner: &Runner,
    ) -> Result<Strategy, StrategyError> {
        let no_arguments = |strategy: Strategy| match arguments {
            None => Ok(strategy),
            Some(_) => Err(StrategyError::Parameters {
                spec: spec.to_string(),
                problem: format!("{name} takes no arguments"),
            }),
        };
        match name {
            "optimal" | "minimax" => no_arguments(Strategy {
                name: name.to_string(),
                player: Player::Optimising,
            }),
            "sample1" => no_arguments(Strategy::fixed(name, game, sample1)),
            "sample2" => no_arguments(Strategy::fixed(name, game, sample2)),
            "improve" => {
                let inner = arguments.filter(|a| !a.trim().is_empty()).ok_or_else(|| {
                    StrategyError::Parameters {
                        spec: spec.to_string(),
                        problem: "improve needs a strategy, as in improve:sample1".to_string(),
                    }
                })?;
                let inner = Strategy::resolve(inner, game, runner)?.strategy;
                let Player::Fixed(policy) = &inner.player else {
                    return Err(StrategyError::Parameters {
                        spec: spec.to_string(),
                        problem: format!(
                            "improve needs a fixed strategy; {} already passes whenever that \
                             is best",
                            inner.name
                        ),
                    });
                };
                let limit = game.limit();
                let improved = Policy::from_fn(game, |own, opponent, passed| {
                    if own == limit {
                        0
                    } else {
                        policy.dice(game.state(own as usize, opponent as usize, passed))
                    }
                });
                Ok(Strategy {
                    name: format!("improve:{}", inner.name),
                    player: Player::Fixed(improved),
                })
            }
            _ => Err(StrategyError::Unknown {
                spec: spec.to_string(),
                rules: super::NAME.to_string(),
                expected: format!("{}, or {TABLE_FILES}", STRATEGY_FORMS.join(", ")),
            }),
        }
    }

    /// A fixed strategy called `name` rolling `dice(own, opponent, passed)`.
    fn fixed(name: &str, game: &Greed, dice: fn(u32, u32, bool) -> u8) -> Strategy {
        Strategy {
            name: name.to_string(),
            player: Player::Fixed(Policy::from_fn(game, dice)),
        }
    }

    /// The strategy of a Greed table (of [`Greed::schema`]'s shape) called `name`.
    pub fn from_table(name: &str, table: &Table, game: &Greed) -> Strategy {
        let dice = &table.dice;
        Strategy {
            name: name.to_string(),
            player: Player::Fixed(Policy::from_fn(game, |own, opponent, passed| {
                dice[[own as usize, opponent as usize, usize::from(passed)]]
            })),
        }
    }

    /// The canonical spec (e.g. `improve:sample1`) or the file path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether this player optimises rather than follows a fixed policy.
    pub fn is_optimising(&self) -> bool {
        matches!(self.player, Player::Optimising)
    }

    /// The player the sweep seats for this strategy.
    pub fn player(&self) -> &Player {
        &self.player
    }
}

/// The assignment's `sample1`: pass when ahead, else roll 12.
fn sample1(own: u32, opponent: u32, _passed: bool) -> u8 {
    if own > opponent { 0 } else { 12 }
}

/// The assignment's `sample2`: 30 dice up to 50 points, 10 up to 80, then pass.
fn sample2(own: u32, _opponent: u32, _passed: bool) -> u8 {
    match own {
        0..=50 => 30,
        51..=80 => 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(strategy: &Strategy, game: &Greed, own: usize, opponent: usize, passed: bool) -> u8 {
        match strategy.player() {
            Player::Fixed(policy) => policy.dice(game.state(own, opponent, passed)),
            Player::Optimising => panic!("not a fixed strategy"),
        }
    }

    #[test]
    fn samples_follow_the_assignment() {
        let game = Greed::new(100).unwrap();
        let one = Strategy::parse("sample1", &game).unwrap();
        assert_eq!(dice(&one, &game, 32, 31, false), 0);
        assert_eq!(dice(&one, &game, 31, 31, true), 12);
        let two = Strategy::parse("sample2", &game).unwrap();
        let counts = [0, 50, 51, 80, 81, 100].map(|own| dice(&two, &game, own, 99, false));
        assert_eq!(counts, [30, 30, 10, 10, 0, 0]);
    }

    #[test]
    fn improve_passes_at_the_limit_only() {
        let game = Greed::new(100).unwrap();
        let improved = Strategy::parse("improve:sample1", &game).unwrap();
        assert_eq!(improved.name(), "improve:sample1");
        assert_eq!(dice(&improved, &game, 100, 100, true), 0);
        assert_eq!(dice(&improved, &game, 99, 100, true), 12);
        let twice = Strategy::parse("improve:improve:sample2", &game).unwrap();
        assert_eq!(twice.name(), "improve:improve:sample2");
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        let game = Greed::new(100).unwrap();
        let message = |spec: &str| Strategy::parse(spec, &game).unwrap_err().to_string();
        assert_eq!(
            message("always_roll:4"),
            "unknown strategy 'always_roll:4' for greed; expected sample1, sample2, \
             improve:STRATEGY, optimal, minimax, or a table file (.csv, .json, .npy, \
             .bin) or a Python file (.py)"
        );
        assert_eq!(
            message("improve:optimal"),
            "strategy 'improve:optimal': improve needs a fixed strategy; optimal already \
             passes whenever that is best"
        );
        assert_eq!(
            message("improve"),
            "strategy 'improve': improve needs a strategy, as in improve:sample1"
        );
        assert_eq!(
            message("sample1:3"),
            "strategy 'sample1:3': sample1 takes no arguments"
        );
    }
}
