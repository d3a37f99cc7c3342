//! What this machine has: its memory, read from the kernel (`/proc/meminfo` on Linux), for the
//! CLI's refusal of a solve that would not fit and the page's default budget. Elsewhere nothing
//! is known and nothing is refused.

/// The memory the kernel could give a new program now without swapping (`MemAvailable`), in
/// bytes; `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    meminfo("MemAvailable:")
}

/// The machine's whole memory (`MemTotal`), in bytes; `None` where it cannot be read.
pub fn total_memory() -> Option<u64> {
    meminfo("MemTotal:")
}

/// The field `name` of `/proc/meminfo` (`MemTotal:       24576000 kB`), in bytes.
fn meminfo(name: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_field(&text, name)
}

/// The field `name` of a `/proc/meminfo` text, its kilobytes as bytes.
fn parse_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kilobytes: u64 = line[name.len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kilobytes.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_fields_are_read_in_bytes() {
        let text = "MemTotal:       24576000 kB\nMemFree:  100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_field(text, "MemTotal:"), Some(24_576_000 * 1024));
        assert_eq!(parse_field(text, "MemAvailable:"), Some(2048 * 1024));
        assert_eq!(parse_field(text, "SwapTotal:"), None);
        assert_eq!(parse_field("MemTotal: lots\n", "MemTotal:"), None);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn this_machine_has_memory_and_less_of_it_free() {
        let (total, available) = (total_memory().unwrap(), available_memory().unwrap());
        assert!(
            available <= total && total > 1 << 20,
            "{available} of {total}"
        );
    }
}
