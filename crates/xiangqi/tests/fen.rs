//! FEN parsing, writing and precise rejection of bad input.

use qi_xiangqi::{Color, FenError, Piece, PieceKind, Position, Square, START_FEN};

#[test]
fn round_trip_and_aliases() {
    let p = Position::from_fen(START_FEN).unwrap();
    assert_eq!(p.to_fen(), START_FEN);
    // UCCI letters E/H, `r` for Red, no counters.
    let q = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
        .unwrap();
    assert_eq!(q.to_fen(), START_FEN);
    assert_eq!(q.key(), p.key());
    let b = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .unwrap();
    assert_eq!(b.side_to_move(), Color::Black);
    assert_ne!(b.key(), p.key());
    let c = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 17 42").unwrap();
    assert_eq!((c.halfmove_clock(), c.fullmove_number()), (17, 42));
    assert_eq!(c.to_fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 17 42");
}

#[test]
fn accessors() {
    let p = Position::startpos();
    let sq = |f, r| Square::new(f, r).unwrap();
    assert_eq!(
        p.piece_at(sq(7, 2)),
        Some(Piece::new(Color::Red, PieceKind::Cannon))
    );
    assert_eq!(p.piece_at(sq(4, 4)), None);
    assert_eq!(p.king_square(Color::Black), sq(4, 9));
    assert_eq!(p.count(Piece::new(Color::Black, PieceKind::Soldier)), 5);
    assert_eq!(p.count_color(Color::Red), 16);
    assert_eq!(p.pieces(Color::Red).count(), 16);
    assert_eq!(Square::new(9, 0), None);
    assert_eq!(Square::new(0, 10), None);
    assert_eq!(Square::from_index(90), None);
    assert_eq!(sq(7, 2).to_string(), "h2");
}

#[test]
fn precise_errors() {
    let e = |f: &str| Position::from_fen(f).unwrap_err();
    assert_eq!(e(""), FenError::Empty);
    assert_eq!(e("4k4/9/9/9/9/9/9/9/3K5 w"), FenError::RankCount(9));
    assert_eq!(
        e("4k4/9/9/9/9/9/9/8/9/3K5 w"),
        FenError::FileCount { rank: 2, files: 8 }
    );
    assert!(matches!(
        e("4k4/9/9/9/9/9/9/9/9/3K6 w"),
        FenError::FileCount { rank: 0, .. }
    ));
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/3K1X3 w"),
        FenError::UnknownPiece('X')
    );
    assert_eq!(e("4k4/9/9/9/9/9/9/9/9/3K0 w"), FenError::UnknownPiece('0'));
    assert_eq!(
        e("9/9/9/9/9/9/9/9/9/3K5 w"),
        FenError::GeneralCount {
            color: Color::Black,
            count: 0
        }
    );
    assert_eq!(
        e("3kk4/9/9/9/9/9/9/9/9/3K5 w"),
        FenError::GeneralCount {
            color: Color::Black,
            count: 2
        }
    );
    assert!(matches!(
        e("4k4/9/9/9/9/9/9/9/9/K8 w"),
        FenError::ImpossibleSquare { .. }
    ));
    // Advisor off its five points, elephant off its seven, soldier behind its start.
    assert!(matches!(
        e("4k4/9/9/9/9/9/9/9/9/3KA4 w"),
        FenError::ImpossibleSquare { .. }
    ));
    assert!(matches!(
        e("4k4/9/9/9/9/9/9/9/9/B2K5 w"),
        FenError::ImpossibleSquare { .. }
    ));
    assert!(matches!(
        e("4k4/9/9/9/9/9/9/P8/9/3K5 w"),
        FenError::ImpossibleSquare { .. }
    ));
    assert!(matches!(
        e("4k4/9/9/9/9/9/1P7/9/9/3K5 w"),
        FenError::ImpossibleSquare { .. }
    ));
    assert!(matches!(
        e("4k4/9/9/9/9/RRR6/9/9/9/3K5 w"),
        FenError::TooManyPieces {
            count: 3,
            max: 2,
            ..
        }
    ));
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/3K5 x"),
        FenError::BadSide("x".into())
    );
    assert_eq!(
        e("4k4/9/9/9/9/9/9/9/9/3K5 w - - z 1"),
        FenError::BadCounter("z".into())
    );
    // Facing generals with Red to move means Black left its general en prise.
    assert_eq!(e("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::OpponentInCheck);
}
