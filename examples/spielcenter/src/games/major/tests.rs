use board_core::ByPlayer;
use board_search::Strategy;

use super::*;
use crate::hosted::{GameSettings, Mode};
use crate::protocol::ClientMsg;

fn action(text: &str) -> Action {
    match ClientMsg::parse(text) {
        Ok(ClientMsg::Act { action, .. }) => action,
        other => panic!("{other:?}"),
    }
}

fn new_game(seats: ByPlayer<SeatInfo>, number: u64, local: bool) -> Box<dyn HostedGame> {
    let settings = GameSettings {
        time_scale: 1,
        predefined_after_ms: 0,
    };
    let standing = Standing::default();
    let opts = options(&json!({"board": number}).as_object().unwrap().clone()).unwrap();
    (KIND.start)(Start {
        id: 8,
        seats,
        now: 1_000,
        seed: 1,
        mode: Mode::Normal,
        settings: &settings,
        standing: &standing,
        options: &opts,
        local,
    })
}

fn person(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        computer: None,
    }
}

fn computer_seat(level: Level) -> SeatInfo {
    SeatInfo {
        name: format!("Computer ({level})"),
        computer: Some(level),
    }
}

#[test]
fn options_take_a_board_of_four() {
    let m = |v: Value| v.as_object().unwrap().clone();
    assert_eq!(options(&m(json!({}))).unwrap()["board"], 1);
    assert_eq!(options(&m(json!({"board": 4}))).unwrap()["board"], 4);
    assert!(
        options(&m(json!({"board": 5})))
            .unwrap_err()
            .contains("board")
    );
    assert!(options(&m(json!({"board": "2"}))).is_err());
    assert!(
        options(&m(json!({"speed": 2})))
            .unwrap_err()
            .contains("speed")
    );
}

/// Plays `mv` as the side to move and returns the state both sides got.
fn play(g: &mut Box<dyn HostedGame>, seat: Player, mv: &str, now: Millis) -> Value {
    let mut ctx = Ctx::new(now);
    g.act(
        seat,
        action(&format!(r#"{{"type":"move","game":8,"move":"{mv}"}}"#)),
        &mut ctx,
    )
    .unwrap();
    let sent = ctx.take();
    assert!(
        sent.iter().all(|(to, _)| to.is_none()),
        "both sides see the same"
    );
    sent.last().unwrap().1.clone()
}

#[test]
fn a_game_on_each_board_runs_to_its_end() {
    for number in 1..=4u64 {
        let mut g = new_game(ByPlayer::new(person("anna"), person("anna")), number, true);
        let mut ctx = Ctx::new(1_000);
        g.begin(&mut ctx);
        let mut state = ctx.take().pop().unwrap().1;
        assert_eq!(state["board"]["number"], number);
        let cells = state["board"]["cells"].as_array().unwrap();
        let gaps = cells.iter().filter(|c| *c == "#").count();
        assert_eq!(gaps, [0, 0, 5, 8][number as usize - 1], "board {number}");
        let mut rng = board_core::SplitMix64::new(number);
        let mut now = 1_000;
        while g.ending().is_none() {
            let moves = state["moves"].as_array().unwrap();
            let mv = moves[rng.below(moves.len() as u64) as usize]
                .as_str()
                .unwrap()
                .to_owned();
            let seat = g.turn().unwrap();
            // The other side may not move.
            let mut ctx = Ctx::new(now);
            let e = g
                .act(
                    !seat,
                    action(&format!(r#"{{"type":"move","game":8,"move":"{mv}"}}"#)),
                    &mut ctx,
                )
                .unwrap_err();
            assert_eq!(e.code, ErrorCode::NOT_YOUR_TURN);
            now += 1_500;
            state = play(&mut g, seat, &mv, now);
            if state["last"]["freed"].is_string() {
                assert_eq!(state["last"]["capture"], true);
            }
        }
        let end = g.ending().unwrap();
        assert!(
            ["breakthrough", "no_pieces", "no_moves", "quiet"].contains(&end.reason),
            "{}",
            end.reason
        );
        let clocks = &g.over_fields(Player::First)["clocks"];
        assert_eq!(
            clocks["blue"].as_u64().unwrap() + clocks["red"].as_u64().unwrap(),
            now - 1_000,
            "the clocks add up to the game's time"
        );
        assert_eq!(g.record()["board"], number);
    }
}

#[test]
fn a_win_against_the_computer_enters_the_highscore() {
    let mut g = new_game(
        ByPlayer::new(person("anna"), computer_seat(Level::Easy)),
        2,
        true,
    );
    let mut ctx = Ctx::new(1_000);
    g.begin(&mut ctx);
    let mut now = 1_000;
    let mut strong = Computer::new(Level::Hard);
    let mut pos = Position::start(Board::standard(2).unwrap());
    while g.ending().is_none() {
        now += 2_000;
        let mut ctx = Ctx::new(now);
        if let Some(job) = g.think() {
            let t = (job.job)();
            g.thought(job.tag, Some(t), &mut ctx);
        } else {
            let mv = strong.choose(&pos).unwrap().mv;
            g.act(
                Player::First,
                action(&format!(r#"{{"type":"move","game":8,"move":"{mv}"}}"#)),
                &mut ctx,
            )
            .unwrap();
        }
        // Follow the game.
        let record = g.record();
        let mut p = Position::start(Board::standard(2).unwrap());
        for m in record["moves"].as_str().unwrap().split_whitespace() {
            p.play(m.parse().unwrap()).unwrap();
        }
        pos = p;
    }
    let end = g.ending().unwrap();
    assert_eq!(
        end.outcome,
        Some(Outcome::Win(Player::First)),
        "{}",
        end.reason
    );
    let stored = StoredGame {
        id: 8,
        seq: 1,
        kind: ID.into(),
        players: ["anna".into(), "Computer (easy)".into()],
        computers: [false, true],
        daily: None,
        started_at: 1_000,
        ended_at: now,
        plies: g.plies(),
        outcome: end.outcome,
        reason: end.reason.into(),
        reason_player: None,
        counted: false,
        record: g.record(),
    };
    let entry = highscore(&stored).expect("an entry");
    assert_eq!((entry.table.as_str(), entry.name.as_str()), ("2", "anna"));
    assert_eq!(entry.fields["level"], "easy");
    let moves = entry.fields["moves"].as_u64().unwrap();
    assert_eq!(moves, g.plies().div_ceil(2));
    assert_eq!(
        entry.fields["time_ms"].as_u64().unwrap(),
        g.record()["clocks"][0].as_u64().unwrap()
    );
    // Nobody enters by leaving, by the computer's leaving, or by losing.
    for (reason, outcome) in [
        ("left", Some(Outcome::Win(Player::First))),
        ("timeout", Some(Outcome::Win(Player::First))),
        ("breakthrough", Some(Outcome::Win(Player::Second))),
    ] {
        let g2 = StoredGame {
            reason: reason.into(),
            outcome,
            ..stored.clone()
        };
        assert!(highscore(&g2).is_none(), "{reason}");
    }
    // A record that does not replay to the win makes no entry.
    let mut bad = stored.clone();
    bad.record["moves"] = "a1-b1".into();
    assert!(highscore(&bad).is_none());
    // Two people make no entry.
    assert!(
        highscore(&StoredGame {
            computers: [false, false],
            ..stored
        })
        .is_none()
    );
}

/// The start page draws the four boards from its own table (it has them
/// before any game starts): that table is the library's boards, gap for
/// gap.
#[test]
fn the_menu_draws_the_four_boards_of_the_library() {
    let js = include_str!("../../../assets/major.js");
    let start = js.find("const LAYOUTS = {").expect("the table");
    let table = &js[start..start + js[start..].find("};").expect("its end")];
    for number in 1..=4u32 {
        let board = major_rules::Board::standard(number).unwrap();
        let line = table
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{number}:")))
            .unwrap_or_else(|| panic!("board {number} in the menu"));
        let field = |name: &str| -> String {
            let at = line.find(&format!("{name}: ")).unwrap() + name.len() + 2;
            line[at..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect()
        };
        assert_eq!(field("w"), board.width().to_string(), "board {number}");
        assert_eq!(field("h"), board.height().to_string(), "board {number}");
        let mut gaps: Vec<String> = line
            .split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect();
        gaps.sort();
        let mut want: Vec<String> = (0..board.height())
            .flat_map(|row| (0..board.width()).filter_map(move |col| Square::new(col, row)))
            .filter(|&sq| board.is_gap(sq))
            .map(|sq| format!("{},{}", sq.column(), sq.row()))
            .collect();
        want.sort();
        assert_eq!(gaps, want, "board {number}");
    }
}
