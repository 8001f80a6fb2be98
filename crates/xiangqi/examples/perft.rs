//! Times perft: `cargo run --release -p qi-xiangqi --example perft -- [DEPTH] [FEN]`.
//! With `--divide` as first argument prints per-move counts.

use qi_xiangqi::{divide, perft, Position, START_FEN};
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let div = args.first().is_some_and(|a| a == "--divide");
    if div {
        args.remove(0);
    }
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = if args.len() > 1 {
        args[1..].join(" ")
    } else {
        START_FEN.to_string()
    };
    let mut pos = match Position::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let nodes = if div {
        let mut total = 0;
        for (mv, n) in divide(&mut pos, depth) {
            println!("{mv} {n}");
            total += n;
        }
        total
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "depth {depth} nodes {nodes} time {secs:.3}s nps {:.0}",
        nodes as f64 / secs.max(1e-9)
    );
}
