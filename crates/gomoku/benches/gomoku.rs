//! Criterion benchmarks: move/undo with pattern updates, VCF solving, fixed-depth search.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use qi_gomoku::{board_from_moves, parse_moves, Board, EngineOptions, Rule, ThreatSearch};
use std::hint::black_box;

fn position(moves: &str, rule: Rule) -> Board {
    let mv = parse_moves(moves).unwrap();
    board_from_moves(15, rule, &mv).unwrap().0
}

/// A threat searcher whose tables are already in memory (not faulted in while timed).
fn warm() -> ThreatSearch {
    let mut t = ThreatSearch::new();
    t.clear();
    t
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
    // A 9-ply VCF found in engine games (examples/find_vcf.rs).
    let vcf = position(
        "k8 h5 g6 k10 h8 j8 g7 g5 i9 f6 i7 f5 i5 d5 e5 f7 f8 f4 f3 h6",
        Rule::Freestyle,
    );
    c.bench_function("vcf solve 9 plies", |b| {
        b.iter_batched_ref(
            || (warm(), vcf.clone()),
            |(t, board)| black_box(t.vcf(board, 30, 1_000_000)),
            BatchSize::LargeInput,
        )
    });
    c.bench_function("vcf refute midgame (no VCF)", |b| {
        b.iter_batched_ref(
            || (warm(), mid.clone()),
            |(t, board)| black_box(t.vcf(board, 30, 1_000_000)),
            BatchSize::LargeInput,
        )
    });
    c.bench_function("vct midgame", |b| {
        b.iter_batched_ref(
            || (warm(), mid.clone()),
            |(t, board)| black_box(t.vct(board, 15, 200_000)),
            BatchSize::LargeInput,
        )
    });
    let quiet = position("h8 i9 g9 i7 i8 g7 h7 h9", Rule::Freestyle);
    c.bench_function("search depth 4 midgame", |b| {
        let options = EngineOptions {
            vcf_budget: 0,
            vct_budget: 0,
            tt_megabytes: 4,
            ..EngineOptions::depth(4)
        };
        b.iter(|| black_box(qi_gomoku::engine_move(&quiet, &options)))
    });
}

criterion_group!(group, benches);
criterion_main!(group);
