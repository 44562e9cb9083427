//! Stratego: the first bytes choose the two deployments (predefined or
//! random, classic or Barrage) and the rules preset; the rest pick moves
//! from the legal list (255 takes one back). After every step the
//! incremental hash equals the recomputed one, undo restores the position,
//! the text form parses back to the same hash (but for an ISF chase, which it
//! leaves out), pieces are conserved (no
//! rank count ever grows, at most the two pieces of a battle leave), and
//! each player's view does not change when two hidden ranks of the other
//! side trade places.
#![no_main]

use board_core::{Game, Observable, Player, SplitMix64, ZobristHash};
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::walk;
use stratego_rules::{Army, Deployment, Move, MoveList, Position, Preset, Rank, Setup, predefined};

fn deployment(army: Army, byte: u8, rng: &mut SplitMix64) -> Deployment {
    match army {
        Army::Classic if byte < 128 => predefined()[usize::from(byte) % 8].1,
        _ => Deployment::random(army, rng),
    }
}

fn total(p: &Position, owner: Player) -> u32 {
    Rank::ALL
        .iter()
        .map(|&r| u32::from(p.count(owner, r)))
        .sum()
}

/// The text form with two hidden pieces of `hidden` (the first of
/// distinct ranks from the `start`-th such piece on) trading ranks.
fn swap_hidden(text: &str, hidden: Player, start: usize) -> Option<String> {
    let (board, rest) = text.split_once(' ')?;
    let mut chars: Vec<char> = board.chars().collect();
    let own =
        |c: char| c.is_ascii_alphabetic() && (c.is_ascii_uppercase() == (hidden == Player::First));
    let candidates: Vec<usize> = (0..chars.len())
        .filter(|&i| own(chars[i]))
        .filter(|&i| {
            // Not revealed: no '*' among the marks after the letter.
            chars[i + 1..]
                .iter()
                .take_while(|c| matches!(c, '\'' | '*'))
                .all(|&c| c != '*')
        })
        .collect();
    if candidates.len() < 2 {
        return None;
    }
    let a = candidates[start % candidates.len()];
    let b = candidates.iter().copied().find(|&j| chars[j] != chars[a])?;
    chars.swap(a, b);
    Some(format!("{} {rest}", chars.into_iter().collect::<String>()))
}

fn check_views(p: &Position) {
    let text = p.to_string();
    let a = Position::parse_with_rules(&text, p.rules()).expect("the text form parses");
    for viewer in [Player::First, Player::Second] {
        let Some(swapped) = swap_hidden(&text, viewer.other(), p.ply() as usize) else {
            continue;
        };
        // A swap may be no position (a moved piece given an immobile rank).
        let Ok(b) = Position::parse_with_rules(&swapped, p.rules()) else {
            continue;
        };
        assert_eq!(a.view(viewer), b.view(viewer), "{text} / {swapped}");
        let (mut ma, mut mb) = (MoveList::default(), MoveList::default());
        a.view(viewer).legal_moves(&mut ma);
        b.view(viewer).legal_moves(&mut mb);
        assert_eq!(
            ma.as_slice(),
            mb.as_slice(),
            "{text} / {swapped}: the view's moves"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let [a, b, c, moves @ ..] = data else { return };
    let army = if c & 1 == 0 {
        Army::Classic
    } else {
        Army::Barrage
    };
    let preset = Preset::ALL[usize::from(c >> 1) % Preset::ALL.len()];
    let mut rng = SplitMix64::new(u64::from(*a) << 8 | u64::from(*b));
    let (red, blue) = (
        deployment(army, *a, &mut rng),
        deployment(army, *b, &mut rng),
    );
    let Ok(start) =
        Position::from_setup(Setup::from_deployments(army, &red, &blue), preset.rules())
    else {
        return;
    };
    walk(
        start,
        moves,
        |p: &Position| {
            let text = p.to_string();
            let back = Position::parse_with_rules(&text, p.rules())
                .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
            assert_eq!(back.to_string(), text);
            // The hash covers an ISF chase in progress (the more-squares
            // rule), which the text form leaves out.
            if !p.rules().more_squares {
                assert_eq!(
                    back.zobrist(),
                    p.zobrist(),
                    "{text:?} parses to another hash"
                );
            }
            check_views(p);
        },
        |before: &Position, mv: Move, after: &Position| {
            let mut left = 0;
            for owner in [Player::First, Player::Second] {
                for r in Rank::ALL {
                    assert!(
                        after.count(owner, r) <= before.count(owner, r),
                        "{mv}: a {r} appeared"
                    );
                }
                left += total(before, owner) - total(after, owner);
            }
            assert!(left <= 2, "{mv}: {left} pieces left the board");
            let battle = before.piece_at(mv.to).is_some();
            assert!(battle || left == 0, "{mv}: pieces left without a battle");
            assert_eq!(after.to_move(), before.to_move().other());
        },
    );
});
