//! Roles, privileges and the one access rule that guards both screens and endpoints (§6):
//! when a rule lists privileges the user needs at least one of them; otherwise the user's role
//! must be in the rule's role list.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::choice! {
    /// Where a user's account stands: invited and not yet signed up (`pending`), able to sign
    /// in (`active`), or locked until an administrator's reset is taken up (`inactive`).
    pub enum UserStatus { Pending = "pending", Active = "active", Inactive = "inactive" }
}

/// A user's role. `_SUPER` is the installation's single super user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum Role {
    #[serde(rename = "_SUPER")]
    Super,
    #[serde(rename = "ADMIN")]
    Admin,
    #[serde(rename = "PRIVILEGE")]
    Privilege,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Super, Role::Admin, Role::Privilege];

    /// The spelling used in tokens, JSON and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Super => "_SUPER",
            Role::Admin => "ADMIN",
            Role::Privilege => "PRIVILEGE",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// The actions most privilege groups have.
pub const PRIVILEGE_ACTIONS: [&str; 4] = ["CREATE", "READ", "UPDATE", "DELETE"];

/// Privilege groups of §9 with their actions; a privilege is a group followed by an action
/// (`_LINE_CREATE`). The alarm group (issue 34) has only reading and handling (`ALARM_READ`,
/// `ALARM_UPDATE`): alarms are raised by the plant, never created or deleted by users; so has
/// the shift log's (`SHIFTLOG_READ`, `SHIFTLOG_UPDATE`): an entry is kept, never deleted. The
/// audit trail (issue 35) is only read (`AUDIT_READ`): it is written by every change. Recipes
/// have an approval too (`RECIPE_APPROVE`, issue 35): signing a release where the line's
/// two-person rule is on.
pub const PRIVILEGE_GROUPS: [(&str, &[&str]); 10] = [
    ("_LINE_", &PRIVILEGE_ACTIONS),
    ("CONFIGURATOR_", &PRIVILEGE_ACTIONS),
    (
        "RECIPE_",
        &["CREATE", "READ", "UPDATE", "DELETE", "APPROVE"],
    ),
    ("SCHEDULE_", &PRIVILEGE_ACTIONS),
    ("REPORTS_", &PRIVILEGE_ACTIONS),
    ("CONNECTION_", &PRIVILEGE_ACTIONS),
    ("LOT_", &PRIVILEGE_ACTIONS),
    ("ALARM_", &["READ", "UPDATE"]),
    ("SHIFTLOG_", &["READ", "UPDATE"]),
    ("AUDIT_", &["READ"]),
];

/// Every privilege that exists, in group order.
pub fn all_privileges() -> Vec<String> {
    PRIVILEGE_GROUPS
        .iter()
        .flat_map(|(g, actions)| actions.iter().map(move |a| format!("{g}{a}")))
        .collect()
}

/// True when `name` is one of [`all_privileges`].
pub fn is_privilege(name: &str) -> bool {
    PRIVILEGE_GROUPS.iter().any(|(g, actions)| {
        name.strip_prefix(g)
            .is_some_and(|action| actions.contains(&action))
    })
}

const ALL_ROLES: [Role; 3] = Role::ALL;

/// Who may use a route or an endpoint (§6 route rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessRule {
    pub roles: &'static [Role],
    /// Privilege names or group prefixes ending in `_` (`"CONFIGURATOR_"` matches any action).
    pub privileges: &'static [&'static str],
}

impl AccessRule {
    /// Any signed-in user.
    pub const ANY: AccessRule = AccessRule::roles(&[Role::Super, Role::Admin, Role::Privilege]);
    /// Only `_SUPER` and `ADMIN` (user management, import, copy).
    pub const ADMINS: AccessRule = AccessRule::roles(&[Role::Super, Role::Admin]);
    /// Only `_SUPER` (stop-time reasons).
    pub const SUPER: AccessRule = AccessRule::roles(&[Role::Super]);
    /// The Configurator: any `_LINE_*` or `CONFIGURATOR_*` privilege (§6 menu).
    pub const CONFIGURATOR: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["_LINE_", "CONFIGURATOR_"]);
    /// Recipe Management: any `RECIPE_*` privilege.
    pub const RECIPES: AccessRule = AccessRule::privileges(&ALL_ROLES, &["RECIPE_"]);
    /// Reading recipes: any `RECIPE_*` privilege (whoever may create or change a recipe must
    /// see it; the Recipe Management menu opens on any of them).
    pub const RECIPE_READ: AccessRule = AccessRule::RECIPES;
    /// `RECIPE_CREATE`: new recipes and save-as copies.
    pub const RECIPE_CREATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["RECIPE_CREATE"]);
    /// `RECIPE_UPDATE`: edits, steps, new versions, releases and reverts.
    pub const RECIPE_UPDATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["RECIPE_UPDATE"]);
    /// `RECIPE_APPROVE`: signing a release as the second person (issue 35).
    pub const RECIPE_APPROVE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["RECIPE_APPROVE"]);
    /// `RECIPE_DELETE`.
    pub const RECIPE_DELETE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["RECIPE_DELETE"]);
    /// Scheduling: any `SCHEDULE_*` privilege.
    pub const SCHEDULING: AccessRule = AccessRule::privileges(&ALL_ROLES, &["SCHEDULE_"]);
    /// Reading orders: any `SCHEDULE_*` privilege.
    pub const SCHEDULE_READ: AccessRule = AccessRule::SCHEDULING;
    /// `SCHEDULE_CREATE`: new orders and flushes.
    pub const SCHEDULE_CREATE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["SCHEDULE_CREATE"]);
    /// `SCHEDULE_UPDATE`: edits, status changes, the carry-over settings.
    pub const SCHEDULE_UPDATE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["SCHEDULE_UPDATE"]);
    /// `SCHEDULE_DELETE`.
    pub const SCHEDULE_DELETE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["SCHEDULE_DELETE"]);
    /// The order and recipe lists report filters are filled from: scheduling or reporting.
    pub const SCHEDULE_FILTERS: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["SCHEDULE_", "REPORTS_"]);
    /// Reporting, diagnostics included: any `REPORTS_*` privilege.
    pub const REPORTS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["REPORTS_"]);
    /// Reading reports: any `REPORTS_*` privilege (as the menu opens Reporting).
    pub const REPORTS_READ: AccessRule = AccessRule::REPORTS;
    /// Correcting report data (a stop's reason): `REPORTS_UPDATE`.
    pub const REPORTS_UPDATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["REPORTS_UPDATE"]);
    /// Line new and stop-time group new (§6): `_LINE_CREATE`, and `_SUPER` by role.
    pub const LINE_CREATE: AccessRule = AccessRule::privileges(&[Role::Super], &["_LINE_CREATE"]);
    /// Bin assignment changes bins for recipes: configurator or recipe update rights.
    pub const BIN_ASSIGNMENT: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["CONFIGURATOR_UPDATE", "RECIPE_UPDATE"]);
    /// Plant connections (issue 32): any `CONNECTION_*` privilege reads them, their status and
    /// browses a server.
    pub const CONNECTIONS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["CONNECTION_"]);
    /// `CONNECTION_CREATE`: new connections.
    pub const CONNECTION_CREATE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["CONNECTION_CREATE"]);
    /// `CONNECTION_UPDATE`: changes, testing a connection, trusting a server.
    pub const CONNECTION_UPDATE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["CONNECTION_UPDATE"]);
    /// Browsing a server and testing a connection, as the form does while a connection is
    /// created or changed: `CONNECTION_CREATE` or `CONNECTION_UPDATE`.
    pub const CONNECTION_EDIT: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["CONNECTION_CREATE", "CONNECTION_UPDATE"]);
    /// `CONNECTION_DELETE`.
    pub const CONNECTION_DELETE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["CONNECTION_DELETE"]);
    /// Traceability (issue 33): any `LOT_*` privilege reads suppliers, lots, customers,
    /// deliveries, bin contents and traces.
    pub const LOTS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["LOT_"]);
    /// `LOT_CREATE`: goods-in, fills, suppliers, customers, deliveries.
    pub const LOT_CREATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["LOT_CREATE"]);
    /// `LOT_UPDATE`: changes, a lot's status.
    pub const LOT_UPDATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["LOT_UPDATE"]);
    /// `LOT_DELETE`.
    pub const LOT_DELETE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["LOT_DELETE"]);
    /// Alarm handling (issue 34): any `ALARM_*` privilege reads what is active, unacknowledged
    /// or shelved.
    pub const ALARMS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["ALARM_"]);
    /// `ALARM_UPDATE`: acknowledging, shelving, unshelving, commenting.
    pub const ALARM_UPDATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["ALARM_UPDATE"]);
    /// The shift log (issue 34): any `SHIFTLOG_*` privilege reads it.
    pub const SHIFT_LOGS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["SHIFTLOG_"]);
    /// `SHIFTLOG_UPDATE`: writing an entry, its notes and open items, taking a handover.
    pub const SHIFT_LOG_UPDATE: AccessRule =
        AccessRule::privileges(&ALL_ROLES, &["SHIFTLOG_UPDATE"]);
    /// The audit trail (issue 35): `AUDIT_READ`, and ADMIN and `_SUPER` by role.
    pub const AUDIT: AccessRule = AccessRule::privileges(&ALL_ROLES, &["AUDIT_READ"]);
    /// The lots a batch used: the batch record shows them to report readers too.
    pub const BATCH_LOTS: AccessRule = AccessRule::privileges(&ALL_ROLES, &["LOT_", "REPORTS_"]);
    /// Line view/edit and stop-time group view/edit (§6): `_LINE_UPDATE`.
    pub const LINE_UPDATE: AccessRule = AccessRule::privileges(&ALL_ROLES, &["_LINE_UPDATE"]);

    pub const fn roles(roles: &'static [Role]) -> Self {
        AccessRule {
            roles,
            privileges: &[],
        }
    }

    /// A privilege rule. `_SUPER` and `ADMIN` hold every privilege implicitly, so they pass
    /// whenever they are listed in `roles`.
    pub const fn privileges(roles: &'static [Role], privileges: &'static [&'static str]) -> Self {
        AccessRule { roles, privileges }
    }

    /// The §6 rule. Privilege rules apply to PRIVILEGE users; `_SUPER` and `ADMIN` are judged by
    /// the role list, which is how the spec's menus treat them.
    pub fn allows(&self, role: Role, privileges: &[String]) -> bool {
        if self.privileges.is_empty() || role != Role::Privilege {
            return self.roles.contains(&role);
        }
        self.privileges.iter().any(|wanted| {
            privileges.iter().any(|held| {
                if wanted.ends_with('_') {
                    held.starts_with(wanted)
                } else {
                    held == wanted
                }
            })
        })
    }
}

impl AccessRule {
    /// Whether the rule names `privilege` (itself, or a group it belongs to).
    pub fn names(&self, privilege: &str) -> bool {
        self.privileges.iter().any(|wanted| {
            if wanted.ends_with('_') {
                privilege.starts_with(wanted)
            } else {
                *wanted == privilege
            }
        })
    }
}

/// Every rule that names privileges: the screens' and the configuration's.
fn privilege_rules() -> impl Iterator<Item = AccessRule> {
    use crate::config::{Access, Op};
    NAMED_RULES.iter().map(|(_, r)| *r).chain(
        Access::ALL
            .into_iter()
            .flat_map(|a| Op::ALL.into_iter().map(move |op| a.rule(op))),
    )
}

/// Whether a user of `role` may grant `privilege` (decision 96): only what the role may
/// exercise itself — every rule naming the privilege lets the role pass. `_SUPER` may grant
/// everything; an ADMIN may not grant `_LINE_CREATE` or `_LINE_DELETE`, which §6 gives to
/// `_SUPER` alone.
pub fn may_grant(role: Role, privilege: &str) -> bool {
    role == Role::Super
        || privilege_rules()
            .filter(|r| r.names(privilege))
            .all(|r| r.roles.contains(&role))
}

/// The rules the screens are guarded by, by name: the web's route table and menu use these
/// (exported by `batchline contract`), the api guards its calls with the same values.
pub const NAMED_RULES: [(&str, AccessRule); 32] = [
    ("any", AccessRule::ANY),
    ("admins", AccessRule::ADMINS),
    ("super", AccessRule::SUPER),
    ("configurator", AccessRule::CONFIGURATOR),
    ("recipes", AccessRule::RECIPES),
    ("scheduling", AccessRule::SCHEDULING),
    ("reports", AccessRule::REPORTS),
    ("reportsUpdate", AccessRule::REPORTS_UPDATE),
    ("lineCreate", AccessRule::LINE_CREATE),
    ("lineUpdate", AccessRule::LINE_UPDATE),
    ("binAssignment", AccessRule::BIN_ASSIGNMENT),
    ("recipeCreate", AccessRule::RECIPE_CREATE),
    ("recipeUpdate", AccessRule::RECIPE_UPDATE),
    ("recipeDelete", AccessRule::RECIPE_DELETE),
    ("scheduleCreate", AccessRule::SCHEDULE_CREATE),
    ("scheduleUpdate", AccessRule::SCHEDULE_UPDATE),
    ("scheduleDelete", AccessRule::SCHEDULE_DELETE),
    ("connections", AccessRule::CONNECTIONS),
    ("connectionCreate", AccessRule::CONNECTION_CREATE),
    ("connectionUpdate", AccessRule::CONNECTION_UPDATE),
    ("connectionEdit", AccessRule::CONNECTION_EDIT),
    ("connectionDelete", AccessRule::CONNECTION_DELETE),
    ("lots", AccessRule::LOTS),
    ("lotCreate", AccessRule::LOT_CREATE),
    ("lotUpdate", AccessRule::LOT_UPDATE),
    ("lotDelete", AccessRule::LOT_DELETE),
    ("batchLots", AccessRule::BATCH_LOTS),
    ("alarms", AccessRule::ALARMS),
    ("alarmUpdate", AccessRule::ALARM_UPDATE),
    ("shiftLogs", AccessRule::SHIFT_LOGS),
    ("shiftLogUpdate", AccessRule::SHIFT_LOG_UPDATE),
    ("audit", AccessRule::AUDIT),
];

/// The UI section keys of §6 and the rule that opens each: the web shows a section, and the
/// server serves its data, to exactly the users its rule lets in.
pub const UI_SECTIONS: [(&str, AccessRule); 5] = [
    ("diagnostics", AccessRule::REPORTS),
    ("configUI", AccessRule::CONFIGURATOR),
    ("configUI.recipeConfig.weighing", AccessRule::RECIPES),
    ("configUI.iramConfig", AccessRule::ADMINS),
    ("configUI.schedulingUI", AccessRule::SCHEDULING),
];

/// The rule of a UI section key, `None` for a key that is not one.
pub fn ui_section(key: &str) -> Option<AccessRule> {
    UI_SECTIONS.iter().find(|(k, _)| *k == key).map(|(_, r)| *r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn there_are_thirty_four_privileges_and_each_is_recognised() {
        let all = all_privileges();
        assert_eq!(all.len(), 34);
        assert!(all.contains(&"RECIPE_APPROVE".to_string()));
        assert!(all.contains(&"AUDIT_READ".to_string()));
        assert!(!is_privilege("AUDIT_UPDATE"));
        assert!(all.contains(&"ALARM_UPDATE".to_string()));
        assert!(all.contains(&"SHIFTLOG_UPDATE".to_string()));
        assert!(!is_privilege("SHIFTLOG_DELETE"));
        assert!(!is_privilege("ALARM_CREATE"));
        assert!(all.contains(&"LOT_DELETE".to_string()));
        assert!(all.iter().all(|n| is_privilege(n)));
        assert!(all.contains(&"_LINE_CREATE".to_string()));
        assert!(!is_privilege("LINE_CREATE"));
        assert!(!is_privilege("RECIPE_PUBLISH"));
    }

    #[test]
    fn role_rule_checks_the_role_list_only() {
        assert!(AccessRule::ADMINS.allows(Role::Admin, &[]));
        assert!(AccessRule::ADMINS.allows(Role::Super, &[]));
        assert!(!AccessRule::ADMINS.allows(Role::Privilege, &p(&["_LINE_CREATE"])));
    }

    #[test]
    fn privilege_rule_needs_one_listed_privilege_for_privilege_users() {
        const R: AccessRule = AccessRule::privileges(
            &[Role::Super, Role::Admin, Role::Privilege],
            &["_LINE_CREATE"],
        );
        assert!(R.allows(Role::Privilege, &p(&["_LINE_CREATE"])));
        assert!(!R.allows(Role::Privilege, &p(&["_LINE_UPDATE", "RECIPE_CREATE"])));
        assert!(R.allows(Role::Admin, &[]));
    }

    #[test]
    fn group_prefix_matches_any_action_of_the_group() {
        const R: AccessRule = AccessRule::privileges(
            &[Role::Super, Role::Admin, Role::Privilege],
            &["_LINE_", "CONFIGURATOR_"],
        );
        assert!(R.allows(Role::Privilege, &p(&["CONFIGURATOR_READ"])));
        assert!(R.allows(Role::Privilege, &p(&["_LINE_UPDATE"])));
        assert!(!R.allows(Role::Privilege, &p(&["REPORTS_READ"])));
    }

    #[test]
    fn roles_round_trip_through_their_spelling() {
        for r in Role::ALL {
            assert_eq!(Role::parse(r.as_str()), Some(r));
            assert_eq!(
                serde_json::to_string(&r).unwrap(),
                format!("\"{}\"", r.as_str())
            );
        }
        assert_eq!(Role::parse("admin"), None);
    }

    #[test]
    fn an_admin_grants_only_what_an_admin_may_do() {
        let refused: Vec<String> = all_privileges()
            .into_iter()
            .filter(|p| !may_grant(Role::Admin, p))
            .collect();
        assert_eq!(refused, ["_LINE_CREATE", "_LINE_DELETE"]);
        assert!(all_privileges().iter().all(|p| may_grant(Role::Super, p)));
        assert!(!may_grant(Role::Privilege, "_LINE_CREATE"));
    }
}
