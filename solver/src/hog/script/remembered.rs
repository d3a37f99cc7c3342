//! What a rhai script's hooks returned, remembered on disk so that the next process compiling
//! the same script skips the calls.
//!
//! Compiling a ruleset calls its hooks tens of thousands of times (hog-fa20's `after_turn`
//! once per pair of scores), which is most of what a `swine eval` waits for; the answers never
//! change while the script, its parameters and swine stay the same. A [`Remembered`] file holds
//! every batch of calls a compile made with its values, beside the whole identity of what
//! answered them: the cache format, swine's version, the script's full text and its parameters'
//! values, and a CRC-32 of the whole file (a damaged, truncated or foreign file is not read,
//! and the next save replaces it). A file is used only when all of these are equal to the
//! script at hand and the batch asked holds the very same arguments, compared in full (no hash
//! decides it), so a changed script, a changed parameter or a new swine never reads a stale
//! answer. Only batches that ran
//! without failure are kept; every value still passes the checks of a fresh call.
//!
//! The directory is `$SWINE_CACHE_DIR` (empty: remember nothing), else `$XDG_CACHE_HOME/swine`,
//! else `~/.cache/swine`, which keeps the newest 200 files ([`crate::cache`]). A cache that cannot be
//! read or written is ignored: it only saves time. Python rule modules are not remembered (a module may read other files).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

use super::{Parameter, Value};
use crate::cache::{self, Kind};

/// The version of the file layout below; a file of another is not read.
const FORMAT: u32 = 4;

/// The largest cache file read, in bytes (a goal-1000 script's after-turn batch is about 30 MB).
const MOST_BYTES: u64 = 256 << 20;

/// A script's cache file, framed as the table files are (magic, version, length, payload, then
/// a CRC-32 of everything before it), so a damaged file is never answered from; a directory
/// keeps the newest 200 (a sweep writes one per variant).
const KIND: Kind = Kind {
    prefix: "script-",
    magic: b"SWINEMEM",
    version: FORMAT,
    most_bytes: MOST_BYTES,
    most_files: 200,
    what: "a script cache",
};

/// What decides a script's answers: two scripts with equal identities answer every call alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Identity {
    format: u32,
    version: String,
    text: String,
    parameters: Vec<(String, i64)>,
}

/// One batch of calls of a hook and what each call returned.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Batch {
    hook: String,
    arity: usize,
    args: Packed,
    values: Answers,
}

/// What the calls of a batch returned: whole numbers or truth values alone (what most hooks
/// return) kept as blocks of bytes, which read back many times faster than values one by one.
#[derive(Clone, Debug, Serialize, Deserialize)]
enum Answers {
    /// Every call returned a whole number.
    Ints(Packed),
    /// Every call returned true or false: a byte each, 1 for true.
    Bools(#[serde(with = "serde_bytes")] Vec<u8>),
    /// Anything else.
    Values(Vec<Value>),
}

impl Answers {
    /// `values`, in the plainest form that holds them.
    fn of(values: &[Value]) -> Answers {
        let ints: Option<Vec<i64>> = values
            .iter()
            .map(|v| match v {
                Value::Int(n) => Some(*n),
                _ => None,
            })
            .collect();
        if let Some(ints) = ints {
            return Answers::Ints(Packed::of(&ints));
        }
        let bools: Option<Vec<u8>> = values
            .iter()
            .map(|v| match v {
                Value::Bool(b) => Some(u8::from(*b)),
                _ => None,
            })
            .collect();
        match bools {
            Some(bools) => Answers::Bools(bools),
            None => Answers::Values(values.to_vec()),
        }
    }

    /// The values, one per call (none if the bytes are not ones [`of`](Self::of) writes).
    fn values(&self) -> Option<Vec<Value>> {
        match self {
            Answers::Ints(ints) => Some(ints.numbers()?.into_iter().map(Value::Int).collect()),
            Answers::Bools(bools) => bools
                .iter()
                .map(|&b| (b <= 1).then_some(Value::Bool(b == 1)))
                .collect(),
            Answers::Values(values) => Some(values.clone()),
        }
    }
}

/// Whole numbers as little-endian two's-complement bytes of the narrowest width (1, 2, 4 or 8
/// bytes) that holds every one of them: a block that reads back at once (a goal-100 script's
/// arguments are mostly single bytes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Packed {
    width: u8,
    #[serde(with = "serde_bytes")]
    bytes: Vec<u8>,
}

impl Packed {
    /// `numbers`, packed.
    fn of(numbers: &[i64]) -> Packed {
        let fits = |width: u32| {
            let bound = 1i64 << (8 * width - 1);
            numbers.iter().all(|&n| (-bound..bound).contains(&n))
        };
        let width = [1, 2, 4].into_iter().find(|&w| fits(w)).unwrap_or(8);
        let bytes = numbers
            .iter()
            .flat_map(|n| n.to_le_bytes().into_iter().take(width as usize))
            .collect();
        Packed {
            width: width as u8,
            bytes,
        }
    }

    /// The numbers, unpacked (none if the width or the length is not one [`of`](Self::of)
    /// writes).
    fn numbers(&self) -> Option<Vec<i64>> {
        let width = usize::from(self.width);
        if ![1, 2, 4, 8].contains(&width) || self.bytes.len() % width != 0 {
            return None;
        }
        let numbers = self
            .bytes
            .chunks_exact(width)
            .map(|chunk| {
                // Sign-extend the top byte.
                let fill = if chunk[width - 1] & 0x80 != 0 {
                    0xff
                } else {
                    0
                };
                let mut full = [fill; 8];
                full[..width].copy_from_slice(chunk);
                i64::from_le_bytes(full)
            })
            .collect();
        Some(numbers)
    }
}

/// The remembered calls of one script: those read from its cache file, and those made since.
pub(super) struct Remembered {
    path: Option<PathBuf>,
    identity: Identity,
    state: Mutex<State>,
}

/// The batches known, and whether any is not yet on disk.
#[derive(Default)]
struct State {
    batches: Vec<Batch>,
    unsaved: bool,
}

impl Remembered {
    /// The remembered calls of the rhai script `text` with `parameters` set, read from the
    /// cache directory (none if absent, unreadable or of another identity).
    pub(super) fn open(text: &str, parameters: &[Parameter]) -> Remembered {
        Remembered::open_in(
            cache::directory().as_deref(),
            env!("CARGO_PKG_VERSION"),
            text,
            parameters,
        )
    }

    /// [`open`](Self::open) with the cache in `directory` (none: remember nothing) and swine's
    /// version `version`.
    fn open_in(
        directory: Option<&Path>,
        version: &str,
        text: &str,
        parameters: &[Parameter],
    ) -> Remembered {
        let identity = Identity {
            format: FORMAT,
            version: version.to_string(),
            text: text.to_string(),
            parameters: parameters
                .iter()
                .map(|p| (p.name.clone(), p.value))
                .collect(),
        };
        let path = directory.map(|d| d.join(file_name(&identity)));
        let batches = path
            .as_deref()
            .and_then(read)
            .filter(|(read, _)| *read == identity)
            .map(|(_, batches)| batches)
            .unwrap_or_default();
        Remembered {
            path,
            identity,
            state: Mutex::new(State {
                batches,
                unsaved: false,
            }),
        }
    }

    /// What `hook` (`arity` arguments) returned on the calls `args`, if remembered.
    pub(super) fn recall(&self, hook: &str, arity: usize, args: &[i64]) -> Option<Vec<Value>> {
        let calls = args.len() / arity.max(1);
        let args = Packed::of(args);
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state
            .batches
            .iter()
            .find(|b| b.hook == hook && b.arity == arity && b.args == args)
            .and_then(|b| b.values.values())
            .filter(|values| values.len() == calls)
    }

    /// Remembers that `hook` returned `values` on the calls `args` (all of them, no failure).
    pub(super) fn keep(&self, hook: &str, arity: usize, args: &[i64], values: &[Value]) {
        if self.path.is_none() {
            return;
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.batches.push(Batch {
            hook: hook.to_string(),
            arity,
            args: Packed::of(args),
            values: Answers::of(values),
        });
        state.unsaved = true;
    }

    /// Writes the batches to the cache file if any is new (atomically; a failure only means
    /// the next compile calls the hooks again).
    pub(super) fn save(&self) {
        let Some(path) = &self.path else { return };
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if !state.unsaved {
            return;
        }
        let file = (&self.identity, &state.batches);
        let payload = bincode::serde::encode_to_vec(file, bincode::config::standard());
        state.unsaved = false;
        if let Ok(payload) = payload {
            KIND.write(path, &payload);
        }
    }
}

/// The cache file of a script: the checksums of its text and of the rest of its identity
/// (which only spread the files; the whole identity inside decides).
fn file_name(identity: &Identity) -> String {
    let rest = format!(
        "{}|{}|{:?}",
        identity.format, identity.version, identity.parameters
    );
    format!(
        "script-{:08x}-{:08x}.bin",
        crc32fast::hash(identity.text.as_bytes()),
        crc32fast::hash(rest.as_bytes())
    )
}

/// The cache file at `path` (its identity, then its batches), if it can be read, its checksum
/// holds over its whole content, and it decodes.
fn read(path: &Path) -> Option<(Identity, Vec<Batch>)> {
    let payload = KIND.read(path)?;
    let config = bincode::config::standard().with_limit::<{ MOST_BYTES as usize }>();
    bincode::serde::decode_from_slice(&payload, config)
        .ok()
        .map(|(file, _)| file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(name: &str, value: i64) -> Parameter {
        Parameter {
            name: name.to_string(),
            value,
            default: value,
        }
    }

    #[test]
    fn a_batch_is_recalled_only_by_the_same_script_parameters_and_version() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        let goal = [parameter("goal", 100)];
        let first = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &goal);
        assert_eq!(first.recall("f", 1, &[1, 2]), None);
        first.keep("f", 1, &[1, 2], &[Value::Int(1), Value::Int(2)]);
        first.save();

        let same = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &goal);
        assert_eq!(
            same.recall("f", 1, &[1, 2]),
            Some(vec![Value::Int(1), Value::Int(2)])
        );
        // Other arguments, another hook or another arity are other batches.
        assert_eq!(same.recall("f", 1, &[1, 3]), None);
        assert_eq!(same.recall("g", 1, &[1, 2]), None);
        assert_eq!(same.recall("f", 2, &[1, 2]), None);
        // A changed script, parameter or version reads nothing.
        let changed = Remembered::open_in(at, "1.0.0", "fn f(x) { x + 1 }", &goal);
        assert_eq!(changed.recall("f", 1, &[1, 2]), None);
        let other_goal =
            Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &[parameter("goal", 99)]);
        assert_eq!(other_goal.recall("f", 1, &[1, 2]), None);
        let newer = Remembered::open_in(at, "1.0.1", "fn f(x) { x }", &goal);
        assert_eq!(newer.recall("f", 1, &[1, 2]), None);
    }

    #[test]
    fn a_file_of_another_identity_under_the_same_name_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        let goal = [parameter("goal", 100)];
        let kept = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &goal);
        kept.keep("f", 1, &[7], &[Value::Int(7)]);
        kept.save();
        // Another script's file renamed to this script's name (as a checksum collision would
        // leave it) is refused: the identity inside decides, not the name.
        let other = Remembered::open_in(at, "1.0.0", "fn f(x) { 0 }", &goal);
        let name = |r: &Remembered| r.path.clone().unwrap();
        std::fs::rename(name(&kept), name(&other)).unwrap();
        assert_eq!(other.recall("f", 1, &[7]), None);
        let reopened = Remembered::open_in(at, "1.0.0", "fn f(x) { 0 }", &goal);
        assert_eq!(reopened.recall("f", 1, &[7]), None);
    }

    #[test]
    fn no_single_bit_flip_anywhere_in_a_file_changes_an_answer() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        let text = "fn f(x) { x }";
        let kept = Remembered::open_in(at, "1.0.0", text, &[parameter("goal", 100)]);
        let asked: Vec<i64> = (0..40).collect();
        let answers: Vec<Value> = asked.iter().map(|&n| Value::Int(n * 7 - 100)).collect();
        kept.keep("f", 1, &asked, &answers);
        kept.keep("g", 1, &asked, &vec![Value::Bool(true); asked.len()]);
        kept.save();
        let path = kept.path.clone().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let mut recalled = 0;
        for bit in 0..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            std::fs::write(&path, &flipped).unwrap();
            let damaged = Remembered::open_in(at, "1.0.0", text, &[parameter("goal", 100)]);
            for (hook, expected) in [("f", &answers), ("g", &vec![Value::Bool(true); 40])] {
                if let Some(values) = damaged.recall(hook, 1, &asked) {
                    assert_eq!(&values, expected, "bit {bit}: a changed answer");
                    recalled += 1;
                }
            }
        }
        // The checksum covers the whole file: no flipped file is read at all.
        assert_eq!(recalled, 0, "of {} bits", bytes.len() * 8);
    }

    #[test]
    fn a_damaged_file_is_ignored_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        let kept = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &[]);
        kept.keep("f", 1, &[5], &[Value::Int(5)]);
        kept.save();
        let path = kept.path.clone().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let damaged = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &[]);
        assert_eq!(damaged.recall("f", 1, &[5]), None);
        damaged.keep("f", 1, &[5], &[Value::Int(5)]);
        damaged.save();
        let repaired = Remembered::open_in(at, "1.0.0", "fn f(x) { x }", &[]);
        assert_eq!(repaired.recall("f", 1, &[5]), Some(vec![Value::Int(5)]));
    }

    #[test]
    fn numbers_truths_and_other_values_come_back_as_they_were() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        let batches = [
            vec![Value::Int(-3), Value::Int(i64::MAX)],
            vec![Value::Int(-129), Value::Int(127)],
            vec![Value::Int(i64::from(i32::MIN)), Value::Int(40_000)],
            vec![Value::Int(i64::MIN)],
            vec![Value::Bool(true), Value::Bool(false)],
            vec![
                Value::Bool(true),
                Value::Int(2),
                Value::Nothing,
                Value::Map(vec![("mover".to_string(), Value::Int(5))]),
                Value::Huge("3".repeat(30)),
            ],
        ];
        // One call per value, of arguments as wide as the values (negative ones too).
        let args = |i: usize, values: &[Value]| -> Vec<i64> {
            (0..values.len())
                .map(|call| (i as i64 - 3) * 1_000_000_007 * (call as i64 + 1))
                .collect()
        };
        let kept = Remembered::open_in(at, "1.0.0", "text", &[]);
        for (i, values) in batches.iter().enumerate() {
            kept.keep("f", 1, &args(i, values), values);
        }
        kept.save();
        let read = Remembered::open_in(at, "1.0.0", "text", &[]);
        for (i, values) in batches.iter().enumerate() {
            let asked = args(i, values);
            assert_eq!(read.recall("f", 1, &asked).as_ref(), Some(values));
            // One argument changed by one, or one call fewer: another batch.
            let mut changed = asked.clone();
            changed[0] += 1;
            assert_eq!(read.recall("f", 1, &changed), None);
            assert_eq!(read.recall("f", 1, &asked[1..]), None);
        }
    }

    #[test]
    fn packing_keeps_every_number_at_the_edges_of_each_width() {
        let mut numbers = vec![0, 1, -1, i64::MIN, i64::MAX];
        for bits in [7, 8, 15, 16, 31, 32, 62] {
            let edge = 1i64 << bits;
            numbers.extend([edge - 1, edge, -edge, -edge - 1]);
        }
        for n in &numbers {
            let packed = Packed::of(&[*n]);
            assert_eq!(packed.numbers(), Some(vec![*n]), "{n}");
        }
        assert_eq!(Packed::of(&numbers).numbers(), Some(numbers));
        assert_eq!(Packed::of(&[-128, 127]).width, 1);
        assert_eq!(Packed::of(&[-129, 127]).width, 2);
    }

    #[test]
    fn the_directory_keeps_the_newest_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let at = Some(dir.path());
        std::fs::write(dir.path().join("notes.txt"), "not a cache file").unwrap();
        for i in 0..KIND.most_files + 5 {
            let kept = Remembered::open_in(at, "1.0.0", &format!("script {i}"), &[]);
            kept.keep("f", 1, &[1], &[Value::Int(1)]);
            kept.save();
        }
        let files = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(
            files,
            KIND.most_files + 1,
            "the cap, and the file that is not the cache's"
        );
        let newest =
            Remembered::open_in(at, "1.0.0", &format!("script {}", KIND.most_files + 4), &[]);
        assert_eq!(newest.recall("f", 1, &[1]), Some(vec![Value::Int(1)]));
    }

    #[test]
    fn without_a_directory_nothing_is_kept() {
        let none = Remembered::open_in(None, "1.0.0", "fn f(x) { x }", &[]);
        none.keep("f", 1, &[5], &[Value::Int(5)]);
        none.save();
        assert_eq!(none.recall("f", 1, &[5]), None);
    }
}
