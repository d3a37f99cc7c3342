//! A Yahtzee duel studied: what happens on each card (the upper bonus, 50 in the Yahtzee box,
//! Yahtzee bonuses, Yahtzees placed), exactly from the final-score pass
//! ([`Distribution::happenings`]), and counted over games with real dice as the check.
//!
//! A duel always lasts 26 turns in Yahtzee (thirteen on each card), 30 in Yatzy; a rule's
//! figures are given for the studied strategy's card and for its opponent's. What has no
//! meaning on a sheet (Yatzy has no Yatzy bonus) is left out.

use std::cmp::Ordering;

use super::cards::Played;
use super::distribution::{Distribution, duel};
use super::rules::Settings;
use crate::game::study::{Ending, RuleEvents, SeatStudy, Tally};

/// Turns of a duel under `settings`: one per box on each card.
fn turns(settings: &Settings) -> usize {
    2 * settings.boxes()
}

/// The happenings a study of `settings` reports, by their place in
/// [`Sheet::happenings`](super::rules::Sheet::happenings): all but the Yahtzee bonus where the
/// sheet has none.
fn reported(settings: &Settings) -> Vec<usize> {
    let bonus = settings.sheet.has_yahtzee_bonus();
    (0..settings.sheet.happenings.len())
        .filter(|&k| k != 2 || bonus)
        .collect()
}

/// The rules' names in a study of `settings`: each happening reported on the studied
/// strategy's card, then on its opponent's.
pub fn rule_names(settings: &Settings) -> Vec<String> {
    let names = settings.sheet.happenings;
    let kept = reported(settings);
    let own = kept.iter().map(|&k| names[k].to_string());
    own.chain(kept.iter().map(|&k| format!("{} (opponent)", names[k])))
        .collect()
}

/// The exact study under `settings` of a duel of `own` against `other` (the same from either
/// seat: neither player affects the other); each rule's chance of at least once where
/// `at_least_once`.
pub fn seat(
    settings: &Settings,
    own: &Distribution,
    other: &Distribution,
    at_least_once: bool,
) -> SeatStudy {
    let (win, tie, lose) = duel(own, other);
    let turns_played = turns(settings);
    let mut turns = vec![0.0; turns_played];
    turns[turns_played - 1] = 1.0;
    let names = rule_names(settings);
    let kept = reported(settings);
    let rules = kept
        .iter()
        .map(|&k| &own.happenings[k])
        .chain(kept.iter().map(|&k| &other.happenings[k]))
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

/// Pairs of games played with real dice (`own[i]` against `other[i]`) under `settings`,
/// counted as a study counts them.
pub fn tally(settings: &Settings, own: &[Played], other: &[Played]) -> Tally {
    let kept = reported(settings);
    let mut tally = Tally::new(2 * kept.len());
    for (a, b) in own.iter().zip(other) {
        let mut game = tally.game();
        game.turns_with(turns(settings) as u64, 0);
        let counts = kept.iter().map(|&k| a.happened[k]);
        let counts = counts.chain(kept.iter().map(|&k| b.happened[k]));
        for (rule, count) in counts.enumerate() {
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
