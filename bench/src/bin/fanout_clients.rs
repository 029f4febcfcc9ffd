//! `batchline-fanout-clients`: the WebSocket clients of figure 3 of `make bench` (issue 14), in a
//! process of their own so they do not run on the server's runtime. Each client authenticates
//! with the session token in `BATCHLINE_TOKEN`, subscribes to one topic and times every delta
//! by its `updatedAt` against the time it arrived, as the in-process bench did.
//!
//! ```text
//! batchline-fanout-clients --url ws://127.0.0.1:8080/ws [--topic lines] [--concurrency 64]
//!     [--clients N --seconds S [--never-read]]
//! ```
//!
//! With `--clients` it opens N clients, measures S seconds and prints one JSON summary;
//! `--never-read` adds one client that subscribes and then never reads its socket. Without it,
//! it takes commands on stdin from `batchline-bench` (`live_bench/fanout_wire.rs`): one JSON
//! report a line on stdout for each.

#[path = "../live_bench/fanout_wire.rs"]
mod fanout_wire;
#[path = "fanout_clients/fleet.rs"]
mod fleet;
#[path = "fanout_clients/stats.rs"]
mod stats;

use anyhow::Context;
use fanout_wire::{Command, Report};
use tokio::io::AsyncBufReadExt;

struct Args {
    url: String,
    topic: String,
    concurrency: usize,
    clients: Option<usize>,
    seconds: u64,
    never_read: bool,
}

fn args() -> anyhow::Result<Args> {
    let mut a = Args {
        url: String::new(),
        topic: "lines".into(),
        concurrency: 64,
        clients: None,
        seconds: 10,
        never_read: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--url" => a.url = value()?,
            "--topic" => a.topic = value()?,
            "--concurrency" => a.concurrency = value()?.parse()?,
            "--clients" => a.clients = Some(value()?.parse()?),
            "--seconds" => a.seconds = value()?.parse()?,
            "--never-read" => a.never_read = true,
            _ => {
                anyhow::bail!("unknown argument {flag} (see the doc comment of fanout_clients.rs)")
            }
        }
    }
    anyhow::ensure!(!a.url.is_empty(), "--url ws://host:port/ws is required");
    Ok(a)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = args()?;
    let token = std::env::var("BATCHLINE_TOKEN").context("BATCHLINE_TOKEN: a session token")?;
    let mut fleet = fleet::Fleet::new(args.url, token, args.topic.clone(), args.concurrency);
    let Some(n) = args.clients else {
        return serve_stdin(fleet).await;
    };
    // One measurement from the command line.
    let mut script = vec![Command::Grow { clients: n }];
    if args.never_read {
        script.push(Command::Slow {
            topics: vec![args.topic],
        });
    }
    script.push(Command::Window {
        ms: args.seconds * 1000,
    });
    if args.never_read {
        script.push(Command::Drain { ms: 5_000 });
    }
    script.push(Command::Quit);
    for c in script {
        println!("{}", fleet.run(c).await);
    }
    Ok(())
}

/// Commands from the bench, one a line, until `quit` or the end of stdin.
async fn serve_stdin(mut fleet: fleet::Fleet) -> anyhow::Result<()> {
    let mut lines = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    while let Some(line) = lines.next_line().await? {
        let report = match line.parse::<Command>() {
            Ok(c) => {
                let quit = c == Command::Quit;
                let r = fleet.run(c).await;
                if quit {
                    println!("{r}");
                    return Ok(());
                }
                r
            }
            Err(e) => Report {
                event: "error".into(),
                detail: e,
                ..Default::default()
            },
        };
        println!("{report}");
    }
    // The bench went away: the sockets close with the process.
    Ok(())
}
