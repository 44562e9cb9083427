use stratego_rules::{Army, predefined};

use super::*;
use crate::games::battlegeneral::record::Played;
use crate::games::{battlegeneral, fanorona};

fn bg_game(id: u64, red: &str, blue: &str, winner: Player, ended_at: Millis) -> StoredGame {
    let d = predefined();
    let played = Played {
        army: Army::Classic,
        rules: "battlegeneral".into(),
        counts: true,
        setup_done_at: Some(ended_at - 290_000),
        setups: [Some(d[0].1), Some(d[1].1)],
        moves: vec![("a4-a5".parse().unwrap(), ended_at - 1000)],
    };
    StoredGame {
        id,
        seq: 0,
        kind: battlegeneral::ID.into(),
        players: [red.into(), blue.into()],
        computers: [false, true],
        daily: None,
        started_at: ended_at - 300_000,
        ended_at,
        plies: 1,
        outcome: Some(Outcome::Win(winner)),
        reason: "left".into(),
        reason_player: Some(!winner),
        counted: false,
        record: played.record(ended_at - 300_000),
    }
}

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spielcenter-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games ?#%.sqlite")
}

fn running(id: u64, kind: &'static str, a: &str, b: &str, at: Millis) -> Running {
    Running {
        id,
        kind,
        players: [a.into(), b.into()],
        computers: [false, false],
        daily: None,
        started_at: at,
    }
}

/// What the writer does: score, then store.
async fn finish(
    store: &Store,
    standing: &mut Standing,
    seq: &mut u64,
    mut g: StoredGame,
    cal: &Calendar,
) {
    let changes = score_of(&g, cal, standing);
    *seq += 1;
    g.seq = *seq;
    g.counted = !changes.is_empty();
    store.finish_game(&g, &changes).await.unwrap();
    standing.apply(&changes);
}

#[tokio::test]
async fn games_and_points_survive_reopening() {
    let path = temp_db("reopen");
    let db = path.to_str().unwrap();
    let cal = Calendar::new("UTC").unwrap();
    let store = Store::open(db, Access::Write).await.unwrap();
    assert_eq!(store.migrate(0).await.unwrap(), None);
    let ids = store.reserve_ids().await.unwrap();
    assert_eq!(ids, 1..1 + ID_BLOCK);
    let (mut standing, _, mut seq, report) = store.recover(0, &cal).await.unwrap();
    assert!(report.ended_running.is_empty() && !report.rebuilt_scores);
    // 2026-03-05
    let march = 1_772_668_800_000;
    let reg = Registration {
        key: "anna".into(),
        name: "Anna".into(),
        token_hash: "h".into(),
    };
    store
        .start_game(
            &running(1, battlegeneral::ID, "Anna", "bert", march - 300_000),
            &[reg],
        )
        .await
        .unwrap();
    store
        .start_game(&running(2, fanorona::ID, "Anna", "carl", march), &[])
        .await
        .unwrap();
    finish(
        &store,
        &mut standing,
        &mut seq,
        bg_game(1, "Anna", "bert", Player::Second, march),
        &cal,
    )
    .await;
    assert_eq!(
        standing.points(battlegeneral::ID, Period::Eternal, "bert"),
        Some(10)
    );
    assert_eq!(
        store.names().await.unwrap()["anna"],
        ("Anna".to_owned(), "h".to_owned())
    );
    store.close().await;
    // Game 2 was running: the next start ends it without points, ids are
    // never given twice.
    let store = Store::open(db, Access::Write).await.unwrap();
    store.migrate(0).await.unwrap();
    assert_eq!(store.reserve_ids().await.unwrap().start, 1 + ID_BLOCK);
    let (standing, _, seq, report) = store.recover(march + 5, &cal).await.unwrap();
    assert_eq!(seq, 2);
    assert_eq!(report.ended_running, [2]);
    assert!(!report.rebuilt_scores);
    assert_eq!(
        standing.points(battlegeneral::ID, Period::Eternal, "bert"),
        Some(10)
    );
    let games = store.games(0, 10, None).await.unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0],
        StoredGame {
            seq: 1,
            counted: true,
            ..bg_game(1, "Anna", "bert", Player::Second, march)
        }
    );
    assert_eq!((games[1].seq, games[1].kind.as_str()), (2, fanorona::ID));
    assert_eq!(games[1].reason, "server_stopped");
    assert_eq!((games[1].outcome, games[1].counted), (None, false));
    assert_eq!(
        store.games(0, 10, Some(fanorona::ID)).await.unwrap().len(),
        1
    );
    let month = Period::Month(crate::leaderboard::Month::new(2026, 3).unwrap());
    let t = store.table(battlegeneral::ID, month, 10).await.unwrap();
    assert_eq!(
        t,
        [
            Score {
                name: "bert".into(),
                points: 10
            },
            Score {
                name: "Anna".into(),
                points: 0
            }
        ]
    );
    // Damaged tables are rebuilt from the games.
    sqlx::query("UPDATE scores SET points = 99")
        .execute(&store.pool)
        .await
        .unwrap();
    let (_, _, _, report) = store.recover(march + 6, &cal).await.unwrap();
    assert!(report.rebuilt_scores);
    assert_eq!(
        store
            .table(battlegeneral::ID, Period::Eternal, 10)
            .await
            .unwrap()[0]
            .points,
        10
    );
    let (_, _, _, report) = store.recover(march + 7, &cal).await.unwrap();
    assert!(!report.rebuilt_scores);
    store.close().await;
}

#[tokio::test]
async fn a_newer_schema_is_refused() {
    let path = temp_db("newer");
    let db = path.to_str().unwrap();
    let store = Store::open(db, Access::Write).await.unwrap();
    store.migrate(0).await.unwrap();
    sqlx::query("INSERT INTO schema_version (version, applied_at) VALUES (7, 0)")
        .execute(&store.pool)
        .await
        .unwrap();
    store.close().await;
    let store = Store::open(db, Access::Write).await.unwrap();
    let err = store.migrate(0).await.unwrap_err();
    assert!(
        matches!(err, StoreError::NewerSchema { found: 7, known: 2 }),
        "{err}"
    );
}

/// The schema of version 1 (Battlegeneral alone), as that server made it.
const V1: [&str; 8] = [
    "CREATE TABLE schema_version (version BIGINT NOT NULL, applied_at BIGINT NOT NULL)",
    "CREATE TABLE games (id BIGINT PRIMARY KEY, seq BIGINT NOT NULL UNIQUE, red TEXT NOT NULL,
        blue TEXT NOT NULL, red_computer BIGINT NOT NULL, blue_computer BIGINT NOT NULL,
        army TEXT NOT NULL, rules TEXT NOT NULL, started_at BIGINT NOT NULL, setup_done_at BIGINT,
        ended_at BIGINT NOT NULL, red_setup TEXT, blue_setup TEXT, moves TEXT NOT NULL,
        move_times TEXT NOT NULL, plies BIGINT NOT NULL, outcome TEXT NOT NULL,
        reason TEXT NOT NULL, reason_player TEXT, counted BIGINT NOT NULL)",
    "CREATE INDEX games_ended_at ON games (ended_at)",
    "CREATE TABLE running_games (id BIGINT PRIMARY KEY, red TEXT NOT NULL, blue TEXT NOT NULL, started_at BIGINT NOT NULL)",
    "CREATE TABLE points_eternal (name TEXT PRIMARY KEY, points BIGINT NOT NULL)",
    "CREATE TABLE points_monthly (month TEXT NOT NULL, name TEXT NOT NULL, points BIGINT NOT NULL, PRIMARY KEY (month, name))",
    "CREATE TABLE points_changes (game_id BIGINT NOT NULL, name TEXT NOT NULL, month TEXT NOT NULL,
        eternal_before BIGINT NOT NULL, eternal_after BIGINT NOT NULL, monthly_before BIGINT NOT NULL,
        monthly_after BIGINT NOT NULL, PRIMARY KEY (game_id, name))",
    "INSERT INTO schema_version (version, applied_at) VALUES (1, 0)",
];

#[tokio::test]
async fn a_version_1_database_is_migrated_with_its_games_and_points() {
    let path = temp_db("v1");
    let db = path.to_str().unwrap();
    let store = Store::open(db, Access::Write).await.unwrap();
    for sql in V1 {
        sqlx::query(sql).execute(&store.pool).await.unwrap();
    }
    let d = predefined();
    // 2026-03-05, two counted wins of Blue, a draw without points, a
    // game left running.
    let march = 1_772_668_800_000i64;
    for (id, outcome, counted) in [(1, "blue", 1), (2, "blue", 1), (3, "draw", 0)] {
        sqlx::query(
            "INSERT INTO games VALUES ($1, $2, 'anna', 'bert', 0, 0, 'classic', 'battlegeneral', $3, $4, $5, $6, $7, 'a4-a5', '1000', 1, $8, 'flag_captured', NULL, $9)",
        )
        .bind(id)
        .bind(id)
        .bind(march)
        .bind(march + 10_000)
        .bind(march + 400_000)
        .bind(d[0].1.to_string())
        .bind(d[1].1.to_string())
        .bind(outcome)
        .bind(counted)
        .execute(&store.pool)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO running_games VALUES (4, 'anna', 'carl', $1)")
        .bind(march + 500_000)
        .execute(&store.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO points_eternal VALUES ('bert', 20)")
        .execute(&store.pool)
        .await
        .unwrap();
    assert_eq!(store.migrate(1).await.unwrap(), Some(1));
    let cal = Calendar::new("UTC").unwrap();
    let (standing, _, seq, report) = store.recover(uint(march) + 600_000, &cal).await.unwrap();
    assert_eq!(report.ended_running, [4]);
    assert_eq!(seq, 4);
    assert!(report.rebuilt_scores);
    assert_eq!(
        standing.points(battlegeneral::ID, Period::Eternal, "bert"),
        Some(20)
    );
    assert_eq!(
        standing.points(battlegeneral::ID, Period::Eternal, "anna"),
        Some(0)
    );
    let games = store.games(0, 10, None).await.unwrap();
    assert_eq!(games.len(), 4);
    let first = &games[0];
    assert_eq!(first.players, ["anna".to_owned(), "bert".to_owned()]);
    assert_eq!(first.outcome, Some(Outcome::Win(Player::Second)));
    let played = Played::read(first).unwrap();
    assert_eq!(played.setups, [Some(d[0].1), Some(d[1].1)]);
    assert_eq!(played.moves.len(), 1);
    assert!(battlegeneral::export::gravon(first).is_some());
    // The old tables are gone; the new ones hold the rebuilt points.
    assert!(
        sqlx::query("SELECT * FROM points_eternal")
            .fetch_all(&store.pool)
            .await
            .is_err()
    );
    assert_eq!(
        store
            .table(battlegeneral::ID, Period::Eternal, 5)
            .await
            .unwrap()[0]
            .points,
        20
    );
    store.close().await;
}

#[tokio::test]
async fn bad_database_arguments_are_reported_at_once() {
    let start = std::time::Instant::now();
    let dir = temp_db("bad");
    let dir = dir.parent().unwrap();
    let text = |e: StoreError| e.to_string();
    assert!(text(Store::open("", Access::Write).await.unwrap_err()).contains("empty"));
    assert!(text(Store::open("  ", Access::Write).await.unwrap_err()).contains("empty"));
    let e = text(
        Store::open("mysql://u@h/db", Access::Write)
            .await
            .unwrap_err(),
    );
    assert!(
        e.contains("\"mysql\"") && e.contains("not supported"),
        "{e}"
    );
    let junk = dir.join("junk.sqlite");
    std::fs::write(&junk, vec![b'x'; 4096]).unwrap();
    let e = text(
        Store::open(junk.to_str().unwrap(), Access::Write)
            .await
            .unwrap_err(),
    );
    assert!(e.contains("not a database"), "{e}");
    // An sqlite: URL is created like a path.
    let url = format!("sqlite:{}", dir.join("new.sqlite").display());
    let store = Store::open(&url, Access::Write).await.unwrap();
    store.migrate(0).await.unwrap();
    store.close().await;
    assert!(dir.join("new.sqlite").exists());
    // Reading only: a missing file is not made, an empty one is refused.
    let missing = dir.join("missing.sqlite");
    assert!(
        Store::open(missing.to_str().unwrap(), Access::Read)
            .await
            .is_err()
    );
    assert!(!missing.exists());
    let empty = dir.join("empty.sqlite");
    Store::open(empty.to_str().unwrap(), Access::Write)
        .await
        .unwrap()
        .close()
        .await;
    let e = Store::open(empty.to_str().unwrap(), Access::Read)
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Empty(_)), "{e}");
    // An unreachable PostgreSQL server: refused at once.
    let e = text(
        Store::open("postgres://u:secret@127.0.0.1:1/db", Access::Write)
            .await
            .unwrap_err(),
    );
    assert!(e.contains("u:***@") && !e.contains("secret"), "{e}");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        redact("postgres://u:secret@localhost/db"),
        "postgres://u:***@localhost/db"
    );
    assert_eq!(redact("games.sqlite"), "games.sqlite");
}
