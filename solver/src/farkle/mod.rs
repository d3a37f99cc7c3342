//! Farkle (RULES.md, "Farkle"): six dice, keep scoring combinations, bank or roll on; a roll
//! that scores nothing loses the turn, three in a row cost 500 banked points.
//!
//! - [`Farkle`]: the rules as data ([`Settings`], every number a `--set`), what a roll of n
//!   dice offers ([`Throw`], [`Offer`], [`Keep`]), the turn-start states.
//! - [`solve`]: the turn-start values W(b, d, f, e) of both seats by policy iteration, the
//!   residual reported; every decision inside a turn follows from them by one small solve
//!   ([`Solution::turn`], [`Turn`]).
//! - [`Player`], [`Fixed`]: the optimiser and the built-in policies; [`Strategy`]: their specs.
//! - [`bank_map`]: where a solved player banks, by dice left, over the scores.
//! - [`Play`], [`Move`]: the rules as the one rules interface plays them, decision by decision
//!   with real dice: the simulator, transcripts and `play` and `serve` (through the one
//!   sitting); [`Plays`]: a solved seat's decisions there, the Monte Carlo check.
//! - [`value_position`]: a position inside a turn and each choice there valued (`eval --from`).
//! - [`PythonStrategy`]: a strategy written in Python, asked in batches ([`Asking`]); evaluated
//!   exactly where its play fits [`EXACT_LIMIT`] decision points, simulated at any size.

mod committed;
mod game;
mod interface;
mod map;
mod plays;
mod policy;
mod position;
mod python;
mod record;
mod rules;
pub mod seats;
mod session;
mod solve;
mod strategy;
mod study;
mod turn;

pub use game::{
    DICE, Farkle, FarkleError, Keep, MAX_FARKLES, MAX_GOAL, MIN_FLOOR, NAME, Offer, PARAMETERS,
    Settings, Table, Throw, UNIT, YARDSTICK, keeps_of,
};
pub use interface::FarkleGame;
pub use map::{BankMap, bank_map};
pub use plays::Plays;
pub use policy::{Fixed, Player, keep_most, max_points, set_aside};
pub use position::{AT_NAMES, At, Choice, PositionError, Valued, check_position, value_position};
pub use python::{
    Asking, Decision, EXACT_LIMIT, ExactError, FUNCTION, PythonStrategy, Question, SIGNATURE,
    decision_points,
};
pub use record::GAME;
pub use rules::{Move, Play, Unkept, counts, dice_of, keep_of, spaced};
pub use session::MoveError;
pub use solve::{
    MAX_PASSES, MAX_ROUNDS, Progress, RESIDUAL, SETTLED, Solution, SolveError, Turns, VALUES_AXES,
    VALUES_FORMATS, backup, solve, solve_given, solve_stopping, solve_with, values_file,
};
pub use strategy::{
    DEFAULT_GAMES, MatchError, Measured, STRATEGY_FORMS, Seated, Strategy, Unvalued, evaluate,
    evaluate_stopping, measure, meet, play_games, python_names,
};
pub use turn::{Best, Decide, LANES, Lanes, Layout, Mass, Transition, Turn};

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::simulate::simulate;
    use crate::outcome::independent_mean;
    use std::sync::atomic::AtomicBool;

    fn game(settings: &[(&str, i64)]) -> Farkle {
        let settings: Vec<(String, i64)> =
            settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
        Farkle::new(&settings).unwrap()
    }

    fn minimax(game: &Farkle) -> Solution {
        solve(game, [Player::Optimising; 2], &|_| {}).unwrap()
    }

    #[test]
    fn a_goal_of_one_scoring_roll() {
        // Goal 50: any scoring roll of six dice wins at once; a farkle (5/216) passes the
        // turn and nothing else changes (the floor is 0, so the penalty takes nothing). W = (1
        // − q) + q (1 − W), W = 1 / (1 + q) = 216/221.
        let game = game(&[("goal", 50), ("floor", 0)]);
        let solution = minimax(&game);
        approx::assert_relative_eq!(
            solution.value(0, game.start()),
            216.0 / 221.0,
            max_relative = 1e-14
        );
        assert!(solution.residual() <= RESIDUAL);
    }

    #[test]
    fn value_iteration_over_every_state_agrees() {
        // The penalty to the floor (goal 500, floor −250), a penalty that lowers a score
        // partly and a least bankable total (two farkles cost 100), each against the
        // reference's plain value iteration over every within-turn state.
        for settings in [
            vec![("goal", 500), ("floor", -250)],
            vec![
                ("goal", 400),
                ("floor", -200),
                ("farkles", 2),
                ("penalty", 100),
                ("min_bank", 150),
            ],
        ] {
            let game = game(&settings);
            let solution = minimax(&game);
            assert!(solution.residual() <= RESIDUAL);
            let reference = reference::Reference::solve(game.settings());
            let mut worst: f64 = 0.0;
            for state in 0..game.states() {
                let (own, opponent, f, e) = game.position(state);
                let expected = reference.value(own, opponent, f, e);
                worst = worst.max((solution.value(0, state) - expected).abs());
            }
            assert!(worst <= 1e-12, "{settings:?}: off by {worst:e}");
        }
    }

    #[test]
    fn the_penalty_and_the_floor_matter() {
        let start = |settings: &[(&str, i64)]| {
            let game = game(settings);
            minimax(&game).value(0, game.start())
        };
        let base = start(&[("goal", 500), ("floor", -250)]);
        let free = start(&[("goal", 500), ("floor", -250), ("penalty", 0)]);
        let deeper = start(&[("goal", 500), ("floor", -500)]);
        assert!((base - free).abs() > 1e-6, "{base} {free}");
        assert!((base - deeper).abs() > 1e-9, "{base} {deeper}");
    }

    #[test]
    fn a_strategy_against_itself_is_even_by_seats() {
        let game = game(&[("goal", 1000), ("floor", -500)]);
        let bank = Player::Fixed(Fixed::BankAt {
            total: 300,
            dice: 0,
        });
        let solution = solve(&game, [bank, bank], &|_| {}).unwrap();
        let matchup = solution.matchup();
        approx::assert_abs_diff_eq!(matchup.win_rate(), 0.5, epsilon = 1e-14);
        assert!(matchup.as_first() > 0.5);
        // Optimal play beats it from both seats.
        let best = solve(&game, [Player::Optimising, bank], &|_| {}).unwrap();
        assert!(best.matchup().as_first() > matchup.as_first());
        assert!(best.matchup().as_second() > matchup.as_second());
        assert!(best.residual() <= RESIDUAL);
    }

    #[test]
    fn the_equilibrium_evaluated_as_a_fixed_policy() {
        // Its decisions evaluated by Gauss-Seidel against itself give back what policy
        // iteration found; against a fixed policy it does no better than the best response.
        let game = game(&[("goal", 1000), ("floor", -500)]);
        let minimax = minimax(&game);
        let itself = solve(&game, [Player::Equilibrium; 2], &|_| {}).unwrap();
        let worst = (0..game.states())
            .map(|state| (itself.value(0, state) - minimax.value(0, state)).abs())
            .fold(0.0, f64::max);
        assert!(worst <= 1e-12, "off by {worst:e}");
        let bank = Player::Fixed(Fixed::BankAt {
            total: 300,
            dice: 0,
        });
        let equilibrium =
            solve_given(&game, [Player::Equilibrium, bank], Some(&minimax), &|_| {}).unwrap();
        let on_its_own = solve(&game, [Player::Equilibrium, bank], &|_| {}).unwrap();
        assert_eq!(
            equilibrium.matchup().win_rate(),
            on_its_own.matchup().win_rate()
        );
        let best = solve(&game, [Player::Optimising, bank], &|_| {}).unwrap();
        let (e, b) = (equilibrium.matchup(), best.matchup());
        assert!(e.as_first() <= b.as_first() + 1e-14 && e.as_second() <= b.as_second() + 1e-14);
        assert!(e.win_rate() < b.win_rate(), "{e:?} {b:?}");
        assert!(e.win_rate() > 0.5);
        assert!(equilibrium.residual() <= RESIDUAL);
    }

    #[test]
    fn one_backup_keeps_solved_values_and_moves_stale_ones() {
        let game = game(&[("goal", 1000), ("floor", -500)]);
        let bank = Fixed::BankAt {
            total: 300,
            dice: 0,
        };
        for opponent in [None, Some(bank)] {
            let player = opponent.map_or(Player::Optimising, Player::Fixed);
            let solution = solve(&game, [Player::Optimising, player], &|_| {}).unwrap();
            let go = AtomicBool::new(false);
            let (change, taken) = backup(&game, opponent, solution.values(0), &go).unwrap();
            assert!(change <= 1e-13, "{opponent:?}: {change:e}");
            let (outcome, exact) = (taken.matchup(), solution.matchup());
            approx::assert_abs_diff_eq!(outcome.as_first(), exact.as_first(), epsilon = 1e-15);
            approx::assert_abs_diff_eq!(outcome.as_second(), exact.as_second(), epsilon = 1e-15);
            // The opponent's values, from one step of its policy, are the solve's everywhere.
            let apart = (taken.values(1).iter().zip(solution.values(1)))
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            assert!(apart <= 1e-13, "{opponent:?}: {apart:e}");
            let stopped = backup(&game, opponent, solution.values(0), &AtomicBool::new(true));
            assert_eq!(stopped.err(), Some(SolveError::Stopped));
            // The values of another game (a penalty of 400) are no fixed point of this one.
            let other = Farkle::new(&[
                ("goal".to_string(), 1000),
                ("floor".to_string(), -500),
                ("penalty".to_string(), 400),
            ])
            .unwrap();
            let stale = solve(&other, [Player::Optimising, player], &|_| {}).unwrap();
            let (change, _) = backup(&game, opponent, stale.values(0), &go).unwrap();
            assert!(change > 1e-4, "{opponent:?}: {change:e}");
        }
    }

    /// How many standard errors the win rate of `games` simulated games per seat (dice seeded
    /// by `seed`) lies from `solution`'s exact one.
    fn simulated_z(solution: &Solution, games: u64, seed: u64) -> f64 {
        let [a, b] = [0, 1].map(|seat| Plays { solution, seat });
        let simulated = simulate(solution.game(), [&a, &b], (games, seed), &|_: u64| {});
        let exact = solution.matchup();
        let error = independent_mean([
            exact.first.value_error(games),
            exact.second.value_error(games),
        ]);
        (simulated.win_rate() - exact.win_rate()) / error
    }

    #[test]
    fn simulation_agrees_with_the_exact_values() {
        let game = game(&[("goal", 500), ("floor", -250)]);
        for players in [
            [Player::Optimising, Player::Fixed(Fixed::MaxPoints)],
            [
                Player::Fixed(Fixed::BankAt {
                    total: 350,
                    dice: 3,
                }),
                Player::Optimising,
            ],
            [Player::Fixed(Fixed::MaxPoints), Player::Equilibrium],
        ] {
            let solution = solve(&game, players, &|_| {}).unwrap();
            let z = simulated_z(&solution, 20_000, 7);
            assert!(z.abs() < 4.0, "{players:?}: z = {z}");
        }
    }

    #[test]
    fn simulated_max_points_passes_up_a_win_as_its_exact_evaluation_does() {
        // Goal 300: a keep that just reaches the goal is often worth fewer points than a
        // smaller keep rolled on with more dice, so `max_points` passes up such wins (a turn
        // total reaching the goal counts as its points). The simulator must play those keeps
        // as the exact evaluation does (it took every win once: z = 5.2 here).
        let game = game(&[("goal", 300)]);
        let players = [
            Player::Fixed(Fixed::MaxPoints),
            Player::Fixed(Fixed::BankAt {
                total: 300,
                dice: 0,
            }),
        ];
        let solution = solve(&game, players, &|_| {}).unwrap();
        let z = simulated_z(&solution, 20_000, 11);
        assert!(z.abs() < 4.0, "z = {z}");
    }
}
