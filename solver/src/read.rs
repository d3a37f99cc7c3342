//! Reading the files a user names, each kind with a size cap: a table, a rule script, a Python
//! strategy or a report that is a link to `/dev/zero` ends in an error naming the limit, not in
//! all of the machine's memory.

use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// The largest table file read (a full-information table of a ruleset with memory, as CSV, is
/// about 15 MB at goal 100).
pub const TABLE_BYTES: u64 = 256 << 20;
/// The largest rule script read.
pub const SCRIPT_BYTES: u64 = 1 << 20;
/// The largest Python strategy file tabulated.
pub const PYTHON_BYTES: u64 = 16 << 20;
/// The largest report read back (e.g. by `swine plot sweep`).
pub const REPORT_BYTES: u64 = 64 << 20;

/// Why a file could not be read whole.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The system could not open or read it.
    #[error("cannot read it: {0}")]
    Io(#[from] io::Error),
    /// It holds more than the cap.
    #[error("it holds more than {} MiB, the limit for {what}", limit >> 20)]
    TooLarge {
        /// The cap, in bytes.
        limit: u64,
        /// What kind of file was read, e.g. `a table file`.
        what: &'static str,
    },
}

/// The bytes of the file at `path` (`what` kind of file, for the message), if it holds at
/// most `limit` bytes; reading stops one byte past the limit, whatever the file claims to be.
pub fn read_capped(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit, what });
    }
    Ok(bytes)
}

/// The text of the file at `path`, as [`read_capped`] reads it; invalid UTF-8 is an I/O error.
pub fn read_text_capped(path: &Path, limit: u64, what: &'static str) -> Result<String, ReadError> {
    let bytes = read_capped(path, limit, what)?;
    String::from_utf8(bytes)
        .map_err(|_| ReadError::Io(io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_stops_at_the_cap() {
        let err = read_capped(Path::new("/dev/zero"), 1 << 20, "a table file").unwrap_err();
        assert_eq!(
            err.to_string(),
            "it holds more than 1 MiB, the limit for a table file"
        );
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), vec![b'x'; 1 << 20]).unwrap();
        assert_eq!(
            read_capped(file.path(), 1 << 20, "a table file")
                .unwrap()
                .len(),
            1 << 20
        );
    }
}
