//! A private Postgres primary and its hot standby (streaming replication), for the tests of
//! reading reports from a standby (issue 36). Made as `scripts/cluster.sh` makes the cluster's:
//! `initdb`, `pg_basebackup -R` from the primary, started with `pg_ctl` (as the `postgres` user
//! when the tests run as root, since initdb refuses root). Both are stopped and their folders
//! removed when dropped.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::free_port;

pub struct PgPair {
    pub primary_port: u16,
    pub standby_port: u16,
    dir: PathBuf,
}

fn pg_bin() -> PathBuf {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL must be installed (scripts/install-deps.sh)")
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|p| p.join("initdb").exists())
        .collect();
    dirs.sort();
    dirs.pop().expect("a PostgreSQL with initdb")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// `program args…`, as the postgres user when root; panics with its output when it fails.
fn run(program: &Path, args: &[&str]) {
    if let Err(e) = try_run(program, args) {
        panic!("{e}");
    }
}

fn try_run(program: &Path, args: &[&str]) -> Result<(), String> {
    let mut c = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    let out = c.args(args).output().map_err(|e| e.to_string())?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{} {args:?} failed:\n{}{}",
        program.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

fn options(port: u16, extra: &str) -> String {
    format!(
        "-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off \
         -c max_connections=50 -c wal_level=replica -c max_wal_senders=5 {extra}"
    )
}

impl PgPair {
    /// A primary with a database `batchline`, and a standby replaying it.
    pub async fn start() -> PgPair {
        let dir = std::env::temp_dir().join(format!("batchline-pgpair-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a folder for the pair");
        if is_root() {
            let owned = Command::new("chown")
                .arg("postgres")
                .arg(&dir)
                .status()
                .is_ok_and(|s| s.success());
            assert!(owned, "cannot give {} to the postgres user", dir.display());
        }
        let pair = PgPair {
            primary_port: free_port(),
            standby_port: free_port(),
            dir,
        };
        let bin = pg_bin();
        let primary = pair.dir.join("primary");
        let standby = pair.dir.join("standby");
        let (p, s) = (primary.to_string_lossy(), standby.to_string_lossy());
        run(
            &bin.join("initdb"),
            &[
                "-D",
                &p,
                "-U",
                "batchline",
                "--auth=trust",
                "--no-locale",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        pair.pg_ctl(&primary, &options(pair.primary_port, ""));
        pair.wait_ready(pair.primary_port).await;
        // Both reach the primary as the tests' user, on loopback.
        let port = pair.primary_port.to_string();
        let primary_at = ["-h", "127.0.0.1", "-p", &port, "-U", "batchline"];
        let create = ["-d", "postgres", "-qc", "create database batchline"];
        run(&bin.join("psql"), &[&primary_at[..], &create].concat());
        // A checkpoint at once (`-c fast`), not spread over minutes.
        let copy = ["-D", &s, "-R", "-X", "stream", "-c", "fast"];
        run(
            &bin.join("pg_basebackup"),
            &[&primary_at[..], &copy].concat(),
        );
        pair.pg_ctl(
            &standby,
            &options(
                pair.standby_port,
                "-c hot_standby=on -c hot_standby_feedback=on",
            ),
        );
        pair.wait_ready(pair.standby_port).await;
        pair
    }

    fn pg_ctl(&self, data: &Path, options: &str) {
        let log = data.join("server.log");
        run(
            &pg_bin().join("pg_ctl"),
            &[
                "-D",
                &data.to_string_lossy(),
                "-l",
                &log.to_string_lossy(),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
    }

    async fn wait_ready(&self, port: u16) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "Postgres on {port} did not open");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn primary_url(&self) -> String {
        format!(
            "postgres://batchline@127.0.0.1:{}/batchline",
            self.primary_port
        )
    }

    pub fn standby_url(&self) -> String {
        format!(
            "postgres://batchline@127.0.0.1:{}/batchline",
            self.standby_port
        )
    }

    /// Stops the standby at once (as a crash would).
    pub fn stop_standby(&self) {
        self.stop("standby", "immediate");
    }

    fn stop(&self, which: &str, mode: &str) {
        let data = self.dir.join(which);
        if data.join("postmaster.pid").exists() {
            let _ = try_run(
                &pg_bin().join("pg_ctl"),
                &["-D", &data.to_string_lossy(), "-m", mode, "-w", "stop"],
            );
        }
    }
}

impl Drop for PgPair {
    fn drop(&mut self) {
        self.stop("standby", "immediate");
        self.stop("primary", "immediate");
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
