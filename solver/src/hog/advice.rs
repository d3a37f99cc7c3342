//! Exact advice during a game: what each dice count is worth to a player who plays on
//! perfectly against a fixed opponent, in the true state (hidden memories included), as it
//! advises a sitting ([`Advisor`]).

use std::sync::Arc;

use super::definition::ACTIONS;
use super::error::SolveError;
use super::policy::Policy;
use super::rules::Table;
use super::ruleset::Ruleset;
use super::sweep::{Player, Reached, solve_keeping_reached, weighted_choices};
use super::turn::Game;
use crate::game::Advisor;

/// The game solved for an advised player (seat 0 of every [`Game`] it is asked about) who
/// plays optimally against a fixed opponent (seat 1).
pub struct Advice {
    rules: Arc<Ruleset>,
    reached: Reached,
    opponent: Policy,
    best: Policy,
}

impl Advice {
    /// Solves `rules` for the advised player against `opponent`.
    pub fn new(rules: Arc<Ruleset>, opponent: &Player) -> Result<Advice, SolveError> {
        let (solution, reached) = solve_keeping_reached(&rules, [&Player::Optimising, opponent])?;
        Ok(Advice {
            rules,
            reached,
            opponent: solution.policy(1),
            best: solution.policy(0),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Arc<Ruleset> {
        &self.rules
    }

    /// The advised player's probability of winning if it asks for each dice count (`[n]`,
    /// `0..=MAX_DICE`) now, in `game` with seat 0 to move, and plays optimally afterwards.
    pub fn choices(&self, game: &Game) -> [f64; ACTIONS] {
        debug_assert_eq!(game.mover, 0, "advice is for seat 0's turns");
        let state = game.state(&self.rules);
        let per_cell = self.rules.space().states_per_cell();
        let mut weights = vec![0.0; per_cell];
        weights[state % per_cell] = 1.0;
        weighted_choices(&self.rules, &self.reached, state / per_cell, 0, &weights)
    }

    /// The dice the advised player's optimal play asks for in `game` (seat 0 to move).
    pub fn best(&self, game: &Game) -> u8 {
        self.best.dice(game.state(&self.rules))
    }

    /// What the best choice in `game` (seat 0 to move) is worth: its entry in
    /// [`choices`](Self::choices).
    pub fn value(&self, game: &Game) -> f64 {
        self.choices(game)[usize::from(self.best(game))]
    }

    /// The dice the opponent asks for in `game` (seat 1 to move).
    pub fn opponent(&self, game: &Game) -> u8 {
        self.opponent.dice(game.state(&self.rules))
    }
}

impl Advisor<Ruleset> for Advice {
    fn values(&self, table: &Table, choices: &[u8]) -> Vec<f64> {
        let values = self.choices(&table.game);
        choices.iter().map(|&n| values[usize::from(n)]).collect()
    }

    fn best(&self, table: &Table) -> u8 {
        Advice::best(self, &table.game)
    }

    fn computer(&self, table: &Table) -> u8 {
        self.opponent(&table.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hog::{Strategy, evaluate, solve};

    #[test]
    fn advice_is_the_exact_value_of_each_choice() {
        // Against always_roll:4: at the start, the best choice is worth the optimal win rate as
        // first player, and choosing n then playing optimally is worth what a table that rolls
        // n at 0 : 0 and optimally elsewhere wins.
        for (name, goal) in [("hog-fa20", 100), ("hog-fa19", 30)] {
            let rules = Arc::new(Ruleset::preset(name, goal).unwrap());
            let four = Strategy::parse("always_roll:4", &rules).unwrap();
            let advisor = Advice::new(Arc::clone(&rules), &four.player(&rules)).unwrap();
            let game = Game::new(&rules, 0);
            let choices = advisor.choices(&game);
            let optimal = Strategy::optimising("optimal");
            let exact = evaluate(&rules, &optimal, &four).unwrap().as_first();
            let best = advisor.best(&game);
            assert_eq!(choices[usize::from(best)], exact, "{name}");
            assert_eq!(advisor.value(&game), exact, "{name}");
            assert!(choices.iter().all(|&c| c <= exact), "{name}");
            let solution = solve(&rules, [&optimal.player(&rules), &four.player(&rules)]).unwrap();
            let optimal_policy = solution.policy(0);
            let mut dice: Vec<u8> = (0..rules.space().states())
                .map(|s| optimal_policy.dice(s))
                .collect();
            for n in [0u8, 3, 10] {
                dice[rules.start()] = n;
                let table = Player::Fixed(Policy::from_states(
                    dice.clone(),
                    rules.space().states_per_cell(),
                ));
                let value = solve(&rules, [&table, &four.player(&rules)])
                    .unwrap()
                    .value(0, rules.start())
                    .unwrap();
                approx::assert_abs_diff_eq!(choices[usize::from(n)], value, epsilon = 1e-15);
            }
        }
    }
}
