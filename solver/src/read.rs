//! Reading the files a user names, each kind with a size cap: a table, a rule script, a Python
//! strategy or a report that is a link to `/dev/zero` ends in an error naming the limit, not in
//! all of the machine's memory; only regular files are read (a FIFO would wait for a writer
//! forever, a device never ends), anything else is refused before it is opened.

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
    /// It is no regular file (a FIFO, a device, a socket, a directory).
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
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
    let kind = std::fs::metadata(path)?.file_type();
    if !kind.is_file() {
        return Err(ReadError::NotAFile(kind_of(&kind)));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit, what });
    }
    Ok(bytes)
}

/// What a file that is no regular file is, in words.
fn kind_of(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
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
    fn a_file_past_the_cap_is_refused_and_one_at_it_read() {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), vec![b'x'; (1 << 20) + 1]).unwrap();
        let err = read_capped(file.path(), 1 << 20, "a table file").unwrap_err();
        assert_eq!(
            err.to_string(),
            "it holds more than 1 MiB, the limit for a table file"
        );
        std::fs::write(file.path(), vec![b'x'; 1 << 20]).unwrap();
        assert_eq!(
            read_capped(file.path(), 1 << 20, "a table file")
                .unwrap()
                .len(),
            1 << 20
        );
    }

    #[test]
    fn only_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success(), "mkfifo");
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        for (path, said) in [
            (
                fifo.as_path(),
                "it is a FIFO (named pipe), not a regular file",
            ),
            (&link, "it is a character device, not a regular file"),
            (dir.path(), "it is a directory, not a regular file"),
        ] {
            let err = read_capped(path, 1 << 20, "a table file").unwrap_err();
            assert_eq!(err.to_string(), said);
        }
    }
}
