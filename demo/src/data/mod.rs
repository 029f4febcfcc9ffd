//! The demo plant's data, one const table per entity kind, grouped by domain. Names come in
//! every seed language ([`Names`](super::Names)); codes name the records a later table refers to.

pub mod equipment;
pub mod materials;
pub mod mixing;
pub mod parameters;
pub mod recipes;
pub mod stops;
pub mod trade;
