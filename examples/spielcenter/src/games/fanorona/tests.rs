use board_core::ByPlayer;
use fanorona_rules::ai::Level;

use super::*;
use crate::hosted::{GameSettings, Mode};
use crate::protocol::ClientMsg;

fn action(text: &str) -> Action {
    match ClientMsg::parse(text) {
        Ok(ClientMsg::Act { action, .. }) => action,
        other => panic!("{other:?}"),
    }
}

fn new_game(mode: Mode, standing: &Standing) -> Box<dyn HostedGame> {
    let settings = GameSettings {
        time_scale: 1,
        predefined_after_ms: 0,
    };
    (KIND.start)(Start {
        id: 3,
        seats: ByPlayer::new(
            SeatInfo {
                name: "anna".into(),
                computer: None,
            },
            SeatInfo {
                name: "Computer (easy)".into(),
                computer: Some(Level::Easy),
            },
        ),
        now: 1_000,
        seed: 1,
        mode,
        settings: &settings,
        standing,
        options: &serde_json::Map::new(),
        local: false,
    })
}

/// Plays the person's first legal move and the computer's reply.
fn round(g: &mut Box<dyn HostedGame>, ctx: &mut Ctx) -> Value {
    let state = ctx
        .take()
        .into_iter()
        .rev()
        .find(|(to, m)| *to == Some(WHITE) && m["type"] == "state")
        .expect("a state")
        .1;
    let mv = state["moves"][0]["move"].as_str().unwrap().to_owned();
    g.act(
        WHITE,
        action(&format!(r#"{{"type":"move","game":3,"move":"{mv}"}}"#)),
        ctx,
    )
    .unwrap();
    if let Some(job) = g.think() {
        let t = (job.job)();
        g.thought(job.tag, Some(t), ctx);
    }
    state
}

#[test]
fn a_game_against_the_computer_with_hint_and_undo() {
    let standing = Standing::default();
    let mut g = new_game(Mode::Normal, &standing);
    let mut ctx = Ctx::new(2_000);
    g.begin(&mut ctx);
    let first = round(&mut g, &mut ctx);
    assert_eq!(first["your_turn"], true);
    assert_eq!(first["moves"].as_array().unwrap().len(), 5);
    assert_eq!(g.plies(), 2);
    // Not the computer's turn to be played by the person.
    let e = g
        .act(
            BLACK_SEAT,
            action(r#"{"type":"move","game":3,"move":"d4-e3a"}"#),
            &mut ctx,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NOT_YOUR_TURN);
    // A hint comes from the thinking pool.
    g.act(WHITE, action(r#"{"type":"hint","game":3}"#), &mut ctx)
        .unwrap();
    let job = g.think().expect("the hint job");
    g.thought(job.tag, Some((job.job)()), &mut ctx);
    let hint = ctx
        .take()
        .into_iter()
        .find(|(_, m)| m["type"] == "hint")
        .unwrap()
        .1;
    assert!(hint["hint"]["move"].is_string());
    // Undo takes back both moves.
    g.act(WHITE, action(r#"{"type":"undo","game":3}"#), &mut ctx)
        .unwrap();
    assert_eq!(g.plies(), 0);
    let e = g
        .act(WHITE, action(r#"{"type":"undo","game":3}"#), &mut ctx)
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NOT_ALLOWED);
    let e = g
        .act(
            WHITE,
            action(r#"{"type":"move","game":3,"move":"a1-a2"}"#),
            &mut ctx,
        )
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::ILLEGAL_MOVE);
    assert!(e.message.contains("a1-a2"), "{}", e.message);
    // Leaving loses.
    g.leave(WHITE, &mut ctx);
    let end = g.ending().unwrap();
    assert_eq!(
        (end.reason, end.outcome),
        ("left", Some(Outcome::Win(!WHITE)))
    );
    assert_eq!(g.over_fields(WHITE)["score"], 0);
}

const BLACK_SEAT: Player = Player::Second;

#[test]
fn the_game_of_the_day_has_no_hint_and_no_undo_and_counts_once() {
    let day = Day::new(2026, 12, 7).unwrap();
    let mut standing = Standing::default();
    let mut g = new_game(Mode::Daily(day), &standing);
    assert_eq!(g.start_fields(WHITE)["counts"], true);
    assert_eq!(g.start_fields(WHITE)["daily"], "2026-12-07");
    let mut ctx = Ctx::new(2_000);
    g.begin(&mut ctx);
    for request in ["hint", "undo"] {
        let e = g
            .act(
                WHITE,
                action(&format!(r#"{{"type":"{request}","game":3}}"#)),
                &mut ctx,
            )
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NOT_ALLOWED, "{request}");
    }
    for _ in 0..3 {
        round(&mut g, &mut ctx);
    }
    g.leave(WHITE, &mut ctx);
    let end = g.ending().unwrap();
    // Scored as stored: the moves replayed, the loss worth a point a
    // captured stone.
    let stored = StoredGame {
        id: 3,
        seq: 1,
        kind: ID.into(),
        players: ["anna".into(), "Computer (medium)".into()],
        computers: [false, true],
        daily: Some(day),
        started_at: 1_000,
        ended_at: end.ended_at,
        plies: g.plies(),
        outcome: end.outcome,
        reason: end.reason.into(),
        reason_player: end.reason_player,
        counted: true,
        record: g.record(),
    };
    let changes = score(&stored, day, &standing);
    assert_eq!(changes.len(), 3);
    let points = g.over_fields(WHITE)["score"].as_u64().unwrap() as u32;
    assert!(
        changes
            .iter()
            .all(|c| c.after == points && c.before.is_none())
    );
    standing.apply(&changes);
    // A second game of the same day is practice.
    assert!(score(&stored, day, &standing).is_empty());
    let again = new_game(Mode::Daily(day), &standing);
    assert_eq!(again.start_fields(WHITE)["counts"], false);
    // Another day counts again, and the month sums.
    let next = Day::new(2026, 12, 8).unwrap();
    let other = StoredGame {
        daily: Some(next),
        ..stored.clone()
    };
    let c = score(&other, next, &standing);
    standing.apply(&c);
    let month = Period::Month(day.month());
    assert_eq!(standing.points(ID, month, "anna"), Some(2 * points));
    // A game that is not the game of the day never counts.
    assert!(
        score(
            &StoredGame {
                daily: None,
                ..stored
            },
            day,
            &standing
        )
        .is_empty()
    );
}

#[test]
fn seed_scores() {
    let won: Position = "9/9/9/9/WWW6 b".parse().unwrap();
    assert_eq!(seed_score(&won, WHITE, Outcome::Win(WHITE)), 106);
    assert_eq!(seed_score(&won, !WHITE, Outcome::Win(WHITE)), 19);
    assert_eq!(seed_score(&Position::new(), WHITE, Outcome::Draw), 50);
}
