//! Where a harness runs: out of reach of swine's signals.
//!
//! On Linux the process swine starts is a small *supervisor*, in a session of its own, that
//! starts the harness and does nothing else: the harness runs in a session of its own too, in a
//! new PID namespace where the user's system allows one (a user namespace with it, as an
//! unprivileged user may make; else a PID namespace alone, as root may; else none). In the
//! namespace the harness is process 1, its parent is no process it can see (`os.getppid()` is
//! 0), it can signal only the processes it started, and when it ends the kernel kills every one
//! of them. Without a namespace, its parent is the supervisor, not swine.
//!
//! The supervisor has no descriptors open. It forwards SIGUSR1 to the harness (a request that
//! ran out of time), kills it and its process group on SIGTERM ([`stop`]), and when it ends,
//! kills its process group and ends the same way (its exit status, or the same signal). The
//! harness is killed too if the supervisor dies (its parent-death signal is SIGKILL).
//!
//! Elsewhere the harness is swine's child, in a process group of its own.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// How long a supervisor told to stop has to end before it is killed.
const GRACE: Duration = Duration::from_secs(2);

/// How often [`stop`] checks whether the supervisor has ended.
const POLL: Duration = Duration::from_millis(2);

/// Makes `command` start a supervisor and the harness under it (see the module).
#[cfg(target_os = "linux")]
pub(super) fn isolate(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let maps = linux::Maps::of_this_process();
    // SAFETY: the closure runs between fork and exec, and calls only async-signal-safe
    // functions (system calls); it allocates nothing (the maps are written beforehand).
    unsafe {
        command.pre_exec(move || linux::supervise(&maps));
    }
}

/// Elsewhere: the harness in a process group of its own.
#[cfg(not(target_os = "linux"))]
pub(super) fn isolate(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

/// Ends the harness `child` (its supervisor) and every process in its namespace or group, and
/// waits for it.
pub(super) fn stop(child: &mut Child) {
    let Ok(pid) = libc::pid_t::try_from(child.id()) else {
        return;
    };
    if let Ok(Some(_)) = child.try_wait() {
        return;
    }
    let signal = if cfg!(target_os = "linux") {
        libc::SIGTERM
    } else {
        libc::SIGKILL
    };
    // SAFETY: `pid` is this process's child, not yet waited for, so it is not reused; the
    // supervisor kills the harness on SIGTERM (elsewhere the harness leads its group).
    unsafe {
        if signal == libc::SIGKILL {
            libc::killpg(pid, signal);
        } else {
            libc::kill(pid, signal);
        }
    }
    let began = Instant::now();
    while began.elapsed() < GRACE {
        if !matches!(child.try_wait(), Ok(None)) {
            return;
        }
        std::thread::sleep(POLL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(target_os = "linux")]
mod linux {
    use std::io;

    /// The lines written to `/proc/self/{setgroups,uid_map,gid_map}` in a new user namespace:
    /// the user and group as themselves, made before the fork.
    pub(super) struct Maps {
        uid: Vec<u8>,
        gid: Vec<u8>,
    }

    impl Maps {
        /// This process's user and group, each mapped to itself.
        pub(super) fn of_this_process() -> Maps {
            // SAFETY: getuid and getgid cannot fail.
            let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
            Maps {
                uid: format!("{uid} {uid} 1\n").into_bytes(),
                gid: format!("{gid} {gid} 1\n").into_bytes(),
            }
        }
    }

    /// The last system error, without allocating.
    fn error() -> io::Error {
        io::Error::last_os_error()
    }

    /// Runs in the child swine forked: leaves swine's session, enters new namespaces where it
    /// may, and forks the harness, which returns here to be executed; this process stays
    /// behind as its supervisor and never returns.
    pub(super) fn supervise(maps: &Maps) -> io::Result<()> {
        // SAFETY: system calls on this process and the buffers given; see each step.
        unsafe {
            if libc::setsid() < 0 {
                return Err(error());
            }
            let mut watched: libc::sigset_t = std::mem::zeroed();
            let mut before: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut watched);
            for signal in [libc::SIGCHLD, libc::SIGTERM, libc::SIGUSR1] {
                libc::sigaddset(&mut watched, signal);
            }
            libc::sigprocmask(libc::SIG_BLOCK, &watched, &mut before);
            enter_namespaces(maps);
            let harness = libc::fork();
            if harness < 0 {
                return Err(error());
            }
            if harness == 0 {
                libc::sigprocmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
                libc::setsid();
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                return Ok(());
            }
            libc::syscall(libc::SYS_close_range, 0u32, u32::MAX, 0u32);
            loop {
                let mut signal = 0;
                if libc::sigwait(&watched, &mut signal) != 0 {
                    continue;
                }
                match signal {
                    libc::SIGUSR1 => {
                        libc::kill(harness, libc::SIGUSR1);
                    }
                    libc::SIGTERM => {
                        libc::kill(harness, libc::SIGKILL);
                        libc::killpg(harness, libc::SIGKILL);
                    }
                    _ => {
                        let mut info: libc::siginfo_t = std::mem::zeroed();
                        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
                        let id = harness as libc::id_t;
                        if libc::waitid(libc::P_PID, id, &mut info, flags) == 0
                            && info.si_pid() == harness
                        {
                            // The harness has ended but is not yet reaped, so its group's
                            // number cannot be reused: whatever stayed in it is killed.
                            libc::killpg(harness, libc::SIGKILL);
                            let mut status = 0;
                            libc::waitpid(harness, &mut status, 0);
                            end_as(status);
                        }
                    }
                }
            }
        }
    }

    /// Enters a new user and PID namespace, else a PID namespace alone, else neither; in a
    /// user namespace, maps the user and group to themselves.
    unsafe fn enter_namespaces(maps: &Maps) {
        // SAFETY: unshare changes only this (single-threaded) process; the writes go to this
        // process's own files in /proc.
        unsafe {
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) == 0 {
                write(c"/proc/self/setgroups", b"deny");
                write(c"/proc/self/uid_map", &maps.uid);
                write(c"/proc/self/gid_map", &maps.gid);
            } else {
                libc::unshare(libc::CLONE_NEWPID);
            }
        }
    }

    /// Writes `bytes` to the file at `path`, if it can.
    unsafe fn write(path: &std::ffi::CStr, bytes: &[u8]) {
        // SAFETY: open, write and close on a path and a buffer that outlive the calls.
        unsafe {
            let descriptor = libc::open(path.as_ptr(), libc::O_WRONLY);
            if descriptor >= 0 {
                libc::write(descriptor, bytes.as_ptr().cast(), bytes.len());
                libc::close(descriptor);
            }
        }
    }

    /// Ends the supervisor as the harness ended: its exit status, or its signal (without a
    /// core dump).
    unsafe fn end_as(status: libc::c_int) -> ! {
        // SAFETY: these change only this process, which then ends.
        unsafe {
            if libc::WIFSIGNALED(status) {
                let signal = libc::WTERMSIG(status);
                let none = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &none);
                libc::signal(signal, libc::SIG_DFL);
                let mut only: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut only);
                libc::sigaddset(&mut only, signal);
                libc::sigprocmask(libc::SIG_UNBLOCK, &only, std::ptr::null_mut());
                libc::kill(libc::getpid(), signal);
                libc::_exit(128 + signal);
            }
            libc::_exit(libc::WEXITSTATUS(status))
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;

    /// A child started isolated, stopped when dropped (a failed test leaves nothing running).
    struct Isolated(Child);

    impl Drop for Isolated {
        fn drop(&mut self) {
            stop(&mut self.0);
        }
    }

    /// `PROGRAM ARGS`, isolated, its stdout piped.
    fn isolated(program: &str, args: &[&str]) -> Isolated {
        let mut command = Command::new(program);
        command.args(args).stdout(Stdio::piped());
        isolate(&mut command);
        Isolated(command.spawn().expect("the program starts"))
    }

    /// Whether a process with exactly this command line comes to run (`running`) or to be
    /// gone (not `running`) within two seconds.
    fn becomes(cmdline: &[u8], running: bool) -> bool {
        let runs = || {
            std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
                std::fs::read(entry.path().join("cmdline")).is_ok_and(|c| c == cmdline)
            })
        };
        for _ in 0..200 {
            if runs() == running {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    #[test]
    fn the_harness_is_no_child_of_swine_and_leads_its_own_session() {
        let script = "import os; print(os.getppid(), os.getsid(0) == os.getpid())";
        let mut child = isolated("python3", &["-c", script]);
        let mut text = String::new();
        let stdout = child.0.stdout.as_mut().unwrap();
        stdout.read_to_string(&mut text).unwrap();
        assert!(child.0.wait().unwrap().success());
        let (parent, leads) = text.trim().split_once(' ').unwrap();
        let parent: u32 = parent.parse().unwrap();
        // In a PID namespace its parent is no process it can see; else, the supervisor.
        assert!(parent == 0 || parent == child.0.id(), "{text}");
        assert_eq!(leads, "True");
    }

    #[test]
    fn stopping_ends_the_harness_and_what_it_started() {
        let mut child = isolated("sh", &["-c", "sleep 4711 & sleep 4712"]);
        assert!(becomes(b"sleep\x004711\x00", true));
        assert!(becomes(b"sleep\x004712\x00", true));
        stop(&mut child.0);
        assert!(child.0.try_wait().unwrap().is_some());
        assert!(becomes(b"sleep\x004711\x00", false));
        assert!(becomes(b"sleep\x004712\x00", false));
    }

    #[test]
    fn the_supervisor_ends_as_the_harness_did() {
        let mut exits = isolated("sh", &["-c", "exit 3"]);
        assert_eq!(exits.0.wait().unwrap().code(), Some(3));
        let crash = "import ctypes; ctypes.string_at(0)";
        let mut crashes = isolated("python3", &["-c", crash]);
        let status = crashes.0.wait().unwrap();
        assert_eq!(status.signal(), Some(libc::SIGSEGV), "{status:?}");
    }
}
