//! `spielwerk <game> bench`: the one report of every game's speed
//! benchmark, `{"game","nodes","seconds","nps"}` and the game's own fields;
//! as text `N nodes in S s (R nodes/s)`.

use serde_json::{Map, Value, json};

use crate::cli::output::Output;

/// A finished benchmark.
#[derive(Debug, Clone)]
pub struct Bench {
    /// The game's name in the JSON object.
    pub game: &'static str,
    /// What was counted: search nodes, or positions of random playouts.
    pub nodes: u64,
    /// The time taken.
    pub seconds: f64,
    /// The game's own fields.
    pub extra: Map<String, Value>,
}

/// `count` a second.
pub fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

/// The object every speed report starts from, `perft`'s too:
/// `{"game","nodes","seconds","nps"}` and the game's own fields.
pub fn speed_json(game: &str, nodes: u64, seconds: f64, extra: &Map<String, Value>) -> Value {
    let mut result = json!({
        "game": game,
        "nodes": nodes,
        "seconds": seconds,
        "nps": rate(nodes, seconds).round(),
    });
    if let Some(map) = result.as_object_mut() {
        map.extend(extra.clone());
    }
    result
}

impl Bench {
    /// Nodes per second.
    pub fn rate(&self) -> f64 {
        rate(self.nodes, self.seconds)
    }

    /// The JSON object of the benchmark.
    pub fn json(&self) -> Value {
        speed_json(self.game, self.nodes, self.seconds, &self.extra)
    }

    /// Prints the benchmark as JSON or as `text` (the plain line when
    /// `None`).
    pub fn report(&self, out: Output, text: Option<String>) {
        out.result(self.json(), || {
            text.unwrap_or_else(|| {
                format!(
                    "{} nodes in {:.3} s ({:.0} nodes/s)",
                    self.nodes,
                    self.seconds,
                    self.rate()
                )
            })
        });
    }
}
