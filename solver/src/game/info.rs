//! What a game says about itself: its names, its goal, its yardstick, the numbers of a
//! position, and what it can be asked (its capabilities). Every refusal of a flag a game cannot
//! answer comes from here, in one form.

use super::{Footprint, GameError};
use crate::report::{Batch, Goal};

/// One number of a position (`--from`), with the range it must lie in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its name in JSON and messages, e.g. `own`, `turn_total`.
    pub name: &'static str,
    /// What it means, for help texts, e.g. `the mover's score`.
    pub meaning: &'static str,
}

/// A question a verb or front end may ask of a game, or a flag it may give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Capability {
    /// Strategies to evaluate (`eval`, `simulate`, `grade`, `tournament`; not Chopsticks).
    Strategies,
    /// Exact fractions (`--exact`).
    Exact,
    /// Certified intervals (`--bounds`).
    Bounds,
    /// The cells where a strategy loses most (`--explain`).
    Explain,
    /// Dice shown at a position (`--dice`).
    Dice,
    /// Every state's value written beside the table (`solve --values`).
    Values,
    /// One game told turn by turn (`simulate --transcript`).
    Transcript,
    /// The full-information table beside a searched score table (`--full-information`).
    FullInformation,
    /// A time limit on a search for the best score table (`--time-limit`).
    TimeLimit,
    /// A move limit (`--moves`).
    Moves,
    /// A strategy map (`plot map`, the page's map).
    Map,
    /// A win-probability surface (`plot win`).
    Win,
    /// Where two strategies differ and what it costs (`plot diff`).
    Diff,
    /// A picture drawn at given farkle counts (`--farkles`).
    Layer,
    /// The page's strategy map: one best choice per cell of scores (`/api/map`).
    ScoreMap,
    /// Strategies given as arrays of the course table (the package's numpy arrays).
    Tables,
    /// A match-up studied turn by turn: the length of a game, how often each rule happens
    /// (`swine study`).
    Study,
}

impl Capability {
    /// The CLI's flag or verb that asks for it, as refusals name it.
    pub fn flag(self) -> &'static str {
        match self {
            Capability::Strategies => "",
            Capability::Exact => "--exact",
            Capability::Bounds => "--bounds",
            Capability::Explain => "--explain",
            Capability::Dice => "--dice",
            Capability::Values => "--values",
            Capability::Transcript => "--transcript",
            Capability::FullInformation => "--full-information",
            Capability::TimeLimit => "--time-limit",
            Capability::Moves => "--moves",
            Capability::Map => "plot map",
            Capability::Win => "plot win",
            Capability::Diff => "plot diff",
            Capability::Layer => "--farkles",
            Capability::ScoreMap => "map",
            Capability::Tables => "a table strategy",
            Capability::Study => "study",
        }
    }

    /// The capability refused with the reason a game gives that has nothing more particular
    /// to say (`has no move limit (--moves is chopsticks')`), for [`GameInfo::lacks`].
    pub fn lacked(self) -> (Capability, String) {
        let reason = match self {
            Capability::Strategies => "has no strategies to evaluate",
            Capability::Exact => "has no exact fractions",
            Capability::Bounds => "has no certified intervals",
            Capability::Explain => "has no table of choices to explain",
            Capability::Dice => "decides a turn before its roll: a position shows no dice",
            Capability::Values => "writes no values beside its strategy",
            Capability::Transcript => "tells no game as a transcript",
            Capability::FullInformation => "hides nothing from a strategy",
            Capability::TimeLimit => "is solved to its fixpoint; it needs no time limit",
            Capability::Moves => "has no move limit (--moves is chopsticks')",
            Capability::Map => "has no strategy map",
            Capability::Win => "has no win-probability surface",
            Capability::Diff => "strategies are compared by plot diff in Hog only",
            Capability::Layer => "has no farkle counts (--farkles is farkle's)",
            Capability::ScoreMap => "has no map of one choice per cell of scores",
            Capability::Tables => "takes no table strategy",
            Capability::Study => "is not studied turn by turn",
        };
        (self, reason.to_string())
    }
}

/// What a game says about itself.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game: `hog`, `greed`, `pig`, `farkle`, `chopsticks`.
    pub game: &'static str,
    /// The ruleset with its parameters, as reports head it (`hog-fa20`,
    /// `my-hog[lucky=5]@359652a1`, `piglet`).
    pub rules: String,
    /// Its goal or limit (none for Chopsticks).
    pub goal: Option<Goal>,
    /// The strategy the course measures others against (none without strategies).
    pub yardstick: Option<String>,
    /// The file a course submission is in (`hog.py`, `pr1.py`), looked for in folders.
    pub submission_file: &'static str,
    /// The numbers of a position, in the order `--from` gives them.
    pub position: Vec<Part>,
    /// The family of simple strategies a sweep compares optimal play with (`always_roll`
    /// with its specs), if the game has one.
    pub simple: Option<(&'static str, Vec<String>)>,
    /// Whether dice decide anything (not Chopsticks).
    pub chance: bool,
    /// Whether a game can end in a tie (Greed; Hog and Pig only through games that never end).
    pub ties: bool,
    /// Whether the rules remember something a course strategy cannot see (Feral Hogs): its
    /// optimum is then the full-information best response, beside a searched score table.
    pub hides_memory: bool,
    /// The capabilities it lacks, each with the reason given when it is asked for.
    pub lacks: Vec<(Capability, String)>,
    /// What solving one of its match-ups takes (memory and time), known before it starts.
    pub footprint: Footprint,
}

impl GameInfo {
    /// Whether the game answers `capability`.
    pub fn can(&self, capability: Capability) -> bool {
        !self.lacks.iter().any(|(c, _)| *c == capability)
    }

    /// `Ok` where the game answers `capability`; else the one refusal every front end gives:
    /// `FLAG: RULES REASON` (`RULES REASON` where no flag asks for it: strategies at all).
    pub fn allows(&self, capability: Capability) -> Result<(), GameError> {
        match self.lacks.iter().find(|(c, _)| *c == capability) {
            None => Ok(()),
            Some((_, reason)) => {
                let refusal = format!("{} {reason}", self.rules);
                Err(GameError::Refused(match capability.flag() {
                    "" => refusal,
                    flag => format!("{flag}: {refusal}"),
                }))
            }
        }
    }

    /// Each capability asked for (`true`) that the game lacks, refused: the first refusal.
    pub fn allows_all(&self, asked: &[(Capability, bool)]) -> Result<(), GameError> {
        asked
            .iter()
            .filter(|(_, asked)| *asked)
            .try_for_each(|(capability, _)| self.allows(*capability))
    }

    /// The game, its rules and its goal, as reports head them.
    pub fn batch(&self) -> Batch {
        Batch {
            game: self.game,
            rules: self.rules.clone(),
            goal: self.goal,
        }
    }

    /// The heading's goal as text, e.g. `goal 100` (empty where the game has none).
    pub fn goal_text(&self) -> String {
        self.goal
            .map(|g| format!("{} {}", g.name, g.value))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lacking_capability_is_refused_by_flag_rules_and_reason() {
        let info = GameInfo {
            game: "farkle",
            rules: "farkle".to_string(),
            goal: Some(Goal {
                name: "goal",
                value: 10_000,
            }),
            yardstick: Some("bank_at:300".to_string()),
            submission_file: "farkle.py",
            position: Vec::new(),
            simple: None,
            chance: true,
            ties: false,
            hides_memory: false,
            lacks: vec![(Capability::Bounds, "has no certified intervals".to_string())],
            footprint: Footprint {
                states: 1,
                bytes: 1,
                seconds: 0.0,
            },
        };
        assert!(info.can(Capability::Exact) && !info.can(Capability::Bounds));
        assert_eq!(
            info.allows_all(&[(Capability::Exact, true), (Capability::Bounds, true)])
                .unwrap_err()
                .to_string(),
            "--bounds: farkle has no certified intervals"
        );
        assert!(info.allows_all(&[(Capability::Bounds, false)]).is_ok());
        assert_eq!(info.goal_text(), "goal 10000");
    }
}
