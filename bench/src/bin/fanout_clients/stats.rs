//! What the readers of `batchline-fanout-clients` share: whether a measurement window is open,
//! its latency histogram (fixed buckets, so 10,000 readers add to it without a lock), and the
//! count of open and closed sockets.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Latency buckets of 0.1 ms up to 60 s; the last one takes everything above.
const BUCKET_US: u64 = 100;
const BUCKETS: usize = 600_000;

pub struct Stats {
    pub recording: AtomicBool,
    buckets: Vec<AtomicU64>,
    max_us: AtomicU64,
    pub live: AtomicU64,
    pub closed: AtomicU64,
    pub too_slow: AtomicU64,
}

impl Stats {
    pub fn new() -> Self {
        Stats {
            recording: AtomicBool::new(false),
            buckets: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect(),
            max_us: AtomicU64::new(0),
            live: AtomicU64::new(0),
            closed: AtomicU64::new(0),
            too_slow: AtomicU64::new(0),
        }
    }

    pub fn record(&self, us: i64) {
        let us = us.max(0) as u64;
        let i = ((us / BUCKET_US) as usize).min(BUCKETS - 1);
        self.buckets[i].fetch_add(1, Relaxed);
        self.max_us.fetch_max(us, Relaxed);
    }

    /// Count, p50, p99 and max (ms) of what was recorded, starting again from zero. A
    /// percentile is the upper edge of its 0.1 ms bucket.
    pub fn take(&self) -> (u64, f64, f64, f64) {
        let counts: Vec<u64> = self.buckets.iter().map(|b| b.swap(0, Relaxed)).collect();
        let max = self.max_us.swap(0, Relaxed) as f64 / 1000.0;
        let n: u64 = counts.iter().sum();
        let at = |p: f64| {
            if n == 0 {
                return f64::NAN;
            }
            let rank = ((n - 1) as f64 * p).round() as u64;
            let mut seen = 0;
            for (i, c) in counts.iter().enumerate() {
                seen += c;
                if seen > rank {
                    return (((i as u64 + 1) * BUCKET_US) as f64 / 1000.0).min(max);
                }
            }
            max
        };
        (n, at(0.5), at(0.99), max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_come_from_the_histogram_and_it_starts_again_empty() {
        let stats = Stats::new();
        (1..=100).for_each(|ms| stats.record(ms * 1000));
        let (n, p50, p99, max) = stats.take();
        // Each value sits at the lower edge of its bucket, so it reads 0.1 ms higher.
        assert_eq!((n, p50, p99, max), (100, 51.1, 99.1, 100.0));
        assert_eq!(stats.take().0, 0);
    }
}
