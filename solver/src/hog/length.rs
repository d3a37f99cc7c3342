//! How long a game lasts: the expected number of turns of a solved match-up.
//!
//! The forward pass ([`reach`](super::reach)) gives, for every state and seat, the expected
//! number of times a game passes through the state with that seat to move, each seat starting
//! half the games. Every such pass is one turn: an extra turn is a pass through the state it
//! leads to with the same seat to move, and a turn that scores nothing and comes back to the
//! same state is a second pass through it. So the expected number of turns of a game is the
//! sum of those expectations over every state and seat, exactly as where every turn raises the
//! total (each state passed at most once, with its probability), and on totals where positions
//! repeat (the pass weighs each cycle of such turns by `1 / (1 − B)`, `B` the probability of
//! going round it).
//!
//! Where some games never end (a cycle that repeats for sure, e.g. both players passing the
//! turn with a Free Bacon worth 0), the expected number of turns is infinite. What is finite is
//! the expected length of the games that end: a pass through a state is followed by the end of
//! the game with the probability `P(ends | state)` whatever came before (the policies look at
//! the state alone), so the expected number of passes through a state by games that end is its
//! expected number of passes times that probability. Their sum over the states, divided by
//! P(the game ends), is E[turns | the game ends].

use super::reach::reach;
use super::ruleset::Ruleset;
use super::sweep::Solution;

/// How many turns a game of a solved match-up lasts, over both seatings (each seat moving
/// first in half the games), every turn counted (extra turns too).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameLength {
    /// The expected number of turns of a game: `f64::INFINITY` where some games never end.
    pub turns: f64,
    /// The expected number of turns of the games that end (equal to `turns` where every game
    /// ends), or `None` if no game ends.
    pub turns_if_ended: Option<f64>,
    /// The probability that a game never ends (a tie: a win for neither player).
    pub never_ends: f64,
}

/// The length of a game between the two policies of `solution` (seat 0's and seat 1's choices
/// in every state, as [`Solution::policy`] gives them), from the start.
pub fn game_length(rules: &Ruleset, solution: &Solution) -> GameLength {
    let policies = [solution.policy(0), solution.policy(1)];
    let reached = reach(rules, [&policies[0], &policies[1]]);
    let states = 0..rules.space().states();
    let never_ends = reached.never_ends();
    if never_ends == 0.0 {
        let turns: f64 = states
            .flat_map(|state| [0, 1].map(|seat| reached.probability(seat, state)))
            .sum();
        return GameLength {
            turns,
            turns_if_ended: Some(turns),
            never_ends,
        };
    }
    // Passes by games that end: each weighted by the probability of ending from there. A state
    // on a cycle that repeats for sure ends nothing (weight 0), so the mass the forward pass
    // leaves there counts for nothing.
    let ending: f64 = states
        .flat_map(|state| [0, 1].map(|seat| (seat, state)))
        .filter(|&(seat, state)| reached.probability(seat, state) > 0.0)
        .map(|(seat, state)| {
            let never = solution
                .never_ends(seat, state)
                .expect("the sweep visits every state the game reaches");
            reached.probability(seat, state) * (1.0 - never)
        })
        .sum();
    let ends = 1.0 - never_ends;
    GameLength {
        turns: f64::INFINITY,
        turns_if_ended: (ends > 0.0).then(|| ending / ends),
        never_ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::simulate::MOST_DECISIONS;
    use crate::game::{Ended, Rules, play_out};
    use crate::hog::sweep::{Player, solve};
    use crate::hog::{Plays, Policy, Strategy};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn solved(rules: &Ruleset, specs: [&str; 2]) -> Solution {
        let players = specs.map(|spec| Strategy::parse(spec, rules).unwrap().player(rules));
        solve(rules, [&players[0], &players[1]]).unwrap()
    }

    #[test]
    fn tiny_games_by_hand() {
        // hog-fa20, goal 1, one die each: any roll scores at least 1 and wins: one turn.
        let rules = Ruleset::preset("hog-fa20", 1).unwrap();
        let one = solved(&rules, ["always_roll:1", "always_roll:1"]);
        assert_eq!(game_length(&rules, &one).turns, 1.0);
        // hog-textbook, goal 2, one die each: a 1 scores 0 (the turn passes, nothing changes),
        // 2 to 6 win at once. Each turn ends the game with probability 5/6: the number of turns
        // is geometric, 6/5 on average, whoever starts.
        let rules = Ruleset::preset("hog-textbook", 2).unwrap();
        let length = game_length(&rules, &solved(&rules, ["always_roll:1", "always_roll:1"]));
        approx::assert_relative_eq!(length.turns, 6.0 / 5.0, max_relative = 1e-15);
        assert_eq!(length.never_ends, 0.0);
        assert_eq!(length.turns_if_ended, Some(length.turns));
    }

    #[test]
    fn a_game_that_can_repeat_for_ever_has_no_finite_length_but_its_ending_games_do() {
        // hog-nju21 with both optimal: 9.5% of games go round for ever (RULES.md).
        let rules = Ruleset::preset("hog-nju21", 100).unwrap();
        let minimax = solve(&rules, [&Player::Optimising, &Player::Optimising]).unwrap();
        let length = game_length(&rules, &minimax);
        assert_eq!(length.turns, f64::INFINITY);
        let matchup = minimax.matchup();
        approx::assert_relative_eq!(
            length.never_ends,
            (matchup.first.tie + matchup.second.tie) / 2.0,
            max_relative = 1e-12
        );
        let ended = length.turns_if_ended.unwrap();
        assert!(ended.is_finite() && ended > 5.0, "{ended}");
    }

    /// Mean turns of the games that end, their standard error, and the share of games that
    /// never end, over `games` seeded games per seat played out as the simulator plays them.
    fn simulated(rules: &Ruleset, policies: [&Policy; 2], games: u64) -> (f64, f64, f64) {
        let mut rng = ChaCha8Rng::seed_from_u64(61);
        let seats = policies.map(|policy| Plays { rules, policy });
        let (mut ended, mut sum, mut squares, mut endless) = (0u64, 0.0, 0.0, 0u64);
        for first in [0, 1] {
            for _ in 0..games {
                let mut table = Rules::start(rules, first);
                let mut turns = 0u64;
                let end = play_out(
                    rules,
                    &mut table,
                    &[&seats[0], &seats[1]],
                    &mut |die| rng.random_range(die.first_face..=die.last_face()),
                    MOST_DECISIONS,
                    Some(&mut |_| turns += 1),
                );
                if end != Ended::Over {
                    endless += 1;
                    continue;
                }
                let turns = turns as f64;
                ended += 1;
                sum += turns;
                squares += turns * turns;
            }
        }
        let n = ended as f64;
        let mean = sum / n;
        let variance = (squares / n - mean * mean) * n / (n - 1.0);
        (
            mean,
            (variance / n).sqrt(),
            endless as f64 / (2 * games) as f64,
        )
    }

    /// The exact expected length agrees with games played turn by turn by the simulator
    /// (which shares no arithmetic with the forward pass), within 4 standard errors: with both
    /// players optimal in rules with extra turns (hog-fa20, hog-sp21), hidden memory (hog-fa19,
    /// whose minimax sees the memories), positions that repeat (hog-textbook; hog-sp22 and
    /// hog-nju21, where 0.02% and 9.5% of games never end: the games that end are compared);
    /// and a best response against the yardstick.
    #[test]
    fn expected_turns_agree_with_the_simulator() {
        const GAMES: u64 = 40_000;
        for (name, specs) in [
            ("hog-fa20", ["minimax", "minimax"]),
            ("hog-sp21", ["minimax", "minimax"]),
            ("hog-fa19", ["minimax", "minimax"]),
            ("hog-sp22", ["minimax", "minimax"]),
            ("hog-textbook", ["minimax", "minimax"]),
            ("hog-nju21", ["minimax", "minimax"]),
            ("hog-fa20", ["optimal", "always_roll:4"]),
        ] {
            let rules = Ruleset::preset(name, 100).unwrap();
            let solution = solved(&rules, specs);
            let length = game_length(&rules, &solution);
            let exact = length.turns_if_ended.unwrap();
            let policies = [solution.policy(0), solution.policy(1)];
            let (mean, error, endless) = simulated(&rules, [&policies[0], &policies[1]], GAMES);
            let z = (mean - exact) / error;
            assert!(
                z.abs() < 4.0,
                "{name} {specs:?}: simulated {mean} ± {error}, exact {exact} ({z:+.2} standard \
                 errors)"
            );
            let p = length.never_ends;
            let endless_error = (p * (1.0 - p) / (2 * GAMES) as f64).sqrt().max(1e-9);
            assert!(
                (endless - p).abs() < 4.0 * endless_error + 1e-12,
                "{name}: {endless} of games never ended, exactly {p}"
            );
            assert_eq!(length.turns.is_finite(), p == 0.0, "{name}");
            // Some games go round for ever where both optimal would rather pass the turn with
            // a zero than roll.
            assert_eq!(
                p > 0.0,
                matches!(name, "hog-sp22" | "hog-nju21"),
                "{name}: {p}"
            );
        }
    }
}
