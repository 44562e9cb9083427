//! Setups: one side's [`Deployment`] and the unchecked two-sided [`Setup`]
//! that becomes a [`Position`] through one validating constructor, with
//! the Gravon 40-character and UCC 4-row forms.

use core::fmt;
use core::str::FromStr;

use board_core::rand_core::RngCore;
use board_core::{ByPlayer, Player};

use crate::piece::colour;
use crate::{Army, Piece, Position, Rank, Rules, Square, cell};

/// The square of a side's deployment index: row 0 is the front row (next to
/// the lakes), row 3 the back row; files a..j left to right on the board.
#[must_use]
pub fn zone_square(owner: Player, index: usize) -> Option<Square> {
    if index >= 40 {
        return None;
    }
    let (row, file) = ((index / 10) as u8, (index % 10) as u8);
    let rank = match owner {
        Player::First => 3 - row,
        Player::Second => 6 + row,
    };
    Square::new(file, rank)
}

/// The deployment index of `sq` for `owner`, if it is in `owner`'s four
/// ranks.
#[must_use]
pub fn zone_index(owner: Player, sq: Square) -> Option<usize> {
    let row = match owner {
        Player::First if sq.row() <= 3 => 3 - sq.row(),
        Player::Second if sq.row() >= 6 => sq.row() - 6,
        _ => return None,
    };
    Some(usize::from(row) * 10 + usize::from(sq.column()))
}

/// One side's pieces on its four ranks, unchecked: index `row * 10 + file`,
/// row 0 the front row (see [`zone_square`]). The same deployment can be
/// placed for either side.
///
/// Text form: four rows of ten characters, front row first, separated by
/// `/`; the [`Rank::letter`]s and `.` for an empty square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deployment {
    /// The rank on each of the 40 squares.
    pub squares: [Option<Rank>; 40],
}

/// A problem of a setup; [`SetupError`] lists every one found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A piece stands on a lake.
    #[error("{} {} on the lake {square}", colour(piece.owner), piece.rank)]
    OnLake {
        /// The lake.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// A piece stands outside its owner's four ranks.
    #[error("{} {} on {square}, outside its four ranks", colour(piece.owner), piece.rank)]
    OutsideZone {
        /// Where it stands.
        square: Square,
        /// The piece.
        piece: Piece,
    },
    /// A side has the wrong number of pieces of a rank.
    #[error("{} has {found} {rank} pieces, the army has {expected}", colour(*owner))]
    WrongCount {
        /// The side.
        owner: Player,
        /// The rank.
        rank: Rank,
        /// The army's count.
        expected: u8,
        /// The count found.
        found: u8,
    },
}

/// A rejected setup: the setup (boxed: it is large) and every problem
/// found.
pub type SetupError = board_core::SetupError<Box<Setup>, SetupProblem>;

/// Both sides' pieces, unchecked: anything may stand anywhere. It becomes a
/// game only through [`Position::from_setup`], which checks it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece set both sides must have.
    pub army: Army,
    /// The piece on each square, index [`Square::index`].
    pub board: [Option<Piece>; 100],
}

impl Setup {
    /// An empty board.
    #[must_use]
    pub fn empty(army: Army) -> Setup {
        Setup {
            army,
            board: [None; 100],
        }
    }

    /// Red's and Blue's deployments on their four ranks.
    #[must_use]
    pub fn from_deployments(army: Army, red: &Deployment, blue: &Deployment) -> Setup {
        let mut setup = Setup::empty(army);
        for (owner, dep) in [(Player::First, red), (Player::Second, blue)] {
            for (i, rank) in dep.squares.iter().enumerate() {
                if let (Some(rank), Some(sq)) = (rank, zone_square(owner, i)) {
                    setup.board[sq.index()] = Some(Piece { owner, rank: *rank });
                }
            }
        }
        setup
    }

    /// `owner`'s pieces on its four ranks.
    #[must_use]
    pub fn deployment(&self, owner: Player) -> Deployment {
        let mut squares = [None; 40];
        for (i, s) in squares.iter_mut().enumerate() {
            if let Some(sq) = zone_square(owner, i) {
                *s = self.board[sq.index()]
                    .filter(|p| p.owner == owner)
                    .map(|p| p.rank);
            }
        }
        Deployment { squares }
    }

    /// Every problem of this setup (empty when it is valid).
    #[must_use]
    pub fn problems(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let mut counts = ByPlayer::new([0u8; 12], [0u8; 12]);
        for sq in Square::all() {
            let Some(piece) = self.board[sq.index()] else {
                continue;
            };
            let n = &mut counts[piece.owner][piece.rank.index()];
            *n = n.saturating_add(1);
            if sq.is_lake() {
                problems.push(SetupProblem::OnLake { square: sq, piece });
            } else if zone_index(piece.owner, sq).is_none() {
                problems.push(SetupProblem::OutsideZone { square: sq, piece });
            }
        }
        for owner in Player::ALL {
            problems.extend(count_problems(owner, self.army, &counts[owner]));
        }
        problems
    }
}

fn count_problems(owner: Player, army: Army, counts: &[u8; 12]) -> Vec<SetupProblem> {
    Rank::ALL
        .into_iter()
        .filter(|r| counts[r.index()] != army.count(*r))
        .map(|rank| SetupProblem::WrongCount {
            owner,
            rank,
            expected: army.count(rank),
            found: counts[rank.index()],
        })
        .collect()
}

impl Position {
    /// The start position of a valid setup (Red to move), or the setup back
    /// with every problem found.
    ///
    /// ```
    /// use stratego_rules::{predefined, Army, Position, Rules, Setup};
    /// let setups = predefined();
    /// let setup = Setup::from_deployments(Army::Classic, &setups[0].1, &setups[1].1);
    /// let pos = Position::from_setup(setup, Rules::default()).expect("valid");
    /// assert_eq!(pos.ply(), 0);
    ///
    /// let mut broken = Setup::from_deployments(Army::Classic, &setups[0].1, &setups[1].1);
    /// broken.board[0] = None;
    /// let err = Position::from_setup(broken, Rules::default()).unwrap_err();
    /// assert_eq!(err.problems.len(), 1);
    /// ```
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        let problems = setup.problems();
        if !problems.is_empty() {
            return Err(SetupError {
                setup: Box::new(setup),
                problems,
            });
        }
        let mut board = [cell::EMPTY; 100];
        for (c, p) in board.iter_mut().zip(setup.board.iter()) {
            if let Some(p) = p {
                *c = cell::make(*p, false, false);
            }
        }
        Ok(Position::from_parts(
            board,
            setup.army,
            Player::First,
            rules,
            0,
            0,
            ByPlayer::default(),
        ))
    }
}

/// A deployment text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseDeploymentError {
    /// Not the expected number of characters or rows.
    #[error("expected {expected} characters, found {found}")]
    Length {
        /// What the format needs.
        expected: usize,
        /// What was given.
        found: usize,
    },
    /// A character that is no piece of the format.
    #[error("character {ch:?} at position {index} is not a piece")]
    BadChar {
        /// 0-based position in the text.
        index: usize,
        /// The character.
        ch: char,
    },
}

impl Deployment {
    /// No piece placed.
    pub const EMPTY: Deployment = Deployment {
        squares: [None; 40],
    };

    /// Every problem of this deployment for `army` (wrong counts), as Red's.
    #[must_use]
    pub fn problems(&self, army: Army) -> Vec<SetupProblem> {
        count_problems(Player::First, army, &self.counts())
    }

    /// Whether the deployment holds exactly `army`.
    #[must_use]
    pub fn is_valid(&self, army: Army) -> bool {
        self.counts() == army.counts()
    }

    /// The number of pieces of each rank, indexed by [`Rank::index`].
    #[must_use]
    pub fn counts(&self) -> [u8; 12] {
        let mut counts = [0u8; 12];
        for r in self.squares.iter().flatten() {
            counts[r.index()] = counts[r.index()].saturating_add(1);
        }
        counts
    }

    /// The Gravon 40-character form: front row first, files a..j, Gravon
    /// letters (`B`..`M`; Blue's `N`..`Y` are read as the same ranks), `A`
    /// for an empty square (Barrage).
    pub fn from_gravon(text: &str) -> Result<Deployment, ParseDeploymentError> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != 40 {
            return Err(ParseDeploymentError::Length {
                expected: 40,
                found: chars.len(),
            });
        }
        let mut squares = [None; 40];
        for (index, (&ch, s)) in chars.iter().zip(squares.iter_mut()).enumerate() {
            *s = match ch {
                'A' => None,
                _ => Some(
                    Rank::from_gravon_letter(ch)
                        .ok_or(ParseDeploymentError::BadChar { index, ch })?
                        .1,
                ),
            };
        }
        Ok(Deployment { squares })
    }

    /// The Gravon 40-character form with Red's letters.
    #[must_use]
    pub fn to_gravon(&self) -> String {
        self.squares
            .iter()
            .map(|s| s.map_or('A', Rank::gravon_letter))
            .collect()
    }

    /// The UCC 2012 form: four rows of ten characters in board order
    /// (rank 1 to 4 for Red, 7 to 10 for Blue), `.` for an empty square.
    pub fn from_ucc_rows(
        owner: Player,
        rows: [&str; 4],
    ) -> Result<Deployment, ParseDeploymentError> {
        let mut squares = [None; 40];
        for (y, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.trim_end().chars().collect();
            if chars.len() != 10 {
                return Err(ParseDeploymentError::Length {
                    expected: 10,
                    found: chars.len(),
                });
            }
            for (x, &ch) in chars.iter().enumerate() {
                let rank = match ch {
                    '.' => None,
                    _ => Some(
                        Rank::from_ucc_char(ch).ok_or(ParseDeploymentError::BadChar {
                            index: y * 10 + x,
                            ch,
                        })?,
                    ),
                };
                let board_rank = match owner {
                    Player::First => y as u8,
                    Player::Second => 6 + y as u8,
                };
                if let Some(i) =
                    Square::new(x as u8, board_rank).and_then(|sq| zone_index(owner, sq))
                {
                    squares[i] = rank;
                }
            }
        }
        Ok(Deployment { squares })
    }

    /// The UCC 2012 rows (board order, see [`from_ucc_rows`](Self::from_ucc_rows)).
    #[must_use]
    pub fn to_ucc_rows(&self, owner: Player) -> [String; 4] {
        let row = |y: u8| -> String {
            let board_rank = match owner {
                Player::First => y,
                Player::Second => 6 + y,
            };
            (0..10)
                .map(|x| {
                    Square::new(x, board_rank)
                        .and_then(|sq| zone_index(owner, sq))
                        .and_then(|i| self.squares[i])
                        .map_or('.', Rank::ucc_char)
                })
                .collect()
        };
        [row(0), row(1), row(2), row(3)]
    }

    /// A uniformly random valid deployment of `army` on the 40 squares.
    pub fn random<R: RngCore + ?Sized>(army: Army, rng: &mut R) -> Deployment {
        let mut ranks: Vec<Option<Rank>> = army.pieces().into_iter().map(Some).collect();
        ranks.resize(40, None);
        shuffle(&mut ranks, rng);
        let mut squares = [None; 40];
        for (s, r) in squares.iter_mut().zip(ranks) {
            *s = r;
        }
        Deployment { squares }
    }
}

/// Fisher–Yates with a caller's generator.
pub(crate) fn shuffle<T, R: RngCore + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
        items.swap(i, j);
    }
}

impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.squares.iter().enumerate() {
            if i > 0 && i % 10 == 0 {
                f.write_str("/")?;
            }
            write!(f, "{}", s.map_or('.', Rank::letter))?;
        }
        Ok(())
    }
}

impl FromStr for Deployment {
    type Err = ParseDeploymentError;
    /// Four rows of ten [`Rank::letter`]s or `.`, front row first, separated
    /// by `/` (the separators may be left out).
    fn from_str(s: &str) -> Result<Deployment, ParseDeploymentError> {
        let chars: Vec<(usize, char)> = s
            .trim()
            .chars()
            .enumerate()
            .filter(|&(_, c)| c != '/')
            .collect();
        if chars.len() != 40 {
            return Err(ParseDeploymentError::Length {
                expected: 40,
                found: chars.len(),
            });
        }
        let mut squares = [None; 40];
        for (&(index, ch), sq) in chars.iter().zip(squares.iter_mut()) {
            *sq = match ch {
                '.' => None,
                _ => {
                    Some(Rank::from_letter(ch).ok_or(ParseDeploymentError::BadChar { index, ch })?)
                }
            };
        }
        Ok(Deployment { squares })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predefined;

    #[test]
    fn zone_mapping_is_a_bijection() {
        for owner in Player::ALL {
            for i in 0..40 {
                let sq = zone_square(owner, i).unwrap_or(Square::at(0));
                assert_eq!(zone_index(owner, sq), Some(i));
            }
        }
        assert_eq!(
            zone_square(Player::First, 0).map(|s| s.to_string()),
            Some("a4".into())
        );
        assert_eq!(
            zone_square(Player::Second, 0).map(|s| s.to_string()),
            Some("a7".into())
        );
        assert_eq!(
            zone_square(Player::First, 39).map(|s| s.to_string()),
            Some("j1".into())
        );
        assert_eq!(zone_index(Player::First, Square::at(40)), None);
    }

    #[test]
    fn every_problem_is_reported() {
        let d = predefined()[0].1;
        let mut setup = Setup::from_deployments(Army::Classic, &d, &d);
        // Move a Red Scout onto a lake and a Blue Bomb into Red's ranks... and
        // drop the Red Flag.
        let lake = Square::at(42);
        setup.board[lake.index()] = Some(Piece {
            owner: Player::First,
            rank: Rank::Scout,
        });
        setup.board[5] = Some(Piece {
            owner: Player::Second,
            rank: Rank::Bomb,
        });
        let flag_sq = (0..40).find(|&i| setup.board[i].map(|p| p.rank) == Some(Rank::Flag));
        setup.board[flag_sq.unwrap_or(0)] = None;
        let problems = setup.problems();
        assert!(problems.contains(&SetupProblem::OnLake {
            square: lake,
            piece: Piece {
                owner: Player::First,
                rank: Rank::Scout
            }
        }));
        assert!(
            problems
                .iter()
                .any(|p| matches!(p, SetupProblem::OutsideZone { .. }))
        );
        assert!(problems.contains(&SetupProblem::WrongCount {
            owner: Player::First,
            rank: Rank::Flag,
            expected: 1,
            found: 0
        }));
        let err = Position::from_setup(setup.clone(), Rules::default());
        assert!(matches!(err, Err(e) if *e.setup == setup && e.problems == problems));
    }

    #[test]
    fn formats_round_trip() {
        let d = predefined()[3].1;
        assert_eq!(Deployment::from_gravon(&d.to_gravon()), Ok(d));
        for owner in Player::ALL {
            let rows = d.to_ucc_rows(owner);
            let r = [
                rows[0].as_str(),
                rows[1].as_str(),
                rows[2].as_str(),
                rows[3].as_str(),
            ];
            assert_eq!(Deployment::from_ucc_rows(owner, r), Ok(d));
        }
        assert_eq!(
            Deployment::from_gravon("B"),
            Err(ParseDeploymentError::Length {
                expected: 40,
                found: 1
            })
        );
        let bad = format!("Z{}", &d.to_gravon()[1..]);
        assert_eq!(
            Deployment::from_gravon(&bad),
            Err(ParseDeploymentError::BadChar { index: 0, ch: 'Z' })
        );
    }
}
