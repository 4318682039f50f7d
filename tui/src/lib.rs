//! The kaisho front end as a library, so that the binary, the integration
//! tests and the benchmarks drive the same state, update and view.
//!
//! Data flows one way: terminal input (or a typed line in plain mode) becomes
//! a [`app::Msg`]; [`app::update`] applies it to [`app::State`] through the
//! rules engine and returns [`app::Cmd`]s; [`shell::Shell`] carries them out
//! (the disk, the network) and feeds the answers back; [`view::view`] draws
//! the state.

pub mod app;
pub mod engine;
pub mod errors;
pub mod event_loop;
pub mod launch;
pub mod layout;
pub mod logging;
pub mod netplay;
pub mod plain;
pub mod quiet;
pub mod shell;
pub mod terminal;
pub mod view;
pub mod words;
