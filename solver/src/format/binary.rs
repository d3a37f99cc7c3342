//! The binary table format: self-checking and versioned.
//!
//! Layout: the magic bytes `SWINETAB`, the format version (`u32`, little-endian), the payload
//! length (`u64`, little-endian), the payload (bincode 2, standard configuration: ruleset, goal,
//! strategy, opponent, win rates, shape, dice in row-major order) and a CRC-32 of everything
//! before it (`u32`, little-endian).

use serde::{Deserialize, Serialize};

use super::{
    Position, Problem, TableFile, TableMeta, check_meta, check_shape, entry_of, table_from_dice,
};
use crate::dice::MAX_DICE;
use crate::hog::{Matchup, Ruleset};

const MAGIC: &[u8; 8] = b"SWINETAB";
const VERSION: u32 = 1;
const HEADER: usize = MAGIC.len() + 4 + 8;
const CHECKSUM: usize = 4;
/// Largest payload accepted, far above any real table (100 · 100 · 11 · 11 dice).
const PAYLOAD_LIMIT: usize = 64 << 20;

#[derive(Serialize, Deserialize)]
struct Payload {
    rules: String,
    goal: u32,
    strategy: String,
    opponent: String,
    matchup: Option<(f64, f64)>,
    about: Option<String>,
    shape: Vec<u32>,
    dice: Vec<u8>,
}

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<PAYLOAD_LIMIT>()
}

/// The binary bytes of `file`.
pub(super) fn render(file: &TableFile) -> Vec<u8> {
    let payload = Payload {
        rules: file.meta.rules.clone(),
        goal: file.meta.goal,
        strategy: file.meta.strategy.clone(),
        opponent: file.meta.opponent.clone(),
        matchup: file.meta.matchup.map(|m| (m.as_first, m.as_second)),
        about: file.meta.about.clone(),
        shape: file.table.shape().iter().map(|&d| d as u32).collect(),
        dice: file.table.dice(),
    };
    let payload = bincode::serde::encode_to_vec(&payload, config()).expect("tables encode");
    let mut out = Vec::with_capacity(HEADER + payload.len() + CHECKSUM);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&crc32fast::hash(&out).to_le_bytes());
    out
}

/// Parses binary table bytes made for `rules`.
pub(super) fn parse(bytes: &[u8], rules: &Ruleset) -> Result<TableFile, Problem> {
    let magic_len = bytes.len().min(MAGIC.len());
    if bytes[..magic_len] != MAGIC[..magic_len] {
        return Err(Problem::Malformed(
            "not a swine binary table: it does not start with SWINETAB".to_string(),
        ));
    }
    if bytes.len() < HEADER + CHECKSUM {
        return Err(Problem::Truncated(format!(
            ": {} bytes, shorter than the {}-byte header and checksum",
            bytes.len(),
            HEADER + CHECKSUM
        )));
    }
    let declared = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
    let expected = usize::try_from(declared)
        .ok()
        .filter(|&len| len <= PAYLOAD_LIMIT)
        .map(|len| HEADER + len + CHECKSUM);
    // The checksum comes first: until it matches, no field of the header can be trusted.
    let (body, stored) = bytes.split_at(bytes.len() - CHECKSUM);
    let stored = u32::from_le_bytes(stored.try_into().expect("4 bytes"));
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(match expected {
            Some(expected) if expected == bytes.len() => Problem::Checksum { stored, computed },
            Some(expected) => Problem::Truncated(format!(
                "or corrupted: {} bytes, the header promises {expected}",
                bytes.len()
            )),
            None => Problem::Truncated(format!(
                "or corrupted: the header promises a payload of {declared} bytes"
            )),
        });
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(Problem::Version {
            found: version,
            supported: VERSION,
        });
    }
    if expected != Some(bytes.len()) {
        return Err(Problem::Malformed(format!(
            "the header promises a payload of {declared} bytes, the file holds {}",
            bytes.len() - HEADER - CHECKSUM
        )));
    }
    let (payload, _): (Payload, usize) =
        bincode::serde::decode_from_slice(&body[HEADER..], config())
            .map_err(|e| Problem::Malformed(format!("undecodable contents: {e}")))?;
    let meta = TableMeta {
        rules: payload.rules,
        goal: payload.goal,
        strategy: payload.strategy,
        opponent: payload.opponent,
        matchup: payload.matchup.map(|(as_first, as_second)| Matchup {
            as_first,
            as_second,
        }),
        about: payload.about,
    };
    check_meta(&meta, rules)?;
    let shape: Vec<usize> = payload.shape.iter().map(|&d| d as usize).collect();
    check_shape(&shape, rules)?;
    if payload.dice.len() != shape.iter().product::<usize>() {
        return Err(Problem::Malformed(format!(
            "{} dice for a table of {} entries",
            payload.dice.len(),
            shape.iter().product::<usize>()
        )));
    }
    if let Some(index) = payload.dice.iter().position(|&n| n > MAX_DICE) {
        return Err(Problem::OutOfRange {
            at: Position {
                place: String::new(),
                entry: entry_of(&shape, index),
            },
            value: payload.dice[index].to_string(),
        });
    }
    Ok(TableFile {
        meta,
        table: table_from_dice(&shape, payload.dice),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Table;
    use crate::hog::ScoreTable;

    fn sample() -> (TableFile, Ruleset) {
        let file = TableFile {
            meta: TableMeta {
                rules: "hog-wild".into(),
                goal: 4,
                strategy: "optimal".into(),
                opponent: "always_roll:5".into(),
                matchup: Some(Matchup {
                    as_first: 0.6,
                    as_second: 0.4,
                }),
                about: None,
            },
            table: Table::Scores(ScoreTable::from_shape_fn((4, 4), |(s, o)| {
                (s * o % 11) as u8
            })),
        };
        (file, Ruleset::preset("hog-wild", 4).unwrap())
    }

    #[test]
    fn round_trips() {
        let (file, rules) = sample();
        assert_eq!(parse(&render(&file), &rules).unwrap(), file);
    }

    #[test]
    fn truncation_corruption_and_versions_are_caught() {
        let (file, rules) = sample();
        let bytes = render(&file);
        let cut = parse(&bytes[..bytes.len() - 1], &rules).unwrap_err();
        assert!(matches!(cut, Problem::Truncated(_)), "{cut}");
        assert!(matches!(
            parse(&bytes[..5], &rules),
            Err(Problem::Truncated(_))
        ));
        let mut flipped = bytes.clone();
        flipped[HEADER + 3] ^= 0x20;
        assert!(matches!(
            parse(&flipped, &rules),
            Err(Problem::Checksum { .. })
        ));
        let mut newer = bytes.clone();
        newer[8] = 2;
        let end = newer.len() - CHECKSUM;
        let checksum = crc32fast::hash(&newer[..end]).to_le_bytes();
        newer[end..].copy_from_slice(&checksum);
        assert_eq!(
            parse(&newer, &rules).unwrap_err().to_string(),
            "format version 2 is not supported (this swine reads version 1)"
        );
        let mut longer = bytes.clone();
        longer[12] ^= 0x40;
        assert!(
            matches!(parse(&longer, &rules), Err(Problem::Truncated(ref m)) if m.starts_with("or corrupted")),
            "a damaged length field is reported as damage"
        );
        assert!(matches!(
            parse(b"PK\x03\x04 zip", &rules),
            Err(Problem::Malformed(_))
        ));
        let other = Ruleset::preset("hog-fa20", 4).unwrap();
        assert_eq!(
            parse(&bytes, &other).unwrap_err().to_string(),
            "it was made for hog-wild with goal 4, not hog-fa20 with goal 4"
        );
    }
}
