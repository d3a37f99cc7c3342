//! Yahtzee's rules as a state machine ([`Rules`]): each seat fills a card of its own, turn
//! about, a turn being five dice thrown, twice a keep and the rest thrown again, then a box
//! filled. The simulator, the Python players' games and the transcripts play it through the one
//! interface (`crate::game::simulate`, `crate::game::sides`); the players' choices are the
//! solve's ([`Plays`](super::plays::Plays)).
//!
//! The seats' cards never meet: a seat's choices read its own card only, and whoever moves
//! first plays the same game. Dice are thrown one at a time, in the order a person throwing
//! them sees them, so a card played alone from a seed is the card the solver's own play drew.

use super::keeps::{DICE, dice_words};
use super::rules::{Counts, MOST_BOXES, Settings, yahtzee_face};
use super::turn::{Card, happenings};
use crate::commentary::{Commentary, Names};
use crate::dice::Die;
use crate::game::{Rules, Step, ToMove};

/// A card played: its final score and what happened on the way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The points so far (the final score, once the card is full).
    pub score: u32,
    /// Each happening's count, as [`Sheet::happenings`](super::rules::Sheet::happenings)
    /// orders them: the upper bonus, 50 in the Yahtzee box, Yahtzee bonuses, Yahtzees placed.
    pub happened: [u32; 4],
}

/// One seat's card as the table sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scorecard {
    /// The card as the rest of its game depends on it.
    pub card: Card,
    /// Each box's points, −1 where open (−1 past the sheet's boxes).
    pub boxes: [i16; MOST_BOXES],
    /// Its points and happenings so far.
    pub played: Played,
}

impl Scorecard {
    /// An empty card.
    const EMPTY: Scorecard = Scorecard {
        card: Card::EMPTY,
        boxes: [-1; MOST_BOXES],
        played: Played {
            score: 0,
            happened: [0; 4],
        },
    };
}

/// A game in progress: every seat's card, whose turn it is, and the dice of that turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Each seat's card.
    pub cards: Vec<Scorecard>,
    /// The seat whose turn it is.
    pub mover: usize,
    /// The dice showing (those kept, and those thrown since).
    pub dice: Counts,
    /// The rolls left after the dice showing (2 after the turn's first roll).
    pub rolls_left: u8,
    /// The dice still to throw before the mover decides.
    pub to_throw: u8,
}

impl Table {
    /// The mover's card.
    pub fn own(&self) -> &Scorecard {
        &self.cards[self.mover]
    }
}

/// What the mover decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// With rolls left: keep these dice (counts by face) and throw the rest again.
    Keep(Counts),
    /// With none: fill this box.
    Fill(usize),
}

/// The rules of a game of `seats` cards, each played by its own seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cards {
    settings: Settings,
    seats: usize,
    /// Where a game of one card starts: the empty card and 0 points, or a card part filled.
    from: (Card, u32),
}

impl Cards {
    /// The game of `settings` for `seats` players (at least one).
    pub fn new(settings: Settings, seats: usize) -> Cards {
        assert!(seats > 0, "a game has a player");
        Cards {
            settings,
            seats,
            from: (Card::EMPTY, 0),
        }
    }

    /// The game of `settings` of one card, from `card` with `score` points on it.
    pub fn from(settings: Settings, (card, score): (Card, u32)) -> Cards {
        Cards {
            settings,
            seats: 1,
            from: (card, score),
        }
    }

    /// The rules.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
}

/// Every keep of the dice `dice` (counts by face): from none to all, fewer dice first.
fn keeps_within(dice: &Counts) -> Vec<Counts> {
    let mut keeps = vec![[0u8; 6]];
    for face in 0..6 {
        keeps = keeps
            .into_iter()
            .flat_map(|kept| {
                (0..=dice[face]).map(move |n| {
                    let mut with = kept;
                    with[face] = n;
                    with
                })
            })
            .collect();
    }
    keeps.sort_by_key(|kept| kept.iter().sum::<u8>());
    keeps
}

impl Rules for Cards {
    type State = Table;
    type Choice = Decision;

    /// Every card empty (a card alone as [`Cards::from`] has it, its filled boxes' points
    /// unknown), seat `first` to throw the first five dice.
    fn start(&self, first: usize) -> Table {
        let (card, score) = self.from;
        let mut scorecard = Scorecard::EMPTY;
        scorecard.card = card;
        scorecard.played.score = score;
        Table {
            cards: vec![scorecard; self.seats],
            mover: first % self.seats,
            dice: [0; 6],
            rolls_left: 2,
            to_throw: DICE as u8,
        }
    }

    fn to_move(&self, table: &Table) -> ToMove {
        if table.cards.iter().all(|c| c.card.is_full(&self.settings)) {
            ToMove::Over
        } else if table.to_throw > 0 {
            ToMove::Chance
        } else {
            ToMove::Seat(table.mover)
        }
    }

    /// With rolls left, every keep of the dice showing (fewer dice first); with none, every
    /// box the joker rules let them fill, in the card's order.
    fn choices(&self, table: &Table) -> Vec<Decision> {
        if table.rolls_left > 0 {
            return keeps_within(&table.dice)
                .into_iter()
                .map(Decision::Keep)
                .collect();
        }
        let allowed = self
            .settings
            .placements(&table.dice, table.own().card.filled)
            .allowed;
        (0..self.settings.boxes())
            .filter(|b| allowed & (1 << b) != 0)
            .map(Decision::Fill)
            .collect()
    }

    fn die(&self, _: &Table) -> Die {
        Die::SIX_SIDED
    }

    /// The dice not kept are thrown together.
    fn in_a_row(&self, table: &Table) -> u8 {
        table.to_throw
    }

    fn choose(&self, table: &mut Table, decision: &Decision) {
        match *decision {
            Decision::Keep(kept) => {
                table.dice = kept;
                table.rolls_left -= 1;
                table.to_throw = DICE as u8 - kept.iter().sum::<u8>();
            }
            Decision::Fill(b) => {
                let settings = &self.settings;
                let dice = table.dice;
                let own = &mut table.cards[table.mover];
                let points = settings.placements(&dice, own.card.filled).points[b];
                let (gained, after) = own.card.place(settings, &dice, b, points);
                let rolled = yahtzee_face(&dice).is_some();
                let happened = happenings(settings, own.card, after, rolled);
                for (count, happened) in own.played.happened.iter_mut().zip(happened) {
                    *count += u32::from(happened);
                }
                own.played.score += u32::from(gained);
                own.boxes[b] = points as i16;
                own.card = after;
                table.mover = (table.mover + 1) % table.cards.len();
                table.dice = [0; 6];
                table.rolls_left = 2;
                table.to_throw = DICE as u8;
            }
        }
    }

    fn throw(&self, table: &mut Table, face: u8) {
        table.dice[usize::from(face - 1)] += 1;
        table.to_throw -= 1;
    }

    /// Every decision moves the game on: a roll used, or a box filled.
    fn can_come_back(&self) -> bool {
        false
    }

    /// Alone, the final score; among several cards, 1 to the highest, shared equally among
    /// the tied, 0 to the others.
    fn returns(&self, table: &Table) -> Vec<f64> {
        let scores: Vec<u32> = table.cards.iter().map(|c| c.played.score).collect();
        if let [score] = scores[..] {
            return vec![f64::from(score)];
        }
        let highest = scores.iter().copied().max().unwrap_or(0);
        let tied = scores.iter().filter(|&&s| s == highest).count() as f64;
        scores
            .iter()
            .map(|&s| if s == highest { 1.0 / tied } else { 0.0 })
            .collect()
    }

    /// The first two seats' points (a card alone: its points and 0).
    fn scores(&self, table: &Table) -> [u32; 2] {
        let points = |seat: usize| table.cards.get(seat).map_or(0, |c| c.played.score);
        [points(0), points(1)]
    }

    /// `Player 0 keeps 5 5 of 1 2 5 5 6 and throws 3: 5 5 2 3 5.`, or `Player 0 fills Full
    /// House with 2 2 2 5 5: 25 points, 73 in all.` (with the next turn's first roll where
    /// the game goes on). Yahtzee's cards never meet, so no commentary is said of them.
    fn narrate(
        &self,
        step: &Step<'_, Cards>,
        names: Names,
        _commentary: &mut dyn Commentary,
    ) -> Vec<String> {
        let (before, after) = (step.before, step.after);
        let name = names.name(before.mover);
        let mut lines = vec![match *step.choice {
            Decision::Keep(_) if step.thrown.is_empty() => format!(
                "{name} keeps all of {}, {} roll(s) left.",
                dice_words(&before.dice),
                after.rolls_left
            ),
            Decision::Keep(kept) => format!(
                "{name} keeps {} of {} and throws {}: {}.",
                if kept == [0; 6] {
                    "none".to_string()
                } else {
                    dice_words(&kept)
                },
                dice_words(&before.dice),
                step.thrown.len(),
                dice_words(&after.dice)
            ),
            Decision::Fill(b) => {
                let card = &after.cards[before.mover];
                let gained = card.played.score - before.own().played.score;
                format!(
                    "{name} fills {} with {}: {gained} point(s), {} in all.",
                    self.settings.box_name(b),
                    dice_words(&before.dice),
                    card.played.score
                )
            }
        }];
        if let (Decision::Fill(_), ToMove::Seat(next)) = (step.choice, self.to_move(after)) {
            lines.push(format!(
                "{} throws {}.",
                names.name(next),
                dice_words(&after.dice)
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;
    use crate::game::{Chooser, Ended, play_out};

    /// Fills the first box it may with no rolls left; keeps nothing otherwise.
    struct FirstBox;

    impl Chooser<Cards> for FirstBox {
        fn choose(&self, table: &Table) -> Decision {
            Cards::new(Settings::default(), 2).choices(table)[0]
        }
    }

    #[test]
    fn every_keep_of_the_dice_fewer_first() {
        let keeps = keeps_within(&[2, 0, 0, 0, 1, 2]);
        // 3 · 2 · 3 keeps, from none to all five.
        assert_eq!(keeps.len(), 18);
        assert_eq!(keeps[0], [0; 6]);
        assert_eq!(keeps[17], [2, 0, 0, 0, 1, 2]);
        assert!(
            keeps
                .windows(2)
                .all(|w| w[0].iter().sum::<u8>() <= w[1].iter().sum())
        );
    }

    #[test]
    fn two_cards_are_filled_turn_about_to_the_end() {
        let rules = Cards::new(Settings::default(), 2);
        let mut dice = SeededDice::new(5);
        let mut table = rules.start(1);
        let mut movers = Vec::new();
        let mut told = |step: &Step<'_, Cards>| {
            if let Decision::Fill(_) = step.choice {
                movers.push(step.before.mover);
            }
        };
        let ended = play_out(
            &rules,
            &mut table,
            &[&FirstBox, &FirstBox],
            &mut |die| dice.face(die),
            1000,
            Some(&mut told),
        );
        assert_eq!(ended, Ended::Over);
        // Thirteen turns each, seat 1 first; three decisions a turn.
        let expected: Vec<usize> = (0..26).map(|t| (t + 1) % 2).collect();
        assert_eq!(movers, expected);
        let filled: Vec<usize> = table
            .cards
            .iter()
            .map(|c| c.boxes[..13].iter().filter(|&&p| p >= 0).count())
            .collect();
        assert_eq!(filled, [13, 13]);
        let returns = rules.returns(&table);
        assert_eq!(returns.iter().sum::<f64>(), 1.0);
        let [a, b] = rules.scores(&table);
        assert_eq!(returns[0] > returns[1], a > b);
    }
}
