//! Outgoing mail: SMTP when `SMTP_URL` is set, otherwise one file per mail in
//! `<data_dir>/outbox/`, logged, so the demo and the tests can follow sign-up and reset links.

use std::path::PathBuf;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub enum Mailer {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    Outbox {
        dir: PathBuf,
        from: String,
    },
}

impl Mailer {
    pub fn new(
        smtp_url: Option<&str>,
        from: &str,
        data_dir: &std::path::Path,
    ) -> anyhow::Result<Self> {
        Ok(match smtp_url {
            Some(url) => Mailer::Smtp {
                transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build(),
                from: from.parse()?,
            },
            None => Mailer::Outbox {
                dir: data_dir.join("outbox"),
                from: from.to_string(),
            },
        })
    }

    /// Sends (or files) one plain-text mail.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> anyhow::Result<()> {
        match self {
            Mailer::Smtp { transport, from } => {
                let message = Message::builder()
                    .from(from.clone())
                    .to(to.parse()?)
                    .subject(subject)
                    .body(body.to_string())?;
                transport.send(message).await?;
                tracing::info!(%to, %subject, "mail sent");
            }
            Mailer::Outbox { dir, from } => {
                tokio::fs::create_dir_all(dir).await?;
                let name = format!(
                    "{}-{}.eml",
                    chrono::Utc::now().format("%Y%m%dT%H%M%S%.6f"),
                    safe(to)
                );
                let path = dir.join(name);
                let text = format!(
                    "From: {from}\nTo: {to}\nSubject: {subject}\nContent-Type: text/plain; charset=utf-8\n\n{body}\n"
                );
                tokio::fs::write(&path, text).await?;
                tracing::info!(%to, %subject, path = %path.display(), "mail written to the outbox");
            }
        }
        Ok(())
    }

    /// Sends (or files) one mail with `file` attached, as a MIME message whose Message-ID is
    /// made from `key`; in the outbox it is the file `<key>-<to>.eml`, so sending the same
    /// delivery again replaces it rather than adding one.
    pub async fn send_file(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        file: &Attachment,
        key: &str,
    ) -> anyhow::Result<()> {
        let from = match self {
            Mailer::Smtp { from, .. } => from.clone(),
            Mailer::Outbox { from, .. } => from.parse()?,
        };
        let message = Message::builder()
            .from(from)
            .to(to.parse()?)
            .subject(subject)
            .message_id(Some(format!("<{key}@batchline>")))
            .multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(body.to_string()))
                    .singlepart(
                        lettre::message::Attachment::new(file.name.clone())
                            .body(file.bytes.clone(), ContentType::parse(&file.content_type)?),
                    ),
            )?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport.send(message).await?;
                tracing::info!(%to, %subject, file = %file.name, "mail with a file sent");
            }
            Mailer::Outbox { dir, .. } => {
                tokio::fs::create_dir_all(dir).await?;
                let path = dir.join(format!("{key}-{}.eml", safe(to)));
                tokio::fs::write(&path, message.formatted()).await?;
                tracing::info!(%to, %subject, path = %path.display(), "mail with a file written to the outbox");
            }
        }
        Ok(())
    }
}

/// A file to attach.
pub struct Attachment {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// An address as a file name takes it.
fn safe(to: &str) -> String {
    to.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "@.-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}
