//! A person plays Farkle against the computer (`swine play`, the page): rolls, keeps and banks
//! one decision at a time, the computer's turns roll by roll, each told, and before each of the
//! person's decisions the exact value of every choice (then playing perfectly), as
//! `swine eval --from ... --dice` values it.
//!
//! At the terminal the person's rolls are made for them where a roll is the only move (a
//! turn's start, after a keep that cannot be banked); the page asks for each roll.

use std::sync::Arc;

use super::game::{DICE, Farkle, Keep, UNIT};
use super::play::{Farkled, Match, MoveError, Rolled, Then, spaced};
use super::python::Question;
use super::simulate::Plan;
use super::solve::Solution;
use super::strategy::Strategy;
use crate::commentary::Names;
use crate::dice::SeededDice;
use crate::game::{
    Action, Answers, Audience, Choice, Dice, Engine, Keeping, Map, Number, Prompt, Reading,
    Session, Told, Tray, View,
};

/// Farkle solved for a perfect player (seat 0) against the computer's strategy (seat 1).
pub struct FarkleEngine {
    solution: Arc<Solution>,
    computer: Strategy,
}

impl FarkleEngine {
    /// The engine of `solution` (seat 0 optimal against `computer` in seat 1).
    pub fn new(solution: Solution, computer: Strategy) -> FarkleEngine {
        FarkleEngine {
            solution: Arc::new(solution),
            computer,
        }
    }
}

impl Engine for FarkleEngine {
    fn computer(&self) -> &str {
        self.computer.name()
    }

    fn opening(&self, seed: u64) -> String {
        format!(
            "farkle (goal {}): you are Player 0, the computer (Player 1) plays {}. Seed {seed}.",
            self.solution.game().goal(),
            self.computer.name()
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        Box::new(FarkleSession {
            solution: Arc::clone(&self.solution),
            computer: self.computer.clone(),
            played: Match::new(self.solution.game(), first),
            dice: SeededDice::new(seed),
            names: audience.names(0),
            audience,
            seed,
            first,
        })
    }

    fn map(&self) -> Result<Map, String> {
        Err(
            "the page maps one choice per cell of scores; farkle's choices depend on the turn \
             total, the dice and the farkle counts too"
                .to_string(),
        )
    }
}

/// A game of Farkle in progress.
struct FarkleSession {
    solution: Arc<Solution>,
    computer: Strategy,
    played: Match,
    dice: SeededDice,
    names: Names,
    audience: Audience,
    seed: u64,
    first: usize,
}

/// Points of `units`.
fn points(units: usize) -> u32 {
    units as u32 * UNIT
}

impl FarkleSession {
    fn game(&self) -> &Farkle {
        self.solution.game()
    }

    /// A turn told by `seat`.
    fn told(&mut self, seat: usize, heading: Option<String>, lines: Vec<String>) -> Told {
        Told {
            who: Some(seat),
            heading,
            thrown: self.dice.take_thrown(),
            lines: self.audience.lines(lines),
        }
    }

    /// The terminal's line as a turn starts: whose turn, the scores and the farkle counts.
    fn turn_heading(&self) -> Option<String> {
        if self.audience != Audience::Terminal || self.played.turn_total() != 0 {
            return None;
        }
        let table = self.played.table();
        let game = self.game();
        let who = if table.mover == 0 {
            "Your"
        } else {
            "The computer's"
        };
        Some(format!(
            "\n{who} turn: you {} (farkles in a row {}), computer {} ({}).",
            game.points(table.scores[0]),
            table.counts[0],
            game.points(table.scores[1]),
            table.counts[1]
        ))
    }

    /// "You roll 6 dice: 1 1 5 2 3 4, {what}."
    fn roll_line(&self, seat: usize, n: usize, faces: &[u8], what: &str) -> String {
        let dice = if n == 1 { "die" } else { "dice" };
        format!(
            "{} {n} {dice}: {}, {what}.",
            self.names.act(seat, "rolls", "roll"),
            spaced(faces)
        )
    }

    /// A roll told: it scores, or a farkle with the turn total lost and the count or the
    /// penalty.
    fn rolled_lines(&self, seat: usize, n: usize, faces: &[u8], rolled: &Rolled) -> Vec<String> {
        let Rolled::Farkle(farkled) = rolled else {
            return vec![self.roll_line(seat, n, faces, "which score")];
        };
        let game = self.game();
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
                self.possessive(seat),
                if score == rules.floor {
                    " (the floor)".to_string()
                } else {
                    String::new()
                }
            )
        } else {
            format!(
                "{} {count} farkle{} in a row (at {} they cost {}).",
                self.names.act(seat, "has", "have"),
                if count == 1 { "" } else { "s" },
                game.farkles(),
                game.settings().penalty
            )
        };
        vec![self.roll_line(seat, n, faces, &what), after]
    }

    /// "your", "the computer's", "Player 0's".
    fn possessive(&self, seat: usize) -> String {
        match self.names {
            Names::YouAndComputer => ["your", "the computer's"][seat].to_string(),
            names => format!("{}'s", names.name(seat)),
        }
    }

    /// A keep told: the dice set aside, their points, the turn total (units) after it and the
    /// dice left (hot dice said), or the goal reached.
    fn kept_line(&self, seat: usize, kept: &[u8], keep: Keep, total: usize, won: bool) -> String {
        let keeps = format!(
            "{} {} for {}: turn total {}",
            self.names.act(seat, "keeps", "keep"),
            spaced(kept),
            keep.units * UNIT,
            points(total)
        );
        if won {
            return format!("{keeps}, reaching the goal of {}.", self.game().goal());
        }
        // A keep leaves six dice only when it sets aside every die rolled.
        match keep.left {
            6 => format!("{keeps}; hot dice: all six dice again."),
            1 => format!("{keeps}, 1 die left."),
            left => format!("{keeps}, {left} dice left."),
        }
    }

    /// A bank told, with the scores after it.
    fn banked_line(&self, seat: usize, units: usize) -> String {
        let scores = self.played.table().scores;
        let game = self.game();
        format!(
            "{} {}: {} {}, {} {}.",
            self.names.act(seat, "banks", "bank"),
            points(units),
            self.names.name(0),
            game.points(scores[0]),
            self.names.name(1),
            game.points(scores[1])
        )
    }

    /// The person's roll, told.
    fn person_rolls(&mut self) -> Result<Told, MoveError> {
        let heading = self.turn_heading();
        let n = self.played.dice();
        let solution = Arc::clone(&self.solution);
        let (faces, rolled) = self.played.roll(solution.game(), &mut self.dice)?;
        let lines = self.rolled_lines(0, n, &faces, &rolled);
        Ok(self.told(0, heading, lines))
    }

    /// The computer's turns by its plan (or its Python strategy, asked about each roll),
    /// until it is the person's turn or the game is won.
    fn computer_plays(&mut self, turns: &mut Vec<Told>) -> Result<(), String> {
        let solution = Arc::clone(&self.solution);
        while self.played.mover() == 1 && self.played.winner().is_none() {
            let state = self.played.state(solution.game());
            let Some(plan) = Plan::new(&solution, 1, state) else {
                self.python_turn(turns)?;
                continue;
            };
            while self.played.mover() == 1 && self.played.winner().is_none() {
                let heading = self.turn_heading();
                let (n, total) = (self.played.dice(), self.played.turn_total());
                let step = self
                    .played
                    .step(&solution, &plan, &mut self.dice)
                    .map_err(|e| e.to_string())?;
                let lines = match step.then {
                    Then::Farkle(farkled) => {
                        self.rolled_lines(1, n, &step.faces, &Rolled::Farkle(farkled))
                    }
                    Then::Won(keep) | Then::Banked(keep, _) | Then::RollsOn(keep) => {
                        let won = matches!(step.then, Then::Won(_));
                        let mut lines = vec![
                            self.roll_line(1, n, &step.faces, "which score"),
                            self.kept_line(1, &step.kept, keep, total + keep.units as usize, won),
                        ];
                        if let Then::Banked(_, banked) = step.then {
                            lines.push(self.banked_line(1, banked));
                        }
                        lines
                    }
                };
                turns.push(self.told(1, heading, lines));
            }
        }
        Ok(())
    }

    /// The computer's turn by its Python strategy, asked after each roll which keep to take
    /// and whether to bank.
    fn python_turn(&mut self, turns: &mut Vec<Told>) -> Result<(), String> {
        let solution = Arc::clone(&self.solution);
        let game = solution.game();
        let computer = self.computer.clone();
        let python = computer
            .python()
            .ok_or("the computer has neither a plan nor a Python strategy")?;
        loop {
            let heading = self.turn_heading();
            let (table, t, n) = (
                *self.played.table(),
                self.played.turn_total(),
                self.played.dice(),
            );
            let (faces, rolled) = self
                .played
                .roll(game, &mut self.dice)
                .map_err(|e| e.to_string())?;
            let keeps = match &rolled {
                Rolled::Farkle(_) => {
                    let lines = self.rolled_lines(1, n, &faces, &rolled);
                    turns.push(self.told(1, heading, lines));
                    return Ok(());
                }
                Rolled::Scores(keeps) => keeps.clone(),
            };
            let mut shown = [0u8; DICE];
            for &face in &faces {
                shown[usize::from(face) - 1] += 1;
            }
            let question = Question {
                own: game.points(table.scores[1]),
                opponent: game.points(table.scores[0]),
                farkles: table.counts[1],
                opponent_farkles: table.counts[0],
                total: t as u32 * UNIT,
                shown,
            };
            let decision = python
                .decide(game, &[question])
                .map_err(|e| format!("{}: {e}", computer.name()))?[0];
            let k = keeps
                .iter()
                .position(|&k| k == decision.keep)
                .ok_or("the Python strategy's keep is none of the roll's")?;
            let kept = self.played.dice_of(game, keeps[k]);
            let (keep, won) = self.played.keep(game, k).map_err(|e| e.to_string())?;
            let mut lines = vec![
                self.roll_line(1, n, &faces, "which score"),
                self.kept_line(1, &kept, keep, self.played.turn_total(), won),
            ];
            let banks = !won && decision.bank && self.played.may_bank(game);
            if banks {
                let banked = self.played.bank(game).map_err(|e| e.to_string())?;
                lines.push(self.banked_line(1, banked));
            }
            turns.push(self.told(1, heading, lines));
            if won || banks {
                return Ok(());
            }
        }
    }

    /// After the person's move: the computer's turns, then (at the terminal) the person's
    /// rolls while a roll is the only move, until the person has a choice or the game ends
    /// (then, at the terminal, the verdict).
    fn advance(&mut self, turns: &mut Vec<Told>) -> Result<(), String> {
        loop {
            self.computer_plays(turns)?;
            let game = self.solution.game();
            let only_a_roll = self.played.winner().is_none()
                && self.played.shown().is_none()
                && !self.played.may_bank(game);
            if self.audience != Audience::Terminal || !only_a_roll {
                break;
            }
            turns.push(self.person_rolls().map_err(|e| e.to_string())?);
        }
        if let Some(winner) = self.played.winner() {
            turns.extend(self.audience.verdict(Some(winner)));
        }
        Ok(())
    }

    /// Each choice the person has now with its value, then playing perfectly: the keeps of
    /// the roll shown, or rolling and (where it may) banking; with its label and its action.
    fn choices(&self) -> Vec<(String, Action, f64)> {
        let solution = &self.solution;
        let game = solution.game();
        let played = &self.played;
        let state = played.state(game);
        let (turn, lane) = solution.turn(0, state);
        let (t, n) = (played.turn_total(), played.dice());
        let mut choices = Vec::new();
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
                choices.push((label, Action::Choice(i), win));
            }
        } else {
            let roll = solution.roll_value(0, state, (&turn, lane), t, n);
            let dice = if n == 1 { "die" } else { "dice" };
            choices.push((format!("Roll {n} {dice}"), Action::Dice(1), roll));
            if played.may_bank(game) {
                let bank = solution.bank_value(0, state, t);
                choices.push((format!("Bank {}", points(t)), Action::Dice(0), bank));
            }
        }
        choices
    }
}

/// The first of the most valuable of `choices`.
fn best_of(choices: &[(String, Action, f64)]) -> usize {
    (0..choices.len()).fold(0, |best, i| {
        if choices[i].2 > choices[best].2 {
            i
        } else {
            best
        }
    })
}

impl Session for FarkleSession {
    fn begin(&mut self) -> Vec<Told> {
        let mut turns = self
            .audience
            .start(self.first, &format!("seed {}", self.seed));
        if let Err(error) = self.advance(&mut turns) {
            turns.push(Told::note(error));
        }
        turns
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        let game = self.game();
        if self.played.winner().is_some() || self.played.mover() != 0 {
            return None;
        }
        let choices = self.choices();
        let best = best_of(&choices);
        let mut lines = Vec::new();
        for (i, (label, _, value)) in choices.iter().enumerate() {
            let number = if self.played.shown().is_some() {
                format!("{}: ", i + 1)
            } else {
                String::new()
            };
            let hint = if hints {
                let mark = if i == best { "  <- best" } else { "" };
                format!("  (your chance then {value:.6}){mark}")
            } else {
                String::new()
            };
            lines.push(format!("  {number}{label}{hint}"));
        }
        if self.played.shown().is_some() {
            return Some(Prompt {
                lines,
                question: "Which keep? ".to_string(),
                answers: Answers::Choice(1, choices.len()),
            });
        }
        let (question, answers) = if self.played.may_bank(game) {
            (
                "Bank or roll (b/r)? ",
                vec![("b", Action::Dice(0)), ("r", Action::Dice(1))],
            )
        } else {
            ("Roll (r)? ", vec![("r", Action::Dice(1))])
        };
        Some(Prompt {
            lines,
            question: question.to_string(),
            answers: Answers::Words(answers),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        let solution = Arc::clone(&self.solution);
        let game = solution.game();
        if self.played.winner().is_some() {
            return Err(MoveError::Over.to_string());
        }
        let told = match action {
            Action::Dice(1) => self.person_rolls().map_err(|e| e.to_string())?,
            Action::Dice(0) => {
                let banked = self.played.bank(game).map_err(|e| e.to_string())?;
                let lines = vec![self.banked_line(0, banked)];
                self.told(0, None, lines)
            }
            Action::Dice(n) => return Err(format!("dice {n} is neither 1 (roll) nor 0 (bank)")),
            Action::Choice(_) | Action::Keep(_) => {
                let choice = match action {
                    Action::Keep(faces) => self
                        .played
                        .keep_of(game, faces)
                        .map_err(|e| format!("dice {e}"))?,
                    Action::Choice(choice) => *choice,
                    Action::Dice(_) => unreachable!("matched above"),
                };
                let keeps = self.played.keeps(game);
                let kept = keeps.get(choice).map(|&k| self.played.dice_of(game, k));
                let (keep, won) = self.played.keep(game, choice).map_err(|e| e.to_string())?;
                let kept = kept.unwrap_or_default();
                let line = self.kept_line(0, &kept, keep, self.played.turn_total(), won);
                self.told(0, None, vec![line])
            }
        };
        let mut turns = vec![told];
        self.advance(&mut turns)?;
        Ok(turns)
    }

    fn ended(&self) -> Option<Option<usize>> {
        self.played.winner().map(Some)
    }

    fn waiting(&self) -> bool {
        self.played.winner().is_none() && self.played.mover() == 0
    }

    fn view(&self) -> View {
        let game = self.game();
        let rules = game.settings();
        let played = &self.played;
        let table = played.table();
        let mut view = View::new(
            game.name(),
            Reading::WinChance,
            self.ended(),
            self.waiting(),
        );
        view.scores(table.scores.map(|s| game.points(s)));
        view.goal = Some(game.goal());
        for (seat, count) in view.seats.iter_mut().zip(table.counts) {
            seat.numbers
                .push(Number::new("farkles in a row", count as u32));
        }
        if !view.over {
            let mover = &mut view.seats[played.mover()].numbers;
            mover.push(Number::new("turn total", points(played.turn_total())));
            if played.shown().is_none() {
                mover.push(Number::new("dice to roll", played.dice() as u32));
            }
        }
        view.facts.push(format!("goal {}", game.goal()));
        view.facts.push(format!(
            "{} farkles in a row cost {}, never below {}",
            rules.farkles, rules.penalty, rules.floor
        ));
        if rules.min_bank > 0 {
            view.facts.push(format!("bank at least {}", rules.min_bank));
        }
        if !view.your_turn {
            return view;
        }
        if let Some(shown) = played.shown() {
            view.ask = Some("keep some scoring dice".to_string());
            view.dice = Some(Tray {
                dice: Dice::six_sided(shown.to_vec()),
                keep: Some(Keeping {
                    label: "Keep the dice chosen".to_string(),
                    key: 'k',
                    none: false,
                }),
            });
        } else if played.turn_total() > 0 {
            view.ask = Some("bank or roll on".to_string());
        }
        let choices = self.choices();
        let best = best_of(&choices);
        view.offer(
            choices
                .into_iter()
                .enumerate()
                .map(|(i, (label, action, value))| Choice {
                    key: match action {
                        Action::Choice(k) => char::from_digit(k as u32 + 1, 10),
                        Action::Dice(1) => Some('r'),
                        _ => Some('b'),
                    },
                    label,
                    value,
                    best: i == best,
                    action,
                })
                .collect(),
        );
        view
    }
}
