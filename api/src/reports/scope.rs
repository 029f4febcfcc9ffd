//! What a report call asks for, checked by the report engine (`app::reports::scope`).

pub use app::reports::scope::*;
