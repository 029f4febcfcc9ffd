//! The client process of figure 3: `batchline-fanout-clients` from the folder of this binary,
//! started with its open-files limit raised to the hard limit and driven by [`Command`]s on its
//! stdin, each answered by one [`Report`] line.

use std::process::Stdio;
use std::time::Duration;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

use super::fanout_wire::{Command, Report};

pub struct ClientProcess {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    pub pid: String,
}

impl ClientProcess {
    pub async fn spawn(url: &str, token: &str) -> anyhow::Result<Self> {
        let bin = std::env::current_exe()?.with_file_name("batchline-fanout-clients");
        anyhow::ensure!(
            bin.exists(),
            "{} is missing: build it with `cargo build --release -p bench --bins`",
            bin.display()
        );
        // setrlimit is unsafe in libc and the workspace forbids unsafe code: the shell raises
        // the soft limit to the hard one, then becomes the client process.
        let mut child = tokio::process::Command::new("sh")
            .arg("-c")
            .arg(r#"ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@""#)
            .arg(&bin)
            .args(["--url", url])
            .env("BATCHLINE_TOKEN", token)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", bin.display()))?;
        let pid = child.id().context("the client process's id")?.to_string();
        let stdin = child.stdin.take().context("the client process's stdin")?;
        let stdout = child.stdout.take().context("the client process's stdout")?;
        Ok(ClientProcess {
            child,
            stdin,
            stdout: BufReader::new(stdout).lines(),
            pid,
        })
    }

    /// Sends `c` and waits (at most `timeout`) for its report.
    pub async fn call(&mut self, c: Command, timeout: Duration) -> anyhow::Result<Report> {
        self.stdin.write_all(format!("{c}\n").as_bytes()).await?;
        self.stdin.flush().await?;
        let line = tokio::time::timeout(timeout, self.stdout.next_line())
            .await
            .with_context(|| format!("no answer to `{c}` within {timeout:?}"))??
            .with_context(|| format!("the client process ended during `{c}`"))?;
        let r: Report = line.parse().map_err(anyhow::Error::msg)?;
        anyhow::ensure!(r.event != "error", "`{c}`: {}", r.detail);
        Ok(r)
    }

    /// Asks it to quit and waits for it to exit (killed when it has not after 30 s).
    pub async fn quit(mut self) -> anyhow::Result<Report> {
        let bye = self.call(Command::Quit, Duration::from_secs(30)).await;
        if tokio::time::timeout(Duration::from_secs(30), self.child.wait())
            .await
            .is_err()
        {
            self.child.kill().await?;
        }
        bye
    }

    pub fn cpu_seconds(&self) -> f64 {
        cpu_seconds(&self.pid)
    }
}

/// User + system CPU time of `/proc/<pid>/stat` (`self` for this process), in seconds.
pub fn cpu_seconds(pid: &str) -> f64 {
    let ticks = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            // The fields after "(name)" start at the third, the state: utime is the 14th field,
            // stime the 15th.
            let f: Vec<u64> = s
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .skip(11)
                .take(2)
                .map_while(|v| v.parse().ok())
                .collect();
            Some(f.iter().sum::<u64>())
        });
    // USER_HZ is 100 on Linux.
    ticks.map_or(f64::NAN, |t| t as f64 / 100.0)
}
