//! Enums stored in a `text` column (checked by the column's constraint, which db's
//! `constraints` test compares with the enum's `ALL`): with the `sqlx` feature (which `db`
//! turns on) they are read and written by sqlx as their `as_str` spelling, so a store's record
//! carries the enum, and a value outside `ALL` fails at the read instead of turning into a
//! default somewhere later.

/// Implements sqlx's `Type`, `Encode` and `Decode` for Postgres `text` on enums that have
/// `ALL` and `as_str(self)`.
#[macro_export]
macro_rules! text_column {
    ($($t:ty),* $(,)?) => {$(
        impl sqlx::Type<sqlx::Postgres> for $t {
            fn type_info() -> sqlx::postgres::PgTypeInfo {
                <&str as sqlx::Type<sqlx::Postgres>>::type_info()
            }
            fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
                <&str as sqlx::Type<sqlx::Postgres>>::compatible(ty)
            }
        }
        impl<'r> sqlx::Decode<'r, sqlx::Postgres> for $t {
            fn decode(
                value: sqlx::postgres::PgValueRef<'r>,
            ) -> Result<Self, sqlx::error::BoxDynError> {
                let s = <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?;
                <$t>::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == s)
                    .ok_or_else(|| format!("{s:?} is not a {}", stringify!($t)).into())
            }
        }
        impl sqlx::Encode<'_, sqlx::Postgres> for $t {
            fn encode_by_ref(
                &self,
                buf: &mut sqlx::postgres::PgArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<sqlx::Postgres>>::encode_by_ref(&self.as_str(), buf)
            }
        }
        impl sqlx::postgres::PgHasArrayType for $t {
            fn array_type_info() -> sqlx::postgres::PgTypeInfo {
                <&str as sqlx::postgres::PgHasArrayType>::array_type_info()
            }
        }
    )*};
}

#[cfg(feature = "sqlx")]
text_column!(
    crate::schedule::Status,
    crate::schedule::Kind,
    crate::access::Role,
    crate::access::UserStatus,
    crate::spc::ChartKind,
    crate::wire::Severity,
    crate::wire::AlarmState,
    crate::wire::LineStateKind,
    crate::wire::BatchEventKind,
    crate::wire::BatchStatus,
    crate::wire::BinMovementKind,
);
