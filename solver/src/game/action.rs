//! A decision the person makes ([`Action`]): what `swine play` reads, a session plays and the
//! page's view offers and sends.

use serde::Serialize;

/// A decision the person makes: what `swine play` reads and the page sends. The page reads it
/// as `{"dice": N}`, `{"choice": N}` or `{"keep": [F, ...]}`; `swine play --dice-by-hand` also
/// sends `{"rolled": [F, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Roll this many dice (Hog; Greed, 0 passing); in the Pig family and Farkle's
    /// bank-or-roll, 1 rolls and 0 holds or banks.
    Dice(u32),
    /// Take the `n`th of the choices listed (from 0): a Chopsticks move, a Farkle keep.
    Choice(usize),
    /// Keep these faces (Farkle and Yahtzee, after a roll).
    Keep(Vec<u8>),
    /// These faces came up on the person's own dice (a game played with dice by hand: the
    /// dice rolled, or only those rolled again after a keep).
    Rolled(Vec<u8>),
}
