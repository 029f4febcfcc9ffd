//! `batchline contract DIR`: writes what the web is generated from, so it holds no hand copy
//! of a server type or rule:
//! - `openapi.json`, the api's document (its types become `web/src/generated/api.d.ts`);
//! - `live.json`, the frames of the live WebSocket (`live.d.ts`);
//! - `validation.json`, the §5 rule sets of the forms and the patterns of emails, codes and
//!   times (`model::validation`, `model::config::check`);
//! - `access.json`, the named screen rules, the UI section keys, the topics and the
//!   configuration entities' rules per operation, each with the server's own verdict for every
//!   kind of user, which the web's route × role test holds its guards to.

use std::path::Path;

use anyhow::Context;
use model::access::{NAMED_RULES, UI_SECTIONS, all_privileges};
use model::config::check::{CODE_PATTERN, TIME_PATTERN};
use model::config::{ENTITIES, Op};
use model::live::{TOPIC_EXAMPLES, Topic};
use model::validation::{self as v, Rule};
use model::{AccessRule, Role};
use serde_json::{Map, Value, json};

pub fn write(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for (name, doc) in [
        ("openapi.json", api::openapi().clone()),
        ("live.json", stream::protocol::doc()),
        ("access.json", access()),
        ("validation.json", validation()),
    ] {
        let path = dir.join(name);
        let text = serde_json::to_string_pretty(&doc)? + "\n";
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// The kinds of user every rule is judged for: each role, and PRIVILEGE users holding one
/// privilege each or none.
pub fn identities() -> Vec<(String, Role, Vec<String>)> {
    let mut out = vec![
        ("_SUPER".to_string(), Role::Super, vec![]),
        ("ADMIN".to_string(), Role::Admin, vec![]),
        ("PRIVILEGE".to_string(), Role::Privilege, vec![]),
    ];
    for p in all_privileges() {
        out.push((format!("PRIVILEGE:{p}"), Role::Privilege, vec![p]));
    }
    out
}

fn rule_json(rule: AccessRule) -> Value {
    let roles: Vec<&str> = rule.roles.iter().map(|r| r.as_str()).collect();
    let verdicts: Map<String, Value> = identities()
        .into_iter()
        .map(|(name, role, privileges)| (name, json!(rule.allows(role, &privileges))))
        .collect();
    json!({"roles": roles, "privileges": rule.privileges, "allows": verdicts})
}

fn access() -> Value {
    let name_of = |rule: AccessRule| {
        NAMED_RULES
            .iter()
            .find(|(_, r)| *r == rule)
            .map(|(n, _)| *n)
    };
    let rules: Map<String, Value> = NAMED_RULES
        .iter()
        .map(|(n, r)| (n.to_string(), rule_json(*r)))
        .collect();
    let sections: Map<String, Value> = UI_SECTIONS
        .iter()
        .map(|(k, r)| (k.to_string(), json!(name_of(*r))))
        .collect();
    let topics: Map<String, Value> = TOPIC_EXAMPLES
        .iter()
        .filter_map(|t| Some((t.to_string(), rule_json(Topic::parse(t)?.rule()))))
        .collect();
    let ops = [
        ("list", Op::List),
        ("get", Op::Get),
        ("create", Op::Create),
        ("update", Op::Update),
        ("delete", Op::Delete),
    ];
    let entities: Map<String, Value> = ENTITIES
        .iter()
        .map(|e| {
            let per_op: Map<String, Value> = ops
                .iter()
                .map(|(n, op)| (n.to_string(), rule_json(e.access.rule(*op))))
                .collect();
            (e.key.to_string(), Value::Object(per_op))
        })
        .collect();
    json!({
        "roles": Role::ALL.map(Role::as_str),
        "privileges": all_privileges(),
        "identities": identities().into_iter().map(|(n, r, p)| json!({"name": n, "role": r.as_str(), "privileges": p})).collect::<Vec<_>>(),
        "rules": rules,
        "uiSections": sections,
        "topics": topics,
        "entities": entities,
        // What each role may grant (decision 96): the user form offers only these.
        "grantable": Role::ALL
            .iter()
            .map(|r| {
                let may: Vec<String> = all_privileges()
                    .into_iter()
                    .filter(|p| model::access::may_grant(*r, p))
                    .collect();
                (r.as_str().to_string(), json!(may))
            })
            .collect::<Map<String, Value>>(),
    })
}

fn rules(set: &[Rule]) -> Value {
    set.iter()
        .map(|r| {
            let (check, args) = r.check.spelled();
            json!({"field": r.field, "check": check, "args": args, "expected": r.expected, "message": r.message})
        })
        .collect()
}

fn validation() -> Value {
    json!({
        "ruleSets": {
            "login": rules(v::LOGIN),
            "register": rules(v::REGISTER),
            "forgotPassword": rules(v::FORGOT_PASSWORD),
            "resetPassword": rules(v::RESET_PASSWORD),
            "onPremiseReset": rules(v::ONPREMISE_RESET_SCREEN),
            "userCreate": rules(v::USER_CREATE),
            "username": rules(v::USERNAME),
        },
        "minPasswordLength": v::MIN_PASSWORD_LEN,
        "limits": model::limits::TABLE.iter().map(|(n, v)| (n.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        "signupStrengthAbove": v::SIGNUP_MIN_STRENGTH_ABOVE,
        "resetStrengthAbove": v::RESET_MIN_STRENGTH_ABOVE,
        "patterns": {
            "email": v::EMAIL_PATTERN,
            "code": CODE_PATTERN,
            "time": TIME_PATTERN,
        },
    })
}
