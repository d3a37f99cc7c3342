//! The binary table format: self-checking and versioned.
//!
//! Layout: the magic bytes `SWINETAB`, the format version (`u32`, little-endian), the payload
//! length (`u64`, little-endian), the payload (bincode 2, standard configuration: ruleset, goal,
//! strategy, opponent, win rates, shape, dice in row-major order) and a CRC-32 of everything
//! before it (`u32`, little-endian).

use serde::{Deserialize, Serialize};

use super::{
    Position, Problem, Schema, TableFile, TableMeta, check_action, check_rules, schema_for,
    table_from_dice,
};
use crate::outcome::WinRates;
use crate::table::entry_of;

const MAGIC: &[u8; 8] = b"SWINETAB";
const VERSION: u32 = 1;
const CHECKSUM: usize = 4;
/// Largest payload accepted, far above any real table (Hog's largest: 100 · 100 · 11 · 11 dice).
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
        rules: file.table.schema.rules.clone(),
        goal: file.table.schema.goal,
        strategy: file.meta.strategy.clone(),
        opponent: file.meta.opponent.clone(),
        matchup: file.meta.win_rates.map(|r| (r.as_first, r.as_second)),
        about: file.meta.about.clone(),
        shape: file.table.shape().iter().map(|&d| d as u32).collect(),
        dice: file.table.values(),
    };
    let payload = bincode::serde::encode_to_vec(&payload, config()).expect("tables encode");
    frame(MAGIC, VERSION, &payload)
}

/// A binary file: `magic`, the format `version` and the payload's length (little-endian u32
/// and u64), the payload, then a CRC-32 of everything before it.
pub(crate) fn frame(magic: &[u8], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(magic.len() + 12 + payload.len() + CHECKSUM);
    out.extend_from_slice(magic);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&crc32fast::hash(&out).to_le_bytes());
    out
}

/// The format version and the payload of a file [`frame`] wrote with `magic`, checked whole:
/// the checksum first (until it matches, no field of the header can be trusted), then the
/// payload's length the header promises (at most `limit` bytes). `what` names such files in
/// the errors, e.g. "a swine binary table".
pub(crate) fn unframe<'a>(
    bytes: &'a [u8],
    magic: &[u8],
    what: &str,
    limit: usize,
) -> Result<(u32, &'a [u8]), Problem> {
    let header = magic.len() + 12;
    let magic_len = bytes.len().min(magic.len());
    if bytes[..magic_len] != magic[..magic_len] {
        return Err(Problem::Malformed(format!(
            "not {what}: it does not start with {}",
            String::from_utf8_lossy(magic)
        )));
    }
    if bytes.len() < header + CHECKSUM {
        return Err(Problem::Truncated(format!(
            "file: {} bytes, shorter than the {}-byte header and checksum",
            bytes.len(),
            header + CHECKSUM
        )));
    }
    let declared = u64::from_le_bytes(bytes[header - 8..header].try_into().expect("8 bytes"));
    let promised = usize::try_from(declared)
        .ok()
        .filter(|&len| len <= limit)
        .map(|len| header + len + CHECKSUM);
    let (body, stored) = bytes.split_at(bytes.len() - CHECKSUM);
    let stored = u32::from_le_bytes(stored.try_into().expect("4 bytes"));
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(match promised {
            Some(promised) if promised == bytes.len() => Problem::Checksum { stored, computed },
            Some(promised) => Problem::Truncated(format!(
                "or corrupted: {} bytes, the header promises {promised}",
                bytes.len()
            )),
            None => Problem::Truncated(format!(
                "or corrupted: the header promises a payload of {declared} bytes"
            )),
        });
    }
    if promised != Some(bytes.len()) {
        return Err(Problem::Malformed(format!(
            "the header promises a payload of {declared} bytes, the file holds {}",
            bytes.len() - header - CHECKSUM
        )));
    }
    let version = u32::from_le_bytes(
        bytes[magic.len()..magic.len() + 4]
            .try_into()
            .expect("4 bytes"),
    );
    Ok((version, &body[header..]))
}

/// Parses binary table bytes made for one of the `expected` schemas.
pub(super) fn parse(bytes: &[u8], expected: &[Schema]) -> Result<TableFile, Problem> {
    let (version, payload) = unframe(bytes, MAGIC, "a swine binary table", PAYLOAD_LIMIT)?;
    if version != VERSION {
        return Err(Problem::Version {
            found: version,
            supported: VERSION,
        });
    }
    let (payload, _): (Payload, usize) = bincode::serde::decode_from_slice(payload, config())
        .map_err(|e| Problem::Malformed(format!("undecodable contents: {e}")))?;
    check_rules(&payload.rules, payload.goal, expected)?;
    let meta = TableMeta {
        strategy: payload.strategy,
        opponent: payload.opponent,
        win_rates: payload
            .matchup
            .map(|(as_first, as_second)| WinRates::from_seats(as_first, as_second)),
        about: payload.about,
        exact: None,
    };
    let shape: Vec<usize> = payload.shape.iter().map(|&d| d as usize).collect();
    let schema = schema_for(&shape, expected)?;
    if payload.dice.len() != shape.iter().product::<usize>() {
        return Err(Problem::Malformed(format!(
            "{} dice for a table of {} entries",
            payload.dice.len(),
            shape.iter().product::<usize>()
        )));
    }
    for (index, &n) in payload.dice.iter().enumerate() {
        check_action(i64::from(n), &schema, || {
            Position::new(String::new(), &schema, &entry_of(&shape, index))
        })?;
    }
    Ok(TableFile {
        meta,
        table: table_from_dice(schema, payload.dice),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::testing::{score_schema, scores};

    /// The header's bytes: magic, version, length.
    const HEADER: usize = MAGIC.len() + 4 + 8;

    fn sample() -> (TableFile, Vec<Schema>) {
        let file = TableFile {
            meta: TableMeta {
                strategy: "optimal".into(),
                opponent: "always_roll:5".into(),
                win_rates: Some(WinRates::from_seats(0.6, 0.4)),
                about: None,
                exact: None,
            },
            table: scores(4, (0..16).map(|i| (i * 3 % 11) as u8).collect()),
        };
        (file, vec![score_schema(4)])
    }

    #[test]
    fn round_trips() {
        let (file, expected) = sample();
        assert_eq!(parse(&render(&file), &expected).unwrap(), file);
    }

    #[test]
    fn truncation_corruption_and_versions_are_caught() {
        let (file, rules) = sample();
        let rules = rules.as_slice();
        let bytes = render(&file);
        let cut = parse(&bytes[..bytes.len() - 1], rules).unwrap_err();
        assert!(matches!(cut, Problem::Truncated(_)), "{cut}");
        assert_eq!(
            parse(&bytes[..9], rules).unwrap_err().to_string(),
            "truncated file: 9 bytes, shorter than the 24-byte header and checksum"
        );
        let mut flipped = bytes.clone();
        flipped[HEADER + 3] ^= 0x20;
        assert!(matches!(
            parse(&flipped, rules),
            Err(Problem::Checksum { .. })
        ));
        let mut newer = bytes.clone();
        newer[8] = 2;
        let end = newer.len() - CHECKSUM;
        let checksum = crc32fast::hash(&newer[..end]).to_le_bytes();
        newer[end..].copy_from_slice(&checksum);
        assert_eq!(
            parse(&newer, rules).unwrap_err().to_string(),
            "format version 2 is not supported (this swine reads version 1)"
        );
        let mut longer = bytes.clone();
        longer[12] ^= 0x40;
        assert!(
            matches!(parse(&longer, rules), Err(Problem::Truncated(ref m)) if m.starts_with("or corrupted")),
            "a damaged length field is reported as damage"
        );
        assert!(matches!(
            parse(b"PK\x03\x04 zip", rules),
            Err(Problem::Malformed(_))
        ));
        let mut other = score_schema(4);
        other.rules = "other-rules".into();
        assert_eq!(
            parse(&bytes, &[other]).unwrap_err().to_string(),
            "it was made for test-rules, not other-rules"
        );
    }
}
