//! The trail's words: an action or a kind of record in the requester's language (the server's
//! catalogue names them, so the screen, the files and every language agree).

use app::audit::Kind;
use model::audit::AuditEntry;

use crate::i18n_layer::RequestLang;

/// A word of the catalogue by a key made at run time, `fallback` when it has none.
fn word(lang: RequestLang, key: String, fallback: &str) -> String {
    lang.0
        .catalogue()
        .get(&key)
        .cloned()
        .unwrap_or_else(|| fallback.to_string())
}

/// `value` of `kind` in words: an action by the trail's catalogue; a kind of record by it too,
/// else by the configuration's name of that entity; the value itself when neither names it.
pub fn label(lang: RequestLang, kind: Kind, value: &str) -> String {
    match kind {
        Kind::Action => word(lang, format!("audit.action.{value}"), value),
        Kind::Entity => match model::config::by_key(value) {
            Some(c) => word(lang, format!("entity.{}", c.screen), value),
            None => word(lang, format!("audit.entity.{value}"), value),
        },
    }
}

/// The entry with its action and kind of record named.
pub fn named(lang: RequestLang, mut e: AuditEntry) -> AuditEntry {
    e.action_label = label(lang, Kind::Action, &e.action);
    e.entity_label = label(lang, Kind::Entity, &e.entity);
    e
}
