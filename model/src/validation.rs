//! The field-validation rule mechanism of spec §5: a rule is (field, check, arguments, expected
//! result, message); the first failing rule of a field wins. The rule sets live here only: the
//! server enforces them, and `batchline contract` exports them for the web's forms
//! (`web/src/generated/validation.json`), which run them with the same message codes.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::Regex;

use crate::i18n::Msg;

/// Minimum password length (§9).
pub const MIN_PASSWORD_LEN: usize = 8;
/// Strength (zxcvbn score) a password must exceed at sign-up (§9).
pub const SIGNUP_MIN_STRENGTH_ABOVE: u8 = 1;
/// Strength a password must exceed at every reset (§9).
pub const RESET_MIN_STRENGTH_ABOVE: u8 = 2;

/// What a rule checks. Arguments travel inside the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Non-empty after trimming.
    Required,
    Email,
    MinLength(usize),
    /// Letters A–Z, a–z and digits only.
    Alphanumeric,
    /// zxcvbn score strictly above the argument.
    StrengthAbove(u8),
    /// Equal to the value of another field.
    EqualsField(&'static str),
}

/// One rule. `expected` is the result the check must give for the value to pass.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub field: &'static str,
    pub check: Check,
    pub expected: bool,
    pub message: &'static str,
}

const fn rule(field: &'static str, check: Check, message: &'static str) -> Rule {
    Rule {
        field,
        check,
        expected: true,
        message,
    }
}

pub const LOGIN: &[Rule] = &[
    rule("email", Check::Required, "validation.emailRequired"),
    rule("email", Check::Email, "validation.emailInvalid"),
    rule("password", Check::Required, "validation.passwordRequired"),
];

pub const REGISTER: &[Rule] = &[
    rule("username", Check::Required, "validation.usernameRequired"),
    rule(
        "username",
        Check::Alphanumeric,
        "validation.usernameAlphanumeric",
    ),
    rule("email", Check::Required, "validation.notValidEmail"),
    rule("email", Check::Email, "validation.notValidEmail"),
    rule("password", Check::Required, "validation.passwordRequired"),
    rule(
        "password",
        Check::MinLength(MIN_PASSWORD_LEN),
        "validation.passwordMinLength",
    ),
    rule(
        "password",
        Check::StrengthAbove(SIGNUP_MIN_STRENGTH_ABOVE),
        "validation.passwordWeak",
    ),
];

/// An email that must be given and valid (forgot password, new users).
pub const EMAIL: &[Rule] = &[
    rule("email", Check::Required, "validation.emailRequired"),
    rule("email", Check::Email, "validation.emailInvalid"),
];

pub const FORGOT_PASSWORD: &[Rule] = EMAIL;

/// Usernames (registration, on-premise users): given, letters and digits only.
pub const USERNAME: &[Rule] = &[
    rule("username", Check::Required, "validation.usernameRequired"),
    rule(
        "username",
        Check::Alphanumeric,
        "validation.usernameAlphanumeric",
    ),
];

/// The new-user form: a valid email and a role.
pub const USER_CREATE: &[Rule] = &[
    rule("email", Check::Required, "validation.emailRequired"),
    rule("email", Check::Email, "validation.emailInvalid"),
    rule("role", Check::Required, "validation.required"),
];

pub const RESET_PASSWORD: &[Rule] = &[
    rule("password", Check::Required, "validation.passwordRequired"),
    rule(
        "password",
        Check::MinLength(MIN_PASSWORD_LEN),
        "validation.passwordMinLength",
    ),
    rule(
        "password",
        Check::StrengthAbove(RESET_MIN_STRENGTH_ABOVE),
        "validation.passwordWeak",
    ),
    rule(
        "confirmPassword",
        Check::Required,
        "validation.confirmRequired",
    ),
    rule(
        "confirmPassword",
        Check::EqualsField("password"),
        "validation.passwordsMismatch",
    ),
];

/// The on-premise reset screen (§5): the three fields filled and the confirmation equal to
/// the new password; "other checks are not enforced on submit".
pub const ONPREMISE_RESET_SCREEN: &[Rule] = &[
    rule(
        "oldPassword",
        Check::Required,
        "validation.passwordRequired",
    ),
    rule(
        "newPassword",
        Check::Required,
        "validation.passwordRequired",
    ),
    rule(
        "confirmPassword",
        Check::Required,
        "validation.confirmRequired",
    ),
    rule(
        "confirmPassword",
        Check::EqualsField("newPassword"),
        "validation.passwordsMismatch",
    ),
];

/// The server also holds the new password to the reset rules, since it replaces a temporary
/// one.
pub const ONPREMISE_RESET: &[Rule] = &[
    rule("email", Check::Required, "validation.emailRequired"),
    rule(
        "oldPassword",
        Check::Required,
        "validation.passwordRequired",
    ),
    rule(
        "newPassword",
        Check::Required,
        "validation.passwordRequired",
    ),
    rule(
        "newPassword",
        Check::MinLength(MIN_PASSWORD_LEN),
        "validation.passwordMinLength",
    ),
    rule(
        "newPassword",
        Check::StrengthAbove(RESET_MIN_STRENGTH_ABOVE),
        "validation.passwordWeak",
    ),
    rule(
        "confirmPassword",
        Check::Required,
        "validation.confirmRequired",
    ),
    rule(
        "confirmPassword",
        Check::EqualsField("newPassword"),
        "validation.passwordsMismatch",
    ),
];

/// An email address: one `@`, a dot in the domain, no spaces.
pub const EMAIL_PATTERN: &str = r"^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$";

/// True when `s` (trimmed) matches [`EMAIL_PATTERN`].
pub fn is_email(s: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(EMAIL_PATTERN).expect("valid regex"))
        .is_match(s.trim())
}

impl Check {
    /// The check's name and arguments as the web's rule mechanism spells them.
    pub fn spelled(self) -> (&'static str, Vec<serde_json::Value>) {
        use serde_json::json;
        match self {
            Check::Required => ("required", vec![]),
            Check::Email => ("email", vec![]),
            Check::MinLength(n) => ("minLength", vec![json!(n)]),
            Check::Alphanumeric => ("alphanumeric", vec![]),
            Check::StrengthAbove(n) => ("strengthAbove", vec![json!(n)]),
            Check::EqualsField(f) => ("equalsField", vec![json!(f)]),
        }
    }
}

/// Runs `rules` over the values `get` returns; `strength` scores passwords (zxcvbn 0–4).
/// Answers field → message of its first failing rule; empty when everything passes.
pub fn validate<'a>(
    rules: &[Rule],
    get: impl Fn(&str) -> Option<&'a str>,
    strength: impl Fn(&str) -> u8,
) -> BTreeMap<String, Msg> {
    let mut errors = BTreeMap::new();
    for r in rules {
        if errors.contains_key(r.field) {
            continue;
        }
        let value = get(r.field).unwrap_or("");
        let result = match r.check {
            Check::Required => !value.trim().is_empty(),
            Check::Email => is_email(value),
            Check::MinLength(n) => value.chars().count() >= n,
            Check::Alphanumeric => {
                !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric())
            }
            Check::StrengthAbove(n) => strength(value) > n,
            Check::EqualsField(other) => get(other).unwrap_or("") == value,
        };
        if result != r.expected {
            errors.insert(r.field.to_string(), Msg::new(r.message));
        }
    }
    errors
}

/// A required free text of at most `max` characters: the text trimmed, or the field's message
/// (`validation.required`, `validation.textTooLong`).
pub fn required_text(raw: Option<&str>, max: usize) -> Result<String, Msg> {
    let text = raw.map(str::trim).unwrap_or("");
    if text.is_empty() {
        Err(Msg::new("validation.required"))
    } else if text.chars().count() > max {
        Err(Msg::new("validation.textTooLong").arg("max", max))
    } else {
        Ok(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        rules: &[Rule],
        pairs: &[(&'static str, &'static str)],
        score: u8,
    ) -> BTreeMap<String, &'static str> {
        validate(
            rules,
            |f| pairs.iter().find(|(k, _)| *k == f).map(|(_, v)| *v),
            |_| score,
        )
        .into_iter()
        .map(|(k, m)| (k, m.code))
        .collect()
    }

    #[test]
    fn login_rules_give_the_first_failing_message_per_field() {
        let e = run(LOGIN, &[], 4);
        assert_eq!(e["email"], "validation.emailRequired");
        assert_eq!(e["password"], "validation.passwordRequired");
        let e = run(LOGIN, &[("email", "not-an-email"), ("password", "x")], 4);
        assert_eq!(e["email"], "validation.emailInvalid");
        assert!(!e.contains_key("password"));
        assert!(run(LOGIN, &[("email", "a@b.co"), ("password", "x")], 0).is_empty());
    }

    #[test]
    fn register_rules_cover_username_email_length_and_strength() {
        let base = [
            ("username", "anna1"),
            ("email", "anna@mill.example"),
            ("password", "correct horse battery"),
        ];
        assert!(run(REGISTER, &base, 2).is_empty());
        let e = run(
            REGISTER,
            &[
                ("username", "anna_1"),
                ("email", "x"),
                ("password", "short"),
            ],
            4,
        );
        assert_eq!(e["username"], "validation.usernameAlphanumeric");
        assert_eq!(e["email"], "validation.notValidEmail");
        assert_eq!(e["password"], "validation.passwordMinLength");
        assert_eq!(
            run(REGISTER, &base, 1)["password"],
            "validation.passwordWeak"
        );
        assert_eq!(
            run(REGISTER, &[], 4)["username"],
            "validation.usernameRequired"
        );
    }

    #[test]
    fn reset_rules_need_strength_above_two_and_a_matching_confirmation() {
        let ok = [
            ("password", "Tr4ctor-Silo-99"),
            ("confirmPassword", "Tr4ctor-Silo-99"),
        ];
        assert!(run(RESET_PASSWORD, &ok, 3).is_empty());
        assert_eq!(
            run(RESET_PASSWORD, &ok, 2)["password"],
            "validation.passwordWeak"
        );
        let e = run(
            RESET_PASSWORD,
            &[
                ("password", "Tr4ctor-Silo-99"),
                ("confirmPassword", "other"),
            ],
            4,
        );
        assert_eq!(e["confirmPassword"], "validation.passwordsMismatch");
        let e = run(RESET_PASSWORD, &[("password", "Tr4ctor-Silo-99")], 4);
        assert_eq!(e["confirmPassword"], "validation.confirmRequired");
    }

    #[test]
    fn email_check_accepts_addresses_and_refuses_the_rest() {
        for good in ["a@b.co", "first.last+tag@mill.example.com"] {
            assert!(is_email(good), "{good}");
        }
        for bad in ["", "a@b", "a b@c.de", "@c.de", "a@@c.de", "a@c."] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
