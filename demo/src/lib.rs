//! The demo feed mill of `batchline seed`: two lines (a pellet line and a mash line), each with
//! shifts, one scale of every type, material categories and materials in bins, dosing and
//! feeding points, mixing actions and modes with their parameters, engineering and report
//! parameters, an iRam, parameter groups and stop reasons. Every record goes through
//! [`app::plant::create`], the checks of the add calls. Codes follow the simulator's
//! (`sim::recipes`: `S-MAJOR`, `BIN-01`, `CORN`, `SR-BLOCKAGE`, `DRY_MIX`, `MIXER_POWER_KW`)
//! so production data and configuration name the same things; names come in the seed language.
//!
//! Then a day of production orders per line, released ([`planner`]).
//!
//! Seeding is skipped when any line is configured: the demo never mixes into a real plant, and
//! a second `batchline seed` creates nothing.
//!
//! The data is in `data`, a table per entity kind; `seeder` turns it into records.

mod data;
pub mod planner;
mod seeder;

use std::collections::BTreeMap;
use std::fmt;

use anyhow::Context;
use app::App;
use app::plant::entity;
use model::Lang;

/// A name in every language, in the order of [`Lang::ALL`]: en, de, nl, fr, es.
type Names = [&'static str; 5];

/// What a seed did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// A plant was configured already; nothing was created.
    pub skipped: bool,
    /// Records created, per entity key.
    pub created: BTreeMap<&'static str, usize>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.skipped {
            return f.write_str("skipped (a plant is configured)");
        }
        let parts: Vec<String> = self
            .created
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// Seeds the demo plant with names in `language` (en, de, nl, fr, es), unless a line is
/// configured already. Records are created as the super user (`system` without one).
pub async fn seed(state: &App, language: &str) -> anyhow::Result<Summary> {
    let lang = Lang::ALL
        .iter()
        .position(|l| l.code() == language)
        .with_context(|| format!("no demo names in {language:?} (en, de, nl, fr, es)"))?;
    let configured = db::config::list(&state.pool, entity("lines"), None, &[]).await?;
    if !configured.is_empty() {
        tracing::info!(
            lines = configured.len(),
            "lines are configured; the demo plant is not seeded"
        );
        return Ok(Summary {
            skipped: true,
            ..Summary::default()
        });
    }
    let actor = db::users::super_user(&state.pool)
        .await?
        .map_or_else(|| "system".to_string(), |u| u.email);
    let mut summary = seeder::Seeder::new(state, actor, lang).plant().await?;
    let orders = planner::seed(state)
        .await
        .context("planning the first day")?;
    summary.created.insert("productionschedules", orders);
    tracing::info!(language, created = %summary, "demo plant seeded");
    Ok(summary)
}

/// Adds demo lines until `lines` are configured (`L3`, `L4`, … like the demo's pellet and mash
/// lines, names in `language`) and plans their first day; the number of lines added.
pub async fn add_lines(state: &App, language: &str, lines: usize) -> anyhow::Result<usize> {
    let lang = Lang::ALL
        .iter()
        .position(|l| l.code() == language)
        .with_context(|| format!("no demo names in {language:?} (en, de, nl, fr, es)"))?;
    let have = db::config::list(&state.pool, entity("lines"), None, &[])
        .await?
        .len();
    if have >= lines {
        return Ok(0);
    }
    let actor = db::users::super_user(&state.pool)
        .await?
        .map_or_else(|| "system".to_string(), |u| u.email);
    seeder::Seeder::new(state, actor, lang)
        .more_lines(have + 1, lines)
        .await?;
    planner::top_up(state)
        .await
        .context("planning the new lines")?;
    Ok(lines - have)
}
