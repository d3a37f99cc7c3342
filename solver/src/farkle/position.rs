//! A position inside a turn valued against a solution (`swine eval --from B,D,F,E,T,N`, and
//! after a roll `--dice`; `swine.position` in the Python package): the mover's chance at its
//! turn's start and what each choice there is worth, the mover playing perfectly afterwards.

use super::game::{DICE, Farkle, Table, UNIT};
use super::rules::{Move, Play, counts};
use super::solve::Solution;
use super::turn::Turn;
use crate::game::Rules;

/// The names of a position's six numbers, in the order `--from` gives them.
pub const AT_NAMES: [&str; 6] = [
    "own",
    "opponent",
    "own_farkles",
    "opponent_farkles",
    "turn_total",
    "dice_left",
];

/// A position of the mover (seat 0) inside a turn, as given: banked scores in points, farkles
/// in a row, the turn total in points and the dice left to roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The mover's banked score, points.
    pub own: i64,
    /// The opponent's banked score, points.
    pub opponent: i64,
    /// The mover's farkles in a row.
    pub own_farkles: i64,
    /// The opponent's farkles in a row.
    pub opponent_farkles: i64,
    /// The turn total so far, points.
    pub turn_total: i64,
    /// The dice left to roll (6 at turn total 0).
    pub dice_left: i64,
}

impl At {
    /// The position of six numbers in [`AT_NAMES`]' order.
    pub fn of(numbers: [i64; 6]) -> At {
        let [
            own,
            opponent,
            own_farkles,
            opponent_farkles,
            turn_total,
            dice_left,
        ] = numbers;
        At {
            own,
            opponent,
            own_farkles,
            opponent_farkles,
            turn_total,
            dice_left,
        }
    }
}

/// Why a position or the dice shown there cannot be valued; the message names the number and
/// its value, the caller says where it came from (`--from`, `at=`; `--dice`, `dice=`).
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    /// A number of the position is outside the game.
    #[error("{0}")]
    At(String),
    /// The dice shown are not a roll of the dice left, or score nothing.
    #[error("{0}")]
    Dice(String),
}

/// One choice at a position and P(the mover wins) taking it, then playing perfectly.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// As `swine eval` names it: `bank`, `roll`, or `keep P points, N dice left`.
    pub label: String,
    /// The move.
    pub choice: Move,
    /// P(the mover wins) with it.
    pub value: f64,
}

/// A position valued.
#[derive(Clone, Debug, PartialEq)]
pub struct Valued {
    /// P(the mover wins) at its turn's start (banked scores and farkle counts of the
    /// position), its strategy played.
    pub turn_start: f64,
    /// The position as the rules play it.
    pub play: Play,
    /// Without dice shown: bank (where the turn total may be banked) and roll; with dice
    /// shown: each way to keep, in the order the rules list them.
    pub choices: Vec<Choice>,
}

/// What `choice` at `play` is worth to the player in `seat` of `solution`, to move there,
/// its turn from the play's turn start solved ([`Solution::turn`]: `turn`, its `lane`): a keep
/// the best play from the turn total and dice it leaves, a roll each roll's best keep (a
/// farkle handing the opponent its turn), banking the opponent's turn start at the higher
/// score.
pub fn choice_value(
    solution: &Solution,
    seat: usize,
    (turn, lane): (&Turn, usize),
    play: &Play,
    choice: &Move,
) -> f64 {
    let state = play.table.state(solution.game());
    let (t, n) = (play.total, play.dice);
    match *choice {
        Move::Keep(keep) => {
            let next = t + keep.units as usize;
            turn.value(solution.layout(), next, usize::from(keep.left), lane)
        }
        Move::Roll => solution.roll_value(seat, state, (turn, lane), t, n),
        Move::Bank => solution.bank_value(seat, state, t),
    }
}

/// `at` (the solution's seat 0 to move) valued against `solution`, and after a roll showing
/// `dice` (faces, which must be in 1..=6 and as many as the dice left) each keep.
pub fn value_position(
    solution: &Solution,
    at: At,
    dice: Option<&[i64]>,
) -> Result<Valued, PositionError> {
    let game = solution.game();
    let play = locate(game, at, dice)?;
    let state = play.table.state(game);
    let (turn, lane) = solution.turn(0, state);
    let choices = game
        .choices(&play)
        .into_iter()
        .map(|choice| Choice {
            label: match choice {
                Move::Bank => "bank".to_string(),
                Move::Roll => "roll".to_string(),
                Move::Keep(keep) => {
                    format!("keep {} points, {} dice left", keep.units * UNIT, keep.left)
                }
            },
            value: choice_value(solution, 0, (&turn, lane), &play, &choice),
            choice,
        })
        .collect();
    Ok(Valued {
        turn_start: solution.value(0, state),
        play,
        choices,
    })
}

/// Checks `at` and the dice shown there against `game`'s rules, solving nothing: the check
/// `swine eval --from` makes before any solve.
pub fn check_position(game: &Farkle, at: At, dice: Option<&[i64]>) -> Result<(), PositionError> {
    locate(game, at, dice).map(drop)
}

/// `at` (its mover seat 0) as the rules play it, after a roll showing `dice` if given; or
/// which number is outside the game, or what is wrong with the dice.
fn locate(game: &Farkle, at: At, dice: Option<&[i64]>) -> Result<Play, PositionError> {
    let bad = |text: String| Err(PositionError::At(text));
    let score = |points: i64, name: &str| {
        game.index(points).ok_or_else(|| {
            PositionError::At(format!(
                "{name} {points} is not a banked score (a multiple of {UNIT} in {}..{})",
                game.settings().floor,
                game.goal()
            ))
        })
    };
    let (own, opponent) = (score(at.own, "own")?, score(at.opponent, "opponent")?);
    for (name, count) in [
        ("own_farkles", at.own_farkles),
        ("opponent_farkles", at.opponent_farkles),
    ] {
        if !(0..game.farkles() as i64).contains(&count) {
            return bad(format!("{name} {count} is outside 0..{}", game.farkles()));
        }
    }
    let (t, n) = (at.turn_total, at.dice_left);
    let unit = i64::from(UNIT);
    let reach = (game.scores() - own) as i64;
    if t < 0 || t % unit != 0 || t / unit >= reach {
        return bad(format!(
            "turn_total {t} must be a multiple of {UNIT} with {} + it below the goal {}",
            at.own,
            game.goal()
        ));
    }
    if !(1..=DICE as i64).contains(&n) || (t == 0 && n != DICE as i64) {
        return bad(format!(
            "dice_left {n} must be in 1..=6 (6 at turn total 0)"
        ));
    }
    let table = Table {
        scores: [own, opponent],
        counts: [at.own_farkles, at.opponent_farkles].map(|count| count as usize),
        mover: 0,
    };
    let (t, n) = ((t / unit) as usize, n as usize);
    let shown = dice.map(|faces| shown(game, faces, n)).transpose()?;
    Ok(Play::at(table, t, n, shown.as_deref()))
}

/// `faces`, a roll of `dice` dice that scores, or what is wrong with it.
fn shown(game: &Farkle, faces: &[i64], dice: usize) -> Result<Vec<u8>, PositionError> {
    if let Some(face) = faces.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(PositionError::Dice(format!("face {face} is not in 1..=6")));
    }
    if faces.len() != dice {
        return Err(PositionError::Dice(format!(
            "{} dice shown, but {dice} were rolled",
            faces.len()
        )));
    }
    let faces: Vec<u8> = faces.iter().map(|&face| face as u8).collect();
    if game.offer(&counts(&faces)).is_none() {
        return Err(PositionError::Dice("a farkle, nothing to keep".to_string()));
    }
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::farkle::{Player, solve};

    #[test]
    fn a_goal_of_one_scoring_roll_values_the_roll_and_every_keep() {
        // Goal 50, floor 0: any scoring roll wins at once, so every keep is worth 1 and the
        // roll at the start is W = 216/221 (see the module's tests of the solve).
        let game = Farkle::new(&[("goal".to_string(), 50), ("floor".to_string(), 0)]).unwrap();
        let solution = solve(&game, [Player::Optimising; 2], &|_| {}).unwrap();
        let start = At::of([0, 0, 0, 0, 0, 6]);
        let valued = value_position(&solution, start, None).unwrap();
        assert_eq!(valued.choices.len(), 1);
        assert_eq!(valued.choices[0].label, "roll");
        approx::assert_relative_eq!(valued.turn_start, 216.0 / 221.0, max_relative = 1e-14);
        approx::assert_relative_eq!(valued.choices[0].value, 216.0 / 221.0, max_relative = 1e-14);
        let rolled = value_position(&solution, start, Some(&[1, 5, 2, 3, 4, 4])).unwrap();
        let keeps: Vec<(Move, f64)> = rolled.choices.iter().map(|c| (c.choice, c.value)).collect();
        let keep = |units, left| Move::Keep(crate::farkle::Keep { units, left });
        assert_eq!(
            keeps,
            [(keep(1, 5), 1.0), (keep(2, 5), 1.0), (keep(3, 4), 1.0)]
        );
        assert_eq!(rolled.choices[1].label, "keep 100 points, 5 dice left");
    }

    #[test]
    fn numbers_outside_the_game_are_named() {
        let game = Farkle::new(&[("goal".to_string(), 50), ("floor".to_string(), 0)]).unwrap();
        let solution = solve(&game, [Player::Optimising; 2], &|_| {}).unwrap();
        let message = |at: [i64; 6], dice: Option<&[i64]>| {
            value_position(&solution, At::of(at), dice)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            message([50, 0, 0, 0, 0, 6], None),
            "own 50 is not a banked score (a multiple of 50 in 0..50)"
        );
        assert_eq!(
            message([0, 0, 0, 0, 0, 3], None),
            "dice_left 3 must be in 1..=6 (6 at turn total 0)"
        );
        assert_eq!(
            message([0, 0, 0, 0, 0, 6], Some(&[0, 1, 1, 1, 1, 1])),
            "face 0 is not in 1..=6"
        );
        assert_eq!(
            message([0, 0, 0, 0, 0, 6], Some(&[2, 3, 4, 6, 6, 2])),
            "a farkle, nothing to keep"
        );
    }
}
