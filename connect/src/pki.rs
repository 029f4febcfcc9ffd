//! The connector's trust list (issue 32): server certificates an administrator trusted
//! ("trust this server"), kept where the OPC UA client looks for them — `<pki>/trusted`, under
//! the file name async-opcua gives a certificate — and taken out of `<pki>/rejected`, which
//! the client reads first.

use std::path::Path;

use opcua::crypto::{CertificateStore, X509};

/// The thumbprint (SHA-1, lower-case hex) and subject of a DER certificate.
pub fn describe(der: &[u8]) -> anyhow::Result<(String, String)> {
    let x = X509::from_der(der).map_err(|e| anyhow::anyhow!("not a certificate: {e}"))?;
    Ok((
        x.thumbprint().as_hex_string().to_lowercase(),
        x.subject_name(),
    ))
}

fn named(dir: &Path, thumbprint: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.to_lowercase().contains(&thumbprint.to_lowercase()))
        })
        .collect()
}

/// Trusts the certificate `der`: written to `<pki>/trusted`, removed from `<pki>/rejected`.
pub fn trust(pki: &Path, der: &[u8]) -> anyhow::Result<String> {
    let x = X509::from_der(der).map_err(|e| anyhow::anyhow!("not a certificate: {e}"))?;
    let thumbprint = x.thumbprint().as_hex_string().to_lowercase();
    let trusted = pki.join("trusted");
    std::fs::create_dir_all(&trusted)?;
    std::fs::write(trusted.join(CertificateStore::cert_file_name(&x)), der)?;
    for p in named(&pki.join("rejected"), &thumbprint) {
        let _ = std::fs::remove_file(p);
    }
    Ok(thumbprint)
}

/// Withdraws trust from the certificate `thumbprint`.
pub fn distrust(pki: &Path, thumbprint: &str) {
    for p in named(&pki.join("trusted"), thumbprint) {
        let _ = std::fs::remove_file(p);
    }
}

/// The thumbprints trusted now.
pub fn trusted(pki: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(pki.join("trusted")) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|der| describe(&der).ok().map(|(t, _)| t))
        .collect()
}
