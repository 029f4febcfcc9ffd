//! Rows in PostgreSQL's binary `COPY` format, for the high-rate series (process samples and
//! pressure readings): the server reads them without parsing text or arrays and stores them
//! with its multi-row insert, so a batch costs little more than raw `COPY` of the same rows.
//!
//! Format: <https://www.postgresql.org/docs/15/sql-copy.html#id-1.9.3.55.9.4>: a signature,
//! flags and header-extension length, then per row its field count and each field as its byte
//! length (−1 for null) and its binary value, then −1 as the trailer.

use chrono::{DateTime, Utc};
use uuid::Uuid;

/// Microseconds between the Unix epoch and PostgreSQL's (2000-01-01 UTC).
const PG_EPOCH_MICROS: i64 = 946_684_800_000_000;

/// A buffer of rows being encoded.
pub struct CopyRows(Vec<u8>);

impl CopyRows {
    /// An empty buffer with the header written, sized for about `rows` rows of `row_bytes`.
    pub fn new(rows: usize, row_bytes: usize) -> Self {
        let mut b = Vec::with_capacity(19 + rows * row_bytes + 2);
        b.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
        b.extend_from_slice(&0i32.to_be_bytes());
        b.extend_from_slice(&0i32.to_be_bytes());
        CopyRows(b)
    }

    /// Starts a row of `fields` fields.
    pub fn row(&mut self, fields: i16) -> &mut Self {
        self.0.extend_from_slice(&fields.to_be_bytes());
        self
    }

    fn field(&mut self, bytes: &[u8]) -> &mut Self {
        self.0
            .extend_from_slice(&(bytes.len() as i32).to_be_bytes());
        self.0.extend_from_slice(bytes);
        self
    }

    pub fn null(&mut self) -> &mut Self {
        self.0.extend_from_slice(&(-1i32).to_be_bytes());
        self
    }

    pub fn uuid(&mut self, id: &Uuid) -> &mut Self {
        self.field(id.as_bytes())
    }

    pub fn time(&mut self, t: &DateTime<Utc>) -> &mut Self {
        self.field(&(t.timestamp_micros() - PG_EPOCH_MICROS).to_be_bytes())
    }

    pub fn text(&mut self, s: &str) -> &mut Self {
        self.field(s.as_bytes())
    }

    pub fn opt_text(&mut self, s: Option<&str>) -> &mut Self {
        match s {
            Some(s) => self.text(s),
            None => self.null(),
        }
    }

    pub fn float(&mut self, v: f64) -> &mut Self {
        self.field(&v.to_be_bytes())
    }

    /// The encoded rows with the trailer.
    pub fn finish(mut self) -> Vec<u8> {
        self.0.extend_from_slice(&(-1i16).to_be_bytes());
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_header_fields_and_trailer() {
        let t = DateTime::from_timestamp(946_684_801, 500).unwrap();
        let mut c = CopyRows::new(1, 40);
        c.row(3).time(&t).opt_text(None).text("ab");
        let b = c.finish();
        assert_eq!(&b[..11], b"PGCOPY\n\xff\r\n\0");
        let row = &b[19..];
        assert_eq!(&row[..2], &3i16.to_be_bytes());
        // One second after PostgreSQL's epoch (the 500 ns are below its microsecond unit).
        assert_eq!(&row[2..6], &8i32.to_be_bytes());
        assert_eq!(&row[6..14], &1_000_000i64.to_be_bytes());
        assert_eq!(&row[14..18], &(-1i32).to_be_bytes());
        assert_eq!(&row[18..22], &2i32.to_be_bytes());
        assert_eq!(&row[22..24], b"ab");
        assert_eq!(&row[24..], &(-1i16).to_be_bytes());
    }
}
