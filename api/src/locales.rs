//! The client translations served by `getclientlocale`: the server's message catalogue merged
//! with the web app's strings from `locales/web/<lang>.json`, read at start-up so a new or
//! corrected language needs no rebuild of the web app.

use std::collections::BTreeMap;
use std::path::Path;

use model::Lang;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientLocale {
    pub language_code: String,
    pub translations: BTreeMap<String, String>,
}

/// Loads every language: the built-in five, plus any further `locales/web/<code>.json`.
pub fn load(dir: &Path) -> Vec<ClientLocale> {
    let mut codes: Vec<String> = Lang::ALL.iter().map(|l| l.code().to_string()).collect();
    if let Ok(entries) = std::fs::read_dir(dir.join("web")) {
        let mut extra: Vec<String> = entries
            .filter_map(|e| {
                e.ok()?
                    .file_name()
                    .to_str()?
                    .strip_suffix(".json")
                    .map(str::to_string)
            })
            .filter(|c| !codes.contains(c))
            .collect();
        extra.sort();
        codes.extend(extra);
    }
    codes
        .into_iter()
        .map(|code| {
            let mut translations = Lang::ALL
                .into_iter()
                .find(|l| l.code() == code)
                .map(|l| l.catalogue().clone())
                .unwrap_or_default();
            let file = dir.join("web").join(format!("{code}.json"));
            match std::fs::read_to_string(&file).map(|s| serde_json::from_str::<BTreeMap<String, String>>(&s)) {
                Ok(Ok(web)) => translations.extend(web),
                Ok(Err(e)) => tracing::warn!(file = %file.display(), error = %e, "translation file is not a JSON map"),
                Err(_) => tracing::debug!(file = %file.display(), "no web translations"),
            }
            ClientLocale { language_code: code, translations }
        })
        .collect()
}

/// The labels a person reads for configuration field `name` (`web.field.<name>`): the one in
/// `lang` first (the field's own name when none), then those of every other language.
pub fn field_labels<'a>(all: &'a [ClientLocale], lang: &str, name: &str) -> (String, Vec<&'a str>) {
    let key = format!("web.field.{name}");
    let own = all
        .iter()
        .find(|l| l.language_code == lang)
        .and_then(|l| l.translations.get(&key))
        .cloned()
        .unwrap_or_else(|| name.to_string());
    let any = all
        .iter()
        .filter_map(|l| l.translations.get(&key).map(String::as_str))
        .collect();
    (own, any)
}
