//! What a chaos run prints besides the count: recovery times per fault kind and, after a run
//! stopped on an error, where its processes complained.

use std::path::PathBuf;

/// `  recovery after <what>: median …, max … (n faults)`, when there are any.
pub fn print_recovery(what: &str, mut seconds: Vec<f64>) {
    if seconds.is_empty() {
        return;
    }
    seconds.sort_by(f64::total_cmp);
    println!(
        "  recovery after {what}: median {:.2} s, max {:.2} s ({} faults)",
        seconds[seconds.len() / 2],
        seconds[seconds.len() - 1],
        seconds.len()
    );
}

/// After a run stopped on an error: each process log's last warning or error in `dirs` (one
/// line, shortened), so a failure far away (CI) says where to look.
pub fn last_complaints(dirs: &[PathBuf]) {
    const COMPLAINTS: [&str; 7] = [
        "WARN", "ERROR", "FATAL", "panicked", "[ERR]", "[WRN]", "error:",
    ];
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut logs: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "log"))
            .collect();
        logs.sort();
        for log in logs {
            let text = std::fs::read(&log).unwrap_or_default();
            let text = String::from_utf8_lossy(&text);
            let complaint = text
                .lines()
                .rev()
                .find(|l| COMPLAINTS.iter().any(|w| l.contains(w)));
            if let Some(line) = complaint {
                let line: String = line.chars().take(220).collect();
                let name = log.file_name().unwrap_or_default().to_string_lossy();
                println!("  {name}: {line}");
            }
        }
    }
}
