//! Electronic signatures on releases (issue 35, item 2). The edge checks the signer's password
//! again (throttled like a sign-in) and hands over a [`Signer`]; the command decides whether its
//! release needs a signature and signs in its own transaction: the meaning must be a built-in
//! or configured one, and where the line's two-person rule is on the signer must not be the
//! last editor of what is released and must hold `RECIPE_APPROVE`. The manifest (full name,
//! meaning, time in the line's zone) is kept with the record and audited.

use model::choice::Choice;
use model::signature::{BUILT_IN_MEANINGS, Purpose, Signature};
use model::{AccessRule, Msg, Role};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Result};

/// Whoever signs, their password already checked again.
#[derive(Debug, Clone)]
pub struct Signer {
    pub email: String,
    /// The full name the manifest shows.
    pub name: String,
    pub role: Role,
    pub privileges: Vec<String>,
    /// The meaning asked for (checked here).
    pub meaning: String,
}

impl Signer {
    /// The signer of what a tool does as `actor` with nobody at the keyboard (the demo plant's
    /// seed releasing its recipes and orders): `_SUPER`, meaning APPROVED, named by the actor.
    pub fn tool(actor: &str) -> Signer {
        Signer {
            email: actor.to_string(),
            name: actor.to_string(),
            role: Role::Super,
            privileges: Vec::new(),
            meaning: "APPROVED".into(),
        }
    }
}

/// What is signed.
pub(crate) struct Signing<'a> {
    pub entity: &'static str,
    pub entity_id: Uuid,
    pub line: Uuid,
    pub purpose: Purpose,
    pub level: Option<i32>,
    /// Who last changed what is released (the two-person rule's other person).
    pub last_editor: Option<&'a str>,
}

/// The English name kept with a built-in meaning (screens and PDFs say it in their language).
fn built_in_name(code: &str) -> &'static str {
    match code {
        "REVIEWED" => "Reviewed",
        _ => "Approved",
    }
}

/// Signs `what` as `signer`: 403 `required` without one; 400 for a meaning the plant does not
/// have; 403 where the two-person rule refuses the signer.
pub(crate) async fn sign(
    tx: &mut PgConnection,
    what: Signing<'_>,
    signer: Option<&Signer>,
    required: Msg,
) -> Result<Signature> {
    let Some(signer) = signer else {
        return Err(Error::Forbidden(required));
    };
    let asked = signer.meaning.trim();
    let (meaning, meaning_name) = match BUILT_IN_MEANINGS
        .iter()
        .find(|m| m.eq_ignore_ascii_case(asked))
    {
        Some(m) => (m.to_string(), built_in_name(m).to_string()),
        None if asked.is_empty() => {
            return Err(Error::field(
                "signature.meaning",
                Msg::new("validation.required"),
            ));
        }
        None => db::signatures::configured_meaning(&mut *tx, asked)
            .await?
            .ok_or_else(|| {
                Error::field(
                    "signature.meaning",
                    Msg::new("signature.meaningUnknown").arg("meaning", asked),
                )
            })?,
    };
    let two_person = db::signatures::two_person_rule(&mut *tx, what.line).await?;
    if two_person {
        if let Some(editor) = what
            .last_editor
            .filter(|e| e.eq_ignore_ascii_case(&signer.email))
        {
            return Err(Error::Forbidden(
                Msg::new("signature.samePerson").arg("editor", editor),
            ));
        }
        if !AccessRule::RECIPE_APPROVE.allows(signer.role, &signer.privileges) {
            return Err(Error::Forbidden(Msg::new("signature.approverNeeded")));
        }
    }
    let row = db::signatures::insert(
        &mut *tx,
        &db::signatures::New {
            entity: what.entity,
            entity_id: what.entity_id,
            line: what.line,
            purpose: what.purpose.as_str(),
            level: what.level,
            signer: &signer.email,
            signer_name: &signer.name,
            meaning: &meaning,
            meaning_name: &meaning_name,
            two_person,
        },
    )
    .await?;
    let signature = manifest(row);
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(&signer.email),
            action: "signed",
            entity: what.entity,
            entity_id: Some(what.entity_id.to_string()),
            before: None,
            after: None,
            detail: Some(json!({
                "purpose": signature.purpose, "level": signature.level,
                "signerName": signature.signer_name, "meaning": signature.meaning,
                "meaningName": signature.meaning_name, "signedLocal": signature.signed_local,
                "zone": signature.zone, "twoPerson": signature.two_person,
                "lineId": what.line.to_string(),
            })),
        },
    )
    .await?;
    Ok(signature)
}

pub fn manifest(r: db::signatures::Row) -> Signature {
    Signature {
        id: r.id.to_string(),
        purpose: Purpose::parse(&r.purpose).unwrap_or(Purpose::RecipeRelease),
        level: r.level,
        signer: r.signer,
        signer_name: r.signer_name,
        meaning: r.meaning,
        meaning_name: r.meaning_name,
        signed_at: r.signed_at,
        signed_local: r.signed_local,
        zone: r.zone,
        two_person: r.two_person,
    }
}

/// The signatures of records `ids` of `entity`, oldest first.
pub async fn of(
    db: impl sqlx::PgExecutor<'_>,
    entity: &str,
    ids: &[Uuid],
) -> Result<Vec<(Uuid, Signature)>> {
    Ok(db::signatures::of(db, entity, ids)
        .await?
        .into_iter()
        .map(|r| (r.entity_id, manifest(r)))
        .collect())
}
