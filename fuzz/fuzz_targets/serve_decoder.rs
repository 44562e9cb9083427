//! The Battlegeneral server's client-message decoder fed a whole session:
//! each line of the input is one WebSocket text frame. Every frame gets a
//! message or a typed error; a decoded message names its type, and the
//! error of a refused one becomes an `error` message the server can send.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spielcenter::protocol::{CLIENT_TYPES, ClientMsg};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The whole input as one frame, then each line as one.
    for frame in std::iter::once(&*text).chain(text.split('\n')) {
        match ClientMsg::parse(frame) {
            Ok(msg) => {
                assert!(CLIENT_TYPES.contains(&msg.type_name()));
                let _ = msg.game();
            }
            Err(e) => {
                assert!(!e.message.is_empty());
                let _ = e.to_msg().to_json();
            }
        }
    }
});
