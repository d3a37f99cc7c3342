//! How likely the game is to pass through each state: the forward counterpart of the sweep.
//!
//! [`reach`] pushes probability from the start along every turn, in increasing total score, for
//! two fixed policies. With half the games started by each seat, the mass of a state is the
//! probability that a game passes through it with that seat to move; a game visits a state at
//! most once, because every turn raises the total. This weighs states by how much they matter to
//! the win rate: it is what the table search uses to choose one dice count per cell. Like the
//! sweep, it visits only the states whose memories the two policies can hold.

use super::layout::Layout;
use super::policy::Policy;
use super::ruleset::Ruleset;

/// For every state, the probability that a game passes through it with each seat to move, when
/// each seat starts half the games.
#[derive(Clone, Debug)]
pub struct Reach {
    mass: Vec<[f64; 2]>,
    wins: [f64; 2],
}

impl Reach {
    /// P(a game passes through `state` with `seat` to move).
    pub fn probability(&self, seat: usize, state: usize) -> f64 {
        self.mass[state][seat]
    }

    /// P(each seat wins), over both seatings: the mass that reached the end of the game. It
    /// must agree with the sweep's win rate, which is computed backwards.
    pub fn wins(&self) -> [f64; 2] {
        self.wins
    }
}

/// The reach probabilities of every state when seat 0 follows `policies[0]` and seat 1
/// `policies[1]`.
pub fn reach(rules: &Ruleset, policies: [&Policy; 2]) -> Reach {
    let space = rules.space();
    let m = space.memory_size();
    let held = Layout::reachable(rules, policies.map(Policy::dice_set));
    // Mass is kept by state, so that its slots are those of every state.
    let everywhere = Layout::everywhere(m);
    // The won cell at the end gathers finished games, by winning seat.
    let mut mass = vec![[0.0; 2]; space.states() + m * m];
    mass[rules.start()] = [0.5, 0.5];
    let flat = mass.as_flattened_mut();
    for total in 0..space.diagonals() {
        for cell in space.diagonal(total) {
            let (own, opponent) = space.scores(cell);
            for a in 0..m as u8 {
                for b in 0..m as u8 {
                    let state = space.state(cell, a, b);
                    for seat in 0..2 {
                        if held.slot(seat, a, b).is_none() {
                            continue;
                        }
                        let here = flat[2 * state + seat];
                        if here == 0.0 {
                            continue;
                        }
                        let n = policies[seat].dice_in(cell, state);
                        let effect = rules.effect((a, b), n);
                        let memories = everywhere.memories(seat, effect.remembered, b);
                        let nexts = &rules.nexts(opponent, effect.remembered)
                            [own as usize + effect.bonus as usize..];
                        let rolled = rules.dice_rolled(own, opponent, n);
                        for (points, p) in rules.roll(own, opponent, rolled).outcomes() {
                            let next = nexts[points];
                            flat[2 * memories.slot(next) + next.next_seat(seat)] += here * p;
                        }
                    }
                }
            }
        }
    }
    let wins = mass[space.states()..]
        .iter()
        .fold([0.0; 2], |[a, b], [x, y]| [a + x, b + y]);
    mass.truncate(space.states());
    Reach { mass, wins }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{Strategy, solve};

    fn reach_of(rules: &Ruleset, specs: [&str; 2]) -> (Reach, f64) {
        let players = specs.map(|spec| Strategy::parse(spec, rules).unwrap().player(rules));
        let solution = solve(rules, [&players[0], &players[1]]);
        let policies = [solution.policy(0), solution.policy(1)];
        (
            reach(rules, [&policies[0], &policies[1]]),
            solution.matchup().win_rate(),
        )
    }

    #[test]
    fn tiny_game_by_hand() {
        // hog-fa20, goal 2, one die each. Either seat starts (1/2) and pigs out (1/6), leaving
        // the other to move at 0 : 1; that one pigs out too (1/6) and the first mover is at
        // 1 : 1: 1/2 * 1/6 * 1/6 = 1/72 for each seat.
        let rules = Ruleset::preset("hog-fa20", 2).unwrap();
        let (reach, _) = reach_of(&rules, ["always_roll:1", "always_roll:1"]);
        let space = rules.space();
        let at = |own, opponent| space.state(space.cell(own, opponent), 0, 0);
        assert_eq!(reach.probability(0, rules.start()), 0.5);
        approx::assert_relative_eq!(reach.probability(0, at(0, 1)), 1.0 / 12.0);
        approx::assert_relative_eq!(reach.probability(1, at(1, 1)), 1.0 / 72.0);
        approx::assert_relative_eq!(reach.probability(0, at(1, 1)), 1.0 / 72.0);
        assert_eq!(reach.probability(0, at(1, 0)), 0.0);
    }

    #[test]
    fn forward_wins_agree_with_the_backward_sweep() {
        for (name, specs) in [
            ("hog-fa20", ["extra_turn", "always_roll:4"]),
            ("hog-wild", ["mean:3", "always_roll:5"]),
            ("hog-fa19", ["swap", "always_roll:4"]),
        ] {
            let rules = Ruleset::preset(name, 100).unwrap();
            let (reach, win_rate) = reach_of(&rules, specs);
            let [first, second] = reach.wins();
            approx::assert_relative_eq!(first, win_rate, max_relative = 1e-12);
            approx::assert_relative_eq!(first + second, 1.0, max_relative = 1e-12);
        }
    }
}
