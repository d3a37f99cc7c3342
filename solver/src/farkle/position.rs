//! A position inside a turn valued against a solution (`swine eval --from B,D,F,E,T,N`, and
//! after a roll `--dice`; `swine.position` in the Python package): the mover's chance at its
//! turn's start and what each choice there is worth, the mover playing perfectly afterwards.

use super::game::{DICE, Farkle, UNIT, keeps_of};
use super::solve::Solution;

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
    /// After a roll: the keep's points and the dice then left (six after hot dice).
    pub keep: Option<(u32, u8)>,
    /// P(the mover wins) with it.
    pub value: f64,
}

/// A position valued.
#[derive(Clone, Debug, PartialEq)]
pub struct Valued {
    /// P(the mover wins) at its turn's start (banked scores and farkle counts of the
    /// position), its strategy played.
    pub turn_start: f64,
    /// Without dice shown: bank (where the turn total may be banked) and roll; with dice
    /// shown: each way to keep, in the order the rules list them.
    pub choices: Vec<Choice>,
}

/// `at` (the solution's seat 0 to move) valued against `solution`, and after a roll showing
/// `dice` (faces, which must be in 1..=6 and as many as the dice left) each keep.
pub fn value_position(
    solution: &Solution,
    at: At,
    dice: Option<&[i64]>,
) -> Result<Valued, PositionError> {
    let game = solution.game();
    let (state, t, n) = locate(game, at)?;
    let (turn, lane) = solution.turn(0, state);
    let mut choices = Vec::new();
    match dice {
        None => {
            if t >= game.min_bank_units() {
                choices.push(Choice {
                    label: "bank".to_string(),
                    keep: None,
                    value: solution.bank_value(0, state, t),
                });
            }
            choices.push(Choice {
                label: "roll".to_string(),
                keep: None,
                value: solution.roll_value(0, state, (&turn, lane), t, n),
            });
        }
        Some(faces) => {
            let counts = counts(faces, n)?;
            let keeps = keeps_of(game.settings(), &counts);
            if keeps.is_empty() {
                return Err(PositionError::Dice("a farkle, nothing to keep".to_string()));
            }
            for keep in keeps {
                let (points, left) = (keep.units * UNIT, keep.left);
                let next = t + keep.units as usize;
                choices.push(Choice {
                    label: format!("keep {points} points, {left} dice left"),
                    keep: Some((points, left)),
                    value: turn.value(solution.layout(), next, left as usize, lane),
                });
            }
        }
    }
    Ok(Valued {
        turn_start: solution.value(0, state),
        choices,
    })
}

/// Checks `at` and the dice shown there against `game`'s rules, solving nothing: the check
/// `swine eval --from` makes before any solve.
pub fn check_position(game: &Farkle, at: At, dice: Option<&[i64]>) -> Result<(), PositionError> {
    let (_, _, n) = locate(game, at)?;
    if let Some(faces) = dice {
        let counts = counts(faces, n)?;
        if keeps_of(game.settings(), &counts).is_empty() {
            return Err(PositionError::Dice("a farkle, nothing to keep".to_string()));
        }
    }
    Ok(())
}

/// The turn-start state of `at`, its turn total in units and its dice left, or which number
/// is outside the game.
fn locate(game: &Farkle, at: At) -> Result<(usize, usize, usize), PositionError> {
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
    let state = game.state(
        own,
        opponent,
        at.own_farkles as usize,
        at.opponent_farkles as usize,
    );
    Ok((state, (t / unit) as usize, n as usize))
}

/// The counts per face of `faces`, a roll of `dice` dice, or what is wrong with it.
fn counts(faces: &[i64], dice: usize) -> Result<[u8; DICE], PositionError> {
    if let Some(face) = faces.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(PositionError::Dice(format!("face {face} is not in 1..=6")));
    }
    if faces.len() != dice {
        return Err(PositionError::Dice(format!(
            "{} dice shown, but {dice} were rolled",
            faces.len()
        )));
    }
    let mut counts = [0u8; DICE];
    for &face in faces {
        counts[face as usize - 1] += 1;
    }
    Ok(counts)
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
        let keeps: Vec<(Option<(u32, u8)>, f64)> =
            rolled.choices.iter().map(|c| (c.keep, c.value)).collect();
        assert_eq!(
            keeps,
            [
                (Some((50, 5)), 1.0),
                (Some((100, 5)), 1.0),
                (Some((150, 4)), 1.0)
            ]
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
