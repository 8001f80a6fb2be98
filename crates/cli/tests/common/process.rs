//! What the system says about a spawned engine's process.
#![allow(dead_code)] // each test file uses a different subset

/// Peak resident memory of process `pid` in KiB, where the system reports it (Linux's
/// `VmHWM`); `None` elsewhere, so a memory check can skip and say so.
pub fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
}
