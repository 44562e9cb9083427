//! # Your own game in 60 lines
//!
//! A game is a type that implements [`board_core::Game`]: whose turn it
//! is, the legal moves, playing one, and whether the game is over. That is
//! all Monte Carlo search needs. Each further capability trait unlocks
//! more of this crate:
//!
//! | the game implements | and can be searched with |
//! |---|---|
//! | [`Game`](board_core::Game) | [`Mcts`], [`MctsStrategy`], [`RandomStrategy`], [`perft`](board_core::perft), [`play_game`], [`play_match`] |
//! | + [`ZobristHash`](board_core::ZobristHash) | [`AlphaBeta`] (its table needs the hash), [`AlphaBetaStrategy`] |
//! | + [`Stochastic`](board_core::Stochastic) (chance nodes) and `ZobristHash` | [`Expectimax`] |
//! | + [`Observable`](board_core::Observable) + [`Determinize`](board_core::Determinize) (hidden information) | [`Ismcts`], [`IsmctsStrategy`] |
//!
//! The compiler enforces the table: searching a game with a search it
//! lacks the trait for is a type error, not a panic. Knowledge of the game
//! (an evaluation, move-ordering hints, the size of a result) goes into an
//! [`Evaluator`]; a closure `|pos: &G| -> i32` is one, and [`NoKnowledge`]
//! is the evaluator of pure random playouts.
//!
//! The game below is tic-tac-toe, with a twist that gives it chance: when
//! `coin` is set, a coin is tossed before every turn, and on tails the
//! player to move must pass. The whole game, its hash and its chance nodes
//! take the first 59 lines of code (blank lines and comments not counted);
//! the searches follow.
//!
//! ```
//! use board_core::arrayvec::ArrayVec;
//! use board_core::{Game, IllegalMove, Outcome, Player, Stochastic, ZobristHash};
//!
//! /// The eight lines, as masks of the cells 0-8 (row by row).
//! const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
//! /// The coin's two sides, as moves of chance.
//! const HEADS: u8 = 9;
//! const TAILS: u8 = 10;
//!
//! /// Tic-tac-toe; with `coin`, a coin decides before every turn whether
//! /// the player to move plays (heads) or passes (tails).
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! pub struct Ttt { marks: [u16; 2], to_move: Player, coin: bool, tossed: bool }
//!
//! impl Ttt {
//!     pub fn new(coin: bool) -> Self { Ttt { marks: [0; 2], to_move: Player::First, coin, tossed: false } }
//!     fn awaits_coin(&self) -> bool { self.coin && !self.tossed && self.outcome().is_none() }
//! }
//!
//! impl Game for Ttt {
//!     type Move = u8; // a cell 0-8, or the coin's HEADS or TAILS
//!     type MoveList = ArrayVec<u8, 9>;
//!     type Error = IllegalMove<u8>;
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut Self::MoveList) {
//!         let full = self.marks[0] | self.marks[1];
//!         let cells = (0..9).filter(|c| full & 1 << c == 0 && self.outcome().is_none());
//!         moves.clear();
//!         if self.awaits_coin() { moves.extend([HEADS, TAILS]) } else { moves.extend(cells) }
//!     }
//!     fn play_unchecked(&mut self, mv: u8) {
//!         match mv {
//!             HEADS => self.tossed = true,
//!             TAILS => self.to_move = !self.to_move,
//!             cell => {
//!                 self.marks[self.to_move.index()] |= 1 << cell;
//!                 (self.to_move, self.tossed) = (!self.to_move, false);
//!             }
//!         }
//!     }
//!     fn play(&mut self, mv: u8) -> Result<(), Self::Error> {
//!         let legal = self.is_legal(mv).then(|| self.play_unchecked(mv));
//!         legal.ok_or(IllegalMove { mv, reason: "not a legal move here" })
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         let won = |p: &Player| LINES.iter().any(|&l| self.marks[p.index()] & l == l);
//!         let full = self.marks[0] | self.marks[1] == 0o777;
//!         let winner = Player::ALL.into_iter().find(won).map(Outcome::Win);
//!         winner.or(full.then_some(Outcome::Draw))
//!     }
//! }
//!
//! impl ZobristHash for Ttt {
//!     fn zobrist(&self) -> u64 { // small enough to be its own hash
//!         let flags = [self.to_move == Player::Second, self.coin, self.tossed];
//!         let marks = u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9;
//!         flags.iter().fold(marks, |h, &f| h << 1 | u64::from(f))
//!     }
//!     fn zobrist_from_scratch(&self) -> u64 { self.zobrist() }
//! }
//!
//! impl Stochastic for Ttt {
//!     type ChanceList = ArrayVec<(u8, f64), 2>;
//!     fn is_chance_node(&self) -> bool { self.awaits_coin() }
//!     fn chance_outcomes(&self, outcomes: &mut Self::ChanceList) {
//!         outcomes.clear();
//!         outcomes.extend([(HEADS, 0.5), (TAILS, 0.5)]);
//!     }
//! }
//!
//! // ---- That is the whole game. Now the searches, on the same type. ----
//!
//! use board_core::perft;
//! use board_search::{
//!     AlphaBeta, AlphaBetaStrategy, Expectimax, Limits, MatchOptions, Mcts, MctsOptions,
//!     MctsStrategy, NoKnowledge, Opening, loss_in, play_match,
//! };
//!
//! // Game alone: perft counts move sequences; of the 255 168 games of
//! // tic-tac-toe, 127 872 last all nine moves.
//! let start = Ttt::new(false);
//! assert_eq!(perft(&start, 9), 127_872);
//!
//! // Game + ZobristHash: alpha-beta solves it without an evaluation (a
//! // draw), and finds that X, with a fork ready, wins.
//! let no_eval = |_: &Ttt| 0;
//! let r = AlphaBeta::new(no_eval).search(&start, &Limits::none());
//! assert_eq!(r.score, 0);
//! let mut fork = start;
//! // X a corner, O the centre, X the opposite corner, O another corner.
//! for cell in [0, 4, 8, 2] { fork.play(cell)?; }
//! let r = AlphaBeta::new(no_eval).search(&fork, &Limits::none());
//! assert_eq!(r.best_move, Some(6)); // X blocks O's diagonal, threatening 3 and 7
//! // O, to move after it, loses in 2 plies (its move, then X's).
//! let mut lost = fork;
//! lost.play(6)?;
//! assert_eq!(AlphaBeta::new(no_eval).search(&lost, &Limits::none()).score, loss_in(2));
//!
//! // Game alone: Monte Carlo search by random playouts finds the same
//! // move, and proves it.
//! let mcts = Mcts::new(NoKnowledge, MctsOptions::default().with_seed(1));
//! let m = mcts.search(&fork, &Limits::playouts(5_000));
//! assert_eq!(m.best_move, Some(6));
//! assert_eq!(m.proven, Some(Outcome::Win(Player::First)));
//!
//! // Any strategies play matches, colours swapped game by game: perfect
//! // play never loses.
//! let mut perfect = AlphaBetaStrategy::new(no_eval, Limits::none());
//! let mut monte_carlo = MctsStrategy::new(NoKnowledge, MctsOptions::default(), Limits::playouts(3_000));
//! let result = play_match(&mut perfect, &mut monte_carlo, &[Opening::new(start)],
//!     &MatchOptions::games(4), |_, _| {})?;
//! assert_eq!(result.wdl.losses, 0);
//!
//! // Game + Stochastic + ZobristHash: with the coin, expectimax weighs
//! // heads and tails. The first player, who tosses first, is favoured; the
//! // value is an expectation within the evaluator's bound (a win is worth
//! // `bound`, here the default: the search has no evaluation to bound).
//! let coin = Ttt::new(true);
//! let e = Expectimax::new(no_eval).search(&coin, &Limits::depth(12));
//! assert!(e.score > 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Hidden information is the last step: a game whose players cannot see
//! everything gives each a view ([`Observable`](board_core::Observable))
//! and samples full states from it ([`Determinize`](board_core::Determinize));
//! [`Ismcts`] then searches from the view alone. Kuhn poker in the
//! workspace's test games and Stratego (`stratego-rules`) are examples.

#[allow(unused_imports)]
use crate::{
    AlphaBeta, AlphaBetaStrategy, Evaluator, Expectimax, Ismcts, IsmctsStrategy, Mcts,
    MctsStrategy, NoKnowledge, RandomStrategy, play_game, play_match,
};
