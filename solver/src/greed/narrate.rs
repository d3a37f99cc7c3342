//! A Greed turn in words, two ways: as play tells it ([`said`]: the dice, the scores, the
//! course's commentary, who went over) and as the assignment's `autoplayLoud` prints it
//! ([`printed`], what `--transcript` writes).

use super::game::Greed;
use super::turn::End;
use crate::commentary::{Commentary, Names};
use crate::game::Step;

/// The faces `step` threw, in words, and their total.
fn faces(step: &Step<'_, Greed>) -> (Vec<String>, u32) {
    let shown = step.thrown.iter().map(u8::to_string).collect();
    let total = step.thrown.iter().map(|&face| u32::from(face)).sum();
    (shown, total)
}

/// What `commentary` says of a turn that ended as `end` with `scores`: nothing on a bust,
/// whose score over the limit is a loss, not a gain.
fn comment(commentary: &mut dyn Commentary, end: Option<End>, scores: [u32; 2]) -> Vec<String> {
    match end {
        Some(End::Bust(_)) => Vec::new(),
        _ => commentary.comment(scores),
    }
}

/// `step`'s turn as play tells it, the seats called `names`, going over `limit` losing: the
/// dice (`Player 1 rolls 3 dice: 1 5 3, total 9.`) or the pass and who has the last turn,
/// the scores, what `commentary` says, and who went over the limit.
pub fn said(
    limit: u32,
    step: &Step<'_, Greed>,
    names: Names,
    commentary: &mut dyn Commentary,
) -> Vec<String> {
    let mover = step.before.game.mover;
    let after = step.after;
    let (shown, total) = faces(step);
    let mut lines = vec![match step.choice {
        0 => format!("{}.", names.act(mover, "passes", "pass")),
        dice => format!(
            "{} {dice} dice: {}, total {total}.",
            names.act(mover, "rolls", "roll"),
            shown.join(" ")
        ),
    }];
    if after.end.is_none() && after.game.passed {
        lines.push(format!(
            "{} one last turn.",
            names.act(1 - mover, "has", "have")
        ));
    }
    let scores = after.game.scores;
    lines.push(format!(
        "Scores: {} {}, {} {}.",
        names.name(0),
        scores[0],
        names.name(1),
        scores[1]
    ));
    lines.extend(comment(commentary, after.end, scores));
    if let Some(End::Bust(seat)) = after.end {
        lines.push(format!("{} went over {limit}.", names.subject(seat)));
    }
    lines
}

/// `step`'s turn as the assignment's `autoplayLoud` prints it, the seats called `names`: the
/// scores, whose turn, the dice chosen, the dice rolled and the turn's total, then what
/// `commentary` says (the course's Hog commentary: lead changes and biggest gains); at the
/// end, the scores and who won (or that it is a tie, or who went over `limit`).
pub fn printed(
    limit: u32,
    step: &Step<'_, Greed>,
    names: Names,
    commentary: &mut dyn Commentary,
) -> Vec<String> {
    let mover = step.before.game.mover;
    let after = step.after;
    let scores = |scores: [u32; 2]| {
        format!(
            "{}: {}    {}: {}",
            names.subject(0),
            scores[0],
            names.subject(1),
            scores[1]
        )
    };
    let (shown, total) = faces(step);
    let rolled = if shown.is_empty() {
        String::new()
    } else {
        format!("   {}", shown.join(" "))
    };
    let mut lines = vec![
        scores(step.before.game.scores),
        format!("It is {}'s turn.", names.name(mover)),
        format!("{} dice chosen.", step.choice),
        format!("Dice rolled:{rolled}"),
        format!("Total for this turn:  {total}"),
    ];
    lines.extend(comment(commentary, after.end, after.game.scores));
    if let Some(end) = after.end {
        lines.push(scores(after.game.scores));
        lines.push(match end {
            End::Won(seat) => format!("{}.", names.act(seat, "wins", "win")),
            End::Bust(seat) => format!(
                "{} went over {limit}. {}.",
                names.subject(seat),
                names.act(1 - seat, "wins", "win")
            ),
            End::Tie => "It's a tie.".to_string(),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commentary;
    use crate::dice::SeededDice;
    use crate::game::play_choice;
    use crate::game::simulate::bare_transcript;
    use crate::greed::turn::Game;
    use crate::greed::{Greed, Plays, Policy, Table};

    #[test]
    fn a_bust_is_no_gain() {
        let game = Greed::new(100).unwrap();
        let before = Table::at(Game {
            scores: [99, 0],
            mover: 0,
            passed: false,
        });
        let mut after = before;
        let mut dice = SeededDice::new(1);
        let mut thrown = Vec::new();
        play_choice(
            &game,
            &mut after,
            &30,
            &mut |die| dice.face(die),
            &mut thrown,
        );
        let step = Step {
            before: &before,
            choice: &30,
            thrown: &thrown,
            after: &after,
        };
        let names = Names::Numbered(1);
        let lines = said(100, &step, names, &mut commentary::full(names));
        assert_eq!(after.end, Some(End::Bust(0)));
        assert!(after.game.scores[0] > 100);
        assert!(lines.iter().all(|l| !l.contains("gain")), "{lines:?}");
        assert_eq!(lines.last().unwrap(), "Player 1 went over 100.");
    }

    #[test]
    fn a_pass_gives_the_other_one_last_turn_and_ends_a_last_turn() {
        let game = Greed::new(100).unwrap();
        let names = Names::YouAndComputer;
        let mut said_so = commentary::full(names);
        let mut tell = |before: Table| {
            let mut after = before;
            let mut thrown = Vec::new();
            play_choice(&game, &mut after, &0, &mut |_| unreachable!(), &mut thrown);
            let step = Step {
                before: &before,
                choice: &0,
                thrown: &thrown,
                after: &after,
            };
            said(100, &step, names, &mut said_so)
        };
        let mut first = Table::at(Game::new(0));
        first.game.scores = [40, 30];
        // (The commentary follows, on scores it has not heard yet.)
        assert_eq!(
            tell(first)[..3],
            [
                "You pass.",
                "The computer has one last turn.",
                "Scores: you 40, the computer 30."
            ]
        );
        first.game.passed = true;
        assert_eq!(
            tell(first),
            ["You pass.", "Scores: you 40, the computer 30."]
        );
    }

    #[test]
    fn transcripts_follow_autoplay_loud_and_repeat_with_the_seed() {
        let game = Greed::new(100).unwrap();
        let sample1 = Policy::from_fn(
            &game,
            |own, opponent, _| if own > opponent { 0 } else { 12 },
        );
        let seat = Plays {
            greed: &game,
            policy: &sample1,
        };
        let text = bare_transcript(&game, [&seat, &seat], 3);
        assert!(text.starts_with(
            "Player 1: 0    Player 2: 0\nIt is Player 1's turn.\n12 dice chosen.\nDice rolled:   "
        ));
        assert!(
            text.ends_with("wins.\n") || text.ends_with("It's a tie.\n"),
            "{text}"
        );
        assert_eq!(text, bare_transcript(&game, [&seat, &seat], 3));
        assert!(text.contains("takes the lead by"), "{text}");
        assert!(
            text.contains("That's the biggest gain yet for Player 1"),
            "{text}"
        );
    }
}
