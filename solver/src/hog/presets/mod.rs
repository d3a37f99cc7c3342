//! The built-in rulesets, exactly as `RULES.md` specifies them.

mod fa19;
mod fa20;
mod wild;

pub use fa19::Fa19;
pub use fa20::Fa20;
pub use wild::Wild;

use super::definition::HogRules;

/// Every built-in ruleset, the default (`hog-fa20`) first.
pub const PRESETS: [&dyn HogRules; 3] = [&Fa20, &Wild, &Fa19];

/// The built-in ruleset called `name`, if there is one.
pub fn preset(name: &str) -> Option<&'static dyn HogRules> {
    PRESETS.into_iter().find(|rules| rules.name() == name)
}

/// The course's `bacon_strategy`: roll 0 if Free Bacon scores at least `params[0]`, else
/// `params[1]` dice.
fn bacon_strategy(free_bacon: u32, params: &[u32]) -> u8 {
    if free_bacon >= params[0] {
        0
    } else {
        params[1] as u8
    }
}

/// Leftmost digit times rightmost digit of `score` (a one-digit score x gives x·x).
fn first_times_last_digit(score: u32) -> u32 {
    let mut leftmost = score;
    while leftmost >= 10 {
        leftmost /= 10;
    }
    leftmost * (score % 10)
}

/// Greatest common divisor (gcd(0, x) = x).
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_found_by_its_name() {
        for rules in PRESETS {
            assert_eq!(preset(rules.name()).map(|r| r.name()), Some(rules.name()));
        }
        assert!(preset("hog-sp99").is_none());
    }

    #[test]
    fn digit_products() {
        assert_eq!(first_times_last_digit(0), 0);
        assert_eq!(first_times_last_digit(7), 49);
        assert_eq!(first_times_last_digit(28), 16);
        assert_eq!(first_times_last_digit(124), 4);
        assert_eq!(first_times_last_digit(100), 0);
    }

    #[test]
    fn gcd_by_hand() {
        assert_eq!(gcd(8, 36), 4);
        assert_eq!(gcd(24, 36), 12);
        assert_eq!(gcd(15, 0), 15);
    }
}
