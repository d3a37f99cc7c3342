//! The built-in rulesets: rule scripts embedded in the binary, exactly as `RULES.md` specifies
//! them (each script's header says its rules in words and cites its source).

use super::script::{Script, ScriptError};

/// A preset: its name, what the catalog says of it, and its script.
///
/// The summary, the yardstick and the built-in strategies' forms are what the script itself
/// declares, written here too so that listing the rulesets (for `--help`, `--rules` and the
/// page) compiles no script; a test keeps the two equal.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// The name used with `--rules`.
    pub name: &'static str,
    /// Other names it answers to: the terms that played the same rules.
    pub aliases: &'static [&'static str],
    /// The CS 61A term whose rules these are, if it is one (see [`Term`]).
    pub term: Option<Term>,
    /// One line describing the rules (the script's `summary`).
    pub summary: &'static str,
    /// The strategy the rules are measured against (the script's `yardstick`).
    pub yardstick: &'static str,
    /// The script's built-in strategies as `--vs` takes them, e.g. `bacon:CUTOFF,N`.
    pub builtins: &'static [&'static str],
    /// The rule script.
    pub script: &'static str,
}

/// A term of the course: a year and a season, ordered as they came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Term {
    /// The year, e.g. 2020.
    pub year: u16,
    /// The season within the year.
    pub season: Season,
}

/// The course's three seasons, in the order of the year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Season {
    /// Spring (January to May).
    Spring,
    /// Summer.
    Summer,
    /// Fall (August to December).
    Fall,
}

impl std::fmt::Display for Term {
    /// "Fall 2020".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let season = match self.season {
            Season::Spring => "Spring",
            Season::Summer => "Summer",
            Season::Fall => "Fall",
        };
        write!(f, "{season} {}", self.year)
    }
}

/// A CS 61A term.
const fn term(year: u16, season: Season) -> Option<Term> {
    Some(Term { year, season })
}

/// A preset with no other names: its name, term, summary, yardstick, built-ins and script.
const fn preset_of(
    name: &'static str,
    term: Option<Term>,
    (summary, yardstick, builtins): (&'static str, &'static str, &'static [&'static str]),
    script: &'static str,
) -> Preset {
    Preset {
        name,
        aliases: &[],
        term,
        summary,
        yardstick,
        builtins,
        script,
    }
}

use Season::{Fall, Spring, Summer};

/// Every built-in ruleset: the default (`hog-fa20`) first, then CS 61A's terms in order, then
/// the other variants.
pub const PRESETS: [Preset; 20] = [
    preset_of(
        "hog-fa20",
        term(2020, Fall),
        (
            "Free Bacon (pi digits + 3), Swine Align and Pig Pass extra turns",
            "always_roll:4",
            &["bacon:CUTOFF,N", "extra_turn:CUTOFF,N"],
        ),
        include_str!("hog-fa20.rhai"),
    ),
    preset_of(
        "hog-fa17",
        term(2017, Fall),
        (
            "Free Bacon (1 + max digit), Swine Swap (one score a multiple of the other), Time Trot (k dice on turn n, n % 8 == k: go again)",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-fa17.rhai"),
    ),
    preset_of(
        "hog-sp18",
        term(2018, Spring),
        (
            "Free Bacon (2 + |tens - ones|), Swine Swap (one score a multiple of the other)",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-sp18.rhai"),
    ),
    preset_of(
        "hog-fa18",
        term(2018, Fall),
        (
            "Free Bacon (2 tens - ones, at least 1), Swine Swap (equal |tens - ones|)",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-fa18.rhai"),
    ),
    preset_of(
        "hog-su19",
        term(2019, Summer),
        (
            "Free Bacon (10 - min digit), Swine Swap (mover's first digit = opponent's last)",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-su19.rhai"),
    ),
    preset_of(
        "hog-fa19",
        term(2019, Fall),
        (
            "Free Bacon (10 - min digit), Feral Hogs (+3 for a dice count 2 away from the last), Swine Swap (first x last digit)",
            "always_roll:4",
            &["bacon:MARGIN,N", "swap:MARGIN,N"],
        ),
        include_str!("hog-fa19.rhai"),
    ),
    preset_of(
        "hog-sp20",
        term(2020, Spring),
        (
            "Free Bacon (alternating digits of opponent cubed), Feral Hogs (+3, dice 2 from last turn's points), Swine Swap on 3^total",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-sp20.rhai"),
    ),
    preset_of(
        "hog-su20",
        term(2020, Summer),
        (
            "Free Bacon (10 - ones + tens), Feral Hogs (+3, dice 2 from last turn's points), Swine Swap (|ones - ones| = their tens)",
            "always_roll:4",
            &["bacon:CUTOFF,NUM_ROLLS", "swap:CUTOFF,NUM_ROLLS"],
        ),
        include_str!("hog-su20.rhai"),
    ),
    preset_of(
        "hog-sp21",
        term(2021, Spring),
        (
            "Piggy Points (3 + least digit of opponent squared), More Boar extra turns",
            "always_roll:4",
            &["piggypoints:CUTOFF,NUM_ROLLS", "more_boar:CUTOFF,NUM_ROLLS"],
        ),
        include_str!("hog-sp21.rhai"),
    ),
    preset_of(
        "hog-fa21",
        term(2021, Fall),
        (
            "Picky Piggy (digits of 1/7), Hog Pile (equal scores: the mover's doubles)",
            "always_roll:4",
            &["picky_piggy:CUTOFF,NUM_ROLLS", "hog_pile:CUTOFF,NUM_ROLLS"],
        ),
        include_str!("hog-fa21.rhai"),
    ),
    preset_of(
        "hog-sp22",
        term(2022, Spring),
        (
            "Hefty Hogs (digit functions of both scores, mod 30: can score 0), Hog Pile (same ones digit: gain it)",
            "always_roll:4",
            &[
                "hefty_hogs:THRESHOLD,NUM_ROLLS",
                "hog_pile:THRESHOLD,NUM_ROLLS",
            ],
        ),
        include_str!("hog-sp22.rhai"),
    ),
    preset_of(
        "hog-su22",
        term(2022, Summer),
        (
            "Oink Points (2 tens - ones, at least 1), Pigs on Prime (a prime score: next prime; 1 counts)",
            "always_roll:4",
            &[
                "oink_points:THRESHOLD,NUM_ROLLS",
                "pigs_on_prime:THRESHOLD,NUM_ROLLS",
            ],
        ),
        include_str!("hog-su22.rhai"),
    ),
    Preset {
        aliases: &["hog-sp23"],
        ..preset_of(
            "hog-fa22",
            term(2022, Fall),
            (
                "Pig Tail (2 |tens - ones| + 1), Square Swine (a square score: the next square)",
                "always_roll:4",
                &["tail:THRESHOLD,NUM_ROLLS", "square:THRESHOLD,NUM_ROLLS"],
            ),
            include_str!("hog-fa22.rhai"),
        )
    },
    Preset {
        aliases: &["hog-fa23", "hog-su24"],
        ..preset_of(
            "hog-fa24",
            term(2024, Fall),
            (
                "Sow Sad, Boar Brawl (3 |their tens - own ones|), Sus Fuss (3 or 4 factors: next prime)",
                "always_roll:6",
                &["boar:THRESHOLD,NUM_ROLLS", "sus:THRESHOLD,NUM_ROLLS"],
            ),
            include_str!("hog-fa24.rhai"),
        )
    },
    preset_of(
        "hog-wild",
        None,
        (
            "Hog Tied (sum ends in 7: one die), Hog Wild (sum a multiple of 7: four-sided dice)",
            "always_roll:5",
            &["comeback:MARGIN,N", "mean:MIN_POINTS,N"],
        ),
        include_str!("hog-wild.rhai"),
    ),
    preset_of(
        "hog-hogtimus",
        None,
        (
            "Pig Out scores the 1s rolled (at most 11 - dice), Hogtimus Prime (prime turns rise to the next prime), Hog Wild, Swine Swap (double)",
            "always_roll:4",
            &["bacon:MARGIN,NUM_ROLLS", "swap:MARGIN,NUM_ROLLS"],
        ),
        include_str!("hog-hogtimus.rhai"),
    ),
    preset_of(
        "hog-digits",
        None,
        (
            "Free Bacon (1 + min digit), Swine Swap when the scores share a digit in the same place",
            "always_roll:4",
            &[],
        ),
        include_str!("hog-digits.rhai"),
    ),
    preset_of(
        "hog-nju21",
        None,
        (
            "Picky Piggy (digits of 1/21, 0 included), Feral Hogs (parity), Swine Swap on 3^total",
            "always_roll:6",
            &[
                "picky_piggy:CUTOFF,NUM_ROLLS",
                "swine_swap:CUTOFF,NUM_ROLLS",
            ],
        ),
        include_str!("hog-nju21.rhai"),
    ),
    preset_of(
        "hog-nju24",
        None,
        (
            "Picky Piggy (2 |tens - ones| + 1), Swine Swap when the mover's score is a perfect square",
            "always_roll:4",
            &[],
        ),
        include_str!("hog-nju24.rhai"),
    ),
    preset_of(
        "hog-textbook",
        None,
        (
            "Neller & Presser's Hog: roll 1 to 10 dice; any 1 scores 0",
            "always_roll:5",
            &[],
        ),
        include_str!("hog-textbook.rhai"),
    ),
];

/// The built-in ruleset called `name` (or one of its aliases), if there is one.
pub fn preset(name: &str) -> Option<Preset> {
    PRESETS
        .into_iter()
        .find(|p| p.name == name || p.aliases.contains(&name))
}

/// Every name `--rules` takes for a preset: each preset's name, then its aliases.
pub fn names() -> impl Iterator<Item = &'static str> {
    PRESETS
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
}

impl Preset {
    /// The preset's script compiled with `settings` (`goal` among them, if given).
    pub fn compile(&self, settings: &[(String, i64)]) -> Result<Script, ScriptError> {
        Script::compile(self.name, self.script, settings).map(Script::into_preset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Die;

    fn script(name: &str) -> Script {
        preset(name).unwrap().compile(&[]).unwrap()
    }

    #[test]
    fn every_preset_is_found_by_its_name_and_says_so() {
        for p in PRESETS {
            assert_eq!(preset(p.name).map(|q| q.name), Some(p.name));
            let script = p.compile(&[]).unwrap();
            assert_eq!(script.name(), p.name);
            // What the catalog lists without compiling is what the script declares.
            assert_eq!(script.summary(), p.summary, "{}", p.name);
            assert_eq!(script.yardstick(), p.yardstick, "{}", p.name);
            assert_eq!(
                crate::hog::strategy_forms(&script),
                crate::hog::forms_with(p.builtins.iter().map(|f| f.to_string())),
                "{}",
                p.name
            );
        }
        assert!(preset("hog-sp99").is_none());
    }

    #[test]
    fn fa20_examples() {
        let s = script("hog-fa20");
        // Decimals 99, 100, 999 and 1000 of pi are 7, 9, 8 and 9.
        for (opponent, points) in [
            (0, 6),
            (1, 4),
            (2, 7),
            (42, 12),
            (99, 10),
            (100, 12),
            (999, 11),
            (1000, 12),
        ] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        let extra = |mover, opponent| s.after_turn(mover, opponent, 0).unwrap().extra_turn;
        // Swine Align.
        assert!(!extra(8, 36));
        assert!(extra(20, 30));
        assert!(extra(24, 36));
        assert!(!extra(15, 0));
        // Pig Pass.
        assert!(!extra(11, 10));
        assert!(!extra(7, 10));
        assert!(extra(28, 30));
        assert!(extra(29, 30));
        // The course's clarification: 10 vs 20 aligns; 18 vs 20 passes; 30 vs 20 aligns.
        assert!(extra(10, 20) && extra(18, 20) && extra(30, 20) && !extra(31, 20));
        // RULES.md: (96, 40) with cutoff 19 rolls 0, because Free Bacon scores 4 and
        // gcd(100, 40) = 20 aligns, even though 100 already wins.
        assert_eq!(s.builtin_dice("extra_turn", &[19, 6], 96, 40).unwrap(), 0);
        assert_eq!(s.builtin_dice("bacon", &[19, 6], 96, 40).unwrap(), 6);
        assert_eq!(s.builtin_dice("bacon", &[8, 6], 0, 0).unwrap(), 6);
        assert_eq!(s.builtin_dice("bacon", &[8, 6], 0, 42).unwrap(), 0);
    }

    #[test]
    fn wild_examples() {
        let s = script("hog-wild");
        for (opponent, points) in [(32, 4), (7, 1), (0, 1), (99, 10)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // Hog Tied: 3 + 4 = 7 ends in 7; Hog Wild: 3 + 4 is a multiple of 7 too.
        assert_eq!(s.dice_limit(3, 4).unwrap(), 1);
        assert_eq!(s.dice_limit(3, 5).unwrap(), 10);
        assert_eq!(s.die(3, 4).unwrap(), Die::FOUR_SIDED);
        assert_eq!(s.die(3, 5).unwrap(), Die::SIX_SIDED);
        assert_eq!(s.builtin_dice("comeback", &[5, 5], 10, 15).unwrap(), 6);
        assert_eq!(s.builtin_dice("comeback", &[5, 10], 10, 15).unwrap(), 10);
        assert_eq!(s.builtin_dice("comeback", &[0, 5], 15, 10).unwrap(), 6);
        assert_eq!(s.builtin_dice("comeback", &[6, 5], 10, 15).unwrap(), 5);
    }

    /// Whether the after-turn rules swap `mover` and `opponent`.
    fn swaps(s: &Script, mover: u32, opponent: u32) -> bool {
        let turn = s.after_turn(mover, opponent, 0).unwrap();
        assert!(!turn.extra_turn);
        (turn.mover, turn.opponent) == (opponent, mover) && mover != opponent
    }

    #[test]
    fn nju24_examples() {
        let s = script("hog-nju24");
        // The page's examples: 46 gives 5, 73 gives 9.
        for (opponent, points) in [(46, 5), (73, 9), (0, 1), (9, 19), (90, 19)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // 4 against 2 swaps; 11 against 5 does not; 1, 49 and 100 are squares.
        assert!(swaps(&s, 4, 2));
        assert!(!swaps(&s, 11, 5));
        assert!(swaps(&s, 1, 30) && swaps(&s, 49, 3) && swaps(&s, 100, 7));
        assert!(!swaps(&s, 99, 7));
    }

    #[test]
    fn digits_examples() {
        let s = script("hog-digits");
        // The write-up's examples: 10 gives 1, 39 gives 4.
        for (opponent, points) in [(10, 1), (39, 4), (0, 1), (7, 1), (88, 9)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // 43 against 83 and 51 against 52 swap; 20 and 30 share the trailing 0.
        assert!(swaps(&s, 43, 83) && swaps(&s, 51, 52) && swaps(&s, 20, 30));
        // Leading zeros do not count: 5 against 15 shares the 5 in the ones place, but 5
        // against 50 shares nothing (5 has no tens digit; 50's ones digit is 0).
        assert!(swaps(&s, 5, 15));
        assert!(!swaps(&s, 5, 50));
        assert!(!swaps(&s, 123, 45));
        assert!(swaps(&s, 123, 24));
        assert!(!swaps(&s, 7, 0));
    }

    #[test]
    fn fa19_examples() {
        let s = script("hog-fa19");
        for (opponent, points) in [(13, 9), (85, 5), (7, 10)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        assert_eq!(s.memory().size, 11);
        assert_eq!(
            (s.bonus(0, 0, 2).unwrap(), s.bonus(5, 0, 3).unwrap()),
            (3, 3)
        );
        assert_eq!(
            (s.bonus(5, 0, 5).unwrap(), s.remember(5, 0, 7).unwrap()),
            (0, 7)
        );
        let swapped = |mover, opponent| {
            let turn = s.after_turn(mover, opponent, 0).unwrap();
            (turn.mover, turn.opponent) == (opponent, mover)
        };
        for (a, b, swaps) in [
            (2, 4, false),
            (22, 4, false),
            (28, 4, true),
            (124, 2, true),
            (44, 28, true),
            (2, 0, false),
            (10, 0, true),
        ] {
            assert_eq!(swapped(a, b), swaps, "{a}:{b}");
        }
        // own 36, opponent 43, margin 10, n 6: Free Bacon 7, 43 = 43 falls through; 7 < 10.
        assert_eq!(s.builtin_dice("swap", &[10, 6], 36, 43).unwrap(), 6);
    }

    #[test]
    fn fa24_examples() {
        let s = script("hog-fa24");
        // Boar Brawl, the page's examples: 21 against 46 gives 9, 45 against 52 gives 1, 2
        // against 5 gives 6.
        for (own, opponent, points) in [(21, 46, 9), (45, 52, 1), (2, 5, 6), (9, 0, 27)] {
            assert_eq!(s.free_bacon(own, opponent).unwrap(), points);
        }
        // Sus Fuss: 21 (1, 3, 7, 21) rises to 23; 64 (7 factors) and 67 (prime) stay; 62 = 2 ·
        // 31 rises to 67; 9 = 3² (3 factors) to 11; 8 = 2³ (4 factors) to 11; 1 and 4 = 2² stay
        // sus-free and sus: 4 has 3 factors, so it rises to 5.
        for (score, after) in [
            (21, 23),
            (64, 64),
            (67, 67),
            (62, 67),
            (9, 11),
            (8, 11),
            (1, 1),
            (4, 5),
        ] {
            let turn = s.after_turn(score, 30, 0).unwrap();
            assert_eq!(
                (turn.mover, turn.opponent, turn.extra_turn),
                (after, 30, false),
                "{score}"
            );
        }
        // sus_strategy: 53 against 60 rolls 0 for a gain of 14; boar_strategy sees only 9.
        assert_eq!(s.builtin_dice("sus", &[11, 6], 53, 60).unwrap(), 0);
        assert_eq!(s.builtin_dice("boar", &[11, 6], 53, 60).unwrap(), 6);
        assert_eq!(s.builtin_dice("boar", &[9, 6], 53, 60).unwrap(), 0);
        assert_eq!(s.yardstick(), "always_roll:6");
    }

    #[test]
    fn fa17_examples() {
        let s = script("hog-fa17");
        // The contest page's Free Bacon examples: 42 gives 5, 48 gives 9, 7 gives 8.
        for (opponent, points) in [(42, 5), (48, 9), (7, 8), (0, 1), (90, 10)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // Swine Swap: 46 against 92 swaps; 1 and 0 never count; equal scores swap to themselves.
        let swapped = |mover, opponent| {
            let turn = s.after_turn(mover, opponent, 0).unwrap();
            (turn.mover, turn.opponent) == (opponent, mover)
        };
        assert!(swapped(46, 92) && swapped(92, 46) && swapped(104, 52));
        assert!(!swapped(45, 92) && !swapped(1, 7) && !swapped(7, 0));
        // Time Trot. Memory: own turns taken mod 8, plus 8 when the last earned a Time Trot.
        // Turn 0, the first player rolls 0: a Time Trot (0 % 8 == 0).
        assert_eq!(s.remember(0, 0, 0).unwrap(), 1 + 8);
        // Its extra turn is turn 1 (1 + 0 turns taken): rolling 1 would match, but the turn
        // was itself a Time Trot.
        assert_eq!(s.remember(9, 0, 1).unwrap(), 2);
        // Turn 11 (five turns taken, six by the opponent): 11 % 8 = 3 dice match.
        assert_eq!(s.remember(5, 6, 3).unwrap(), 6 + 8);
        assert_eq!(s.remember(5, 6, 4).unwrap(), 6);
        // The counts wrap: seven turns taken, then the eighth makes 0.
        assert_eq!(s.remember(7, 0, 10).unwrap(), 0);
        // A Time Trot is an extra turn whatever the scores, a swap included.
        assert!(s.goes_again(6 + 8).unwrap() && !s.goes_again(6).unwrap());
        assert!(!s.after_turn(46, 92, 0).unwrap().extra_turn);
        // swap: 8 + Free Bacon 3 (1 + 2) = 11 against 22, half of it: a helpful swap, though
        // 3 points are under the margin.
        assert_eq!(s.builtin_dice("swap", &[8, 4], 8, 22).unwrap(), 0);
        assert_eq!(s.builtin_dice("bacon", &[8, 4], 8, 22).unwrap(), 4);
        // 40 + 7 = 47 against 6: no swap, 7 < margin 8.
        assert_eq!(s.builtin_dice("swap", &[8, 4], 40, 6).unwrap(), 4);
        // 10 + 10 = 20 against 90: Free Bacon gives 10 >= 8, but 20 is no multiple; rolls 0.
        assert_eq!(s.builtin_dice("swap", &[8, 4], 10, 90).unwrap(), 0);
        // 80 + 10 = 90 against 9, ten times 9: a harmful swap (the mover would get 9).
        assert_eq!(s.builtin_dice("swap", &[8, 4], 80, 9).unwrap(), 4);
        assert_eq!(s.builtin_dice("bacon", &[8, 4], 80, 9).unwrap(), 0);
        assert!(s.choice_reads_opponent_memory());
    }

    #[test]
    fn nju21_examples() {
        let s = script("hog-nju21");
        // Picky Piggy: the n-th digit of 1/21 = 0.047619...; opponent 3 gives 7, 13 gives 0,
        // 0 gives 1 (the page's examples), 2 gives 4 and 1 gives 0 (the course's tests).
        for (opponent, points) in [(3, 7), (13, 0), (0, 1), (2, 4), (1, 0), (6, 9)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // Swine Swap on 3^(sum of the scores): 2 and 4 (729) no; 11 and 1 (531441) no; 23 and
        // 4 (7625597484987) yes; the course's tests: 0 and 1 yes, 1 and 2 no, 2 and 3 no, 12
        // and 15 yes.
        let swaps = |mover, opponent| {
            let turn = s.after_turn(mover, opponent, 0).unwrap();
            (turn.mover, turn.opponent) == (opponent, mover)
        };
        assert!(!swaps(2, 4) && !swaps(11, 1) && swaps(23, 4));
        assert!(swaps(0, 1) && !swaps(1, 2) && !swaps(2, 3) && swaps(12, 15));
        // The course's tests of its strategies.
        for (own, opponent, cutoff, n, dice) in [
            (0, 6, 9, 5, 0),
            (9, 0, 6, 5, 5),
            (50, 3, 8, 5, 5),
            (32, 0, 8, 4, 4),
            (20, 0, 1, 4, 0),
        ] {
            assert_eq!(
                s.builtin_dice("picky_piggy", &[cutoff, n], own, opponent)
                    .unwrap(),
                dice
            );
        }
        for (own, opponent, cutoff, n, dice) in [
            (0, 10, 10, 5, 5),
            (3, 20, 10, 6, 0),
            (17, 3, 0, 7, 7),
            (24, 5, 8, 8, 8),
        ] {
            assert_eq!(
                s.builtin_dice("swine_swap", &[cutoff, n], own, opponent)
                    .unwrap(),
                dice
            );
        }
        assert_eq!(s.yardstick(), "always_roll:6");
    }

    #[test]
    fn textbook_forbids_rolling_zero() {
        let s = script("hog-textbook");
        assert_eq!(s.least_dice(), 1);
        // Any 1 scores 0.
        assert_eq!(s.pig_out_points(1, 1).unwrap(), 0);
        assert_eq!(s.pig_out_points(3, 10).unwrap(), 0);
    }

    #[test]
    fn hogtimus_examples() {
        let s = script("hog-hogtimus");
        // The page's Pig Out examples: seven dice with five 1s score min(11 - 7, 5) = 4; five
        // dice with three 1s score 3, which Hogtimus Prime raises to 5.
        assert_eq!(s.pig_out_points(5, 7).unwrap(), 4);
        assert_eq!(s.pig_out_points(3, 5).unwrap(), 3);
        assert_eq!(s.turn_points(3, 5).unwrap(), 5);
        // Dice summing to 11 score 13; 1 is not prime; 12 stays; Free Bacon is boosted too.
        assert_eq!(s.turn_points(11, 4).unwrap(), 13);
        assert_eq!(s.turn_points(1, 3).unwrap(), 1);
        assert_eq!(s.turn_points(12, 3).unwrap(), 12);
        assert_eq!(s.turn_points(7, 0).unwrap(), 11);
        // Free Bacon: 42 gives 5, 48 gives 9, 7 gives 8.
        for (opponent, points) in [(42, 5), (48, 9), (7, 8)] {
            assert_eq!(s.free_bacon(0, opponent).unwrap(), points);
        }
        // Hog Wild: four sides when the total is a multiple of 7.
        assert_eq!(s.die(3, 4).unwrap(), Die::FOUR_SIDED);
        assert_eq!(s.die(0, 0).unwrap(), Die::FOUR_SIDED);
        assert_eq!(s.die(3, 5).unwrap(), Die::SIX_SIDED);
        // Swine Swap when one score is double the other.
        let swapped = |mover, opponent| {
            let turn = s.after_turn(mover, opponent, 0).unwrap();
            (turn.mover, turn.opponent) == (opponent, mover)
        };
        assert!(swapped(46, 23) && swapped(23, 46) && !swapped(45, 23));
        // swap: 6 + Free Bacon 3 (1 + 2, a prime: 5) = 11 against 22, double: a helpful swap.
        assert_eq!(s.builtin_dice("swap", &[8, 4], 6, 22).unwrap(), 0);
        assert_eq!(s.builtin_dice("bacon", &[8, 4], 6, 22).unwrap(), 4);
        // bacon: Free Bacon 7 against 66 is boosted to 11, past the margin.
        assert_eq!(s.builtin_dice("bacon", &[8, 4], 10, 66).unwrap(), 0);
    }
}
