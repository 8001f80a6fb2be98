//! Solving the empty board exactly, with each algorithm and option.

use criterion::{criterion_group, criterion_main, Criterion};
use qi_search::{Algorithm, SearchConfig, Searcher};
use qi_tictactoe::{solve_with, solver::small_table, Board};

fn bench_solve(c: &mut Criterion) {
    let cases: [(&str, Algorithm, bool, bool, bool); 6] = [
        ("minimax", Algorithm::Minimax, false, false, false),
        ("alphabeta", Algorithm::AlphaBeta, false, false, false),
        (
            "alphabeta+ordering",
            Algorithm::AlphaBeta,
            true,
            false,
            false,
        ),
        (
            "alphabeta+ordering+tt",
            Algorithm::AlphaBeta,
            true,
            true,
            false,
        ),
        (
            "alphabeta+ordering+tt+symmetry",
            Algorithm::AlphaBeta,
            true,
            true,
            true,
        ),
        ("pvs+ordering+tt+symmetry", Algorithm::Pvs, true, true, true),
    ];
    let mut group = c.benchmark_group("solve_empty_board");
    for (name, algorithm, ordering, tt, symmetry) in cases {
        let config = SearchConfig {
            ordering,
            collect_ties: false,
            seed: Some(0),
            ..SearchConfig::plain(algorithm)
        };
        let mut searcher = Searcher::with_table(config, tt.then(small_table));
        let nodes = solve_with(&mut searcher, Board::empty(), symmetry)
            .search
            .stats
            .nodes;
        println!("{name}: {nodes} nodes");
        group.bench_function(name, |b| {
            b.iter(|| solve_with(&mut searcher, Board::empty(), symmetry).value)
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
