//! Computer players on `board-search`: the evaluation as an
//! [`Evaluator`], the levels with their documented search budgets, and a
//! whole computer-against-computer game.
//!
//! Every budget is a depth and a node limit, never time: a level plays the
//! same move in the same position on every machine.

use core::fmt;

use board_core::{Game, Outcome, SplitMix64};
use board_search::{AlphaBeta, Evaluator, Limits, Options, SearchResult};

use crate::board::{Board, MAX_SQUARES};
use crate::eval::{EVAL_BOUND, Weights, evaluate};
pub use crate::level::{Level, UnknownLevel};
use crate::notation::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::stack::Colour;

/// The evaluation of [`evaluate`] with search hints: breakthroughs and
/// captures first, then forward moves; captures and edge landings are
/// noisy (searched by quiescence).
#[derive(Debug, Clone, Copy, Default)]
pub struct MajorEval {
    /// The weights.
    pub weights: Weights,
    /// Whether to run a quiescence search over noisy moves.
    pub quiescence: bool,
}

impl Evaluator<Position> for MajorEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.weights)
    }

    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let me = pos.side_to_move();
        let mut h = 0;
        if mv.to.col() == pos.board().start_column(me.other()) {
            h += 1000;
        }
        if let Some(target) = pos.stack(mv.to) {
            h += if target.is_major() { 600 } else { 400 };
            // A stone capturing is usually better than a Major capturing.
            if pos.stack(mv.from).is_some_and(|s| !s.is_major()) {
                h += 100;
            }
        }
        h + 10 * mv.dcol() * me.forward()
    }

    fn uses_quiescence(&self) -> bool {
        self.quiescence
    }

    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        pos.is_capture(mv) || mv.to.col() == pos.board().start_column(pos.side_to_move().other())
    }

    fn history_size(&self) -> usize {
        2 * MAX_SQUARES * MAX_SQUARES
    }

    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        let b = pos.board();
        let from = usize::from(mv.from.row()) * usize::from(b.width()) + usize::from(mv.from.col());
        let to = usize::from(mv.to.row()) * usize::from(b.width()) + usize::from(mv.to.col());
        (pos.side_to_move().index() * MAX_SQUARES + from) * MAX_SQUARES + to
    }

    fn bound(&self) -> i32 {
        EVAL_BOUND
    }
}

impl Level {
    /// The level's search limits (see [`Level`] for the table).
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::depth(1).and_nodes(10_000),
            Level::Medium => Limits::depth(3).and_nodes(200_000),
            Level::Hard => Limits::depth(5).and_nodes(1_000_000),
        }
    }
}

/// A computer player of one level. Deterministic: the same positions give
/// the same moves.
pub struct Engine {
    level: Level,
    search: AlphaBeta<Position, MajorEval>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("level", &self.level)
            .finish()
    }
}

impl Engine {
    /// A player of `level` with the default evaluation.
    #[must_use]
    pub fn new(level: Level) -> Engine {
        Engine::with_eval(
            level,
            MajorEval {
                weights: Weights::default(),
                quiescence: level.quiescence(),
            },
        )
    }

    /// A player of `level` with another evaluation (for measuring terms).
    #[must_use]
    pub fn with_eval(level: Level, eval: MajorEval) -> Engine {
        let options = Options {
            tt_mib: 4,
            ..Options::default()
        };
        Engine {
            level,
            search: AlphaBeta::with_options(eval, options),
        }
    }

    /// The level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Searches `pos` within the level's budget. `best_move` is `None` only
    /// when the game is over.
    pub fn think(&mut self, pos: &Position) -> SearchResult<Move> {
        self.search.search(pos, &self.level.limits())
    }

    /// The move this player chooses, `None` when the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.think(pos).best_move
    }
}

/// One finished computer-against-computer game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The moves, the random opening included.
    pub moves: Vec<Move>,
    /// How it ended (`None` if it reached the ply cap).
    pub outcome: Option<Outcome>,
    /// The winning colour, if any.
    pub winner: Option<Colour>,
    /// The final position.
    pub last: Position,
}

/// The most plies of one [`play_game`] (a safety cap; the quiet-move rule
/// normally ends games long before).
pub const MAX_GAME_PLIES: usize = 1000;

/// Plays one game from the start of `board`: `opening` random plies (from
/// `seed`), then `blue` against `red`. `on_move` sees every position after a
/// move and may stop the game early by returning `false` (a demo the user
/// interrupts).
///
/// ```
/// use major_rules::{Board, ai::{Level, play_game}};
/// let board = Board::standard(2).unwrap();
/// let game = play_game(board, Level::Easy, Level::Easy, 2, 7, |_, _| true);
/// assert!(game.outcome.is_some());
/// ```
pub fn play_game(
    board: Board,
    blue: Level,
    red: Level,
    opening: usize,
    seed: u64,
    on_move: impl FnMut(&Position, Move) -> bool,
) -> GameRecord {
    let mut engines = [Engine::new(blue), Engine::new(red)];
    play_engines(board, &mut engines, opening, seed, on_move)
}

/// [`play_game`] between two given engines, Blue's first.
pub fn play_engines(
    board: Board,
    engines: &mut [Engine; 2],
    opening: usize,
    seed: u64,
    mut on_move: impl FnMut(&Position, Move) -> bool,
) -> GameRecord {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start_with(board, Rules::default());
    let mut moves = Vec::new();
    while pos.outcome().is_none() && moves.len() < MAX_GAME_PLIES {
        let mv = if moves.len() < opening {
            let list = pos.moves();
            list.get(rng.below(list.len() as u64) as usize).copied()
        } else {
            engines[pos.side_to_move().index()].choose(&pos)
        };
        let Some(mv) = mv else { break };
        if pos.play(mv).is_err() {
            break;
        }
        moves.push(mv);
        if !on_move(&pos, mv) {
            break;
        }
    }
    GameRecord {
        moves,
        outcome: pos.outcome(),
        winner: pos.winner(),
        last: pos,
    }
}

/// The result of a match between two levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchResult {
    /// Games won by the first level.
    pub wins: u32,
    /// Drawn games (and games cut at the ply cap).
    pub draws: u32,
    /// Games won by the second level.
    pub losses: u32,
}

/// A match of `games` games on `board`: game `2k` and `2k+1` share a random
/// opening of `opening` plies (seeded by `seed` and `k`), with `first`
/// playing Blue in the even game and Red in the odd one. `progress` is
/// called after every game with the game's number and the score so far.
pub fn play_match(
    board: Board,
    first: Level,
    second: Level,
    games: u32,
    opening: usize,
    seed: u64,
    progress: impl FnMut(u32, &MatchResult),
) -> MatchResult {
    play_match_with(
        board,
        || Engine::new(first),
        || Engine::new(second),
        games,
        opening,
        seed,
        progress,
    )
}

/// [`play_match`] between engines made by `first` and `second` (a fresh
/// pair for every game), e.g. to measure a term of the evaluation.
pub fn play_match_with(
    board: Board,
    first: impl Fn() -> Engine,
    second: impl Fn() -> Engine,
    games: u32,
    opening: usize,
    seed: u64,
    mut progress: impl FnMut(u32, &MatchResult),
) -> MatchResult {
    let mut result = MatchResult::default();
    for g in 0..games {
        let game_seed = seed ^ u64::from(g / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let first_is_blue = g % 2 == 0;
        let mut engines = if first_is_blue {
            [first(), second()]
        } else {
            [second(), first()]
        };
        let record = play_engines(board, &mut engines, opening, game_seed, |_, _| true);
        match record.winner {
            None => result.draws += 1,
            Some(Colour::Blue) if first_is_blue => result.wins += 1,
            Some(Colour::Red) if !first_is_blue => result.wins += 1,
            Some(_) => result.losses += 1,
        }
        progress(g + 1, &result);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_print() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert!("expert".parse::<Level>().is_err());
        assert!(Level::Easy < Level::Hard);
    }

    #[test]
    fn engine_takes_a_winning_breakthrough() {
        // Blue's g4 can step onto h4 where no Red piece can capture it.
        let pos: Position =
            "1 ......../......../......../......b./......../......../......../r....... b - 0"
                .parse()
                .unwrap();
        for level in Level::ALL {
            let mv = Engine::new(level).choose(&pos).unwrap();
            assert_eq!(mv.to.col(), 7, "{level} plays {mv}");
        }
    }

    #[test]
    fn engine_captures_a_breakthrough_threat() {
        // Red threatens on a4; Blue must capture it with a3 (or a5).
        let pos: Position =
            "1 ......../......../b......./r......./......../......../......../.......r b a4 0"
                .parse()
                .unwrap();
        let mv = Engine::new(Level::Medium).choose(&pos).unwrap();
        assert_eq!(mv.to.to_string(), "a4");
    }

    #[test]
    fn medium_beats_easy_in_a_short_match() {
        // The 100-game matches on every board are release runs (README);
        // this keeps the ordering of the two cheap levels under test.
        for n in [2, 4] {
            let board = Board::standard(n).unwrap();
            let r = play_match(board, Level::Medium, Level::Easy, 6, 4, 11, |_, _| {});
            assert!(r.wins > r.losses + 2, "board {n}: {r:?}");
        }
    }

    #[test]
    fn search_is_deterministic() {
        let board = Board::standard(1).unwrap();
        let a = play_game(board, Level::Easy, Level::Medium, 2, 3, |_, _| true);
        let b = play_game(board, Level::Easy, Level::Medium, 2, 3, |_, _| true);
        assert_eq!(a, b);
    }
}
