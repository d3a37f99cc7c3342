//! Which memories each seat can hold in a match-up, and where the states of a cell sit in the
//! sweep's arrays.
//!
//! A memory value that a seat can never hold makes states no game reaches: in hog-fa19 a
//! player remembers its previous dice count, so against `always_roll(4)` the opponent's memory
//! is only ever 0 (before its first turn) or 4, and a score table's own memory only takes the
//! dice counts the table uses. A [`Layout`] lists, for each seat, the memories it can hold:
//! the closure of the initial memory under the rules' `remember` hook, over the dice counts the
//! seat can ask for. The sweep and the forward pass visit only the states whose memories both
//! seats can hold, and store them densely: a cell has one *slot* per pair (mover's memory,
//! opponent's memory) the mover's seat can meet.
//!
//! A state with seat `s` to move, holding memory `a` against the opponent's `b`, sits in slot
//! `i · |held(1 − s)| + j` of its cell, `i` and `j` being the positions of `a` in `held(s)` and
//! of `b` in `held(1 − s)`. Both seats have `|held(0)| · |held(1)|` slots per cell, so arrays
//! hold the two seats' values side by side (`2 · slot + seat`). When every memory is held
//! ([`Layout::everywhere`]) a slot is the state's index within its cell.
//!
//! A seat that plays a fixed policy blind to memory (a score table, a built-in) may hold
//! memories that no rule tells apart: in hog-sp20 `always_roll(4)` remembers the points of its
//! last turn (1, or 8 and more), none of which is 2 away from 4, so the Feral Hogs bonus never
//! comes its way and what it remembers never matters. [`Layout::merged`] puts such memories in
//! one *class*, held once: memories are in one class when they get the same bonus and leave
//! memories of the same classes for every dice count the seat asks for, and the after-turn
//! rules treat them alike (the coarsest such partition, found by refinement). A class stands
//! for its smallest member; `slot` and `memories` take any member.

use super::definition::{DiceSet, MAX_DICE};
use super::policy::Policy;
use super::ruleset::{Next, Remembered, Ruleset};

/// Marks a memory a seat cannot hold in [`Layout::position`].
const NOT_HELD: u8 = u8::MAX;

/// The memories each seat can hold, and the slots of a cell's states (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    memory: usize,
    held: [Vec<u8>; 2],
    position: [Vec<u8>; 2],
    /// By seat and class (the position in `held`): the memories the class stands for.
    members: [Vec<Vec<u8>>; 2],
    /// By seat and memory: whether one of the seat's choices leads to it (or, once merged, to
    /// a member of its class).
    chosen: [Vec<bool>; 2],
    per_cell: usize,
}

impl Layout {
    /// Every memory for both seats, with `memory` values per player: the whole state space.
    pub fn everywhere(memory: usize) -> Layout {
        let all: Vec<u8> = (0..memory as u8).collect();
        Layout::new(
            memory,
            [all.clone(), all],
            [vec![true; memory], vec![true; memory]],
        )
    }

    /// The memories each seat can hold when seat `s` only ever asks for the dice counts in
    /// `dice[s]`: the initial memory and every memory the rules' `remember` leads to from a
    /// memory already held, against any memory the opponent holds (when the hook reads it).
    pub fn reachable(rules: &Ruleset, dice: [DiceSet; 2]) -> Layout {
        let memory = rules.space().memory_size();
        let initial = rules.memory().initial;
        let mut holds = [vec![false; memory], vec![false; memory]];
        let mut chosen = [vec![false; memory], vec![false; memory]];
        holds[0][usize::from(initial)] = true;
        holds[1][usize::from(initial)] = true;
        // Until nothing changes: a seat's new memory may let the other seat reach more.
        let mut changed = true;
        while changed {
            changed = false;
            for seat in 0..2 {
                let held = |seat: usize| -> Vec<u8> {
                    (0..memory as u8)
                        .filter(|&a| holds[seat][usize::from(a)])
                        .collect()
                };
                let (own, opponent) = (held(seat), held(1 - seat));
                for &a in &own {
                    for &b in &opponent {
                        for n in (0..=MAX_DICE).filter(|n| dice[seat] & 1 << n != 0) {
                            let effect = rules.effect((a, b), n);
                            for &remembered in rules.memories_after(effect) {
                                let remembered = usize::from(remembered);
                                chosen[seat][remembered] = true;
                                if !holds[seat][remembered] {
                                    holds[seat][remembered] = true;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        let held = holds.map(|holds| {
            (0..memory as u8)
                .filter(|&a| holds[usize::from(a)])
                .collect()
        });
        Layout::new(memory, held, chosen)
    }

    /// [`reachable`](Self::reachable) for seats that ask for `dice`, the memories of a seat
    /// that plays a fixed policy (`fixed`) blind to memory merged into classes (see the module
    /// docs). Only where no hook reads the opponent's memory.
    pub fn merged(rules: &Ruleset, dice: [DiceSet; 2], fixed: [Option<&Policy>; 2]) -> Layout {
        let mut layout = Layout::reachable(rules, dice);
        if rules.rules().choice_reads_opponent_memory() {
            return layout;
        }
        for seat in 0..2 {
            if fixed[seat].is_some_and(Policy::ignores_memory) {
                layout.merge(rules, seat, dice[seat]);
            }
        }
        layout
    }

    fn new(memory: usize, held: [Vec<u8>; 2], chosen: [Vec<bool>; 2]) -> Layout {
        let position = [0, 1].map(|seat| {
            let mut position = vec![NOT_HELD; memory];
            for (i, &a) in held[seat].iter().enumerate() {
                position[usize::from(a)] = i as u8;
            }
            position
        });
        let members = [0, 1].map(|seat: usize| held[seat].iter().map(|&a| vec![a]).collect());
        let per_cell = held[0].len() * held[1].len();
        Layout {
            memory,
            held,
            position,
            members,
            chosen,
            per_cell,
        }
    }

    /// Merges the memories `seat` holds into the coarsest classes that its choices (`dice`) and
    /// the after-turn rules cannot tell apart: equal bonus, and successor memories of equal
    /// classes, for every dice count; the same after-turn plane.
    fn merge(&mut self, rules: &Ruleset, seat: usize, dice: DiceSet) {
        let held = self.held[seat].clone();
        let mut class = vec![usize::MAX; self.memory];
        for &a in &held {
            class[usize::from(a)] = 0;
        }
        let mut classes = 1;
        loop {
            let class_of = |a: u8| class[usize::from(a)];
            let signature = |a: u8| -> Vec<usize> {
                let mut signature = vec![class_of(a), rules.after_plane(a)];
                for n in (0..=MAX_DICE).filter(|n| dice & 1 << n != 0) {
                    let effect = rules.effect((a, 0), n);
                    signature.push(effect.bonus as usize);
                    match effect.memory {
                        Remembered::Fixed(remembered) => signature.push(class_of(remembered)),
                        Remembered::ByPoints(_) => signature.extend(
                            (0..rules.recall_len())
                                .map(|points| class_of(rules.remembered_after(effect, points))),
                        ),
                    }
                }
                signature
            };
            let mut seen: Vec<Vec<usize>> = Vec::new();
            let mut next = class.clone();
            for &a in &held {
                let signature = signature(a);
                next[usize::from(a)] =
                    seen.iter()
                        .position(|s| *s == signature)
                        .unwrap_or_else(|| {
                            seen.push(signature);
                            seen.len() - 1
                        });
            }
            class = next;
            if seen.len() == classes {
                break;
            }
            classes = seen.len();
        }
        let mut members: Vec<Vec<u8>> = vec![Vec::new(); classes];
        for &a in &held {
            members[class[usize::from(a)]].push(a);
        }
        for (i, list) in members.iter().enumerate() {
            let chosen = list.iter().any(|&a| self.chosen[seat][usize::from(a)]);
            for &a in list {
                self.position[seat][usize::from(a)] = i as u8;
                self.chosen[seat][usize::from(a)] = chosen;
            }
        }
        self.held[seat] = members.iter().map(|list| list[0]).collect();
        self.members[seat] = members;
        self.per_cell = self.held[0].len() * self.held[1].len();
    }

    /// The memories the class of `memory` (held by `seat`) stands for.
    #[inline]
    pub fn members(&self, seat: usize, memory: u8) -> &[u8] {
        &self.members[seat][usize::from(self.position[seat][usize::from(memory)])]
    }

    /// Whether one of `seat`'s choices can leave it remembering `memory` (the initial memory
    /// may be held only before the first turn).
    #[inline]
    pub fn after_a_choice(&self, seat: usize, memory: u8) -> bool {
        self.chosen[seat][usize::from(memory)]
    }

    /// The memories `seat` can hold, ascending.
    #[inline]
    pub fn held(&self, seat: usize) -> &[u8] {
        &self.held[seat]
    }

    /// Slots per cell, for each seat.
    #[inline]
    pub fn per_cell(&self) -> usize {
        self.per_cell
    }

    /// The slot of the state where `seat` moves holding `own` against `opponent`'s memory, if
    /// both memories can be held.
    #[inline]
    pub fn slot(&self, seat: usize, own: u8, opponent: u8) -> Option<usize> {
        let i = *self.position[seat].get(usize::from(own))?;
        let j = *self.position[1 - seat].get(usize::from(opponent))?;
        (i != NOT_HELD && j != NOT_HELD)
            .then(|| usize::from(i) * self.held[1 - seat].len() + usize::from(j))
    }

    /// The memories (mover's, opponent's) of `seat`'s state in `slot`.
    #[inline]
    pub fn memories_of(&self, seat: usize, slot: usize) -> (u8, u8) {
        let opponents = self.held[1 - seat].len();
        (
            self.held[seat][slot / opponents],
            self.held[1 - seat][slot % opponents],
        )
    }

    /// Where the successors of a turn sit when `seat` moved and remembers `remembered` after
    /// it, the opponent `opponent_memory`; both must be held.
    #[inline]
    pub fn memories(&self, seat: usize, remembered: u8, opponent_memory: u8) -> Memories {
        let slot = |seat: usize, own: u8, opponent: u8| {
            usize::from(self.position[seat][usize::from(own)]) * self.held[1 - seat].len()
                + usize::from(self.position[1 - seat][usize::from(opponent)])
        };
        debug_assert!(self.slot(seat, remembered, opponent_memory).is_some());
        Memories {
            offset: [
                slot(seat, remembered, opponent_memory),
                slot(1 - seat, opponent_memory, remembered),
            ],
            stride: self.per_cell,
        }
    }
}

/// Where the two memories after a turn place a successor among its cell's slots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Memories {
    /// The slot within the cell: `[0]` when the mover moves again (its memory first), `[1]`
    /// when the opponent moves.
    pub offset: [usize; 2],
    /// Slots per cell.
    pub stride: usize,
}

impl Memories {
    /// The slot, in arrays of one value per slot ([`Layout`]), of the state where play
    /// continues at `next` with these memories.
    #[inline]
    pub fn slot(&self, next: Next) -> usize {
        next.cell() * self.stride + self.offset[usize::from(next.opponent_moves())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fa19_against_always_roll_holds_what_the_dice_lead_to() {
        let rules = Ruleset::preset("hog-fa19", 20).unwrap();
        // Seat 0 may roll anything, seat 1 always 4: it holds 0 before its first turn, then 4.
        let layout = Layout::reachable(&rules, [rules.dice_set(), 1 << 4]);
        assert_eq!(layout.held(0), (0..=10).collect::<Vec<u8>>());
        assert_eq!(layout.held(1), [0, 4]);
        assert_eq!(layout.per_cell(), 22);
        assert_eq!(layout.slot(0, 7, 4), Some(7 * 2 + 1));
        assert_eq!(layout.slot(1, 4, 7), Some(11 + 7));
        assert_eq!(layout.slot(0, 7, 3), None);
        assert_eq!(layout.memories_of(1, 18), (4, 7));
        for seat in 0..2 {
            for slot in 0..layout.per_cell() {
                let (a, b) = layout.memories_of(seat, slot);
                assert_eq!(layout.slot(seat, a, b), Some(slot));
            }
        }
        // Seat 0 remembering 7 against 4: it moves again at slot 15, or seat 1 moves at 18.
        let memories = layout.memories(0, 7, 4);
        assert_eq!(memories.offset, [15, 18]);
        assert_eq!(memories.stride, 22);
        // Seat 1's choices never leave it holding 0 again; seat 0's may (rolling 2 from 2).
        assert!(!layout.after_a_choice(1, 0));
        assert!(layout.after_a_choice(1, 4));
        assert!(layout.after_a_choice(0, 0));
    }

    #[test]
    fn everywhere_numbers_slots_as_states() {
        let rules = Ruleset::preset("hog-fa19", 5).unwrap();
        let layout = Layout::everywhere(11);
        assert_eq!(layout.per_cell(), 11 * 11);
        let space = rules.space();
        for a in 0..11 {
            for b in 0..11 {
                assert_eq!(layout.slot(0, a, b), Some(space.state(0, a, b)));
            }
        }
        assert_eq!(Layout::reachable(&rules, [rules.dice_set(); 2]), layout);
    }
}
