//! The cache directory: work that never changes while its inputs and swine stay the same
//! (what a rule script's hooks returned, a solved Yahtzee), kept on disk so that the next
//! process skips it.
//!
//! The directory is `$SWINE_CACHE_DIR` (empty: keep nothing), else `$XDG_CACHE_HOME/swine`,
//! else `~/.cache/swine`. Every file is framed as the table files are (magic, version, length,
//! payload, then a CRC-32 of everything before it): a damaged, truncated or foreign file is
//! not read, and the next save replaces it. Files are written atomically, and each kind keeps
//! its newest few. A cache that cannot be read or written is ignored: it only saves time.

use std::path::{Path, PathBuf};

use crate::format::{frame, unframe, write_rendered};

/// One kind of cache file: how its files are named and framed, and how many are kept.
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    /// What its file names start with, e.g. `script-`.
    pub prefix: &'static str,
    /// The magic bytes its files start with (8 bytes).
    pub magic: &'static [u8; 8],
    /// The version of its layout: a file of another version is not read.
    pub version: u32,
    /// The largest file read, in bytes.
    pub most_bytes: u64,
    /// The most files of this kind a directory keeps: writing one more removes the oldest.
    pub most_files: usize,
    /// What such a file is, in words (`a script cache`).
    pub what: &'static str,
}

/// Where the cache is: `$SWINE_CACHE_DIR` (empty: nowhere), else `$XDG_CACHE_HOME/swine`,
/// else `$HOME/.cache/swine`.
pub fn directory() -> Option<PathBuf> {
    let set = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = std::env::var_os("SWINE_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    set("XDG_CACHE_HOME")
        .map(|d| PathBuf::from(d).join("swine"))
        .or_else(|| set("HOME").map(|h| PathBuf::from(h).join(".cache").join("swine")))
}

impl Kind {
    /// The payload of the file at `path`, if it can be read, is of this kind and version, and
    /// its checksum holds over its whole content.
    pub fn read(&self, path: &Path) -> Option<Vec<u8>> {
        let bytes = crate::read::read_capped(path, self.most_bytes, self.what).ok()?;
        let limit = usize::try_from(self.most_bytes).unwrap_or(usize::MAX);
        let (version, payload) = unframe(&bytes, self.magic, self.what, limit).ok()?;
        (version == self.version).then(|| payload.to_vec())
    }

    /// Writes `payload` framed to `path` (atomically), then removes the oldest files of this
    /// kind beyond [`most_files`](Self::most_files); whether it was written.
    pub fn write(&self, path: &Path, payload: &[u8]) -> bool {
        let (Some(directory), Some(name)) = (path.parent(), path.file_name()) else {
            return false;
        };
        let name = name.to_string_lossy().into_owned();
        let bytes = frame(self.magic, self.version, payload);
        let written = write_rendered(directory, vec![(name, bytes)]).is_ok();
        if written {
            self.prune(directory);
        }
        written
    }

    /// Removes the oldest files of this kind in `directory` beyond the most kept (by the time
    /// each was written; files whose time cannot be read go first). Other files are left alone.
    fn prune(&self, directory: &Path) {
        let Ok(entries) = std::fs::read_dir(directory) else {
            return;
        };
        let mut files: Vec<(Option<std::time::SystemTime>, PathBuf)> = entries
            .flatten()
            .filter(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.starts_with(self.prefix) && name.ends_with(".bin")
            })
            .map(|e| (e.metadata().and_then(|m| m.modified()).ok(), e.path()))
            .collect();
        if files.len() <= self.most_files {
            return;
        }
        files.sort();
        for (_, path) in &files[..files.len() - self.most_files] {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: Kind = Kind {
        prefix: "test-",
        magic: b"SWINETST",
        version: 3,
        most_bytes: 1 << 20,
        most_files: 2,
        what: "a test cache",
    };

    /// A file reads back as written; every single-bit flip, a cut anywhere and another
    /// version make it unreadable; only the newest files of the kind are kept.
    #[test]
    fn a_file_reads_back_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("test-a.bin");
        let payload: Vec<u8> = (0..300u32).map(|i| (i * 7 % 251) as u8).collect();
        assert!(KIND.write(&path, &payload));
        assert_eq!(KIND.read(&path), Some(payload.clone()));
        let bytes = std::fs::read(&path).unwrap();
        for bit in 0..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            std::fs::write(&path, &flipped).unwrap();
            assert_eq!(KIND.read(&path), None, "bit {bit} flipped");
        }
        for cut in 0..bytes.len() {
            std::fs::write(&path, &bytes[..cut]).unwrap();
            assert_eq!(KIND.read(&path), None, "cut at {cut}");
        }
        let newer = Kind { version: 4, ..KIND };
        assert!(newer.write(&path, &payload));
        assert_eq!(KIND.read(&path), None);

        std::fs::write(dir.path().join("other.bin"), b"kept").unwrap();
        for name in ["test-b.bin", "test-c.bin"] {
            std::thread::sleep(std::time::Duration::from_millis(20));
            assert!(KIND.write(&dir.path().join(name), &payload));
        }
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["other.bin", "test-b.bin", "test-c.bin"]);
    }
}
