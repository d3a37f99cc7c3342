//! What the page shows: the rulesets, and a game as it stands with its hints and what just
//! happened.

use serde_json::{Value, json};
use swine_solver::catalog;
use swine_solver::game::{Told, bytes_text};

use super::sessions::Game;

/// `GET /api/rulesets`: every ruleset the page plays, with its game, its one line and its
/// yardstick (none for a game without strategies); and the server's memory `budget` (in bytes,
/// and in words) that bounds the match-ups it solves.
pub(super) fn rulesets(budget: u64) -> Value {
    let rulesets: Vec<Value> = catalog::rulesets()
        .into_iter()
        .map(|l| {
            json!({"name": l.ruleset.name, "game": l.game.name, "summary": l.ruleset.summary,
                   "yardstick": l.ruleset.yardstick})
        })
        .collect();
    json!({ "rulesets": rulesets,
            "budget": {"bytes": budget, "text": bytes_text(budget)} })
}

/// The turns as JSON: who played ("you", "computer", none for a note), the dice thrown (their
/// faces, the die's sides and first face; Piglet's coin marked), the lines.
fn told(turns: &[Told], coin: bool) -> Value {
    turns
        .iter()
        .map(|turn| {
            let who = turn.who.map(|seat| ["you", "computer"][seat]);
            let dice = turn.thrown.as_ref().map(|thrown| {
                json!({"faces": thrown.faces, "sides": thrown.die.faces,
                       "first": thrown.die.first_face, "coin": coin})
            });
            json!({"who": who, "dice": dice, "log": turn.lines})
        })
        .collect()
}

/// The game as the page shows it: what the game's session shows (scores or hands, the rules
/// about to apply, the hints on the person's turn), with who plays, whether it is over, and
/// what just happened (`turns`, and `log`, their lines in one list).
pub(super) fn view(game: &Game, turns: Vec<Told>) -> Value {
    let mut value = game.session.view();
    let coin = value["coin"].as_bool().unwrap_or(false);
    let log: Vec<&String> = turns.iter().flat_map(|t| &t.lines).collect();
    let ended = game.session.ended();
    value["vs"] = json!(game.kept.engine.computer());
    value["winner"] = json!(ended.flatten());
    value["tie"] = json!(ended == Some(None));
    value["over"] = json!(ended.is_some());
    value["your_turn"] = json!(game.session.waiting());
    value["log"] = json!(log);
    value["turns"] = told(&turns, coin);
    value
}
