//! [`Diagram`]: a position drawn for terminals.

use core::fmt;

use board_core::coords::Frame;

use crate::position::Position;
use crate::square::Square;
use crate::stack::Stack;

impl Position {
    /// A multi-line diagram with coordinates, for terminals: `.` empty, `#`
    /// gap, `b`/`r` stones, `B`/`R` Majors.
    ///
    /// ```
    /// use major_rules::{Board, Position};
    /// let text = Position::start(Board::standard(1)?).diagram().to_string();
    /// assert!(text.starts_with("    a b c d e f g h"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            pos: self,
            marked: None,
        }
    }
}

/// A board picture of a position, from [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a> {
    pos: &'a Position,
    marked: Option<Square>,
}

impl Diagram<'_> {
    /// The same picture with `square` marked (`>` before it): where the
    /// last move went, for a reader who did not see it played.
    ///
    /// ```
    /// use major_rules::{Board, Position};
    /// let pos = Position::start(Board::standard(1)?);
    /// let a2 = "a2".parse()?;
    /// let text = pos.diagram().marked(a2).to_string();
    /// assert!(text.lines().nth(2).is_some_and(|row| row.starts_with(" 2 >b")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn marked(self, square: Square) -> Self {
        Diagram {
            marked: Some(square),
            ..self
        }
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.pos;
        let board = pos.board();
        Frame::new(board.width(), board.height())
            .label_digits(2)
            .label_gap(1)
            .write_marked(
                f,
                self.marked.map(|sq| (sq.column(), sq.row())),
                |column, row| {
                    let sq = Square::at(column, row);
                    if board.is_gap(sq) {
                        '#'
                    } else {
                        pos.stack(sq).map_or('.', Stack::symbol)
                    }
                },
            )
    }
}
