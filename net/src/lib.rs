//! kaisho-net: peer-to-peer play over QUIC.
//!
//! Every frame on the wire is a versioned record type of this crate encoded
//! with bincode 2 through [`codec`], the one place that knows the encoding.

pub mod codec;
