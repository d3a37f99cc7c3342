//! `hog-fa19`: Feral Hogs (remembers each player's previous dice count) and Swine Swap.

use super::{bacon_strategy, first_times_last_digit};
use crate::hog::definition::MAX_DICE;
use crate::hog::definition::{AfterTurn, Builtin, HogRules, Memory, Param};

/// The `hog-fa19` ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Fa19;

/// Points Feral Hogs adds when the dice count differs by exactly 2 from the previous one.
const FERAL_HOGS_BONUS: u32 = 3;

impl Fa19 {
    /// Whether Swine Swap exchanges these scores.
    pub fn swine_swap(mover: u32, opponent: u32) -> bool {
        first_times_last_digit(mover) == first_times_last_digit(opponent)
    }

    fn bacon(params: &[u32], _own: u32, opponent: u32) -> u8 {
        bacon_strategy(Fa19.free_bacon(opponent), params)
    }

    fn swap(params: &[u32], own: u32, opponent: u32) -> u8 {
        let after_bacon = own + Fa19.free_bacon(opponent);
        if Fa19::swine_swap(after_bacon, opponent) {
            if after_bacon < opponent {
                return 0;
            }
            if after_bacon > opponent {
                return params[1] as u8;
            }
        }
        Fa19::bacon(params, own, opponent)
    }
}

const MARGIN_AND_DICE: &[Param] = &[
    Param {
        name: "margin",
        default: Some(8),
    },
    Param {
        name: "n",
        default: Some(4),
    },
];

impl HogRules for Fa19 {
    fn name(&self) -> &'static str {
        "hog-fa19"
    }

    fn summary(&self) -> &'static str {
        "Free Bacon (10 - min digit), Feral Hogs (+3 for a dice count 2 away from the last), \
         Swine Swap (first x last digit)"
    }

    fn yardstick(&self) -> &'static str {
        "always_roll:4"
    }

    fn memory(&self) -> Memory {
        Memory {
            size: MAX_DICE + 1,
            initial: 0,
            meaning: "dice count of the previous turn",
        }
    }

    fn free_bacon(&self, opponent: u32) -> u32 {
        10 - (opponent / 10 % 10).min(opponent % 10)
    }

    fn bonus(&self, remembered: u8, dice: u8) -> u32 {
        if remembered.abs_diff(dice) == 2 {
            FERAL_HOGS_BONUS
        } else {
            0
        }
    }

    fn remember(&self, _remembered: u8, dice: u8) -> u8 {
        dice
    }

    fn after_turn(&self, mover: u32, opponent: u32, _mover_memory: u8) -> AfterTurn {
        let (mover, opponent) = if Fa19::swine_swap(mover, opponent) {
            (opponent, mover)
        } else {
            (mover, opponent)
        };
        AfterTurn {
            mover,
            opponent,
            extra_turn: false,
        }
    }

    fn builtins(&self) -> &'static [Builtin] {
        &[
            Builtin {
                name: "bacon",
                params: MARGIN_AND_DICE,
                about: "roll 0 if Free Bacon scores at least margin, else n",
                dice: Fa19::bacon,
            },
            Builtin {
                name: "swap",
                params: MARGIN_AND_DICE,
                about: "roll 0 if Free Bacon sets off a helpful swap, n if a harmful one, \
                        else as bacon",
                dice: Fa19::swap,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_bacon_examples() {
        assert_eq!(Fa19.free_bacon(13), 9);
        assert_eq!(Fa19.free_bacon(85), 5);
        assert_eq!(Fa19.free_bacon(7), 10);
        assert_eq!(Fa19.free_bacon(50), 10);
    }

    #[test]
    fn swine_swap_examples() {
        assert!(!Fa19::swine_swap(2, 4));
        assert!(!Fa19::swine_swap(22, 4));
        assert!(Fa19::swine_swap(28, 4));
        assert!(Fa19::swine_swap(124, 2));
        assert!(Fa19::swine_swap(44, 28));
        assert!(!Fa19::swine_swap(2, 0));
        assert!(Fa19::swine_swap(10, 0));
        assert_eq!(
            Fa19.after_turn(28, 4, 0),
            AfterTurn {
                mover: 4,
                opponent: 28,
                extra_turn: false
            }
        );
    }

    #[test]
    fn feral_hogs_bonus_needs_a_difference_of_exactly_two() {
        assert_eq!(Fa19.bonus(0, 2), 3);
        assert_eq!(Fa19.bonus(2, 0), 3);
        assert_eq!(Fa19.bonus(3, 5), 3);
        assert_eq!(Fa19.bonus(0, 3), 0);
        assert_eq!(Fa19.bonus(4, 4), 0);
        assert_eq!(Fa19.remember(7, 3), 3);
    }

    #[test]
    fn swap_strategy_example() {
        // RULES.md: own 36, opponent 43, margin 10, n 6: bacon 7 makes 43 = opponent, so it
        // falls through; 7 < 10 → roll 6.
        assert_eq!(Fa19::swap(&[10, 6], 36, 43), 6);
        // Own 18, opponent 4: bacon 10 makes 28 vs 4 (16 = 16), a swap that gives the lead away.
        assert_eq!(Fa19::swap(&[5, 6], 18, 4), 6);
        // Own 22, opponent 44: bacon 6 makes 28 vs 44 (16 = 16), a swap that takes the lead,
        // although 6 points alone are below the margin.
        assert_eq!(Fa19::swap(&[8, 4], 22, 44), 0);
        // own 0 vs opponent 28: bacon 10 - 2 = 8 → 8 vs 28: 64 ≠ 16; 8 >= margin 8 → 0.
        assert_eq!(Fa19::swap(&[8, 4], 0, 28), 0);
    }
}
