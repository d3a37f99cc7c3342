//! Every ruleset swine knows, of every game, in one place: the CLI reads its help texts, its
//! `--rules` dispatch and its error messages from here.

use thiserror::Error;

use crate::chopsticks;
use crate::farkle;
use crate::greed;
use crate::hog;
use crate::pig;
use crate::python::Runner;
use crate::read::{ReadError, SCRIPT_BYTES, read_text_capped};
use crate::spec::TABLE_FILES;
use std::path::Path;

/// The games swine solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Hog and its rule variants.
    Hog,
    /// Greed.
    Greed,
    /// The Pig family: Pig, Piglet, two-dice Pig.
    Pig,
    /// Chopsticks.
    Chopsticks,
    /// Farkle.
    Farkle,
}

/// What a ruleset is, for people and for dispatch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name used with `--rules`.
    pub name: &'static str,
    /// Other names `--rules` takes for it (terms that played the same rules).
    pub aliases: &'static [&'static str],
    /// Its game.
    pub game: Game,
    /// One line describing it.
    pub summary: String,
    /// The strategy the course measures strategies against (none for Chopsticks, which is
    /// solved and played, not evaluated).
    pub yardstick: Option<String>,
    /// The named strategy specs it accepts (table files aside), e.g. `always_roll:N`.
    pub strategies: Vec<String>,
}

/// Every ruleset: Hog's presets (the default, `hog-fa20`, first), then Greed, the Pig family
/// and Chopsticks. Listing them compiles no script.
pub fn rulesets() -> Vec<Entry> {
    let hog = hog::presets::PRESETS.into_iter().map(|preset| Entry {
        name: preset.name,
        aliases: preset.aliases,
        game: Game::Hog,
        summary: preset.summary.to_string(),
        yardstick: Some(preset.yardstick.to_string()),
        strategies: hog::forms_with(preset.builtins.iter().map(|form| form.to_string())),
    });
    let greed = Entry {
        name: greed::NAME,
        aliases: &[],
        game: Game::Greed,
        summary:
            "dice show 0..5, going over 100 loses, a pass gives one last turn, ties count half"
                .to_string(),
        yardstick: Some(greed::YARDSTICK.to_string()),
        strategies: greed::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    let chopsticks = Entry {
        name: chopsticks::NAME,
        aliases: &[],
        game: Game::Chopsticks,
        summary: "two hands of 0..4 fingers each, taps and transfers, a hand at 5 drops to 0"
            .to_string(),
        yardstick: None,
        strategies: Vec::new(),
    };
    let pig = pig::Variant::ALL.map(|variant| Entry {
        name: variant.name(),
        aliases: &[],
        game: Game::Pig,
        summary: variant.summary().to_string(),
        yardstick: Some(variant.yardstick().to_string()),
        strategies: pig::STRATEGY_FORMS.map(String::from).to_vec(),
    });
    let farkle = Entry {
        name: farkle::NAME,
        aliases: &[],
        game: Game::Farkle,
        summary: "six dice, keep scoring combinations, bank or roll on; three farkles in a row \
                  cost 500 (Busche's Facebook Farkle, goal 10000; --set any rule number)"
            .to_string(),
        yardstick: Some(farkle::YARDSTICK.to_string()),
        strategies: farkle::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    hog.chain([greed])
        .chain(pig)
        .chain([farkle, chopsticks])
        .collect()
}

/// No ruleset has this name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ruleset '{name}'; the rulesets are {}, or a Hog rule script (FILE.rhai or FILE.py)", known.join(", "))]
pub struct UnknownRuleset {
    /// The name asked for.
    pub name: String,
    /// The names that exist.
    pub known: Vec<&'static str>,
}

/// The ruleset called `name` (or one of its aliases).
pub fn find(name: &str) -> Result<Entry, UnknownRuleset> {
    let all = rulesets();
    let known = all.iter().map(|e| e.name).collect();
    all.into_iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
        .ok_or_else(|| UnknownRuleset {
            name: name.to_string(),
            known,
        })
}

/// Every ruleset with its strategies, one paragraph each, for help texts.
pub fn describe() -> String {
    rulesets()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let default = if i == 0 { " (default)" } else { "" };
            let also = if e.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also {})", e.aliases.join(", "))
            };
            let usage = match &e.yardstick {
                Some(yardstick) => format!(
                    "Strategies: {}, or {TABLE_FILES}. Yardstick: {yardstick}.",
                    e.strategies.join(", ")
                ),
                None => "Solved with or without a move limit (solve --moves M|unlimited), \
                         played with swine play."
                    .to_string(),
            };
            format!("  {}{also}{default}: {}.\n    {usage}", e.name, e.summary)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A ruleset of one of the games, ready to solve.
pub enum Rules {
    /// A Hog ruleset compiled for its goal.
    Hog(Box<hog::Ruleset>),
    /// Greed with its limit.
    Greed(greed::Greed),
    /// A game of the Pig family with its goal.
    Pig(pig::Pig),
    /// Chopsticks (its move limit belongs to the question asked).
    Chopsticks,
    /// Farkle with its rules.
    Farkle(Box<farkle::Farkle>),
}

/// Why a ruleset could not be opened.
#[derive(Debug, Error)]
pub enum OpenError {
    /// No ruleset has the name.
    #[error(transparent)]
    Unknown(#[from] UnknownRuleset),
    /// Parameters given to a game that has none.
    #[error("--set: {rules} has no script parameters (only Hog rule scripts and farkle do)")]
    NoParameters {
        /// The ruleset.
        rules: String,
    },
    /// The goal given twice.
    #[error("--goal and --set goal=... both set the goal: give one")]
    GoalTwice,
    /// The script file could not be read.
    #[error("--rules {path}: {reason}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        reason: ReadError,
    },
    /// A Hog script or preset that does not compile.
    #[error(transparent)]
    Script(#[from] hog::ScriptError),
    /// A Hog ruleset that does not fit the solver.
    #[error(transparent)]
    Hog(#[from] hog::RulesError),
    /// A Greed limit out of range.
    #[error(transparent)]
    Greed(#[from] greed::GreedError),
    /// A Pig goal out of range.
    #[error(transparent)]
    Pig(#[from] pig::PigError),
    /// Farkle rules out of range.
    #[error(transparent)]
    Farkle(#[from] farkle::FarkleError),
}

impl Game {
    /// Why exact fractions cannot be asked of this game, if they cannot (Greed, Chopsticks).
    pub fn no_fractions(self) -> Option<String> {
        match self {
            Game::Greed => Some(format!(
                "--exact: greed rolls up to {} dice at once, whose outcomes are too many to \
                 count as fractions; --bounds gives a certified interval",
                greed::MAX_DICE
            )),
            Game::Chopsticks => Some(
                "--exact: chopsticks has no dice; its solved positions are wins, losses and \
                 draws, exact already"
                    .to_string(),
            ),
            Game::Farkle => Some(
                "--exact: farkle's rolls of six dice have too many outcomes to count as \
                 fractions; its float solve reports its residual"
                    .to_string(),
            ),
            Game::Hog | Game::Pig => None,
        }
    }
}

impl Rules {
    /// The game these rules are of.
    pub fn game(&self) -> Game {
        match self {
            Rules::Hog(_) => Game::Hog,
            Rules::Greed(_) => Game::Greed,
            Rules::Pig(_) => Game::Pig,
            Rules::Chopsticks => Game::Chopsticks,
            Rules::Farkle(_) => Game::Farkle,
        }
    }
}

/// Whether `rules` names a Hog rule script file (`FILE.rhai`, or a Python rule module
/// `FILE.py`) rather than a built-in ruleset.
pub fn is_script(rules: &str) -> bool {
    rules.to_ascii_lowercase().ends_with(".rhai") || is_python(rules)
}

/// Whether `rules` names a Python rule module (`FILE.py`).
pub fn is_python(rules: &str) -> bool {
    rules.to_ascii_lowercase().ends_with(".py")
}

/// The most variants one sweep solves (the product of the numbers of values of its
/// parameters).
pub const MOST_VARIANTS: usize = 10_000;

/// Every variant of a sweep: each combination of the values given for each parameter (the
/// last parameter's values vary fastest), or why there is none (a parameter given twice, more
/// than [`MOST_VARIANTS`]).
pub fn grid(parameters: &[(String, Vec<i64>)]) -> Result<Vec<Vec<(String, i64)>>, String> {
    let size = parameters
        .iter()
        .try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))
        .filter(|&n| n <= MOST_VARIANTS);
    if size.is_none() {
        return Err(format!("the grid has more than {MOST_VARIANTS} variants"));
    }
    let mut grid: Vec<Vec<(String, i64)>> = vec![Vec::new()];
    for (name, values) in parameters {
        if grid[0].iter().any(|(n, _)| n == name) {
            return Err(format!(
                "{name}: given twice; one list of values per parameter"
            ));
        }
        grid = grid
            .into_iter()
            .flat_map(|row| {
                values.iter().map(move |&v| {
                    let mut row = row.clone();
                    row.push((name.clone(), v));
                    row
                })
            })
            .collect();
    }
    Ok(grid)
}

/// Surveys every variant of `grid` of the rule script `rules` (see [`hog::survey`]) in
/// parallel on the current rayon pool, calling `done` after each: a variant that fails (a goal
/// out of range, a hook error at some value) gets its reason, the others are still solved. The
/// script and the parameters' names are checked once first, on the first variant.
pub fn sweep(
    rules: &str,
    grid: &[Vec<(String, i64)>],
    runner: &Runner,
    done: impl Fn() + Sync,
) -> Result<Vec<Result<hog::Survey, String>>, OpenError> {
    use rayon::prelude::*;
    if let Some(first) = grid.first() {
        script(rules, first, runner)?;
    }
    Ok(grid
        .par_iter()
        .map(|settings| {
            let surveyed = script(rules, settings, runner)
                .map_err(|e| full_message(&e))
                .and_then(|script| hog::Ruleset::compile(script).map_err(|e| full_message(&e)))
                .and_then(|rules| hog::survey(&rules).map_err(|e| full_message(&e)));
            done();
            surveyed
        })
        .collect())
}

/// An error's message and the reasons beneath it, each after a colon (as the CLI prints it).
pub fn full_message(err: &dyn std::error::Error) -> String {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(reason) = source {
        message.push_str(&format!(": {reason}"));
        source = reason.source();
    }
    message
}

/// Parses a Hog script parameter given as `NAME=VALUE` (`--set`, and Python's `set=`), the value a
/// whole number.
pub fn setting(text: &str) -> Result<(String, i64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE, e.g. goal=50"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("'{text}': {} is not a whole number", value.trim()))?;
    Ok((name.trim().to_string(), value))
}

/// The ruleset `rules` names (built-in, or a Hog rule script `FILE.rhai` or `FILE.py`), for
/// `goal` (the game's default when absent) with Hog script parameters `settings` (name, value);
/// `runner` runs a Python rule module.
pub fn open(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, i64)],
    runner: &Runner,
) -> Result<Rules, OpenError> {
    let game = if is_script(rules) {
        Game::Hog
    } else {
        find(rules)?.game
    };
    if !matches!(game, Game::Hog | Game::Farkle) && !settings.is_empty() {
        return Err(OpenError::NoParameters {
            rules: rules.to_string(),
        });
    }
    Ok(match game {
        Game::Hog => {
            let settings = with_goal(settings, goal)?;
            Rules::Hog(Box::new(hog::Ruleset::compile(script(
                rules, &settings, runner,
            )?)?))
        }
        Game::Greed => Rules::Greed(greed::Greed::new(goal.unwrap_or(greed::DEFAULT_LIMIT))?),
        Game::Pig => {
            let variant = pig::Variant::named(rules).expect("the catalog names a variant");
            Rules::Pig(pig::Pig::new(
                variant,
                goal.unwrap_or(variant.default_goal()),
            )?)
        }
        Game::Chopsticks => Rules::Chopsticks,
        Game::Farkle => {
            let settings = with_goal(settings, goal)?;
            Rules::Farkle(Box::new(farkle::Farkle::new(&settings)?))
        }
    })
}

/// `settings` with `--goal` as the setting `goal`, if given (not both).
fn with_goal(
    settings: &[(String, i64)],
    goal: Option<u32>,
) -> Result<Vec<(String, i64)>, OpenError> {
    let mut settings = settings.to_vec();
    if let Some(goal) = goal {
        if settings.iter().any(|(name, _)| name == "goal") {
            return Err(OpenError::GoalTwice);
        }
        settings.push(("goal".to_string(), i64::from(goal)));
    }
    Ok(settings)
}

/// The Hog rule script `rules` names (a preset, a `.rhai` file, or a Python rule module
/// `.py` that `runner` runs) with `settings` applied.
pub fn script(
    rules: &str,
    settings: &[(String, i64)],
    runner: &Runner,
) -> Result<hog::Script, OpenError> {
    if is_script(rules) {
        let path = Path::new(rules);
        let text = read_text_capped(path, SCRIPT_BYTES, "a rule script").map_err(|reason| {
            OpenError::Read {
                path: rules.to_string(),
                reason,
            }
        })?;
        if is_python(rules) {
            return Ok(hog::Script::compile_python(
                rules, path, &text, settings, runner,
            )?);
        }
        return Ok(hog::Script::compile(rules, &text, settings)?);
    }
    let preset = hog::presets::preset(rules).ok_or_else(|| hog::RulesError::Unknown {
        name: rules.to_string(),
        known: hog::presets::PRESETS.iter().map(|p| p.name).collect(),
    })?;
    Ok(preset.compile(settings)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_listed_once_with_the_default_first() {
        let names: Vec<&str> = rulesets().iter().map(|e| e.name).collect();
        assert_eq!(
            names,
            [
                "hog-fa20",
                "hog-fa17",
                "hog-sp18",
                "hog-fa18",
                "hog-su19",
                "hog-fa19",
                "hog-sp20",
                "hog-su20",
                "hog-sp21",
                "hog-fa21",
                "hog-sp22",
                "hog-su22",
                "hog-fa22",
                "hog-fa24",
                "hog-wild",
                "hog-hogtimus",
                "hog-digits",
                "hog-nju21",
                "hog-nju24",
                "hog-textbook",
                "greed",
                "pig",
                "piglet",
                "two-dice-pig",
                "farkle",
                "chopsticks"
            ]
        );
        assert_eq!(find("greed").unwrap().game, Game::Greed);
        assert_eq!(find("pig").unwrap().game, Game::Pig);
        assert_eq!(
            find("pug").unwrap_err().to_string(),
            "unknown ruleset 'pug'; the rulesets are hog-fa20, hog-fa17, hog-sp18, hog-fa18, \
             hog-su19, hog-fa19, hog-sp20, hog-su20, hog-sp21, hog-fa21, hog-sp22, hog-su22, \
             hog-fa22, hog-fa24, hog-wild, hog-hogtimus, hog-digits, hog-nju21, hog-nju24, \
             hog-textbook, greed, pig, piglet, two-dice-pig, farkle, chopsticks, or a Hog rule \
             script \
             (FILE.rhai or FILE.py)"
        );
        // A term that played another term's rules is found by its own name too.
        assert_eq!(find("hog-sp23").unwrap().name, "hog-fa22");
        assert_eq!(find("hog-su24").unwrap().name, "hog-fa24");
        assert!(describe().contains("hog-fa22 (also hog-sp23)"));
        assert!(describe().contains("bacon:CUTOFF,N"));
        assert!(describe().contains("improve:STRATEGY"));
    }
}
