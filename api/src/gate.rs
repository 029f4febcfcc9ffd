//! A gate for costly work run off the async workers (decision 93): at most so many at once on
//! the blocking pool, a bounded number waiting for a turn, and a refusal instead of an
//! unbounded queue — what a flood of requests, or one hostile request repeated, can cost is
//! then bounded by the gate, not by the flood. Password hashes pass one gate (`auth::flood`),
//! spreadsheet parsing and PDF rendering another (`AppState::heavy`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

use model::Msg;

use crate::error::ApiError;

/// The work was refused: too many wait already, or its turn did not come in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Full;

pub struct Gate {
    name: &'static str,
    permits: Semaphore,
    waiting: AtomicUsize,
    queue: usize,
    wait: Duration,
}

impl Gate {
    /// `at_once` run together, `queue` more may wait up to `wait` each.
    pub fn new(name: &'static str, at_once: usize, queue: usize, wait: Duration) -> Self {
        Gate {
            name,
            permits: Semaphore::new(at_once.max(1)),
            waiting: AtomicUsize::new(0),
            queue,
            wait,
        }
    }

    /// Two per core at once and sixteen per core waiting up to `wait`.
    pub fn per_core(name: &'static str, wait: Duration) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Gate::new(name, 2 * cores, 16 * cores, wait)
    }

    /// Runs `work` on the blocking pool when its turn comes, or refuses it.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Result<T, ApiError>, Full> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            metrics::counter!("gate_refused_total", "gate" => self.name).increment(1);
            return Err(Full);
        }
        let permit = tokio::time::timeout(self.wait, self.permits.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Ok(Ok(_permit)) = permit else {
            metrics::counter!("gate_refused_total", "gate" => self.name).increment(1);
            return Err(Full);
        };
        Ok(tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("{} stopped: {e}", self.name))))
    }

    /// Runs `work` as `run` does; a refusal is the 503 "busy with other documents and imports".
    pub async fn run_or_busy<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.run(work)
            .await
            .map_err(|_| ApiError::Busy(Msg::new("server.busyWorking").arg("seconds", 5), 5))?
    }

    /// Work waiting for a turn now (for tests and metrics).
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Turns free now.
    pub fn free(&self) -> usize {
        self.permits.available_permits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_beyond_the_turns_and_the_queue_is_refused() {
        let gate = std::sync::Arc::new(Gate::new("test", 1, 1, Duration::from_millis(200)));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let first = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.run(move || rx.recv().ok()).await })
        };
        while gate.free() > 0 {
            tokio::task::yield_now().await;
        }
        // One may wait (and times out after 200 ms); a third is refused at once.
        let second = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.run(|| ()).await })
        };
        while gate.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(gate.run(|| ()).await.err(), Some(Full), "the queue is full");
        assert_eq!(
            second.await.unwrap().err(),
            Some(Full),
            "its turn did not come in time"
        );
        tx.send(()).unwrap();
        assert!(first.await.unwrap().is_ok());
        assert_eq!(gate.run(|| 7).await.unwrap().unwrap(), 7);
    }
}
