//! Authentication: passwords, session tokens, the access guard, and the `/auth` endpoints of
//! spec §7 (sign-in, sign-up by token, forgot/reset, on-premise reset, logout, translations).

pub mod bootstrap;
pub mod flood;
pub mod guard;
pub mod handlers;
pub mod mail;
pub mod password;
pub mod signature;
mod signup;

pub use session::jwt;
pub use signup::new_token;

pub use guard::{AuthUser, guarded};
pub use handlers::router;
