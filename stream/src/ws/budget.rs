//! A live connection's budget for the frames its client sends (decision 95): a token bucket of
//! `FRAMES_PER_SECOND` after a burst of `FRAME_BURST`; past `IGNORED_BEFORE_CLOSE` ignored
//! frames the connection is closed as abusive.

/// Frames a client may send per second once its burst is spent.
pub const FRAMES_PER_SECOND: f64 = 10.0;
pub const FRAME_BURST: f64 = 20.0;
/// Frames ignored before the connection is closed as abusive.
pub(super) const IGNORED_BEFORE_CLOSE: u32 = 200;

/// A token bucket for the frames a client sends.
pub(super) struct FrameBudget {
    tokens: f64,
    at: tokio::time::Instant,
    pub(super) ignored: u32,
    pub(super) told: bool,
}

impl FrameBudget {
    pub(super) fn new() -> Self {
        FrameBudget {
            tokens: FRAME_BURST,
            at: tokio::time::Instant::now(),
            ignored: 0,
            told: false,
        }
    }

    /// Whether the next frame may be taken.
    pub(super) fn take(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        self.tokens =
            (self.tokens + (now - self.at).as_secs_f64() * FRAMES_PER_SECOND).min(FRAME_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.told = false;
            true
        } else {
            self.ignored += 1;
            false
        }
    }
}
