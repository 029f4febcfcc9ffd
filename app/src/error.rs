//! The outcome of a refused command, in the domain's terms. Each carries message codes, never
//! text: the HTTP edge maps the kind to a status and says the messages in the request's
//! language.

use std::collections::BTreeMap;

use db::DbError;
use model::Msg;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The command's values break the rules: one message per field.
    #[error("invalid: {0:?}")]
    Invalid(BTreeMap<String, Msg>),
    /// The command cannot be understood as a whole (no field to name).
    #[error("refused: {0:?}")]
    Refused(Msg),
    /// The record the command names does not exist (or was deleted).
    #[error("not found: {0:?}")]
    NotFound(Msg),
    /// The record's state refuses the command (a locked version, an order already running, a
    /// code taken), optionally naming the field.
    #[error("conflict: {msg:?}")]
    Conflict {
        field: Option<&'static str>,
        msg: Msg,
    },
    /// Several fields conflict with stored records (duplicates in a bulk, carry-over risks).
    #[error("conflicting fields: {0:?}")]
    Conflicts(BTreeMap<String, Msg>),
    /// The actor may not do this to this record.
    #[error("forbidden: {0:?}")]
    Forbidden(Msg),
    /// The database is at its limit for this kind of work; try again after the seconds.
    #[error("busy: {0:?}")]
    Busy(Msg, u64),
    /// The database cannot be reached.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// A server of the plant (an OPC UA controller) could not be asked.
    #[error("plant server unreachable: {0:?}")]
    Unreachable(Msg),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// One field's problem.
    pub fn field(field: &str, msg: Msg) -> Error {
        Error::Invalid(BTreeMap::from([(field.to_string(), msg)]))
    }

    /// A conflict with no field to name.
    pub fn conflict(msg: Msg) -> Error {
        Error::Conflict { field: None, msg }
    }

    /// A conflict on `field`.
    pub fn conflict_on(field: &'static str, msg: Msg) -> Error {
        Error::Conflict {
            field: Some(field),
            msg,
        }
    }

    /// A database conflict by the constraint's name, on the field it guards.
    fn constraint(constraint: &str) -> Error {
        let (field, code) = match constraint {
            "app_user_email_key" => (Some("email"), "user.emailTaken"),
            "app_user_username_key" => (Some("username"), "auth.usernameTaken"),
            "app_user_single_super_key" => (Some("role"), "user.superRoleRefused"),
            "connection_name_key" => (Some("name"), "connection.nameTaken"),
            _ => (None, "validation.failed"),
        };
        Error::Conflict {
            field,
            msg: Msg::new(code),
        }
    }
}

impl From<DbError> for Error {
    fn from(e: DbError) -> Self {
        match e {
            DbError::NotFound => Error::NotFound(Msg::new("request.notFound")),
            DbError::Conflict(c) => Error::constraint(&c),
            DbError::Sqlx(sqlx::Error::PoolTimedOut | sqlx::Error::Io(_)) => {
                Error::Unavailable("database unreachable".into())
            }
            // The pool's statement timeout cancelled it (decision 94).
            DbError::Sqlx(sqlx::Error::Database(d)) if d.code().as_deref() == Some("57014") => {
                Error::Busy(Msg::new("server.timeout"), 5)
            }
            DbError::Sqlx(e) => Error::Internal(e.into()),
        }
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        DbError::from_sqlx(e).into()
    }
}
