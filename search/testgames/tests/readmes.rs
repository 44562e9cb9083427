//! The library crates' READMEs are also their crate documentation
//! (`#![doc = include_str!("../README.md")]`), shown on GitHub, crates.io
//! and docs.rs. A link must work in all three: an address (`https://`), an
//! anchor (`#`) or a file of the repository, never a rustdoc intra-doc link
//! (`` [`Board`] ``, `[text](crate::Board)`), which only docs.rs resolves
//! and the other two show as brackets or a dead link.

use std::path::PathBuf;

const LIBRARIES: [&str; 6] = [
    "board-core",
    "search",
    "reversi-rules",
    "fanorona-rules",
    "major-rules",
    "stratego-rules",
];

/// The intra-doc links in `text` outside code blocks, with line numbers.
fn intra_doc_links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_code = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let bytes = line.as_bytes();
        let mut i = 0;
        while let Some(open) = line[i..].find('[').map(|o| o + i) {
            let Some(close) = line[open..].find(']').map(|c| c + open) else {
                break;
            };
            let label = &line[open + 1..close];
            let bad = match bytes.get(close + 1).copied() {
                Some(b'(') => {
                    let end = line[close..].find(')').map_or(line.len(), |e| e + close);
                    let target = &line[close + 2..end];
                    !(target.starts_with("https://")
                        || target.starts_with("http://")
                        || target.starts_with('#')
                        || target.ends_with(".md")
                        || target.contains('/'))
                }
                // A reference link (`[x][y]`) or definition (`[x]: url`).
                Some(b'[') => false,
                Some(b':') if open == 0 => false,
                _ => label.len() > 2 && label.starts_with('`') && label.ends_with('`'),
            };
            if bad {
                found.push((n + 1, line[open..=close].to_owned()));
            }
            i = close + 1;
        }
    }
    found
}

#[test]
fn no_readme_of_a_library_has_a_link_that_only_docs_rs_resolves() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut bad = Vec::new();
    for crate_dir in LIBRARIES {
        let path = root.join(crate_dir).join("README.md");
        let text = std::fs::read_to_string(&path).expect("a crate README");
        for (line, link) in intra_doc_links(&text) {
            bad.push(format!("{crate_dir}/README.md:{line}: {link}"));
        }
    }
    assert!(bad.is_empty(), "intra-doc links:\n{}", bad.join("\n"));
}

#[test]
fn the_checker_finds_intra_doc_links_and_passes_the_others() {
    let text = "[`Board`] and [the move](crate::Move) and [`Pos`](https://docs.rs/x) and [spec](../shared/specs/x.md)\n```\n[`InCode`]\n```\n[ref]: https://example.org\n";
    let found: Vec<String> = intra_doc_links(text).into_iter().map(|(_, l)| l).collect();
    assert_eq!(found, ["[`Board`]", "[the move]"]);
}

/// The rows of the workspace README's table "The same in every game".
fn same_shape_rows(readme: &str) -> Vec<String> {
    readme
        .split("## The same in every game")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .skip_while(|l| !l.starts_with("| what |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('|').nth(1))
        .map(|cell| cell.trim().to_owned())
        .collect()
}

#[test]
fn the_readme_table_of_names_is_the_table_the_compile_tests_hold() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let readme = std::fs::read_to_string(&path).expect("the workspace README");
    assert_eq!(
        same_shape_rows(&readme),
        spielwerk_testgames::SAME_SHAPE_ROWS,
        "the README's table \"The same in every game\" and the rows of `same_shape!`"
    );
}
