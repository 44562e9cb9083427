//! Which of the server's tests can run here, decided when the tests are
//! built, so that a test that cannot run is reported as `ignored` with its
//! reason in the test summary (cargo hides what a passing test prints):
//!
//! - `spielwerk_postgres`: `SPIELWERK_TEST_POSTGRES` is set (a PostgreSQL
//!   URL), or `CI` is (where the tests must run, and fail without it);
//! - `spielwerk_browser`: `/usr/bin/chromium` and `/usr/bin/chromedriver`
//!   exist, or `CI` is set.
//!
//! Set the variable (or install the browser) and the next `cargo test`
//! builds them in.

use std::path::Path;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(spielwerk_postgres)");
    println!("cargo::rustc-check-cfg=cfg(spielwerk_browser)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=SPIELWERK_TEST_POSTGRES");
    for path in [CHROMIUM, CHROMEDRIVER] {
        println!("cargo::rerun-if-changed={path}");
    }
    let ci = std::env::var_os("CI").is_some();
    let postgres = std::env::var_os("SPIELWERK_TEST_POSTGRES").is_some_and(|v| !v.is_empty());
    if ci || postgres {
        println!("cargo::rustc-cfg=spielwerk_postgres");
    }
    if ci || (Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists()) {
        println!("cargo::rustc-cfg=spielwerk_browser");
    }
}
