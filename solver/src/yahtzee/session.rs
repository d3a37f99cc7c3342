//! A person's game of Yahtzee (`swine play --rules yahtzee`, the page): a card of their own,
//! alone or in a duel against the computer (each on its own card, turns taken in turn), with
//! the program's dice or, at the terminal, dice rolled by hand and typed in. Before each
//! decision every keep and every open box may be seen with what it is worth (the expected final
//! score, optimal play afterwards) and what it loses against the best; after it, the terminal
//! says what it lost, and at the end what the person's decisions lost in all and the worst.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::keeps::{DICE, Keeps, faces, keep_words};
use super::rules::{Counts, MOST_BOXES};
use super::solve::Solution;
use super::strategy::{Player, Thumb, thumb_keeps};
use super::turn::{Card, Decides};
use super::typed::{BOXES_TYPED, KEEPS_TYPED, box_named, faces_typed, keep_typed};
use crate::commentary::Names;
use crate::game::{
    Action, Answers, Audience, Board, Cell, CellState, Choice as Offered, Dice, Engine, Keeping,
    Layout, Map, Prompt, Reading, Session, Told, Tray, View,
};

/// How many of the costliest decisions the end of a game names.
const WORST: usize = 5;

/// The optimum solved once, and the computer's player, if the person does not play alone.
pub struct YahtzeeEngine {
    solution: Arc<Solution>,
    /// The computer's player and its name; none where the person plays a card alone.
    computer: Option<(Player, String)>,
    thumb: Arc<Vec<usize>>,
}

impl YahtzeeEngine {
    /// The engine of `solution` against `computer` (its player and name), or alone.
    pub fn new(solution: Arc<Solution>, computer: Option<(Player, String)>) -> YahtzeeEngine {
        let thumb = Arc::new(thumb_keeps(solution.keeps()));
        YahtzeeEngine {
            solution,
            computer,
            thumb,
        }
    }

    /// A new game, `first` moving first, its dice seeded by `seed` or rolled `by_hand`.
    fn game(&self, first: usize, seed: u64, audience: Audience, by_hand: bool) -> YahtzeeSession {
        YahtzeeSession {
            solution: Arc::clone(&self.solution),
            computer: self.computer.as_ref().map(|(player, _)| *player),
            thumb: Arc::clone(&self.thumb),
            audience,
            first,
            cards: [Side::default(); 2],
            mover: first,
            dice: [0; 6],
            rolls_left: 0,
            by_hand,
            rolling: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            decisions: Vec::new(),
        }
    }
}

impl Engine for YahtzeeEngine {
    fn computer(&self) -> &str {
        self.computer
            .as_ref()
            .map_or("nobody: a card alone", |(_, name)| name)
    }

    fn opening(&self, seed: u64) -> String {
        let label = self.solution.settings().label();
        match &self.computer {
            Some((_, name)) => format!(
                "{label}: a duel, each on its own card, the higher final score wins. You are \
                 Player 0, the computer (Player 1) plays {name}. Seed {seed}."
            ),
            None => format!(
                "{label}: your own card, thirteen turns; the optimum's expected score is {:.2}. \
                 Seed {seed}.",
                self.solution.expected_score()
            ),
        }
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        Box::new(self.game(first, seed, audience, false))
    }

    fn session_by_hand(&self) -> Result<Box<dyn Session>, String> {
        match &self.computer {
            Some((_, name)) => Err(format!(
                "is played with dice by hand alone, on your own card: leave out --vs {name}"
            )),
            None => Ok(Box::new(self.game(0, 0, Audience::Terminal, true))),
        }
    }

    fn map(&self) -> Result<Map, String> {
        Err(format!(
            "{} has no map of one choice per cell of scores",
            self.solution.settings().label()
        ))
    }
}

/// One player's card: its state between turns, each box's points, the points so far.
#[derive(Clone, Copy, Debug)]
struct Side {
    card: Card,
    boxes: [Option<u16>; MOST_BOXES],
    score: u32,
}

impl Default for Side {
    fn default() -> Side {
        Side {
            card: Card::EMPTY,
            boxes: [None; MOST_BOXES],
            score: 0,
        }
    }
}

impl Side {
    /// The points in the upper boxes.
    fn upper(&self) -> u16 {
        self.boxes[..6].iter().flatten().sum()
    }

    /// The upper total towards the bonus: `upper 41/63, bonus needs 22`, `bonus 35 earned`,
    /// `bonus out of reach` (the open upper boxes cannot make up the rest); `upper 41` where
    /// there is no bonus.
    fn upper_words(&self, threshold: u16, bonus: u16) -> String {
        let upper = self.upper();
        if bonus == 0 {
            return format!("upper {upper}");
        }
        let most: u16 = (0..6u16)
            .filter(|&b| self.boxes[usize::from(b)].is_none())
            .map(|b| 5 * (b + 1))
            .sum();
        let state = if upper >= threshold {
            format!("bonus {bonus} earned")
        } else if upper + most < threshold {
            "bonus out of reach".to_string()
        } else {
            format!("bonus needs {}", threshold - upper)
        };
        format!("upper {upper}/{threshold}, {state}")
    }
}

/// A game in progress.
struct YahtzeeSession {
    solution: Arc<Solution>,
    /// The computer's player; none where the person plays alone.
    computer: Option<Player>,
    thumb: Arc<Vec<usize>>,
    audience: Audience,
    first: usize,
    cards: [Side; 2],
    /// Whose turn it is.
    mover: usize,
    /// The dice showing in the person's turn, as counts per face.
    dice: Counts,
    /// The person's rolls left after the dice showing.
    rolls_left: usize,
    /// Whether the person rolls dice of their own and types them in.
    by_hand: bool,
    /// By hand: the dice kept while the person rolls the rest, until they are typed in.
    rolling: Option<Counts>,
    rng: ChaCha8Rng,
    /// The person's decisions so far, each with what it lost.
    decisions: Vec<Decision>,
}

/// One decision of the person's: keep (by keep number) or fill a box (its number, and the
/// points it gains).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    Keep(usize),
    Fill(usize, u16),
}

/// A decision the person made, as the end of the game names it.
#[derive(Clone, Debug)]
struct Decision {
    /// The turn (from 1) and the roll it followed (1 to 3).
    turn: usize,
    roll: usize,
    dice: Counts,
    /// What was chosen and what was best, in words.
    chosen: String,
    best: String,
    /// Its value below the best's, in points of expected final score (0 for the best).
    lost: f64,
}

impl YahtzeeSession {
    fn keeps(&self) -> &Keeps {
        self.solution.keeps()
    }

    /// The roll number of the dice showing.
    fn roll(&self) -> usize {
        self.keeps().number(&self.dice).expect("five dice") - self.keeps().first_roll()
    }

    /// Rolls the dice not in `kept`.
    fn roll_rest(&mut self, kept: Counts) -> Counts {
        let mut dice = kept;
        let held: u8 = kept.iter().sum();
        for _ in held..DICE as u8 {
            dice[self.rng.random_range(0..6)] += 1;
        }
        dice
    }

    /// The person's choices now, each with its value (the expected final score, optimal play
    /// afterwards), and the best. With rolls left they are the keeps of the dice showing and,
    /// at the terminal, after them every box the dice may fill now (never the best: keeping
    /// all five is worth at least as much).
    fn choices(&self) -> (Vec<(Choice, String, f64)>, usize) {
        let side = &self.cards[0];
        let so_far = f64::from(side.score);
        let turns = self.solution.turn(side.card);
        let turn = turns.at(side.card);
        let r = self.roll();
        let keeps = self.keeps();
        let boxes = turn.boxes(r).map(|placed| {
            let points = placed.gained;
            (
                Choice::Fill(placed.b, points),
                format!(
                    "{}: {points} point(s)",
                    self.solution.settings().box_name(placed.b)
                ),
                so_far + self.solution.worth(&placed),
            )
        });
        if self.rolls_left == 0 {
            let best = turn.best_box(r).b;
            let listed: Vec<(Choice, String, f64)> = boxes.collect();
            let at = listed
                .iter()
                .position(|c| matches!(c.0, Choice::Fill(b, _) if b == best))
                .unwrap_or(0);
            return (listed, at);
        }
        let best = turn.best_keep(r, self.rolls_left);
        let mut listed: Vec<(Choice, String, f64)> = (0..keeps.len())
            .filter(|&k| (0..6).all(|f| keeps.counts(k)[f] <= self.dice[f]))
            .map(|k| {
                (
                    Choice::Keep(k),
                    keep_words(keeps.counts(k)),
                    so_far + turn.keep_value(k, self.rolls_left),
                )
            })
            .collect();
        if self.audience == Audience::Terminal {
            listed.extend(boxes);
        }
        let at = listed
            .iter()
            .position(|c| c.0 == Choice::Keep(best))
            .unwrap_or(0);
        (listed, at)
    }

    /// The choices' places in `choices` as they are shown with hints: the best first, then
    /// from the most valuable (adding the points so far may round a value a hair below the
    /// best to equal it).
    fn ranked(choices: &[(Choice, String, f64)], best: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..choices.len()).filter(|&i| i != best).collect();
        order.sort_by(|&a, &b| choices[b].2.total_cmp(&choices[a].2));
        order.insert(0, best);
        order
    }

    /// The choices' places in `choices` as the terminal lists and numbers them: ranked with
    /// hints, in their own order (keeps by size, boxes in the card's order) without; with rolls
    /// left, the keeps alone (a box is filled early by its name).
    fn numbered(&self, choices: &[(Choice, String, f64)], best: usize, hints: bool) -> Vec<usize> {
        let listed =
            |i: &usize| !(self.rolls_left > 0 && matches!(choices[*i].0, Choice::Fill(..)));
        if hints {
            Self::ranked(choices, best)
                .into_iter()
                .filter(listed)
                .collect()
        } else {
            (0..choices.len()).filter(listed).collect()
        }
    }

    /// The action that takes `choice`: a keep by its faces, a box by its place in the list.
    fn action(&self, choices: &[(Choice, String, f64)], i: usize) -> Action {
        match choices[i].0 {
            Choice::Keep(k) => Action::Keep(faces(self.keeps().counts(k))),
            Choice::Fill(..) => Action::Choice(i),
        }
    }

    /// The seats' names: you alone, else as this audience names them (Player 0 and Player 1,
    /// or you and the computer).
    fn names(&self) -> Names {
        if self.computer.is_none() {
            Names::YouAndComputer
        } else {
            self.audience.names(0)
        }
    }

    /// The person's turn (from 1).
    fn turn_number(&self) -> usize {
        self.cards[0].boxes.iter().flatten().count() + 1
    }

    /// The person's roll of the dice showing (1 to 3).
    fn roll_number(&self) -> usize {
        3 - self.rolls_left
    }

    /// Begins the person's turn: the first roll (by hand: the roll is waited for).
    fn person_rolls(&mut self) -> Option<Told> {
        self.rolls_left = 2;
        if self.by_hand {
            self.rolling = Some([0; 6]);
            return None;
        }
        self.dice = self.roll_rest([0; 6]);
        Some(self.said(vec![format!(
            "{} {}.",
            self.names().act(0, "rolls", "roll"),
            words(&self.dice)
        )]))
    }

    /// The person's turn told in `lines`.
    fn said(&self, lines: Vec<String>) -> Told {
        Told {
            who: Some(0),
            heading: None,
            thrown: None,
            lines: self.audience.lines(lines),
        }
    }

    /// Box `b` filled on `seat`'s card with the dice `dice`: what it scored.
    fn fill(&mut self, seat: usize, b: usize, dice: &Counts) -> u16 {
        let solution = Arc::clone(&self.solution);
        let side = &mut self.cards[seat];
        let placements = solution.settings().placements(dice, side.card.filled);
        let points = placements.points[b];
        let (gained, after) = side.card.place(solution.settings(), dice, b, points);
        side.card = after;
        side.boxes[b] = Some(points);
        side.score += u32::from(gained);
        gained
    }

    /// The computer's turn, told.
    fn computer_turn(&mut self, computer: Player) -> Told {
        let solution = Arc::clone(&self.solution);
        let card = self.cards[1].card;
        let thumb = Arc::clone(&self.thumb);
        let turns = solution.turn(card);
        let optimal = turns.at(card);
        let rule = Thumb {
            solution: &solution,
            card,
            keeps: &thumb,
        };
        let decides: &dyn Decides = match computer {
            Player::Optimal => &optimal,
            Player::Thumb => &rule,
        };
        let keeps = solution.keeps();
        let first = keeps.first_roll();
        let mut lines = Vec::new();
        let mut dice = self.roll_rest([0; 6]);
        for rolls_left in [2, 1] {
            let k = decides.keep(keeps.number(&dice).expect("five dice") - first, rolls_left);
            let kept = *keeps.counts(k);
            if kept == dice {
                lines.push(format!("rolls {}, keeps them all", words(&dice)));
                break;
            }
            lines.push(format!("rolls {}, {}", words(&dice), keep_words(&kept)));
            dice = self.roll_rest(kept);
        }
        let placed = decides.place(keeps.number(&dice).expect("five dice") - first);
        let gained = self.fill(1, placed.b, &dice);
        lines.push(format!(
            "ends on {}: {gained} point(s) in {} (score {})",
            words(&dice),
            self.solution.settings().box_name(placed.b),
            self.cards[1].score
        ));
        Told {
            who: Some(1),
            heading: Some(format!("{}.", self.names().act(1, "plays", "play"))),
            thrown: None,
            lines: self.audience.lines(lines),
        }
    }

    /// After a turn: the next player's turn, the computer playing until the person is to
    /// move or the game is over (told at the terminal with what the person's decisions lost).
    fn next(&mut self, told: &mut Vec<Told>) {
        loop {
            if let Some(ended) = self.ended() {
                if self.audience == Audience::Terminal {
                    told.push(Told::note(self.summary().join("\n")));
                }
                if self.computer.is_some() {
                    told.extend(self.audience.verdict(ended));
                }
                return;
            }
            let Some(computer) = self.computer else {
                told.extend(self.person_rolls());
                return;
            };
            self.mover = 1 - self.mover;
            if self.cards[self.mover]
                .card
                .is_full(self.solution.settings())
            {
                self.mover = 1 - self.mover;
            }
            if self.mover == 0 {
                told.extend(self.person_rolls());
                return;
            }
            told.push(self.computer_turn(computer));
        }
    }

    fn winner(&self) -> Option<usize> {
        let [a, b] = [self.cards[0].score, self.cards[1].score];
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The end of the person's game: the final score, the optimum's expected score, what the
    /// decisions lost in all and the costliest of them.
    fn summary(&self) -> Vec<String> {
        let settings = self.solution.settings();
        let side = &self.cards[0];
        let boxes: u32 = side.boxes.iter().flatten().map(|&p| u32::from(p)).sum();
        let upper_bonus = if side.upper() >= settings.upper_threshold {
            u32::from(settings.upper_bonus)
        } else {
            0
        };
        let yahtzee_bonuses = side.score - boxes - upper_bonus;
        let lost: f64 = self.decisions.iter().map(|d| d.lost).sum();
        let missed = self.decisions.iter().filter(|d| d.lost > 0.0).count();
        let bonuses = if settings.sheet.has_yahtzee_bonus() {
            format!(", Yahtzee bonuses {yahtzee_bonuses}")
        } else {
            String::new()
        };
        let mut lines = vec![
            format!(
                "Final score {} (boxes {boxes}, upper bonus {upper_bonus}{bonuses}).",
                side.score
            ),
            format!(
                "The optimum's expected score from the empty card: {:.2}.",
                self.solution.expected_score()
            ),
            format!(
                "Your decisions lost {} point(s) of expected score against the best: {missed} \
                 of {} were not the best.",
                points(lost),
                self.decisions.len()
            ),
        ];
        let mut worst: Vec<&Decision> = self.decisions.iter().filter(|d| d.lost > 0.0).collect();
        worst.sort_by(|a, b| b.lost.total_cmp(&a.lost));
        if !worst.is_empty() {
            lines.push("The costliest:".to_string());
        }
        for d in worst.into_iter().take(WORST) {
            lines.push(format!(
                "  turn {}, roll {} ({}): {}, the best {}: lost {}",
                d.turn,
                d.roll,
                words(&d.dice),
                d.chosen,
                d.best,
                points(d.lost)
            ));
        }
        lines
    }

    /// `choice` in the words the end of the game names it with: `keep 4 4`, `Full House (25)`.
    fn chosen_words(&self, choice: Choice) -> String {
        match choice {
            Choice::Keep(k) => keep_words(self.keeps().counts(k)),
            Choice::Fill(b, points) => {
                format!("{} ({points})", self.solution.settings().box_name(b))
            }
        }
    }

    /// Notes the person's choice `i` of `choices` (`best` the best) with what it lost against
    /// the best; what the terminal says of it: `the best: loses 0`, `loses 1.6052 point(s)
    /// against the best, keep 4 4` (nothing on the page, which lists the losses).
    fn coach(
        &mut self,
        choices: &[(Choice, String, f64)],
        best: usize,
        i: usize,
    ) -> Option<String> {
        let lost = choices[best].2 - choices[i].2;
        let decision = Decision {
            turn: self.turn_number(),
            roll: self.roll_number(),
            dice: self.dice,
            chosen: match choices[i].0 {
                Choice::Fill(..) if self.rolls_left > 0 => format!(
                    "{} with {} roll(s) left",
                    self.chosen_words(choices[i].0),
                    self.rolls_left
                ),
                chosen => self.chosen_words(chosen),
            },
            best: self.chosen_words(choices[best].0),
            lost,
        };
        // A box filled with rolls left may be worth as much as the best keep (keeping all five
        // could gain nothing): as good as the best.
        let remark = if i == best || lost == 0.0 {
            "the best: loses 0".to_string()
        } else {
            format!(
                "loses {} point(s) against the best, {}",
                points(lost),
                decision.best
            )
        };
        self.decisions.push(decision);
        (self.audience == Audience::Terminal).then_some(remark)
    }

    /// The dice the person typed as `typed` after keeping `kept`: the dice now, and which of
    /// the two forms was taken (only the dice rolled again, or all five); or why not.
    fn rolled(&self, kept: &Counts, typed: &[u8]) -> Result<(Counts, &'static str), String> {
        let held = usize::from(kept.iter().sum::<u8>());
        let mut counts = [0u8; 6];
        for &f in typed {
            if !(1..=6).contains(&f) {
                return Err(format!("face {f} is not 1 to 6"));
            }
            counts[usize::from(f - 1)] += 1;
        }
        let shown = faces_words(typed);
        if typed.len() == DICE - held {
            let mut dice = counts;
            for f in 0..6 {
                dice[f] += kept[f];
            }
            return Ok((dice, "the dice rolled again"));
        }
        if typed.len() == DICE {
            if (0..6).any(|f| kept[f] > counts[f]) {
                return Err(format!(
                    "'{shown}': five dice, but {} were kept and are not among them: type the \
                     {} dice rolled again, or all five with the kept ones",
                    words(kept),
                    DICE - held
                ));
            }
            return Ok((counts, "all five dice"));
        }
        Err(format!(
            "'{shown}' is {} {}: type the {} dice you rolled (faces 1 to 6: 6 6 3, 663 or \
             6,6,3){}",
            typed.len(),
            if typed.len() == 1 { "die" } else { "dice" },
            DICE - held,
            if held > 0 { ", or all five" } else { "" }
        ))
    }

    /// The action that fills box `b` (as `typed`), or why the dice showing may not fill it.
    fn box_action(
        &self,
        choices: &[(Choice, String, f64)],
        b: usize,
        typed: &str,
    ) -> Result<Action, String> {
        if let Some(i) = choices
            .iter()
            .position(|c| matches!(c.0, Choice::Fill(filled, _) if filled == b))
        {
            return Ok(Action::Choice(i));
        }
        Err(match self.cards[0].boxes[b] {
            Some(points) => format!(
                "'{typed}': {} is filled already ({points})",
                self.solution.settings().box_name(b)
            ),
            None => format!(
                "'{typed}': {} cannot be filled with {} (the joker rule)",
                self.solution.settings().box_name(b),
                words(&self.dice)
            ),
        })
    }

    /// What the person typed while the dice they roll are waited for (`kept` kept).
    fn read_roll(&self, typed: &str, kept: &Counts) -> Result<Action, String> {
        let held = DICE - usize::from(kept.iter().sum::<u8>());
        let faces = faces_typed(typed).ok_or_else(|| {
            format!(
                "'{typed}' is not the dice you rolled: type the {held} face(s) they show, 1 to \
                 6 (6 6 3, 663 or 6,6,3){}",
                if held < DICE { ", or all five" } else { "" }
            )
        })?;
        self.rolled(kept, &faces)?;
        Ok(Action::Rolled(faces))
    }

    /// The person's card as the terminal shows it: the turn, the score so far, the boxes
    /// filled and the upper total towards the bonus; in a duel, the computer's card too.
    fn card_lines(&self) -> Vec<String> {
        let settings = self.solution.settings();
        let line = |seat: usize| {
            let side = &self.cards[seat];
            let filled: Vec<String> = (0..self.solution.settings().boxes())
                .filter_map(|b| {
                    side.boxes[b].map(|p| format!("{} {p}", self.solution.settings().box_name(b)))
                })
                .collect();
            let upper = side.upper_words(settings.upper_threshold, settings.upper_bonus);
            let boxes = if filled.is_empty() {
                String::new()
            } else {
                format!(" ({})", filled.join(", "))
            };
            let whose = if self.computer.is_none() {
                "Your card".to_string()
            } else {
                self.names().subject(seat)
            };
            format!("{whose}: score {}; {upper}{boxes}", side.score)
        };
        let turns = self.solution.settings().boxes();
        let mut lines = vec![format!("Turn {} of {turns}.", self.turn_number()), line(0)];
        if self.computer.is_some() {
            lines.push(line(1));
        }
        lines
    }

    /// The person's choices as the page lists them: ranked, numbered as shown; a keep sends
    /// its dice, a box its place in `choices`, where `best` is.
    fn offered(&self, choices: &[(Choice, String, f64)], best: usize) -> Vec<Offered> {
        Self::ranked(choices, best)
            .into_iter()
            .enumerate()
            .map(|(shown, i)| Offered {
                label: choices[i].1.clone(),
                key: char::from_digit(shown as u32 + 1, 10),
                value: choices[i].2,
                best: i == best,
                action: self.action(choices, i),
            })
            .collect()
    }

    /// Both cards as a board, box by box, with the upper totals and the scores; each box the
    /// person's last roll may fill (one of `choices`) is offered with the points it gains, a
    /// click taking its place in `offered`.
    fn card(&self, choices: &[(Choice, String, f64)], offered: &[Offered]) -> Board {
        let settings = self.solution.settings();
        let offer = |b: usize| {
            offered.iter().enumerate().find_map(|(shown, o)| {
                let Action::Choice(i) = o.action else {
                    return None;
                };
                match choices.get(i)?.0 {
                    Choice::Fill(filled, points) if filled == b => Some((shown, points)),
                    Choice::Fill(..) | Choice::Keep(_) => None,
                }
            })
        };
        let cell = |row: &str, seat, shown: String, state| Cell {
            row: row.to_string(),
            seat,
            shown,
            state,
            tally: None,
            choice: None,
        };
        let mut cells = Vec::new();
        for (b, name) in settings.sheet.boxes.iter().map(|r| r.name).enumerate() {
            for (seat, side) in self.cards.iter().enumerate() {
                cells.push(match (side.boxes[b], offer(b).filter(|_| seat == 0)) {
                    (Some(points), _) => cell(name, seat, points.to_string(), CellState::Filled),
                    (None, Some((shown, points))) => Cell {
                        choice: Some(shown),
                        ..cell(name, seat, format!("+{points}"), CellState::Offered)
                    },
                    (None, None) => cell(name, seat, String::new(), CellState::Open),
                });
            }
            if b == 5 {
                let (bonus, threshold) = (settings.upper_bonus, settings.upper_threshold);
                let row = format!("upper total ({bonus} at {threshold})");
                for (seat, side) in self.cards.iter().enumerate() {
                    let upper: u16 = side.boxes[..6].iter().flatten().sum();
                    let shown = format!("{upper} / {threshold}");
                    cells.push(cell(&row, seat, shown, CellState::Total));
                }
            }
        }
        for (seat, side) in self.cards.iter().enumerate() {
            cells.push(cell(
                "score",
                seat,
                side.score.to_string(),
                CellState::Total,
            ));
        }
        Board {
            layout: Layout::Card,
            cells,
        }
    }
}

/// Dice as faces in words: `1 2 2 5 6`.
fn words(dice: &Counts) -> String {
    faces_words(&faces(dice))
}

/// Faces in words, as typed: `6 6 3`.
fn faces_words(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Points of expected score lost: `0` exactly for none, else to four places.
fn points(lost: f64) -> String {
    if lost == 0.0 {
        "0".to_string()
    } else {
        format!("{lost:.4}")
    }
}

impl Session for YahtzeeSession {
    fn begin(&mut self) -> Vec<Told> {
        let what = if self.computer.is_some() {
            "a duel of two cards"
        } else {
            "a card alone"
        };
        let mut told = self.audience.start(self.first, what);
        if self.by_hand {
            told.push(Told::note(format!(
                "{}: your own card, with your own dice: roll them and type what they show; \
                 every decision is coached. The optimum's expected score is {:.2}.",
                self.solution.settings().label(),
                self.solution.expected_score()
            )));
        }
        match self.computer {
            None => told.extend(self.person_rolls()),
            Some(computer) => {
                if self.first == 1 {
                    told.push(self.computer_turn(computer));
                }
                self.mover = 1;
                self.next(&mut told);
            }
        }
        told
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if !self.waiting() {
            return None;
        }
        let mut lines = self.card_lines();
        if let Some(kept) = self.rolling {
            let held = usize::from(kept.iter().sum::<u8>());
            let question = if held == 0 {
                "Roll five dice: what do they show? ".to_string()
            } else {
                format!(
                    "Roll the {} dice not kept ({} kept): what do they show (or all five)? ",
                    DICE - held,
                    words(&kept)
                )
            };
            return Some(Prompt {
                lines,
                question,
                answers: Answers::Typed,
            });
        }
        let (choices, best) = self.choices();
        lines.push(format!(
            "Dice: {} ({} roll(s) left).",
            words(&self.dice),
            self.rolls_left
        ));
        let numbered = self.numbered(&choices, best, hints);
        let width = numbered
            .iter()
            .map(|&i| choices[i].1.len())
            .max()
            .unwrap_or(0);
        for (shown, i) in numbered.into_iter().enumerate() {
            let (_, label, value) = &choices[i];
            let number = shown + 1;
            if hints {
                let lost = if i == best {
                    "best".to_string()
                } else {
                    format!("loses {}", points(choices[best].2 - value))
                };
                lines.push(format!(
                    "  {number:>2}: {label:<width$}  {value:.4}  {lost}"
                ));
            } else {
                lines.push(format!("  {number:>2}: {label}"));
            }
        }
        if hints {
            lines.push(
                "(each choice's expected final score, optimal play afterwards, and what it loses \
                 against the best in points)"
                    .to_string(),
            );
        }
        let enter = if hints { ", Enter the best" } else { "" };
        let question = if self.rolls_left > 0 {
            format!("Keep which dice (faces, none, a box to score now, a number{enter})? ")
        } else {
            format!("Which box (a name such as fh or 6s, a number{enter})? ")
        };
        Some(Prompt {
            lines,
            question,
            answers: Answers::Typed,
        })
    }

    fn read(&self, typed: &str, hints: bool) -> Result<Action, String> {
        if let Some(kept) = self.rolling {
            return self.read_roll(typed, &kept);
        }
        let (choices, best) = self.choices();
        let numbered = self.numbered(&choices, best, hints);
        let (enter, best_words) = if hints {
            (
                ", or Enter for the best".to_string(),
                format!(" ({})", choices[best].1),
            )
        } else {
            (String::new(), String::new())
        };
        if typed.is_empty() {
            return if hints {
                Ok(self.action(&choices, best))
            } else {
                Err(format!(
                    "an empty line takes the best only with hints (play without --no-hints): \
                     choose from 1 to {}",
                    choices.len()
                ))
            };
        }
        if typed.bytes().all(|b| b.is_ascii_digit())
            && let Some(&i) = typed
                .parse::<usize>()
                .ok()
                .and_then(|n| numbered.get(n.checked_sub(1)?))
        {
            return Ok(self.action(&choices, i));
        }
        let numbers = format!("a number from 1 to {}", numbered.len());
        if self.rolls_left > 0 {
            if let Some(kept) = keep_typed(typed) {
                let mut counts = [0u8; 6];
                for &f in &kept {
                    counts[usize::from(f - 1)] += 1;
                }
                if (0..6).any(|f| counts[f] > self.dice[f]) {
                    return Err(format!(
                        "'{typed}': the dice show {}, and {} are not among them",
                        words(&self.dice),
                        faces_words(&kept)
                    ));
                }
                return Ok(Action::Keep(kept));
            }
            if let Some(b) = box_named(self.solution.settings(), typed) {
                return self.box_action(&choices, b, typed);
            }
            return Err(format!(
                "'{typed}' is not a keep of the dice showing ({}): type {KEEPS_TYPED}, \
                 {BOXES_TYPED} to score now, {numbers}{enter}{best_words}",
                words(&self.dice)
            ));
        }
        if let Some(b) = box_named(self.solution.settings(), typed) {
            return self.box_action(&choices, b, typed);
        }
        if keep_typed(typed).is_some() {
            return Err(format!(
                "'{typed}': no roll is left to keep dice for; type {BOXES_TYPED}, \
                 {numbers}{enter}{best_words}"
            ));
        }
        Err(format!(
            "'{typed}' is not a box: type {BOXES_TYPED}, {numbers}{enter}{best_words}"
        ))
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if !self.waiting() {
            return Err("the game is over".to_string());
        }
        if let Some(kept) = self.rolling {
            let Action::Rolled(typed) = action else {
                return Err("roll your dice and type what they show first".to_string());
            };
            let (dice, which) = self.rolled(&kept, typed)?;
            self.dice = dice;
            self.rolling = None;
            let rolled = faces_words(typed);
            let line = if kept == [0; 6] {
                format!("You rolled {rolled}.")
            } else {
                format!(
                    "You rolled {rolled}, taken as {which} ({} kept): {}.",
                    words(&kept),
                    words(&dice)
                )
            };
            return Ok(vec![self.said(vec![line])]);
        }
        let (choices, best) = self.choices();
        let choice = match action {
            Action::Choice(i) => {
                // Numbered as this audience numbers them: from 1 at the terminal (as the
                // prompt lists them), from 0 on the page (as its API sends them).
                let from = match self.audience {
                    Audience::Terminal => 1,
                    Audience::Page => 0,
                };
                if *i >= choices.len() {
                    return Err(format!(
                        "choice {} is not one of {from} to {}",
                        i + from,
                        (choices.len() + from).saturating_sub(1)
                    ));
                }
                *i
            }
            Action::Keep(kept) if self.rolls_left > 0 => {
                let mut counts = [0u8; 6];
                for &f in kept {
                    if !(1..=6).contains(&f) {
                        return Err(format!("face {f} is not 1 to 6"));
                    }
                    counts[usize::from(f - 1)] += 1;
                }
                if (0..6).any(|f| counts[f] > self.dice[f]) {
                    return Err(format!(
                        "the dice show {}: {} are not among them",
                        words(&self.dice),
                        faces_words(kept)
                    ));
                }
                let k = self.keeps().number(&counts).expect("a keep");
                choices
                    .iter()
                    .position(|c| c.0 == Choice::Keep(k))
                    .ok_or_else(|| format!("{} is not offered", keep_words(&counts)))?
            }
            Action::Keep(_) => {
                return Err("no roll is left to keep dice for: choose a box listed".to_string());
            }
            Action::Dice(_) => {
                return Err(
                    "yahtzee rolls the dice not kept: keep some (none rolls all five again) \
                     or choose a box listed"
                        .to_string(),
                );
            }
            Action::Rolled(_) => {
                return Err(if self.by_hand {
                    "the dice are typed after a keep: keep some or choose a box listed"
                } else {
                    "the program rolls the dice in this game (play --dice-by-hand to roll your own)"
                }
                .to_string());
            }
        };
        let coached = self.coach(&choices, best, choice);
        let mut told = Vec::new();
        match choices[choice].0 {
            Choice::Keep(k) => {
                let kept = *self.keeps().counts(k);
                self.rolls_left -= 1;
                let said = format!(
                    "{}: {}{}",
                    self.names().subject(0),
                    keep_words(&kept),
                    coached.map(|c| format!(" ({c})")).unwrap_or_default()
                );
                let line = if self.by_hand && kept != self.dice {
                    self.rolling = Some(kept);
                    format!("{said}.")
                } else {
                    self.dice = self.roll_rest(kept);
                    format!("{said}, and the rest rolled: {}.", words(&self.dice))
                };
                told.push(self.said(vec![line]));
            }
            Choice::Fill(b, _) => {
                let dice = self.dice;
                let gained = self.fill(0, b, &dice);
                let boxed = self.cards[0].boxes[b].unwrap_or_default();
                let bonus = match gained - boxed {
                    0 => String::new(),
                    more => format!(" and a bonus of {more}"),
                };
                let line = format!(
                    "{} {boxed} point(s) in {}{bonus} (score {}){}.",
                    self.names().act(0, "scores", "score"),
                    self.solution.settings().box_name(b),
                    self.cards[0].score,
                    coached.map(|c| format!("; {c}")).unwrap_or_default()
                );
                told.push(self.said(vec![line]));
                self.next(&mut told);
            }
        }
        Ok(told)
    }

    fn ended(&self) -> Option<Option<usize>> {
        let settings = self.solution.settings();
        let full = |seat: usize| self.cards[seat].card.is_full(settings);
        match self.computer {
            None => full(0).then_some(None),
            Some(_) => (full(0) && full(1)).then(|| self.winner()),
        }
    }

    fn waiting(&self) -> bool {
        self.ended().is_none() && self.mover == 0
    }

    fn view(&self) -> View {
        let settings = self.solution.settings();
        let mut view = View::new(
            &settings.label(),
            Reading::ExpectedScore,
            self.ended(),
            self.waiting(),
        );
        view.scores(self.cards.map(|side| i64::from(side.score)));
        view.facts.push(settings.label());
        view.facts
            .push("each fills a card of its own; the higher final score wins".to_string());
        if view.your_turn {
            let rolls = if self.rolls_left == 1 {
                "roll"
            } else {
                "rolls"
            };
            view.facts.push(format!("{} {rolls} left", self.rolls_left));
            view.ask = Some(
                if self.rolls_left > 0 {
                    "click the dice to keep, then roll the rest"
                } else {
                    "fill a box"
                }
                .to_string(),
            );
            view.dice = Some(Tray {
                dice: Dice::six_sided(faces(&self.dice)),
                keep: (self.rolls_left > 0).then(|| Keeping {
                    label: "Keep the dice chosen, roll the rest".to_string(),
                    key: 'k',
                    none: true,
                }),
            });
            let (choices, best) = self.choices();
            view.offer(self.offered(&choices, best));
            view.board = Some(self.card(&choices, &view.choices));
        } else {
            view.board = Some(self.card(&[], &[]));
        }
        view
    }
}
