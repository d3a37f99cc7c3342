//! The positions of a Hog game and where each one lives in the solver's dense arrays.
//!
//! A *cell* is a pair of scores (mover, opponent), both in `0..goal`. Cells are numbered by
//! increasing total score, then by the mover's score, so every cell of a higher total comes after
//! a whole *diagonal* of equal total: the sweep writes one diagonal while it reads finished values
//! from the tail of the array. A *state* is a cell plus both players' memories, numbered
//! `cell · m² + mover memory · m + opponent memory` for a memory of `m` values.
//!
//! One more cell follows the last: the *won cell*, where the game is over and the player "to
//! move" has won (value 1). Finished games lead there, so the sweep values every successor the
//! same way.

use std::ops::Range;

/// The cells and states of a Hog game with a given goal and per-player memory size.
#[derive(Clone, Debug)]
pub struct StateSpace {
    goal: u32,
    memory: usize,
    diagonal_start: Vec<usize>,
    cell_of_scores: Vec<u32>,
    scores_of_cell: Vec<(u32, u32)>,
}

impl StateSpace {
    /// The state space for scores in `0..goal` and `memory` values per player's memory.
    pub fn new(goal: u32, memory: usize) -> StateSpace {
        let g = goal as usize;
        let mut diagonal_start = Vec::with_capacity(2 * g);
        let mut scores_of_cell = Vec::with_capacity(g * g);
        let mut cell_of_scores = vec![0u32; g * g];
        for total in 0..(2 * g).saturating_sub(1) {
            diagonal_start.push(scores_of_cell.len());
            let lowest = total.saturating_sub(g - 1);
            for own in lowest..=total.min(g - 1) {
                let opponent = total - own;
                cell_of_scores[own * g + opponent] = scores_of_cell.len() as u32;
                scores_of_cell.push((own as u32, opponent as u32));
            }
        }
        diagonal_start.push(scores_of_cell.len());
        StateSpace {
            goal,
            memory,
            diagonal_start,
            cell_of_scores,
            scores_of_cell,
        }
    }

    /// The goal: scores of cells are below it.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// How many values each player's memory takes (1 when the rules remember nothing).
    pub fn memory_size(&self) -> usize {
        self.memory
    }

    /// States per cell: one for every pair of memories.
    pub fn states_per_cell(&self) -> usize {
        self.memory * self.memory
    }

    /// Number of cells (goal²).
    pub fn cells(&self) -> usize {
        self.scores_of_cell.len()
    }

    /// Number of states (cells · memory²), the won cell's not included.
    pub fn states(&self) -> usize {
        self.cells() * self.states_per_cell()
    }

    /// The cell after the last, standing for a finished game won by the player "to move" there.
    pub fn won_cell(&self) -> usize {
        self.cells()
    }

    /// Number of diagonals (distinct totals of the two scores).
    pub fn diagonals(&self) -> usize {
        self.diagonal_start.len() - 1
    }

    /// The cells whose scores add up to `total`.
    pub fn diagonal(&self, total: usize) -> Range<usize> {
        self.diagonal_start[total]..self.diagonal_start[total + 1]
    }

    /// The cell of (own score, opponent score); both must be below the goal.
    #[inline]
    pub fn cell(&self, own: u32, opponent: u32) -> usize {
        self.cell_of_scores[(own * self.goal + opponent) as usize] as usize
    }

    /// The (own score, opponent score) of a cell.
    #[inline]
    pub fn scores(&self, cell: usize) -> (u32, u32) {
        self.scores_of_cell[cell]
    }

    /// The state of a cell with the mover's and the opponent's memories.
    #[inline]
    pub fn state(&self, cell: usize, mover_memory: u8, opponent_memory: u8) -> usize {
        (cell * self.memory + usize::from(mover_memory)) * self.memory
            + usize::from(opponent_memory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_ordered_by_total_and_round_trip() {
        let space = StateSpace::new(5, 3);
        assert_eq!(space.cells(), 25);
        assert_eq!(space.states(), 225);
        assert_eq!(space.diagonals(), 9);
        let mut last_total = 0;
        for cell in 0..space.cells() {
            let (own, opponent) = space.scores(cell);
            assert_eq!(space.cell(own, opponent), cell);
            assert!(own + opponent >= last_total);
            last_total = own + opponent;
            assert!(space.diagonal((own + opponent) as usize).contains(&cell));
        }
        assert_eq!(space.state(2, 1, 2), 2 * 9 + 3 + 2);
    }

    #[test]
    fn goal_one_has_the_start_only() {
        let space = StateSpace::new(1, 1);
        assert_eq!(space.cells(), 1);
        assert_eq!(space.diagonals(), 1);
        assert_eq!(space.diagonal(0), 0..1);
    }
}
