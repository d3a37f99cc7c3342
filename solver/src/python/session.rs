//! A harness that stays: one child `python3` answering requests, a JSON line each way, for as
//! long as its owner keeps it (a Hog rule module, whose hooks are asked for in batches).
//!
//! The child starts out of swine's reach (see [`isolate`]: a supervisor, and the harness in a
//! session and a PID namespace of its own), with the harness in a private directory, an empty
//! directory to work in, and the runner's limits; it talks over its stdin and stdout, which the
//! harness moves to descriptors of its own before it imports anything. Every request carries a
//! nonce, a random number swine makes for it, and its answer must carry the same: a line that
//! does not (one the strategy wrote into the channel) ends the session as forged. Each request
//! has a wall-clock limit: past it, swine has the supervisor send the harness SIGUSR1, which
//! stops the call that is running with an exception (so that the answer can say which call it
//! was), waits a moment for that answer, and ends the session. Dropping the session stops the
//! harness, everything it started and every orphan it left (see [`reaper`]) and removes both
//! directories.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use tempfile::TempDir;

use super::{POLL, PythonError, PythonSpec, Runner, describe_status, isolate, reaper, scratch};

/// How long a harness told that its request ran out of time has to answer, and how long one
/// whose channel closed has to exit.
const GRACE: Duration = Duration::from_secs(2);

/// A running harness and the channel to it.
pub(crate) struct Session {
    child: Child,
    requests: ChildStdin,
    /// The harness's answers, a line each, read by a thread of their own (closed when the
    /// harness's stdout is).
    answers: Receiver<String>,
    timeout: Duration,
    /// Why the session answers no more, once it does not.
    ended: Option<String>,
    /// The harness's directory and the child's working directory, removed with the session.
    _directories: [TempDir; 2],
}

/// The first request of a strategy's session: the file, the limits, and what the game's harness
/// needs besides (`extra`, its fields added to the request's).
#[derive(Serialize)]
struct Start<'a, E> {
    file: &'a std::path::Path,
    functions: Vec<&'a str>,
    cpu_seconds: u64,
    memory_bytes: u64,
    file_bytes: u64,
    processes: u32,
    recursion_limit: u32,
    #[serde(flatten)]
    extra: E,
}

/// The answer to [`Start`].
#[derive(serde::Deserialize)]
struct Started {
    function: Option<String>,
    error: Option<String>,
}

impl Session {
    /// A session of the strategy harness `script` among `files` (`harness.py`, `farkle.py`,
    /// `yahtzee.py`) with the file of `spec` imported under `runner`'s limits (the first of
    /// `functions` it defines, unless the spec names another), `extra` added to the first
    /// request: the session and the name of the function found.
    pub(crate) fn strategy(
        spec: &PythonSpec,
        runner: &Runner,
        (files, script): (&[(&str, &str)], &str),
        functions: &[&str],
        extra: impl Serialize,
    ) -> Result<(Session, String), PythonError> {
        let file = spec.file()?;
        let start = Start {
            file: &file,
            functions: spec.candidates(functions)?,
            cpu_seconds: runner.limits.timeout.as_secs() + 1,
            memory_bytes: runner.limits.memory,
            file_bytes: runner.limits.file_size,
            processes: runner.limits.processes,
            recursion_limit: 10_000,
            extra,
        };
        let (session, answer) = Session::start(runner, files, script, &start)?;
        let started: Started =
            serde_json::from_value(answer).map_err(|e| PythonError::Garbled(e.to_string()))?;
        match (started.function, started.error) {
            (_, Some(error)) => Err(PythonError::Rejected(error)),
            (Some(function), None) => Ok((session, function)),
            (None, None) => Err(PythonError::Garbled(
                "neither a function nor an error".to_string(),
            )),
        }
    }

    /// Writes `files` (name, text) into a private directory, runs the one called `script`
    /// there with `runner`, and sends it `first`: the session and the harness's first answer.
    pub(crate) fn start(
        runner: &Runner,
        files: &[(&str, &str)],
        script: &str,
        first: &impl Serialize,
    ) -> Result<(Session, serde_json::Value), PythonError> {
        let private = scratch("swine-harness-")?;
        let work = scratch("swine-work-")?;
        for (name, text) in files {
            std::fs::write(private.path().join(name), text).map_err(PythonError::Scratch)?;
        }
        let harness = private.path().join(script);
        let mut command = runner.command(work.path(), &[&harness]);
        command.stdout(Stdio::piped());
        let mut child = runner.spawn(&mut command)?;
        let (Some(requests), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            unreachable!("both ends are piped");
        };
        let (sender, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut session = Session {
            child,
            requests,
            answers,
            timeout: runner.limits.timeout,
            ended: None,
            _directories: [private, work],
        };
        let answer = session.ask(first)?;
        Ok((session, answer))
    }

    /// The wall-clock limit of each request.
    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Sends `request` (a JSON object) and waits for its answer, within the wall-clock limit.
    pub(crate) fn ask(&mut self, request: &impl Serialize) -> Result<Value, PythonError> {
        self.ask_within(request, self.timeout)
    }

    /// Sends `request` (a JSON object) with a fresh nonce and waits for its answer, within
    /// `timeout`: the answer without the nonce, which it must carry. A request that runs out
    /// of time ends the session, whatever the harness answers to the signal; so does an answer
    /// that is not the harness's.
    pub(crate) fn ask_within(
        &mut self,
        request: &impl Serialize,
        timeout: Duration,
    ) -> Result<Value, PythonError> {
        if let Some(reason) = &self.ended {
            return Err(PythonError::Crashed(reason.clone()));
        }
        let scratch = |e: serde_json::Error| PythonError::Scratch(io::Error::other(e));
        let Value::Object(mut request) = serde_json::to_value(request).map_err(scratch)? else {
            return Err(scratch(serde::ser::Error::custom("a request is an object")));
        };
        let nonce = format!("{:032x}", rand::random::<u128>());
        request.insert("nonce".to_string(), Value::String(nonce.clone()));
        let mut line = serde_json::to_vec(&request).map_err(scratch)?;
        line.push(b'\n');
        if self
            .requests
            .write_all(&line)
            .and_then(|()| self.requests.flush())
            .is_err()
        {
            return Err(self.crashed());
        }
        let line = match self.answers.recv_timeout(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            Err(RecvTimeoutError::Timeout) => {
                if let Ok(pid) = libc::pid_t::try_from(self.child.id()) {
                    // SAFETY: kill only sends a signal to the child (the supervisor, which
                    // passes it on to the harness), not yet waited for, so its pid is not
                    // reused.
                    unsafe {
                        libc::kill(pid, libc::SIGUSR1);
                    }
                }
                let answer = self.answers.recv_timeout(GRACE);
                self.end("it was stopped when a request ran out of time");
                answer.map_err(|_| PythonError::TimedOut(timeout))?
            }
        };
        let mut answer = match serde_json::from_str(&line) {
            Ok(Value::Object(answer)) => answer,
            Ok(_) => return Err(self.garbled("an answer that is no object".to_string())),
            Err(error) => return Err(self.garbled(error.to_string())),
        };
        if answer.remove("nonce") != Some(Value::String(nonce)) {
            self.end("it sent an answer that was not the harness's");
            return Err(PythonError::Forged(
                "a line on its channel to swine did not carry the nonce of the request it \
                 answered: the strategy wrote it, not the harness (forged)"
                    .to_string(),
            ));
        }
        Ok(Value::Object(answer))
    }

    /// The harness sent a line that is no answer (`why`): the session ends.
    fn garbled(&mut self, why: String) -> PythonError {
        self.end("it sent a line that is no answer");
        PythonError::Garbled(why)
    }

    /// The harness closed its channel: how it ended (it is given a moment to exit).
    fn crashed(&mut self) -> PythonError {
        let began = Instant::now();
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if began.elapsed() < GRACE => std::thread::sleep(POLL),
                _ => break None,
            }
        };
        let reason = status.map_or_else(
            || "it closed its channel to swine".to_string(),
            describe_status,
        );
        self.end(&reason);
        PythonError::Crashed(reason)
    }

    /// Stops the harness, what it started and its orphans, once; later requests fail with
    /// `reason`.
    fn end(&mut self, reason: &str) {
        if self.ended.is_some() {
            return;
        }
        let pid = self.child.id();
        isolate::stop(&mut self.child);
        reaper::finished(pid);
        self.ended = Some(reason.to_string());
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.end("ended");
    }
}
