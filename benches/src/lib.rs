//! Shared helpers of the Spielwerk benchmarks (the benchmarks are in `benches/`).
