//! The Spielcenter's message decoder and its hosted games fed a whole
//! session: each line of the input is one WebSocket text frame. Every
//! frame gets a message or a typed error; a decoded game action goes to a
//! game of every kind between two people and to one on one screen (the
//! seat by the line's number), and the games' timers are woken as the
//! session time goes on. The first line, if it is a JSON object, is each
//! kind's challenge options (its defaults where the kind refuses them).
//! Nothing may panic, and an error becomes a message the server can send.
#![no_main]

use board_core::{ByPlayer, Player};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};
use spielcenter::games::GAMES;
use spielcenter::hosted::{Ctx, GameSettings, HostedGame, Mode, SeatInfo, Start};
use spielcenter::leaderboard::Standing;
use spielcenter::protocol::{CLIENT_TYPES, ClientMsg};

fn games(first_line: &str) -> Vec<Box<dyn HostedGame>> {
    let settings = GameSettings {
        time_scale: 1,
        predefined_after_ms: 0,
    };
    let standing = Standing::default();
    let seat = |name: &str| SeatInfo {
        name: name.to_owned(),
        computer: None,
    };
    let asked: Map<String, Value> = serde_json::from_str(first_line).unwrap_or_default();
    let mut games = Vec::new();
    for kind in GAMES {
        let options = match (kind.options)(&asked) {
            Ok(options) => options,
            Err(why) => {
                assert!(!why.is_empty());
                (kind.options)(&Map::new()).expect("a kind's defaults are its options")
            }
        };
        for local in [false, true] {
            games.push((kind.start)(Start {
                id: 1,
                seats: ByPlayer::new(seat("anna"), seat("bert")),
                now: 0,
                seed: 7,
                mode: Mode::Normal,
                settings: &settings,
                standing: &standing,
                options: &options,
                local,
            }));
        }
    }
    games
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut games = games(text.split('\n').next().unwrap_or(""));
    for g in &mut games {
        g.begin(&mut Ctx::new(0));
    }
    // The whole input as one frame, then each line as one.
    for (i, frame) in std::iter::once(&*text).chain(text.split('\n')).enumerate() {
        let now = 1000 * i as u64;
        let seat = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        match ClientMsg::parse(frame) {
            Ok(ClientMsg::Act { action, .. }) => {
                for g in games.iter_mut().filter(|g| g.ending().is_none()) {
                    let mut ctx = Ctx::new(now);
                    if let Err(e) = g.act(seat, action.clone(), &mut ctx) {
                        assert!(!e.message.is_empty());
                        let _ = e.to_msg().to_json();
                    }
                    let _ = ctx.take();
                }
            }
            Ok(ClientMsg::Leave { .. }) => {
                for g in games.iter_mut().filter(|g| g.ending().is_none()) {
                    g.leave(seat, &mut Ctx::new(now));
                }
            }
            Ok(msg) => {
                assert!(CLIENT_TYPES.contains(&msg.type_name()));
                let _ = msg.game();
            }
            Err(e) => {
                assert!(!e.message.is_empty());
                let _ = e.to_msg().to_json();
            }
        }
        for g in &mut games {
            if g.wake_at().is_some_and(|at| at <= now) {
                g.wake(&mut Ctx::new(now));
            }
            if g.ending().is_some() {
                let _ = g.record();
                let _ = g.over_fields(seat);
            }
        }
    }
});
