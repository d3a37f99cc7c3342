//! What this machine lets this process have: the memory it may still use, read from the kernel
//! (Linux's `/proc` and `/sys/fs/cgroup`), and the one check every front end (the CLI's verbs,
//! the page's budget, the Python package) makes before it solves: the work's footprint estimate
//! against that memory. Where nothing can be read, nothing is known and nothing is refused.
//!
//! The memory a process may use is the least of three, each where it is known:
//! - the memory the kernel could give it now without swapping (`MemAvailable`);
//! - its own address-space limit (`RLIMIT_AS`, `ulimit -v`) less what it maps already
//!   (`VmSize`);
//! - each control group it is in (cgroup v2's `memory.max`, v1's `memory.limit_in_bytes`, its own
//!   and its parents'), less what the group uses already that the kernel cannot take back (its
//!   usage less its inactive file cache).

use std::fmt;
use std::path::Path;

use thiserror::Error;

use crate::game::{Footprint, bytes_text};

/// What bounds the memory a process may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The machine's free memory (`MemAvailable`).
    Free,
    /// The process's address-space limit (`ulimit -v`).
    AddressSpace,
    /// A control group's memory limit.
    Cgroup,
}

/// The memory a process may still use, and what bounds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    /// Bytes.
    pub bytes: u64,
    /// The limit that leaves no more.
    pub bound: Bound,
}

impl fmt::Display for Room {
    /// `3.9 GB this process may still map (its address-space limit, ulimit -v)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = bytes_text(self.bytes);
        match self.bound {
            Bound::Free => write!(f, "{bytes} of memory this machine has free"),
            Bound::AddressSpace => write!(
                f,
                "{bytes} this process may still map (its address-space limit, ulimit -v)"
            ),
            Bound::Cgroup => write!(
                f,
                "{bytes} this process's control group may still use (its cgroup memory limit)"
            ),
        }
    }
}

/// A work refused before it starts: its estimate exceeds the memory the process may use.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
#[error("solving this would take {footprint}, more than the {room}")]
pub struct TooLarge {
    /// The work's estimate.
    pub footprint: Footprint,
    /// The memory there is, and what bounds it.
    pub room: Room,
}

/// An allocation the system refused, though the estimate let the work start (another process
/// took the memory meanwhile, or the estimate fell short): the work ends with this error
/// rather than aborting the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "could not allocate {} for the solve's tables: out of memory (the system refused it)",
    bytes_text(*bytes)
)]
pub struct OutOfMemory {
    /// The bytes asked for.
    pub bytes: u64,
}

/// `Ok` where a work of `footprint` fits in the memory this process may use now (or nothing is
/// known of it); else the refusal naming the estimate and the limit.
pub fn check(footprint: &Footprint) -> Result<(), TooLarge> {
    check_against(footprint, usable_memory())
}

/// `Ok` where `footprint` fits in `room` (or `room` is not known); else the refusal.
pub fn check_against(footprint: &Footprint, room: Option<Room>) -> Result<(), TooLarge> {
    match room {
        Some(room) if footprint.bytes > room.bytes => Err(TooLarge {
            footprint: *footprint,
            room,
        }),
        _ => Ok(()),
    }
}

/// The memory this process may still use: the least of the machine's free memory, its
/// address-space limit less what it maps, and its control groups' limits less their use, each
/// where it is known; `None` where none is.
pub fn usable_memory() -> Option<Room> {
    let free = meminfo("MemAvailable:").map(|bytes| Room {
        bytes,
        bound: Bound::Free,
    });
    let address_space = address_space_room().map(|bytes| Room {
        bytes,
        bound: Bound::AddressSpace,
    });
    let cgroup = std::fs::read_to_string("/proc/self/cgroup")
        .ok()
        .and_then(|text| cgroup_room(&text, Path::new("/sys/fs/cgroup")))
        .map(|bytes| Room {
            bytes,
            bound: Bound::Cgroup,
        });
    [free, address_space, cgroup]
        .into_iter()
        .flatten()
        .min_by_key(|room| room.bytes)
}

/// The machine's whole memory (`MemTotal`), in bytes; `None` where it cannot be read.
pub fn total_memory() -> Option<u64> {
    meminfo("MemTotal:")
}

/// The field `name` of `/proc/meminfo` (`MemTotal:       24576000 kB`), in bytes.
fn meminfo(name: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    kilobytes_field(&text, name)
}

/// The field `name` of a `/proc` text in kilobytes (`VmSize:   1234 kB`), as bytes.
fn kilobytes_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kilobytes: u64 = line[name.len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kilobytes.checked_mul(1024)
}

/// This process's address-space limit (`RLIMIT_AS`) less what it maps already (`VmSize`), in
/// bytes; `None` where it has no such limit or it cannot be read.
#[cfg(unix)]
fn address_space_room() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes one `rlimit` through a pointer to a live, owned one.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let mapped = kilobytes_field(&status, "VmSize:")?;
    Some(limit.rlim_cur.saturating_sub(mapped))
}

/// Elsewhere no address-space limit is read.
#[cfg(not(unix))]
fn address_space_room() -> Option<u64> {
    None
}

/// The least room any control group of `cgroups` (the text of `/proc/self/cgroup`) leaves,
/// its own and each parent's, their files under `root` (`/sys/fs/cgroup`): cgroup v2's unified
/// hierarchy (`0::PATH`, files `memory.max` and `memory.current`) and v1's memory hierarchy
/// (`N:memory:PATH` mounted at `ROOT/memory`, files `memory.limit_in_bytes` and
/// `memory.usage_in_bytes`). `None` where no group has a limit that can be read.
fn cgroup_room(cgroups: &str, root: &Path) -> Option<u64> {
    cgroups
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            match controllers {
                "" => Some((root.to_path_buf(), path, ["memory.max", "memory.current"])),
                _ if controllers.split(',').any(|c| c == "memory") => Some((
                    root.join("memory"),
                    path,
                    ["memory.limit_in_bytes", "memory.usage_in_bytes"],
                )),
                _ => None,
            }
        })
        .flat_map(|(mount, path, files)| {
            let path = path.trim_start_matches('/').to_string();
            // The group's own directory and each parent's, up to the mount itself.
            let mut dirs = vec![mount.join(&path)];
            let mut parent = Path::new(&path).parent();
            while let Some(dir) = parent {
                dirs.push(mount.join(dir));
                parent = dir.parent();
            }
            dirs.into_iter()
                .filter_map(move |dir| group_room(&dir, files))
                .collect::<Vec<_>>()
        })
        .min()
}

/// The room one control group's directory `dir` leaves: its limit (the first of `files`; `max`
/// is none) less its usage (the second) less its inactive file cache (which the kernel takes
/// back before it refuses).
fn group_room(dir: &Path, [limit, usage]: [&str; 2]) -> Option<u64> {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let limit: u64 = read(limit)?.trim().parse().ok()?;
    let used: u64 = read(usage)?.trim().parse().ok()?;
    let reclaimable = read("memory.stat")
        .and_then(|stat| {
            stat.lines()
                .find_map(|line| line.strip_prefix("inactive_file ")?.trim().parse().ok())
        })
        .unwrap_or(0);
    Some(limit.saturating_sub(used.saturating_sub(reclaimable)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proc_fields_are_read_in_bytes() {
        let text = "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(kilobytes_field(text, "MemTotal:"), Some(24_576_000 * 1024));
        assert_eq!(kilobytes_field(text, "MemAvailable:"), Some(2048 * 1024));
        assert_eq!(kilobytes_field(text, "SwapTotal:"), None);
        assert_eq!(kilobytes_field("MemTotal: lots\n", "MemTotal:"), None);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn this_machine_has_memory_and_less_of_it_usable() {
        let (total, usable) = (total_memory().unwrap(), usable_memory().unwrap());
        assert!(
            usable.bytes <= total && total > 1 << 20,
            "{usable} of {total}"
        );
    }

    fn write(dir: &Path, files: &[(&str, &str)]) {
        std::fs::create_dir_all(dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }

    #[test]
    fn a_cgroup_v2_limit_is_the_least_room_of_the_group_and_its_parents() {
        let root = tempfile::tempdir().unwrap();
        let group = root.path().join("box/job");
        write(
            &group,
            &[
                ("memory.max", "max\n"),
                ("memory.current", "100\n"),
                ("memory.stat", "anon 50\ninactive_file 30\n"),
            ],
        );
        let own = "0::/box/job\n";
        // No limit of its own and none above: nothing is known.
        assert_eq!(cgroup_room(own, root.path()), None);
        write(
            &root.path().join("box"),
            &[("memory.max", "1000\n"), ("memory.current", "400\n")],
        );
        assert_eq!(cgroup_room(own, root.path()), Some(600));
        // Its own limit, less what it uses that cannot be taken back (100 - 30).
        write(&group, &[("memory.max", "500\n")]);
        assert_eq!(cgroup_room(own, root.path()), Some(430));
        // A group over its limit leaves nothing.
        write(&group, &[("memory.max", "10\n")]);
        assert_eq!(cgroup_room(own, root.path()), Some(0));
    }

    #[test]
    fn a_cgroup_v1_memory_limit_is_read_from_its_hierarchy() {
        let root = tempfile::tempdir().unwrap();
        write(
            &root.path().join("memory/box"),
            &[
                ("memory.limit_in_bytes", "2048\n"),
                ("memory.usage_in_bytes", "48\n"),
            ],
        );
        let text = "5:devices:/other\n4:memory:/box\n0::/\n";
        assert_eq!(cgroup_room(text, root.path()), Some(2000));
        assert_eq!(cgroup_room("4:cpu,cpuacct:/box\n", root.path()), None);
    }

    #[test]
    fn a_work_is_refused_naming_its_estimate_and_the_limit() {
        let footprint = Footprint {
            states: 37_822_500,
            bytes: 465_000_000_000,
            seconds: 3.0 * 86_400.0,
        };
        let room = |bound| Room {
            bytes: 3_900_000_000,
            bound,
        };
        assert_eq!(check_against(&footprint, None), Ok(()));
        let big = Room {
            bytes: footprint.bytes,
            bound: Bound::Free,
        };
        assert_eq!(check_against(&footprint, Some(big)), Ok(()));
        let refusal = |bound| {
            check_against(&footprint, Some(room(bound)))
                .unwrap_err()
                .to_string()
        };
        let estimate = "solving this would take about 465 GB and 3 days (37822500 states), more \
                        than the 3.9 GB";
        assert_eq!(
            refusal(Bound::Free),
            format!("{estimate} of memory this machine has free")
        );
        assert_eq!(
            refusal(Bound::AddressSpace),
            format!("{estimate} this process may still map (its address-space limit, ulimit -v)")
        );
        assert_eq!(
            refusal(Bound::Cgroup),
            format!(
                "{estimate} this process's control group may still use (its cgroup memory limit)"
            )
        );
    }
}
