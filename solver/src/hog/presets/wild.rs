//! `hog-wild`: Hog Tied, Hog Wild and the tens-digit Free Bacon.

use crate::dice::Die;
use crate::hog::definition::MAX_DICE;
use crate::hog::definition::{AfterTurn, Builtin, HogRules, Param};

/// The `hog-wild` ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Wild;

impl Wild {
    /// Whether Hog Tied (at most one die) applies when the two scores add up to `total`.
    pub fn hog_tied(total: u32) -> bool {
        total % 10 == 7
    }

    /// Whether Hog Wild (four-sided dice) applies when the two scores add up to `total`.
    pub fn hog_wild(total: u32) -> bool {
        total % 7 == 0
    }

    fn comeback(params: &[u32], own: u32, opponent: u32) -> u8 {
        let (margin, n) = (params[0], params[1] as u8);
        if opponent.saturating_sub(own) >= margin {
            (n + 1).min(MAX_DICE)
        } else {
            n
        }
    }

    fn mean(params: &[u32], own: u32, opponent: u32) -> u8 {
        let bacon = Wild.free_bacon(opponent);
        let total = own + bacon + opponent;
        if bacon >= params[0] && (Wild::hog_wild(total) || Wild::hog_tied(total)) {
            0
        } else {
            params[1] as u8
        }
    }
}

impl HogRules for Wild {
    fn name(&self) -> &'static str {
        "hog-wild"
    }

    fn summary(&self) -> &'static str {
        "Hog Tied (sum ends in 7: one die), Hog Wild (sum a multiple of 7: four-sided dice)"
    }

    fn yardstick(&self) -> &'static str {
        "always_roll:5"
    }

    fn free_bacon(&self, opponent: u32) -> u32 {
        1 + opponent / 10 % 10
    }

    fn dice_limit(&self, own: u32, opponent: u32) -> u8 {
        if Wild::hog_tied(own + opponent) {
            1
        } else {
            MAX_DICE
        }
    }

    fn die(&self, own: u32, opponent: u32) -> Die {
        if Wild::hog_wild(own + opponent) {
            Die::FOUR_SIDED
        } else {
            Die::SIX_SIDED
        }
    }

    fn after_turn(&self, mover: u32, opponent: u32, _mover_memory: u8) -> AfterTurn {
        AfterTurn {
            mover,
            opponent,
            extra_turn: false,
        }
    }

    fn builtins(&self) -> &'static [Builtin] {
        &[
            Builtin {
                name: "comeback",
                params: &[
                    Param {
                        name: "margin",
                        default: None,
                    },
                    Param {
                        name: "n",
                        default: Some(5),
                    },
                ],
                about: "roll n + 1 if behind by at least margin, else n",
                dice: Wild::comeback,
            },
            Builtin {
                name: "mean",
                params: &[
                    Param {
                        name: "min_points",
                        default: None,
                    },
                    Param {
                        name: "n",
                        default: Some(5),
                    },
                ],
                about: "roll 0 if Free Bacon scores at least min_points and sets off Hog Wild \
                        or Hog Tied, else n",
                dice: Wild::mean,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_bacon_examples() {
        assert_eq!(Wild.free_bacon(32), 4);
        assert_eq!(Wild.free_bacon(7), 1);
        assert_eq!(Wild.free_bacon(0), 1);
        assert_eq!(Wild.free_bacon(99), 10);
    }

    #[test]
    fn hog_tied_caps_at_one_die() {
        for total in [7, 17, 97, 197] {
            assert_eq!(Wild.dice_limit(total, 0), 1);
        }
        assert_eq!(Wild.dice_limit(3, 5), MAX_DICE);
    }

    #[test]
    fn hog_wild_uses_four_sided_dice() {
        assert_eq!(Wild.die(0, 0), Die::FOUR_SIDED);
        assert_eq!(Wild.die(10, 4), Die::FOUR_SIDED);
        assert_eq!(Wild.die(10, 5), Die::SIX_SIDED);
    }

    #[test]
    fn both_rules_at_7_77_and_147() {
        for total in [7, 77, 147] {
            assert_eq!(Wild.die(total, 0), Die::FOUR_SIDED);
            assert_eq!(Wild.dice_limit(total, 0), 1);
        }
    }

    #[test]
    fn comeback_adds_a_die_when_behind_and_never_exceeds_ten() {
        assert_eq!(Wild::comeback(&[10, 5], 20, 30), 6);
        assert_eq!(Wild::comeback(&[10, 5], 21, 30), 5);
        assert_eq!(Wild::comeback(&[10, 5], 40, 30), 5);
        assert_eq!(Wild::comeback(&[1, 10], 0, 5), 10);
        // A margin no score difference reaches never adds a die (and does not overflow).
        assert_eq!(Wild::comeback(&[u32::MAX, 5], 0, 99), 5);
        assert_eq!(Wild::comeback(&[0, 5], 40, 30), 6);
    }

    #[test]
    fn mean_rolls_zero_only_when_bacon_sets_off_a_rule() {
        // Opponent 32: bacon 4; own 1 → total 37 ends in 7.
        assert_eq!(Wild::mean(&[4, 5], 1, 32), 0);
        // Own 6 → total 42, a multiple of 7.
        assert_eq!(Wild::mean(&[4, 5], 6, 32), 0);
        // Own 2 → total 38: neither.
        assert_eq!(Wild::mean(&[4, 5], 2, 32), 5);
        // Bacon 4 below min_points 5.
        assert_eq!(Wild::mean(&[5, 5], 1, 32), 5);
    }
}
