//! Electronic signatures as a reader sees them (issue 35): a built-in meaning named in the
//! reader's language, a configured one as the plant named it when signed; a manifest line.

use model::Msg;
use model::signature::{BUILT_IN_MEANINGS, Signature};

use crate::i18n_layer::RequestLang;

/// `s` with a built-in meaning's name in `lang`.
pub fn shown(lang: RequestLang, mut s: Signature) -> Signature {
    if BUILT_IN_MEANINGS.contains(&s.meaning.as_str()) {
        s.meaning_name = lang.text(&Msg::new(match s.meaning.as_str() {
            "REVIEWED" => "signature.meaning.REVIEWED",
            _ => "signature.meaning.APPROVED",
        }));
    }
    s
}

/// The manifest as one line: "Approved — Anna Berg (anna@plant.test), 2026-12-02 17:05:12
/// Europe/Berlin".
pub fn manifest(lang: RequestLang, s: &Signature) -> String {
    lang.text(
        &Msg::new("signature.manifest")
            .arg("meaning", &s.meaning_name)
            .arg("name", &s.signer_name)
            .arg("email", &s.signer)
            .arg("time", &s.signed_local)
            .arg("zone", &s.zone),
    )
}
