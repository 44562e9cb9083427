//! The `needs_data` attribute: a test whose data is missing is reported as
//! ignored outside CI, and runs (to fail without its data) under CI.

#[spielwerk_testgames::needs_data("no/such/folder")]
#[test]
fn a_test_whose_data_is_missing_is_ignored_outside_ci() {
    assert!(
        std::env::var_os("CI").is_some(),
        "outside CI the attribute ignores this test"
    );
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn a_test_whose_data_is_there_runs() {
    // Present beside the checkout (else ignored, or under CI a failure).
    assert!(spielwerk_testgames::shared_data("reversi").is_some());
}
