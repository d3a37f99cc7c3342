//! A Yahtzee duel studied: what happens on each card (the upper bonus, 50 in the Yahtzee box,
//! Yahtzee bonuses, Yahtzees placed), exactly from the final-score pass
//! ([`Distribution::happenings`]), and counted over games with real dice as the check.
//!
//! A duel always lasts 26 turns (thirteen on each card); a rule's figures are given for the
//! studied strategy's card and for its opponent's.

use std::cmp::Ordering;

use super::distribution::{Distribution, duel};
use super::simulate::Played;
use super::turn::HAPPENINGS;
use crate::game::study::{Ending, RuleEvents, SeatStudy, Tally};

/// Turns of a duel: thirteen on each card.
pub const TURNS: usize = 26;

/// The rules' names in a study: each happening on the studied strategy's card, then on its
/// opponent's.
pub fn rule_names() -> Vec<String> {
    HAPPENINGS
        .iter()
        .map(|h| h.to_string())
        .chain(HAPPENINGS.iter().map(|h| format!("{h} (opponent)")))
        .collect()
}

/// The exact study of a duel of `own` against `other` (the same from either seat: neither
/// player affects the other); each rule's chance of at least once where `at_least_once`.
pub fn seat(own: &Distribution, other: &Distribution, at_least_once: bool) -> SeatStudy {
    let (win, tie, lose) = duel(own, other);
    let mut turns = vec![0.0; TURNS];
    turns[TURNS - 1] = 1.0;
    let names = rule_names();
    let rules = own
        .happenings
        .iter()
        .chain(&other.happenings)
        .zip(names)
        .map(|(happening, rule)| RuleEvents {
            rule,
            per_game: happening.per_game,
            at_least_once: if at_least_once {
                happening.at_least_once
            } else {
                0.0
            },
        })
        .collect();
    SeatStudy {
        win,
        lose,
        tie,
        unfinished: 0.0,
        turns,
        rules,
    }
}

/// Pairs of games played with real dice (`own[i]` against `other[i]`), counted as a study
/// counts them.
pub fn tally(own: &[Played], other: &[Played]) -> Tally {
    let mut tally = Tally::new(2 * HAPPENINGS.len());
    for (a, b) in own.iter().zip(other) {
        let mut game = tally.game();
        game.turns_with(TURNS as u64, 0);
        for (rule, &count) in a.happened.iter().chain(&b.happened).enumerate() {
            game.happened(rule, u64::from(count));
        }
        let ending = match a.score.cmp(&b.score) {
            Ordering::Greater => Ending::Won(true),
            Ordering::Less => Ending::Won(false),
            Ordering::Equal => Ending::Tie,
        };
        tally.add(game, ending);
    }
    tally
}
