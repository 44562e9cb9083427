//! The record readers of reversi-rules: WTHOR text lines, `.wtb` files,
//! eOthello CSV, OBF lines, FFO problem files, and the replay summaries of
//! whole files. The first byte chooses the reader; records that parse print
//! back to the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_rules::ai::ffo::parse_problems;
use reversi_rules::eothello::EothelloGame;
use reversi_rules::obf::ObfLine;
use reversi_rules::record::ReplaySummary;
use reversi_rules::wthor::{WtbFile, WthorLine, frequent_openings};
use spielwerk_fuzz::{round_trip, show, split};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    match which % 6 {
        0 => {
            if let Some(line) = round_trip::<WthorLine>(&text) {
                show(line.replay());
                let _ = line.recorded();
            }
            let _ = ReplaySummary::wthor_text(&text);
            let _ = frequent_openings(&text, 4, 3);
        }
        1 => {
            if let Some(game) = round_trip::<EothelloGame>(&text) {
                show(game.replay());
            }
            let _ = ReplaySummary::eothello_csv(&text);
        }
        2 => {
            if let Some(line) = round_trip::<ObfLine>(&text) {
                let _ = line.best_score();
            }
        }
        3 => show(parse_problems(&text, 1)),
        _ => {
            // The binary WTHOR file, from the raw bytes after the selector.
            match WtbFile::parse(&data[1..]) {
                Ok(file) => {
                    let _ = ReplaySummary::wtb(&file);
                    for game in &file.games {
                        show(game.replay());
                    }
                    if let Ok(bytes) = file.to_bytes() {
                        assert_eq!(
                            WtbFile::parse(&bytes).as_ref(),
                            Ok(&file),
                            "to_bytes round trip"
                        );
                    }
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
});
