//! Reversi in the browser: a game against easy as White in the applet's
//! look (your discs red crosses, the computer's blue zeros), a hint, a
//! move taken back, a pass said in words, played by clicks to the count.

use board_core::Game;
use board_search::Strategy;
use reversi_rules::{Move, MoveList, Position};

use super::*;

/// The position the page shows, White (the page's player) to move.
fn page_position(b: &Browser<'_>) -> Position {
    let cells = b.js(
        "return [...document.querySelectorAll('#rv-board .cell')].map(c => { const d = c.querySelector('[data-disc]'); return d ? d.dataset.disc : '-'; }).join('');",
    );
    let text = cells.as_str().unwrap().replace('B', "X").replace('W', "O");
    assert_eq!(text.len(), 64, "{text}");
    format!("{text} O").parse().expect("the page's board")
}

/// The legal squares the page marks.
fn marked(b: &Browser<'_>) -> Vec<String> {
    let v = b.js(
        "return [...document.querySelectorAll('#rv-board .cell.legal')].map(c => c.dataset.square).sort();",
    );
    serde_json::from_value(v).unwrap()
}

/// Waits for the page's player's move or the end; returns whether it is
/// over.
fn reversi_turn(b: &Browser<'_>) -> bool {
    turn_or_end(b, "rv-turn")
}

/// A move after which the opponent must pass (the game going on), if any.
fn forcing_a_pass(pos: &Position, list: &MoveList) -> Option<Move> {
    list.iter().copied().find(|&m| {
        let mut next = *pos;
        next.play(m).is_ok() && next.outcome().is_none() && {
            let mut replies = MoveList::new();
            next.legal_moves(&mut replies);
            replies.as_slice() == [Move::Pass]
        }
    })
}

#[test]
#[cfg_attr(
    not(spielwerk_browser),
    ignore = "needs /usr/bin/chromium and /usr/bin/chromedriver (see the README)"
)]
fn reversi_against_easy_in_the_applets_look() {
    let Some(Bench {
        dir,
        server,
        url,
        driver,
        ..
    }) = bench("browser-reversi", &["--computer-delay-ms", "0"])
    else {
        return;
    };
    let anna = driver.session(&dir.join("profile-anna"), false);
    enter(&anna, &url, "anna");
    // White, the applet's look, against easy: the computer opens.
    anna.click("#card-reversi input[name='rv-side'][value='white']");
    anna.click("#card-reversi input[name='rv-theme'][value='applet']");
    anna.click("#card-reversi .level[data-level='easy']");
    anna.wait("the board", "document.getElementById('rv-board')");
    assert!(!reversi_turn(&anna));
    let pos = page_position(&anna);
    assert_eq!(
        pos.disc_counts().first + pos.disc_counts().second,
        5,
        "Black opened"
    );
    // My discs are red crosses, the computer's blue zeros.
    let glyphs = anna.js(
        "return [document.querySelectorAll('#rv-board .glyph.cross[data-disc=W]').length, document.querySelectorAll('#rv-board .glyph.zero[data-disc=B]').length, document.querySelectorAll('#rv-board .disc').length];",
    );
    assert_eq!(glyphs, json!([1, 4, 0]));
    // A hint marks a legal square.
    anna.click("#rv-hint");
    anna.wait(
        "the hint",
        "document.querySelector('#rv-board .cell.hinted')",
    );
    let hinted = anna.js("return document.querySelector('#rv-board .cell.hinted').dataset.square;");
    assert!(marked(&anna).contains(&hinted.as_str().unwrap().to_string()));
    anna.screenshot("reversi-applet.png");
    // One move, then taken back: the board is as before.
    let before = page_position(&anna);
    let first = marked(&anna)[0].clone();
    anna.click(&format!("#rv-board .cell[data-square='{first}']"));
    anna.wait(
        "the reply",
        "document.getElementById('rv-turn').classList.contains('mine') && !document.getElementById('rv-undo').hidden",
    );
    assert_ne!(page_position(&anna), before);
    anna.click("#rv-undo");
    anna.wait(
        "the move taken back",
        "document.querySelectorAll('#rv-board [data-disc]').length === 5",
    );
    assert_eq!(page_position(&anna), before);
    // To the end: the page marks exactly the legal squares; a move that
    // makes the computer pass is taken when there is one.
    let mut me = reversi_rules::ai::Computer::new(reversi_rules::ai::Level::Medium);
    let mut passes_seen = 0;
    let mut moves = 0;
    let mut over = reversi_turn(&anna);
    while !over {
        assert!(moves < 40, "the game went on and on");
        let pos = page_position(&anna);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut legal: Vec<String> = list.iter().map(ToString::to_string).collect();
        legal.sort();
        assert_eq!(marked(&anna), legal);
        let mv = forcing_a_pass(&pos, &list).unwrap_or_else(|| me.choose(&pos).expect("a move").mv);
        let forced = forcing_a_pass(&pos, &list) == Some(mv);
        let ply = anna.js("return Number(document.getElementById('rv-board').dataset.ply);");
        anna.click(&format!("#rv-board .cell[data-square='{mv}']"));
        moves += 1;
        anna.wait(
            "the move made",
            &format!("Number(document.getElementById('rv-board').dataset.ply) > {ply} || !document.getElementById('result').hidden"),
        );
        over = reversi_turn(&anna);
        if forced && !over {
            let said = anna.text("#rv-status");
            assert!(said.contains("has no move and passes"), "{said}");
            passes_seen += 1;
        }
    }
    assert!(passes_seen > 0, "the computer never had to pass");
    // The count is shown, and the title is the stored result.
    let games = server.get_json("/api/games?kind=reversi");
    let game = &games[0];
    assert_eq!(game["reason"], "count");
    let title = anna.text("#result-title");
    let want = match game["outcome"].as_str().unwrap() {
        "white" => "You win!",
        "black" => "You lose",
        _ => "Draw",
    };
    assert_eq!(title, want);
    let end = page_position(&anna);
    assert!(end.outcome().is_some(), "the page's last board is over");
    let counts = end.disc_counts();
    let status = anna.text("#rv-status");
    assert!(
        status.contains(&format!("Black {}, White {}", counts.first, counts.second)),
        "{status}"
    );
    anna.screenshot("reversi-end.png");
    let errors = anna.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}
