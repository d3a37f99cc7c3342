//! A person against the computer, for `swine play` and the page alike: a match-up solved once
//! ([`Engine`]) and games of it in progress ([`Session`]), each turn told.
//!
//! A session asks the person one decision at a time ([`Prompt`]: the position and the hints in
//! words, the question, the answers it takes, each an [`Action`]); the page sends the same
//! actions by name. After the person's action the computer plays until it is the person's turn
//! again or the game ends, and every turn played is [`Told`].

use super::action::Action;
use super::view::{Map, View};
use crate::commentary::Names;
use crate::dice::Thrown;

/// A match-up a person plays against the computer, solved once for any number of games.
pub trait Engine: Send + Sync {
    /// The computer's strategy, as the page and the first line name it.
    fn computer(&self) -> &str;

    /// What `swine play` says first (the game, who is whom, the computer's strategy, the
    /// dice's `seed`), before it asks anything.
    fn opening(&self, seed: u64) -> String;

    /// Whether the CLI asks who goes first when `--first` is not given (Chopsticks, as the
    /// assignment's game does); other games let the person go first.
    fn asks_who_goes_first(&self) -> bool {
        false
    }

    /// A new game: the person is seat 0, the computer seat 1; `first` moves first; the dice
    /// are seeded by `seed`; told for `audience`.
    fn session(&self, first: usize, seed: u64, audience: Audience) -> Box<dyn Session>;

    /// A new game at the terminal whose dice the person rolls on dice of their own and types
    /// in ([`Action::Rolled`]), every decision coached; or why not (the game rolls its own
    /// dice, or this match-up cannot be played so). Its first [`Told`] says what it is.
    fn session_by_hand(&self) -> Result<Box<dyn Session>, String> {
        Err("is played with the program's dice only".to_string())
    }

    /// The page's strategy map: the person's best choice and its value in every cell of
    /// scores, with the legend that reads it (refused where the game has no such map).
    fn map(&self) -> Result<Map, String>;
}

/// Who a game is told to: a person at the terminal (`swine play`: the seats numbered, the
/// lines indented under each turn, the verdict at the end) or the page (the seats "you" and
/// "the computer", the lines as they are, the verdict left to the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// `swine play`.
    Terminal,
    /// `swine serve`'s page.
    Page,
}

impl Audience {
    /// What the seats are called: Player N and Player N + 1 (from `numbered_from`), or you
    /// and the computer.
    pub fn names(self, numbered_from: usize) -> Names {
        match self {
            Audience::Terminal => Names::Numbered(numbered_from),
            Audience::Page => Names::YouAndComputer,
        }
    }

    /// A turn's `lines` as this audience reads them (indented under the turn at the
    /// terminal).
    pub fn lines(self, lines: Vec<String>) -> Vec<String> {
        match self {
            Audience::Terminal => lines.into_iter().map(|l| format!("  {l}")).collect(),
            Audience::Page => lines,
        }
    }

    /// What a game begins with: on the page the note `New game, WHAT. You move first.`;
    /// nothing at the terminal.
    pub fn start(self, first: usize, what: &str) -> Vec<Told> {
        let opener = Names::YouAndComputer.act(first, "moves", "move");
        match self {
            Audience::Page => vec![Told::note(format!("New game, {what}. {opener} first."))],
            Audience::Terminal => Vec::new(),
        }
    }

    /// A note of the game's own, set apart by a blank line at the terminal (a game that goes
    /// round for ever).
    pub fn note(self, text: &str) -> Told {
        Told::note(match self {
            Audience::Terminal => format!("\n{text}"),
            Audience::Page => text.to_string(),
        })
    }

    /// The verdict the terminal ends with (`You win!`); none on the page, which shows it.
    pub fn verdict(self, ended: Option<usize>) -> Option<Told> {
        (self == Audience::Terminal).then(|| {
            Told::note(
                match ended {
                    Some(0) => "You win!",
                    Some(_) => "The computer wins.",
                    None => "It's a tie.",
                }
                .to_string(),
            )
        })
    }
}

/// The answers a prompt takes at the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answers {
    /// A whole number from `.0` to `.1`, each the action `Action::Dice(n)`.
    Dice(u32, u32),
    /// A whole number from `.0` to `.1`, each the action `Action::Choice(n - .0)`.
    Choice(usize, usize),
    /// One of these words (case aside), each with its action.
    Words(Vec<(&'static str, Action)>),
    /// Whatever the person types, read by the session ([`Session::read`]): faces, names,
    /// numbers, an empty line.
    Typed,
}

/// The person's next decision, as the terminal asks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// What is said first: the position, the rules about to apply, the hints.
    pub lines: Vec<String>,
    /// The question, e.g. `How many dice (0 to 10)? `.
    pub question: String,
    /// The answers it takes.
    pub answers: Answers,
}

/// One turn played (a Pig decision, a Chopsticks move), as it is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// Who played: 0 the person, 1 the computer, none for a note of the game's own (its
    /// start, a game that goes round for ever).
    pub who: Option<usize>,
    /// The line the terminal shows before the turn (`The computer rolls 4.`), if any.
    pub heading: Option<String>,
    /// The dice thrown, if any.
    pub thrown: Option<Thrown>,
    /// What happened, line by line.
    pub lines: Vec<String>,
}

impl Told {
    /// A line of the game's own.
    pub fn note(line: String) -> Told {
        Told {
            who: None,
            heading: None,
            thrown: None,
            lines: vec![line],
        }
    }
}

/// A game in progress: the person is seat 0, the computer seat 1.
pub trait Session: Send {
    /// What is told as the game starts: the page's note, the position where the game shows
    /// it, and the computer's turns if it moves first.
    fn begin(&mut self) -> Vec<Told>;

    /// The person's next decision, `hints` (the value of each choice) shown or not; `None`
    /// once the game is over.
    fn prompt(&self, hints: bool) -> Option<Prompt>;

    /// What the person `typed` (surrounding spaces trimmed) at a prompt that takes
    /// [`Answers::Typed`], asked with `hints` or not, as an action; or a message naming what
    /// was typed and what is accepted, to ask again. Sessions whose prompts take only numbers
    /// or words read nothing typed.
    fn read(&self, typed: &str, _hints: bool) -> Result<Action, String> {
        Err(format!(
            "'{typed}' is not read here: answer as the question asks"
        ))
    }

    /// Plays the person's `action`, then the computer's turns until it is the person's turn
    /// again or the game ends: every turn told; or why the action is refused (the game is
    /// unchanged).
    fn act(&mut self, action: &Action) -> Result<Vec<Told>, String>;

    /// How the game ended, once it has: the winning seat, or none for a tie or a draw.
    fn ended(&self) -> Option<Option<usize>>;

    /// Whether the game waits for the person's decision (not over, the person to move).
    fn waiting(&self) -> bool;

    /// The game as the page draws it: the seats and their scores (or a board), the rules about
    /// to apply and, on the person's turn, the choices with their values.
    fn view(&self) -> View;
}
