//! A scripted GTP session.

use reversi_rules::ai::gtp::Gtp;
use reversi_rules::ai::levels::Level;

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
