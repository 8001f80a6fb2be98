//! Game outcomes: mate and stalemate, repetition rulings (perpetual check,
//! perpetual chase, plain repetition), the 60-move rule, and the per-move
//! chase definition ([`Position::chased_by`]) case by case.
//!
//! Every repetition cycle here was also played through Fairy-Stockfish's
//! Xiangqi rules (pyffish `is_optional_game_end`), which gives the same
//! ruling at the same ply.

use qi_xiangqi::{Game, GameError, Move, Outcome, Position, Reason, Square, Winner};

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0').unwrap()
}

fn mv(text: &str) -> Move {
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

/// Plays `moves` (ICCS, space separated) from `fen`, asserting that the game
/// is not over before the last move, and returns the outcome after it.
fn play(fen: &str, moves: &str) -> Option<Outcome> {
    let mut game = Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for (i, m) in moves.split_whitespace().enumerate() {
        assert_eq!(game.outcome(), None, "{fen}: over before ply {i} ({m})");
        game.push(mv(m))
            .unwrap_or_else(|e| panic!("{fen}: ply {i} {m}: {e}"));
    }
    game.outcome()
}

/// `moves` repeated `times` times.
fn cycle(moves: &str, times: usize) -> String {
    vec![moves; times].join(" ")
}

fn lost_by(loser_is_red: bool, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: if loser_is_red {
            Winner::Black
        } else {
            Winner::Red
        },
        reason,
    })
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: Winner::Draw,
        reason,
    })
}

#[test]
fn checkmate_loses_for_the_side_to_move() {
    // Red mates: two chariots on Black's back ranks.
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    assert_eq!(play(fen, "b0b9"), lost_by(false, Reason::Checkmate));
    // Black mates Red the same way.
    let fen = "1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";
    assert_eq!(play(fen, "b9b0"), lost_by(true, Reason::Checkmate));
    // Mate is reported straight from a FEN too.
    let g = Game::from_fen("1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1").unwrap();
    assert_eq!(g.outcome(), lost_by(false, Reason::Checkmate));
    assert_eq!(g.outcome().unwrap().result_str(), "1-0");
}

#[test]
fn stalemate_loses_for_the_side_to_move() {
    // Black's general has no move (a8 chariot, f5 chariot, facing generals on d).
    let g = Game::from_fen("4k4/R8/9/9/5R3/9/9/9/9/3K5 b - - 0 1").unwrap();
    assert!(!g.position().in_check());
    assert_eq!(g.outcome(), lost_by(false, Reason::Stalemate));
    assert_eq!(g.outcome().unwrap().result_str(), "1-0");
    // Reached by a move: Red's chariot takes away Black's last square.
    assert_eq!(
        play("4k4/R8/9/9/9/9/9/9/5R3/3K5 w - - 0 1", "f1f5"),
        lost_by(false, Reason::Stalemate)
    );
    // Red stalemated (d1 and e0 covered, not in check): 0-1.
    let g = Game::from_fen("5k3/9/9/9/4r4/9/9/9/r8/3K5 w - - 0 1").unwrap();
    assert!(!g.position().in_check());
    assert_eq!(g.outcome(), lost_by(true, Reason::Stalemate));
    assert_eq!(g.outcome().unwrap().result_str(), "0-1");
    // With one square left it is not over.
    let g = Game::from_fen("5k3/9/9/9/9/9/9/9/r8/3K5 w - - 0 1").unwrap();
    assert_eq!(g.position().legal_moves().len(), 1);
    assert_eq!(g.outcome(), None);
}

#[test]
fn game_refuses_illegal_moves_and_moves_after_the_end() {
    let mut g = Game::default();
    assert_eq!(g.push(mv("a0a5")), Err(GameError::Illegal(mv("a0a5"))));
    assert!(g.push_str("xyz").is_err());
    assert_eq!(g.push_str("炮二平五"), Ok(mv("h2e2")));
    assert_eq!(g.pop(), Some(mv("h2e2")));
    assert_eq!(g.pop(), None);
    let mut g = Game::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").unwrap();
    g.push(mv("b0b9")).unwrap();
    assert_eq!(g.push(mv("e9e8")), Err(GameError::Illegal(mv("e9e8"))));
    let any = g.position().legal_moves();
    assert!(any.is_empty());
    // Taking the mate back reopens the game.
    g.pop();
    assert_eq!(g.outcome(), None);
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // Red's chariot checks on ranks 9 and 8 while Black's general shuttles d9-d8.
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    let moves = format!("i0i9 {}", cycle("d9d8 i9i8 d8d9 i8i9", 2));
    assert_eq!(play(fen, &moves), lost_by(true, Reason::PerpetualCheck));
    // One ply earlier the position has occurred only twice: play goes on.
    let short: Vec<&str> = moves.split(' ').collect();
    assert_eq!(play(fen, &short[..short.len() - 1].join(" ")), None);
    // Black checks perpetually: Black loses.
    let fen = "4k3r/9/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let moves = format!("i9i0 {}", cycle("d0d1 i0i1 d1d0 i1i0", 2));
    assert_eq!(play(fen, &moves), lost_by(false, Reason::PerpetualCheck));
    let mut g = Game::from_fen(fen).unwrap();
    for m in moves.split(' ') {
        g.push(mv(m)).unwrap();
    }
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(g.push(mv("d0d1")), Err(GameError::GameOver));
}

#[test]
fn idle_repetition_is_a_draw() {
    // Both generals shuttle: nobody checks or chases (the idle soldiers keep mating material
    // on the board, so the game is not drawn for lack of it).
    let fen = "4k4/9/9/8p/9/9/P8/9/9/3K5 w - - 0 1";
    let moves = cycle("d0d1 e9e8 d1d0 e8e9", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
    // A chariot shuttling without attacking anything.
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let moves = cycle("a1a2 e9f9 a2a1 f9e9", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

#[test]
fn the_third_occurrence_ends_the_game() {
    let fen = "4k4/9/9/8p/9/9/P8/9/9/3K5 w - - 0 1";
    let mut g = Game::from_fen(fen).unwrap();
    assert_eq!(g.repetition_count(), 1);
    for (i, m) in cycle("d0d1 e9e8 d1d0 e8e9", 2).split(' ').enumerate() {
        assert_eq!(g.outcome(), None);
        g.push(mv(m)).unwrap();
        // Each position of the 4-ply cycle recurs 4 plies later.
        let want = match i + 1 {
            1..=3 => 1,
            4..=7 => 2,
            _ => 3,
        };
        assert_eq!(g.repetition_count(), want, "after ply {}", i + 1);
    }
    assert_eq!(g.outcome(), draw(Reason::Repetition));
    assert_eq!(g.key_history().len(), 9);
    // Taking a move back undoes the ruling.
    g.pop();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetition_count(), 2);
}

#[test]
fn move_rule_120_plies_without_capture() {
    // From a FEN whose clock stands at 110: ten quiet moves reach 120.
    let fen = "4k4/8r/9/9/9/9/9/9/R8/3K5 w - - 110 60";
    let quiet = "a1a2 i8i7 a2a3 i7i6 a3a4 i6i5 a4a5 i5i4 a5a6 i4i3";
    let nine: Vec<&str> = quiet.split(' ').take(9).collect();
    assert_eq!(play(fen, &nine.join(" ")), None);
    assert_eq!(play(fen, quiet), draw(Reason::MoveRule));
    // A clock already at 120 in the FEN is a draw at once.
    let g = Game::from_fen("4k4/8r/9/9/9/9/9/9/R8/3K5 w - - 120 60").unwrap();
    assert_eq!(g.outcome(), draw(Reason::MoveRule));
}

#[test]
fn a_capture_resets_the_move_rule() {
    let fen = "4k4/8r/9/9/9/9/9/9/R7p/3K5 w - - 118 60";
    assert_eq!(play(fen, "a1a2 i8i7"), draw(Reason::MoveRule));
    let mut g = Game::from_fen(fen).unwrap();
    g.push(mv("a1i1")).unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    g.push(mv("i8i7")).unwrap();
    assert_eq!(g.position().halfmove_clock(), 1);
    assert_eq!(g.outcome(), None);
}

#[test]
fn move_rule_reached_in_a_real_game() {
    // 120 quiet plies from the start, never repeating a position: drawn
    // exactly at ply 120, not before.
    let mut g = Game::default();
    let mut seed = 0x1234_5678_9ABC_DEF0u64;
    let mut seen = std::collections::HashSet::new();
    seen.insert(g.position().key());
    for ply in 0..120 {
        assert_eq!(g.outcome(), None, "ply {ply}");
        let pos = g.position().clone();
        let quiet: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| pos.captured_piece(m).is_none())
            .filter(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                !seen.contains(&p.key()) && p.has_legal_move()
            })
            .collect();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = quiet[(seed % quiet.len() as u64) as usize];
        g.push(m).unwrap();
        seen.insert(g.position().key());
    }
    assert_eq!(g.position().halfmove_clock(), 120);
    assert_eq!(g.outcome(), draw(Reason::MoveRule));
}

// Chase cycles. In each the chaser shuttles between two squares and the
// victim flees between two squares; the start position recurs at plies 4 and 8.

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    // Red's chariot (i7/i8) chases Black's lone cannon (a7/a8) along the ranks.
    let fen = "4k4/9/c8/9/9/9/9/9/9/3K4R w - - 0 1";
    let moves = format!("i0i7 {}", cycle("a7a8 i7i8 a8a7 i8i7", 2));
    assert_eq!(play(fen, &moves), lost_by(true, Reason::PerpetualChase));
    // An unprotected horse fleeing a7/c8 from a chariot on a2/c2.
    let fen = "4k4/9/n8/9/9/9/9/2R6/9/3K5 w - - 0 1";
    let moves = cycle("c2a2 a7c8 a2c2 c8a7", 2);
    assert_eq!(play(fen, &moves), lost_by(true, Reason::PerpetualChase));
    // Black chases: Black's chariot (c7/a7) after Red's lone horse (a2/c1).
    let fen = "3k5/9/2r6/9/9/9/9/N8/9/4K4 b - - 0 1";
    let moves = cycle("c7a7 a2c1 a7c7 c1a2", 2);
    assert_eq!(play(fen, &moves), lost_by(false, Reason::PerpetualChase));
}

#[test]
fn perpetual_chase_of_a_protected_piece_is_a_draw() {
    // As above, but Black's chariot on a9 protects the cannon on a7 and a8.
    let fen = "r3k4/9/c8/9/9/9/9/9/9/3K4R w - - 0 1";
    let moves = format!("i0i7 {}", cycle("a7a8 i7i8 a8a7 i8i7", 2));
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

#[test]
fn chasing_a_protected_chariot_with_a_lesser_piece_loses() {
    // Red's cannon (i7/i8, screens e7/e8) chases Black's chariot (a7/a8),
    // which the other chariot on a9 protects: still a chase.
    let fen = "r3k4/4a3C/r3b4/9/9/9/9/9/9/3K5 w - - 0 1";
    let moves = cycle("i8i7 a7a8 i7i8 a8a7", 2);
    assert_eq!(play(fen, &moves), lost_by(true, Reason::PerpetualChase));
}

#[test]
fn mutual_attack_is_no_chase() {
    // Red's chariot attacks Black's chariot, which could take it back.
    let fen = "r3k4/8R/r8/9/9/9/9/9/9/3K5 w - - 0 1";
    let moves = cycle("i8i7 a7a8 i7i8 a8a7", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

#[test]
fn soldiers_and_generals_may_chase() {
    // A crossed soldier (d6/e6) attacks an unprotected cannon (d7/e7).
    let fen = "4k4/9/3c5/4P4/9/9/9/9/9/5K3 w - - 0 1";
    let moves = cycle("e6d6 d7e7 d6e6 e7d7", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
    // The general (d1/e1) attacks an unprotected cannon (d2/e2).
    let fen = "5k3/9/9/9/9/9/9/3c5/4K4/9 w - - 0 1";
    let moves = cycle("e1d1 d2e2 d1e1 e2d2", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

#[test]
fn chasing_different_pieces_in_turn_is_no_perpetual_chase() {
    // Red's chariot attacks the cannon on a7, then the one on a8, ... while
    // Black's general shuttles: each move chases, but not the same piece.
    let fen = "4k4/c7R/c8/9/9/9/9/9/9/5K3 w - - 0 1";
    let moves = cycle("i8i7 e9d9 i7i8 d9e9", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

fn chased(fen: &str, m: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert!(pos.is_legal(mv(m)), "{fen} {m}");
    pos.chased_by(mv(m)).iter().map(|s| s.to_string()).collect()
}

#[test]
fn chase_definition_case_by_case() {
    let none: Vec<String> = Vec::new();
    let just = |s: &str| vec![s.to_string()];
    // A chariot newly attacking an unprotected horse chases it.
    assert_eq!(chased("4k4/9/n8/9/9/9/9/2R6/9/3K5 w", "c2a2"), just("a7"));
    // ... not when the horse was already attacked before the move.
    assert_eq!(chased("4k4/9/n8/9/9/9/9/R8/9/3K5 w", "a2a3"), none);
    // ... not when the horse is protected (by the chariot on a9).
    assert_eq!(chased("r3k4/9/n8/9/9/9/9/2R6/9/3K5 w", "c2a2"), none);
    // Soldiers: an uncrossed one is never chased, a crossed one is.
    assert_eq!(chased("4k4/9/9/2p6/9/9/9/9/R8/3K5 w", "a1c1"), none);
    assert_eq!(chased("4k4/9/9/9/9/2p6/9/9/R8/3K5 w", "a1c1"), just("c4"));
    // Black's chariot: Red's soldier on c5 has crossed, the one on g3 has not.
    let fen = "4k4/9/9/9/2P6/9/6P2/9/r8/3K5 b";
    assert_eq!(chased(fen, "a1c1"), just("c5"));
    assert_eq!(chased(fen, "a1g1"), none);
    // The general is checked, never chased.
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w";
    assert!(Position::from_fen(fen).unwrap().gives_check(mv("a1e1")));
    assert_eq!(chased(fen, "a1e1"), none);
    // Soldiers and generals may attack freely.
    assert_eq!(chased("4k4/9/9/3n5/4P4/9/9/9/9/3K5 w", "e5e6"), none);
    assert_eq!(chased("5k3/9/9/9/9/9/9/3c5/4K4/9 w", "e1d1"), none);
    // Mutual attack: Black's chariot on a7 could take Red's chariot back.
    assert_eq!(chased("4k4/9/r8/9/9/9/9/2R6/9/3K5 w", "c2a2"), none);
    // A chariot attacked by a horse or a cannon is chased even when protected.
    assert_eq!(
        chased("2r1k4/9/2r6/9/9/9/2N6/9/9/3K5 w", "c3d5"),
        just("c7")
    );
    assert_eq!(
        chased("r3k4/4a3C/r3b4/9/9/9/9/9/9/3K5 w", "i8i7"),
        just("a7")
    );
    // ... but a protected horse attacked by a cannon is not.
    assert_eq!(chased("r3k4/4a3C/n3b4/9/9/9/9/9/9/3K5 w", "i8i7"), none);
    // The capture must be legal: a chariot pinned on the e file does not chase a4.
    assert_eq!(chased("3k5/9/4r4/9/9/n8/9/4R4/9/4K4 w", "e2e4"), none);
    assert_eq!(chased("3k5/9/9/9/9/n8/9/4R4/9/4K4 w", "e2e4"), just("a4"));
    // A checking move never chases, even when the check pins the victim's protector.
    let fen = "9/4k4/3a1R3/9/9/9/3r5/9/4AK3/3C5 w - - 0 1";
    assert!(Position::from_fen(fen).unwrap().gives_check(mv("d0e0")));
    assert_eq!(chased(fen, "d0e0"), none);
}

#[test]
fn alternating_check_and_chase_is_a_draw() {
    // Regression (pyffish cross-check): Red's cannon checks from e0 (screen
    // e1), which pins Black's chariot d3 so the advisor d7 loses its
    // protector, then returns to d0 attacking d7 while Black's general
    // shuttles d8/e8. Red's chariot f7 also eyes d7. Not a perpetual chase.
    let fen = "9/3k5/3a1R3/9/9/9/3r5/9/4AK3/3C5 b - - 0 22";
    let moves = cycle("d8e8 d0e0 e8d8 e0d0", 2);
    assert_eq!(play(fen, &moves), draw(Reason::Repetition));
}

#[test]
fn no_attacking_pieces_on_either_side_is_a_draw() {
    // Generals, advisors and elephants cannot mate.
    let bare = "3akab2/9/9/9/9/9/9/9/4A4/2B1K4 w - - 0 1";
    assert_eq!(play(bare, ""), draw(Reason::InsufficientMaterial));
    // The general takes the last attacker on the board: the game ends there.
    let fen = "4k4/4P4/9/9/9/9/9/9/9/3K5 b - - 0 1";
    assert_eq!(play(fen, "e9e8"), draw(Reason::InsufficientMaterial));
    // One soldier, even on its own side of the river, is enough to play on.
    let fen = "3akab2/9/9/9/9/9/P8/9/4A4/2B1K4 w - - 0 1";
    assert_eq!(play(fen, ""), None);
    let fen = "4k4/9/9/8p/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(play(fen, ""), None);
}
