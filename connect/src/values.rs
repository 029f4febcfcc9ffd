//! From a plant's value to a line's sample (pure): a number becomes a process value or a
//! pressure reading unless it moved less than the tag's deadband; an alarm tag raises its alarm
//! when it becomes active and clears it when it returns; a state tag's value is looked up in its
//! value map. What the wire format would refuse (NaN, infinite, out of range, a type the tag
//! cannot read) is refused here and counted, never published.

use chrono::{DateTime, Utc};
use model::connect::{Tag, TagKind};
use model::wire::{
    Alarm, AlarmState, Envelope, LineState, Pressure, ProcessSample, Sample, Severity,
};
use uuid::Uuid;

/// A value as the plant gave it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Number(f64),
    Bool(bool),
    Text(String),
}

/// What one tag's last value was, to judge the next.
#[derive(Debug, Clone, PartialEq)]
enum Last {
    Nothing,
    Number(f64),
    Active(bool),
    State(String),
}

/// The samples of one publishing cycle, one message per kind.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Cycle {
    pub process: Vec<ProcessSample>,
    pub pressure: Vec<Pressure>,
    pub alarms: Vec<Alarm>,
    pub states: Vec<LineState>,
}

impl Cycle {
    pub fn len(&self) -> usize {
        self.process.len() + self.pressure.len() + self.alarms.len() + self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cycle's messages for `line`, each kind in its own envelope.
    pub fn envelopes(self, line: &str) -> Envelopes {
        Envelopes {
            process: (!self.process.is_empty()).then(|| Envelope::new(line, self.process)),
            pressure: (!self.pressure.is_empty()).then(|| Envelope::new(line, self.pressure)),
            alarms: (!self.alarms.is_empty()).then(|| Envelope::new(line, self.alarms)),
            states: (!self.states.is_empty()).then(|| Envelope::new(line, self.states)),
        }
    }
}

/// A cycle's messages.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelopes {
    pub process: Option<Envelope<ProcessSample>>,
    pub pressure: Option<Envelope<Pressure>>,
    pub alarms: Option<Envelope<Alarm>>,
    pub states: Option<Envelope<LineState>>,
}

/// Why a value was not published: the tag's status as the status call shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused(pub String);

/// The tags of one connection and what each last said.
#[derive(Debug, Clone)]
pub struct Mapper {
    tags: Vec<Tag>,
    last: Vec<Last>,
}

impl Mapper {
    pub fn new(tags: Vec<Tag>) -> Mapper {
        let last = vec![Last::Nothing; tags.len()];
        Mapper { tags, last }
    }

    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// Adds tag `i`'s value at `time` to `cycle`; `Ok(false)` when it says nothing new (inside
    /// the deadband, an alarm or state unchanged).
    pub fn map(
        &mut self,
        i: usize,
        value: Value,
        time: DateTime<Utc>,
        cycle: &mut Cycle,
    ) -> Result<bool, Refused> {
        let Some(tag) = self.tags.get(i) else {
            return Err(Refused("BadUnknownTag".into()));
        };
        match tag.kind {
            TagKind::Process | TagKind::Pressure => {
                let x = number(&value)?;
                if let (Last::Number(prev), Some(band)) = (&self.last[i], tag.deadband)
                    && (x - prev).abs() < band
                {
                    return Ok(false);
                }
                if tag.kind == TagKind::Process {
                    let s = ProcessSample {
                        id: Uuid::now_v7(),
                        time,
                        batch_id: None,
                        parameter_code: tag.code.clone(),
                        value: x,
                    };
                    checked(&s)?;
                    cycle.process.push(s);
                } else {
                    // A generic pressure tag has no setpoint of its own: the reading is its
                    // own setpoint (the batching interface carries the real one).
                    let s = Pressure {
                        id: Uuid::now_v7(),
                        time,
                        batch_id: None,
                        material_code: None,
                        sensor: tag.code.clone(),
                        pressure_bar: x,
                        setpoint_bar: x,
                    };
                    checked(&s)?;
                    cycle.pressure.push(s);
                }
                self.last[i] = Last::Number(x);
            }
            TagKind::Alarm => {
                let active = match value {
                    Value::Bool(b) => b,
                    Value::Number(x) if x.is_finite() && x.fract() == 0.0 => x != 0.0,
                    _ => return Err(Refused("BadTypeMismatch".into())),
                };
                let was = matches!(self.last[i], Last::Active(true));
                self.last[i] = Last::Active(active);
                if active == was {
                    return Ok(false);
                }
                let s = Alarm {
                    id: Uuid::now_v7(),
                    time,
                    batch_id: None,
                    code: tag.code.clone(),
                    severity: tag.severity.unwrap_or(Severity::Warning),
                    message: tag.message.clone().unwrap_or_else(|| tag.code.clone()),
                    state: if active {
                        AlarmState::Raised
                    } else {
                        AlarmState::Cleared
                    },
                    cleared_at: (!active).then_some(time),
                };
                checked(&s)?;
                cycle.alarms.push(s);
            }
            TagKind::State => {
                let key = match value {
                    Value::Text(t) => t.trim().to_string(),
                    Value::Number(x) if x.is_finite() && x.fract() == 0.0 => format!("{x:.0}"),
                    Value::Bool(b) => u8::from(b).to_string(),
                    Value::Number(_) => return Err(Refused("BadTypeMismatch".into())),
                };
                let Some(state) = tag.value_map.as_ref().and_then(|m| m.get(&key)) else {
                    return Err(Refused(format!(
                        "BadOutOfRange: {key} is not in the value map"
                    )));
                };
                if self.last[i] == Last::State(key.clone()) {
                    return Ok(false);
                }
                self.last[i] = Last::State(key);
                cycle.states.push(LineState {
                    id: Uuid::now_v7(),
                    time,
                    state: *state,
                    stop_reason_id: None,
                });
            }
        }
        Ok(true)
    }
}

fn number(v: &Value) -> Result<f64, Refused> {
    match v {
        Value::Number(x) if x.is_nan() => Err(Refused("BadNaN".into())),
        Value::Number(x) if x.is_infinite() => Err(Refused("BadInfinite".into())),
        Value::Number(x) => Ok(*x),
        _ => Err(Refused("BadTypeMismatch".into())),
    }
}

fn checked<T: Sample>(s: &T) -> Result<(), Refused> {
    s.check()
        .map_err(|e| Refused(format!("BadOutOfRange: {e}")))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use model::wire::LineStateKind;

    use super::*;

    fn tag(kind: TagKind, code: &str) -> Tag {
        Tag {
            kind,
            node_id: format!("ns=2;s={code}"),
            code: code.into(),
            deadband: None,
            severity: None,
            message: None,
            value_map: None,
            ack_node_id: None,
        }
    }

    #[test]
    fn numbers_pass_their_deadband_and_bad_numbers_are_refused() {
        let mut t = tag(TagKind::Process, "MIXER_POWER_KW");
        t.deadband = Some(0.5);
        let mut m = Mapper::new(vec![t, tag(TagKind::Pressure, "P1")]);
        let mut c = Cycle::default();
        let now = Utc::now();
        assert_eq!(m.map(0, Value::Number(10.0), now, &mut c), Ok(true));
        assert_eq!(m.map(0, Value::Number(10.4), now, &mut c), Ok(false));
        assert_eq!(m.map(0, Value::Number(10.6), now, &mut c), Ok(true));
        assert_eq!(
            m.map(0, Value::Number(f64::NAN), now, &mut c),
            Err(Refused("BadNaN".into()))
        );
        assert_eq!(
            m.map(1, Value::Number(f64::INFINITY), now, &mut c),
            Err(Refused("BadInfinite".into()))
        );
        assert!(m.map(1, Value::Text("x".into()), now, &mut c).is_err());
        assert!(
            m.map(1, Value::Number(1e9), now, &mut c).is_err(),
            "out of the bar range"
        );
        assert_eq!(m.map(1, Value::Number(2.5), now, &mut c), Ok(true));
        assert_eq!(
            c.process.iter().map(|p| p.value).collect::<Vec<_>>(),
            [10.0, 10.6]
        );
        assert_eq!(c.pressure[0].sensor, "P1");
        let e = c.envelopes("L1");
        assert_eq!(e.process.unwrap().samples.len(), 2);
        assert!(e.alarms.is_none());
    }

    #[test]
    fn an_alarm_is_raised_when_it_becomes_active_and_cleared_when_it_returns() {
        let mut m = Mapper::new(vec![tag(TagKind::Alarm, "OVERLOAD")]);
        let mut c = Cycle::default();
        let now = Utc::now();
        assert_eq!(m.map(0, Value::Bool(false), now, &mut c), Ok(false));
        assert_eq!(m.map(0, Value::Number(3.0), now, &mut c), Ok(true));
        assert_eq!(m.map(0, Value::Bool(true), now, &mut c), Ok(false));
        assert_eq!(m.map(0, Value::Number(0.0), now, &mut c), Ok(true));
        assert!(m.map(0, Value::Number(0.5), now, &mut c).is_err());
        let states: Vec<_> = c.alarms.iter().map(|a| a.state).collect();
        assert_eq!(states, [AlarmState::Raised, AlarmState::Cleared]);
        assert_eq!(c.alarms[0].severity, Severity::Warning);
        assert_eq!(c.alarms[1].cleared_at, Some(now));
    }

    #[test]
    fn a_state_is_looked_up_in_its_value_map() {
        let mut t = tag(TagKind::State, "LINE");
        t.value_map = Some(BTreeMap::from([
            ("0".into(), LineStateKind::Stopped),
            ("1".into(), LineStateKind::Running),
            ("RUN".into(), LineStateKind::Running),
        ]));
        let mut m = Mapper::new(vec![t]);
        let mut c = Cycle::default();
        let now = Utc::now();
        assert_eq!(m.map(0, Value::Number(1.0), now, &mut c), Ok(true));
        assert_eq!(m.map(0, Value::Number(1.0), now, &mut c), Ok(false));
        assert_eq!(m.map(0, Value::Number(0.0), now, &mut c), Ok(true));
        assert_eq!(m.map(0, Value::Text("RUN".into()), now, &mut c), Ok(true));
        assert!(m.map(0, Value::Number(7.0), now, &mut c).is_err());
        let states: Vec<_> = c.states.iter().map(|s| s.state).collect();
        assert_eq!(
            states,
            [
                LineStateKind::Running,
                LineStateKind::Stopped,
                LineStateKind::Running
            ]
        );
    }
}
