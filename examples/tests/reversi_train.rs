//! `spielwerk reversi train` writes its weights to the current folder by
//! default (never over the weights the crate embeds) and says how to use
//! them.

mod cli_common;

use std::process::Command;

use cli_common::{run_with, temp_dir};

#[spielwerk_testgames::needs_data("reversi/games")]
#[test]
fn the_weights_go_to_the_current_folder_with_the_way_to_install_them() {
    let (Some(wthor), Some(eothello)) = (
        spielwerk_testgames::shared_data("reversi/games/wthor-1977-2025.txt"),
        spielwerk_testgames::shared_data("reversi/games/eothello-25657.csv"),
    ) else {
        return;
    };
    // A small copy of the data, outside the project: a few games of each.
    let dir = temp_dir("train");
    let games = dir.join("data").join("games");
    std::fs::create_dir_all(&games).expect("a data folder");
    let head = |path: &std::path::Path, n: usize| {
        let text = std::fs::read_to_string(path).expect("the data reads");
        text.lines().take(n).collect::<Vec<_>>().join("\n") + "\n"
    };
    std::fs::write(games.join("wthor-1977-2025.txt"), head(&wthor, 40)).expect("written");
    std::fs::write(games.join("eothello-25657.csv"), head(&eothello, 20)).expect("written");
    let work = dir.join("work");
    std::fs::create_dir_all(&work).expect("a working folder");
    let r = run_with(
        Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args([
                "reversi",
                "train",
                "--epochs",
                "1",
                "--threads",
                "1",
                "--data",
            ])
            .arg(dir.join("data"))
            .current_dir(&work),
        b"",
    );
    assert!(r.ok, "{r}");
    assert!(work.join("patterns.bin").is_file(), "{r}");
    assert!(
        r.stdout
            .contains("copy patterns.bin to reversi-rules/weights/patterns.bin"),
        "{r}"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}
