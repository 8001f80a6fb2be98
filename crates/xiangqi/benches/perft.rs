//! Criterion benchmark of perft on the start position and a midgame position.

use criterion::{criterion_group, criterion_main, Criterion};
use qi_xiangqi::{perft, Position, START_FEN};
use std::hint::black_box;

const MIDGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, fen, depth) in [("start_d4", START_FEN, 4), ("midgame_d4", MIDGAME, 4)] {
        let pos = Position::from_fen(fen).expect("valid FEN");
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut p = pos.clone();
                perft(black_box(&mut p), depth)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
