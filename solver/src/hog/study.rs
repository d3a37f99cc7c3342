//! A Hog match-up as a chain of turns ([`TurnChain`]), and the same match-up played with real
//! dice, each turn's happenings counted alike: the study's exact figures and their check.
//!
//! What a turn can do that a study counts is read off the compiled rules (the keys of
//! [`RULE_KEYS`], named as the script's `rule_names` says): rolling no dice, a Pig Out, a bonus
//! for the dice chosen, another turn, after-turn rules that change a score, rules on a
//! turn's points that change them (Hogtimus Prime), a dice limit that rolls fewer dice than
//! asked (Hog Tied) and dice of other than six faces (Hog Wild). One function, [`Happenings::of`], says
//! which happened from what a turn did, for the chain (from each outcome of the dice, as
//! [`Ruleset::each_outcome`] gives them before and after any rescoring) and for the simulator
//! (from the faces rolled) alike.

use rand::{Rng, SeedableRng};

use super::definition::MAX_DICE;

/// The faces of the dice Hog rolls where no rule says otherwise.
const SIX_FACES: u8 = 6;
use super::layout::Layout;
use super::policy::Policy;
use super::ruleset::Ruleset;
use super::script::{AfterTurn, RULE_KEYS, ScriptError};
use super::turn::Game;
use crate::game::study::{Ending, Landing, Tally, TurnChain};

/// The most turns a game the study plays may last: a game still going then counts as one that
/// never ends.
const MOST_TURNS: u64 = 1_000_000;

/// Which of [`RULE_KEYS`] a ruleset can do, and the bit each has.
#[derive(Clone, Debug)]
pub struct Happenings {
    /// By key of [`RULE_KEYS`], in order: its bit, where the rules can do it and a study
    /// counts it under one name.
    bits: [Option<u32>; RULE_KEYS.len()],
    /// The rules a key is told apart into by the script's conditions: the key's index, the
    /// rule's bit, and whether its condition holds by `mover · goal + opponent` (the mover's
    /// score after the turn's points).
    conditions: Vec<(usize, u32, Vec<bool>)>,
    counts: HookCounts,
    goal: usize,
    /// The names of the rules counted, by bit.
    names: Vec<String>,
}

/// In how many of the entries of the compiled rules each hook changes anything.
#[derive(Clone, Debug, Default)]
struct HookCounts {
    /// (memories, dice) choices, and those that earn a bonus.
    choices: usize,
    bonus: usize,
    /// (score after the turn's points, opponent score, memory plane) entries, those that give
    /// another turn (the game not won) and those that change a score.
    pairs: usize,
    extra_turn: usize,
    score_change: usize,
}

/// A turn as [`Happenings::of`] reads it.
#[derive(Clone, Copy, Debug)]
pub struct TurnDone {
    /// The mover rolled no dice.
    pub zero_dice: bool,
    /// Some die showed a 1 (with Pig Out in the rules).
    pub pig_out: bool,
    /// The rules on a turn's points changed them.
    pub turned: bool,
    /// The dice limit rolled fewer dice than the mover asked for.
    pub limited: bool,
    /// The dice rolled had other than six faces.
    pub other_die: bool,
    /// The bonus for the dice chosen.
    pub bonus: u32,
    /// The mover's score before the after-turn rules, and the opponent's.
    pub reached: (u32, u32),
    /// What the after-turn rules made of it.
    pub after: AfterTurn,
}

impl Happenings {
    /// What the rules of `rules` can do, read off its tables (and the script's conditions
    /// that tell a key's rules apart, called once for every pair of scores).
    pub fn of_rules(rules: &Ruleset) -> Result<Happenings, ScriptError> {
        let script = rules.rules();
        let m = rules.memory().size;
        let zero_dice = rules.least_dice() == 0;
        let pig_out = script.has_pig_out();
        let mut counts = HookCounts::default();
        for a in 0..m {
            for b in 0..m {
                for n in rules.dice_choices() {
                    counts.choices += 1;
                    counts.bonus += usize::from(rules.effect((a, b), n).bonus > 0);
                }
            }
        }
        for remembered in rules.after_planes() {
            for opponent in 0..rules.goal() {
                for reached in 0..rules.reachable() as u32 {
                    let after = rules.after_turn(reached, opponent, remembered);
                    let won = after.mover >= rules.goal() || after.opponent >= rules.goal();
                    counts.pairs += 1;
                    counts.extra_turn += usize::from(after.extra_turn && !won);
                    counts.score_change +=
                        usize::from((after.mover, after.opponent) != (reached, opponent));
                }
            }
        }
        let (bonus, extra_turn, after_turn) = (
            counts.bonus > 0,
            counts.extra_turn > 0,
            counts.score_change > 0,
        );
        let cells: Vec<(u32, u32)> = (0..rules.goal())
            .flat_map(|own| (0..rules.goal()).map(move |opponent| (own, opponent)))
            .collect();
        let can = [
            zero_dice,
            pig_out,
            bonus,
            extra_turn,
            after_turn,
            rules.turns_points(),
            cells
                .iter()
                .any(|&(own, opponent)| rules.dice_rolled(own, opponent, MAX_DICE) < MAX_DICE),
            cells
                .iter()
                .any(|&(own, opponent)| rules.die(own, opponent).faces != SIX_FACES),
        ];
        let goal = rules.goal();
        let pairs: Vec<(u32, u32)> = (0..rules.reachable() as u32)
            .flat_map(|mover| (0..goal).map(move |opponent| (mover, opponent)))
            .collect();
        let mut bits = [None; RULE_KEYS.len()];
        let mut conditions = Vec::new();
        let mut names = Vec::new();
        for (i, (key, _)) in RULE_KEYS.iter().enumerate() {
            if !can[i] {
                continue;
            }
            let told_apart = script.rule_conditions(key);
            if told_apart.is_empty() {
                bits[i] = Some(names.len() as u32);
                names.push(script.rule_name(key));
            }
            for (name, function) in told_apart {
                let holds = script.tabulate_condition(&function, &pairs)?;
                conditions.push((i, names.len() as u32, holds));
                names.push(name);
            }
        }
        Ok(Happenings {
            bits,
            conditions,
            counts,
            goal: goal as usize,
            names,
        })
    }

    /// For each hook the script defines that the study reads (`after_turn`, `goes_again`,
    /// `bonus`), in how many entries of the compiled rules it changes anything, and whether it
    /// never does: a condition that is always false (a slip such as comparing a number with a
    /// text) disables a rule without an error.
    pub fn hooks(&self, rules: &Ruleset) -> Vec<HookReport> {
        let script = rules.rules();
        let c = &self.counts;
        let mut hooks = Vec::new();
        for hook in ["after_turn", "goes_again"] {
            if script.defines_hook(hook) {
                hooks.push(HookReport {
                    hook,
                    changes: format!(
                        "another turn at {} and new scores at {} of {} (score after the turn's \
                         points, opponent) entries",
                        c.extra_turn, c.score_change, c.pairs
                    ),
                    idle: c.extra_turn == 0 && c.score_change == 0,
                });
            }
        }
        if script.defines_hook("bonus") {
            hooks.push(HookReport {
                hook: "bonus",
                changes: format!(
                    "points at {} of {} (memories, dice) choices",
                    c.bonus, c.choices
                ),
                idle: c.bonus == 0,
            });
        }
        hooks
    }

    /// The names of the rules counted, by bit.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The bits of the rules that happened on `turn`.
    pub fn of(&self, turn: TurnDone, goal: u32) -> u32 {
        let AfterTurn {
            mover,
            opponent,
            extra_turn,
        } = turn.after;
        let won = mover >= goal || opponent >= goal;
        let did = [
            turn.zero_dice,
            turn.pig_out,
            turn.bonus > 0,
            extra_turn && !won,
            (mover, opponent) != turn.reached,
            turn.turned,
            turn.limited,
            turn.other_die,
        ];
        let at = turn.reached.0 as usize * self.goal + turn.reached.1 as usize;
        let told_apart = self
            .conditions
            .iter()
            .filter(|(key, _, holds)| did[*key] && holds[at])
            .map(|&(_, bit, _)| bit);
        self.bits
            .iter()
            .zip(did)
            .filter_map(|(bit, did)| bit.filter(|_| did))
            .chain(told_apart)
            .fold(0, |set, bit| set | 1 << bit)
    }
}

/// What one hook does in the compiled rules ([`Happenings::hooks`]).
#[derive(Clone, Debug)]
pub struct HookReport {
    /// The hook.
    pub hook: &'static str,
    /// Where it changes anything, in words with counts.
    pub changes: String,
    /// Whether it never changes anything.
    pub idle: bool,
}

/// Two fixed policies of a ruleset as a chain of turns: node `2 · state + seat`, the state seen
/// from its mover (as the sweep numbers them), seat 0 the studied strategy.
pub struct HogChain<'a> {
    rules: &'a Ruleset,
    policies: [&'a Policy; 2],
    everywhere: Layout,
    happenings: &'a Happenings,
}

impl<'a> HogChain<'a> {
    /// The chain of `policies` (seat 0's, seat 1's) under `rules`, counting `happenings`.
    pub fn new(
        rules: &'a Ruleset,
        policies: [&'a Policy; 2],
        happenings: &'a Happenings,
    ) -> HogChain<'a> {
        HogChain {
            rules,
            policies,
            everywhere: Layout::everywhere(rules.space().memory_size()),
            happenings,
        }
    }
}

impl TurnChain for HogChain<'_> {
    fn nodes(&self) -> usize {
        2 * self.rules.space().states()
    }

    fn starts(&self) -> [usize; 2] {
        let start = self.rules.start();
        [2 * start, 2 * start + 1]
    }

    fn rules(&self) -> Vec<String> {
        self.happenings.names().to_vec()
    }

    fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
        let rules = self.rules;
        let space = rules.space();
        let m = space.memory_size();
        let (state, seat) = (node / 2, node % 2);
        let cell = state / (m * m);
        let (own, opponent) = space.scores(cell);
        let (a, b) = ((state / m % m) as u8, (state % m) as u8);
        let n = self.policies[seat].dice_in(cell, state);
        let effect = rules.effect((a, b), n);
        let rolled = rules.dice_rolled(own, opponent, n);
        let zero_dice = rolled == 0;
        let other_die = rolled > 0 && rules.die(own, opponent).faces != SIX_FACES;
        let mut land = |points: usize, p: f64, pig_out: bool, turned: bool| {
            let (next, remembered) = rules.landing((own, opponent), effect, points);
            let reached = own + effect.bonus + points as u32;
            let done = TurnDone {
                zero_dice,
                pig_out,
                turned,
                limited: rolled < n,
                other_die,
                bonus: effect.bonus,
                reached: (reached, opponent),
                after: rules.after_turn(reached, opponent, remembered),
            };
            let happened = self.happenings.of(done, rules.goal());
            let landing = if next.cell() == space.won_cell() {
                Landing::Won(next.next_seat(seat))
            } else {
                let memories = self.everywhere.memories(seat, remembered, b);
                Landing::Node(2 * memories.slot(next) + next.next_seat(seat))
            };
            visit(landing, p, happened);
        };
        rules.each_outcome((own, opponent), n, &mut land);
    }

    /// A seat enters a turn only through its policy (the memories are laid out alike for both).
    fn seats_alike(&self) -> bool {
        self.policies[0] == self.policies[1]
    }
}

/// Plays `games` seeded games with each seat moving first, `policies[0]` (the studied
/// strategy) against `policies[1]`, counting what `happenings` says of each turn from the
/// faces rolled: `[as_first, as_second]`.
pub fn tally(
    rules: &Ruleset,
    happenings: &Happenings,
    policies: [&Policy; 2],
    games: u64,
    seed: u64,
) -> [Tally; 2] {
    let rules_counted = happenings.names().len();
    [0, 1].map(|first| {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed ^ first as u64);
        let mut tally = Tally::new(rules_counted);
        let mut faces = [0u8; MAX_DICE as usize];
        for _ in 0..games {
            let mut game = Game::new(rules, first);
            let mut played = tally.game();
            let mut winner = None;
            while winner.is_none() && played.turns() < MOST_TURNS {
                let requested = policies[game.mover].dice(game.state(rules));
                let (rolled, die) = game.dice_to_roll(rules, requested);
                let faces = &mut faces[..usize::from(rolled)];
                for face in faces.iter_mut() {
                    *face = rng.random_range(die.first_face..=die.last_face());
                }
                let (own, opponent) = (game.scores[game.mover], game.scores[1 - game.mover]);
                let turned = rules.turned(own, opponent, faces);
                let turn = game.turn(rules, requested, faces);
                winner = turn.winner;
                let done = TurnDone {
                    zero_dice: rolled == 0,
                    pig_out: die.pig_out && faces.contains(&1),
                    turned,
                    limited: rolled < requested.min(MAX_DICE),
                    other_die: rolled > 0 && die.faces != SIX_FACES,
                    bonus: turn.bonus,
                    reached: (turn.reached, opponent),
                    after: AfterTurn {
                        mover: turn.scores[turn.mover],
                        opponent: turn.scores[1 - turn.mover],
                        extra_turn: turn.extra_turn,
                    },
                };
                played.turn(happenings.of(done, rules.goal()));
            }
            tally.add(played, Ending::of(winner.map(|seat| seat == 0)));
        }
        tally
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Run;
    use crate::game::study::measure;
    use crate::hog::sweep::{Player, solve};
    use crate::hog::{Strategy, game_length};

    /// The study's mean length (the turn-by-turn push) is the reach pass's expected number of
    /// turns (expected visits summed over states): two algorithms, one number.
    #[test]
    fn the_mean_length_is_the_reach_passes_expected_turns() {
        for (name, specs) in [
            ("hog-fa20", ["optimal", "always_roll:4"]),
            ("hog-fa19", ["swap", "always_roll:4"]),
            ("hog-fa17", ["always_roll:5", "always_roll:4"]),
        ] {
            let rules = Ruleset::preset(name, 100).unwrap();
            let players = specs.map(|spec| Strategy::parse(spec, &rules).unwrap().player(&rules));
            let solution = solve(&rules, [&players[0], &players[1]]).unwrap();
            let happenings = Happenings::of_rules(&rules).unwrap();
            let policies = [solution.policy(0), solution.policy(1)];
            let chain = HogChain::new(&rules, [&policies[0], &policies[1]], &happenings);
            let [first, second] = measure(&chain, true, &Run::default()).unwrap();
            let pushed = (first.length().mean + second.length().mean) / 2.0;
            let reached = game_length(&rules, &solution).turns;
            assert!(
                (pushed - reached).abs() < 1e-9,
                "{name}: {pushed} vs {reached}"
            );
        }
    }

    /// A chain that never says its seats are alike, so both seatings are pushed.
    struct Unsaid<'a>(&'a HogChain<'a>);

    impl TurnChain for Unsaid<'_> {
        fn nodes(&self) -> usize {
            self.0.nodes()
        }

        fn starts(&self) -> [usize; 2] {
            self.0.starts()
        }

        fn rules(&self) -> Vec<String> {
            self.0.rules()
        }

        fn each(&self, node: usize, visit: &mut dyn FnMut(Landing, f64, u32)) {
            self.0.each(node, visit)
        }
    }

    /// Both seats optimal (one policy, memories and all): the second seating, taken as the
    /// first with the seats swapped, is what pushing it gives; a match-up of two strategies
    /// is pushed twice.
    #[test]
    fn one_strategy_on_both_seats_is_pushed_once_and_swapped() {
        for name in ["hog-fa19", "hog-fa17", "hog-fa20"] {
            let rules = Ruleset::preset(name, 40).unwrap();
            let happenings = Happenings::of_rules(&rules).unwrap();
            let minimax = solve(&rules, [&Player::Optimising, &Player::Optimising]).unwrap();
            let policies = [minimax.policy(0), minimax.policy(1)];
            let chain = HogChain::new(&rules, [&policies[0], &policies[1]], &happenings);
            assert!(chain.seats_alike(), "{name}: minimax plays one policy");
            let swapped = measure(&chain, true, &Run::default()).unwrap();
            let pushed = measure(&Unsaid(&chain), true, &Run::default()).unwrap();
            assert_eq!(swapped, pushed, "{name}");
            assert_ne!(
                swapped[0].win, swapped[0].lose,
                "{name}: moving first matters"
            );

            let yardstick = Strategy::parse("always_roll:4", &rules)
                .unwrap()
                .player(&rules);
            let solution = solve(&rules, [&Player::Optimising, &yardstick]).unwrap();
            let policies = [solution.policy(0), solution.policy(1)];
            let chain = HogChain::new(&rules, [&policies[0], &policies[1]], &happenings);
            assert!(!chain.seats_alike(), "{name}: two strategies");
        }
    }
}
