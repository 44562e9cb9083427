//! The table "The same in every game" of the workspace README, as code:
//! [`same_shape!`](crate::same_shape) imports and uses every row in a game
//! crate's tests, so a crate that drifts from the table stops compiling.

/// The rows of the README's table "The same in every game", in its order;
/// the `readmes` test holds the README to this list.
pub const SAME_SHAPE_ROWS: [&str; 16] = [
    "the referee state",
    "a square",
    "a whole turn",
    "the undo record",
    "play error",
    "parse errors",
    "validated setup",
    "rule variants",
    "board picture",
    "why a game ended",
    "side names",
    "computer player",
    "levels",
    "evaluation",
    "serde",
    "files",
];

/// Checks, at compile time, that the game crate `$krate` has every row of
/// the table "The same in every game" (the README of the workspace): one
/// `#[test]` function that names and uses each row. Call it once in an
/// integration test of the crate: `spielwerk_testgames::same_shape!(reversi_rules);`
/// (with `rules` after the name for a crate with rule variants).
///
/// The `ai` rows are checked when the crate's `ai` feature is on, the
/// `serde` row when its `serde` feature is.
#[macro_export]
macro_rules! same_shape {
    ($krate:ident $(, $rules:ident)?) => {
        // row: files. The same file for the same concept in every crate.
        const _: [&str; 9] = [
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/square.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/moves.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/position.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/notation.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/diagram.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/setup.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/level.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/eval.rs")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ai/computer.rs")),
        ];
        $(
            const _: &str = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/",
                stringify!($rules),
                ".rs"
            ));
            // row: rule variants
            const _: fn() -> $krate::Rules = <$krate::Rules as Default>::default;
            const _: fn(&str, $krate::Rules) -> Result<$krate::Position, $krate::ParsePositionError> =
                $krate::Position::parse_with_rules;
        )?

        #[test]
        #[allow(clippy::no_effect_underscore_binding, unused_variables)]
        fn the_same_shape_as_every_game() {
            use $krate::board_core;
            use $krate::board_core::{Game, SideNames, Undo, ZobristHash};
            use $krate::{
                Diagram, EndReason, IllegalMoveError, Move, ParseMoveError, ParsePositionError,
                ParseSquareError, Position, Setup, SetupError, SetupProblem, Square, UndoInfo,
            };

            // row: the referee state
            fn referee<P: Game<Move = Move, Error = IllegalMoveError> + ZobristHash + Undo + Clone>() {}
            referee::<Position>();

            // row: a square
            let square: Square = Square::new(0, 0).expect("a1 is on every board");
            let _: Option<Square> = Square::from_index(square.index());
            let (column, row, index): (u8, u8, usize) = (square.column(), square.row(), square.index());
            assert_eq!((column, row), (0, 0));
            assert_eq!("a1".parse::<Square>(), Ok(square));
            assert_eq!(square.to_string(), "a1");
            let _: board_core::coords::ParseSquareError =
                "".parse::<Square>().expect_err("an empty name") as ParseSquareError;

            // row: a whole turn
            fn turn<M: Copy + Eq + core::str::FromStr<Err = ParseMoveError> + core::fmt::Display>() {}
            turn::<Move>();

            // row: the undo record
            fn undo<P: Undo<Undo = UndoInfo>>() {}
            undo::<Position>();

            // row: play error
            fn error<E: std::error::Error + Send + Sync + 'static>() {}
            error::<IllegalMoveError>();

            // row: parse errors
            fn parse<P: core::str::FromStr<Err = ParsePositionError>>() {}
            parse::<Position>();
            error::<ParseSquareError>();
            error::<ParseMoveError>();
            error::<ParsePositionError>();

            // row: validated setup
            let _: fn(&SetupError) -> &[SetupProblem] = |e| &e.problems;
            // (Stratego's setup is boxed: a large one.)
            let _: fn(&SetupError) -> &Setup = |e| &e.setup;

            // row: board picture
            let _: for<'a> fn(&'a Position) -> Diagram<'a> = Position::diagram;
            fn picture<D: core::fmt::Display>() {}
            picture::<Diagram<'_>>();

            // row: why a game ended
            let _: fn(&Position) -> Option<EndReason> = Position::end_reason;
            picture::<EndReason>();

            // row: side names
            fn sides<P: SideNames>() {}
            sides::<Position>();

            #[cfg(feature = "ai")]
            {
                use $krate::ai::{Computer, Eval, Level, ParseLevelError, limits};
                use $krate::board_search::Strategy;

                // row: computer player
                fn strategy<S: Strategy<Position>>() {}
                strategy::<Computer>();
                let _: fn(Level) -> Computer = Computer::new;

                // row: levels
                let _: Level = "max".parse::<Level>().expect("a level");
                error::<ParseLevelError>();

                // row: evaluation
                let computer: Computer = Computer::with_eval(limits(Level::Easy), Eval::default());
            }

            // row: serde
            #[cfg(feature = "serde")]
            {
                fn serde<T: serde::Serialize + for<'de> serde::Deserialize<'de>>() {}
                serde::<Square>();
                serde::<Move>();
                serde::<Position>();
            }
        }
    };
}
