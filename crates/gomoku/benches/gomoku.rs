//! Criterion benchmarks: move/undo with pattern updates, VCF solving, fixed-depth search.

use criterion::{criterion_group, criterion_main, Criterion};
use qi_gomoku::{board_from_moves, parse_moves, Board, EngineOptions, Rule, ThreatSearch};
use std::hint::black_box;

fn position(moves: &str, rule: Rule) -> Board {
    let mv = parse_moves(moves).unwrap();
    board_from_moves(15, rule, &mv).unwrap().0
}

fn benches(c: &mut Criterion) {
    let mid = position("h8 i9 i8 g8 j7 k6 h7 h6 g6 j8 i6 f9", Rule::Freestyle);
    c.bench_function("play+undo (pattern update)", |b| {
        let mut board = mid.clone();
        let p = board.point(3, 3).unwrap();
        b.iter(|| {
            board.play(black_box(p));
            board.undo();
        })
    });
    let vcf = position(
        "h8 a1 i8 a3 j9 a5 j10 a7 g11 a9 f12 a11 k11 a13",
        Rule::Freestyle,
    );
    c.bench_function("vcf solve", |b| {
        b.iter(|| {
            let mut t = ThreatSearch::new();
            let mut board = vcf.clone();
            black_box(t.vcf(&mut board, 30, 1_000_000))
        })
    });
    c.bench_function("search depth 4 midgame", |b| {
        b.iter(|| black_box(qi_gomoku::engine_move(&mid, &EngineOptions::depth(4))))
    });
}

criterion_group!(group, benches);
criterion_main!(group);
