//! Store and forward (issue 32, item 7): the messages of a connection that NATS cannot take now,
//! kept on disk in order and sent with their ids when it can again. A directory per connection
//! holds numbered segment files (`<n>.log`, each record `[u32 header length][header JSON][u32
//! payload length][payload]`) and `head` (the segment and offset of the first unsent record).
//! The whole is bounded by bytes: a record that does not fit is refused and counted, never
//! dropped silently. A record may be sent twice after a crash between its acknowledgement and
//! the `head` update; its `Nats-Msg-Id` and the sample ids make the second copy a no-op.

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// A segment is closed for writing at this size.
const SEGMENT_BYTES: u64 = 16 << 20;

/// One message to publish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub subject: String,
    /// Its `Nats-Msg-Id` (the envelope's id).
    pub id: String,
    /// How many samples it holds (the status's `buffered` counts samples).
    pub samples: u32,
    #[serde(skip)]
    pub payload: bytes::Bytes,
}

impl Record {
    fn size(&self, header: &[u8]) -> u64 {
        8 + header.len() as u64 + self.payload.len() as u64
    }
}

/// The outbox of one connection.
pub struct Outbox {
    dir: PathBuf,
    max_bytes: u64,
    /// Segment numbers on disk, oldest first.
    segments: VecDeque<u64>,
    /// The first unsent record: its segment and offset.
    head: (u64, u64),
    /// The segment being written, and its length.
    tail: Option<(File, u64)>,
    bytes: u64,
    samples: u64,
    records: u64,
}

fn segment_path(dir: &Path, n: u64) -> PathBuf {
    dir.join(format!("{n:012}.log"))
}

/// Reads one record at the reader's position; `None` at the end (or a record cut short by a
/// crash while it was written).
fn read_record(r: &mut impl Read) -> io::Result<Option<(Record, u64)>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let mut header = vec![0u8; u32::from_le_bytes(len) as usize];
    let mut payload_len = [0u8; 4];
    if r.read_exact(&mut header).is_err() || r.read_exact(&mut payload_len).is_err() {
        return Ok(None);
    }
    let mut payload = vec![0u8; u32::from_le_bytes(payload_len) as usize];
    if r.read_exact(&mut payload).is_err() {
        return Ok(None);
    }
    let Ok(mut record) = serde_json::from_slice::<Record>(&header) else {
        return Ok(None);
    };
    let size = 8 + header.len() as u64 + payload.len() as u64;
    record.payload = payload.into();
    Ok(Some((record, size)))
}

impl Outbox {
    /// The outbox in `dir` (made when missing), with what an earlier run left unsent.
    pub fn open(dir: &Path, max_bytes: u64) -> io::Result<Outbox> {
        std::fs::create_dir_all(dir)?;
        let mut segments: Vec<u64> = std::fs::read_dir(dir)?
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name();
                let name = name.to_str()?;
                name.strip_suffix(".log")?.parse().ok()
            })
            .collect();
        segments.sort_unstable();
        let head = std::fs::read_to_string(dir.join("head"))
            .ok()
            .and_then(|s| {
                let (a, b) = s.trim().split_once(' ')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            })
            .unwrap_or((segments.first().copied().unwrap_or(0), 0));
        // Segments before the head were sent.
        for n in segments.iter().filter(|n| **n < head.0) {
            let _ = std::fs::remove_file(segment_path(dir, *n));
        }
        segments.retain(|n| *n >= head.0);
        let mut o = Outbox {
            dir: dir.to_path_buf(),
            max_bytes,
            segments: segments.into(),
            head,
            tail: None,
            bytes: 0,
            samples: 0,
            records: 0,
        };
        // Count what is left (one sequential read at start).
        for n in o.segments.clone() {
            let mut r = BufReader::new(File::open(segment_path(dir, n))?);
            if n == head.0 {
                r.seek(SeekFrom::Start(head.1))?;
            }
            while let Some((rec, size)) = read_record(&mut r)? {
                o.bytes += size;
                o.samples += u64::from(rec.samples);
                o.records += 1;
            }
        }
        if o.segments.is_empty() {
            o.head = (head.0.max(1), 0);
        }
        Ok(o)
    }

    pub fn is_empty(&self) -> bool {
        self.records == 0
    }

    /// Samples kept now.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Bytes kept now.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Keeps `r` after everything kept; `Ok(false)` when it does not fit (refused: count it).
    pub fn push(&mut self, r: &Record) -> io::Result<bool> {
        let header = serde_json::to_vec(r).map_err(io::Error::other)?;
        let size = r.size(&header);
        if self.bytes + size > self.max_bytes {
            return Ok(false);
        }
        let full = self
            .tail
            .as_ref()
            .is_none_or(|(_, len)| *len >= SEGMENT_BYTES);
        if full {
            let n = self.segments.back().map_or(self.head.0, |n| n + 1);
            let f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(segment_path(&self.dir, n))?;
            let len = f.metadata()?.len();
            if self.segments.back() != Some(&n) {
                self.segments.push_back(n);
            }
            self.tail = Some((f, len));
        }
        let (f, len) = self.tail.as_mut().expect("a tail segment");
        let mut buf = Vec::with_capacity(size as usize);
        buf.extend_from_slice(&(header.len() as u32).to_le_bytes());
        buf.extend_from_slice(&header);
        buf.extend_from_slice(&(r.payload.len() as u32).to_le_bytes());
        buf.extend_from_slice(&r.payload);
        f.write_all(&buf)?;
        *len += size;
        self.bytes += size;
        self.samples += u64::from(r.samples);
        self.records += 1;
        Ok(true)
    }

    /// Up to `n` of the oldest records, without taking them out.
    pub fn peek(&self, n: usize) -> io::Result<Vec<Record>> {
        let mut out = Vec::new();
        let mut at = self.head;
        for seg in self.segments.iter().copied() {
            if out.len() >= n {
                break;
            }
            let mut r = BufReader::new(File::open(segment_path(&self.dir, seg))?);
            if seg == at.0 {
                r.seek(SeekFrom::Start(at.1))?;
            }
            while out.len() < n {
                match read_record(&mut r)? {
                    Some((rec, _)) => out.push(rec),
                    None => break,
                }
            }
            at = (seg + 1, 0);
        }
        Ok(out)
    }

    /// Takes out the `n` oldest records (sent and acknowledged); a segment read to its end is
    /// removed.
    pub fn advance(&mut self, mut n: usize) -> io::Result<()> {
        while n > 0 {
            let Some(&seg) = self.segments.front() else {
                break;
            };
            let path = segment_path(&self.dir, seg);
            let mut r = BufReader::new(File::open(&path)?);
            r.seek(SeekFrom::Start(self.head.1))?;
            let mut offset = self.head.1;
            while n > 0 {
                match read_record(&mut r)? {
                    Some((rec, size)) => {
                        offset += size;
                        self.bytes -= size;
                        self.samples -= u64::from(rec.samples);
                        self.records -= 1;
                        n -= 1;
                    }
                    None => break,
                }
            }
            let writing = self.tail.is_some() && self.segments.len() == 1;
            let at_end = read_record(&mut r)?.is_none();
            if at_end && !writing {
                std::fs::remove_file(&path)?;
                self.segments.pop_front();
                self.head = (seg + 1, 0);
            } else {
                self.head = (seg, offset);
                if at_end {
                    break;
                }
            }
        }
        if self.records == 0 {
            // Everything was sent: start afresh (the tail segment is emptied).
            for seg in self.segments.drain(..) {
                let _ = std::fs::remove_file(segment_path(&self.dir, seg));
            }
            self.tail = None;
            self.head = (self.head.0 + 1, 0);
        }
        std::fs::write(
            self.dir.join("head"),
            format!("{} {}", self.head.0, self.head.1),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(i: u32) -> Record {
        Record {
            subject: format!("plant.L1.process.{i}"),
            id: format!("id-{i}"),
            samples: i % 3 + 1,
            payload: bytes::Bytes::from(vec![b'x'; 100 + i as usize]),
        }
    }

    fn scratch() -> PathBuf {
        let d = std::env::temp_dir().join(format!("batchline-outbox-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn records_come_out_in_order_across_restarts_and_the_bound_refuses_what_does_not_fit() {
        let dir = scratch();
        let mut o = Outbox::open(&dir, 10_000).unwrap();
        assert!(o.is_empty());
        let mut kept = 0;
        let mut refused = 0;
        for i in 0..100 {
            if o.push(&record(i)).unwrap() {
                kept += 1;
            } else {
                refused += 1;
            }
        }
        assert!(refused > 0 && kept > 0, "{kept} kept, {refused} refused");
        assert!(o.bytes() <= 10_000);
        let first: Vec<String> = o.peek(3).unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(first, ["id-0", "id-1", "id-2"]);
        o.advance(2).unwrap();
        let samples = o.samples();
        drop(o);
        // What a restart finds: the records not taken out, in order.
        let mut o = Outbox::open(&dir, 10_000).unwrap();
        assert_eq!(o.samples(), samples);
        let left: Vec<Record> = o.peek(1000).unwrap();
        assert_eq!(left.len(), kept - 2);
        assert_eq!(left[0].id, "id-2");
        assert_eq!(left[0].payload, record(2).payload);
        // Full: refused. Once some went out, it fits after the rest.
        assert!(!o.push(&record(500)).unwrap());
        o.advance(10).unwrap();
        assert!(o.push(&record(500)).unwrap());
        let n = o.peek(1000).unwrap().len();
        assert_eq!(n, kept - 12 + 1);
        assert_eq!(o.peek(1000).unwrap().last().unwrap().id, "id-500");
        o.advance(n).unwrap();
        assert!(o.is_empty());
        assert_eq!((o.bytes(), o.samples()), (0, 0));
        drop(o);
        assert!(Outbox::open(&dir, 10_000).unwrap().is_empty());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_record_cut_short_by_a_crash_is_not_read() {
        let dir = scratch();
        let mut o = Outbox::open(&dir, 1 << 20).unwrap();
        o.push(&record(1)).unwrap();
        o.push(&record(2)).unwrap();
        drop(o);
        let seg = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .find(|e| e.file_name().to_string_lossy().ends_with(".log"))
            .unwrap()
            .path();
        let len = std::fs::metadata(&seg).unwrap().len();
        OpenOptions::new()
            .write(true)
            .open(&seg)
            .unwrap()
            .set_len(len - 10)
            .unwrap();
        let o = Outbox::open(&dir, 1 << 20).unwrap();
        let ids: Vec<String> = o.peek(10).unwrap().into_iter().map(|r| r.id).collect();
        assert_eq!(ids, ["id-1"]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
