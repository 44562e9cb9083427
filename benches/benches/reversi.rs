//! reversi-rules against the `magpie` crate, side by side on the same
//! positions: move generation, playing every legal move, and perft.
//!
//! `cargo bench -p benches --bench reversi`

use std::hint::black_box;

use board_core::{FinishedGames, SplitMix64};
use criterion::{Criterion, criterion_group, criterion_main};
use magpie::othello::{Board as MagpieBoard, Stone};
use reversi_rules::perft::perft;
use reversi_rules::{Board, Square};

/// Positions of random games from the start (seeded), Black or White to
/// move, with at least one legal move: the same set for both crates.
fn positions() -> Vec<Board> {
    let mut rng = SplitMix64::new(0xE110);
    let mut out = Vec::new();
    while out.len() < 1000 {
        let mut board = Board::start();
        for _ in 0..rng.below(58) {
            let moves = board.moves();
            if moves == 0 {
                board = board.pass();
                if board.moves() == 0 {
                    break;
                }
                continue;
            }
            let pick = rng.below(u64::from(moves.count_ones()));
            let mut rest = moves;
            for _ in 0..pick {
                rest &= rest - 1;
            }
            let Some(sq) = Square::first_of(rest) else {
                break;
            };
            board = board.play_unchecked(sq);
        }
        if board.moves() != 0 {
            out.push(board);
        }
    }
    out
}

/// The same position for magpie: its a1 is the most significant bit. The
/// side to move plays Black.
fn to_magpie(board: Board) -> MagpieBoard {
    MagpieBoard::try_from((
        board.player().reverse_bits(),
        board.opponent().reverse_bits(),
    ))
    .expect("disjoint bitboards")
}

/// Perft with magpie's board, the same algorithm as reversi-rules' plain
/// perft (copy-make, bulk count at the last ply, passes as plies, finished
/// games as leaves).
fn magpie_perft(board: &MagpieBoard, stone: Stone, depth: u32) -> u64 {
    let moves = board.moves_for(stone);
    if moves.is_empty() {
        if board.moves_for(stone.flip()).is_empty() {
            return 1;
        }
        return if depth == 1 {
            1
        } else {
            magpie_perft(board, stone.flip(), depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_set());
    }
    moves
        .hot_bits()
        .map(|pos| {
            let mut child = board.clone();
            child.play(stone, pos);
            magpie_perft(&child, stone.flip(), depth - 1)
        })
        .sum()
}

fn move_generation(c: &mut Criterion) {
    let ours = positions();
    let theirs: Vec<MagpieBoard> = ours.iter().map(|&b| to_magpie(b)).collect();
    // Same answers before timing anything.
    for (b, m) in ours.iter().zip(&theirs) {
        assert_eq!(b.moves().reverse_bits(), m.moves_for(Stone::Black).raw());
    }
    let mut group = c.benchmark_group("reversi move generation (1000 positions)");
    group.bench_function("reversi-rules", |bench| {
        bench.iter(|| {
            black_box(&ours)
                .iter()
                .map(|b| u64::from(b.moves().count_ones()))
                .sum::<u64>()
        })
    });
    group.bench_function("magpie", |bench| {
        bench.iter(|| {
            black_box(&theirs)
                .iter()
                .map(|m| u64::from(m.moves_for(Stone::Black).count_set()))
                .sum::<u64>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("reversi play every move (1000 positions)");
    group.bench_function("reversi-rules", |bench| {
        bench.iter(|| {
            black_box(&ours)
                .iter()
                .flat_map(|b| b.children())
                .map(|(_, child)| child.opponent())
                .fold(0, |acc, x| acc ^ x)
        })
    });
    group.bench_function("magpie", |bench| {
        bench.iter(|| {
            black_box(&theirs)
                .iter()
                .flat_map(|m| {
                    m.moves_for(Stone::Black).hot_bits().map(move |pos| {
                        let mut child = m.clone();
                        child.play(Stone::Black, pos);
                        child.bits_for(Stone::Black).raw()
                    })
                })
                .fold(0, |acc, x| acc ^ x)
        })
    });
    group.finish();
}

fn perft_from_start(c: &mut Criterion) {
    let depth = 8;
    let start = Board::start();
    let magpie_start = MagpieBoard::standard();
    assert_eq!(
        perft(start, depth, FinishedGames::CountAsLeaf),
        magpie_perft(&magpie_start, Stone::Black, depth)
    );
    let mut group = c.benchmark_group("reversi perft 8 (390,216 leaves)");
    group.sample_size(20);
    group.bench_function("reversi-rules", |bench| {
        bench.iter(|| perft(black_box(start), depth, FinishedGames::CountAsLeaf))
    });
    group.bench_function("magpie", |bench| {
        bench.iter(|| magpie_perft(black_box(&magpie_start), Stone::Black, depth))
    });
    group.finish();
}

criterion_group!(benches, move_generation, perft_from_start);
criterion_main!(benches);
