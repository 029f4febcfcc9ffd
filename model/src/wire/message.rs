//! A message of any kind, as a consumer holds it: decoded by the kind of its subject, with what
//! every consumer asks of it (its line, kind, sample count and newest time).

use chrono::{DateTime, Utc};

use super::*;

/// `$body` with `$e` bound to the envelope, whatever the kind.
macro_rules! each {
    ($m:expr, $e:ident => $body:expr) => {
        match $m {
            Message::Weighing($e) => $body,
            Message::Mixing($e) => $body,
            Message::Process($e) => $body,
            Message::Pressure($e) => $body,
            Message::Alarm($e) => $body,
            Message::State($e) => $body,
            Message::Batch($e) => $body,
            Message::Bin($e) => $body,
            Message::Calibration($e) => $body,
        }
    };
}

/// Any message, decoded by the kind of its subject.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Weighing(Envelope<Weighing>),
    Mixing(Envelope<Mixing>),
    Process(Envelope<ProcessSample>),
    Pressure(Envelope<Pressure>),
    Alarm(Envelope<Alarm>),
    State(Envelope<LineState>),
    Batch(Envelope<BatchEvent>),
    Bin(Envelope<BinMovement>),
    Calibration(Envelope<Calibration>),
}

impl Message {
    /// The kind of its samples.
    pub fn kind(&self) -> Kind {
        match self {
            Message::Weighing(_) => Kind::Weighing,
            Message::Mixing(_) => Kind::Mixing,
            Message::Process(_) => Kind::Process,
            Message::Pressure(_) => Kind::Pressure,
            Message::Alarm(_) => Kind::Alarm,
            Message::State(_) => Kind::State,
            Message::Batch(_) => Kind::Batch,
            Message::Bin(_) => Kind::Bin,
            Message::Calibration(_) => Kind::Calibration,
        }
    }

    /// How many samples the message holds, and the newest one's time.
    pub fn span(&self) -> (usize, Option<DateTime<Utc>>) {
        fn of<T: Sample>(s: &[T]) -> (usize, Option<DateTime<Utc>>) {
            (s.len(), s.iter().map(Sample::time).max())
        }
        each!(self, e => of(&e.samples))
    }

    /// The line the message came from.
    pub fn line_id(&self) -> &str {
        each!(self, e => &e.line_id)
    }

    /// Every time of every sample within `window` around `now`; the error is the quarantine
    /// reason.
    pub fn check_times(&self, window: &Window, now: DateTime<Utc>) -> Result<(), String> {
        fn of<T: Sample>(s: &[T], w: &Window, now: DateTime<Utc>) -> Result<(), String> {
            s.iter().enumerate().try_for_each(|(i, x)| {
                x.check_times(w, now)
                    .map_err(|e| format!("samples[{i}].{e}"))
            })
        }
        each!(self, e => of(&e.samples, window, now))
    }

    /// A message decoded (`decode`) whose times are within `window` around `now`: what a
    /// consumer takes.
    pub fn accept(
        subject: &str,
        bytes: &[u8],
        window: &Window,
        now: DateTime<Utc>,
    ) -> Result<Message, String> {
        let m = Message::decode(subject, bytes)?;
        m.check_times(window, now)?;
        Ok(m)
    }

    /// Decodes a message that arrived on `subject`; the error is the quarantine reason.
    pub fn decode(subject: &str, bytes: &[u8]) -> Result<Message, String> {
        let (line, kind) =
            parse_subject(subject).ok_or_else(|| format!("not a plant subject: {subject}"))?;
        Ok(match kind {
            Kind::Weighing => Message::Weighing(Envelope::decode(line, bytes)?),
            Kind::Mixing => Message::Mixing(Envelope::decode(line, bytes)?),
            Kind::Process => Message::Process(Envelope::decode(line, bytes)?),
            Kind::Pressure => Message::Pressure(Envelope::decode(line, bytes)?),
            Kind::Alarm => Message::Alarm(Envelope::decode(line, bytes)?),
            Kind::State => Message::State(Envelope::decode(line, bytes)?),
            Kind::Batch => Message::Batch(Envelope::decode(line, bytes)?),
            Kind::Bin => Message::Bin(Envelope::decode(line, bytes)?),
            Kind::Calibration => Message::Calibration(Envelope::decode(line, bytes)?),
        })
    }
}
