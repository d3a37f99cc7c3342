//! What a game says about itself: its names, its goal, its yardstick, the numbers of a
//! position, and what it can be asked (its capabilities). Every refusal of a flag a game cannot
//! answer comes from here, in one form.

use super::{Footprint, GameError, GameType};
use crate::report::{Batch, Goal};

/// One number of a position (`--from`), with the range it must lie in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its name in JSON and messages, e.g. `own`, `turn_total`.
    pub name: &'static str,
    /// What it means, for help texts, e.g. `the mover's score`.
    pub meaning: &'static str,
}

impl Part {
    /// A position's part `name`, meaning `meaning`.
    pub const fn new(name: &'static str, meaning: &'static str) -> Part {
        Part { name, meaning }
    }

    /// The two scores most positions start with: the mover's (`own`) and the opponent's.
    pub const SCORES: [Part; 2] = [
        Part::new("own", "the mover's score"),
        Part::new("opponent", "the opponent's score"),
    ];

    /// The scores of the seats after the mover's, in the order they move (games of more
    /// than two players).
    pub const NEXT: [Part; 5] = [
        Part::new("next_1", "the score of the seat that moves next"),
        Part::new(
            "next_2",
            "the score of the seat that moves second after the mover",
        ),
        Part::new(
            "next_3",
            "the score of the seat that moves third after the mover",
        ),
        Part::new(
            "next_4",
            "the score of the seat that moves fourth after the mover",
        ),
        Part::new(
            "next_5",
            "the score of the seat that moves fifth after the mover",
        ),
    ];

    /// The two scores, then `more`.
    pub fn scores_and(more: &[Part]) -> Vec<Part> {
        Part::SCORES.iter().chain(more).cloned().collect()
    }

    /// The scores of `players` seats from the mover's on (the two scores where two play), then
    /// `more`.
    pub fn seats_and(players: usize, more: &[Part]) -> Vec<Part> {
        if players <= 2 {
            return Part::scores_and(more);
        }
        std::iter::once(&Part::SCORES[0])
            .chain(&Part::NEXT[..players - 1])
            .chain(more)
            .cloned()
            .collect()
    }
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
    /// A picture drawn at given values of the position's other counts (`--farkles`).
    Layer,
    /// The page's strategy map: one best choice per cell of scores (`/api/map`).
    ScoreMap,
    /// Strategies given as arrays of the course table (the package's numpy arrays).
    Tables,
    /// A match-up studied turn by turn: the length of a game, how often each rule happens
    /// (`swine study`).
    Study,
    /// Dice rolled by hand and typed in, every decision coached (`play --dice-by-hand`).
    ByHand,
}

impl Capability {
    /// Every capability, in the order `swine games` lists them.
    pub const ALL: [Capability; 18] = [
        Capability::Strategies,
        Capability::Exact,
        Capability::Bounds,
        Capability::Explain,
        Capability::Dice,
        Capability::Values,
        Capability::Transcript,
        Capability::FullInformation,
        Capability::TimeLimit,
        Capability::Moves,
        Capability::Map,
        Capability::Win,
        Capability::Diff,
        Capability::Layer,
        Capability::ScoreMap,
        Capability::Tables,
        Capability::Study,
        Capability::ByHand,
    ];

    /// Its name in JSON (`swine games --json`): `strategies`, `exact`, `full_information`.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Strategies => "strategies",
            Capability::Exact => "exact",
            Capability::Bounds => "bounds",
            Capability::Explain => "explain",
            Capability::Dice => "dice",
            Capability::Values => "values",
            Capability::Transcript => "transcript",
            Capability::FullInformation => "full_information",
            Capability::TimeLimit => "time_limit",
            Capability::Moves => "moves",
            Capability::Map => "map",
            Capability::Win => "win",
            Capability::Diff => "diff",
            Capability::Layer => "layer",
            Capability::ScoreMap => "score_map",
            Capability::Tables => "tables",
            Capability::Study => "study",
            Capability::ByHand => "by_hand",
        }
    }

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
            Capability::ByHand => "--dice-by-hand",
        }
    }

    /// What it is, in a few words, for `swine games`.
    pub fn words(self) -> &'static str {
        match self {
            Capability::Strategies => "strategies to evaluate",
            Capability::Exact => "exact fractions (--exact)",
            Capability::Bounds => "certified intervals (--bounds)",
            Capability::Explain => "where a strategy loses (--explain)",
            Capability::Dice => "dice shown at a position (--dice)",
            Capability::Values => "every state's value (--values)",
            Capability::Transcript => "a game told turn by turn (--transcript)",
            Capability::FullInformation => "the full-information table (--full-information)",
            Capability::TimeLimit => "a time limit on a search (--time-limit)",
            Capability::Moves => "a move limit (--moves)",
            Capability::Map => "a strategy map (plot map)",
            Capability::Win => "a win-probability surface (plot win)",
            Capability::Diff => "where two strategies differ (plot diff)",
            Capability::Layer => "pictures at given counts (--farkles)",
            Capability::ScoreMap => "the page's strategy map",
            Capability::Tables => "strategies as tables (arrays, callables)",
            Capability::Study => "a match-up studied turn by turn (study)",
            Capability::ByHand => "real dice typed in, every decision coached (--dice-by-hand)",
        }
    }

    /// Why a game refuses it when it has nothing more particular to say: `has no certified
    /// intervals` (naming no other game: `swine games` tells which games have it).
    pub fn lacked(self) -> &'static str {
        match self {
            Capability::Strategies => "has no strategies to evaluate",
            Capability::Exact => "has no exact fractions",
            Capability::Bounds => "has no certified intervals",
            Capability::Explain => "has no table of choices to explain",
            Capability::Dice => "decides a turn before its roll: a position shows no dice",
            Capability::Values => "writes no values beside its strategy",
            Capability::Transcript => "tells no game as a transcript",
            Capability::FullInformation => "hides nothing from a strategy",
            Capability::TimeLimit => "is solved to its fixpoint; it needs no time limit",
            Capability::Moves => "has no move limit",
            Capability::Map => "has no strategy map",
            Capability::Win => "has no win-probability surface",
            Capability::Diff => "has no strategies of score tables to compare",
            Capability::Layer => "has no counts to draw a picture at",
            Capability::ScoreMap => "has no map of one choice per cell of scores",
            Capability::Tables => "takes no table strategy",
            Capability::Study => "is not studied turn by turn",
            Capability::ByHand => "is played with the program's dice only",
        }
    }
}

/// What an opened ruleset says about itself, beside its game's record.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The game's record: its name, players, kind of value, parameters, capabilities.
    pub game: &'static GameType,
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
    /// Whether the rules remember something a course strategy cannot see (Feral Hogs): its
    /// optimum is then the full-information best response, beside a searched score table.
    pub hides_memory: bool,
    /// What this ruleset refuses beyond its game's record, or refuses with words of its own,
    /// each with the reason given when it is asked for.
    pub cannot: Vec<(Capability, String)>,
    /// What solving one of its match-ups takes (memory and time), known before it starts.
    pub footprint: Footprint,
    /// How many players it is opened for: the `players` setting where given (`--players N`),
    /// else 2 (a game one player can play alone is played alone or against `--vs`).
    pub players: u8,
}

impl GameInfo {
    /// Whether the ruleset answers `capability`: its game's record lists it and the ruleset
    /// does not refuse it.
    pub fn can(&self, capability: Capability) -> bool {
        self.game.can(capability) && !self.cannot.iter().any(|(c, _)| *c == capability)
    }

    /// `Ok` where the ruleset answers `capability`; else the one refusal every front end
    /// gives: `FLAG: RULES REASON` (`RULES REASON` where no flag asks for it: strategies at
    /// all).
    pub fn allows(&self, capability: Capability) -> Result<(), GameError> {
        let reason = match self.cannot.iter().find(|(c, _)| *c == capability) {
            Some((_, reason)) => reason.clone(),
            None if self.game.can(capability) => return Ok(()),
            None => self.game.refusal(capability),
        };
        let refusal = format!("{} {reason}", self.rules);
        Err(GameError::Refused(match capability.flag() {
            "" => refusal,
            flag => format!("{flag}: {refusal}"),
        }))
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
            game: self.game.name,
            rules: self.rules.clone(),
            goal: self.goal,
        }
    }

    /// `at`, numbers in the order of [`position`](Self::position), by its parts' names: a
    /// position report's `from`.
    pub fn named(&self, at: &[i64]) -> Vec<(String, i64)> {
        self.position
            .iter()
            .zip(at)
            .map(|(part, &n)| (part.name.to_string(), n))
            .collect()
    }

    /// Whether a strategy asked about with no opponent named plays alone (its value an
    /// expected score): its game can be played alone, and it is opened for two players at most
    /// (with more, the others play the yardstick).
    pub fn alone(&self) -> bool {
        self.game.alone() && self.players <= 2
    }

    /// The refusal of a question about one player alone, where the game is played only against
    /// an opponent.
    pub fn alone_refused(&self) -> GameError {
        GameError::Refused(format!(
            "{} is played against an opponent: give one (--vs)",
            self.rules
        ))
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
    use crate::game::{Named, OpenError, Opening, PositionForm, RulesetRecord, ValueKind};

    fn unopenable(_: &Opening<'_>) -> Result<Named, OpenError> {
        Err(OpenError::GoalTwice)
    }

    /// A record that can give exact fractions and a move limit, and says why it has no dice.
    const RACE: GameType = GameType {
        name: "race",
        label: "Race",
        summary: "a test's record",
        players: 2..=2,
        players_why: "",
        value: ValueKind::WinProbability,
        parameters: &[],
        declared_parameters: false,
        position: PositionForm::Numbers,
        chance: true,
        ties: false,
        can: &[Capability::Strategies, Capability::Exact, Capability::Moves],
        refusals: &[(Capability::Dice, "throws no dice")],
        files: &[],
        rulesets: Vec::<RulesetRecord>::new,
        open: unopenable,
    };

    #[test]
    fn a_capability_is_answered_only_where_the_record_lists_it_and_the_ruleset_keeps_it() {
        let info = GameInfo {
            game: &RACE,
            rules: "race[short]".to_string(),
            goal: Some(Goal {
                name: "goal",
                value: 10_000,
            }),
            yardstick: Some("safe".to_string()),
            submission_file: "race.py",
            position: Vec::new(),
            simple: None,
            hides_memory: false,
            players: 2,
            cannot: vec![(Capability::Moves, "is short already".to_string())],
            footprint: Footprint {
                states: 1,
                bytes: 1,
                seconds: 0.0,
            },
        };
        assert!(info.can(Capability::Exact));
        assert!(!info.can(Capability::Bounds) && !info.can(Capability::Moves));
        assert_eq!(
            info.allows_all(&[(Capability::Exact, true), (Capability::Bounds, true)])
                .unwrap_err()
                .to_string(),
            "--bounds: race[short] has no certified intervals"
        );
        assert_eq!(
            info.allows(Capability::Dice).unwrap_err().to_string(),
            "--dice: race[short] throws no dice"
        );
        assert_eq!(
            info.allows(Capability::Moves).unwrap_err().to_string(),
            "--moves: race[short] is short already"
        );
        assert!(info.allows_all(&[(Capability::Bounds, false)]).is_ok());
        assert_eq!(info.goal_text(), "goal 10000");
    }
}
