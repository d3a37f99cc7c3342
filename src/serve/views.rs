//! What the page shows: the rulesets, and a game as it stands with its hints and what just
//! happened.

use serde_json::{Value, json};
use swine_solver::catalog;
use swine_solver::chopsticks::{self, Match, narrate};
use swine_solver::greed;
use swine_solver::hog::MAX_DICE;

use super::NAMES;
use super::engines::Solved;
use super::farkle;
use super::sessions::{Position, Session, Told, mover};

/// The game's name in the API.
fn game_name(game: catalog::Game) -> &'static str {
    match game {
        catalog::Game::Hog => "hog",
        catalog::Game::Greed => "greed",
        catalog::Game::Pig => "pig",
        catalog::Game::Chopsticks => "chopsticks",
        catalog::Game::Farkle => "farkle",
    }
}

/// `GET /api/rulesets`: every ruleset the page plays, with its game, its one line and its
/// yardstick (none for Chopsticks).
pub(super) fn rulesets() -> Value {
    let rulesets: Vec<Value> = catalog::rulesets()
        .into_iter()
        .map(|e| {
            json!({"name": e.name, "game": game_name(e.game), "summary": e.summary,
                   "yardstick": e.yardstick})
        })
        .collect();
    json!({ "rulesets": rulesets })
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

/// The game as the page shows it: scores (or hands), the rules about to apply and the hints on
/// the person's turn, what just happened (`turns`, and `log`, their lines in one list).
pub(super) fn view(session: &Session, turns: Vec<Told>) -> Value {
    let coin = matches!(&session.engine.solved, Solved::Pig { game, .. } if game.tosses_coin());
    let log: Vec<&String> = turns.iter().flat_map(|t| &t.lines).collect();
    let over = session.ended.is_some();
    let your_turn = !over && mover(&session.position) == 0;
    let mut value = json!({
        "vs": session.engine.opponent,
        "winner": session.ended.flatten(),
        "tie": session.ended == Some(None),
        "over": over,
        "your_turn": your_turn,
        "log": log,
        "turns": told(&turns, coin),
    });
    match (&session.engine.solved, &session.position) {
        (Solved::Hog { rules, advisor }, Position::Hog(game)) => {
            let (own, opponent) = (game.scores[0], game.scores[1]);
            value["game"] = json!("hog");
            value["rules"] = json!(rules.name());
            value["goal"] = json!(rules.goal());
            value["scores"] = json!(game.scores);
            value["memory"] = json!(game.memory);
            if your_turn {
                let choices = advisor.choices(game);
                let limit = rules.dice_rolled(own, opponent, MAX_DICE);
                value["best"] = json!(advisor.best(game));
                if rules.least_dice() == 0 {
                    value["free_bacon"] = json!(rules.free_bacon(own, opponent));
                }
                value["limit"] = json!(limit);
                value["faces"] = json!(rules.die(own, opponent).faces);
                value["hints"] = (rules.least_dice()..=limit)
                    .map(|n| {
                        json!({"dice": n, "label": format!("Roll {n}"), "win": choices[usize::from(n)]})
                    })
                    .collect();
            }
        }
        (Solved::Greed { game, advisor }, Position::Greed(position)) => {
            value["game"] = json!("greed");
            value["rules"] = json!(greed::NAME);
            value["goal"] = json!(game.limit());
            value["scores"] = json!(position.scores);
            value["passed"] = json!(position.passed);
            if your_turn {
                value["best"] = json!(advisor.best(position));
                value["limit"] = json!(greed::MAX_DICE);
                value["hints"] = advisor
                    .hints(position, greed::HINTS)
                    .into_iter()
                    .map(|(n, win)| {
                        let label = if n == 0 {
                            "Pass".to_string()
                        } else {
                            format!("Roll {n}")
                        };
                        json!({"dice": n, "label": label, "win": win})
                    })
                    .collect();
            }
        }
        (
            Solved::Pig {
                game,
                solution,
                best,
                ..
            },
            Position::Pig(position),
        ) => {
            value["game"] = json!("pig");
            value["rules"] = json!(game.name());
            value["goal"] = json!(game.goal());
            value["scores"] = json!(position.scores);
            value["turn_total"] = json!(position.turn_total);
            if your_turn {
                let state = position.state(game);
                let (roll, hold) = solution.choices(0, state);
                value["best"] = json!(u8::from(best.rolls(state)));
                value["hints"] = json!([
                    {"dice": 1, "label": "Roll", "win": roll},
                    {"dice": 0, "label": "Hold", "win": hold},
                ]);
            }
        }
        (Solved::Chopsticks(_), Position::Chopsticks(game)) => {
            chopsticks_view(game, your_turn, &mut value);
        }
        (Solved::Farkle(solution), Position::Farkle(played)) => {
            farkle::view(solution, played, your_turn, &mut value);
        }
        _ => unreachable!("a session's position is of its engine's game"),
    }
    value
}

/// Both players' hands, as `[left, right]`, by who holds them.
fn hands(game: &Match, position: chopsticks::Position) -> Value {
    let of = |seat| {
        let h = position.hands(game.side(seat));
        json!([h.left, h.right])
    };
    json!({"you": of(0), "computer": of(1)})
}

/// Chopsticks' part of [`view`]: the hands, the move limit, the solver's verdict of the
/// position under perfect play (`result`: 1 you win, 0 a tie or draw, −1 the computer wins)
/// and, on the person's turn, each choice with its verdict and the best one.
fn chopsticks_view(game: &Match, your_turn: bool, value: &mut Value) {
    value["game"] = json!("chopsticks");
    value["rules"] = json!(chopsticks::NAME);
    value["moves"] = match game.move_limit() {
        Some(m) => json!(m),
        None => json!("unlimited"),
    };
    value["moves_left"] = json!(game.moves_left());
    value["you_are"] = json!(game.computer().other().to_string());
    value["hands"] = hands(game, game.position());
    value["result"] = json!(game.for_person(game.result()));
    if your_turn {
        let best = game.best_move();
        let choices = game.choices();
        value["best"] = json!(choices.iter().position(|c| *c == best));
        value["choices"] = choices
            .iter()
            .enumerate()
            .map(|(i, &choice)| {
                json!({
                    "choice": i,
                    "label": narrate::label(game, choice, NAMES),
                    "hands": hands(game, choice),
                    "result": game.for_person(game.result_after(choice)),
                })
            })
            .collect();
    }
}
