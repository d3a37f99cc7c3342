//! What a person types at `swine play --rules yahtzee`, read: dice as faces (`6 6`, `66`,
//! `6,6`), a keep of none, and a box by its name, its key or a short name (`fh`, `3k`, `6s`).

use super::rules::Settings;

/// The short names a player may type for a box, by the box's key (besides its name and key;
/// a box not here has none).
const SHORT_NAMES: &[(&str, &[&str])] = &[
    ("ones", &["1s", "aces"]),
    ("twos", &["2s"]),
    ("threes", &["3s"]),
    ("fours", &["4s"]),
    ("fives", &["5s"]),
    ("sixes", &["6s"]),
    ("three_of_a_kind", &["3k", "3ok", "3oak"]),
    ("four_of_a_kind", &["4k", "4ok", "4oak"]),
    ("full_house", &["fh"]),
    ("small_straight", &["ss", "sm"]),
    ("large_straight", &["ls", "lg"]),
    ("yahtzee", &["y"]),
    ("chance", &["c"]),
    ("one_pair", &["1p", "pair"]),
    ("two_pairs", &["2p"]),
    ("yatzy", &["y"]),
];

/// The boxes as a player may name them, for messages.
pub const BOXES_TYPED: &str = "a box's name (fh, 3k, 4k, ss, ls, chance, yahtzee, ones to \
                               sixes or 1s to 6s, or the full name)";

/// The keeps as a player may type them, for messages.
pub const KEEPS_TYPED: &str = "the faces to keep (6 6, 66 or 6,6; keep 6 for one die; none or 0 \
                               rerolls all five)";

/// `text` as a name, lower case, without spaces, underscores or hyphens: `Full House`,
/// `full_house` and `full-house` read alike.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The box of `settings`' card `text` names (its name or key, case aside, or a short name),
/// by number.
pub fn box_named(settings: &Settings, text: &str) -> Option<usize> {
    let text = squeezed(text);
    settings.sheet.boxes.iter().position(|rule| {
        let short = SHORT_NAMES
            .iter()
            .find(|(key, _)| *key == rule.key)
            .map_or(&[][..], |(_, short)| short);
        squeezed(rule.name) == text || squeezed(rule.key) == text || short.contains(&&*text)
    })
}

/// Faces typed as digits 1 to 6, separated by spaces or commas or not at all (`6 6 3`,
/// `6,6,3`, `663`); none for anything else, or nothing.
pub fn faces_typed(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    if digits.is_empty() {
        return None;
    }
    digits
        .iter()
        .map(|&c| Some(c as u8).filter(|d| (b'1'..=b'6').contains(d)))
        .map(|d| d.map(|d| d - b'0'))
        .collect()
}

/// A keep typed: faces, optionally after `keep` or `k` (`keep 6`), or none kept (`none`,
/// `nothing`, `0`, `-`, or `keep` alone); none where `text` is no keep.
pub fn keep_typed(text: &str) -> Option<Vec<u8>> {
    let lower = text.trim().to_lowercase();
    let rest = lower
        .strip_prefix("keep")
        .or_else(|| lower.strip_prefix('k'))
        .map_or(&*lower, str::trim);
    if ["none", "nothing", "0", "-", ""].contains(&rest) {
        return Some(Vec::new());
    }
    faces_typed(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_box_is_found_by_its_name_its_key_and_its_short_names() {
        let yahtzee = &Settings::default();
        for settings in [yahtzee, &Settings::yatzy()] {
            for (b, rule) in settings.sheet.boxes.iter().enumerate() {
                assert_eq!(box_named(settings, rule.name), Some(b));
                assert_eq!(box_named(settings, &rule.name.to_uppercase()), Some(b));
                assert_eq!(box_named(settings, rule.key), Some(b));
            }
        }
        let yatzy = &Settings::yatzy();
        assert_eq!(
            box_named(yatzy, "2p").map(|b| yatzy.box_name(b)),
            Some("Two Pairs")
        );
        assert_eq!(
            box_named(yatzy, "y").map(|b| yatzy.box_name(b)),
            Some("Yatzy")
        );
        for (typed, b) in [
            ("fh", 8),
            ("FH", 8),
            ("3k", 6),
            ("4k", 7),
            ("ss", 9),
            ("ls", 10),
            ("chance", 12),
            ("yahtzee", 11),
            ("1s", 0),
            ("6s", 5),
            ("sixes", 5),
            ("full-house", 8),
            (" Large  Straight ", 10),
        ] {
            assert_eq!(box_named(yahtzee, typed), Some(b), "{typed}");
        }
        for typed in ["", "full", "7s", "house", "66"] {
            assert_eq!(box_named(yahtzee, typed), None, "{typed}");
        }
    }

    #[test]
    fn faces_are_read_with_or_without_separators_and_nothing_else() {
        for typed in ["6 6 3", "663", "6,6,3", "6, 6 ,3", " 66 3 "] {
            assert_eq!(faces_typed(typed), Some(vec![6, 6, 3]), "{typed}");
        }
        for typed in ["", " ", ",", "6 7", "0", "6a", "six", "-6"] {
            assert_eq!(faces_typed(typed), None, "{typed}");
        }
    }

    #[test]
    fn a_keep_may_be_none_or_faces_after_keep() {
        for typed in [
            "none",
            "NONE",
            "nothing",
            "0",
            "-",
            "keep",
            "keep none",
            "k 0",
        ] {
            assert_eq!(keep_typed(typed), Some(Vec::new()), "{typed}");
        }
        for typed in ["keep 6", "k6", "K 6", "6"] {
            assert_eq!(keep_typed(typed), Some(vec![6]), "{typed}");
        }
        assert_eq!(keep_typed("keep 4 4"), Some(vec![4, 4]));
        for typed in ["fh", "keep fh", "7", "kept 6"] {
            assert_eq!(keep_typed(typed), None, "{typed}");
        }
    }
}
