//! What the page draws, in terms that fit every game: a game in progress ([`View`]) and a
//! match-up's strategy map ([`Map`]). Each game's session fills them in its own words; the page
//! draws any game from them and knows no game by name.
//!
//! A view has the seats ([`Seat`]: who sits there, the score, the seat's other named numbers),
//! whose turn it is and how the game ended, facts in words, the dice showing ([`Tray`], which
//! may be chosen to keep), a card or board of typed cells ([`Board`]: Yahtzee's boxes,
//! Chopsticks' hands), and on the person's turn the choices with their values ([`Choice`]),
//! each with the [`Action`] it sends, all read as its [`Reading`] says.

use serde::Serialize;

use super::action::Action;
use crate::dice::Thrown;

/// Who sits in a seat: the person (seat 0) or the computer (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// The person.
    You,
    /// The computer.
    Computer,
}

impl Who {
    /// Who sits in `seat`: 0 the person, any other the computer.
    pub fn of(seat: usize) -> Who {
        if seat == 0 { Who::You } else { Who::Computer }
    }
}

/// A number with its name, as the page shows it beside a seat (`turn total 150`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Number {
    /// What it counts, in words: `turn total`, `farkles in a row`.
    pub name: String,
    /// The number.
    pub value: i64,
}

impl Number {
    /// `value` named `name`.
    pub fn new(name: &str, value: impl Into<i64>) -> Number {
        Number {
            name: name.to_string(),
            value: value.into(),
        }
    }
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// Who sits there.
    pub who: Who,
    /// The side the seat plays where the game names its sides (Chopsticks' `A`, who moves
    /// first, and `B`); none elsewhere.
    pub plays: Option<String>,
    /// The seat's score (in points; Farkle's may be below 0), none where the game keeps none
    /// (Chopsticks). A card shows it too (Yahtzee's `score` row).
    pub score: Option<i64>,
    /// The seat's other numbers, named: the mover's turn total (Pig, Farkle), the dice it
    /// rolls next (Farkle), its farkles in a row (Farkle).
    pub numbers: Vec<Number>,
}

impl Seat {
    /// Seat `seat` (0 the person, 1 the computer), with no score or numbers yet.
    pub fn new(seat: usize) -> Seat {
        Seat {
            who: Who::of(seat),
            plays: None,
            score: None,
            numbers: Vec::new(),
        }
    }
}

/// How the values of a view's choices (and a map's cells) read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reading {
    /// The chance that the person wins, playing perfectly afterwards (0 to 1, shown as a
    /// percentage; a choice's loss against the best in percentage points).
    WinChance,
    /// The chance that the person wins with ties counting half (Greed: win + tie / 2).
    TiesHalf,
    /// The person's expected final score, optimal play afterwards, the points already on the
    /// card included (Yahtzee; a loss in points of score).
    ExpectedScore,
    /// The solver's verdict under perfect play: 1 the person can force a win, −1 the computer
    /// will win, 0 neither (Chopsticks).
    Verdict {
        /// What a verdict of 0 says: `a tie at the move limit`, or `a draw: neither side can
        /// force a win` without one.
        even: String,
    },
}

/// Dice as drawn: the faces, and the die they are faces of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dice {
    /// The faces showing, in order.
    pub faces: Vec<u8>,
    /// The die's number of sides.
    pub sides: u8,
    /// Its lowest face (Greed's dice show 0 to 5).
    pub first: u8,
    /// Whether the die is a coin (Piglet's): 1 is tails, 2 heads.
    pub coin: bool,
}

impl Dice {
    /// The dice `thrown` (coins if `coin`).
    pub fn thrown(thrown: &Thrown, coin: bool) -> Dice {
        Dice {
            faces: thrown.faces.clone(),
            sides: thrown.die.faces,
            first: thrown.die.first_face,
            coin,
        }
    }

    /// Six-sided dice showing `faces`.
    pub fn six_sided(faces: Vec<u8>) -> Dice {
        Dice {
            faces,
            sides: 6,
            first: 1,
            coin: false,
        }
    }
}

/// The dice showing on the person's turn, and whether some may be chosen to keep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tray {
    /// The dice.
    pub dice: Dice,
    /// How the dice chosen are kept, if they may be now (none: the dice only show, e.g.
    /// Yahtzee's with no rolls left).
    pub keep: Option<Keeping>,
}

/// Keeping the dice chosen: the button, its key, and whether keeping none is a move. It sends
/// [`Action::Keep`] with the faces chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Keeping {
    /// The button's words: `Keep the dice chosen, roll the rest`.
    pub label: String,
    /// The key that keeps the dice chosen.
    pub key: char,
    /// Whether keeping none is a move (Yahtzee rolls all five again; Farkle keeps at least
    /// one scoring die).
    pub none: bool,
}

/// A card or board: cells, each a seat's, in rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// How the cells are laid out.
    pub layout: Layout,
    /// The cells, row by row in order, each row's cells by seat.
    pub cells: Vec<Cell>,
}

/// How a board's cells are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// A score card: a row per label, a column per seat headed by the seat; the card holds the
    /// seats' scores (Yahtzee).
    Card,
    /// Each seat's cells drawn in that seat's box, beside its name (Chopsticks' hands).
    Seats,
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CellState {
    /// Empty: to be filled later.
    Open,
    /// Filled, or holding what it shows.
    Filled,
    /// Offered to the person now: a click sends the cell's choice.
    Offered,
    /// A total of other cells.
    Total,
}

/// A count drawn as marks, `up` of `of` raised (Chopsticks' fingers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Marks raised.
    pub up: u8,
    /// Marks in all.
    pub of: u8,
}

/// One cell of a card or board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Its row's label: `Fours`, `upper total (35 at 63)`, `left hand`.
    pub row: String,
    /// The seat whose cell it is.
    pub seat: usize,
    /// What it shows: `12`, `0 / 63`, `+12` when offered, empty when open.
    pub shown: String,
    /// What it holds.
    pub state: CellState,
    /// Drawn as marks too, if so.
    pub tally: Option<Tally>,
    /// The choice a click sends (its place in the view's choices), when offered.
    pub choice: Option<usize>,
}

/// One of the person's choices, with its value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// In words: `Roll 6`, `Keep 1 5: 150 points, 4 dice left`, `Fours: 12 point(s)`.
    pub label: String,
    /// The key that takes it, if one does.
    pub key: Option<char>,
    /// Its exact value, read as the view's [`Reading`] says.
    pub value: f64,
    /// Whether it is the best choice (one is).
    pub best: bool,
    /// What taking it sends: `{"dice": 6}` is `roll?dice=6`, `{"choice": 2}` `move?choice=2`,
    /// `{"keep": [1, 5]}` `keep?dice=1,5`.
    pub action: Action,
}

/// A count the person may type beyond the choices listed (Greed's dice): digits, then Enter,
/// send [`Action::Dice`] with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// What sending it does, as its button says: `Roll`.
    pub verb: String,
    /// What is counted, after the field: `dice`.
    pub unit: String,
    /// The least count.
    pub least: u32,
    /// The most.
    pub most: u32,
}

/// A game in progress as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The ruleset, as reports head it (`hog-fa20`, `farkle[floor=-500]`).
    pub rules: String,
    /// The seats: the person's (0), then the computer's (1).
    pub seats: Vec<Seat>,
    /// Whether the game waits for the person's choice.
    pub your_turn: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The winning seat, once over (none for a tie or a draw).
    pub winner: Option<usize>,
    /// Whether the game ended in a tie or a draw.
    pub tie: bool,
    /// What the person is asked to do now, beyond choosing (`keep some scoring dice`), if
    /// anything.
    pub ask: Option<String>,
    /// The score the seats' bars fill towards (the goal; Greed's limit), none where scores
    /// have no end or no bars (Chopsticks, Yahtzee).
    pub goal: Option<u32>,
    /// The position and the rules about to apply, in words: `goal 100`, `Free Bacon would
    /// give 6`, `2 rolls left`.
    pub facts: Vec<String>,
    /// Whether the game's dice are coins (Piglet's): this view's and those of the turns told
    /// with it.
    pub coin: bool,
    /// The dice showing on the person's turn, where the game shows them between choices
    /// (Farkle's roll waiting for a keep, Yahtzee's dice); other games' dice are in the turns
    /// told.
    pub dice: Option<Tray>,
    /// The game's card or board, if it has one.
    pub board: Option<Board>,
    /// How the values read.
    pub reading: Reading,
    /// The position's value to the person: the best choice's on the person's turn, the
    /// verdict at any time (Chopsticks); none otherwise.
    pub value: Option<f64>,
    /// The person's choices on the person's turn, in the order shown (none otherwise).
    pub choices: Vec<Choice>,
    /// A count the person may type besides the choices listed, if any.
    pub count: Option<Count>,
}

impl View {
    /// A game of `rules`, its values read as `reading`, that `ended` as a session says (the
    /// winning seat, or none for a tie; none while it goes on) and is `waiting` for the
    /// person or not: two seats with nothing on them; no facts, dice, board or choices yet.
    pub fn new(rules: &str, reading: Reading, ended: Option<Option<usize>>, waiting: bool) -> View {
        View {
            rules: rules.to_string(),
            seats: vec![Seat::new(0), Seat::new(1)],
            your_turn: waiting,
            over: ended.is_some(),
            winner: ended.flatten(),
            tie: ended == Some(None),
            ask: None,
            goal: None,
            facts: Vec::new(),
            coin: false,
            dice: None,
            board: None,
            reading,
            value: None,
            choices: Vec::new(),
            count: None,
        }
    }

    /// The seats' scores, the person's first.
    pub fn scores(&mut self, scores: [i64; 2]) {
        for (seat, score) in self.seats.iter_mut().zip(scores) {
            seat.score = Some(score);
        }
    }

    /// Offers `choices`: the position is worth the best one's value.
    pub fn offer(&mut self, choices: Vec<Choice>) {
        self.value = choices.iter().find(|c| c.best).map(|c| c.value);
        self.choices = choices;
    }
}

/// A strategy map: the person's best choice and its value in every cell of (own, opponent)
/// scores, with what reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Map {
    /// The ruleset.
    pub rules: String,
    /// The computer's strategy.
    pub vs: String,
    /// The side of the square: scores 0 to `size − 1` on each axis (the goal; Greed's limit
    /// + 1).
    pub size: u32,
    /// What the axes are.
    pub axes: Axes,
    /// In every `[own][opponent]` cell, the best choice's number (its place in `choices`;
    /// 0 is drawn black, the rest shaded from the least to the most chosen).
    pub best: Vec<Vec<u8>>,
    /// In every `[own][opponent]` cell, exactly what it is worth, read as `reading` says.
    pub values: Vec<Vec<f64>>,
    /// Each choice by its number, from 0 to the largest chosen.
    pub choices: Vec<MapChoice>,
    /// What a cell's choice says where its number is the rest of the way to the goal (at
    /// least `size − own`), if that reads otherwise: Pig's `roll until the turn total reaches
    /// the goal`.
    pub to_goal: Option<String>,
    /// The legend's heading: `dice to roll:`.
    pub scale: String,
    /// The legend in words.
    pub legend: String,
    /// How the values read.
    pub reading: Reading,
}

/// A map's axes, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Axes {
    /// Across: `your score`.
    pub across: String,
    /// Up: `the computer's score`.
    pub up: String,
}

impl Axes {
    /// The person's score across, the computer's up.
    pub fn scores() -> Axes {
        Axes {
            across: "your score".to_string(),
            up: "the computer's score".to_string(),
        }
    }
}

/// A map's choice: its legend label and what it says in a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapChoice {
    /// In the legend: `6`, `pass`.
    pub short: String,
    /// In a cell: `roll 6 dice`, `pass`.
    pub says: String,
}

impl MapChoice {
    /// Rolling `n` dice: `6`, `roll 6 dice` (`roll 1 die`).
    pub fn dice(n: u8) -> MapChoice {
        let dice = if n == 1 { "die" } else { "dice" };
        MapChoice {
            short: n.to_string(),
            says: format!("roll {n} {dice}"),
        }
    }

    /// Each choice of the map `best`, named by `name`: from 0 to the largest chosen.
    pub fn each(best: &[Vec<u8>], name: impl Fn(u8) -> MapChoice) -> Vec<MapChoice> {
        let most = best.iter().flatten().copied().max().unwrap_or(0);
        (0..=most).map(name).collect()
    }
}

/// The strategy map's grids over `size` × `size` cells of (own, opponent) scores: the best
/// choice's number and its value in each, from `cell`.
pub fn grid(size: u32, cell: &dyn Fn(u32, u32) -> (u8, f64)) -> (Vec<Vec<u8>>, Vec<Vec<f64>>) {
    let cells: Vec<Vec<(u8, f64)>> = (0..size)
        .map(|own| (0..size).map(|other| cell(own, other)).collect())
        .collect();
    let best = cells
        .iter()
        .map(|row| row.iter().map(|c| c.0).collect())
        .collect();
    let values = cells
        .iter()
        .map(|row| row.iter().map(|c| c.1).collect())
        .collect();
    (best, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_readings_serialise_as_the_page_reads_them() {
        assert_eq!(json(&Action::Dice(6)), r#"{"dice":6}"#);
        assert_eq!(json(&Action::Choice(2)), r#"{"choice":2}"#);
        assert_eq!(json(&Action::Keep(vec![1, 5])), r#"{"keep":[1,5]}"#);
        assert_eq!(json(&Reading::WinChance), r#"{"kind":"win_chance"}"#);
        let verdict = Reading::Verdict {
            even: "a draw".to_string(),
        };
        assert_eq!(json(&verdict), r#"{"kind":"verdict","even":"a draw"}"#);
        assert_eq!(json(&Who::of(1)), r#""computer""#);
    }

    #[test]
    fn a_map_names_each_choice_up_to_the_largest() {
        let (best, values) = grid(3, &|own, other| ((own + other) as u8, f64::from(own)));
        assert_eq!(best, [[0, 1, 2], [1, 2, 3], [2, 3, 4]]);
        assert_eq!(values[2], [2.0, 2.0, 2.0]);
        let named = MapChoice::each(&best, MapChoice::dice);
        assert_eq!(named.len(), 5);
        assert_eq!(named[1].says, "roll 1 die");
        assert_eq!(
            (named[4].short.as_str(), named[4].says.as_str()),
            ("4", "roll 4 dice")
        );
    }

    /// `value` as JSON text.
    fn json(value: &impl Serialize) -> String {
        serde_json::to_string(value).expect("serialises")
    }
}
