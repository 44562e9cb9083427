//! [`Diagram`]: a position drawn with its lines, for terminals.

use core::fmt;

use board_core::coords::Frame;

use crate::board::{Bitboard, COLUMNS, ROWS};
use crate::position::{Position, WHITE};
use crate::square::Square;

/// A drawing of a position with its lines, for terminals:
///
/// ```text
/// 5 B-B-B-B-B-B-B-B-B
///   |\|/|\|/|\|/|\|/|
/// ...
///   a b c d e f g h i
/// ```
///
/// `W` is White, `B` Black; points in the highlighted set are drawn in
/// lower case (a capture just made, a line to choose) or as `*` when empty;
/// the marked point (where the last move ended) has `>` before it.
///
/// ```
/// use fanorona_rules::{Diagram, Position, Square};
/// let pos = Position::new();
/// let e3: Square = "e3".parse()?;
/// let text = Diagram { marked: Some(e3), ..pos.diagram() }.to_string();
/// assert!(text.lines().nth(4).is_some_and(|row| row == "3 W-B-W-B>.-W-B-W-B"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a> {
    /// The position.
    pub position: &'a Position,
    /// Points to highlight.
    pub highlight: Bitboard,
    /// A point to mark, such as where the last move ended.
    pub marked: Option<Square>,
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let frame = Frame::new(COLUMNS, ROWS).last_row_on_top().letters_below();
        for row in frame.rows() {
            frame.write_label(f, row)?;
            for column in frame.columns() {
                let p = Square::new(column, row).unwrap_or(Square(0));
                let lit = self.highlight.contains(p);
                let c = match (self.position.at(p), lit) {
                    (Some(pl), false) if pl == WHITE => 'W',
                    (Some(_), false) => 'B',
                    (Some(pl), true) if pl == WHITE => 'w',
                    (Some(_), true) => 'b',
                    (None, true) => '*',
                    (None, false) => '.',
                };
                if self.marked == Some(p) {
                    f.write_str(">")?;
                } else if column > 0 {
                    f.write_str("-")?;
                } else {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f)?;
            if row > 0 {
                f.write_str("  ")?;
                for column in 0..COLUMNS {
                    f.write_str("|")?;
                    if column + 1 < COLUMNS {
                        // The diagonal of the square above-left of (column, row - 1).
                        let strong = (column + row) % 2 == 0;
                        f.write_str(if strong { "\\" } else { "/" })?;
                    }
                }
                writeln!(f)?;
            }
        }
        frame.write_letters(f)
    }
}
