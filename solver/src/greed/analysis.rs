//! The questions users ask of Greed, each answered by one or two sweeps.
//!
//! Optimising players are solved first, on values alone ([`solve`]); then the policies every
//! seat ends up with are evaluated on win, tie and loss probabilities ([`evaluate`]). The
//! outcome a solve reports is that evaluation of the table it writes, so `swine eval` of the
//! written table prints exactly the same numbers.

use super::game::Greed;
use super::policy::Policy;
use super::strategy::Strategy;
use super::sweep::{Player, SolveError, sweep};
use super::value::Wtl;
use ndarray::ArrayD;

use crate::format::{TableFile, TableMeta, ValuesFile};
use crate::outcome::{Outcome, Position, SeatOutcome};
use crate::table::Table;

/// The values and choices of both seats in every state, from one sweep.
#[derive(Clone, Debug)]
pub struct Solution {
    values: [Vec<f64>; 2],
    dice: [Vec<u8>; 2],
    residual: f64,
    start: usize,
}

impl Solution {
    /// The value (P(win) + ½·P(tie)) of the player in `seat` to move in `state`.
    pub fn value(&self, seat: usize, state: usize) -> f64 {
        self.values[seat][state]
    }

    /// The dice the player in `seat` rolls in every state.
    pub fn policy(&self, seat: usize) -> Policy {
        Policy::from_states(self.dice[seat].clone())
    }

    /// The largest `|V − max_n Q(n)|` over all states: how far the values are from the game's
    /// equations.
    pub fn residual(&self) -> f64 {
        self.residual
    }

    /// Seat 0's value from the start, moving first and moving second.
    pub fn start_values(&self) -> [f64; 2] {
        [self.values[0][self.start], 1.0 - self.values[1][self.start]]
    }
}

/// Solves the game with `players[0]` in seat 0 and `players[1]` in seat 1 on values.
pub fn solve(game: &Greed, players: [&Player; 2]) -> Result<Solution, SolveError> {
    let swept = sweep::<f64>(game, players)?;
    Ok(Solution {
        values: swept.values,
        dice: swept.dice,
        residual: swept.residual,
        start: game.start(),
    })
}

/// The exact outcome of `policies[0]` against `policies[1]`, with the sweep's residual.
pub fn evaluate(game: &Greed, policies: [&Policy; 2]) -> Result<(Outcome, f64), SolveError> {
    let players = policies.map(|p| Player::Fixed(p.clone()));
    let swept = sweep::<Wtl>(game, [&players[0], &players[1]])?;
    let start = game.start();
    let outcome = Outcome {
        first: seat(swept.values[0][start]),
        second: seat(swept.values[1][start]).flipped(),
    };
    Ok((outcome, swept.residual))
}

/// A state's win, tie and loss for the player to move. Sums of probabilities can round a hair
/// past 1 (1 + 2^-52): no report shows that.
fn seat(w: Wtl) -> SeatOutcome {
    SeatOutcome {
        win: w.win.clamp(0.0, 1.0),
        tie: w.tie.clamp(0.0, 1.0),
        loss: w.loss.clamp(0.0, 1.0),
    }
}

/// A match-up played out exactly: each seat's policy (optimisers solved first), the outcome,
/// and the largest residual of the sweeps.
#[derive(Clone, Debug)]
pub struct Match {
    /// Seat 0's results, moving first and second.
    pub outcome: Outcome,
    /// The policy each seat followed.
    pub policies: [Policy; 2],
    /// The largest residual of the solve (if any) and the evaluation.
    pub residual: f64,
}

/// Plays `strategy` (seat 0) against `opponent` exactly: an optimising side is solved first
/// (best response, or minimax when both optimise), then both policies are evaluated.
pub fn play(game: &Greed, strategy: &Strategy, opponent: &Strategy) -> Result<Match, SolveError> {
    let (policies, solve_residual) = policies(game, strategy, opponent)?;
    let (outcome, residual) = evaluate(game, [&policies[0], &policies[1]])?;
    Ok(Match {
        outcome,
        policies,
        residual: residual.max(solve_residual),
    })
}

/// The policies `strategy` (seat 0) and `opponent` follow against each other (an optimising
/// side solved first), with the solve's residual (0 when both are fixed).
fn policies(
    game: &Greed,
    strategy: &Strategy,
    opponent: &Strategy,
) -> Result<([Policy; 2], f64), SolveError> {
    let players = [strategy.player(), opponent.player()];
    Ok(match players {
        [Player::Fixed(a), Player::Fixed(b)] => ([a.clone(), b.clone()], 0.0),
        _ => {
            let solution = solve(game, players)?;
            (
                [solution.policy(0), solution.policy(1)],
                solution.residual(),
            )
        }
    })
}

/// The position (own, opponent, whether the opponent just passed) of `strategy` against
/// `opponent`, `strategy` to move: its win, tie and loss from there, and the value of passing
/// and of each dice count worth considering there (up to the cap of [`Greed::cap`] or the
/// strategy's own choice).
pub fn position(
    game: &Greed,
    strategy: &Strategy,
    opponent: &Strategy,
    (own, opponent_score, passed): (usize, usize, bool),
) -> Result<Position, SolveError> {
    let (policies, _) = policies(game, strategy, opponent)?;
    let players = policies.map(Player::Fixed);
    let swept = sweep::<Wtl>(game, [&players[0], &players[1]])?;
    let state = game.state(own, opponent_score, passed);
    let chosen = swept.dice[0][state];
    let most = game.cap(game.limit() as usize - own).max(chosen);
    let choices = (0..=most)
        .map(|n| {
            let value = swept.roll_value(game, 0, (own, opponent_score, passed), n);
            (n, seat(value).value())
        })
        .collect();
    Ok(Position {
        outcome: seat(swept.values[0][state]),
        choices,
        chosen,
    })
}

/// The optimal strategy against an opponent, as `swine solve` writes it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The strategy table with its exact values.
    pub file: TableFile,
    /// The table's exact outcome against the opponent (for minimax: against itself).
    pub outcome: Outcome,
    /// Under minimax, the first player's value (P(win) + ½·P(tie)) with both optimal.
    pub first_player_wins: Option<f64>,
    /// The largest residual of the solve and the evaluation.
    pub residual: f64,
}

/// The best response to `opponent`, or the minimax strategy if `opponent` optimises too.
pub fn solve_against(game: &Greed, opponent: &Strategy) -> Result<Solved, SolveError> {
    let optimal = Strategy::parse("optimal", game).expect("optimal is a Greed strategy");
    let played = play(game, &optimal, opponent)?;
    let minimax = opponent.is_optimising();
    let (name, opponent_name, about) = if minimax {
        (
            "minimax",
            "minimax",
            "Both players optimal (minimax): neither can do better against the other.".to_string(),
        )
    } else {
        (
            "optimal",
            opponent.name(),
            format!(
                "The exact best response: no strategy does better against {}.",
                opponent.name()
            ),
        )
    };
    let table = Table::new(game.schema(), played.policies[0].to_table(game).into_dyn())
        .expect("dice of a Greed policy fit its schema");
    Ok(Solved {
        file: TableFile {
            meta: TableMeta {
                strategy: name.to_string(),
                opponent: opponent_name.to_string(),
                win_rates: Some(played.outcome.win_rates()),
                about: Some(format!(
                    "{about} Value = P(win) + P(tie)/2; ties between dice counts go to the \
                     smallest."
                )),
                exact: None,
            },
            table,
        },
        outcome: played.outcome,
        first_player_wins: minimax.then_some(played.outcome.as_first()),
        residual: played.residual,
    })
}

/// The value (P(win) + ½·P(tie)) of every state for `strategy` against `opponent`, with
/// `strategy` to move, as a values file named `stem`, indexed `[own][opponent][passed]`
/// (`passed`: 1 if the opponent passed on its last turn).
pub fn values_file(
    game: &Greed,
    strategy: &Strategy,
    opponent: &Strategy,
    stem: String,
) -> Result<ValuesFile, SolveError> {
    // The values of the policies played, from the same win/tie/loss sweep that reports the
    // outcome, so the start's value is the reported one to the last bit.
    let (policies, _) = policies(game, strategy, opponent)?;
    let players = policies.map(Player::Fixed);
    let swept = sweep::<Wtl>(game, [&players[0], &players[1]])?;
    let scores = game.scores();
    let values = ArrayD::from_shape_fn(vec![scores, scores, 2], |index| {
        seat(swept.values[0][game.state(index[0], index[1], index[2] == 1)]).value()
    });
    Ok(ValuesFile {
        stem,
        rules: super::NAME.to_string(),
        goal: game.limit(),
        strategy: strategy.name().to_string(),
        opponent: opponent.name().to_string(),
        axes: vec!["own".into(), "opponent".into(), "passed".into()],
        values,
    })
}
