//! Every ruleset swine knows, of every game, in one place: the CLI reads its help texts, its
//! `--rules` dispatch and its error messages from here.

use thiserror::Error;

use crate::chopsticks;
use crate::greed;
use crate::hog;
use crate::pig;
use crate::spec::TABLE_FILES;

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
}

/// What a ruleset is, for people and for dispatch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name used with `--rules`.
    pub name: &'static str,
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

/// Every ruleset: Hog's presets (the default, `hog-fa20`, first), then Greed.
pub fn rulesets() -> Vec<Entry> {
    let hog = hog::presets::PRESETS.into_iter().map(|preset| {
        let script = preset
            .compile(&[])
            .expect("every built-in rule script compiles (tested)");
        Entry {
            name: preset.name,
            game: Game::Hog,
            summary: script.summary().to_string(),
            yardstick: Some(script.yardstick().to_string()),
            strategies: hog::strategy_forms(&script),
        }
    });
    let greed = Entry {
        name: greed::NAME,
        game: Game::Greed,
        summary:
            "dice show 0..5, going over 100 loses, a pass gives one last turn, ties count half"
                .to_string(),
        yardstick: Some(greed::YARDSTICK.to_string()),
        strategies: greed::STRATEGY_FORMS.map(String::from).to_vec(),
    };
    let chopsticks = Entry {
        name: chopsticks::NAME,
        game: Game::Chopsticks,
        summary: "two hands of 0..4 fingers each, taps and transfers, a hand at 5 drops to 0"
            .to_string(),
        yardstick: None,
        strategies: Vec::new(),
    };
    let pig = pig::Variant::ALL.map(|variant| Entry {
        name: variant.name(),
        game: Game::Pig,
        summary: variant.summary().to_string(),
        yardstick: Some(variant.yardstick().to_string()),
        strategies: pig::STRATEGY_FORMS.map(String::from).to_vec(),
    });
    hog.chain([greed]).chain(pig).chain([chopsticks]).collect()
}

/// No ruleset has this name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ruleset '{name}'; the rulesets are {}, or a Hog rule script (FILE.rhai)", known.join(", "))]
pub struct UnknownRuleset {
    /// The name asked for.
    pub name: String,
    /// The names that exist.
    pub known: Vec<&'static str>,
}

/// The ruleset called `name`.
pub fn find(name: &str) -> Result<Entry, UnknownRuleset> {
    let all = rulesets();
    let known = all.iter().map(|e| e.name).collect();
    all.into_iter()
        .find(|e| e.name == name)
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
            let usage = match &e.yardstick {
                Some(yardstick) => format!(
                    "Strategies: {}, or {TABLE_FILES}. Yardstick: {yardstick}.",
                    e.strategies.join(", ")
                ),
                None => "Solved with or without a move limit (solve --moves M|unlimited), \
                         played with swine play."
                    .to_string(),
            };
            format!("  {}{default}: {}.\n    {usage}", e.name, e.summary)
        })
        .collect::<Vec<_>>()
        .join("\n")
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
                "hog-wild",
                "hog-fa19",
                "hog-nju24",
                "hog-digits",
                "hog-fa24",
                "hog-fa17",
                "hog-hogtimus",
                "hog-nju21",
                "hog-textbook",
                "greed",
                "pig",
                "piglet",
                "two-dice-pig",
                "chopsticks"
            ]
        );
        assert_eq!(find("greed").unwrap().game, Game::Greed);
        assert_eq!(find("pig").unwrap().game, Game::Pig);
        assert_eq!(
            find("pug").unwrap_err().to_string(),
            "unknown ruleset 'pug'; the rulesets are hog-fa20, hog-wild, hog-fa19, hog-nju24, \
             hog-digits, hog-fa24, hog-fa17, hog-hogtimus, hog-nju21, hog-textbook, greed, pig, \
             piglet, two-dice-pig, chopsticks, or a Hog rule script (FILE.rhai)"
        );
        assert!(describe().contains("bacon:CUTOFF,N"));
        assert!(describe().contains("improve:STRATEGY"));
    }
}
