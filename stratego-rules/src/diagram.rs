//! [`Diagram`]: a board picture for terminals, of a player's [`View`] or
//! of the referee's [`Position`].

use core::fmt;

use board_core::Player;
use board_core::coords::Frame;

use crate::{Position, Square, View};

impl Position {
    /// The referee's board, every rank shown, for terminals: a [`Diagram`].
    ///
    /// ```
    /// use stratego_rules::{Army, Position, Preset, Setup, predefined};
    /// let d = predefined();
    /// let pos = Position::from_setup(Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1), Preset::Battlegeneral.rules())?;
    /// let text = pos.diagram().to_string();
    /// assert!(!text.contains('?'));
    /// assert_eq!(text.matches(" RF ").count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            shows: Shows::Referee(self),
            turned: false,
        }
    }
}

/// What a [`Diagram`] draws.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shows<'a> {
    View(&'a View),
    Referee(&'a Position),
}

/// A board picture for terminals, row 10 at the top, from
/// [`View::diagram`] (what one player sees) or [`Position::diagram`] (the
/// referee's board). Pieces by [`Rank::symbol`](crate::Rank::symbol) (`B`, `F`, `S`, `2`..`10`), Red's
/// labels starting with `R`, Blue's with `b`; in a view, enemy pieces whose
/// rank the viewer does not know are `?` (unmoved) or `?'` (moved), and a
/// `*` marks the viewer's own pieces the opponent knows; on the referee's
/// board a `*` marks every revealed piece. Lakes are `~~`.
/// [`turned`](Diagram::turned) draws it from Blue's side.
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a> {
    pub(crate) shows: Shows<'a>,
    pub(crate) turned: bool,
}

impl Diagram<'_> {
    /// The same board seen from Blue's side of the table: turned half
    /// round, rank 1 at the top and file `j` at the left, so that Blue's
    /// pieces are at the bottom.
    ///
    /// ```
    /// use board_core::{Observable, Player};
    /// use stratego_rules::{Army, Position, Preset, Setup, predefined};
    /// let d = predefined();
    /// let pos = Position::from_setup(Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1), Preset::Battlegeneral.rules())?;
    /// let blue = pos.view(Player::Second).diagram().turned().to_string();
    /// let first = blue.lines().next().unwrap_or_default();
    /// assert!(first.starts_with(" 1 ") && first.matches("R?").count() == 10);
    /// assert!(blue.lines().last().is_some_and(|l| l.trim_start().starts_with('j')));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn turned(self) -> Self {
        Diagram {
            turned: true,
            ..self
        }
    }

    /// The label of the piece on `sq`, if any.
    fn label(&self, sq: Square) -> Option<String> {
        let (owner, rank, mark) = match self.shows {
            Shows::View(view) => {
                let p = view.piece_at(sq)?;
                let rank = match p.rank {
                    Some(r) if p.owner == view.viewer && p.revealed => format!("{}*", r.symbol()),
                    Some(r) => r.symbol().to_string(),
                    None if p.moved => "?'".to_string(),
                    None => "?".to_string(),
                };
                (p.owner, rank, "")
            }
            Shows::Referee(pos) => {
                let p = pos.piece_at(sq)?;
                let mark = if p.revealed { "*" } else { "" };
                (p.piece.owner, p.piece.rank.symbol().to_string(), mark)
            }
        };
        let side = if owner == Player::First { 'R' } else { 'b' };
        Some(format!(" {side}{:<3}", format!("{rank}{mark}")))
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let frame = Frame::new(10, 10)
            .cells(5, 2)
            .label_gap(1)
            .last_row_on_top()
            .letters_below();
        let frame = if self.turned { frame.turned() } else { frame };
        frame.write(f, |f, column, row| {
            let sq = Square::at(row * 10 + column);
            if sq.is_lake() {
                f.write_str("  ~~ ")
            } else {
                match self.label(sq) {
                    None => f.write_str("  .  "),
                    Some(label) => f.write_str(&label),
                }
            }
        })
    }
}
