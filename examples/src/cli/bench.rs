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

impl Bench {
    /// Nodes per second.
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The JSON object of the benchmark.
    pub fn json(&self) -> Value {
        let mut result = json!({
            "game": self.game,
            "nodes": self.nodes,
            "seconds": self.seconds,
            "nps": self.rate().round(),
        });
        if let Some(map) = result.as_object_mut() {
            map.extend(self.extra.clone());
        }
        result
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
