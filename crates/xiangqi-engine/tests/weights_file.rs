//! The evaluation's weights as data: the flat vector the tuner works on maps back to the
//! same weights, and the committed `tuned.rs` is exactly what the tuner's writer writes.

use qi_xiangqi::PieceKind;
use qi_xiangqi_engine::tuned::WEIGHTS;
use qi_xiangqi_engine::weights::{
    psq_index, term_index, EvalWeights, Term, PAIR_COUNT, TERM_COUNT,
};

#[test]
fn flat_pairs_round_trip() {
    let pairs = WEIGHTS.pairs();
    assert_eq!(pairs.len(), PAIR_COUNT);
    assert_eq!(
        EvalWeights::from_pairs(&pairs, WEIGHTS.tempo),
        Some(WEIGHTS)
    );
    assert_eq!(EvalWeights::from_pairs(&pairs[1..], 0), None);
    assert_eq!(
        pairs[psq_index(PieceKind::Soldier, 6, 2)],
        WEIGHTS.psq[PieceKind::Soldier as usize][6][2]
    );
    assert_eq!(
        pairs[term_index(Term::GeneralOffHomeRank)],
        WEIGHTS.terms[TERM_COUNT - 1]
    );
    assert_eq!(Term::ALL.len(), TERM_COUNT);
    for (i, term) in Term::ALL.into_iter().enumerate() {
        assert_eq!(term as usize, i);
    }
}

#[test]
fn the_committed_file_is_what_the_writer_writes() {
    // tuned.rs is generated: the writer must reproduce it byte for byte below its
    // header, so a re-tune changes only numbers (and rustfmt leaves it alone).
    let committed = include_str!("../src/tuned.rs");
    let body_at = committed
        .find("\nuse crate::weights")
        .expect("generated body");
    let written = WEIGHTS.to_rust_source("x");
    let written_body = &written[written.find("\nuse crate::weights").unwrap()..];
    assert_eq!(&committed[body_at..], written_body);
}
