//! A message of any kind, as a consumer holds it: decoded by the kind of its subject, with what
//! every consumer asks of it (its line, kind, sample count and newest time).

use chrono::{DateTime, Utc};

use super::*;

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
        match self {
            Message::Weighing(e) => of(&e.samples),
            Message::Mixing(e) => of(&e.samples),
            Message::Process(e) => of(&e.samples),
            Message::Pressure(e) => of(&e.samples),
            Message::Alarm(e) => of(&e.samples),
            Message::State(e) => of(&e.samples),
            Message::Batch(e) => of(&e.samples),
            Message::Bin(e) => of(&e.samples),
            Message::Calibration(e) => of(&e.samples),
        }
    }

    /// The line the message came from.
    pub fn line_id(&self) -> &str {
        match self {
            Message::Weighing(e) => &e.line_id,
            Message::Mixing(e) => &e.line_id,
            Message::Process(e) => &e.line_id,
            Message::Pressure(e) => &e.line_id,
            Message::Alarm(e) => &e.line_id,
            Message::State(e) => &e.line_id,
            Message::Batch(e) => &e.line_id,
            Message::Bin(e) => &e.line_id,
            Message::Calibration(e) => &e.line_id,
        }
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
