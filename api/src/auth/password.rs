//! Password hashing (argon2id with the crate's defaults: 19 MiB, 2 passes, 1 lane) and strength
//! scoring (zxcvbn). Hashing runs on the blocking pool behind the flood gate (`flood::Flood`):
//! it takes tens of milliseconds of CPU and 19 MiB each.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rand::Rng;

use super::flood::Flood;
use crate::error::{ApiError, ApiResult};

/// The argon2id PHC string of `password`.
pub async fn hash(flood: &Flood, password: String) -> ApiResult<String> {
    flood
        .hash(move || {
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|h| h.to_string())
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("hashing failed: {e}")))
        })
        .await?
}

/// True when `password` matches the stored hash. With no hash (unknown user, invited user) it
/// still spends the same work on a dummy hash so timing reveals nothing.
pub async fn verify(flood: &Flood, password: String, stored: Option<String>) -> ApiResult<bool> {
    flood
        .hash(move || {
            let dummy = dummy_hash();
            let (phc, real) = match stored.as_deref() {
                Some(s) => (s.to_string(), true),
                None => (dummy, false),
            };
            let Ok(parsed) = PasswordHash::new(&phc) else {
                return false;
            };
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
                && real
        })
        .await
}

fn dummy_hash() -> String {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY
        .get_or_init(|| {
            Argon2::default()
                .hash_password(b"batchline-dummy-password")
                .map(|h| h.to_string())
                .unwrap_or_default()
        })
        .clone()
}

/// zxcvbn's score 0–4, with the user's email and name as known words.
pub fn strength(password: &str, user_inputs: &[&str]) -> u8 {
    if password.is_empty() {
        return 0;
    }
    zxcvbn::zxcvbn(password, user_inputs).score() as u8
}

/// A temporary password for on-premise users: 16 characters from an alphabet without
/// look-alikes (about 90 bits).
pub fn generate_temporary() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_and_nothing_else() {
        let f = Flood::new(Default::default());
        let h = hash(&f, "Silo-Tractor-42".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(
            verify(&f, "Silo-Tractor-42".into(), Some(h.clone()))
                .await
                .unwrap()
        );
        assert!(!verify(&f, "silo-tractor-42".into(), Some(h)).await.unwrap());
        assert!(
            !verify(&f, "batchline-dummy-password".into(), None)
                .await
                .unwrap()
        );
    }

    #[test]
    fn strength_ranks_common_passwords_low_and_random_ones_high() {
        assert!(strength("password", &[]) <= 1);
        assert!(strength("anna@mill.example", &["anna@mill.example"]) <= 1);
        assert!(strength(&generate_temporary(), &[]) >= 3);
        assert_eq!(strength("", &[]), 0);
    }
}
