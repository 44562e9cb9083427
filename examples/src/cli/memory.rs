//! The table sizes users give (`--hash-mb`): checked against the
//! libraries' documented maximum and the machine's memory before anything
//! is allocated.

use board_core::{MAX_TABLE_MIB, TableSizeError};

use crate::cli::output::Failure;

/// The machine's memory in MiB, where the system says (Linux's
/// `/proc/meminfo`); `None` elsewhere.
fn machine_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Checks the size of `option` (such as `--hash-mb`): at most
/// [`MAX_TABLE_MIB`] and at most the machine's memory.
pub fn check_table_mib(option: &str, mib: usize) -> Result<(), Failure> {
    if mib > MAX_TABLE_MIB {
        return Err(table_error(option, &TableSizeError::TooLarge { mib }));
    }
    if let Some(total) = machine_mib()
        && mib > total
    {
        return Err(Failure(format!(
            "{option} {mib}: larger than this machine's memory ({total} MiB)"
        )));
    }
    Ok(())
}

/// A table constructor's error, naming the option that asked for it.
pub fn table_error(option: &str, e: &TableSizeError) -> Failure {
    Failure(format!("{option}: {e}"))
}
