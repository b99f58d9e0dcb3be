//! TLS to PostgreSQL, read from the URL as libpq reads it: `sslmode` (`disable`, `prefer`,
//! `require`, `verify-ca`, `verify-full`) and `sslrootcert` (a PEM file of the authorities to
//! trust, or `system`).
//!
//! The driver knows only `disable`, `prefer` and `require`, and no `sslrootcert`: both are
//! taken out of the URL here, the driver is told whether TLS is wanted, and the checks of the
//! server's certificate live in the rustls configuration handed to it.
//!
//! | `sslmode` | TLS | the certificate |
//! | --- | --- | --- |
//! | `disable` | never | — |
//! | `prefer` (the default) | when the server offers it | not checked |
//! | `require` | always | not checked (as `verify-ca` when `sslrootcert` names a file) |
//! | `verify-ca` | always | signed by a trusted authority |
//! | `verify-full` | always | signed by a trusted authority, for the host connected to |
//!
//! The trusted authorities are `sslrootcert`'s, or the system's when it is not given (libpq
//! would read `~/.postgresql/root.crt` instead; a server with a certificate from a public
//! authority, as managed services have, then needs no file).

use std::path::PathBuf;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore};
use tokio_postgres::config::SslMode;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How much the server's certificate is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// Not at all: the connection is encrypted, but anyone in the middle could answer.
    Nothing,
    /// Signed by a trusted authority, whatever host it names.
    Authority,
    /// Signed by a trusted authority, and naming the host connected to.
    Full,
}

/// What the URL asks of TLS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TlsSettings {
    /// The mode as written, for messages.
    pub(crate) mode: &'static str,
    pub(crate) ssl_mode: SslMode,
    pub(crate) check: Check,
    /// `sslrootcert`: `None` for the system's authorities.
    pub(crate) root: Option<PathBuf>,
}

/// Takes `sslmode` and `sslrootcert` out of `url` (a `postgres://` URL or `key=value` words);
/// returns the URL the driver reads and what they ask.
///
/// # Errors
/// A mode libpq has and this does not (`allow`), one nobody has, or client certificates
/// (`sslcert`, `sslkey`), which are not supported: a message saying what to write instead.
pub(crate) fn settings(url: &str) -> Result<(String, TlsSettings), String> {
    let mut mode = None;
    let mut root = None;
    let mut take = |key: &str, value: &str| -> Result<bool, String> {
        match key {
            "sslmode" => mode = Some(value.to_string()),
            "sslrootcert" => root = Some(value.to_string()),
            "sslcert" | "sslkey" => {
                return Err(format!(
                    "{key}: client certificates are not supported; sign in with a password, as \
                     the server's pg_hba.conf allows"
                ))
            }
            _ => return Ok(false),
        }
        Ok(true)
    };
    let rest = if let Some((base, query)) = url.split_once('?').filter(|_| url.contains("://")) {
        let mut kept = Vec::new();
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            if !take(key, &percent_decode(value))? {
                kept.push(pair);
            }
        }
        if kept.is_empty() {
            base.to_string()
        } else {
            format!("{base}?{}", kept.join("&"))
        }
    } else if url.contains("://") {
        url.to_string()
    } else {
        let mut kept = Vec::new();
        for word in url.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            if !take(key.trim(), value.trim().trim_matches('\''))? {
                kept.push(word);
            }
        }
        kept.join(" ")
    };
    let root = root.map(PathBuf::from);
    let from_file = root.as_ref().is_some_and(|r| r.as_os_str() != "system");
    let (mode, ssl_mode, check) =
        match mode.as_deref().unwrap_or("prefer") {
            "disable" => ("disable", SslMode::Disable, Check::Nothing),
            "prefer" => ("prefer", SslMode::Prefer, Check::Nothing),
            // libpq's rule: with a root certificate, `require` checks the authority.
            "require" if from_file => ("require", SslMode::Require, Check::Authority),
            "require" => ("require", SslMode::Require, Check::Nothing),
            "verify-ca" => ("verify-ca", SslMode::Require, Check::Authority),
            "verify-full" => ("verify-full", SslMode::Require, Check::Full),
            "allow" => return Err(
                "sslmode=allow is not supported: use sslmode=prefer (TLS when the server offers \
                 it) or sslmode=disable"
                    .into(),
            ),
            other => {
                return Err(format!(
                    "sslmode={other} is not one: use disable, prefer, require, verify-ca or \
                 verify-full"
                ))
            }
        };
    // libpq's rule: `sslrootcert=system` means the system's authorities, checked fully.
    let (root, check, mode, ssl_mode) = match root {
        Some(r) if r.as_os_str() == "system" => {
            if ssl_mode != SslMode::Require || check != Check::Full {
                return Err(format!(
                    "sslrootcert=system needs sslmode=verify-full (it is {mode}): the system's \
                     authorities vouch for host names"
                ));
            }
            (None, check, mode, ssl_mode)
        }
        r => (r, check, mode, ssl_mode),
    };
    Ok((
        rest,
        TlsSettings {
            mode,
            ssl_mode,
            check,
            root,
        },
    ))
}

/// `%XX` escapes of a URL's value as the bytes they stand for.
fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl TlsSettings {
    /// The driver's TLS connector for these settings.
    ///
    /// # Errors
    /// A root certificate file that cannot be read or holds no certificate, or a system
    /// with no authorities to trust: what to do about it.
    pub(crate) fn connector(&self) -> Result<MakeRustlsConnect, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = ClientConfig::builder_with_provider(Arc::clone(&provider))
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS: {e}"))?;
        let config = match self.check {
            Check::Nothing => builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(Unchecked(provider)))
                .with_no_client_auth(),
            Check::Authority | Check::Full => {
                let roots = Arc::new(self.roots()?);
                let webpki = WebPkiServerVerifier::builder_with_provider(roots, provider)
                    .build()
                    .map_err(|e| format!("TLS: {e}"))?;
                let verifier: Arc<dyn ServerCertVerifier> = if self.check == Check::Full {
                    webpki
                } else {
                    Arc::new(AnyName(webpki))
                };
                builder
                    .dangerous()
                    .with_custom_certificate_verifier(verifier)
                    .with_no_client_auth()
            }
        };
        Ok(MakeRustlsConnect::new(config))
    }

    /// The authorities to trust: `sslrootcert`'s, or the system's.
    fn roots(&self) -> Result<RootCertStore, String> {
        let mut roots = RootCertStore::empty();
        match &self.root {
            Some(path) => {
                let shown = path.display();
                let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
                    .map_err(|e| format!("cannot read sslrootcert={shown}: {e}"))?
                    .collect::<Result<_, _>>()
                    .map_err(|e| format!("sslrootcert={shown} is not PEM certificates: {e}"))?;
                let (added, _) = roots.add_parsable_certificates(certs);
                if added == 0 {
                    return Err(format!(
                        "sslrootcert={shown} holds no certificate: give the PEM file of the \
                         authority that signed the server's certificate"
                    ));
                }
            }
            None => {
                let found = rustls_native_certs::load_native_certs();
                roots.add_parsable_certificates(found.certs);
                if roots.is_empty() {
                    return Err(format!(
                        "sslmode={} checks the server's certificate, and this system has no \
                         authorities to trust: give sslrootcert=PATH (the authority's PEM file)",
                        self.mode
                    ));
                }
            }
        }
        Ok(roots)
    }
}

/// What to say about a failed TLS handshake, when the cause is the server's certificate.
pub(crate) fn certificate_refused(
    e: &(dyn std::error::Error + 'static),
    settings: &TlsSettings,
) -> Option<String> {
    let mut cause = Some(e);
    while let Some(e) = cause {
        let rustls_error = e.downcast_ref::<rustls::Error>().or_else(|| {
            e.downcast_ref::<std::io::Error>()
                .and_then(|io| io.get_ref())
                .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        });
        if let Some(rustls::Error::InvalidCertificate(why)) = rustls_error {
            let trusted = match &settings.root {
                Some(path) => format!("the authorities in sslrootcert={}", path.display()),
                None => "the system's authorities (give sslrootcert=PATH for your own)".into(),
            };
            return Some(match why {
                CertificateError::UnknownIssuer | CertificateError::BadSignature => format!(
                    "the server's certificate is not signed by {trusted} (sslmode={})",
                    settings.mode
                ),
                CertificateError::NotValidForName
                | CertificateError::NotValidForNameContext { .. } => format!(
                    "the server's certificate is not for the host in the URL \
                     (sslmode=verify-full): connect by a name the certificate holds, or use \
                     sslmode=verify-ca ({why:?})"
                ),
                CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
                    "the server's certificate has expired".into()
                }
                other => format!("the server's certificate does not verify: {other:?}"),
            });
        }
        cause = e.source();
    }
    None
}

/// Accepts any certificate (`prefer`, `require`), still checking that the server holds
/// its key.
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// The authority checked, the host name not (`verify-ca`): the chain is verified before the
/// name, so a certificate refused only for its name has a trusted chain.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(url: &str) -> (String, TlsSettings) {
        settings(url).unwrap()
    }

    #[test]
    fn modes_come_out_of_the_url() {
        let (rest, s) = parsed("postgres://ttt@db/ttt?sslmode=verify-full&application_name=x");
        assert_eq!(rest, "postgres://ttt@db/ttt?application_name=x");
        assert_eq!((s.ssl_mode, s.check), (SslMode::Require, Check::Full));
        let (rest, s) = parsed("postgres://ttt@db/ttt");
        assert_eq!(rest, "postgres://ttt@db/ttt");
        assert_eq!((s.ssl_mode, s.check), (SslMode::Prefer, Check::Nothing));
        let (rest, s) = parsed("postgres://db/ttt?sslmode=disable");
        assert_eq!(rest, "postgres://db/ttt");
        assert_eq!(s.ssl_mode, SslMode::Disable);
        let (_, s) = parsed("postgres://db/ttt?sslmode=verify-ca&sslrootcert=%2Fetc%2Fca.pem");
        assert_eq!(s.check, Check::Authority);
        assert_eq!(s.root, Some(PathBuf::from("/etc/ca.pem")));
    }

    #[test]
    fn require_with_a_root_file_checks_the_authority_as_libpq_does() {
        let (_, s) = parsed("postgres://db/ttt?sslmode=require&sslrootcert=ca.pem");
        assert_eq!(s.check, Check::Authority);
        let (_, s) = parsed("postgres://db/ttt?sslmode=verify-full&sslrootcert=system");
        assert_eq!((s.check, s.root), (Check::Full, None));
        assert!(
            settings("postgres://db/ttt?sslmode=require&sslrootcert=system")
                .unwrap_err()
                .contains("verify-full")
        );
    }

    #[test]
    fn key_value_strings_are_read_too() {
        let (rest, s) = parsed("host=db user=ttt sslmode=verify-ca sslrootcert='/x/ca.pem'");
        assert_eq!(rest, "host=db user=ttt");
        assert_eq!(s.check, Check::Authority);
        assert_eq!(s.root, Some(PathBuf::from("/x/ca.pem")));
    }

    #[test]
    fn unknown_or_unsupported_modes_say_what_to_write() {
        let e = settings("postgres://db/ttt?sslmode=verify_full").unwrap_err();
        assert!(e.contains("verify-full"), "{e}");
        let e = settings("postgres://db/ttt?sslmode=allow").unwrap_err();
        assert!(e.contains("prefer"), "{e}");
        let e = settings("postgres://db/ttt?sslcert=me.pem").unwrap_err();
        assert!(e.contains("not supported"), "{e}");
    }

    #[test]
    fn a_root_file_that_is_not_one_is_said_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ca.pem");
        std::fs::write(&path, "not a certificate").unwrap();
        let (_, s) = parsed(&format!(
            "postgres://db/ttt?sslmode=verify-full&sslrootcert={}",
            path.display()
        ));
        let e = s.connector().err().unwrap();
        assert!(e.contains("holds no certificate"), "{e}");
        let (_, s) = parsed("postgres://db/ttt?sslmode=verify-full&sslrootcert=/nowhere/ca.pem");
        let e = s.connector().err().unwrap();
        assert!(e.contains("cannot read sslrootcert=/nowhere/ca.pem"), "{e}");
    }

    /// Against a cluster that takes TLS connections only, with a certificate for
    /// `localhost` made by the test.
    mod against_a_server {
        use crate::postgres::PgStore;
        use crate::{Store, StoreError};

        /// The URL of a fresh database of the TLS cluster, by `host`, with `query`.
        fn url(host: &str, query: &str) -> Option<String> {
            let cluster = ttt_testdb::tls_cluster()?;
            let url = cluster.database();
            let name = url.rsplit('/').next().unwrap();
            let base = if host == "localhost" {
                cluster.localhost_url(name)
            } else {
                url.clone()
            };
            Some(format!("{base}?{query}"))
        }

        fn authority() -> String {
            let c = ttt_testdb::tls_cluster().unwrap().certificates().unwrap();
            c.authority.display().to_string()
        }

        fn tls_error(url: &str) -> String {
            match PgStore::open(url) {
                Err(e @ StoreError::Tls { .. }) => e.to_string(),
                Err(other) => panic!("not a TLS error: {other}"),
                Ok(_) => panic!("{url} connected"),
            }
        }

        #[test]
        fn require_against_a_server_without_tls_says_so() {
            let Some(cluster) = ttt_testdb::cluster() else {
                return;
            };
            let url = format!("{}?sslmode=require", cluster.database());
            let Err(e) = PgStore::open(&url) else {
                panic!("{url} connected, to a server without TLS");
            };
            let text = e.to_string();
            assert!(
                text.contains("the URL asks for TLS: check that the server there offers it"),
                "{text}"
            );
        }

        #[test]
        fn require_and_prefer_encrypt_without_checking() {
            for query in ["sslmode=require", "sslmode=prefer", ""] {
                let Some(url) = url("127.0.0.1", query) else {
                    return;
                };
                let store = PgStore::open(&url).unwrap();
                store.ping().unwrap();
                assert!(store.players().unwrap().is_empty());
            }
        }

        #[test]
        fn verify_full_with_the_right_authority_connects() {
            let Some(url) = url(
                "localhost",
                &format!("sslmode=verify-full&sslrootcert={}", authority()),
            ) else {
                return;
            };
            let store = PgStore::open(&url).unwrap();
            store.ping().unwrap();
            // The listener's own connection uses TLS too.
            assert!(store.broadcast("hello").unwrap());
        }

        #[test]
        fn verify_ca_does_not_check_the_host_name() {
            let Some(url) = url(
                "127.0.0.1",
                &format!("sslmode=verify-ca&sslrootcert={}", authority()),
            ) else {
                return;
            };
            PgStore::open(&url).unwrap().ping().unwrap();
        }

        #[test]
        fn verify_full_refuses_a_certificate_for_another_host() {
            let Some(url) = url(
                "127.0.0.1",
                &format!("sslmode=verify-full&sslrootcert={}", authority()),
            ) else {
                return;
            };
            let e = tls_error(&url);
            assert!(e.contains("not for the host in the URL"), "{e}");
            assert!(e.contains("securely"), "{e}");
        }

        #[test]
        fn an_authority_that_did_not_sign_is_refused() {
            let Some(cluster) = ttt_testdb::tls_cluster() else {
                return;
            };
            let other = cluster.certificates().unwrap().other_authority.display();
            for mode in ["verify-full", "verify-ca", "require"] {
                let url = url("localhost", &format!("sslmode={mode}&sslrootcert={other}")).unwrap();
                let e = tls_error(&url);
                assert!(
                    e.contains("not signed by the authorities in sslrootcert="),
                    "{e}"
                );
            }
            // The system's authorities do not know the test's either.
            let url = url("localhost", "sslmode=verify-full").unwrap();
            let e = tls_error(&url);
            assert!(e.contains("system"), "{e}");
        }

        #[test]
        fn disable_against_a_server_that_wants_tls_says_so() {
            let Some(url) = url("127.0.0.1", "sslmode=disable") else {
                return;
            };
            let e = PgStore::open(&url).unwrap_err().to_string();
            assert!(e.contains("no encryption"), "{e}");
            assert!(e.contains("use sslmode=verify-full"), "{e}");
        }
    }
}
