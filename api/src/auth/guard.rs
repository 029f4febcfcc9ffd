//! The one access mechanism for every guarded endpoint: the rule (§6) is declared next to the
//! route with [`guarded`], which also writes it into the OpenAPI document. The guard checks
//! the bearer token (signature, expiry, revocation, token version) and then the rule against
//! the user's *current* role and privileges, so a demoted user loses access at once.

use axum::extract::{FromRequestParts, Request};
use axum::http::{header, request::Parts};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use model::{AccessRule, Msg, Role};
use utoipa::openapi::security::SecurityRequirement;
use utoipa_axum::router::UtoipaMethodRouter;

use crate::AppState;
use crate::error::ApiError;
use session::{Claims, SessionError};

/// The signed-in user of a guarded request.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub claims: Claims,
    /// Role and privileges as they are now (not as when the token was issued).
    pub role: Role,
    pub privileges: Vec<String>,
}

impl AuthUser {
    pub fn email(&self) -> &str {
        &self.claims.user_email
    }
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<AuthUser>()
            .cloned()
            .ok_or(ApiError::Unauthorized(Msg::new("auth.unauthenticated")))
    }
}

/// Puts `rule` in front of a route and documents it.
pub fn guarded(
    rule: AccessRule,
    route: UtoipaMethodRouter<AppState>,
) -> UtoipaMethodRouter<AppState> {
    let (schemas, mut paths, method_router) = route;
    let note = describe(&rule);
    for item in paths.paths.values_mut() {
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
        {
            op.security = Some(vec![SecurityRequirement::new(
                "bearer",
                Vec::<String>::new(),
            )]);
            op.description = Some(match op.description.take() {
                Some(d) if !d.is_empty() => format!("{d}\n\n{note}"),
                _ => note.clone(),
            });
            op.extensions.get_or_insert_default().merge(
                utoipa::openapi::extensions::ExtensionsBuilder::new()
                    .add(
                        "x-access-roles",
                        rule.roles.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
                    )
                    .add("x-access-privileges", rule.privileges.to_vec())
                    .build(),
            );
        }
    }
    let method_router =
        method_router.route_layer(middleware::from_fn(move |req: Request, next: Next| {
            check(rule, req, next)
        }));
    (schemas, paths, method_router)
}

fn describe(rule: &AccessRule) -> String {
    let roles: Vec<_> = rule.roles.iter().map(|r| r.as_str()).collect();
    if rule.privileges.is_empty() {
        format!("Access: {}.", roles.join(", "))
    } else {
        format!(
            "Access: {}; PRIVILEGE users need one of {}.",
            roles.join(", "),
            rule.privileges.join(", ")
        )
    }
}

async fn check(rule: AccessRule, mut req: Request, next: Next) -> Response {
    let state = req.extensions().get::<AppState>().cloned();
    let token = bearer(req.headers()).map(str::to_string);
    match authorize(rule, state, token).await {
        Ok(user) => {
            req.extensions_mut().insert(user);
            next.run(req).await
        }
        Err(e) => e.into_response(),
    }
}

/// The bearer token of a request, if any.
pub fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

async fn authorize(
    rule: AccessRule,
    state: Option<AppState>,
    token: Option<String>,
) -> Result<AuthUser, ApiError> {
    let state = state.ok_or_else(|| anyhow::anyhow!("AppState missing from the request"))?;
    let token = token.ok_or(ApiError::Unauthorized(Msg::new("auth.unauthenticated")))?;
    let user = authenticate(&state, &token).await?;
    if !rule.allows(user.role, &user.privileges) {
        return Err(ApiError::forbidden());
    }
    Ok(user)
}

/// Checks a session token ([`session::Verifier::check`]): a refused token is a 401 that tells
/// the user to sign in again.
pub async fn authenticate(state: &AppState, token: &str) -> Result<AuthUser, ApiError> {
    match state.sessions().check(token).await {
        Ok(s) => Ok(AuthUser {
            claims: s.claims,
            role: s.role,
            privileges: s.privileges,
        }),
        Err(SessionError::Invalid) => Err(ApiError::Unauthorized(Msg::new("auth.sessionExpired"))),
        Err(SessionError::Database(e)) => Err(e.into()),
    }
}
