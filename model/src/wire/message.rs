//! A message of any kind, as a consumer holds it: decoded by the kind of its subject, with what
//! every consumer asks of it (its line, kind, sample count and newest time).

use chrono::{DateTime, Utc};

use super::*;

/// `$body` with `$e` bound to the message's envelope, whatever its kind: one match for every
/// consumer that treats the kinds alike (its samples, its line, its times).
#[macro_export]
macro_rules! on_message {
    ($m:expr, $e:ident => $body:expr) => {
        match $m {
            $crate::wire::Message::Weighing($e) => $body,
            $crate::wire::Message::Mixing($e) => $body,
            $crate::wire::Message::Process($e) => $body,
            $crate::wire::Message::Pressure($e) => $body,
            $crate::wire::Message::Alarm($e) => $body,
            $crate::wire::Message::State($e) => $body,
            $crate::wire::Message::Batch($e) => $body,
            $crate::wire::Message::Bin($e) => $body,
            $crate::wire::Message::Calibration($e) => $body,
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
        fn of<T: Sample>(_: &Envelope<T>) -> Kind {
            T::KIND
        }
        crate::on_message!(self, e => of(e))
    }

    /// How many samples the message holds, and the newest one's time.
    pub fn span(&self) -> (usize, Option<DateTime<Utc>>) {
        fn of<T: Sample>(s: &[T]) -> (usize, Option<DateTime<Utc>>) {
            (s.len(), s.iter().map(Sample::time).max())
        }
        crate::on_message!(self, e => of(&e.samples))
    }

    /// The line the message came from.
    pub fn line_id(&self) -> &str {
        crate::on_message!(self, e => &e.line_id)
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
        crate::on_message!(self, e => of(&e.samples, window, now))
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
