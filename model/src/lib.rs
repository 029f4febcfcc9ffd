//! Pure shared types of Batchline: roles and privileges with the spec's access rule (§6), the
//! API envelope, the field-validation rule mechanism of spec §5, and the translated message
//! catalogue. No runtime, database or HTTP here.

pub mod access;
pub mod alarm;
pub mod audit;
pub mod choice;
pub mod column;
pub mod config;
pub mod connect;
pub mod envelope;
pub mod i18n;
pub mod limits;
pub mod live;
pub mod recipe;
pub mod report;
pub mod schedule;
pub mod signature;
pub mod spc;
pub mod subscription;
pub mod trace;
pub mod validation;
pub mod wire;

pub use access::{AccessRule, Role};
pub use envelope::Envelope;
pub use i18n::{Lang, Msg};
