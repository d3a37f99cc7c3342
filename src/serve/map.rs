//! The strategy map of a game of dice: the person's best choice and its value in every score
//! cell.

use std::collections::HashMap;

use serde_json::{Value, json};
use swine_solver::farkle;
use swine_solver::greed::{self, simulate::Game as GreedGame};
use swine_solver::hog::simulate::Game;

use super::State;
use super::engines::{Engine, Solved, engine};
use super::query::{Refusal, bad, is_chopsticks};

/// `GET /api/map?rules=R&goal=G&vs=S`: in every (own, opponent) cell, the person's best choice
/// (Hog: dice, memories at their start; Greed: dice, 0 passing, nobody has passed; the Pig
/// family: the turn total at which the best play first holds) and what it is worth (the Pig
/// family: at turn total 0), with the legend that reads it.
pub(super) fn map(state: &State, query: &HashMap<String, String>) -> Result<Value, Refusal> {
    // Refused before any solving: Chopsticks takes no engine for a map.
    if is_chopsticks(query) {
        return Err(bad("map: chopsticks has no scores to map"));
    }
    if query.get("rules").map(String::as_str) == Some(farkle::NAME) {
        return Err(bad(
            "map: the page maps one choice per cell of scores; farkle's choices depend on the \
             turn total, the dice and the farkle counts too",
        ));
    }
    let engine = engine(state, query)?;
    Ok(engine.map.get_or_init(|| strategy_map(&engine)).clone())
}

/// The strategy map of a game of dice (see [`map`]).
fn strategy_map(engine: &Engine) -> Value {
    let grid = |size: u32, cell: &dyn Fn(u32, u32) -> (u8, f64)| {
        let cells: Vec<Vec<(u8, f64)>> = (0..size)
            .map(|own| (0..size).map(|other| cell(own, other)).collect())
            .collect();
        let dice: Vec<Vec<u8>> = cells
            .iter()
            .map(|row| row.iter().map(|c| c.0).collect())
            .collect();
        let values: Vec<Vec<f64>> = cells
            .iter()
            .map(|row| row.iter().map(|c| c.1).collect())
            .collect();
        (dice, values)
    };
    let (game, name, size, (dice, values)) = match &engine.solved {
        Solved::Hog { rules, advisor } => {
            let initial = rules.memory().initial;
            let cell = |own, other| {
                let game = Game {
                    scores: [own, other],
                    memory: [initial, initial],
                    mover: 0,
                };
                (advisor.best(&game), advisor.value(&game))
            };
            let goal = rules.goal();
            ("hog", rules.name().to_string(), goal, grid(goal, &cell))
        }
        Solved::Greed { game, advisor } => {
            let cell = |own, other| {
                let position = GreedGame {
                    scores: [own, other],
                    mover: 0,
                    passed: false,
                };
                (advisor.best(&position), advisor.value(&position))
            };
            let size = game.limit() + 1;
            ("greed", greed::NAME.to_string(), size, grid(size, &cell))
        }
        Solved::Pig {
            game,
            solution,
            best,
            ..
        } => {
            let holds = best.first_holds(game);
            let cell = |own: u32, other: u32| {
                let value = solution.chosen_value(0, game.state(own, other, 0));
                (holds[[own as usize, other as usize]], value)
            };
            let goal = game.goal();
            ("pig", game.name().to_string(), goal, grid(goal, &cell))
        }
        Solved::Chopsticks(_) | Solved::Farkle(_) => unreachable!("refused by `map`"),
    };
    let legend = match &engine.solved {
        Solved::Pig { .. } => {
            "Your score across, the computer's up. Darker: a higher turn total before holding \
             (the first at which the best play holds)."
        }
        Solved::Greed { .. } => {
            "Your score across, the computer's up. Darker: more dice (up to the most any cell \
             rolls); black: pass."
        }
        _ => {
            "Your score across, the computer's up. Darker: more dice (up to the most any cell \
             rolls); black: 0 dice."
        }
    };
    json!({"game": game, "rules": name, "vs": engine.opponent, "goal": size, "dice": dice,
           "values": values, "legend": legend})
}
