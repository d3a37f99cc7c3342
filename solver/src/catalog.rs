//! The registry: every game swine knows, each registered in one line of [`REGISTERED`] with its
//! record ([`GameType`], declared in the game's own folder). The CLI, the page and the Python
//! package read their help texts, their `--rules` dispatch, `--set` and their error messages
//! from the records; [`open`] is the one place a ruleset's name becomes its game (behind the
//! one game interface, [`crate::game`]); [`sweep`] opens and surveys every variant of a grid of
//! a ruleset's parameters.

use rayon::prelude::*;

use crate::game::contest;
use crate::game::{
    Footprint, GameType, Opened, Opening, PLAYERS, RulesetRecord, Run, Stopped, Survey,
};
use crate::python::Runner;
use crate::report::{full_message, printable};
use crate::spec::TABLE_FILES;

pub use crate::game::{Named, OpenError, UnknownRuleset};

/// How many rule scripts this thread has compiled: the check that a command that needs no
/// ruleset (`--help`) compiles none.
pub use crate::hog::compiled_on_this_thread;

/// Every game, each registered in one line, in the order they are listed (the default
/// ruleset is the first game's first).
const REGISTERED: &[&GameType] = &[
    &crate::hog::GAME,
    &crate::greed::GAME,
    &crate::pig::GAME,
    &crate::farkle::GAME,
    &crate::yahtzee::GAME,
    &crate::yahtzee::YATZY,
    &crate::chopsticks::GAME,
    #[cfg(feature = "coin-race")]
    &crate::coin_race::GAME,
];

/// Every registered game's record, in the order they are listed.
pub fn games() -> &'static [&'static GameType] {
    REGISTERED
}

/// The game called `name` (`pig`), if one is registered.
pub fn game(name: &str) -> Option<&'static GameType> {
    REGISTERED.iter().copied().find(|g| g.name == name)
}

/// A ruleset as `--rules` lists it, with its game's record.
#[derive(Clone, Debug)]
pub struct Listed {
    /// Its game.
    pub game: &'static GameType,
    /// The ruleset.
    pub ruleset: RulesetRecord,
}

/// Every ruleset of every game, in the registry's order (the default first). Listing them
/// compiles no script.
pub fn rulesets() -> Vec<Listed> {
    REGISTERED
        .iter()
        .flat_map(|&game| {
            (game.rulesets)()
                .into_iter()
                .map(move |ruleset| Listed { game, ruleset })
        })
        .collect()
}

/// The ruleset every verb plays unless `--rules` says otherwise: the first game's first.
pub fn default_rules() -> &'static str {
    rulesets().first().map_or("", |listed| listed.ruleset.name)
}

/// The rule files the games open, in words: `, or a Hog rule script (FILE.rhai or FILE.py)`
/// (empty where no game opens files).
fn files_text() -> String {
    REGISTERED
        .iter()
        .filter(|g| !g.files.is_empty())
        .map(|g| {
            let forms: Vec<String> = g.files.iter().map(|e| format!("FILE{e}")).collect();
            format!(", or a {} rule script ({})", g.label, forms.join(" or "))
        })
        .collect()
}

/// The ruleset called `name` (or one of its aliases).
pub fn find(name: &str) -> Result<Listed, UnknownRuleset> {
    let all = rulesets();
    let known = all.iter().map(|l| l.ruleset.name).collect();
    all.into_iter()
        .find(|l| l.ruleset.name == name || l.ruleset.aliases.contains(&name))
        .ok_or_else(|| UnknownRuleset {
            name: name.to_string(),
            known,
            files: files_text(),
        })
}

/// The game whose rule files end as `rules` does (`FILE.rhai`), if any.
fn file_game(rules: &str) -> Option<&'static GameType> {
    REGISTERED.iter().copied().find(|g| g.opens_file(rules))
}

/// Whether `rules` names a rule file some game opens (`FILE.rhai`, or a Python rule module
/// `FILE.py`) rather than a built-in ruleset.
pub fn is_script(rules: &str) -> bool {
    file_game(rules).is_some()
}

/// Whether `rules` names a Python rule module (`FILE.py`), which is run, not read.
pub fn is_python(rules: &str) -> bool {
    is_script(rules) && rules.to_ascii_lowercase().ends_with(".py")
}

/// Every ruleset with its strategies, one paragraph each, for help texts.
pub fn describe() -> String {
    rulesets()
        .iter()
        .enumerate()
        .map(|(i, Listed { game, ruleset })| {
            let default = if i == 0 { " (default)" } else { "" };
            let also = if ruleset.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also {})", ruleset.aliases.join(", "))
            };
            let tables = if game.can(crate::game::Capability::Tables) {
                format!(", or {TABLE_FILES}")
            } else {
                String::new()
            };
            let usage = match &ruleset.yardstick {
                Some(yardstick) => format!(
                    "Strategies: {}{tables}. Yardstick: {yardstick}.",
                    ruleset.strategies.join(", ")
                ),
                None => "Solved and played, with no strategies to evaluate.".to_string(),
            };
            format!(
                "  {}{also}{default}: {}: {}.\n    {usage}",
                ruleset.name, game.label, ruleset.summary
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The labels of the games `keep` keeps, in words: `Hog, Greed and Pig`.
pub fn labels(keep: impl Fn(&GameType) -> bool) -> String {
    let labels: Vec<&str> = REGISTERED
        .iter()
        .filter(|g| keep(g))
        .map(|g| g.label)
        .collect();
    match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => labels.join(""),
    }
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

/// Splits a parameter given as `NAME=VALUE` (`--set`, and Python's `set=`): its value is read
/// once the game is known (a whole number, or a named value such as `joker=verhoeff`).
pub fn setting(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("'{}' is not NAME=VALUE, e.g. goal=50", printable(text)))?;
    Ok((name.trim().to_string(), value.trim().to_string()))
}

/// Settings given as numbers (a sweep's grid), as [`setting`] gives them.
pub fn as_text(settings: &[(String, i64)]) -> Vec<(String, String)> {
    settings
        .iter()
        .map(|(name, value)| (name.clone(), value.to_string()))
        .collect()
}

/// The ruleset `rules` names (a built-in, or a rule file such as `FILE.rhai` or `FILE.py`), for
/// `goal` (the game's default when absent) with parameters `settings` (name, value as given);
/// `runner` runs a Python rule module. What every verb and front end holds: the game behind
/// the one interface.
pub fn open(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, String)],
    runner: &Runner,
) -> Result<Opened, OpenError> {
    named(rules, goal, settings, runner)?.open()
}

/// The ruleset [`open`] opens, named and checked but not yet opened: its game found by the
/// ruleset's name (or the rule file's ending), each parameter read by the game's record (a
/// named value as its number; the goal `--goal` gives as the parameter `goal`); a parameter
/// given twice is refused.
pub fn named(
    rules: &str,
    goal: Option<u32>,
    settings: &[(String, String)],
    runner: &Runner,
) -> Result<Named, OpenError> {
    let game = match file_game(rules) {
        Some(game) => game,
        None => find(rules)?.game,
    };
    let mut read = settings
        .iter()
        .map(|(name, text)| read_setting(game, rules, name, text))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some((name, _)) = read
        .iter()
        .enumerate()
        .find_map(|(i, (name, _))| read[..i].iter().find(|(earlier, _)| earlier == name))
    {
        return Err(OpenError::Value(format!(
            "{}: given twice; give one value",
            printable(name)
        )));
    }
    if let Some(goal) = goal {
        if game.parameter("goal").is_none() && !game.declared_parameters {
            return Err(OpenError::NoGoal {
                rules: rules.to_string(),
            });
        }
        if read.iter().any(|(name, _)| name == "goal") {
            return Err(OpenError::GoalTwice);
        }
        read.push(("goal".to_string(), i64::from(goal)));
    }
    // The number of players is every game's, not a rule of its own: it travels apart.
    let players = read
        .iter()
        .find(|(name, _)| name == PLAYERS)
        .map(|&(_, n)| n as u8);
    read.retain(|(name, _)| name != PLAYERS);
    (game.open)(&Opening {
        rules,
        settings: &read,
        players,
        runner,
    })
}

/// The parameter `name` of `game` set to `text`, as its number: refused where the game has no
/// such parameter (unless its rule files declare their own) or the text is no value of it.
fn read_setting(
    game: &GameType,
    rules: &str,
    name: &str,
    text: &str,
) -> Result<(String, i64), OpenError> {
    let value = match game.parameter(name) {
        None if name == PLAYERS => {
            let players = game.read_players(rules, text);
            // A number is refused for the game's sake, not as a malformed setting.
            if let (Err(why), Ok(_)) = (&players, text.trim().parse::<u8>()) {
                return Err(OpenError::Players(why.clone()));
            }
            players
        }
        Some(parameter) => parameter.read(text),
        None if game.declared_parameters => text.parse::<i64>().map_err(|_| {
            let (name, text) = (printable(name), printable(text));
            format!("'{name}={text}': {text} is not a whole number")
        }),
        None => {
            return Err(OpenError::NoParameter {
                name: name.to_string(),
                rules: rules.to_string(),
                known: game.parameter_names(),
            });
        }
    };
    value
        .map(|value| (name.to_string(), value))
        .map_err(OpenError::Value)
}

/// The variant of `grid` of the ruleset `rules` whose solve takes the most memory, with its
/// footprint: what a sweep is sized by before it starts. Variants that cannot be named are
/// passed over (the sweep gives their reasons); `None` where none can.
pub fn largest<'g>(
    rules: &str,
    grid: &'g [Vec<(String, i64)>],
    runner: &Runner,
) -> Option<(&'g [(String, i64)], Footprint)> {
    grid.par_iter()
        .filter_map(|settings| {
            let named = named(rules, None, &as_text(settings), runner).ok()?;
            Some((settings.as_slice(), named.footprint()))
        })
        .max_by_key(|(_, footprint)| footprint.bytes)
}

/// Surveys every variant of `grid` of the ruleset `rules` (its parameters set as each
/// variant gives them, through [`open`]) in parallel on the current rayon pool,
/// telling `run` of each: a variant that fails (a goal out of range, a hook error at some
/// value) gets its reason, the others are still solved. Where no variant opens (an unknown
/// ruleset or parameter), the sweep is refused with the first's reason. Returns the family of
/// simple strategies the surveys compare with, if the game has one, and the surveys. Stopped
/// by `run`, checked before each variant is opened and surveyed.
pub fn sweep(
    rules: &str,
    grid: &[Vec<(String, i64)>],
    runner: &Runner,
    run: &Run,
) -> Result<Swept, OpenError> {
    let opened: Vec<Result<Opened, OpenError>> = grid
        .par_iter()
        .map(|settings| {
            run.check()?;
            Ok(open(rules, None, &as_text(settings), runner))
        })
        .collect::<Result<_, Stopped>>()?;
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
            run.check().map_err(|e| full_message(&e))?;
            let surveyed = game
                .map_err(|e| full_message(&e))
                .and_then(|game| contest::survey(game.as_ref(), run).map_err(|e| full_message(&e)));
            variants.add(1);
            surveyed
        })
        .collect();
    // A variant stopped has no survey: the sweep has none.
    run.check()?;
    Ok((family, surveys))
}

/// A sweep: the family of simple strategies its surveys compare with, and each variant's
/// survey or why it failed.
pub type Swept = (Option<&'static str>, Vec<Result<Survey, String>>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ParameterKind;

    fn text(settings: &[(&str, &str)]) -> Vec<(String, String)> {
        settings
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn every_game_is_listed_once_with_the_default_first() {
        // The built-ins, in order (the tests' own game, where built, after them).
        let names: Vec<&str> = rulesets().iter().map(|l| l.ruleset.name).take(28).collect();
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
                "yatzy",
                "chopsticks"
            ]
        );
        assert_eq!(default_rules(), "hog-fa20");
        assert_eq!(find("greed").unwrap().game.name, "greed");
        assert_eq!(find("piglet").unwrap().game.name, "pig");
        let unknown = find("pug").unwrap_err().to_string();
        assert!(
            unknown.starts_with(
                "unknown ruleset 'pug'; the rulesets are hog-fa20, hog-fa17, hog-sp18, \
                 hog-fa18, hog-su19, hog-fa19, hog-sp20, hog-su20, hog-sp21, hog-fa21, \
                 hog-sp22, hog-su22, hog-fa22, hog-fa24, hog-wild, hog-hogtimus, hog-digits, \
                 hog-nju21, hog-nju24, hog-textbook, greed, pig, piglet, two-dice-pig, farkle, \
                 yahtzee, yatzy, chopsticks, "
            ) && unknown.ends_with(", or a Hog rule script (FILE.rhai or FILE.py)"),
            "{unknown}"
        );
        // A term that played another term's rules is found by its own name too.
        assert_eq!(find("hog-sp23").unwrap().ruleset.name, "hog-fa22");
        assert_eq!(find("hog-su24").unwrap().ruleset.name, "hog-fa24");
        assert!(describe().contains("hog-fa22 (also hog-sp23)"));
        assert!(describe().contains("bacon:CUTOFF,N"));
        assert!(describe().contains("improve:STRATEGY"));
        // Only games that take table strategies promise table files.
        let yahtzee = describe()
            .lines()
            .skip_while(|l| !l.starts_with("  yahtzee"))
            .nth(1)
            .unwrap()
            .to_string();
        assert!(!yahtzee.contains(".csv"), "{yahtzee}");
    }

    #[test]
    fn a_named_value_is_read_by_its_game_and_an_unknown_parameter_is_named() {
        let runner = Runner::default();
        let opened = open("yahtzee", None, &text(&[("joker", "verhoeff")]), &runner).unwrap();
        assert_eq!(opened.info().rules, "yahtzee[joker=verhoeff]");
        let refused = |rules: &str, settings: &[(&str, &str)], goal: Option<u32>| {
            named(rules, goal, &text(settings), &runner)
                .err()
                .map(|e| e.to_string())
                .unwrap()
        };
        assert_eq!(
            refused("yahtzee", &[("joker", "wild")], None),
            "--set 'joker=wild': wild is not one of forced, verhoeff, free, none"
        );
        assert_eq!(
            refused("farkle", &[("floor", "wild")], None),
            "--set 'floor=wild': wild is not a whole number"
        );
        assert_eq!(
            refused("pig", &[("lucky", "5")], None),
            "--set lucky: pig has no such rule; it has goal"
        );
        assert_eq!(
            refused("chopsticks", &[], Some(5)),
            "--goal: chopsticks has no goal"
        );
        assert_eq!(
            refused("piglet", &[("goal", "5")], Some(5)),
            "--goal and --set goal=... both set the goal: give one"
        );
        // The second value was taken for the first (or the first for the second) unsaid.
        assert_eq!(
            refused("pig", &[("goal", "50"), ("goal", "60")], None),
            "--set goal: given twice; give one value"
        );
    }

    /// Each game's record says the range of each whole-number parameter, and the game opens
    /// at both ends of it and refuses one step beyond either.
    #[test]
    fn every_parameters_range_is_the_range_its_game_opens() {
        let runner = Runner::default();
        for listed in rulesets() {
            let (game, rules) = (listed.game, listed.ruleset.name);
            if !rules.ends_with("fa20") && game.name == "hog" {
                continue;
            }
            for parameter in game.parameters {
                let ParameterKind::Integer { least, most, step } = parameter.kind else {
                    continue;
                };
                let opens = |value: i64| {
                    named(
                        rules,
                        None,
                        &as_text(&[(parameter.name.into(), value)]),
                        &runner,
                    )
                    .is_ok()
                };
                assert!(opens(least) && opens(most), "{rules} {}", parameter.name);
                assert!(
                    !opens(least - step) && !opens(most + step),
                    "{rules} {}",
                    parameter.name
                );
            }
        }
    }
}
