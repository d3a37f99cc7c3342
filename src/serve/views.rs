//! What the page shows: the rulesets, and a game as it stands with its hints and what just
//! happened.

use serde::Serialize;
use serde_json::{Value, json};
use swine_solver::catalog;
use swine_solver::game::{Dice, Told, View, Who, bytes_text};

use super::query::Refusal;
use super::sessions::Game;

/// `GET /api/rulesets`: every game's record (`swine games --json`: its rulesets, parameters,
/// capabilities), the default ruleset, and the server's memory `budget` (in bytes, and in
/// words) that bounds the match-ups it solves.
pub(super) fn rulesets(budget: u64) -> Value {
    json!({ "games": catalog::games(), "default": catalog::default_rules(),
            "budget": {"bytes": budget, "text": bytes_text(budget)} })
}

/// One turn told, as the page shows it.
#[derive(Serialize)]
struct Turn<'a> {
    /// Who played; none for a note of the game's own.
    who: Option<Who>,
    /// The dice thrown, if any.
    dice: Option<Dice>,
    /// What happened, line by line.
    log: &'a [String],
}

/// A game as the page shows it: the game's view, the computer's strategy, and what just
/// happened.
#[derive(Serialize)]
struct Shown<'a> {
    /// The game as its session draws it.
    #[serde(flatten)]
    view: View,
    /// The computer's strategy.
    vs: &'a str,
    /// The lines of the turns just played, in one list.
    log: Vec<&'a String>,
    /// The turns just played.
    turns: Vec<Turn<'a>>,
}

/// The game as the page shows it: the game's typed view ([`View`]: seats, facts, dice, board,
/// choices with their values, whose turn and how it ended), with the computer's strategy
/// (`vs`) and what just happened (`turns`: who played, the dice thrown, the lines; `log`, their
/// lines in one list).
pub(super) fn view(game: &Game, turns: &[Told]) -> Result<Value, Refusal> {
    let view = game.session.view();
    let coin = view.coin;
    let shown = Shown {
        view,
        vs: game.kept.engine.computer(),
        log: turns.iter().flat_map(|t| &t.lines).collect(),
        turns: turns
            .iter()
            .map(|turn| Turn {
                who: turn.who.map(Who::of),
                dice: turn
                    .thrown
                    .as_ref()
                    .map(|thrown| Dice::thrown(thrown, coin)),
                log: &turn.lines,
            })
            .collect(),
    };
    serde_json::to_value(shown).map_err(|e| (500, format!("the game's view: {e}")))
}
