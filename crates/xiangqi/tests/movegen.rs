//! Internal consistency of move generation, make/unmake and hashing.

use qi_xiangqi::{Move, MoveList, Position, Square, START_FEN};

const FENS: &[&str] = &[
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
];

/// Walks two plies below every FEN checking invariants at each node.
fn walk(pos: &mut Position, depth: u32, nodes: &mut u32) {
    *nodes += 1;
    let list = pos.legal_moves();
    assert_eq!(list.len() as u64, pos.count_legal());
    assert_eq!(pos.key(), pos.compute_key());
    // Captures are exactly the legal moves landing on an enemy piece.
    let mut caps = MoveList::new();
    pos.generate_captures(&mut caps);
    let want: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| pos.captured_piece(m).is_some())
        .collect();
    assert_eq!(caps.as_slice(), &want[..]);
    // is_legal agrees with the list on every from/to pair of the side's pieces.
    let froms: Vec<Square> = pos.pieces(pos.side_to_move()).map(|(s, _)| s).collect();
    for &f in &froms {
        for t in Square::all() {
            let m = Move::new(f, t);
            assert_eq!(pos.is_legal(m), list.contains(m), "{pos:?} {m}");
        }
        assert_eq!(
            pos.legal_moves_from(f).len(),
            list.iter().filter(|m| m.from() == f).count()
        );
    }
    let fen = pos.to_fen();
    for &m in list.iter() {
        let gives = pos.gives_check(m);
        let undo = pos.make_move(m);
        assert_eq!(pos.in_check(), gives, "{fen} {m}");
        assert!(!pos.is_attacked_general(pos.side_to_move().flip()));
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap().key(), pos.key());
        if depth > 1 {
            walk(pos, depth - 1, nodes);
        }
        pos.unmake_move(m, undo);
        assert_eq!(pos.to_fen(), fen);
    }
}

#[test]
fn invariants_two_plies() {
    let mut nodes = 0;
    for fen in FENS {
        let mut pos = Position::from_fen(fen).unwrap();
        walk(&mut pos, 2, &mut nodes);
    }
    // Every FEN and each of its children is walked (the grandchildren are only made).
    assert!(nodes > 200, "{nodes}");
}

#[test]
fn rules_details() {
    let legal = |fen: &str| -> Vec<String> {
        let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_iccs()).collect();
        v.sort();
        v
    };
    // Horse leg blocked: a horse on b0 with a piece on b1 cannot go to a2/c2.
    let v = legal("4k4/9/9/9/9/9/9/9/1R7/1N1K5 w");
    assert!(!v.contains(&"b0a2".to_string()) && !v.contains(&"b0c2".to_string()));
    assert!(v.contains(&"b0d1".to_string()));
    // Elephant eye blocked, and never across the river.
    let v = legal("4k4/9/9/9/9/2B6/9/9/9/3K5 w");
    assert_eq!(
        v.iter()
            .filter(|m| m.starts_with("c4"))
            .cloned()
            .collect::<Vec<_>>(),
        vec!["c4a2", "c4e2"]
    );
    // An elephant on a2 with its eye b3 blocked keeps only a2-c0.
    let v = legal("4k4/9/9/9/9/9/1R7/B8/9/3K5 w");
    assert_eq!(
        v.iter().filter(|m| m.starts_with("a2")).collect::<Vec<_>>(),
        vec!["a2c0"]
    );
    // Cannon: captures over exactly one screen only.
    let v = legal("4k4/9/9/9/9/9/9/9/3K5/CNp1p4 w");
    assert!(v.contains(&"a0c0".to_string()) && !v.contains(&"a0e0".to_string()));
    // Soldier sideways only after the river.
    let v = legal("4k4/9/9/9/P8/9/9/9/9/3K5 w");
    assert_eq!(v.iter().filter(|m| m.starts_with("a5")).count(), 2);
    let v = legal("4k4/9/9/9/9/P8/9/9/9/3K5 w");
    assert_eq!(v.iter().filter(|m| m.starts_with("a4")).count(), 1);
    // Generals may not face: the soldier between them may only advance along the file.
    let v = legal("4k4/9/9/9/4P4/9/9/9/9/4K4 w");
    assert_eq!(
        v.iter().filter(|m| m.starts_with("e5")).collect::<Vec<_>>(),
        vec!["e5e6"]
    );
    // No legal move at all: checkmate/stalemate positions.
    let p = Position::from_fen("4k4/R8/9/9/5R3/9/9/9/9/3K5 b").unwrap();
    assert_eq!(p.count_legal(), 0);
    assert!(!p.in_check());
}
