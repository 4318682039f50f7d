//! kaisho-net: peer-to-peer play over QUIC.
//!
//! Frames on the wire are versioned record types of this crate, encoded
//! through `kaisho_saves::codec`, the one place that knows the encoding.
