//! What a live connection may read (decision 95): the user's rights, read from the database at
//! most every `RIGHTS_FRESH` for subscribing (a database that cannot answer leaves the rights
//! last read in force), topics checked against them, against `MAX_TOPICS` and against the
//! configured lines, and topics taken back when privileges are.

use std::sync::Arc;
use std::time::Duration;

use model::live::Topic;
use session::{Session, Verifier};

use super::MAX_TOPICS;
use crate::Stream;
use crate::hub::{Client, Hub};
use crate::protocol::{ControlFrame, ErrorCode};

/// How long rights read from the database serve the subscriptions that follow.
pub(super) const RIGHTS_FRESH: Duration = Duration::from_secs(10);

/// The user's rights as last read, and when.
pub(super) struct Rights {
    pub(super) session: Session,
    pub(super) read: tokio::time::Instant,
}

/// Rights read again from the database when older than `fresh` (always, with `Duration::ZERO`):
/// `None` when the token is no longer valid. A database that cannot answer leaves the rights
/// last read in force.
pub(super) async fn rights(
    sessions: &Verifier,
    token: &str,
    cache: &std::sync::Mutex<Rights>,
    fresh: Duration,
) -> Option<Session> {
    {
        let c = cache.lock().expect("rights lock");
        if c.read.elapsed() < fresh {
            return Some(c.session.clone());
        }
    }
    match sessions.check(token).await {
        Ok(now) => {
            *cache.lock().expect("rights lock") = Rights {
                session: now.clone(),
                read: tokio::time::Instant::now(),
            };
            Some(now)
        }
        Err(session::SessionError::Database(e)) => {
            metrics::counter!("stream_rights_unreadable_total").increment(1);
            tracing::warn!("cannot read a live client's rights, keeping the last ones: {e}");
            Some(cache.lock().expect("rights lock").session.clone())
        }
        Err(_) => None,
    }
}

/// Subscribes `client` to what of `topics` it may have, and says why it gets none of the rest.
pub(super) async fn subscribe(
    stream: &Stream,
    client: &Arc<Client>,
    now: &Session,
    topics: &[String],
    since: Option<&model::live::Position>,
) {
    let (mut unknown, mut forbidden, mut no_line, mut over) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for t in topics {
        let held = stream.hub.topics(client);
        if held.len() >= MAX_TOPICS && !held.contains(t) {
            over.push(t);
            continue;
        }
        match Topic::parse(t) {
            None => unknown.push(t),
            Some(topic) if !allowed(topic, now) => forbidden.push(t),
            Some(topic) => match line_of(topic) {
                Some(id) if !stream.is_configured(id).await => no_line.push(t),
                _ if topic == Topic::Events => stream.hub.subscribe_events(client, since),
                _ => stream.hub.subscribe(client, t),
            },
        }
    }
    for (code, list) in [
        (ErrorCode::UnknownTopic, unknown),
        (ErrorCode::ForbiddenTopic, forbidden),
        (ErrorCode::UnknownLine, no_line),
        (ErrorCode::TooManyTopics, over),
    ] {
        if !list.is_empty() {
            client.send_control(ControlFrame::error(code, Some(owned(&list))));
        }
    }
}

/// The line a topic is about, if it is about one.
fn line_of(topic: Topic<'_>) -> Option<&str> {
    match topic {
        Topic::Line(id) | Topic::Diagnostics(id) | Topic::Spc(id) => Some(id),
        _ => None,
    }
}

fn allowed(topic: Topic, session: &Session) -> bool {
    topic.rule().allows(session.role, &session.privileges)
}

/// Drops the topics a user may no longer read (privileges taken away while connected) and
/// tells the client which.
pub(super) fn revoke_forbidden(hub: &Hub, client: &Client, now: &Session) {
    let gone: Vec<String> = hub
        .topics(client)
        .into_iter()
        .filter(|t| Topic::parse(t).is_none_or(|topic| !allowed(topic, now)))
        .collect();
    for t in &gone {
        hub.unsubscribe(client, t);
    }
    if !gone.is_empty() {
        client.send_control(ControlFrame::error(ErrorCode::ForbiddenTopic, Some(gone)));
    }
}

fn owned(topics: &[&String]) -> Vec<String> {
    topics.iter().map(|t| t.to_string()).collect()
}
