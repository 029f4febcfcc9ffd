//! Password hashing (argon2id with the crate's defaults: 19 MiB, 2 passes, 1 lane) and strength
//! scoring (zxcvbn). Hashing runs on the blocking pool behind the flood gate (`flood::Flood`):
//! it takes tens of milliseconds of CPU and 19 MiB each.
//!
//! The 19 MiB are kept for the next hash instead of being freed: glibc's allocator raises its
//! mmap threshold after the first such block is freed, so later blocks came from per-thread
//! arenas and stayed resident — a minute of wrong sign-ins left the process 800 MB larger
//! though at most four hashes ever ran at once (decision 92). Reused, the working memory is
//! at most one block per hash the gate lets run.

use std::sync::Mutex;

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rand::Rng;

use super::flood::Flood;
use crate::error::{ApiError, ApiResult};

/// Working memory of finished hashes, for the next ones.
static MEMORY: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());
/// The most blocks kept: the gate's default of two hashes per core at once, on up to 8 cores.
const KEPT: usize = 16;

/// `argon` of `password` and `salt` into `out`, in working memory kept from an earlier hash
/// (argon2 overwrites every block in its first pass, so what the memory held does not matter).
fn compute(
    argon: &Argon2<'_>,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> argon2::Result<()> {
    let blocks = params.block_count();
    let kept = MEMORY.lock().ok().and_then(|mut m| m.pop());
    let mut memory = kept
        .filter(|m| m.len() == blocks)
        .unwrap_or_else(|| vec![Block::new(); blocks]);
    let result = argon.hash_password_into_with_memory(password, salt, out, &mut memory[..]);
    if let Ok(mut m) = MEMORY.lock()
        && m.len() < KEPT
    {
        m.push(memory);
    }
    result
}

/// The PHC string of `password` hashed with `params` and a new random salt.
fn hash_now(password: &[u8], params: Params) -> Result<String, String> {
    let mut salt = [0u8; 16];
    rand::rng().fill(&mut salt[..]);
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    compute(&argon, &params, password, &salt, &mut out).map_err(|e| e.to_string())?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(Salt::new(&salt).map_err(|e| e.to_string())?),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(phc.to_string())
}

/// Whether `password` hashes to the PHC string `phc` (the output compared in constant time).
fn matches(password: &[u8], phc: &str) -> bool {
    let check = || -> Option<bool> {
        let parsed = PasswordHash::new(phc).ok()?;
        let params = Params::try_from(&parsed).ok()?;
        let algorithm = Algorithm::try_from(parsed.algorithm.as_str()).ok()?;
        let version = match parsed.version {
            Some(v) => Version::try_from(v).ok()?,
            None => Version::default(),
        };
        let (salt, expected) = (parsed.salt.as_ref()?, parsed.hash.as_ref()?);
        let argon = Argon2::new(algorithm, version, params.clone());
        let mut out = vec![0u8; expected.len()];
        compute(&argon, &params, password, salt, &mut out).ok()?;
        Some(Output::new(&out).ok()? == *expected)
    };
    check().unwrap_or(false)
}

/// The argon2id PHC string of `password`.
pub async fn hash(flood: &Flood, password: String) -> ApiResult<String> {
    flood
        .hash(move || {
            hash_now(password.as_bytes(), Params::default())
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
            matches(password.as_bytes(), &phc) && real
        })
        .await
}

fn dummy_hash() -> String {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY
        .get_or_init(|| {
            hash_now(b"batchline-dummy-password", Params::default()).unwrap_or_default()
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
    fn hashes_in_kept_memory_agree_with_the_crates_own() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        // Ours verifies by the crate; the crate's verifies by ours (the stored hashes of today).
        let ours = hash_now(b"Silo-Tractor-42", Params::default()).unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"Silo-Tractor-42", &parsed)
                .is_ok()
        );
        let theirs = Argon2::default()
            .hash_password(b"Mixer-Bin-7")
            .unwrap()
            .to_string();
        for _ in 0..3 {
            // Memory reused from the hashes before gives the same answers.
            assert!(matches(b"Mixer-Bin-7", &theirs));
            assert!(!matches(b"mixer-bin-7", &theirs));
            assert!(matches(b"Silo-Tractor-42", &ours));
        }
        assert!(!matches(b"x", "not a hash"));
    }

    #[test]
    fn strength_ranks_common_passwords_low_and_random_ones_high() {
        assert!(strength("password", &[]) <= 1);
        assert!(strength("anna@mill.example", &["anna@mill.example"]) <= 1);
        assert!(strength(&generate_temporary(), &[]) >= 3);
        assert_eq!(strength("", &[]), 0);
    }
}
