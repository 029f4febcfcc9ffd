//! The connector's OPC UA client and sessions: its certificate and trust list, the security
//! of a target server, and which refusals are a FAULT.

use super::*;

/// The connector's OPC UA client: its application certificate (made once under
/// `<pki>/own`) and its trust list (`<pki>/trusted`).
pub fn client(pki: &Path) -> anyhow::Result<Client> {
    ClientBuilder::new()
        .application_name("Batchline connector")
        .application_uri("urn:batchline:connect")
        .product_uri("urn:batchline:connect")
        .create_sample_keypair(true)
        .certificate_path("own/cert.der")
        .private_key_path("private/private.pem")
        .pki_dir(pki)
        .trust_server_certs(false)
        .verify_server_certs(true)
        // The connection's own loop (`run`) retries with back-off and a fresh session, which
        // subscribes anew: async-opcua 0.19 recreates a subscription on a new session but
        // sends it no publish requests (seen against a restarted server), so nothing would
        // arrive.
        .session_retry_limit(0)
        .keep_alive_interval(Duration::from_secs(1))
        .max_failed_keep_alive_count(3)
        .request_timeout(Duration::from_secs(5))
        .session_timeout(60_000)
        .recreate_subscriptions(false)
        .client()
        .map_err(|e| anyhow::anyhow!("OPC UA client: {}", e.join("; ")))
}

/// [`client`] on a blocking thread: the first one makes the RSA key pair, CPU work that must
/// not hold up the runtime's other tasks (status reports, other connections). One at a time
/// in a process: two first clients (the connector and the api's browser in `batchline all`)
/// would each write a key pair, and the certificate could end up from the other.
pub async fn client_off_thread(pki: &Path) -> anyhow::Result<Client> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let pki = pki.to_path_buf();
    tokio::task::spawn_blocking(move || {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        client(&pki)
    })
    .await?
}

fn policy(p: SecurityPolicy) -> UaPolicy {
    match p {
        SecurityPolicy::None => UaPolicy::None,
        SecurityPolicy::Basic256Sha256 => UaPolicy::Basic256Sha256,
        SecurityPolicy::Aes128Sha256RsaOaep => UaPolicy::Aes128Sha256RsaOaep,
        SecurityPolicy::Aes256Sha256RsaPss => UaPolicy::Aes256Sha256RsaPss,
    }
}

fn mode(m: SecurityMode) -> MessageSecurityMode {
    match m {
        SecurityMode::None => MessageSecurityMode::None,
        SecurityMode::Sign => MessageSecurityMode::Sign,
        SecurityMode::SignAndEncrypt => MessageSecurityMode::SignAndEncrypt,
    }
}

/// What a connection signs in with.
pub struct Target<'a> {
    pub endpoint: &'a str,
    pub policy: SecurityPolicy,
    pub mode: SecurityMode,
    pub username: Option<&'a str>,
    pub password: Option<&'a str>,
}

impl<'a> Target<'a> {
    pub fn of(s: &'a Settings) -> Target<'a> {
        Target {
            endpoint: &s.connection.endpoint,
            policy: s.connection.security_policy,
            mode: s.connection.security_mode,
            username: s.connection.username.as_deref(),
            password: s.password.as_deref(),
        }
    }
}

/// A session to `t` and its event loop (not yet polled: nothing is sent until it is).
pub async fn session(
    client: &mut Client,
    t: &Target<'_>,
) -> Result<
    (
        Arc<Session>,
        opcua::client::SessionEventLoop<opcua::client::transport::TcpConnector>,
    ),
    opcua::types::Error,
> {
    let identity = match t.username {
        Some(u) => IdentityToken::new_user_name(u, t.password.unwrap_or_default()),
        None => IdentityToken::Anonymous,
    };
    let endpoint: opcua::types::EndpointDescription = (
        t.endpoint,
        policy(t.policy).to_uri(),
        mode(t.mode),
        UserTokenPolicy::anonymous(),
    )
        .into();
    client
        .connect_to_matching_endpoint(endpoint, identity)
        .await
}

/// Whether a failure is the server refusing us (credentials, certificates, security): a
/// FAULT, not a network trouble to retry at once.
pub fn is_fault(code: StatusCode) -> bool {
    matches!(
        code,
        StatusCode::BadUserAccessDenied
            | StatusCode::BadIdentityTokenInvalid
            | StatusCode::BadIdentityTokenRejected
            | StatusCode::BadCertificateUntrusted
            | StatusCode::BadCertificateInvalid
            | StatusCode::BadCertificateTimeInvalid
            | StatusCode::BadCertificateHostNameInvalid
            | StatusCode::BadCertificateUriInvalid
            | StatusCode::BadCertificateUseNotAllowed
            | StatusCode::BadCertificateRevoked
            | StatusCode::BadSecurityChecksFailed
            | StatusCode::BadSecurityPolicyRejected
            | StatusCode::BadSecurityModeRejected
            | StatusCode::BadTcpEndpointUrlInvalid
    )
}

/// The newest certificate the client put in `<pki>/rejected`, as its SHA-1 thumbprint (hex)
/// and DER bytes: what "trust this server" trusts.
pub fn rejected_certificate(pki: &Path) -> Option<(String, Vec<u8>)> {
    let dir = pki.join("rejected");
    let newest = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()?;
    let der = std::fs::read(newest.1).ok()?;
    let x = opcua::crypto::X509::from_der(&der).ok()?;
    Some((x.thumbprint().as_hex_string().to_lowercase(), der))
}
