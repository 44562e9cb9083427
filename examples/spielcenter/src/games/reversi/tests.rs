use board_core::{ByPlayer, Outcome};

use super::*;
use crate::hosted::{GameSettings, Mode};
use crate::protocol::ClientMsg;

fn action(text: &str) -> Action {
    match ClientMsg::parse(text) {
        Ok(ClientMsg::Act { action, .. }) => action,
        other => panic!("{other:?}"),
    }
}

fn new_game(person: Player) -> Box<dyn HostedGame> {
    let settings = GameSettings {
        time_scale: 1,
        predefined_after_ms: 0,
    };
    let standing = Standing::default();
    let me = SeatInfo {
        name: "anna".into(),
        computer: None,
    };
    let cpu = SeatInfo {
        name: "Computer (easy)".into(),
        computer: Some(Level::Easy),
    };
    let seats = if person == Player::First {
        ByPlayer::new(me, cpu)
    } else {
        ByPlayer::new(cpu, me)
    };
    (KIND.start)(Start {
        id: 5,
        seats,
        now: 1_000,
        seed: 1,
        mode: Mode::Normal,
        settings: &settings,
        standing: &standing,
        options: &Map::new(),
        local: false,
    })
}

/// Lets the computer move if it is to.
fn computer(g: &mut Box<dyn HostedGame>, ctx: &mut Ctx) {
    while let Some(job) = g.think() {
        let t = (job.job)();
        g.thought(job.tag, Some(t), ctx);
    }
}

fn last_state(ctx: &mut Ctx, to: Player) -> Value {
    ctx.take()
        .into_iter()
        .rev()
        .find(|(t, m)| *t == Some(to) && m["type"] == "state")
        .expect("a state")
        .1
}

#[test]
fn a_whole_game_against_the_computer_with_its_passes() {
    let mut g = new_game(Player::First);
    let mut ctx = Ctx::new(2_000);
    g.begin(&mut ctx);
    let mut pending = ctx.take();
    let first = &pending.last().unwrap().1;
    assert_eq!(first["moves"], json!(["d3", "c4", "f5", "e6"]));
    assert_eq!(first["discs"], json!({"black": 2, "white": 2}));
    // Errors change nothing.
    for (text, code) in [
        (
            r#"{"type":"move","game":5,"move":"a1"}"#,
            ErrorCode::ILLEGAL_MOVE,
        ),
        (
            r#"{"type":"move","game":5,"move":"z9"}"#,
            ErrorCode::ILLEGAL_MOVE,
        ),
        (
            r#"{"type":"move","game":5,"move":"pass"}"#,
            ErrorCode::ILLEGAL_MOVE,
        ),
    ] {
        assert_eq!(
            g.act(Player::First, action(text), &mut ctx)
                .unwrap_err()
                .code,
            code,
            "{text}"
        );
    }
    assert_eq!(g.plies(), 0);
    // The person plays the first legal square each time; the computer
    // answers; passes are played by the server.
    let (mut flips_seen, mut hints, mut undone) = (false, 0, false);
    while g.ending().is_none() {
        let state = pending
            .iter()
            .rev()
            .find(|(t, m)| *t == Some(Player::First) && m["type"] == "state")
            .unwrap_or_else(|| panic!("a state in {pending:?} at ply {}", g.plies()))
            .1
            .clone();
        if state["last"]["flips"]
            .as_array()
            .is_some_and(|f| !f.is_empty())
        {
            flips_seen = true;
        }
        let mv = state["moves"][0].as_str().expect("a move").to_owned();
        g.act(
            Player::First,
            action(&format!(r#"{{"type":"move","game":5,"move":"{mv}"}}"#)),
            &mut ctx,
        )
        .unwrap();
        computer(&mut g, &mut ctx);
        if g.ending().is_none() {
            g.act(
                Player::First,
                action(r#"{"type":"hint","game":5}"#),
                &mut ctx,
            )
            .unwrap();
            let job = g.think().expect("the hint");
            g.thought(job.tag, Some((job.job)()), &mut ctx);
            hints += 1;
            if !undone && g.plies() > 10 {
                let before = g.plies();
                g.act(
                    Player::First,
                    action(r#"{"type":"undo","game":5}"#),
                    &mut ctx,
                )
                .unwrap();
                assert!(g.plies() < before);
                undone = true;
            }
        }
        pending = ctx.take();
        assert!(
            g.ending().is_some()
                || pending
                    .iter()
                    .filter(|(_, m)| m["type"] == "hint")
                    .all(|(_, m)| m["hint"].is_string()),
        );
    }
    assert!(hints > 5 && undone);
    assert!(flips_seen);
    let end = g.ending().unwrap();
    assert_eq!(end.reason, "count");
    let discs = &g.over_fields(Player::First)["discs"];
    let (b, w) = (
        discs["black"].as_u64().unwrap(),
        discs["white"].as_u64().unwrap(),
    );
    assert_eq!(
        end.outcome,
        Some(if b > w {
            Outcome::Win(Player::First)
        } else if w > b {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        })
    );
    // Stored, the game downloads as a transcript and a WTHOR line that
    // replays to the same counts.
    let stored = StoredGame {
        id: 5,
        seq: 1,
        kind: ID.into(),
        players: ["anna".into(), "Computer (easy)".into()],
        computers: [false, true],
        daily: None,
        started_at: 1_000,
        ended_at: 1_796_652_267_379,
        plies: g.plies(),
        outcome: end.outcome,
        reason: end.reason.into(),
        reason_player: None,
        counted: false,
        record: g.record(),
    };
    let text = transcript(&stored).unwrap();
    assert!(text.contains("Black: anna"), "{text}");
    let line: WthorLine = wthor(&stored).unwrap().trim().parse().unwrap();
    assert_eq!(line.year, 2026);
    // WTHOR records give the empty squares to the winner.
    let replay = line.replay().unwrap();
    assert_eq!(replay.disc_counts().first as u64, b);
    let recorded = replay.recorded_counts();
    assert_eq!(
        (u32::from(line.black), u32::from(line.white)),
        (recorded.first, recorded.second)
    );
    assert_eq!(line.black > line.white, b > w);
    // A game that was left has no WTHOR line.
    assert!(
        wthor(&StoredGame {
            reason: "left".into(),
            ..stored
        })
        .is_none()
    );
}

#[test]
fn the_person_may_play_white_and_the_computer_opens() {
    let mut g = new_game(Player::Second);
    let mut ctx = Ctx::new(2_000);
    g.begin(&mut ctx);
    assert!(ctx.take().iter().all(|(to, _)| *to == Some(Player::Second)));
    computer(&mut g, &mut ctx);
    let state = last_state(&mut ctx, Player::Second);
    assert_eq!(state["your_turn"], true);
    assert_eq!(state["last"]["by"], "black");
    assert_eq!(state["last"]["flips"].as_array().unwrap().len(), 1);
    // Nothing to take back before an own move.
    let e = g
        .act(
            Player::Second,
            action(r#"{"type":"undo","game":5}"#),
            &mut ctx,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NOT_ALLOWED);
    g.leave(Player::Second, &mut ctx);
    assert_eq!(
        g.ending().unwrap().outcome,
        Some(Outcome::Win(Player::First))
    );
}

/// A game between two people with a pass in it: the move that leaves the
/// other side without a move is a state of its own (with the discs it
/// turned), then the pass is (made by the server, said as `pass`), and
/// the same side is to move again.
#[test]
fn a_move_then_the_pass_it_forces_each_a_state() {
    use board_core::Game;
    // A line from the start in which a pass comes: each turn the legal
    // move at a rotating index, one rotation after another.
    let line = |rotation: usize| -> Option<Vec<Move>> {
        let mut pos = reversi_rules::Position::start();
        let mut moves = Vec::new();
        for ply in 0..60 {
            let mut list = reversi_rules::MoveList::new();
            pos.legal_moves(&mut list);
            if pos.outcome().is_some() {
                return None;
            }
            if list.as_slice() == [Move::Pass] {
                return Some(moves);
            }
            let mv = list.as_slice()[(ply * rotation + rotation) % list.len()];
            moves.push(mv);
            pos.play(mv).unwrap();
        }
        None
    };
    let moves = (1..500).find_map(line).expect("a line with a pass");
    let settings = GameSettings {
        time_scale: 1,
        predefined_after_ms: 0,
    };
    let standing = Standing::default();
    let person = |name: &str| SeatInfo {
        name: name.into(),
        computer: None,
    };
    let mut g = (KIND.start)(Start {
        id: 6,
        seats: ByPlayer::new(person("anna"), person("bert")),
        now: 1_000,
        seed: 1,
        mode: Mode::Normal,
        settings: &settings,
        standing: &standing,
        options: &Map::new(),
        local: false,
    });
    let mut ctx = Ctx::new(2_000);
    g.begin(&mut ctx);
    ctx.take();
    let last = moves.len() - 1;
    for (i, mv) in moves.iter().enumerate() {
        let mover = g.turn().unwrap();
        let text = format!(r#"{{"type":"move","game":6,"move":"{mv}"}}"#);
        g.act(mover, action(&text), &mut ctx).unwrap();
        let sent = ctx.take();
        let states_of = |who: Player| -> Vec<Value> {
            sent.iter()
                .filter(|(to, m)| *to == Some(who) && m["type"] == "state")
                .map(|(_, m)| m.clone())
                .collect()
        };
        let (states, passer) = (states_of(mover), states_of(!mover));
        if i < last {
            assert_eq!(states.len(), 1, "ply {i}");
            continue;
        }
        // The last move forces a pass.
        assert_eq!(states.len(), 2, "{states:?}");
        assert_eq!(states[0]["last"]["move"], mv.to_string());
        assert_eq!(states[0]["last"]["pass"], false);
        assert!(!states[0]["last"]["flips"].as_array().unwrap().is_empty());
        // The side that must pass is not asked to move.
        assert_eq!(passer.len(), 2);
        assert_eq!(passer[0]["to_move"], KIND.side(!mover));
        assert_eq!(passer[0]["your_turn"], false, "{:?}", passer[0]);
        assert_eq!(passer[0]["moves"], json!([]));
        assert_eq!(states[1]["last"]["pass"], true);
        assert_eq!(states[1]["last"]["by"], KIND.side(!mover));
        assert_eq!(states[1]["your_turn"], true);
        assert_eq!(g.turn(), Some(mover));
    }
}
