//! Major in the browser: on each of the four boards a win against easy
//! by drag and drop, entering the board's highscore table on the start
//! page; a side's colour chosen there and kept after a reload; two people
//! taking turns at one phone by taps; a demonstration stopped by Escape.

use board_search::Strategy;
use major_rules::{Board, Colour, Position, Rules, Setup, Square, Stack};

use super::*;

/// The position the page shows, Blue (the page's player) to move.
fn page_position(b: &Browser<'_>, number: u32) -> Position {
    let cells = b.js(
        "return [...document.querySelectorAll('#mj-board .cell')].map(c => { const p = c.querySelector('.mj-piece'); return [c.dataset.square, p ? p.dataset.side : '', p ? p.dataset.major : '', c.classList.contains('threat')]; });",
    );
    let board = Board::standard(number).unwrap();
    let mut stacks = Vec::new();
    let mut threat = None;
    for cell in cells.as_array().unwrap() {
        let sq: Square = cell[0].as_str().unwrap().parse().unwrap();
        let colour = match cell[1].as_str().unwrap() {
            "blue" => Colour::Blue,
            "red" => Colour::Red,
            _ => continue,
        };
        let stack = if cell[2] == "true" {
            Stack::major(colour)
        } else {
            Stack::stone(colour)
        };
        stacks.push((sq, stack));
        if cell[3] == true {
            threat = Some(sq);
        }
    }
    let quiet = b.text("#mj-quiet");
    let quiet: u8 = quiet
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| !t.is_empty())
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    let setup = Setup {
        board,
        stacks,
        to_move: Colour::Blue,
        threat,
        quiet,
    };
    Position::from_setup(setup, Rules::default()).expect("the page's position")
}

/// Waits for the page's player's move or the end; returns whether it is
/// over.
fn major_turn(b: &Browser<'_>) -> bool {
    turn_or_end(b, "mj-turn")
}

/// Presses a key on the page.
fn press(b: &Browser<'_>, key: &str) {
    b.call(
        "POST",
        "/actions",
        Some(json!({ "actions": [{
            "type": "key", "id": "keyboard",
            "actions": [{ "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }],
        }]})),
    );
    b.call("DELETE", "/actions", None);
}

/// Chooses a board and the two sides in the start page's menu and starts.
fn start_major(b: &Browser<'_>, number: u32, blue: &str, red: &str) {
    b.wait("the start page", "!document.getElementById('home').hidden");
    b.click(&format!("#mj-boards .mj-mini[data-board='{number}']"));
    b.wait(
        "the board chosen",
        &format!("document.querySelector('#mj-boards input[value=\"{number}\"]').checked"),
    );
    b.click(&format!("#mj-first option[value='{blue}']"));
    b.click(&format!("#mj-second option[value='{red}']"));
    b.click("#mj-start");
    // The game's page replaces the start page and the last game's board.
    b.wait(
        "the board",
        "!document.getElementById('play').hidden && document.getElementById('mj-board')",
    );
}

#[test]
#[cfg_attr(
    not(spielwerk_browser),
    ignore = "needs /usr/bin/chromium and /usr/bin/chromedriver (see the README)"
)]
fn major_on_every_board_with_highscores_colours_phone_and_demonstration() {
    let Some(Bench {
        dir,
        server,
        url,
        driver,
        ..
    }) = bench("browser-major", &["--computer-delay-ms", "0"])
    else {
        return;
    };
    let anna = driver.session(&dir.join("profile-anna"), false);
    enter(&anna, &url, "anna");
    // A click on Blue's pieces in the menu gives Blue the next colour
    // (green); it is kept after a reload and used on the board.
    let blue = "getComputedStyle(document.querySelector('#mj-boards .mj-mini[data-board=\"1\"] .mini-piece[data-side=\"blue\"]')).backgroundColor";
    assert_eq!(anna.js(&format!("return {blue};")), "rgb(41, 98, 168)");
    anna.click("#mj-boards .mj-mini[data-board='1'] .mini-piece[data-side='blue']");
    assert_eq!(anna.js(&format!("return {blue};")), "rgb(46, 125, 50)");
    anna.go(&url);
    anna.wait(
        "the start page again",
        "!document.getElementById('home').hidden",
    );
    assert_eq!(anna.js(&format!("return {blue};")), "rgb(46, 125, 50)");
    anna.screenshot("major-menu.png");
    // A win against easy on each board, every move dragged; each enters
    // its board's table.
    let mut me = major_rules::ai::Computer::new(major_rules::ai::Level::Medium);
    for number in 1..=4u32 {
        start_major(&anna, number, "me", "easy");
        let top = anna.js(
            "return getComputedStyle(document.querySelector('#mj-board .mj-piece[data-side=\"blue\"] .top')).backgroundColor;",
        );
        assert_eq!(top, "rgb(46, 125, 50)", "the chosen colour on the board");
        let mut moves = 0;
        let mut shot = false;
        while !major_turn(&anna) {
            assert!(moves < 150, "board {number}: the game went on and on");
            let pos = page_position(&anna, number);
            let mv = me.choose(&pos).expect("a move").mv;
            let cell = |sq: Square| format!("#mj-board .cell[data-square='{sq}']");
            let ply = anna.js("return Number(document.getElementById('mj-board').dataset.ply);");
            anna.drag(&cell(mv.from), &cell(mv.to));
            moves += 1;
            anna.wait(
                "the move made",
                &format!("Number(document.getElementById('mj-board').dataset.ply) > {ply} || !document.getElementById('result').hidden"),
            );
            if number == 4
                && !shot
                && anna
                    .js("return document.querySelectorAll('#mj-board .mj-piece.major').length > 0;")
                    == json!(true)
            {
                anna.screenshot("major-islands.png");
                shot = true;
            }
        }
        assert_eq!(anna.text("#result-title"), "You win!", "board {number}");
        let status = anna.text("#mj-status");
        assert!(status.contains("place 1"), "board {number}: {status}");
        anna.click("#back");
        anna.wait("the start page", "!document.getElementById('home').hidden");
        let rows = anna.js(
            "return [...document.querySelectorAll('#mj-highscores tr')].map(r => [...r.cells].map(c => c.textContent));",
        );
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 1, "board {number}: {rows:?}");
        assert_eq!(rows[0][1], "anna");
        assert_eq!(rows[0][2], "easy");
    }
    let stored = server.get_json("/api/games?kind=major");
    assert_eq!(stored.as_array().unwrap().len(), 4);
    // A demonstration of two computers: Escape stops it, without a result.
    start_major(&anna, 2, "easy", "easy");
    anna.wait(
        "the stop button",
        "!document.getElementById('mj-stop').hidden",
    );
    press(&anna, "\u{E00C}");
    anna.wait("the end", "!document.getElementById('result').hidden");
    assert_eq!(anna.text("#result-title"), "The game was ended");
    assert!(anna.text("#result-text").contains("stopped"));
    let errors = anna.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
    // Two people at one phone: taps move the side to move, Blue then Red.
    let bert = driver.session(&dir.join("profile-bert"), true);
    enter(&bert, &url, "bert");
    start_major(&bert, 3, "me", "me");
    for side in ["Blue", "Red", "Blue", "Red"] {
        bert.wait(
            "a side to move",
            "document.getElementById('mj-turn').classList.contains('mine')",
        );
        assert_eq!(bert.text("#mj-turn"), format!("{side} to move"));
        let from =
            bert.js("return document.querySelector('#mj-board .cell.movable').dataset.square;");
        bert.click(&format!("#mj-board .cell[data-square={from}]"));
        let to = bert.js("return document.querySelector('#mj-board .cell.target').dataset.square;");
        bert.click(&format!("#mj-board .cell[data-square={to}]"));
        bert.wait(
            "the move made",
            &format!("document.querySelector('#mj-board .cell[data-square={to}] .mj-piece')"),
        );
    }
    bert.screenshot("major-phone.png");
    // Leaving a game of two people at one screen asks nothing and stops it.
    bert.click("#leave");
    bert.wait("the end", "!document.getElementById('result').hidden");
    assert_eq!(bert.text("#result-title"), "The game was ended");
    let errors = bert.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}
