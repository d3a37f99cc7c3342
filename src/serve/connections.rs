//! The server's connections: each served in a task of its own (a slow client holds up nobody
//! else), at most [`MOST_CONNECTIONS`] at once (more wait to be accepted until one ends), and
//! each cut off where its client stalls: a request head not in within [`HEAD_TIME`], or an
//! answer its client takes no byte of for the write timeout.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use anyhow::Result;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::Sleep;

/// The most connections served at once: a connection past them waits to be accepted until
/// one ends (and a client that stalls is cut off, so one does).
pub(super) const MOST_CONNECTIONS: usize = 256;

/// The longest wait for a request's head, or for the next request on an open connection: then
/// the connection is closed.
pub(super) const HEAD_TIME: Duration = Duration::from_secs(10);

/// The longest an answer may wait for its client to take the next byte: then the connection
/// is closed, and what the answer held is let go.
const WRITE_TIME: Duration = Duration::from_secs(10);

/// The environment variable that sets the write timeout in seconds (a decimal) instead of
/// [`WRITE_TIME`]: for the tests, which cut stalled readers off in a second, not ten.
const WRITE_TIME_VARIABLE: &str = "SWINE_SERVE_WRITE_TIMEOUT";

/// The write timeout: [`WRITE_TIME`], or the seconds [`WRITE_TIME_VARIABLE`] gives.
fn write_time() -> Duration {
    std::env::var(WRITE_TIME_VARIABLE)
        .ok()
        .and_then(|text| Duration::try_from_secs_f64(text.trim().parse().ok()?).ok())
        .unwrap_or(WRITE_TIME)
}

/// Serves each connection `listener` accepts with `app`, in a task of its own, at most
/// [`MOST_CONNECTIONS`] at once.
pub(super) async fn accept(listener: std::net::TcpListener, app: Router) -> Result<()> {
    let listener = TcpListener::from_std(listener)?;
    let open = Arc::new(Semaphore::new(MOST_CONNECTIONS));
    let write_time = write_time();
    loop {
        let Ok(permit) = Arc::clone(&open).acquire_owned().await else {
            return Ok(());
        };
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, most likely: let connections end before accepting more.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            // A connection's failing is its client's doing (a malformed or stalled request, a
            // hang-up, an answer not read): hyper has already answered what can be answered.
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .serve_connection(TokioIo::new(Stalling::new(stream, write_time)), service)
                .await;
            drop(permit);
        });
    }
}

/// A connection whose writes fail (`TimedOut`) once one has waited `limit` for its client to
/// take a byte: hyper then closes it.
struct Stalling {
    stream: TcpStream,
    limit: Duration,
    /// When the write waiting now gives up, while one waits.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl Stalling {
    fn new(stream: TcpStream, limit: Duration) -> Stalling {
        Stalling {
            stream,
            limit,
            deadline: None,
        }
    }

    /// `polled`, a write's (or flush's) progress: done, it clears the deadline; waiting, it
    /// sets one if none is set, and fails once that has passed.
    fn timed<T>(
        &mut self,
        context: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.deadline = None;
            return polled;
        }
        let limit = self.limit;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match deadline.as_mut().poll(context) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took none of the answer in time",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Stalling {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(context, buffer)
    }
}

impl AsyncWrite for Stalling {
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write(context, buffer);
        this.timed(context, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffers: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write_vectored(context, buffers);
        this.timed(context, polled)
    }

    /// Vectored, as the stream is: hyper then queues an answer's body as it is rather than
    /// copying it into a buffer of each connection's own.
    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_flush(context);
        this.timed(context, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_shutdown(context);
        this.timed(context, polled)
    }
}
