//! Farkle on the page: the person's rolls, keeps and banks, the computer's turns roll by roll,
//! each told, and the exact value of every choice. The game is played by [`Match`], as
//! `swine play --rules farkle` plays it; the values are those of `swine eval --from ... --dice`.

use std::collections::HashMap;

use serde_json::{Value, json};
use swine_solver::dice::SeededDice;
use swine_solver::farkle::simulate::Plan;
use swine_solver::farkle::{
    Farkle, Farkled, Keep, Match, MoveError, Rolled, Solution, Then, UNIT, spaced,
};

use super::NAMES;
use super::query::{Refusal, bad, number};
use super::sessions::Told;

/// A move of the person's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    /// Roll the dice the turn has.
    Roll,
    /// Bank the turn total.
    Bank,
    /// Take the keep of this number (from 0) of those the roll offers.
    Keep(usize),
}

/// Points of `units`.
fn points(units: usize) -> u32 {
    units as u32 * UNIT
}

/// The keep `/keep?choice=N` (the Nth offered, from 0) or `/keep?dice=1,1,5` (the faces set
/// aside) names.
pub(super) fn keep_asked(
    game: &Farkle,
    played: &Match,
    query: &HashMap<String, String>,
) -> Result<usize, Refusal> {
    if played.shown().is_none() {
        return Err(bad("keep: no roll waits for a keep; roll first"));
    }
    match (
        number::<usize>(query, "choice", "keep: choice")?,
        query.get("dice"),
    ) {
        (Some(choice), None) => Ok(choice),
        (None, Some(text)) => {
            let faces: Vec<u8> = text
                .split(',')
                .map(|f| f.trim().parse::<u8>().ok().filter(|f| (1..=6).contains(f)))
                .collect::<Option<_>>()
                .ok_or_else(|| {
                    bad(&format!(
                        "keep: dice '{text}' are not faces 1 to 6, comma-separated"
                    ))
                })?;
            played
                .keep_of(game, &faces)
                .map_err(|e| bad(&format!("keep: dice {e}")))
        }
        _ => Err(bad(
            "keep: give ?choice=N (the Nth keep offered, from 0) or ?dice=F,F,... (the faces)",
        )),
    }
}

/// A move refused by the rules, as the request `verb` is answered.
fn refused(verb: &'static str) -> impl Fn(MoveError) -> Refusal {
    move |e| bad(&format!("{verb}: {e}"))
}

/// Plays the person's `action`: what happened, told.
pub(super) fn person(
    game: &Farkle,
    played: &mut Match,
    dice: &mut SeededDice,
    action: Action,
) -> Result<Told, Refusal> {
    let lines = match action {
        Action::Roll => {
            let n = played.dice();
            let (faces, rolled) = played.roll(game, dice).map_err(refused("roll"))?;
            rolled_lines(game, 0, n, &faces, &rolled)
        }
        Action::Bank => {
            let banked = played.bank(game).map_err(refused("roll"))?;
            vec![banked_line(game, played, 0, banked)]
        }
        Action::Keep(choice) => {
            let keeps = played.keeps(game);
            let kept = keeps.get(choice).map(|&k| played.dice_of(game, k));
            let (keep, won) = played.keep(game, choice).map_err(refused("keep"))?;
            let kept = kept.expect("a keep taken is one offered");
            vec![kept_line(game, 0, &kept, keep, played.turn_total(), won)]
        }
    };
    Ok(Told {
        who: Some(0),
        thrown: dice.take_thrown(),
        lines,
    })
}

/// The computer's turn, one told roll at a time, until it banks, farkles or wins.
pub(super) fn computer(
    solution: &Solution,
    played: &mut Match,
    dice: &mut SeededDice,
    turns: &mut Vec<Told>,
) {
    let game = solution.game();
    // The page's computer is a built-in (`Strategy::parse`), never Python: it has a plan.
    let plan = Plan::new(solution, 1, played.state(game)).expect("a built-in has a plan");
    while played.mover() == 1 && played.winner().is_none() {
        let (n, total) = (played.dice(), played.turn_total());
        let step = played
            .step(solution, &plan, dice)
            .expect("the computer rolls at its turn's start or after a keep");
        let lines = match step.then {
            Then::Farkle(farkled) => {
                rolled_lines(game, 1, n, &step.faces, &Rolled::Farkle(farkled))
            }
            Then::Won(keep) | Then::Banked(keep, _) | Then::RollsOn(keep) => {
                let won = matches!(step.then, Then::Won(_));
                let mut lines = vec![
                    roll_line(1, n, &step.faces, "which score"),
                    kept_line(game, 1, &step.kept, keep, total + keep.units as usize, won),
                ];
                if let Then::Banked(_, banked) = step.then {
                    lines.push(banked_line(game, played, 1, banked));
                }
                lines
            }
        };
        turns.push(Told {
            who: Some(1),
            thrown: dice.take_thrown(),
            lines,
        });
    }
}

/// "You roll 6 dice: 1 1 5 2 3 4, {what}."
fn roll_line(seat: usize, n: usize, faces: &[u8], what: &str) -> String {
    let dice = if n == 1 { "die" } else { "dice" };
    format!(
        "{} {n} {dice}: {}, {what}.",
        NAMES.act(seat, "rolls", "roll"),
        spaced(faces)
    )
}

/// A roll told: it scores, or a farkle with the turn total lost and the count or the penalty.
fn rolled_lines(
    game: &Farkle,
    seat: usize,
    n: usize,
    faces: &[u8],
    rolled: &Rolled,
) -> Vec<String> {
    let Rolled::Farkle(farkled) = rolled else {
        return vec![roll_line(seat, n, faces, "which score")];
    };
    let Farkled {
        lost,
        penalised,
        score,
        count,
    } = *farkled;
    let what = format!("a farkle: the turn total of {} is lost", points(lost));
    let after = if penalised {
        let rules = game.settings();
        format!(
            "{} farkles in a row cost {}: {} banked score is now {score}{}.",
            game.farkles(),
            rules.penalty,
            possessive(seat),
            if score == rules.floor {
                " (the floor)".to_string()
            } else {
                String::new()
            }
        )
    } else {
        format!(
            "{} {count} farkle{} in a row (at {} they cost {}).",
            NAMES.act(seat, "has", "have"),
            if count == 1 { "" } else { "s" },
            game.farkles(),
            game.settings().penalty
        )
    };
    vec![roll_line(seat, n, faces, &what), after]
}

/// "your" or "the computer's".
fn possessive(seat: usize) -> &'static str {
    ["your", "the computer's"][seat]
}

/// A keep told: the dice set aside, their points, the turn total (units) after it and the dice
/// left (hot dice said), or the goal reached.
fn kept_line(
    game: &Farkle,
    seat: usize,
    kept: &[u8],
    keep: Keep,
    total: usize,
    won: bool,
) -> String {
    let keeps = format!(
        "{} {} for {}: turn total {}",
        NAMES.act(seat, "keeps", "keep"),
        spaced(kept),
        keep.units * UNIT,
        points(total)
    );
    if won {
        return format!("{keeps}, reaching the goal of {}.", game.goal());
    }
    // A keep leaves six dice only when it sets aside every die rolled.
    match keep.left {
        6 => format!("{keeps}; hot dice: all six dice again."),
        1 => format!("{keeps}, 1 die left."),
        left => format!("{keeps}, {left} dice left."),
    }
}

/// A bank told, with the scores after it.
fn banked_line(game: &Farkle, played: &Match, seat: usize, units: usize) -> String {
    let scores = played.table().scores;
    format!(
        "{} {}: you {}, the computer {}.",
        NAMES.act(seat, "banks", "bank"),
        points(units),
        game.points(scores[0]),
        game.points(scores[1])
    )
}

/// Farkle's part of the page's view: the scores and farkle counts, the rule numbers, the turn
/// in progress (turn total, dice, the roll waiting for a keep) and, on the person's turn, every
/// choice with its exact value (`hints`) and the best (`best`, its place among them).
pub(super) fn view(solution: &Solution, played: &Match, your_turn: bool, value: &mut Value) {
    let game = solution.game();
    let rules = game.settings();
    let table = played.table();
    value["game"] = json!("farkle");
    value["rules"] = json!(game.name());
    value["goal"] = json!(game.goal());
    value["scores"] = json!(table.scores.map(|s| game.points(s)));
    value["farkles"] = json!(table.counts);
    value["floor"] = json!(rules.floor);
    value["penalty"] = json!(rules.penalty);
    value["farkles_penalised"] = json!(rules.farkles);
    value["min_bank"] = json!(rules.min_bank);
    value["turn_total"] = json!(points(played.turn_total()));
    value["dice_left"] = json!(played.dice());
    value["shown"] = json!(played.shown());
    value["mover"] = json!(played.mover());
    if !your_turn {
        return;
    }
    let state = played.state(game);
    let (turn, lane) = solution.turn(0, state);
    let (t, n) = (played.turn_total(), played.dice());
    let mut hints = Vec::new();
    if played.shown().is_some() {
        for (i, keep) in played.keeps(game).into_iter().enumerate() {
            let kept = played.dice_of(game, keep);
            let win = turn.value(
                solution.layout(),
                t + keep.units as usize,
                keep.left as usize,
                lane,
            );
            let left = match keep.left {
                6 => "hot dice".to_string(),
                1 => "1 die left".to_string(),
                left => format!("{left} dice left"),
            };
            let label = format!(
                "Keep {}: {} points, {left}",
                spaced(&kept),
                keep.units * UNIT
            );
            hints.push(
                json!({"move": "keep", "choice": i, "dice": kept, "label": label,
                              "win": win}),
            );
        }
    } else {
        let roll = solution.roll_value(0, state, (&turn, lane), t, n);
        let dice = if n == 1 { "die" } else { "dice" };
        hints.push(
            json!({"move": "roll", "dice": n, "label": format!("Roll {n} {dice}"),
                          "win": roll}),
        );
        if played.may_bank(game) {
            let bank = solution.bank_value(0, state, t);
            hints.push(
                json!({"move": "bank", "label": format!("Bank {}", points(t)),
                              "win": bank}),
            );
        }
    }
    let best = (0..hints.len()).fold(0, |best, i| {
        if hints[i]["win"].as_f64() > hints[best]["win"].as_f64() {
            i
        } else {
            best
        }
    });
    value["best"] = json!(best);
    value["hints"] = json!(hints);
}

#[cfg(test)]
mod tests {
    use super::*;
    use swine_solver::farkle::{Fixed, Player, solve};

    #[test]
    fn games_are_told_roll_by_roll_with_farkles_penalties_hot_dice_and_banks() {
        let settings = [("goal", 1000), ("floor", -250)].map(|(n, v)| (n.to_string(), v));
        let game = Farkle::new(&settings).unwrap();
        let computer_plays = Player::Fixed(Fixed::BankAt {
            total: 150,
            dice: 0,
        });
        let solution = solve(&game, [Player::Optimising, computer_plays], &|_| {}).unwrap();
        let mut lines = Vec::new();
        for seed in 0..40 {
            let (mut played, mut dice) = (Match::new(&game, 0), SeededDice::new(seed));
            // On odd seeds the person never banks: its turns end in farkles, three in a row
            // cost the penalty, down to the floor.
            let banks = seed % 2 == 0;
            let mut kept: Option<f64> = None;
            while played.winner().is_none() {
                let mut turns = Vec::new();
                if played.mover() == 1 {
                    computer(&solution, &mut played, &mut dice, &mut turns);
                } else {
                    let mut value = json!({});
                    view(&solution, &played, true, &mut value);
                    let hints = value["hints"].as_array().unwrap();
                    let best = &hints[value["best"].as_u64().unwrap() as usize];
                    let most = hints
                        .iter()
                        .filter_map(|h| h["win"].as_f64())
                        .fold(0.0, f64::max);
                    assert_eq!(best["win"].as_f64(), Some(most));
                    // A keep is worth the better of banking and rolling after it.
                    if let (Some(worth), false) = (kept.take(), played.shown().is_some()) {
                        assert!((worth - most).abs() <= 1e-12, "{worth} {most}");
                    }
                    let action = match best["move"].as_str().unwrap() {
                        "keep" => {
                            kept = best["win"].as_f64();
                            Action::Keep(best["choice"].as_u64().unwrap() as usize)
                        }
                        "bank" if banks => Action::Bank,
                        _ => Action::Roll,
                    };
                    let told = person(&game, &mut played, &mut dice, action).unwrap();
                    if action == Action::Roll {
                        let thrown = told.thrown.as_ref().unwrap();
                        assert!(told.lines[0].contains(&spaced(&thrown.faces)));
                    }
                    turns.push(told);
                }
                lines.extend(turns.into_iter().flat_map(|t| t.lines));
            }
        }
        for said in [
            "; hot dice: all six dice again.",
            "3 farkles in a row cost 500: your banked score is now -250 (the floor).",
            "You have 2 farkles in a row (at 3 they cost 500).",
            "You bank ",
            "The computer banks ",
            ", reaching the goal of 1000.",
        ] {
            assert!(lines.iter().any(|l| l.contains(said)), "{said}: {lines:#?}");
        }
    }
}
