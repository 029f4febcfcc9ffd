//! The figures and rows of the grouped reports (`app::reports::figures`).

pub use app::reports::figures::*;
