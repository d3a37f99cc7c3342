//! A built-in player at play ([`Plays`], the [`Chooser`] of the optimum, the rule of thumb or
//! a target): its keeps and boxes as its exact evaluation plays them. A turn's choices are
//! worked out once, at its first decision, and remembered to the turn's end.

use super::cards::{Cards, Decision, Played, Table};
use super::solve::Solution;
use super::strategy::{Thumb, thumb_keeps};
use super::target::{Choices, Target};
use super::turn::{Card, Decides, Stages};
use crate::game::sides::{Seat, side_by_side_numbered};
use crate::game::{Chooser, Memory, Run, Step, Stopped};
use crate::python::PythonError;

/// Who plays a card.
pub enum Plays<'a> {
    /// The optimum of `solution`.
    Optimal(&'a Solution),
    /// The rule of thumb, by `solution`'s tables, with its keep of each roll.
    Thumb(&'a Solution, Vec<usize>),
    /// A target: P(final score ≥ T) at most, the optimum's play where it is reached or out
    /// of reach.
    Target(&'a Target),
}

impl<'a> Plays<'a> {
    /// The rule of thumb by `solution`'s tables.
    pub fn thumb(solution: &'a Solution) -> Plays<'a> {
        Plays::Thumb(solution, thumb_keeps(solution.keeps()))
    }

    /// The solution whose tables it plays by.
    fn solution(&self) -> &'a Solution {
        match self {
            Plays::Optimal(solution) | Plays::Thumb(solution, _) => solution,
            Plays::Target(target) => target.solution(),
        }
    }
}

/// A turn's choices, worked out at its first decision.
enum Plan {
    /// The optimum's.
    Optimal(Stages),
    /// A target's, where it aims.
    Aiming(Choices),
}

/// What a player remembers of a turn: its card, the points still needed (0 but for a
/// target), and its plan.
type Remembered = (Card, i32, Plan);

impl Plays<'_> {
    /// The plan of the turn from `card` with points still needed `t`: the one `memory` holds
    /// if it is this turn's, else made now and remembered.
    fn recalled<'m>(&self, (card, t): (Card, i32), memory: &'m mut Memory) -> &'m Plan {
        let held = |memory: &Memory| {
            let remembered = memory.as_ref()?.downcast_ref::<Remembered>()?;
            (remembered.0 == card && remembered.1 == t).then_some(())
        };
        if held(memory).is_none() {
            let plan = match self {
                Plays::Target(target) => target.plan(card, t).map(Plan::Aiming),
                _ => None,
            };
            let plan = plan.unwrap_or_else(|| Plan::Optimal(self.solution().turn_stages(card)));
            *memory = Some(Box::new((card, t, plan)));
        }
        let remembered = memory.as_ref().and_then(|m| m.downcast_ref::<Remembered>());
        &remembered.expect("the plan just remembered").2
    }
}

impl Chooser<Cards> for Plays<'_> {
    fn choose(&self, table: &Table) -> Decision {
        self.recall(table, &mut None)
    }

    fn recall(&self, table: &Table, memory: &mut Memory) -> Decision {
        let solution = self.solution();
        let keeps = solution.keeps();
        let own = table.own();
        let card = own.card;
        let r = keeps.number(&table.dice).expect("five dice") - keeps.first_roll();
        let decide = |decides: &dyn Decides| match usize::from(table.rolls_left) {
            0 => Decision::Fill(decides.place(r).b),
            rolls_left => Decision::Keep(*keeps.counts(decides.keep(r, rolls_left))),
        };
        let t = match self {
            Plays::Thumb(solution, keeps) => {
                return decide(&Thumb {
                    solution,
                    card,
                    keeps,
                });
            }
            Plays::Optimal(_) => 0,
            Plays::Target(target) => i32::from(target.target()) - own.played.score as i32,
        };
        match self.recalled((card, t), memory) {
            Plan::Optimal(stages) => decide(&solution.turn_at(card, stages)),
            Plan::Aiming(choices) => decide(&choices.aiming(solution, card)),
        }
    }
}

/// Games a card's player plays side by side at most: the games of a block are built, played
/// and tallied before the next is built, so memory stays that of one block and a stop is seen
/// between blocks as within them.
const GAMES_AT_ONCE: u64 = 4_096;

/// `games` games of one card played by `seat` under `rules`, game `i` drawing its dice from
/// stream `i` of the generator seeded by `seed` (an asker asked about every game of a block of
/// [`GAMES_AT_ONCE`] waiting on it at once): each card's points and happenings; stopped by
/// `run`, or refused where a Python player gave no answer.
pub fn alone(
    rules: &Cards,
    seat: Seat<'_, Cards>,
    (games, seed): (u64, u64),
    run: &Run,
) -> Result<Result<Vec<Played>, PythonError>, Stopped> {
    let counter = run.counter(games, "games");
    let nothing = |_: &mut (), _: &Step<'_, Cards>| {};
    let seats = [seat];
    let mut cards = Vec::with_capacity(games.min(GAMES_AT_ONCE) as usize);
    for start in (0..games).step_by(GAMES_AT_ONCE as usize) {
        let block = start..games.min(start + GAMES_AT_ONCE);
        let sided = side_by_side_numbered(rules, &seats, (block, seed), &counter, &nothing);
        run.check()?;
        match sided {
            Ok(sided) => cards.extend(sided.iter().map(|game| game.state.cards[0].played)),
            Err(error) => return Ok(Err(error)),
        }
    }
    Ok(Ok(cards))
}

impl Plays<'_> {
    /// `games` games of one card under `rules` played by this player ([`alone`]).
    pub fn games(
        &self,
        rules: &Cards,
        games: (u64, u64),
        run: &Run,
    ) -> Result<Vec<Played>, Stopped> {
        let played = alone(rules, Seat::Plays(self), games, run)?;
        Ok(played.expect("a built-in player decides without asking"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yahtzee::fixtures::{small, small_distributions};

    /// Games played with real dice through the rules agree with the exact mean within 4.5
    /// standard errors, for the optimum and the rule of thumb (whose mean is its exact
    /// distribution's).
    #[test]
    fn games_with_real_dice_agree_with_the_exact_mean() {
        let solution = small();
        let rules = Cards::new(*solution.settings(), 1);
        let thumb = small_distributions()[1].mean();
        for (player, exact) in [
            (Plays::Optimal(solution), solution.expected_score()),
            (Plays::thumb(solution), thumb),
        ] {
            let games = 4000;
            let scores: Vec<f64> = player
                .games(&rules, (games, 7), &Run::default())
                .unwrap()
                .into_iter()
                .map(|played| f64::from(played.score))
                .collect();
            let n = games as f64;
            let mean = scores.iter().sum::<f64>() / n;
            let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let z = (mean - exact).abs() / (variance / n).sqrt();
            assert!(z < 4.5, "mean {mean} vs {exact}: z {z}");
        }
    }
}
