//! Numbers as a plant reads them in its language, for the PDFs: thousands grouped and the
//! decimal mark of the language (4,000.5 · 4.000,5 · 4 000,5 with a narrow no-break space,
//! which a line never breaks at).

use model::Lang;

/// The thousands separator and decimal mark of `lang`.
fn marks(lang: Lang) -> (char, char) {
    match lang {
        Lang::En => (',', '.'),
        Lang::De | Lang::Nl | Lang::Es => ('.', ','),
        Lang::Fr => ('\u{202f}', ','),
    }
}

/// `plain`, a number written with an ASCII `.` mark and no grouping ("-4000.25"), in `lang`.
pub fn localise(lang: Lang, plain: &str) -> String {
    let (group, mark) = marks(lang);
    let (int, frac) = plain
        .split_once('.')
        .map_or((plain, None), |(i, f)| (i, Some(f)));
    let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(group);
        }
        out.push(c);
    }
    if let Some(f) = frac {
        out.push(mark);
        out.push_str(f);
    }
    out
}

/// `v` in `lang` with up to `decimals` decimals, trailing zeros dropped.
pub fn trimmed(lang: Lang, v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    localise(lang, if s == "-0" { "0" } else { s })
}

#[cfg(test)]
mod tests {
    use super::{localise, trimmed};
    use model::Lang;

    #[test]
    fn each_language_groups_thousands_and_marks_decimals_its_way() {
        assert_eq!(localise(Lang::En, "4000"), "4,000");
        assert_eq!(localise(Lang::De, "4000"), "4.000");
        assert_eq!(localise(Lang::Nl, "-1234567.50"), "-1.234.567,50");
        assert_eq!(localise(Lang::Es, "4000.5"), "4.000,5");
        assert_eq!(localise(Lang::Fr, "4000.5"), "4\u{202f}000,5");
        assert_eq!(localise(Lang::En, "999"), "999");
        assert_eq!(trimmed(Lang::De, 1000.0, 3), "1.000");
        assert_eq!(trimmed(Lang::En, 12.3456, 3), "12.346");
        assert_eq!(trimmed(Lang::En, -0.0001, 3), "0");
    }
}
