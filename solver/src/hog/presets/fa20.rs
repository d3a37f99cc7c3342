//! `hog-fa20`: Free Bacon from the digits of pi, Swine Align and Pig Pass extra turns.

use super::{bacon_strategy, gcd};
use crate::hog::definition::{AfterTurn, Builtin, HogRules, Param};

/// The first 100 decimals of pi; Free Bacon uses the n-th one for opponent score n.
const PI_DECIMALS: &[u8; 100] = b"14159265358979323846264338327950288419716939937510\
      58209749445923078164062862089986280348253421170679";

/// The `hog-fa20` ruleset (the default).
#[derive(Clone, Copy, Debug)]
pub struct Fa20;

impl Fa20 {
    /// Whether Swine Align gives the mover another turn at these scores.
    pub fn swine_align(mover: u32, opponent: u32) -> bool {
        mover > 0 && opponent > 0 && gcd(mover, opponent) >= 10
    }

    /// Whether Pig Pass gives the mover another turn at these scores.
    pub fn pig_pass(mover: u32, opponent: u32) -> bool {
        mover < opponent && opponent - mover < 3
    }

    fn extra_turn(mover: u32, opponent: u32) -> bool {
        Fa20::swine_align(mover, opponent) || Fa20::pig_pass(mover, opponent)
    }

    fn bacon(params: &[u32], _own: u32, opponent: u32) -> u8 {
        bacon_strategy(Fa20.free_bacon(opponent), params)
    }

    fn extra_turn_strategy(params: &[u32], own: u32, opponent: u32) -> u8 {
        if Fa20::extra_turn(own + Fa20.free_bacon(opponent), opponent) {
            0
        } else {
            Fa20::bacon(params, own, opponent)
        }
    }
}

const CUTOFF_AND_DICE: &[Param] = &[
    Param {
        name: "cutoff",
        default: Some(8),
    },
    Param {
        name: "n",
        default: Some(6),
    },
];

impl HogRules for Fa20 {
    fn name(&self) -> &'static str {
        "hog-fa20"
    }

    fn summary(&self) -> &'static str {
        "Free Bacon (pi digits + 3), Swine Align and Pig Pass extra turns"
    }

    fn yardstick(&self) -> &'static str {
        "always_roll:4"
    }

    fn free_bacon(&self, opponent: u32) -> u32 {
        let digit = match opponent {
            0 => 3,
            n => u32::from(PI_DECIMALS[n as usize - 1] - b'0'),
        };
        digit + 3
    }

    fn after_turn(&self, mover: u32, opponent: u32, _mover_memory: u8) -> AfterTurn {
        AfterTurn {
            mover,
            opponent,
            extra_turn: Fa20::extra_turn(mover, opponent),
        }
    }

    fn builtins(&self) -> &'static [Builtin] {
        &[
            Builtin {
                name: "bacon",
                params: CUTOFF_AND_DICE,
                about: "roll 0 if Free Bacon scores at least cutoff, else n",
                dice: Fa20::bacon,
            },
            Builtin {
                name: "extra_turn",
                params: CUTOFF_AND_DICE,
                about: "roll 0 if Free Bacon would earn an extra turn, else as bacon",
                dice: Fa20::extra_turn_strategy,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_bacon_examples() {
        assert_eq!(Fa20.free_bacon(0), 6);
        assert_eq!(Fa20.free_bacon(1), 4);
        assert_eq!(Fa20.free_bacon(2), 7);
        assert_eq!(Fa20.free_bacon(42), 12);
        // The 99th decimal is 7.
        assert_eq!(Fa20.free_bacon(99), 7 + 3);
    }

    #[test]
    fn swine_align_examples() {
        assert!(!Fa20::swine_align(8, 36));
        assert!(Fa20::swine_align(20, 30));
        assert!(Fa20::swine_align(24, 36));
        assert!(Fa20::swine_align(36, 36));
        assert!(!Fa20::swine_align(15, 0));
    }

    #[test]
    fn pig_pass_examples() {
        assert!(!Fa20::pig_pass(11, 10));
        assert!(!Fa20::pig_pass(7, 10));
        assert!(Fa20::pig_pass(28, 30));
        assert!(Fa20::pig_pass(29, 30));
    }

    #[test]
    fn extra_turns_chain() {
        // The course's clarification: 10 vs 20 aligns; +8 → 18 vs 20 passes; +12 → 30 vs 20
        // aligns again.
        assert!(Fa20.after_turn(10, 20, 0).extra_turn);
        assert!(Fa20.after_turn(18, 20, 0).extra_turn);
        assert!(Fa20.after_turn(30, 20, 0).extra_turn);
        assert!(!Fa20.after_turn(31, 20, 0).extra_turn);
    }

    #[test]
    fn extra_turn_strategy_tests_past_the_goal() {
        // RULES.md: (96, 40) with cutoff 19 rolls 0, because the 40th decimal is 1, so Free
        // Bacon scores 4 and gcd(100, 40) = 20 aligns, even though 100 already wins.
        let bacon_points = Fa20.free_bacon(40);
        assert_eq!(96 + bacon_points, 100);
        assert_eq!(Fa20::extra_turn_strategy(&[19, 6], 96, 40), 0);
        assert_eq!(Fa20::bacon(&[19, 6], 96, 40), 6);
    }

    #[test]
    fn bacon_strategy_cutoff() {
        assert_eq!(Fa20::bacon(&[8, 6], 0, 0), 6); // 6 points < 8
        assert_eq!(Fa20::bacon(&[8, 6], 0, 2), 6); // 7 points < 8
        assert_eq!(Fa20::bacon(&[8, 6], 0, 42), 0); // 12 points >= 8
    }
}
