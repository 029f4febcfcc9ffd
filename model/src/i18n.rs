//! Translated messages. Every text a person reads comes from `locales/messages/<lang>.json`
//! by a stable code; the api picks the language from `Accept-language`. The web app's own
//! strings live beside them in `locales/web/` and are served together by `getclientlocale`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A supported language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    De,
    Nl,
    Fr,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Nl, Lang::Fr, Lang::Es];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Nl => "nl",
            Lang::Fr => "fr",
            Lang::Es => "es",
        }
    }

    /// The first supported language of an `Accept-language` header, by quality; English when
    /// none is supported. `de-CH` counts as `de`.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut choices: Vec<(f32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.trim().split(';');
                let tag = pieces.next()?.trim().to_ascii_lowercase();
                let q = pieces
                    .find_map(|p| {
                        p.trim()
                            .strip_prefix("q=")
                            .and_then(|v| v.parse::<f32>().ok())
                    })
                    .unwrap_or(1.0);
                let primary = tag.split('-').next()?;
                let lang = Lang::ALL.into_iter().find(|l| l.code() == primary)?;
                (q > 0.0).then_some((q, i, lang))
            })
            .collect();
        choices.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        choices.first().map_or(Lang::En, |c| c.2)
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../locales/messages/en.json"),
            Lang::De => include_str!("../../locales/messages/de.json"),
            Lang::Nl => include_str!("../../locales/messages/nl.json"),
            Lang::Fr => include_str!("../../locales/messages/fr.json"),
            Lang::Es => include_str!("../../locales/messages/es.json"),
        }
    }

    /// The server's message catalogue of this language.
    pub fn catalogue(self) -> &'static BTreeMap<String, String> {
        static CATALOGUES: OnceLock<Vec<BTreeMap<String, String>>> = OnceLock::new();
        let all = CATALOGUES.get_or_init(|| {
            Lang::ALL
                .iter()
                .map(|l| {
                    serde_json::from_str(l.source()).expect("locale files are valid JSON maps")
                })
                .collect()
        });
        &all[Lang::ALL.iter().position(|l| *l == self).unwrap_or(0)]
    }
}

/// A message by its stable code, with named arguments filled into `{name}` placeholders. An
/// argument may itself be messages ([`Msg::arg_msg`], [`Msg::arg_msgs`]): a status's name, a
/// recipe's problems. They are rendered in the same language as the message, so the application
/// layer decides what to say and only the edge (HTTP, PDF, mail) says it in a language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Msg {
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
    /// Arguments that are messages, joined by "; " when there are several.
    pub nested: Vec<(&'static str, Vec<Msg>)>,
}

impl Msg {
    pub const fn new(code: &'static str) -> Self {
        Msg {
            code,
            args: Vec::new(),
            nested: Vec::new(),
        }
    }

    /// A message that says `text` as it is (a name stored in the plant's words).
    pub fn verbatim(text: impl ToString) -> Self {
        Msg::new("text.verbatim").arg("text", text)
    }

    /// `{name}` says `value` in the message's language.
    pub fn arg_msg(mut self, name: &'static str, value: Msg) -> Self {
        self.nested.push((name, vec![value]));
        self
    }

    /// `{name}` says every one of `values`, joined by "; ".
    pub fn arg_msgs(mut self, name: &'static str, values: Vec<Msg>) -> Self {
        self.nested.push((name, values));
        self
    }

    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// The text in `lang`, falling back to English, then to the code itself.
    pub fn text(&self, lang: Lang) -> String {
        let template = lang
            .catalogue()
            .get(self.code)
            .or_else(|| Lang::En.catalogue().get(self.code))
            .map_or(self.code, String::as_str);
        let plain = self.args.iter().fold(template.to_string(), |s, (k, v)| {
            s.replace(&format!("{{{k}}}"), v)
        });
        self.nested.iter().fold(plain, |s, (k, msgs)| {
            let said: Vec<String> = msgs.iter().map(|m| m.text(lang)).collect();
            s.replace(&format!("{{{k}}}"), &said.join("; "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_argument_is_said_in_the_message_language() {
        let msg = Msg::new("schedule.transition")
            .arg_msg("status", Msg::new("schedule.status.RUNNING"))
            .arg_msg("target", Msg::new("schedule.status.PLANNED"));
        let de = msg.text(Lang::De);
        assert!(!de.contains('{'), "{de}");
        assert!(
            de.contains(&Msg::new("schedule.status.RUNNING").text(Lang::De)),
            "{de}"
        );
        let joined = Msg::new("recipe.text")
            .arg_msgs("text", vec![Msg::verbatim("a"), Msg::verbatim("b")])
            .text(Lang::En);
        assert_eq!(joined, "a; b");
    }

    #[test]
    fn accept_language_picks_the_best_supported_language() {
        assert_eq!(
            Lang::from_accept_language("de-CH,de;q=0.9,en;q=0.8"),
            Lang::De
        );
        assert_eq!(
            Lang::from_accept_language("ja, fr;q=0.5, nl;q=0.7"),
            Lang::Nl
        );
        assert_eq!(Lang::from_accept_language("es"), Lang::Es);
        assert_eq!(Lang::from_accept_language(""), Lang::En);
        assert_eq!(Lang::from_accept_language("pt-BR"), Lang::En);
        assert_eq!(Lang::from_accept_language("fr;q=0"), Lang::En);
    }

    #[test]
    fn every_language_has_every_english_message() {
        let en = Lang::En.catalogue();
        for lang in Lang::ALL {
            let cat = lang.catalogue();
            let missing: Vec<_> = en.keys().filter(|k| !cat.contains_key(*k)).collect();
            let extra: Vec<_> = cat.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{lang:?}: missing {missing:?}, extra {extra:?}"
            );
        }
    }

    #[test]
    fn placeholders_are_filled_and_unknown_codes_fall_back() {
        let m = Msg::new("auth.throttled").arg("seconds", 4);
        assert!(m.text(Lang::En).contains('4'));
        assert_eq!(Msg::new("no.such.code").text(Lang::De), "no.such.code");
    }
}
