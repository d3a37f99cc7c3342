//! A person against the computer at Yahtzee (`swine play --rules yahtzee`, the page): a duel,
//! each on its own card, turns taken in turn; before each decision the person may see what
//! every keep and every open box is worth (the expected final score, optimal play afterwards).

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::keeps::{DICE, Keeps, faces, keep_words};
use super::rules::{Counts, MOST_BOXES};
use super::solve::Solution;
use super::strategy::{Player, Thumb, thumb_keeps};
use super::turn::{Card, Decides};
use crate::commentary::Names;
use crate::game::{
    Action, Answers, Audience, Board, Cell, CellState, Choice as Offered, Dice, Engine, Keeping,
    Layout, Map, Prompt, Reading, Session, Told, Tray, View,
};

/// The optimum solved once, and the computer's player.
pub struct YahtzeeEngine {
    solution: Arc<Solution>,
    computer: Player,
    name: String,
    thumb: Arc<Vec<usize>>,
}

impl YahtzeeEngine {
    /// The engine of `solution` against `computer`, called `name`.
    pub fn new(solution: Arc<Solution>, computer: Player, name: String) -> YahtzeeEngine {
        let thumb = Arc::new(thumb_keeps(solution.keeps()));
        YahtzeeEngine {
            solution,
            computer,
            name,
            thumb,
        }
    }
}

impl Engine for YahtzeeEngine {
    fn computer(&self) -> &str {
        &self.name
    }

    fn opening(&self, seed: u64) -> String {
        format!(
            "{}: a duel, each on its own card, the higher final score wins. You are Player 0, \
             the computer (Player 1) plays {}. Seed {seed}.",
            self.solution.settings().label(),
            self.name
        )
    }

    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session> {
        Box::new(YahtzeeSession {
            solution: Arc::clone(&self.solution),
            computer: self.computer,
            thumb: Arc::clone(&self.thumb),
            audience,
            first,
            cards: [Side::default(); 2],
            mover: first,
            dice: [0; 6],
            rolls_left: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
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

/// A game in progress.
struct YahtzeeSession {
    solution: Arc<Solution>,
    computer: Player,
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
    rng: ChaCha8Rng,
}

/// One decision of the person's: keep (by keep number) or fill a box (its number, and the
/// points it gains).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    Keep(usize),
    Fill(usize, u16),
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
    /// afterwards), and the best.
    fn choices(&self) -> (Vec<(Choice, String, f64)>, usize) {
        let side = &self.cards[0];
        let so_far = f64::from(side.score);
        let turns = self.solution.turn(side.card);
        let turn = turns.at(side.card);
        let r = self.roll();
        let keeps = self.keeps();
        if self.rolls_left == 0 {
            let best = turn.best_box(r).b;
            let listed: Vec<(Choice, String, f64)> = turn
                .boxes(r)
                .map(|placed| {
                    let points = placed.gained;
                    (
                        Choice::Fill(placed.b, points),
                        format!(
                            "{}: {points} point(s)",
                            self.solution.settings().box_name(placed.b)
                        ),
                        so_far + self.solution.worth(&placed),
                    )
                })
                .collect();
            let at = listed
                .iter()
                .position(|c| matches!(c.0, Choice::Fill(b, _) if b == best))
                .unwrap_or(0);
            return (listed, at);
        }
        let best = turn.best_keep(r, self.rolls_left);
        let listed: Vec<(Choice, String, f64)> = (0..keeps.len())
            .filter(|&k| (0..6).all(|f| keeps.counts(k)[f] <= self.dice[f]))
            .map(|k| {
                (
                    Choice::Keep(k),
                    keep_words(keeps.counts(k)),
                    so_far + turn.keep_value(k, self.rolls_left),
                )
            })
            .collect();
        let at = listed
            .iter()
            .position(|c| c.0 == Choice::Keep(best))
            .unwrap_or(0);
        (listed, at)
    }

    /// The seats' names for this audience: Player 0 and Player 1, or you and the computer.
    fn names(&self) -> Names {
        self.audience.names(0)
    }

    /// Begins the person's turn: the first roll.
    fn person_rolls(&mut self) -> Told {
        self.dice = self.roll_rest([0; 6]);
        self.rolls_left = 2;
        Told {
            who: Some(0),
            heading: None,
            thrown: None,
            lines: self.audience.lines(vec![format!(
                "{} {}.",
                self.names().act(0, "rolls", "roll"),
                words(&self.dice)
            )]),
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
    fn computer_turn(&mut self) -> Told {
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
        let decides: &dyn Decides = match self.computer {
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
    /// move or the game is over.
    fn next(&mut self, told: &mut Vec<Told>) {
        loop {
            if self.ended().is_some() {
                told.extend(self.audience.verdict(self.winner()));
                return;
            }
            self.mover = 1 - self.mover;
            if self.cards[self.mover]
                .card
                .is_full(self.solution.settings())
            {
                self.mover = 1 - self.mover;
            }
            if self.mover == 0 {
                told.push(self.person_rolls());
                return;
            }
            told.push(self.computer_turn());
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

    /// The person's choices as the page lists them: the best first, then from the most
    /// valuable (adding the points so far may round a value a hair below the best to equal it),
    /// numbered as shown; a keep sends its dice, a box its place in `choices`, where `best` is.
    fn offered(&self, choices: &[(Choice, String, f64)], best: usize) -> Vec<Offered> {
        let mut order: Vec<usize> = (0..choices.len()).filter(|&i| i != best).collect();
        order.sort_by(|&a, &b| choices[b].2.total_cmp(&choices[a].2));
        order.insert(0, best);
        order
            .into_iter()
            .enumerate()
            .map(|(shown, i)| Offered {
                label: choices[i].1.clone(),
                key: char::from_digit(shown as u32 + 1, 10),
                value: choices[i].2,
                best: i == best,
                action: match choices[i].0 {
                    Choice::Keep(k) => Action::Keep(faces(self.keeps().counts(k))),
                    Choice::Fill(..) => Action::Choice(i),
                },
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

    fn card_line(&self, seat: usize) -> String {
        let side = &self.cards[seat];
        let filled: Vec<String> = (0..MOST_BOXES)
            .filter_map(|b| {
                side.boxes[b].map(|p| format!("{} {p}", self.solution.settings().box_name(b)))
            })
            .collect();
        format!(
            "{}: score {}{}",
            self.names().subject(seat),
            side.score,
            if filled.is_empty() {
                String::new()
            } else {
                format!(" ({})", filled.join(", "))
            }
        )
    }
}

/// Dice as faces in words: `1 2 2 5 6`.
fn words(dice: &Counts) -> String {
    faces(dice)
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Session for YahtzeeSession {
    fn begin(&mut self) -> Vec<Told> {
        let mut told = self.audience.start(self.first, "a duel of two cards");
        if self.first == 1 {
            told.push(self.computer_turn());
            self.mover = 1;
        } else {
            self.mover = 1;
        }
        self.next(&mut told);
        told
    }

    fn prompt(&self, hints: bool) -> Option<Prompt> {
        if !self.waiting() {
            return None;
        }
        let (choices, best) = self.choices();
        let mut lines = vec![self.card_line(0), self.card_line(1)];
        lines.push(format!(
            "Dice: {} ({} roll(s) left).",
            words(&self.dice),
            self.rolls_left
        ));
        for (i, (_, label, value)) in choices.iter().enumerate() {
            let mark = if hints && i == best { "  <- best" } else { "" };
            if hints {
                lines.push(format!("  {:>2}: {label}  ({value:.4}){mark}", i + 1));
            } else {
                lines.push(format!("  {:>2}: {label}", i + 1));
            }
        }
        if hints {
            lines.push("(each choice's expected final score, optimal play afterwards)".to_string());
        }
        let question = if self.rolls_left > 0 {
            "Which keep (the rest are rolled again)? "
        } else {
            "Which box? "
        };
        Some(Prompt {
            lines,
            question: question.to_string(),
            answers: Answers::Choice(1, choices.len()),
        })
    }

    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String> {
        if !self.waiting() {
            return Err("the game is over".to_string());
        }
        let (choices, _) = self.choices();
        let choice = match action {
            Action::Choice(i) => {
                // Numbered as this audience numbers them: from 1 at the terminal (as the
                // prompt lists them), from 0 on the page (as its API sends them).
                let from = match self.audience {
                    Audience::Terminal => 1,
                    Audience::Page => 0,
                };
                choices
                    .get(*i)
                    .ok_or_else(|| {
                        format!(
                            "choice {} is not one of {from} to {}",
                            i + from,
                            (choices.len() + from).saturating_sub(1)
                        )
                    })?
                    .0
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
                    let kept: Vec<String> = kept.iter().map(u8::to_string).collect();
                    return Err(format!(
                        "the dice show {}: {} are not among them",
                        words(&self.dice),
                        kept.join(" ")
                    ));
                }
                Choice::Keep(self.keeps().number(&counts).expect("a keep"))
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
        };
        let mut told = Vec::new();
        match choice {
            Choice::Keep(k) => {
                let kept = *self.keeps().counts(k);
                self.dice = self.roll_rest(kept);
                self.rolls_left -= 1;
                told.push(Told {
                    who: Some(0),
                    heading: None,
                    thrown: None,
                    lines: self.audience.lines(vec![format!(
                        "{}: {}, and the rest rolled: {}.",
                        self.names().subject(0),
                        keep_words(&kept),
                        words(&self.dice)
                    )]),
                });
            }
            Choice::Fill(b, _) => {
                let dice = self.dice;
                let gained = self.fill(0, b, &dice);
                told.push(Told {
                    who: Some(0),
                    heading: None,
                    thrown: None,
                    lines: self.audience.lines(vec![format!(
                        "{} {gained} point(s) in {} (score {}).",
                        self.names().act(0, "scores", "score"),
                        self.solution.settings().box_name(b),
                        self.cards[0].score
                    )]),
                });
                self.next(&mut told);
            }
        }
        Ok(told)
    }

    fn ended(&self) -> Option<Option<usize>> {
        let settings = self.solution.settings();
        let full = |seat: usize| self.cards[seat].card.is_full(settings);
        (full(0) && full(1)).then(|| self.winner())
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
