//! Renders documents and reads them back with poppler's `pdftotext` and `pdfinfo`
//! (Debian package poppler-utils): the text must come out with its accents, the table must
//! run over several pages with the real page count in the footers, bad PNGs must be errors.

use std::path::PathBuf;
use std::process::Command;

use pdf::{
    Align, Block, Column, Document, Footer, Image, PdfError, Row, Signatures, Table, render,
};

/// A valid 2×2 RGB PNG (blue, green / white, dark grey).
const PNG_2X2: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xfd, 0xd4, 0x9a,
    0x73, 0x00, 0x00, 0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x90, 0x2c, 0x3c, 0xe4,
    0x70, 0x20, 0x9c, 0xe1, 0xff, 0xff, 0xff, 0x8a, 0xaa, 0x9a, 0x00, 0x2a, 0xb4, 0x06, 0x10, 0x8e,
    0x48, 0x54, 0x73, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

const TITLE: &str = "Recipe BRG-01 · Broiler grower";

/// Writes `bytes` to a temporary file named after `name`; removed when dropped.
struct TempPdf(PathBuf);

impl TempPdf {
    fn new(name: &str, bytes: &[u8]) -> Self {
        let path =
            std::env::temp_dir().join(format!("batchline-pdf-{}-{name}.pdf", std::process::id()));
        std::fs::write(&path, bytes).expect("write the temporary PDF");
        Self(path)
    }

    /// Runs a poppler tool on the file; fails (never skips) when poppler-utils is missing.
    fn poppler(&self, tool: &str, args: &[&str]) -> String {
        let output = match Command::new(tool).args(args).arg(&self.0).arg("-").output() {
            Ok(output) => output,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => panic!(
                "`{tool}` was not found: install poppler-utils (apt-get install poppler-utils) \
                 to run the pdf crate's tests"
            ),
            Err(e) => panic!("cannot run {tool}: {e}"),
        };
        assert!(
            output.status.success(),
            "{tool} failed on {}: {}",
            self.0.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("poppler writes UTF-8")
    }

    /// The text of each page, as `pdftotext -layout` sees it.
    fn pages(&self) -> Vec<String> {
        let text = self.poppler("pdftotext", &["-layout", "-enc", "UTF-8"]);
        let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
        // pdftotext ends every page with a form feed, so the last piece is empty.
        if pages.last().is_some_and(|p| p.trim().is_empty()) {
            pages.pop();
        }
        pages
    }

    /// A field of `pdfinfo`'s output, e.g. "Title" or "Pages".
    fn info(&self, field: &str) -> String {
        let info = Command::new("pdfinfo")
            .args(["-enc", "UTF-8"])
            .arg(&self.0)
            .output();
        let info = match info {
            Ok(output) => String::from_utf8(output.stdout).expect("pdfinfo writes UTF-8"),
            Err(_) => panic!(
                "`pdfinfo` was not found: install poppler-utils (apt-get install poppler-utils)"
            ),
        };
        info.lines()
            .find_map(|l| l.strip_prefix(&format!("{field}:")))
            .map(|v| v.trim().to_string())
            .unwrap_or_else(|| panic!("pdfinfo shows no {field}:\n{info}"))
    }
}

impl Drop for TempPdf {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn footer() -> Footer {
    Footer {
        left: "Generated 2026-11-23 14:05 by anna@plant.example".to_string(),
        page: "Page {page} of {pages}".to_string(),
    }
}

fn column(title: &str, align: Align) -> Column {
    Column {
        title: title.to_string(),
        align,
    }
}

/// Four scales of 30 ingredients each, every scale with a subtotal, and a grand total.
fn grouped_table() -> Table {
    let mut rows = Vec::new();
    for scale in 1..=4 {
        rows.push(Row::Group(format!("Scale {scale} · Großkomponentenwaage")));
        for i in 0..30 {
            let n = (scale - 1) * 30 + i;
            rows.push(Row::Cells(vec![
                format!("ING-{n:03}"),
                format!("Maïs concassé, qualité supérieure, lot {n}"),
                format!("{:.1}", 10.0 + n as f32 * 0.5),
                format!("{:.2} %", 0.7 + n as f32 * 0.01),
            ]));
        }
        rows.push(Row::Total(vec![
            String::new(),
            format!("Subtotal scale {scale}"),
            "450.0".into(),
            "25.00 %".into(),
        ]));
    }
    rows.push(Row::Cells(vec![
        "LAST-ROW".into(),
        "Vitamine premix (último)".into(),
        "0.5".into(),
        "0.03 %".into(),
    ]));
    rows.push(Row::Total(vec![
        String::new(),
        "Total".into(),
        "1800.5".into(),
        "100.00 %".into(),
    ]));
    Table {
        columns: vec![
            column("Code", Align::Left),
            column("Ingredient", Align::Left),
            column("kg", Align::Right),
            column("Share", Align::Right),
        ],
        rows,
    }
}

fn full_document() -> Document {
    Document {
        title: TITLE.to_string(),
        subtitle: Some("Demo feed mill · Pellet line 1".to_string()),
        logo: true,
        landscape: false,
        blocks: vec![
            Block::Heading("Rezeptdaten".to_string()),
            Block::Facts(vec![
                ("Produkt".into(), "Mischfutter für Masthähnchen".into()),
                ("Größe".into(), "4 t · ± 0,5 %".into()),
                ("Température".into(), "82 °C après conditionneur".into()),
                (
                    "Humedad".into(),
                    "¿Cuál es la humedad? ¡Añadir agua!".into(),
                ),
                (
                    "Korrel".into(),
                    "Gemengd voor vleeskuikens, één keer per dag".into(),
                ),
                ("Price".into(), "312 € per tonne".into()),
            ]),
            Block::Paragraph(
                "English: grower feed. Deutsch: Weizen, Gerste, Öl und Süßlupinen. Nederlands: \
                 tarwe, gerst en sojaschroot voor vleeskuikens. Français: blé, maïs, tourteau de \
                 colza et crème. Español: trigo, cebada, ñame, señal. Symbols: ä ö ü ß é è ê ç ñ \
                 ¿ ¡ € ° ± ·"
                    .to_string(),
            ),
            Block::Image(Image {
                png: PNG_2X2.to_vec(),
                title: Some("Dosiergenauigkeit".to_string()),
            }),
            Block::Heading("Zusammensetzung".to_string()),
            Block::Table(grouped_table()),
        ],
        footer: footer(),
    }
}

#[test]
fn full_document_reads_back_with_accents_page_numbers_and_last_rows() {
    let bytes = render(&full_document()).expect("render");
    eprintln!("multi-page test PDF: {} bytes", bytes.len());
    let file = TempPdf::new("full", &bytes);

    let pages = file.pages();
    let n = pages.len();
    assert!(
        n >= 3,
        "120 table rows should span at least 3 pages, got {n}"
    );
    assert_eq!(file.info("Pages"), n.to_string());
    assert_eq!(file.info("Title"), TITLE);
    // Dated when it was made, not printpdf's default of 1970-01-01.
    let year = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        / 31_556_952
        + 1970;
    let created = file.info("CreationDate");
    assert!(
        (year - 1..=year + 1).any(|y| created.contains(&y.to_string())),
        "created {created}"
    );

    let all = pages.join("\n");
    for expected in [
        TITLE,
        "Demo feed mill · Pellet line 1",
        "Mischfutter für Masthähnchen",
        "Größe",
        "Süßlupinen",
        "82 °C après conditionneur",
        "crème",
        "¿Cuál es la humedad? ¡Añadir",
        "ñame, señal",
        "Gemengd voor vleeskuikens, één",
        "312 € per tonne",
        "± 0,5 %",
        "Batchline",
        "Scale 4 · Großkomponentenwaage",
    ] {
        assert!(all.contains(expected), "missing {expected:?} in:\n{all}");
    }
    for (i, page) in pages.iter().enumerate() {
        let label = format!("Page {} of {n}", i + 1);
        assert!(
            page.contains(&label),
            "page {} lacks {label:?}:\n{page}",
            i + 1
        );
        assert!(page.contains("Generated 2026-11-23 14:05 by anna@plant.example"));
    }
    let last = &pages[n - 1];
    assert!(
        last.contains("LAST-ROW") && last.contains("1800.5"),
        "last page:\n{last}"
    );
    // The header row is repeated on every page the table continues on.
    let with_header = pages.iter().filter(|p| p.contains("Ingredient")).count();
    assert!(with_header >= n - 1, "header on {with_header} of {n} pages");
    assert!(
        bytes.len() < 150_000,
        "fonts should be subset: {} bytes",
        bytes.len()
    );
}

#[test]
fn one_page_document_is_small() {
    let doc = Document {
        title: TITLE.to_string(),
        subtitle: None,
        logo: true,
        landscape: false,
        blocks: vec![
            Block::Facts(vec![
                ("Line".into(), "Pellet line 1".into()),
                ("Größe".into(), "4 t".into()),
            ]),
            Block::Paragraph("Weizen, Gerste und Öl für Masthähnchen.".into()),
        ],
        footer: footer(),
    };
    let bytes = render(&doc).expect("render");
    eprintln!("one-page test PDF: {} bytes", bytes.len());
    let file = TempPdf::new("small", &bytes);
    assert_eq!(file.info("Pages"), "1");
    assert!(file.pages()[0].contains("Page 1 of 1"));
    assert!(
        bytes.len() < 60_000,
        "one page should stay small: {} bytes",
        bytes.len()
    );
}

#[test]
fn malformed_png_is_an_error() {
    let mut corrupt = PNG_2X2.to_vec();
    corrupt[45..60].fill(0x55); // inside the compressed pixel data
    let mut huge = PNG_2X2.to_vec();
    huge[16..24].copy_from_slice(&[0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff]);
    for (what, png) in [
        ("not a PNG", b"GIF89a not a png".to_vec()),
        ("empty", Vec::new()),
        ("cut short", PNG_2X2[..30].to_vec()),
        ("corrupt data", corrupt),
        ("too large", huge),
    ] {
        let mut doc = full_document();
        doc.blocks.push(Block::Image(Image { png, title: None }));
        match render(&doc) {
            Err(PdfError::InvalidImage { index, reason }) => {
                assert_eq!(index, 1, "{what}");
                assert!(!reason.is_empty(), "{what}");
            }
            other => panic!(
                "{what}: expected InvalidImage, got {:?}",
                other.map(|b| b.len())
            ),
        }
    }
}

#[test]
fn images_larger_together_than_the_documents_budget_are_refused_before_decoding() {
    // Five images of 3,000 × 3,000 pixels (the header says so; the data is never decoded):
    // 45 million pixels together, each within its own limit.
    let mut big = PNG_2X2.to_vec();
    big[16..24].copy_from_slice(&[0, 0, 0x0b, 0xb8, 0, 0, 0x0b, 0xb8]);
    let mut doc = full_document();
    for _ in 0..5 {
        doc.blocks.push(Block::Image(Image {
            png: big.clone(),
            title: None,
        }));
    }
    match render(&doc) {
        Err(PdfError::TooManyPixels { max }) => assert_eq!(max, 40_000_000),
        other => panic!("expected TooManyPixels, got {:?}", other.map(|b| b.len())),
    }
}

#[test]
fn empty_document_renders() {
    let doc = Document {
        title: String::new(),
        subtitle: None,
        logo: false,
        landscape: false,
        blocks: Vec::new(),
        footer: Footer::default(),
    };
    let bytes = render(&doc).expect("render");
    assert!(bytes.starts_with(b"%PDF"));
    let file = TempPdf::new("empty", &bytes);
    assert_eq!(file.info("Pages"), "1");
    assert!(file.pages().iter().all(|p| p.trim().is_empty()));
}

#[test]
fn awkward_input_renders_without_panicking() {
    let long_word = "Feinstvermahlungsrückstandsüberwachung".repeat(120);
    let many_columns: Vec<Column> = (0..40)
        .map(|i| column(&format!("C{i}"), Align::Right))
        .collect();
    let doc = Document {
        title: long_word.clone(),
        subtitle: Some("\ttabs\nand\u{7} control · 漢字 🐔".to_string()),
        logo: true,
        landscape: true,
        blocks: vec![
            Block::Heading(String::new()),
            Block::Paragraph(String::new()),
            Block::Paragraph(long_word.clone()),
            Block::Facts(Vec::new()),
            Block::Facts(vec![
                (long_word.clone(), long_word.clone()),
                (String::new(), String::new()),
            ]),
            Block::Table(Table::default()),
            Block::Table(Table {
                columns: Vec::new(),
                rows: vec![Row::Cells(vec!["x".into()])],
            }),
            Block::Table(Table {
                columns: vec![column("Only header", Align::Left)],
                rows: Vec::new(),
            }),
            Block::Table(Table {
                columns: vec![
                    column("A", Align::Left),
                    column("B", Align::Right),
                    column("C", Align::Right),
                    column("D", Align::Left),
                ],
                rows: vec![
                    Row::Cells(Vec::new()),
                    Row::Cells(vec!["1".into(), "2".into(), "3 (extra)".into()]),
                    Row::Cells(vec![long_word.clone(), long_word.clone()]),
                    Row::Group(long_word.clone()),
                    Row::Total(vec![]),
                ],
            }),
            Block::Table(Table {
                columns: many_columns,
                rows: (0..300)
                    .map(|r| Row::Cells((0..40).map(|c| format!("{}", r * c * 1000)).collect()))
                    .collect(),
            }),
            Block::Heading("Ende".into()),
        ],
        footer: Footer {
            left: long_word.clone(),
            page: "{page}/{pages} {pages} {unknown}".into(),
        },
    };
    let bytes = render(&doc).expect("render");
    let file = TempPdf::new("awkward", &bytes);
    let pages = file.pages();
    assert!(pages.len() > 2);
    let n = pages.len();
    assert!(
        pages[n - 1].contains(&format!("{n}/{n} {n} {{unknown}}")),
        "{}",
        pages[n - 1]
    );
    let all = pages.join("");
    assert!(all.contains("Feinstvermahlungs"));
    // The subtitle's "\n" broke the line; its tab and bell became spaces.
    assert!(
        all.contains("tabs\n") && all.contains("and control"),
        "{}",
        pages[n - 1]
    );
}

/// A dosing table as a batch record prints it: long material codes with underscores, a
/// "Setpoint" heading over narrow numbers, durations, a free-text column, in portrait with
/// nine columns. No word is broken, no text is cut, every cell reads back whole.
#[test]
fn columns_size_to_their_content_and_never_break_a_word() {
    let headers = [
        "Seq",
        "Material",
        "Bin",
        "Setpoint",
        "Actual",
        "Deviation",
        "Tolerance",
        "Duration",
        "Remark",
    ];
    let mut rows = Vec::new();
    for (i, code) in [
        "SOYBEAN_OIL",
        "LIMESTONE_FINE",
        "DICALCIUM_PHOSPHATE",
        "CORN",
    ]
    .iter()
    .enumerate()
    {
        rows.push(Row::Cells(vec![
            (i + 1).to_string(),
            format!("{code} · Soybean oil refined"),
            format!("BIN-{:02}", i + 1),
            "4,000.000".into(),
            "3,998.500".into(),
            "-1.500".into(),
            "± 20.000".into(),
            "1:02:03".into(),
            "weighed again after a restart of the scale controller".into(),
        ]));
    }
    let doc = Document {
        title: "Batch record".into(),
        blocks: vec![
            Block::Table(Table {
                columns: headers
                    .iter()
                    .enumerate()
                    .map(|(i, h)| {
                        column(
                            h,
                            if (3..8).contains(&i) {
                                Align::Right
                            } else {
                                Align::Left
                            },
                        )
                    })
                    .collect(),
                rows,
            }),
            Block::Signatures(Signatures {
                roles: vec!["Operator".into(), "Checked by".into()],
                fields: vec!["Name".into(), "Date".into(), "Signature".into()],
            }),
        ],
        footer: footer(),
        ..Document::default()
    };
    let bytes = render(&doc).expect("render");
    let text = TempPdf::new("record", &bytes).pages().join("");
    for signing in ["Operator", "Checked by", "Name", "Date", "Signature"] {
        assert!(text.contains(signing), "{signing:?} not in:\n{text}");
    }
    for whole in headers
        .iter()
        .copied()
        .chain([
            "SOYBEAN_OIL",
            "LIMESTONE_FINE",
            "DICALCIUM_PHOSPHATE",
            "4,000.000",
        ])
        .chain(["3,998.500", "± 20.000", "1:02:03", "controller"])
    {
        assert!(text.contains(whole), "{whole:?} not whole in:\n{text}");
    }
    assert!(!text.contains('…'), "nothing is cut:\n{text}");
}

/// A column whose one word is wider than the page shrinks its font rather than breaking
/// the word, while the other columns keep their size.
#[test]
fn a_word_wider_than_its_share_shrinks_the_font_of_its_column() {
    let word = "ULTRA_LONG_MATERIAL_CODE_OF_A_PREMIX_FROM_A_SUPPLIER_SYSTEM_X9";
    let doc = Document {
        title: "Narrow".into(),
        blocks: vec![Block::Table(Table {
            columns: vec![
                column("Material", Align::Left),
                column("Setpoint", Align::Right),
                column("Actual", Align::Right),
                column("Deviation", Align::Right),
            ],
            rows: vec![Row::Cells(vec![
                word.into(),
                "1,234.5".into(),
                "1,230.0".into(),
                "-4.5".into(),
            ])],
        })],
        footer: footer(),
        ..Document::default()
    };
    let bytes = render(&doc).expect("render");
    let text = TempPdf::new("shrink", &bytes).pages().join("");
    for whole in [word, "Setpoint", "Deviation", "1,234.5"] {
        assert!(text.contains(whole), "{whole:?} not whole in:\n{text}");
    }
}

#[test]
fn a_role_wider_than_its_column_wraps_and_is_kept_whole() {
    let role = "Übernehmender Bediener";
    let doc = Document {
        title: "Schichtbuch".into(),
        blocks: vec![Block::Signatures(Signatures {
            roles: vec!["Abgebender Bediener".into(), role.into()],
            fields: vec!["Name".into(), "Datum".into(), "Unterschrift".into()],
        })],
        footer: footer(),
        ..Document::default()
    };
    let bytes = render(&doc).expect("render");
    let text = TempPdf::new("roles", &bytes).pages().join("");
    assert!(!text.contains('…'), "a role was cut:\n{text}");
    for word in role.split(' ') {
        assert!(text.contains(word), "{word:?} not in:\n{text}");
    }
    // On two lines: the role is wider than the 30 % of a portrait page its column may take.
    assert!(!text.contains(role), "expected the role wrapped:\n{text}");
}
