//! TLS for QUIC with self-signed certificates: both sides present their
//! identity certificate and accept the other's without a certificate
//! authority, because the fingerprint, pinned after the join code proves
//! who is at the other end, is what identifies a player. The handshake
//! signatures are still verified with the ring provider, so a peer must
//! hold the private key of the certificate it shows.

use crate::error::NetError;
use crate::wire::ALPN;
use kaisho_saves::identity::{Fingerprint, Identity};
use quinn::crypto::rustls::{QuicClientConfig, QuicServerConfig};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::server::ParsedCertificate;
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{DigitallySignedStruct, DistinguishedName, SignatureScheme};
use std::sync::Arc;
use std::time::Duration;

/// How often an idle connection sends a keep-alive, so a long think does
/// not look like a dead peer.
pub const KEEP_ALIVE: Duration = Duration::from_secs(2);

/// How long silence lasts before the connection counts as dropped; within
/// the 10 s the protocol promises.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(8);

/// The one crypto provider used everywhere: ring.
fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Accepts any well-formed certificate and checks the handshake signature
/// against it; the caller pins the fingerprint afterwards.
#[derive(Debug)]
struct AnyPeerCert {
    algorithms: WebPkiSupportedAlgorithms,
}

impl AnyPeerCert {
    fn new() -> AnyPeerCert {
        AnyPeerCert {
            algorithms: provider().signature_verification_algorithms,
        }
    }

    fn parse(cert: &CertificateDer<'_>) -> Result<(), rustls::Error> {
        ParsedCertificate::try_from(cert).map(|_| ())
    }
}

impl ServerCertVerifier for AnyPeerCert {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        AnyPeerCert::parse(end_entity).map(|()| ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

impl ClientCertVerifier for AnyPeerCert {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &[]
    }

    fn client_auth_mandatory(&self) -> bool {
        true
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        AnyPeerCert::parse(end_entity).map(|()| ClientCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

fn chain_and_key(identity: &Identity) -> (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>) {
    (
        vec![CertificateDer::from(identity.cert_der.clone())],
        PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(identity.key_der.clone())),
    )
}

fn setup_error(e: impl std::fmt::Display) -> NetError {
    NetError::Setup(format!("TLS: {e}; the identity file may be damaged"))
}

fn transport() -> Arc<quinn::TransportConfig> {
    Arc::new(players_transport())
}

/// The watchers' endpoint's transport: the players', but asking each
/// watcher (every kaisho's QUIC supports the acknowledgement-frequency
/// extension) to acknowledge only every [`WATCHER_ACK_EVERY`]th packet or
/// after 25 ms, so that the host reads far fewer acknowledgements. A watcher
/// only receives; nothing waits on these acknowledgements but the host's
/// loss recovery.
pub(crate) fn watchers_transport() -> Arc<quinn::TransportConfig> {
    let mut t = players_transport();
    let mut ack = quinn::AckFrequencyConfig::default();
    ack.ack_eliciting_threshold(quinn::VarInt::from_u32(WATCHER_ACK_EVERY))
        .max_ack_delay(Some(std::time::Duration::from_millis(25)));
    t.ack_frequency_config(Some(ack));
    Arc::new(t)
}

/// Packets a watcher may receive before it acknowledges them.
const WATCHER_ACK_EVERY: u32 = 16;

fn players_transport() -> quinn::TransportConfig {
    let mut t = quinn::TransportConfig::default();
    t.keep_alive_interval(Some(KEEP_ALIVE));
    t.max_idle_timeout(Some(
        quinn::IdleTimeout::try_from(IDLE_TIMEOUT).unwrap_or(quinn::VarInt::from_u32(8_000).into()),
    ));
    t.max_concurrent_uni_streams(0u8.into());
    t.max_concurrent_bidi_streams(1u8.into());
    t
}

/// The QUIC configuration of the side that listens.
pub fn server_config(identity: &Identity) -> Result<quinn::ServerConfig, NetError> {
    let (chain, key) = chain_and_key(identity);
    let mut tls = rustls::ServerConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(setup_error)?
        .with_client_cert_verifier(Arc::new(AnyPeerCert::new()))
        .with_single_cert(chain, key)
        .map_err(setup_error)?;
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let quic = QuicServerConfig::try_from(tls).map_err(setup_error)?;
    let mut config = quinn::ServerConfig::with_crypto(Arc::new(quic));
    config.transport_config(transport());
    Ok(config)
}

/// The QUIC configuration of the side that dials.
pub fn client_config(identity: &Identity) -> Result<quinn::ClientConfig, NetError> {
    let (chain, key) = chain_and_key(identity);
    let mut tls = rustls::ClientConfig::builder_with_provider(provider())
        .with_protocol_versions(&[&rustls::version::TLS13])
        .map_err(setup_error)?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(AnyPeerCert::new()))
        .with_client_auth_cert(chain, key)
        .map_err(setup_error)?;
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let quic = QuicClientConfig::try_from(tls).map_err(setup_error)?;
    let mut config = quinn::ClientConfig::new(Arc::new(quic));
    config.transport_config(transport());
    Ok(config)
}

/// The fingerprint of the certificate the peer proved it holds.
pub fn peer_fingerprint(connection: &quinn::Connection) -> Result<Fingerprint, NetError> {
    connection
        .peer_identity()
        .and_then(|any| any.downcast::<Vec<CertificateDer<'static>>>().ok())
        .and_then(|certs| certs.first().map(|c| Fingerprint::of(c)))
        .ok_or_else(|| NetError::Protocol("the peer presented no certificate".into()))
}
