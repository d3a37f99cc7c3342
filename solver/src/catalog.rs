//! Every ruleset swine knows, of every game, in one place: the CLI, the page and the Python
//! package read their help texts, their `--rules` dispatch and their error messages from here,
//! and [`open`] is the one place a ruleset's name becomes its game (behind the one game
//! interface, [`crate::game`]); [`sweep`] opens and surveys every variant of a grid of a
//! ruleset's parameters.

use rayon::prelude::*;
use thiserror::Error;

use crate::chopsticks;
use crate::farkle;
use crate::game::contest;
use crate::game::{Footprint, Opened, Run, Survey};
use crate::greed;
use crate::hog;
use crate::pig;
use crate::python::Runner;
use crate::read::{ReadError, SCRIPT_BYTES, read_text_capped};
use crate::report::full_message;
use crate::spec::TABLE_FILES;
use crate::yahtzee;
use std::path::Path;
use std::sync::Arc;

/// The games swine solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
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
    /// Yahtzee.
    Yahtzee,
}

/// What a ruleset is, for people and for dispatch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name used with `--rules`.
    pub name: &'static str,
    /// Other names `--rules` takes for it (terms that played the same rules).
    pub aliases: &'static [&'static str],
    /// Its game.
    pub game: Family,
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
        game: Family::Hog,
        summary: preset.summary.to_string(),
        yardstick: Some(preset.yardstick.to_string()),
        strategies: hog::forms_with(preset.builtins.iter().map(|form| form.to_string())),
    });
    let greed = Entry {
        name: greed::NAME,
        aliases: &[],
        game: Family::Greed,
        summary:
            "dice show 0..5, going over 100 loses, a pass gives one last turn, ties count half"
                .to_string(),
        yardstick: Some(greed::YARDSTICK.to_string()),
        strategies: greed::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    let chopsticks = Entry {
        name: chopsticks::NAME,
        aliases: &[],
        game: Family::Chopsticks,
        summary: "two hands of 0..4 fingers each, taps and transfers, a hand at 5 drops to 0"
            .to_string(),
        yardstick: None,
        strategies: Vec::new(),
    };
    let pig = pig::Variant::ALL.map(|variant| Entry {
        name: variant.name(),
        aliases: &[],
        game: Family::Pig,
        summary: variant.summary().to_string(),
        yardstick: Some(variant.yardstick().to_string()),
        strategies: pig::STRATEGY_FORMS.map(String::from).to_vec(),
    });
    let farkle = Entry {
        name: farkle::NAME,
        aliases: &[],
        game: Family::Farkle,
        summary: "six dice, keep scoring combinations, bank or roll on; three farkles in a row \
                  cost 500 (Busche's Facebook Farkle, goal 10000; --set any rule number)"
            .to_string(),
        yardstick: Some(farkle::YARDSTICK.to_string()),
        strategies: farkle::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    let yahtzee = Entry {
        name: yahtzee::NAME,
        aliases: &[],
        game: Family::Yahtzee,
        summary: "five dice, thirteen boxes, up to three rolls a turn; the highest expected final                   score, and duels of two cards (Hasbro's rules; --set joker=forced|verhoeff|\
                  free|none, yahtzee_bonus, upper_bonus, upper_threshold)"
            .to_string(),
        yardstick: Some(yahtzee::interface::YARDSTICK.to_string()),
        strategies: yahtzee::interface::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    hog.chain([greed])
        .chain(pig)
        .chain([farkle, yahtzee, chopsticks])
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

/// Why a ruleset could not be opened.
#[derive(Debug, Error)]
pub enum OpenError {
    /// No ruleset has the name.
    #[error(transparent)]
    Unknown(#[from] UnknownRuleset),
    /// Parameters given to a game that has none but its goal.
    #[error(
        "--set: {rules} has no parameters but its goal (Hog rule scripts and farkle have more)"
    )]
    NoParameters {
        /// The ruleset.
        rules: String,
    },
    /// The goal given twice.
    #[error("--goal and --set goal=... both set the goal: give one")]
    GoalTwice,
    /// A goal given to a game without one.
    #[error("--goal: {rules} has no goal")]
    NoGoal {
        /// The ruleset.
        rules: String,
    },
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
    /// Yahtzee rules out of range.
    #[error(transparent)]
    Yahtzee(#[from] yahtzee::YahtzeeError),
}

impl Family {
    /// The game's name, as the page and reports give it: `hog`, `greed`, `pig`, `chopsticks`,
    /// `farkle`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Hog => "hog",
            Family::Greed => "greed",
            Family::Pig => "pig",
            Family::Chopsticks => "chopsticks",
            Family::Farkle => "farkle",
            Family::Yahtzee => "yahtzee",
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

/// The longest move limit a game takes (`--moves`, Chopsticks).
pub use crate::chopsticks::MOST_MOVES;

/// How many rule scripts this thread has compiled: the check that a command that needs no
/// ruleset (`--help`) compiles none.
pub use crate::hog::compiled_on_this_thread;

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

/// Parses a parameter given as `NAME=VALUE` (`--set`, and Python's `set=`), the value a whole
/// number, or for Yahtzee's `joker` the name of its rule (`joker=verhoeff`), as its number.
pub fn setting(text: &str) -> Result<(String, i64), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE, e.g. goal=50"))?;
    let value = value
        .trim()
        .parse::<i64>()
        .ok()
        .or_else(|| (name.trim() == "joker").then(|| yahtzee::joker_number(value.trim()))?)
        .ok_or_else(|| {
            if name.trim() == "joker" {
                format!(
                    "'{text}': {} is no joker rule; they are {}",
                    value.trim(),
                    yahtzee::rules::JOKERS.join(", ")
                )
            } else {
                format!("'{text}': {} is not a whole number", value.trim())
            }
        })?;
    Ok((name.trim().to_string(), value))
}

/// The ruleset `rules` names (built-in, or a Hog rule script `FILE.rhai` or `FILE.py`), for
/// `goal` (the game's default when absent) with parameters `settings` (name, value; Hog rule
/// scripts and Farkle take them); `runner` runs a Python rule module. What every verb and
/// front end holds: the game behind the one interface.
pub fn open(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, i64)],
    runner: &Runner,
) -> Result<Opened, OpenError> {
    named(rules, goal, settings, runner)?.open()
}

/// A ruleset named and checked, not yet opened: what solving it takes is known before anything
/// heavy is built (a Hog rule script is read and its parameters checked, but its rules are not
/// tabulated for its goal: at goal 1000 that alone takes seconds and hundreds of megabytes).
pub struct Named(Checked);

/// What [`Named`] holds: a Hog rule script not yet compiled for its goal, or any other game,
/// built (cheaply: its tables are built when it is solved).
enum Checked {
    Hog(Box<hog::Script>),
    Built(Opened),
}

impl Named {
    /// What solving one of its match-ups takes (memory and time).
    pub fn footprint(&self) -> Footprint {
        match &self.0 {
            Checked::Hog(script) => hog::footprint(script.goal(), script.memory().size),
            Checked::Built(game) => game.info().footprint,
        }
    }

    /// The game, opened.
    pub fn open(self) -> Result<Opened, OpenError> {
        Ok(match self.0 {
            Checked::Hog(script) => Arc::new(hog::HogGame::new(hog::Ruleset::compile(*script)?)),
            Checked::Built(game) => game,
        })
    }
}

/// The ruleset [`open`] opens, named and checked but not yet opened.
pub fn named(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, i64)],
    runner: &Runner,
) -> Result<Named, OpenError> {
    let family = if is_script(rules) {
        Family::Hog
    } else {
        find(rules)?.game
    };
    // Every game takes its goal as a setting too (`--set goal=50`, a sweep's grid); only Hog
    // rule scripts and Farkle take others.
    let (goal, settings) = if matches!(family, Family::Hog | Family::Farkle | Family::Yahtzee) {
        (goal, settings.to_vec())
    } else {
        let mut goal = goal;
        for (name, value) in settings {
            if name != "goal" {
                return Err(OpenError::NoParameters {
                    rules: rules.to_string(),
                });
            }
            if goal.is_some() {
                return Err(OpenError::GoalTwice);
            }
            goal = Some(u32::try_from(*value).unwrap_or(if *value < 0 { 0 } else { u32::MAX }));
        }
        (goal, Vec::new())
    };
    let settings = settings.as_slice();
    let game: Opened = match family {
        Family::Hog => {
            let settings = with_goal(settings, goal)?;
            return Ok(Named(Checked::Hog(Box::new(script(
                rules, &settings, runner,
            )?))));
        }
        Family::Greed => Arc::new(greed::GreedGame::new(greed::Greed::new(
            goal.unwrap_or(greed::DEFAULT_LIMIT),
        )?)),
        Family::Pig => {
            let variant = pig::Variant::named(rules).ok_or_else(|| UnknownRuleset {
                name: rules.to_string(),
                known: rulesets().iter().map(|e| e.name).collect(),
            })?;
            Arc::new(pig::PigGame::new(pig::Pig::new(
                variant,
                goal.unwrap_or(variant.default_goal()),
            )?))
        }
        Family::Chopsticks => {
            if goal.is_some() {
                return Err(OpenError::NoGoal {
                    rules: rules.to_string(),
                });
            }
            Arc::new(chopsticks::Chopsticks::new())
        }
        Family::Farkle => {
            let settings = with_goal(settings, goal)?;
            Arc::new(farkle::FarkleGame::new(farkle::Farkle::new(&settings)?))
        }
        Family::Yahtzee => {
            if goal.is_some() {
                return Err(OpenError::NoGoal {
                    rules: rules.to_string(),
                });
            }
            Arc::new(yahtzee::YahtzeeGame::new(yahtzee::settings_of(settings)?))
        }
    };
    Ok(Named(Checked::Built(game)))
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

/// Surveys every variant of `grid` of the ruleset `rules` (its parameters set as each
/// variant gives them, through [`open`]) in parallel on the current rayon pool,
/// telling `run` of each: a variant that fails (a goal out of range, a hook error at some
/// value) gets its reason, the others are still solved. Where no variant opens (an unknown
/// ruleset or parameter), the sweep is refused with the first's reason. Returns the family of
/// simple strategies the surveys compare with, if the game has one, and the surveys.
pub fn sweep(
    rules: &str,
    grid: &[Vec<(String, i64)>],
    runner: &Runner,
    run: &Run,
) -> Result<Swept, OpenError> {
    let opened: Vec<Result<Opened, OpenError>> = grid
        .par_iter()
        .map(|settings| open(rules, None, settings, runner))
        .collect();
    let family = match opened.iter().find_map(|game| game.as_ref().ok()) {
        Some(game) => game.info().simple.as_ref().map(|(family, _)| *family),
        None => match opened.into_iter().next() {
            Some(Err(error)) => return Err(error),
            _ => return Ok((None, Vec::new())),
        },
    };
    let variants = run.counter(grid.len() as u64, "variants");
    let surveys = opened
        .into_par_iter()
        .map(|game| {
            let surveyed = game
                .map_err(|e| full_message(&e))
                .and_then(|game| contest::survey(game.as_ref(), run).map_err(|e| full_message(&e)));
            variants.add(1);
            surveyed
        })
        .collect();
    Ok((family, surveys))
}

/// A sweep: the family of simple strategies its surveys compare with, and each variant's
/// survey or why it failed.
pub type Swept = (Option<&'static str>, Vec<Result<Survey, String>>);

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
                "yahtzee",
                "chopsticks"
            ]
        );
        assert_eq!(find("greed").unwrap().game, Family::Greed);
        assert_eq!(find("pig").unwrap().game, Family::Pig);
        assert_eq!(
            find("pug").unwrap_err().to_string(),
            "unknown ruleset 'pug'; the rulesets are hog-fa20, hog-fa17, hog-sp18, hog-fa18, \
             hog-su19, hog-fa19, hog-sp20, hog-su20, hog-sp21, hog-fa21, hog-sp22, hog-su22, \
             hog-fa22, hog-fa24, hog-wild, hog-hogtimus, hog-digits, hog-nju21, hog-nju24, \
             hog-textbook, greed, pig, piglet, two-dice-pig, farkle, yahtzee, chopsticks, or a \
             Hog rule script (FILE.rhai or FILE.py)"
        );
        // Yahtzee's joker rule is named; as a setting it is its place among the rules.
        assert_eq!(setting("joker=verhoeff"), Ok(("joker".to_string(), 1)));
        assert_eq!(
            setting("joker=wild").unwrap_err(),
            "'joker=wild': wild is no joker rule; they are forced, verhoeff, free, none"
        );
        assert_eq!(
            setting("floor=wild").unwrap_err(),
            "'floor=wild': wild is not a whole number"
        );
        // A term that played another term's rules is found by its own name too.
        assert_eq!(find("hog-sp23").unwrap().name, "hog-fa22");
        assert_eq!(find("hog-su24").unwrap().name, "hog-fa24");
        assert!(describe().contains("hog-fa22 (also hog-sp23)"));
        assert!(describe().contains("bacon:CUTOFF,N"));
        assert!(describe().contains("improve:STRATEGY"));
    }
}
