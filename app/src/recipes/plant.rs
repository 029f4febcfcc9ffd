//! Loads the configuration of one line as the recipe checks see it ([`model::recipe::Plant`]).

use model::recipe::{Plant, Records};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::Result;
use crate::plant::entity;

/// The live configuration of `line` (an empty plant for a line that does not exist).
pub async fn load(db: &mut PgConnection, line: Uuid) -> Result<Plant> {
    let mut lists = Vec::new();
    for key in [
        "scales",
        "materialdirectory",
        "materialcategories",
        "bins",
        "mixingactions",
        "mixingmodes",
        "actionparameters",
        "modeparameters",
        "miscellaneousparameters",
        "feedingpoints",
    ] {
        lists.push(db::config::list(&mut *db, entity(key), Some(line), &[]).await?);
    }
    let line = db::config::get(&mut *db, entity("lines"), line)
        .await?
        .unwrap_or_default();
    let mut it = lists.into_iter();
    let mut next = || it.next().unwrap_or_default();
    let records = Records {
        line,
        scales: next(),
        materials: next(),
        categories: next(),
        bins: next(),
        actions: next(),
        modes: next(),
        action_parameters: next(),
        mode_parameters: next(),
        miscellaneous_parameters: next(),
        feeding_points: next(),
    };
    Ok(Plant::from_records(&records))
}
