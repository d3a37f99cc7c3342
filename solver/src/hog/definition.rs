//! What a Hog ruleset declares besides its hooks: the dice limit, the players' memory and the
//! built-in strategies. The rules themselves are scripts ([`Script`](super::Script)).

/// The largest number of dice a Hog turn may roll.
pub const MAX_DICE: u8 = 10;

/// Number of distinct dice requests (`0..=MAX_DICE`).
pub const ACTIONS: usize = MAX_DICE as usize + 1;

/// The highest goal a Hog ruleset is solved for.
pub const MAX_GOAL: u32 = 1000;

/// The course's goal, which file names leave out.
pub const DEFAULT_GOAL: u32 = 100;

/// What each player remembers between their own turns (part of the game state, hidden from a
/// strategy that sees only the two scores).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Number of distinct values a player's memory can take (`1` means the rules remember
    /// nothing).
    pub size: u8,
    /// The value both players start the game with.
    pub initial: u8,
    /// What a player's memory is, for people, completing "each player's ..." (e.g. "dice
    /// count of the previous turn").
    pub meaning: String,
}

impl Memory {
    /// The memory of rules that remember nothing.
    pub const NONE: Memory = Memory {
        size: 1,
        initial: 0,
        meaning: String::new(),
    };
}

/// A parameter of a built-in strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Name shown in help and errors; a parameter named `n` is a dice count (0..=10).
    pub name: String,
    /// The course's default when the parameter is omitted; `None` makes it required.
    pub default: Option<u32>,
}

/// A built-in strategy a ruleset offers, such as `bacon:8,6`; the script's function of the
/// same name gives its dice at (own, opponent, parameters...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// The name used in a strategy spec.
    pub name: String,
    /// The parameters, in spec order.
    pub params: Vec<Param>,
    /// One sentence saying what the strategy does.
    pub about: String,
}

/// A set of dice counts: bit `n` stands for `n` dice.
pub(crate) type DiceSet = u16;
