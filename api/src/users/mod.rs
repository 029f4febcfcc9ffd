//! User administration (§7 Users): the endpoints over the commands of `app::users`, which hold
//! the rules (only `_SUPER` and `ADMIN`, nobody changes their own role, an ADMIN never manages
//! the super user, the `_SUPER` role cannot be given). Password hashing (behind the hashing
//! gate), sign-up tokens and the invitation mail stay here, at the edge.

mod handlers;

pub use app::users::{AccessRequest, UserDto};
pub use handlers::router;

use crate::auth::AuthUser;

/// The signed-in user as the commands see them.
pub fn actor(u: &AuthUser) -> app::users::Actor<'_> {
    app::users::Actor {
        id: u.claims.sub,
        email: u.email(),
        role: u.role,
    }
}
