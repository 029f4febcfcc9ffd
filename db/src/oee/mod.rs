//! OEE's reads (issue 34, item 3): the time of report windows by state class (`times`), the
//! shift pieces kept once read (`pieces`, decision 115) and whether a kept piece is still good
//! (`fresh`, decision 116).

mod fresh;
mod pieces;
mod times;

pub use pieces::{Piece, keep, pieces, prune, snapshot};
pub use times::{StateTimes, state_times};
