//! A scripted GTP session.

use reversi_rules::ai::eval::{Eval, PatternEval};
use reversi_rules::ai::gtp::Gtp;
use reversi_rules::ai::{Computer, Level, limits};

#[test]
fn scripted_session() {
    let script = "\
protocol_version
1 name
boardsize 10
boardsize 8
clear_board
play black f5
2 play white f5
play white d6
play purple c3
frobnicate
genmove black
showboard
undo
known_command genmove
quit
genmove white
";
    let mut out = Vec::new();
    let mut gtp = Gtp::new(Level::Easy);
    gtp.run(script.as_bytes(), &mut out).expect("no I/O error");
    let text = String::from_utf8(out).expect("UTF-8");
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers[0], "= 2");
    assert_eq!(answers[1], "=1 Spielwerk Reversi");
    assert_eq!(answers[2], "? unacceptable size");
    assert_eq!(answers[3], "=");
    assert_eq!(answers[4], "=");
    assert_eq!(answers[5], "=");
    assert!(answers[6].starts_with("?2 illegal move"), "{}", answers[6]);
    assert_eq!(answers[7], "=");
    assert_eq!(answers[8], "? invalid color purple");
    assert_eq!(answers[9], "? unknown command");
    // Black's reply after f5 d6 is one of its legal moves.
    let reply = answers[10].strip_prefix("= ").expect("a move");
    assert!(
        reply.parse::<reversi_rules::Move>().is_ok() && reply.len() == 2,
        "{reply}"
    );
    assert!(
        answers[11].starts_with("= \n") || answers[11].starts_with("=\n"),
        "{}",
        answers[11]
    );
    assert_eq!(answers[12], "=");
    assert_eq!(answers[13], "= true");
    assert_eq!(answers[14], "=");
    // Nothing is read after quit.
    assert_eq!(answers.len(), 15, "{text}");
    assert_eq!(gtp.game().history().len(), 2);
}

/// A session whose computer has small tables (1 MiB, 2^4 solver buckets)
/// plays a whole game against itself, every answer a move; where the exact
/// solver takes over, its score equals that of the computer with the
/// default tables.
#[test]
fn small_tables_play_a_whole_game() {
    let small = || {
        let eval = Eval::Pattern(PatternEval::default());
        Computer::with_tables(limits(Level::Easy), eval, 1, 4)
    };
    let mut gtp = Gtp::with_computer(small());
    let exact_empties = limits(Level::Easy).exact_empties;
    let mut compared = false;
    let colours = ["black", "white"];
    for ply in 0..130 {
        if gtp.game().is_over() {
            break;
        }
        let pos = *gtp.game().position();
        if !compared && pos.empty_count() <= exact_empties && !pos.must_pass() {
            let with_small = small().think(&pos);
            let with_default = Computer::new(Level::Easy).think(&pos);
            assert!(with_small.exact && with_default.exact);
            assert_eq!(with_small.score, with_default.score, "{pos:?}");
            compared = true;
        }
        let answer = gtp
            .execute(&format!("genmove {}", colours[ply % 2]))
            .expect("genmove is answered");
        assert!(answer.starts_with("= "), "ply {ply}: {answer:?}");
    }
    assert!(gtp.game().is_over(), "the game ends");
    assert!(compared, "the solver took over before the end");
}

mod client {
    use std::io::{BufRead, BufReader, Write};
    use std::thread::JoinHandle;

    use board_search::{GameError, Opening, Strategy, play_game};
    use reversi_rules::Position;
    use reversi_rules::ai::gtp::{Gtp, GtpClient, GtpError};
    use reversi_rules::ai::{Computer, Level};

    type Client = GtpClient<BufReader<std::io::PipeReader>, std::io::PipeWriter>;

    /// A client talking to `engine`, which runs in a thread on the other
    /// ends of two pipes.
    fn connect(
        engine: impl FnOnce(BufReader<std::io::PipeReader>, std::io::PipeWriter) + Send + 'static,
    ) -> (Client, JoinHandle<()>) {
        let (commands, to_engine) = std::io::pipe().expect("a pipe");
        let (from_engine, answers) = std::io::pipe().expect("a pipe");
        let thread = std::thread::spawn(move || engine(BufReader::new(commands), answers));
        (
            GtpClient::new(BufReader::new(from_engine), to_engine),
            thread,
        )
    }

    /// An engine that answers every command with `answer` (and a blank line).
    fn answering(answer: &'static str) -> (Client, JoinHandle<()>) {
        connect(move |input, mut output| {
            for line in input.lines() {
                if line.is_err() || write!(output, "{answer}\n\n").is_err() {
                    break;
                }
            }
        })
    }

    #[test]
    fn a_game_against_the_front_end_hears_every_move() {
        let (mut easy, thread) = connect(|input, output| {
            Gtp::new(Level::Easy)
                .run(input, output)
                .expect("no I/O error");
        });
        let moves = vec!["f5".parse().unwrap(), "f6".parse().unwrap()];
        let opening = Opening::with_moves(Position::start(), moves);
        let mut ours = Computer::new(Level::Easy);
        let game = play_game(&mut ours, &mut easy, &opening, 0, 200, |_| true)
            .expect("the engine plays legal moves");
        assert!(game.outcome().is_some());
        // The engine followed the game: its board is the final one.
        let board = easy.ask("showboard").expect("an answer");
        let ours = game.last.diagram().to_string();
        for row in ours.lines().skip(1).take(8) {
            assert!(board.contains(row), "{row} in {board}");
        }
        drop(easy);
        thread.join().expect("the engine thread");
    }

    #[test]
    fn every_bad_answer_is_an_error() {
        let start = Opening::new(Position::start());
        let play = |engine: &mut Client| {
            play_game(
                &mut Computer::new(Level::Easy),
                engine,
                &start,
                0,
                200,
                |_| true,
            )
        };
        let (mut refusing, _t) = answering("? unknown command");
        let err = play(&mut refusing).expect_err("refused");
        assert!(err.to_string().contains("\"boardsize 8\""), "{err}");
        let (mut not_gtp, _t) = answering("hello");
        let err = play(&mut not_gtp).expect_err("not GTP");
        assert!(err.to_string().contains("\"hello\""), "{err}");
        // Any command succeeds, genmove answers a square that is no move.
        let (mut nonsense, _t) = answering("= z9");
        let err = play(&mut nonsense).expect_err("not a move");
        assert!(matches!(err, GameError::Strategy { ply: 2, .. }), "{err}");
        assert!(err.to_string().contains("z9"), "{err}");
        // genmove answers a move that is not legal: the game says so.
        let (mut illegal, _t) = answering("= a1");
        let err = play(&mut illegal).expect_err("illegal");
        assert!(
            matches!(err, GameError::IllegalMove { ply: 2, .. }),
            "{err}"
        );
        // An engine that stops answering.
        let (mut gone, thread) = connect(|_input, _output| {});
        thread.join().expect("the thread");
        let err = gone.new_game(&Position::start(), 0).expect_err("closed");
        assert!(
            matches!(err, GtpError::Closed { .. } | GtpError::Io(_)),
            "{err}"
        );
        // A start that GTP cannot set up.
        let (mut fine, _t) = answering("=");
        let mut other = Position::start();
        board_core::Game::play(&mut other, "f5".parse().unwrap()).unwrap();
        assert!(matches!(
            fine.new_game(&other, 0),
            Err(GtpError::NotTheStart(_))
        ));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        assert!(matches!(
            GtpClient::spawn("/no/such/engine --flag"),
            Err(GtpError::Spawn { .. })
        ));
        assert!(matches!(
            GtpClient::spawn("  "),
            Err(GtpError::EmptyCommand)
        ));
    }
}

/// On a clock, the computer searches as deep as its time allows and keeps
/// to it: a whole game of 2 s main time a side (no byo-yomi) ends with
/// every answer a move, well within the time, and `time_left` and
/// "no time limit" are understood.
#[test]
fn a_game_on_the_clock_keeps_to_its_time() {
    use std::time::{Duration, Instant};

    let mut gtp = Gtp::with_computer(Computer::with_tables(
        limits(Level::Easy),
        Eval::default(),
        1,
        10,
    ));
    assert_eq!(gtp.execute("time_settings 2 0 0").as_deref(), Some("=\n\n"));
    assert!(gtp.time_control().is_some());
    assert_eq!(gtp.execute("time_left black 2 0").as_deref(), Some("=\n\n"));
    assert!(
        gtp.execute("time_settings 2 x 0")
            .is_some_and(|a| a.starts_with("? syntax error")),
        "a bad number is refused"
    );
    let started = Instant::now();
    let mut moves = 0;
    while !gtp.game().is_over() {
        let colour = if gtp.game().to_move() == board_core::Player::First {
            "black"
        } else {
            "white"
        };
        let answer = gtp
            .execute(&format!("genmove {colour}"))
            .unwrap_or_default();
        assert!(answer.starts_with("= "), "{answer}");
        moves += 1;
        assert!(moves <= 70, "the game ends");
    }
    // Each side had 2 s; the game took less than their sum and a margin
    // for a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
    // "No time limit" (GTP: byo-yomi time without stones) is the level again.
    assert_eq!(gtp.execute("time_settings 0 1 0").as_deref(), Some("=\n\n"));
    assert!(gtp.time_control().is_none());
}
