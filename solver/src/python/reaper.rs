//! Nothing a Python strategy starts outlives it.
//!
//! Every harness runs out of swine's reach under a supervisor (see [`isolate`](super::isolate)):
//! in a PID namespace, whose processes the kernel kills when the harness ends; without one, in
//! a process group of its own, which the supervisor kills. A process that left the group
//! (`setsid`) survives that; on Linux swine therefore makes itself a *child subreaper* the
//! first time it starts a strategy, so such a process, once its parent is gone, becomes swine's
//! child instead of init's. Every process a strategy starts inherits the environment variable
//! [`MARK`]; after each supervisor ends, swine kills and reaps its own children that carry the
//! mark and are not a supervisor still running (swine itself starts no other marked process).
//! Without a namespace, a process that clears its environment escapes this.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, PoisonError};

/// The environment variable that marks every process a strategy starts (inherited).
const MARK: &str = "SWINE_STRATEGY_PROCESS";

/// The pids of the supervisors running. The lock also keeps a sweep from running while
/// a child is being started, when it could not yet be told from an orphan.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Starts `command` as a marked strategy process (making swine a subreaper first, on Linux).
pub(super) fn spawn(command: &mut Command) -> io::Result<Child> {
    become_subreaper();
    command.env(MARK, "1");
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    let child = command.spawn()?;
    live.push(child.id());
    Ok(child)
}

/// Kills every process of the group led by `leader` (elsewhere than Linux, the harness and
/// whatever stayed in its group).
fn kill_group(leader: u32) {
    let Ok(group) = libc::pid_t::try_from(leader) else {
        return;
    };
    // SAFETY: killpg only sends a signal; a group that no longer exists gives ESRCH.
    unsafe {
        libc::killpg(group, libc::SIGKILL);
    }
}

/// The supervisor `pid` has ended and been waited for: kills its group and every marked
/// orphan.
pub(super) fn finished(pid: u32) {
    kill_group(pid);
    let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    live.retain(|&p| p != pid);
    sweep(&live);
}

/// Makes swine a child subreaper, once.
#[cfg(target_os = "linux")]
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: PR_SET_CHILD_SUBREAPER only sets a flag of this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Elsewhere there is no subreaper: the process group is all that is killed.
#[cfg(not(target_os = "linux"))]
fn become_subreaper() {}

/// Kills and reaps swine's marked children that are not in `live`, until none is left (a
/// killed orphan's own children become swine's in turn).
#[cfg(target_os = "linux")]
fn sweep(live: &[u32]) {
    for _ in 0..100 {
        let orphans: Vec<u32> = children_of(std::process::id())
            .into_iter()
            .filter(|pid| !live.contains(pid) && is_marked(*pid))
            .collect();
        if orphans.is_empty() {
            return;
        }
        for pid in orphans {
            let Ok(pid) = libc::pid_t::try_from(pid) else {
                continue;
            };
            // SAFETY: `pid` is this process's child, so it cannot be reused before it is
            // reaped here; kill sends a signal and waitpid reaps that one child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Elsewhere there are no adopted orphans to sweep.
#[cfg(not(target_os = "linux"))]
fn sweep(_live: &[u32]) {}

/// The pids whose parent is `parent`, from `/proc`.
#[cfg(target_os = "linux")]
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| parent_of(pid) == Some(parent))
        .collect()
}

/// The parent of `pid`: the field after the state in `/proc/PID/stat`, which follows the
/// command name in parentheses (itself free to hold spaces and parentheses).
#[cfg(target_os = "linux")]
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

/// Whether `pid`'s environment holds [`MARK`].
#[cfg(target_os = "linux")]
fn is_marked(pid: u32) -> bool {
    let mark = format!("{MARK}=1");
    std::fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|environ| environ.split(|&b| b == 0).any(|v| v == mark.as_bytes()))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn parents_are_read_from_proc() {
        let me = std::process::id();
        let parent = parent_of(me).expect("this process has a parent");
        assert!(children_of(parent).contains(&me));
        assert!(!is_marked(me));
    }
}
