//! One fetched batch of messages, decoded into rows per kind, plus the messages that could not
//! be read (for the quarantine).

use std::collections::HashSet;

use chrono::Utc;
use model::wire::{self, Envelope, Message, Sample, Window};
use uuid::Uuid;

/// A message that could not be read, kept with its raw bytes.
#[derive(Debug, Clone)]
pub struct Quarantined {
    pub subject: String,
    pub stream_sequence: Option<i64>,
    pub raw: Vec<u8>,
    pub reason: String,
}

impl Quarantined {
    /// A quarantined message; its subject and reason made storable as text (no NUL, at most
    /// 2,000 characters), whatever they held.
    pub fn new(subject: &str, stream_sequence: Option<u64>, raw: &[u8], reason: String) -> Self {
        Quarantined {
            subject: storable(subject, 500),
            stream_sequence: stream_sequence.map(|s| s as i64),
            raw: raw.to_vec(),
            reason: storable(&reason, 2000),
        }
    }
}

fn storable(text: &str, chars: usize) -> String {
    text.chars()
        .take(chars)
        .map(|c| if c == '\0' { '\u{fffd}' } else { c })
        .collect()
}

/// The samples of one batch, by kind, each with its line id. Samples repeated within the batch
/// (a redelivery that arrived next to the original) are kept once.
#[derive(Debug, Default)]
pub struct Rows {
    pub weighing: Vec<(String, wire::Weighing)>,
    pub mixing: Vec<(String, wire::Mixing)>,
    pub process: Vec<(String, wire::ProcessSample)>,
    pub pressure: Vec<(String, wire::Pressure)>,
    pub alarm: Vec<(String, wire::Alarm)>,
    pub state: Vec<(String, wire::LineState)>,
    pub batch: Vec<(String, wire::BatchEvent)>,
    pub bin: Vec<(String, wire::BinMovement)>,
    pub calibration: Vec<(String, wire::Calibration)>,
    pub quarantine: Vec<Quarantined>,
    seen: HashSet<Uuid>,
}

impl Rows {
    /// Decodes one message into its rows, or quarantines it: a message that cannot be read,
    /// holds a value beyond its field's limit or a time outside the window around now
    /// (`wire::check`).
    pub fn add(&mut self, subject: &str, stream_sequence: Option<u64>, payload: &[u8]) {
        match Message::accept(subject, payload, &Window::default(), Utc::now()) {
            Ok(m) => self.push(m),
            Err(reason) => {
                self.quarantine
                    .push(Quarantined::new(subject, stream_sequence, payload, reason))
            }
        }
    }

    fn push(&mut self, m: Message) {
        fn take<T: Sample>(seen: &mut HashSet<Uuid>, into: &mut Vec<(String, T)>, e: Envelope<T>) {
            let line = e.line_id;
            into.extend(
                e.samples
                    .into_iter()
                    .filter(|s| seen.insert(s.id()))
                    .map(|s| (line.clone(), s)),
            );
        }
        let seen = &mut self.seen;
        match m {
            Message::Weighing(e) => take(seen, &mut self.weighing, e),
            Message::Mixing(e) => take(seen, &mut self.mixing, e),
            Message::Process(e) => take(seen, &mut self.process, e),
            Message::Pressure(e) => take(seen, &mut self.pressure, e),
            Message::Alarm(e) => take(seen, &mut self.alarm, e),
            Message::State(e) => take(seen, &mut self.state, e),
            Message::Batch(e) => take(seen, &mut self.batch, e),
            Message::Bin(e) => take(seen, &mut self.bin, e),
            Message::Calibration(e) => take(seen, &mut self.calibration, e),
        }
    }

    /// Number of samples (not counting quarantined messages).
    pub fn samples(&self) -> usize {
        self.weighing.len()
            + self.mixing.len()
            + self.process.len()
            + self.pressure.len()
            + self.alarm.len()
            + self.state.len()
            + self.batch.len()
            + self.bin.len()
            + self.calibration.len()
    }
}
