//! A Hog ruleset compiled into the dense tables the solver indexes.
//!
//! [`Ruleset::compile`] calls every hook of a rule [`Script`] once, for every value it can see
//! (each hook over its whole domain at once, in one batch of calls to a Python module):
//! Free Bacon points per opponent score (per cell if it reads the mover's score too), the dice
//! limit and the die per cell (with its face bonuses per own score), the bonus and the
//! new memory per (memory, dice) pair, and the after-turn transform per (score after the turn's
//! points, opponent score[, memory]) — already resolved to "mover wins", "opponent wins" or the
//! cell where play continues. It also checks what makes one backward sweep exact: every turn
//! raises the total of the two scores. The solver, the simulator and the built-in strategies
//! read these tables; nothing calls the script afterwards.

mod order;

pub use order::{Layer, Lowering, Order, Pass, Repeat};

use std::sync::Arc;

use super::definition::{ACTIONS, DiceSet, MAX_DICE, MAX_GOAL, Memory};
use super::error::{MOST_STATES, RulesError};
use super::presets::{PRESETS, preset};
use super::rescore::Rescoring;
use super::script::{AfterTurn, Script, ScriptError};
use super::space::StateSpace;
use crate::dice::{DiceCache, Die, LANES, MOST_FACES, TurnPoints};

/// Where play goes after a turn's points and after-turn rules, seen from the mover: the cell
/// where play continues, seen from whoever moves next, and whether that is the opponent (no
/// extra turn). A finished game continues at the [won cell](StateSpace::won_cell), where the
/// player "to move" is the winner: the mover after reaching the goal, the opponent after a swap
/// handed it the goal.
///
/// Packed for the sweep's inner loop as `2 · cell + (opponent moves)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Next(u32);

impl Next {
    /// Play continues at `cell`.
    pub fn new(cell: usize, opponent_moves: bool) -> Next {
        Next((cell as u32) << 1 | u32::from(opponent_moves))
    }

    /// Whether the opponent moves next (no extra turn).
    #[inline]
    pub fn opponent_moves(self) -> bool {
        self.0 & 1 == 1
    }

    /// The seat that moves next when `seat` moved.
    #[inline]
    pub fn next_seat(self, seat: usize) -> usize {
        seat ^ usize::from(self.opponent_moves())
    }

    /// The cell where play continues (the won cell when the game is over).
    #[inline]
    pub fn cell(self) -> usize {
        (self.0 >> 1) as usize
    }
}

/// An [`AfterTurn`] packed for the simulator: scores of a few thousand points at most (a
/// compiled goal plus one turn's gain), 6 bytes instead of 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    mover: u16,
    opponent: u16,
    extra_turn: bool,
}

impl Turn {
    /// Packs `turn`, whose scores are below the reachable bound of a compiled goal.
    fn of(turn: AfterTurn) -> Turn {
        let pack = |score: u32| u16::try_from(score).unwrap_or(u16::MAX);
        Turn {
            mover: pack(turn.mover),
            opponent: pack(turn.opponent),
            extra_turn: turn.extra_turn,
        }
    }

    /// The turn unpacked.
    fn after(self) -> AfterTurn {
        AfterTurn {
            mover: self.mover.into(),
            opponent: self.opponent.into(),
            extra_turn: self.extra_turn,
        }
    }
}

/// What choosing some dice does to the mover's memory and points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Effect {
    /// Bonus points added to the turn.
    pub bonus: u32,
    /// The mover's memory after the turn.
    pub memory: Remembered,
}

/// The mover's memory after a turn: set by the choice alone, or by the points the turn scores
/// too (`fn remember_points`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Remembered {
    /// This memory, whatever the dice show.
    Fixed(u8),
    /// The memory by the turn's points: row `k` of the ruleset's recall table (see
    /// [`Ruleset::remembered_after`]).
    ByPoints(u16),
}

/// Every memory value, so that one fixed memory can be lent as a slice of the memories a
/// choice may leave.
const MEMORIES: [u8; 64] = {
    let mut all = [0u8; 64];
    let mut value = 0;
    while value < 64 {
        all[value] = value as u8;
        value += 1;
    }
    all
};

/// The points a chosen number of dice scores at some cell.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Roll<'a> {
    /// Rolling zero: Free Bacon, a fixed number of points.
    FreeBacon(usize),
    /// Rolling dice: a distribution of points.
    Dice(&'a TurnPoints),
}

impl Roll<'_> {
    /// Every (points, probability) outcome with a positive probability.
    pub fn outcomes(self) -> impl Iterator<Item = (usize, f64)> {
        let (bacon, dice) = match self {
            Roll::FreeBacon(points) => (Some((points, 1.0)), None),
            Roll::Dice(points) => (None, Some(points.outcomes())),
        };
        bacon.into_iter().chain(dice.into_iter().flatten())
    }

    /// The expectation of `values[points]` for this roll.
    #[inline]
    pub fn expected_over(self, values: &[f64]) -> f64 {
        match self {
            Roll::FreeBacon(points) => values[points],
            Roll::Dice(points) => points.expected_over(values),
        }
    }
}

/// The rolls open at one pair of scores (see [`Ruleset::rolls_at`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RollsAt<'r> {
    limit: u8,
    free_bacon: usize,
    /// By dice count less one.
    dice: &'r [TurnPoints; MAX_DICE as usize],
}

impl<'r> RollsAt<'r> {
    /// The points distribution of asking for `n` dice: Free Bacon for none, else the dice
    /// rolled (at most the limit).
    #[inline]
    pub(crate) fn roll(&self, n: u8) -> Roll<'r> {
        match n.min(self.limit) {
            0 => Roll::FreeBacon(self.free_bacon),
            rolled => Roll::Dice(&self.dice[usize::from(rolled) - 1]),
        }
    }

    /// The probability that asking for `n` dice scores no points (before bonuses for the
    /// choice).
    #[inline]
    pub(crate) fn probability_of_nothing(&self, n: u8) -> f64 {
        match self.roll(n) {
            Roll::FreeBacon(points) => f64::from(u8::from(points == 0)),
            Roll::Dice(points) => points.probability(0),
        }
    }
}

/// The dice's distributions and Free Bacon's points before the rules that rescore a roll.
#[derive(Debug)]
struct Plain {
    dice: DiceCache,
    free_bacon: Vec<u32>,
}

/// A Hog ruleset with a goal, compiled into tables.
#[derive(Debug)]
pub struct Ruleset {
    script: Arc<Script>,
    space: StateSpace,
    memory: Memory,
    least_dice: u8,
    /// Free Bacon points by `own · free_bacon_stride + opponent`: one row when the hook reads
    /// only the opponent's score (stride 0), else one per own score (stride `goal`).
    free_bacon: Vec<u32>,
    free_bacon_stride: u32,
    dice_limit: Vec<u8>,
    die: Vec<u8>,
    dice: DiceCache,
    /// By `die kind · ACTIONS + dice rolled`: whether the roll always scores the same.
    certain_dice: Vec<bool>,
    rescoring: Rescoring,
    /// Where rules rescore a roll: the dice's distributions and Free Bacon's points before
    /// them, for telling what the rescoring did (a study's counts).
    plain: Option<Plain>,
    /// By `own · own_stride + opponent · opponent_stride + dice` (see [`Ruleset::effect`]).
    effects: Vec<Effect>,
    /// By recall row, then points scored: the mover's memory after the turn (for
    /// [`Remembered::ByPoints`]); only the points some roll can score are filled.
    recalls: Vec<Vec<u8>>,
    /// By recall row: the distinct memories it gives, ascending.
    recalled: Vec<Vec<u8>>,
    effect_strides: (usize, usize),
    effect_variant: Vec<u8>,
    most_effect_variants: usize,
    after: Vec<Next>,
    turns: Vec<Turn>,
    /// Where each memory value's plane starts in `after` and `turns`.
    after_start: Vec<usize>,
    after_row: usize,
    max_gain: usize,
    /// How the states are solved: one sweep, or layers solved to their fixpoints.
    order: Order,
}

impl Ruleset {
    /// Compiles the built-in ruleset called `name` for `goal`.
    pub fn preset(name: &str, goal: u32) -> Result<Ruleset, RulesError> {
        let preset = preset(name).ok_or_else(|| RulesError::Unknown {
            name: name.to_string(),
            known: PRESETS.iter().map(|p| p.name).collect(),
        })?;
        Ruleset::compile(preset.compile(&[("goal".to_string(), i64::from(goal))])?)
    }

    /// Whether `script`'s game is one swine solves: its goal in `1..=MAX_GOAL` and its states
    /// at most [`MOST_STATES`]. Known from the script alone, before anything is tabulated (and
    /// before its memory is sized: a game past these limits is refused whatever the machine).
    pub fn check_size(script: &Script) -> Result<(), RulesError> {
        let goal = script.goal();
        if !(1..=MAX_GOAL).contains(&goal) {
            return Err(RulesError::Goal { goal });
        }
        let memory = script.memory().size;
        let states = u64::from(goal).pow(2) * u64::from(memory).pow(2);
        if states > MOST_STATES {
            return Err(RulesError::TooLarge {
                rules: script.origin().to_string(),
                goal,
                memory,
                states,
            });
        }
        Ok(())
    }

    /// Compiles `script` (of a size [`Ruleset::check_size`] accepts) into tables.
    pub fn compile(script: Script) -> Result<Ruleset, RulesError> {
        Ruleset::check_size(&script)?;
        let goal = script.goal();
        let memory = script.memory().clone();
        let space = StateSpace::new(goal, usize::from(memory.size));
        let least_dice = script.least_dice();
        // Every hook is tabulated over its whole domain at once (one batch for a Python
        // module); by (own, opponent) in row-major order here.
        let cells: Vec<(u32, u32)> = (0..goal)
            .flat_map(|own| (0..goal).map(move |opponent| (own, opponent)))
            .collect();

        // Free Bacon by cell, or by opponent score alone when the hook reads only that (none
        // when the rules forbid rolling 0 dice).
        let free_bacon_stride = if script.free_bacon_reads_own() {
            goal
        } else {
            0
        };
        let mut free_bacon: Vec<u32> = if least_dice > 0 {
            vec![0; goal as usize]
        } else if script.free_bacon_reads_own() {
            script.tabulate_free_bacon(&cells)?
        } else {
            script.tabulate_free_bacon(&cells[..goal as usize])?
        };

        let face_bonuses = if script.has_face_bonus() {
            Some(script.tabulate_face_bonus(&(0..goal).collect::<Vec<_>>())?)
        } else {
            None
        };
        let kinds = script.tabulate_die(&cells)?;
        let limits = script.tabulate_dice_limit(&cells)?;
        let mut dice: Vec<Die> = Vec::new();
        let mut die = Vec::with_capacity(space.cells());
        let mut dice_limit = Vec::with_capacity(space.cells());
        for (at, &(own, opponent)) in cells.iter().enumerate() {
            let mut kind = kinds[at];
            if let Some(bonus) = face_bonuses.as_ref().map(|b| b[own as usize]) {
                // Only the faces this die shows; none giving points is a plain die.
                let mut shown = [0; MOST_FACES + 1];
                let faces = 1..=usize::from(kind.faces);
                shown[faces.clone()].copy_from_slice(&bonus[faces]);
                kind.face_bonus = shown.iter().any(|&b| b > 0).then_some(shown);
            }
            let index = dice.iter().position(|&d| d == kind).unwrap_or_else(|| {
                dice.push(kind);
                dice.len() - 1
            });
            die.push(index as u8);
            let limit = limits[at];
            if limit < least_dice {
                return Err(RulesError::Script(ScriptError {
                    origin: script.origin().to_string(),
                    line: None,
                    message: format!(
                        "dice_limit({own}, {opponent}) returned {limit}, but least_dice = \
                         {least_dice} forbids rolling fewer dice"
                    ),
                }));
            }
            dice_limit.push(limit);
        }
        let dice = DiceCache::new(dice, usize::from(MAX_DICE));
        let plain = (script.has_pig_out_points() || script.has_turn_points()).then(|| Plain {
            dice: dice.clone(),
            free_bacon: free_bacon.clone(),
        });
        let (dice, rescoring) = Rescoring::compile(&script, dice, &mut free_bacon)?;

        // By (own memory, opponent's memory, dice), the opponent's memory only when a hook
        // reads it.
        let (opponent_memories, effect_strides) = if script.choice_reads_opponent_memory() {
            (memory.size, (usize::from(memory.size) * ACTIONS, ACTIONS))
        } else {
            (1, (ACTIONS, 0))
        };
        let (recalls, by_points) = recall_rows(&script, &dice, &free_bacon, &dice_limit)?;
        let choices: Vec<(u8, u8, u8)> = (0..memory.size)
            .flat_map(|remembered| {
                (0..opponent_memories).flat_map(move |opponent_remembered| {
                    (0..=MAX_DICE).map(move |n| (remembered, opponent_remembered, n))
                })
            })
            .collect();
        let bonuses = script.tabulate_bonus(&choices)?;
        let memories = match &by_points {
            Some(_) => Vec::new(),
            None => script.tabulate_remember(&choices)?,
        };
        let effects: Vec<Effect> = choices
            .iter()
            .enumerate()
            .map(|(at, &(remembered, _, n))| Effect {
                bonus: bonuses[at],
                memory: match &by_points {
                    Some(rows) => Remembered::ByPoints(
                        rows[usize::from(remembered) * ACTIONS + usize::from(n)],
                    ),
                    None => Remembered::Fixed(memories[at]),
                },
            })
            .collect();
        let recalled = recalls
            .iter()
            .map(|row| {
                let mut values: Vec<u8> = Vec::new();
                for &(_, value) in row.iter().filter(|(can, _)| *can) {
                    if !values.contains(&value) {
                        values.push(value);
                    }
                }
                values.sort_unstable();
                values
            })
            .collect();
        let recalls = recalls
            .into_iter()
            .map(|row| row.into_iter().map(|(_, value)| value).collect())
            .collect();
        let mut distinct_effects = vec![Vec::new(); ACTIONS];
        let mut effect_variant = vec![0u8; effects.len()];
        for (index, effect) in effects.iter().enumerate() {
            let variants: &mut Vec<Effect> = &mut distinct_effects[index % ACTIONS];
            let variant = variants
                .iter()
                .position(|e| e == effect)
                .unwrap_or_else(|| {
                    variants.push(*effect);
                    variants.len() - 1
                });
            effect_variant[index] = variant as u8;
        }

        let most_effect_variants = distinct_effects.iter().map(Vec::len).max().unwrap_or(1);
        let max_bonus = effects.iter().map(|e| e.bonus).max().unwrap_or(0) as usize;
        let max_dice_points = dice.max_points();
        let max_bacon = free_bacon.iter().copied().max().unwrap_or(0) as usize;
        let max_gain = max_dice_points.max(max_bacon) + max_bonus;

        // Laid out [memory][opponent][reached]: the successors of one cell are contiguous. The
        // rows run `LANES - 1` past the highest reachable score, which the sums' zero padding
        // reads.
        let reachable = goal as usize + max_gain + LANES - 1;
        let plane = reachable * goal as usize;
        // One plane per memory value, planes alike stored once: the hook is called per memory
        // only when it reads it; `goes_again` grants go on top.
        let grants = script.tabulate_goes_again(&(0..memory.size).collect::<Vec<_>>())?;
        // The after-turn calls of one plane, by (reached, opponent) with the opponent's score
        // the outer index.
        let plane_of = |remembered: u8| -> Vec<(u32, u32, u8)> {
            (0..goal)
                .flat_map(|opponent| {
                    (0..reachable as u32).map(move |reached| (reached, opponent, remembered))
                })
                .collect()
        };
        let base = if script.after_turn_reads_memory() {
            Vec::new()
        } else {
            script.tabulate_after_turn(&plane_of(0))?
        };
        let mut after: Vec<Next> = Vec::with_capacity(plane);
        let mut turns = Vec::with_capacity(plane);
        let mut after_start = Vec::with_capacity(usize::from(memory.size));
        for remembered in 0..memory.size {
            let same_plane = (0..remembered).find(|&earlier| {
                !script.after_turn_reads_memory()
                    && grants[usize::from(earlier)] == grants[usize::from(remembered)]
            });
            if let Some(earlier) = same_plane {
                after_start.push(after_start[usize::from(earlier)]);
                continue;
            }
            let start = after.len();
            let own_plane = if script.after_turn_reads_memory() {
                script.tabulate_after_turn(&plane_of(remembered))?
            } else {
                Vec::new()
            };
            let turns_of_plane = if own_plane.is_empty() {
                &base
            } else {
                &own_plane
            };
            for opponent in 0..goal {
                for reached in 0..reachable as u32 {
                    let mut turn = turns_of_plane[opponent as usize * reachable + reached as usize];
                    turn.extra_turn |= grants[usize::from(remembered)];
                    let won = space.won_cell();
                    let next = if turn.mover >= goal {
                        Next::new(won, false)
                    } else if turn.opponent >= goal {
                        Next::new(won, true)
                    } else if turn.extra_turn {
                        Next::new(space.cell(turn.mover, turn.opponent), false)
                    } else {
                        Next::new(space.cell(turn.opponent, turn.mover), true)
                    };
                    after.push(next);
                    turns.push(Turn::of(turn));
                }
            }
            let alike = (0..start / plane).map(|p| p * plane).find(|&p| {
                after[p..p + plane] == after[start..] && turns[p..p + plane] == turns[start..]
            });
            match alike {
                Some(p) => {
                    after.truncate(start);
                    turns.truncate(start);
                    after_start.push(p);
                }
                None => after_start.push(start),
            }
        }

        let certain_dice = (0..dice.dice().len())
            .flat_map(|kind| (0..=MAX_DICE).map(move |n| (kind, n)))
            .map(|(kind, n)| n > 0 && dice.get(kind, n).is_certain())
            .collect();
        let mut rules = Ruleset {
            script: Arc::new(script),
            space,
            memory,
            least_dice,
            free_bacon,
            free_bacon_stride,
            dice_limit,
            die,
            dice,
            certain_dice,
            rescoring,
            plain,
            effects,
            recalls,
            recalled,
            effect_strides,
            effect_variant,
            most_effect_variants,
            after,
            after_start,
            turns,
            after_row: reachable,
            max_gain,
            order: Order::default(),
        };
        rules.order = Order::of(&rules);
        rules.script.remember_answers();
        Ok(rules)
    }

    /// The script this was compiled from.
    pub fn rules(&self) -> &Script {
        &self.script
    }

    /// The ruleset's name, e.g. `hog-fa20`.
    pub fn name(&self) -> &str {
        self.script.name()
    }

    /// The goal score.
    pub fn goal(&self) -> u32 {
        self.space.goal()
    }

    /// The game's cells and states.
    pub fn space(&self) -> &StateSpace {
        &self.space
    }

    /// What each player remembers.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// Whether the state holds memory that a strategy seeing only the two scores cannot see:
    /// then the best score table and the full-information optimum differ.
    pub fn hides_memory(&self) -> bool {
        self.memory.size > 1
    }

    /// How the states are solved: in one sweep, or in layers iterated to their fixpoints
    /// (see [`Order`]).
    pub fn order(&self) -> &Order {
        &self.order
    }

    /// The fewest dice a player may ask for (1 where the rules forbid rolling 0).
    pub fn least_dice(&self) -> u8 {
        self.least_dice
    }

    /// The dice counts a player may ask for, `least_dice..=MAX_DICE` (as a half-open range,
    /// which the sweep's loops step through with less bookkeeping).
    pub fn dice_choices(&self) -> std::ops::Range<u8> {
        self.least_dice..MAX_DICE + 1
    }

    /// [`dice_choices`](Self::dice_choices) as a set.
    pub(crate) fn dice_set(&self) -> DiceSet {
        self.dice_choices().fold(0, |set, n| set | 1 << n)
    }

    /// Number of totals `x + o` of the table of reached scores (see
    /// [`reachable`](Self::reachable)): every total a turn can lead to.
    pub(crate) fn totals(&self) -> usize {
        self.goal() as usize + self.after_row - 1
    }

    /// The probability that asking for `n` dice at (own, opponent) scores no points (before
    /// bonuses for the choice).
    pub(crate) fn probability_of_nothing(&self, own: u32, opponent: u32, n: u8) -> f64 {
        self.rolls_at(own, opponent).probability_of_nothing(n)
    }

    /// By dice count asked for (`[n]`): the memories the mover can be left with by a choice of
    /// `n` dice that adds no bonus, if asking for `n` dice can score nothing somewhere (else
    /// empty). What a turn that gains nothing can lead to.
    pub(crate) fn choices_that_can_gain_nothing(&self) -> [Vec<u8>; ACTIONS] {
        let mut remembered: [Vec<u8>; ACTIONS] = Default::default();
        let dice_can =
            self.dice.dice().iter().enumerate().any(|(kind, _)| {
                (1..=MAX_DICE).any(|n| self.dice.get(kind, n).probability(0) > 0.0)
            });
        let bacon_can = self.least_dice == 0 && self.free_bacon.contains(&0);
        if !dice_can && !bacon_can {
            return remembered;
        }
        let m = self.memory.size;
        for n in self.dice_choices() {
            let list = &mut remembered[usize::from(n)];
            for a in 0..m {
                for b in 0..m {
                    let effect = self.effect((a, b), n);
                    let remembered = self.remembered_after(effect, 0);
                    if effect.bonus == 0 && !list.contains(&remembered) {
                        list.push(remembered);
                    }
                }
            }
        }
        remembered
    }

    /// Which after-turn plane the mover's memory `remembered` (after a turn) reads: memories
    /// with the same plane meet the same after-turn rules.
    pub(crate) fn after_plane(&self, remembered: u8) -> usize {
        self.after_start[usize::from(remembered)]
    }

    /// The length of a recall row: every score a roll can give is below it (0 without
    /// `fn remember_points`).
    pub(crate) fn recall_len(&self) -> usize {
        self.recalls.first().map_or(0, Vec::len)
    }

    /// One memory value for each distinct after-turn plane: every after-turn entry is found
    /// by [`nexts`](Self::nexts) with one of them.
    pub(crate) fn after_planes(&self) -> Vec<u8> {
        let mut seen = Vec::new();
        let mut planes = Vec::new();
        for remembered in 0..self.memory.size {
            let start = self.after_start[usize::from(remembered)];
            if !seen.contains(&start) {
                seen.push(start);
                planes.push(remembered);
            }
        }
        planes
    }

    /// The state both players start in: scores 0 : 0, initial memories.
    pub fn start(&self) -> usize {
        self.space.state(
            self.space.cell(0, 0),
            self.memory.initial,
            self.memory.initial,
        )
    }

    /// The most points one turn can add to the mover's score (dice or Free Bacon, plus bonus).
    pub fn max_gain(&self) -> usize {
        self.max_gain
    }

    /// Number of scores the solver tabulates for "the mover has reached x points": every score
    /// a turn can reach (`goal + max_gain`), plus the padding the dice sums read.
    pub(crate) fn reachable(&self) -> usize {
        self.after_row
    }

    /// Free Bacon points at (own, opponent).
    pub fn free_bacon(&self, own: u32, opponent: u32) -> u32 {
        self.free_bacon[(own * self.free_bacon_stride + opponent) as usize]
    }

    /// The die rolled at (own, opponent).
    #[inline]
    pub fn die(&self, own: u32, opponent: u32) -> &Die {
        let index = self.die[(own * self.goal() + opponent) as usize];
        &self.dice.dice()[usize::from(index)]
    }

    /// The points of a turn at (own, opponent) whose dice showed `faces` (none: Free Bacon),
    /// as the rules score them (before bonuses for the choice).
    #[inline(always)]
    pub fn turn_points(&self, own: u32, opponent: u32, faces: &[u8]) -> u32 {
        if faces.is_empty() {
            self.free_bacon(own, opponent)
        } else {
            self.rescoring.points(self.die(own, opponent), faces)
        }
    }

    /// Every outcome of asking for `n` dice at (own, opponent) (before bonuses for the choice):
    /// `visit(points, probability, pig_out, turned)`, `pig_out` where a die showed a 1 with
    /// Pig Out in the rules, `turned` where the rules on a turn's points changed its points.
    pub(crate) fn each_outcome(
        &self,
        (own, opponent): (u32, u32),
        n: u8,
        visit: &mut dyn FnMut(usize, f64, bool, bool),
    ) {
        match self.rolls_at(own, opponent).roll(n) {
            Roll::FreeBacon(points) => {
                let before = self.plain_free_bacon(own, opponent);
                visit(
                    points,
                    1.0,
                    false,
                    before.is_some_and(|b| b != points as u32),
                );
            }
            Roll::Dice(points) => {
                let (kind, rolled) = (
                    self.die_kind(own, opponent),
                    self.dice_rolled(own, opponent, n),
                );
                let before = self
                    .plain
                    .as_ref()
                    .map_or(points, |p| p.dice.get(kind, rolled));
                let die = &self.dice.dice()[kind];
                self.rescoring.each_outcome(die, rolled, before, visit);
            }
        }
    }

    /// Free Bacon's points at (own, opponent) before the rules on a turn's points, where the
    /// rules rescore.
    fn plain_free_bacon(&self, own: u32, opponent: u32) -> Option<u32> {
        let plain = self.plain.as_ref()?;
        Some(plain.free_bacon[(own * self.free_bacon_stride + opponent) as usize])
    }

    /// Whether the rules on a turn's points changed the points of a turn at (own, opponent)
    /// whose dice showed `faces` (none: Free Bacon).
    pub fn turned(&self, own: u32, opponent: u32, faces: &[u8]) -> bool {
        let Some(bacon) = self.plain_free_bacon(own, opponent) else {
            return false;
        };
        let before = if faces.is_empty() {
            bacon
        } else {
            self.dice_points(own, opponent, faces)
        };
        self.rescoring.turned(faces.len() as u8, before) != before
    }

    /// Whether the rules on a turn's points change any points.
    pub fn turns_points(&self) -> bool {
        self.rescoring.turns_any()
    }

    /// The points of a turn at (own, opponent) whose dice showed `faces` (at least one) before
    /// the rules on a turn's points (`fn turn_points`): what those rules then changed, where
    /// [`turn_points`](Self::turn_points) differs.
    pub fn dice_points(&self, own: u32, opponent: u32, faces: &[u8]) -> u32 {
        self.rescoring.dice_points(self.die(own, opponent), faces)
    }

    /// The dice actually rolled when the mover asks for `requested` at (own, opponent).
    #[inline]
    pub fn dice_rolled(&self, own: u32, opponent: u32, requested: u8) -> u8 {
        requested.min(self.dice_limit[(own * self.goal() + opponent) as usize])
    }

    /// Whether rolling `rolled` dice (already limited) at (own, opponent) always scores the same
    /// points: Free Bacon, or dice whose every outcome scores alike.
    #[inline]
    pub fn is_certain(&self, own: u32, opponent: u32, rolled: u8) -> bool {
        rolled == 0 || {
            let die = self.die[(own * self.goal() + opponent) as usize];
            self.certain_dice[usize::from(die) * ACTIONS + usize::from(rolled)]
        }
    }

    /// Every roll open at (own, opponent), looked up once: what a solver valuing each dice
    /// count of one cell reads.
    #[inline]
    pub(crate) fn rolls_at(&self, own: u32, opponent: u32) -> RollsAt<'_> {
        let cell = (own * self.goal() + opponent) as usize;
        RollsAt {
            limit: self.dice_limit[cell],
            free_bacon: self.free_bacon(own, opponent) as usize,
            dice: self
                .dice
                .of_die(usize::from(self.die[cell]))
                .try_into()
                .expect("a distribution for every dice count"),
        }
    }

    /// The index of the die rolled at (own, opponent) among [`dice`](Self::dice)'s kinds.
    #[inline]
    pub(crate) fn die_kind(&self, own: u32, opponent: u32) -> usize {
        usize::from(self.die[(own * self.goal() + opponent) as usize])
    }

    /// The distributions of every die kind and dice count the rules roll.
    pub(crate) fn dice(&self) -> &DiceCache {
        &self.dice
    }

    /// Where the effect of choosing `n` dice with memories `(own, opponent)` is stored.
    #[inline]
    fn effect_index(&self, (own, opponent): (u8, u8), n: u8) -> usize {
        let (own_stride, opponent_stride) = self.effect_strides;
        usize::from(own) * own_stride + usize::from(opponent) * opponent_stride + usize::from(n)
    }

    /// What choosing `n` dice does when the mover remembers `memories.0` and the opponent
    /// `memories.1`.
    #[inline]
    pub(crate) fn effect(&self, memories: (u8, u8), n: u8) -> Effect {
        self.effects[self.effect_index(memories, n)]
    }

    /// What choosing each dice count (`[n]`) does when the mover remembers `memories.0` and
    /// the opponent `memories.1`.
    #[inline]
    pub(crate) fn effects(&self, memories: (u8, u8)) -> &[Effect; ACTIONS] {
        let first = self.effect_index(memories, 0);
        self.effects[first..first + ACTIONS]
            .try_into()
            .expect("a memory pair has an effect for every dice count")
    }

    /// The mover's memory after a turn with `effect` that scored `points` (before the bonus):
    /// `points` must be a score some roll of the ruleset can give.
    #[inline]
    pub(crate) fn remembered_after(&self, effect: Effect, points: usize) -> u8 {
        match effect.memory {
            Remembered::Fixed(remembered) => remembered,
            Remembered::ByPoints(row) => self.recalls[usize::from(row)][points],
        }
    }

    /// Every memory the mover may hold after a turn with `effect`.
    pub(crate) fn memories_after(&self, effect: Effect) -> &[u8] {
        match effect.memory {
            Remembered::Fixed(remembered) => {
                let at = usize::from(remembered);
                &MEMORIES[at..=at]
            }
            Remembered::ByPoints(row) => &self.recalled[usize::from(row)],
        }
    }

    /// Where play goes after a turn at (own, opponent) with `effect` that scored `points`
    /// (before the bonus), and what the mover remembers then.
    #[inline]
    pub(crate) fn landing(
        &self,
        (own, opponent): (u32, u32),
        effect: Effect,
        points: usize,
    ) -> (Next, u8) {
        let remembered = self.remembered_after(effect, points);
        let reached = own as usize + effect.bonus as usize + points;
        (self.nexts(opponent, remembered)[reached], remembered)
    }

    /// The most distinct effects any dice count has.
    #[inline]
    pub(crate) fn most_effect_variants(&self) -> usize {
        self.most_effect_variants
    }

    /// Which of the distinct effects of choosing `n` dice (numbered in order of the first
    /// memories that have each) applies to `memories` (the mover's, the opponent's).
    #[inline]
    pub(crate) fn effect_variant(&self, memories: (u8, u8), n: u8) -> usize {
        usize::from(self.effect_variant[self.effect_index(memories, n)])
    }

    /// What the after-turn rules make of a turn that reached `reached` points against
    /// `opponent`, the mover remembering `remembered` after it (`reached` below
    /// [`reachable`](Self::reachable)).
    #[inline]
    pub fn after_turn(&self, reached: u32, opponent: u32, remembered: u8) -> AfterTurn {
        let at = self.after_start[usize::from(remembered)]
            + opponent as usize * self.after_row
            + reached as usize;
        self.turns[at].after()
    }

    /// Where play goes when the mover reaches each score (the index) against `opponent`,
    /// with `remembered` as its memory after the turn.
    #[inline]
    pub(crate) fn nexts(&self, opponent: u32, remembered: u8) -> &[Next] {
        let start = self.after_start[usize::from(remembered)] + opponent as usize * self.after_row;
        &self.after[start..start + self.after_row]
    }

    /// [`nexts`](Self::nexts) along a diagonal: where play goes when the mover reaches
    /// `total − o` points against each opponent score `o` of `opponents`, in order, with
    /// `remembered` as its memory after the turn (`total − o` below
    /// [`reachable`](Self::reachable) for every `o`).
    #[inline]
    pub(crate) fn nexts_along(
        &self,
        total: usize,
        opponents: std::ops::RangeInclusive<usize>,
        remembered: u8,
    ) -> impl Iterator<Item = Next> + '_ {
        // (o, total − o) sits at o · row + total − o: one step of row − 1 per opponent.
        let first = self.after_start[usize::from(remembered)]
            + total
            + opponents.start() * (self.after_row - 1);
        self.after[first..]
            .iter()
            .step_by(self.after_row - 1)
            .take(opponents.count())
            .copied()
    }
}

/// A row of the recall table: by points scored, whether the choice can score them and, if so,
/// the memory `fn remember_points` gives.
type RecallRow = Vec<(bool, u8)>;

/// The recall rows of a script with `fn remember_points` (none without): the distinct rows, and
/// by `memory · ACTIONS + dice asked` the row of each choice. A choice's row covers every score
/// its roll can give somewhere: Free Bacon's, and the dice's of every kind for each number of
/// dice the `dice_limit`s let it roll.
#[allow(clippy::type_complexity)]
fn recall_rows(
    script: &Script,
    dice: &DiceCache,
    free_bacon: &[u32],
    dice_limit: &[u8],
) -> Result<(Vec<RecallRow>, Option<Vec<u16>>), ScriptError> {
    if !script.remembers_points() {
        return Ok((Vec::new(), None));
    }
    let most = dice
        .max_points()
        .max(free_bacon.iter().copied().max().unwrap_or(0) as usize);
    let mut limits: Vec<u8> = dice_limit.to_vec();
    limits.sort_unstable();
    limits.dedup();
    // By dice asked for: the scores some roll of them can give.
    let can: Vec<Vec<bool>> = (0..=MAX_DICE)
        .map(|n| {
            let mut can = vec![false; most + 1];
            let mut rolled: Vec<u8> = limits.iter().map(|&limit| n.min(limit)).collect();
            rolled.dedup();
            for r in rolled {
                if r == 0 {
                    for &points in free_bacon {
                        can[points as usize] = true;
                    }
                } else {
                    for kind in 0..dice.dice().len() {
                        for (points, _) in dice.get(kind, r).outcomes() {
                            can[points] = true;
                        }
                    }
                }
            }
            can
        })
        .collect();
    // Every (memory, dice, points) a roll can give, in one batch.
    let turns: Vec<(u8, u8, u32)> = (0..script.memory().size)
        .flat_map(|remembered| (0..=MAX_DICE).map(move |n| (remembered, n)))
        .flat_map(|(remembered, n)| {
            let can = &can[usize::from(n)];
            (0..=most)
                .filter(move |&points| can[points])
                .map(move |points| (remembered, n, points as u32))
        })
        .collect();
    let mut memories = script.tabulate_remember_points(&turns)?.into_iter();
    let mut rows: Vec<RecallRow> = Vec::new();
    let mut of_choice = Vec::with_capacity(usize::from(script.memory().size) * ACTIONS);
    for _ in 0..script.memory().size {
        for n in 0..=MAX_DICE {
            let row: RecallRow = (0..=most)
                .map(|points| {
                    if can[usize::from(n)][points] {
                        (true, memories.next().expect("a memory for each turn asked"))
                    } else {
                        (false, 0)
                    }
                })
                .collect();
            let index = rows.iter().position(|r| *r == row).unwrap_or_else(|| {
                rows.push(row);
                rows.len() - 1
            });
            of_choice.push(index as u16);
        }
    }
    Ok((rows, Some(of_choice)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(rules: &Ruleset, opponent_moves: bool) -> Next {
        Next::new(rules.space().won_cell(), opponent_moves)
    }

    fn next(rules: &Ruleset, reached: usize, opponent: u32, remembered: u8) -> Next {
        rules.nexts(opponent, remembered)[reached]
    }

    #[test]
    fn unknown_ruleset_and_bad_goals_are_errors() {
        let err = Ruleset::preset("hog-sp99", 100).unwrap_err();
        assert_eq!(
            err.to_string(),
            "'hog-sp99' is no Hog ruleset; the Hog rulesets are hog-fa20, hog-fa17, hog-sp18, \
             hog-fa18, hog-su19, hog-fa19, hog-sp20, hog-su20, hog-sp21, hog-fa21, hog-sp22, \
             hog-su22, hog-fa22, hog-fa24, hog-wild, hog-hogtimus, hog-digits, hog-nju21, \
             hog-nju24, hog-textbook, or a rule script (FILE.rhai or FILE.py)"
        );
        assert_eq!(
            Ruleset::preset("hog-fa20", 0).unwrap_err().to_string(),
            "goal 0 is outside 1..=1000"
        );
        assert!(Ruleset::preset("hog-fa20", 1001).is_err());
    }

    #[test]
    fn fa20_tables() {
        let r = Ruleset::preset("hog-fa20", 100).unwrap();
        assert_eq!(r.space().memory_size(), 1);
        assert_eq!(r.max_gain(), 60);
        assert_eq!(r.free_bacon(0, 42), 12);
        assert_eq!(r.free_bacon(99, 42), 12);
        // 20 and 30: Swine Align, the mover goes again at (20, 30).
        assert_eq!(
            next(&r, 20, 30, 0),
            Next::new(r.space().cell(20, 30), false)
        );
        // 8 and 36: no extra turn; the opponent moves at (36, 8).
        assert_eq!(next(&r, 8, 36, 0), Next::new(r.space().cell(36, 8), true));
        // An extra turn earned on the final turn is never taken: the mover has won.
        assert_eq!(next(&r, 100, 50, 0), won(&r, false));
    }

    #[test]
    fn wild_tables() {
        let r = Ruleset::preset("hog-wild", 100).unwrap();
        assert_eq!(r.dice_rolled(3, 4, 10), 1);
        assert_eq!(r.dice_rolled(3, 4, 0), 0);
        assert_eq!(r.dice_rolled(3, 5, 10), 10);
        let two_dice = r.dice().get(r.die_kind(0, 0), 2);
        assert_eq!(two_dice.total_count(), Some(16));
        match r.rolls_at(0, 32).roll(0) {
            Roll::FreeBacon(points) => assert_eq!(points, 4),
            Roll::Dice(_) => panic!("zero dice is Free Bacon"),
        }
    }

    #[test]
    fn fa19_tables_remember_dice_and_swap() {
        let r = Ruleset::preset("hog-fa19", 100).unwrap();
        assert_eq!(r.space().memory_size(), 11);
        // 60 from ten sixes plus 3 from Feral Hogs.
        assert_eq!(r.max_gain(), 63);
        assert_eq!(
            r.effect((0, 7), 2),
            Effect {
                bonus: 3,
                memory: Remembered::Fixed(2)
            }
        );
        assert_eq!(
            r.effect((5, 3), 5),
            Effect {
                bonus: 0,
                memory: Remembered::Fixed(5)
            }
        );
        assert_eq!(r.most_effect_variants(), 2);
        // 90 + 10 vs 50: swapped, the opponent wins.
        assert_eq!(next(&r, 100, 50, 0), won(&r, true));
        // 124 vs 2 swaps too: the opponent wins with 124.
        assert_eq!(next(&r, 124, 2, 0), won(&r, true));
        // 125 vs 2 does not: the mover wins.
        assert_eq!(next(&r, 125, 2, 0), won(&r, false));
        // 55 vs 5 swaps to 5 vs 55; the opponent moves at (55, 5).
        assert_eq!(next(&r, 55, 5, 0), Next::new(r.space().cell(55, 5), true));
    }
}
