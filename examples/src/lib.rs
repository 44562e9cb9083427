//! The parts of the `spielwerk` program that tests and fuzzers reach
//! without running it. The program itself is the `spielwerk` binary of
//! this package; this library holds only what is worth calling on its own
//! and builds without the `serve` feature's server stack (no tokio, axum or
//! sqlx).
//!
//! - [`protocol`]: the Battlegeneral server's WebSocket messages, and the
//!   decoder of what a browser tab sends
//!   ([`ClientMsg::parse`](protocol::ClientMsg::parse)), which must answer
//!   any text with a message or a typed error.
//!
//! ```
//! use spielwerk_program::protocol::{ClientMsg, ErrorCode};
//!
//! let msg = ClientMsg::parse(r#"{"type":"chat","text":"hello"}"#)?;
//! assert_eq!(msg, ClientMsg::Chat { text: "hello".to_owned() });
//! let err = ClientMsg::parse("{").unwrap_err();
//! assert_eq!(err.code, ErrorCode::BadJson);
//! # Ok::<(), spielwerk_program::protocol::ProtocolError>(())
//! ```

pub mod protocol;
