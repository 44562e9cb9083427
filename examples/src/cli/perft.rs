//! `spielwerk <game> perft`: the one perft verb of every game. Each game
//! counts (with its own options: hashing, conventions, kernels); the
//! report is the same: `{"game","position","depth","nodes","seconds","nps"}`
//! and, with `--divide`, `"divide": [{"move","nodes"}, ...]`, plus a few
//! fields of the game's own options; as text, one `MOVE NODES` line per move
//! and `perft D: N leaves in S s (R M leaves/s)`.

use serde_json::{Map, Value, json};

use crate::cli::bench::{rate, speed_json};
use crate::cli::output::Output;

/// A finished perft count.
#[derive(Debug, Clone)]
pub struct Perft {
    /// The game's name in the JSON object (`"reversi"`).
    pub game: &'static str,
    /// The start position, in the game's text form.
    pub position: String,
    /// The depth counted.
    pub depth: u32,
    /// The leaves.
    pub nodes: u64,
    /// The count below each move, when `--divide` asked for it.
    pub divide: Option<Vec<(String, u64)>>,
    /// The time taken.
    pub seconds: f64,
    /// The game's own fields (`"kernel"`, `"convention"`, ...).
    pub extra: Map<String, Value>,
}

impl Perft {
    /// Leaves per second.
    fn rate(&self) -> f64 {
        rate(self.nodes, self.seconds)
    }

    /// The JSON object of the count.
    pub fn json(&self) -> Value {
        let mut result = speed_json(self.game, self.nodes, self.seconds, &self.extra);
        if let Some(map) = result.as_object_mut() {
            map.insert("position".to_owned(), json!(self.position));
            map.insert("depth".to_owned(), json!(self.depth));
            if let Some(divide) = &self.divide {
                let moves: Vec<Value> = divide
                    .iter()
                    .map(|(mv, n)| json!({ "move": mv, "nodes": n }))
                    .collect();
                map.insert("divide".to_owned(), Value::Array(moves));
            }
        }
        result
    }

    /// The text of the count: the divide lines, then the total.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for (mv, n) in self.divide.iter().flatten() {
            text.push_str(&format!("{mv} {n}\n"));
        }
        text.push_str(&format!(
            "perft {}: {} leaves in {:.3} s ({:.2} M leaves/s)",
            self.depth,
            self.nodes,
            self.seconds,
            self.rate() / 1e6
        ));
        let notes: Vec<String> = self
            .extra
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k} {s}"),
                other => format!("{k} {other}"),
            })
            .collect();
        if !notes.is_empty() {
            text.push_str(&format!(", {}", notes.join(", ")));
        }
        text
    }

    /// Prints the count as JSON or text.
    pub fn report(&self, out: Output) {
        out.result(self.json(), || self.text());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_shape_for_every_game() {
        let mut extra = Map::new();
        extra.insert("kernel".to_owned(), json!("avx2"));
        let p = Perft {
            game: "reversi",
            position: "start".to_owned(),
            depth: 2,
            nodes: 12,
            divide: Some(vec![("f5".to_owned(), 3), ("d6".to_owned(), 9)]),
            seconds: 0.5,
            extra,
        };
        let j = p.json();
        assert_eq!(j["nodes"], 12);
        assert_eq!(j["nps"], 24.0);
        assert_eq!(j["divide"][1]["move"], "d6");
        assert_eq!(j["kernel"], "avx2");
        assert_eq!(
            p.text(),
            "f5 3\nd6 9\nperft 2: 12 leaves in 0.500 s (0.00 M leaves/s), kernel avx2"
        );
    }
}
