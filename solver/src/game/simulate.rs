//! Games played with real dice over any game's [`Rules`]: the seeded, parallel Monte Carlo
//! check of the exact numbers ([`simulate`]) and one game told step by step ([`transcript`]),
//! written once for every game.

use std::fmt::Write as _;

use rand::Rng;

use super::rules::{Chooser, Ended, Rules, ToMove, play_out};
use crate::commentary::{self, Names};
use crate::dice::SeededDice;
use crate::montecarlo::{self, Played};
use crate::outcome::Simulation;

/// The most decisions a simulated game may take: a game still going then counts as one that
/// never ends (a tie).
pub const MOST_DECISIONS: u64 = 10_000_000;

/// The most decisions a transcript tells.
pub const TRANSCRIPT_DECISIONS: u64 = 100_000;

/// What a game that comes back to a position by choices alone is told as.
pub const NEVER_ENDS: &str = "The game is back where it was, and nothing left to chance can \
                              change that: it goes round for ever, a win for neither player.";

/// Plays `games_per_seat` games with each seat moving first, seat `k` choosing as
/// `choosers[k]`, with dice drawn from generators seeded by `seed` (see
/// [`montecarlo::simulate`]); `played` hears of the games played and may stop them. A game
/// that comes back where it was by choices alone, or runs past [`MOST_DECISIONS`], counts as
/// a tie.
pub fn simulate<R: Rules>(
    rules: &R,
    choosers: [&dyn Chooser<R>; 2],
    (games_per_seat, seed): (u64, u64),
    played: &dyn Played,
) -> Simulation {
    montecarlo::simulate(
        games_per_seat,
        seed,
        |first, rng| {
            let mut state = rules.start(first);
            let mut throw =
                |die: crate::dice::Die| rng.random_range(die.first_face..=die.last_face());
            match play_out(
                rules,
                &mut state,
                &choosers,
                &mut throw,
                MOST_DECISIONS,
                None,
            ) {
                Ended::Over => for_seat_zero(&rules.returns(&state)),
                Ended::Endless | Ended::Unfinished => montecarlo::Result::Tied,
            }
        },
        played,
    )
}

/// How a game with returns `returns` ended for seat 0.
pub(super) fn for_seat_zero(returns: &[f64]) -> montecarlo::Result {
    match returns[0].partial_cmp(&returns[1]) {
        Some(std::cmp::Ordering::Greater) => montecarlo::Result::Won,
        Some(std::cmp::Ordering::Less) => montecarlo::Result::Lost,
        _ => montecarlo::Result::Tied,
    }
}

/// A transcript's first line: `pig (goal 100): Player 0 plays A, Player 1 plays B; seed 7.`
pub fn transcript_heading(info: &super::GameInfo, [a, b]: [&str; 2], seed: u64) -> String {
    seated_heading(info, &[a, b], seed)
}

/// The first line of a transcript of any number of seats, seat `k` playing `names[k]`:
/// `yahtzee: Player 0 plays A; seed 7.`
pub fn seated_heading(info: &super::GameInfo, names: &[&str], seed: u64) -> String {
    let goal = match info.goal_text() {
        goal if goal.is_empty() => String::new(),
        goal => format!(" ({goal})"),
    };
    let plays: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(k, name)| format!("Player {k} plays {name}"))
        .collect();
    format!("{}{goal}: {}; seed {seed}.", info.rules, plays.join(", "))
}

/// One game between `choosers[0]` (Player 0, moving first) and `choosers[1]`, told step by
/// step under `heading` with the course's commentary, the dice seeded by `seed`: the same seed
/// gives the same game. Each turn's steps are set apart by a blank line.
pub fn transcript<R: Rules>(
    rules: &R,
    choosers: [&dyn Chooser<R>; 2],
    heading: &str,
    seed: u64,
) -> String {
    seated_transcript(rules, &choosers, heading, seed)
}

/// [`transcript`] of a game of any number of seats, seat `k` choosing as `choosers[k]`.
pub fn seated_transcript<R: Rules>(
    rules: &R,
    choosers: &[&dyn Chooser<R>],
    heading: &str,
    seed: u64,
) -> String {
    format!("{heading}\n{}", told(rules, choosers, seed))
}

/// The game [`transcript`] tells, without its heading: each step as [`Rules::transcribe`]
/// says it, the seats numbered as [`Rules::numbered_from`] says. A game whose course prints
/// its games with no heading (Greed's `autoplayLoud`) prints this alone.
pub fn bare_transcript<R: Rules>(rules: &R, choosers: [&dyn Chooser<R>; 2], seed: u64) -> String {
    told(rules, &choosers, seed)
}

/// The game of `choosers` (any number of seats) told as [`bare_transcript`] tells it.
fn told<R: Rules>(rules: &R, choosers: &[&dyn Chooser<R>], seed: u64) -> String {
    let mut dice = SeededDice::new(seed);
    let names = Names::Numbered(rules.numbered_from());
    let mut said = commentary::full(names);
    let mut out = String::new();
    let mut state = rules.start(0);
    let mut last_mover = None;
    let mut told = |step: &super::rules::Step<'_, R>| {
        let mover = match rules.to_move(step.before) {
            ToMove::Seat(seat) => Some(seat),
            _ => None,
        };
        if last_mover.is_some() && mover != last_mover {
            out.push('\n');
        }
        last_mover = mover;
        for line in rules.transcribe(step, names, &mut said) {
            writeln!(out, "{line}").expect("a String");
        }
    };
    let ended = play_out(
        rules,
        &mut state,
        choosers,
        &mut |die| dice.face(die),
        TRANSCRIPT_DECISIONS,
        Some(&mut told),
    );
    match ended {
        Ended::Over => {}
        Ended::Endless => writeln!(out, "\n{NEVER_ENDS}").expect("a String"),
        Ended::Unfinished => writeln!(
            out,
            "\nStopped after {TRANSCRIPT_DECISIONS} decisions: the game counts as never ending."
        )
        .expect("a String"),
    }
    out
}
