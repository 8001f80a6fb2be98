//! The search judges repetitions as the referee does: a perpetual chase loses for the
//! chaser, so the engine stops chasing when that is its only non-losing choice and keeps a
//! repetition when the opponent is the one who must deviate. Each cycle is also played
//! through the referee ([`Game`]) to show the ruling the search must anticipate.

use qi_search::score::{is_decisive, plies_to_end};
use qi_search::StopFlag;
use qi_xiangqi::{Game, Move, Position, Reason, Winner};
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::{Engine, SearchRequest, SearchResult};

/// Plays `moves` (ICCS) from `fen` and returns the position with the engine's history.
fn setup(fen: &str, moves: &str) -> (Position, Vec<HistEntry>) {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut history = Vec::new();
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).unwrap();
        history.push(HistEntry::new(&pos, mv));
        pos.make_move(mv);
    }
    (pos, history)
}

fn search(fen: &str, moves: &str, depth: u32) -> SearchResult {
    let (position, history) = setup(fen, moves);
    let req = SearchRequest {
        position,
        history,
        depth: Some(depth),
        ..SearchRequest::default()
    };
    Engine::default().search(&req, &StopFlag::new(), |_| {})
}

fn best(r: &SearchResult) -> String {
    r.best.map(Move::to_iccs).unwrap_or_default()
}

/// What the referee says after `moves` from `fen`.
fn referee(fen: &str, moves: &str) -> Option<(Winner, Reason)> {
    let mut game = Game::from_fen(fen).unwrap();
    for text in moves.split_whitespace() {
        game.push_str(text).unwrap();
    }
    game.outcome().map(|o| (o.winner, o.reason))
}

/// Red's chariot has chased Black's unprotected cannon round a cycle (i7/i8 against
/// a7/a8); Black has two horses for it, so every other Red move is worse than a draw.
const RED_CHASES: &str = "4k4/9/c8/9/2n3n2/9/9/9/9/3K4R w - - 0 1";
const RED_CHASE_CYCLE: &str = "i0i7 a7a8 i7i8 a8a7";

#[test]
fn the_chaser_stops_chasing_when_the_repetition_would_lose() {
    // Continuing the chase twice more is a loss by the referee's ruling.
    let moves = format!("{RED_CHASE_CYCLE} i8i7 a7a8 i7i8 a8a7 i8i7");
    assert_eq!(
        referee(RED_CHASES, &moves),
        Some((Winner::Black, Reason::PerpetualChase))
    );
    let r = search(RED_CHASES, RED_CHASE_CYCLE, 8);
    assert_ne!(best(&r), "i8i7", "the chase would repeat and lose");
    // Every alternative is worse than a draw: a search that took the chase for a draw
    // would have played it.
    assert!(r.score < 0 && !is_decisive(r.score), "score {}", r.score);
}

#[test]
fn black_stops_chasing_too() {
    // The same cycle mirrored: Black's chariot chases Red's unprotected cannon.
    let fen = "3k4r/9/9/9/9/2N3N2/9/C8/9/4K4 b - - 0 1";
    let cycle = "i9i2 a2a1 i2i1 a1a2";
    let moves = format!("{cycle} i1i2 a2a1 i2i1 a1a2 i1i2");
    assert_eq!(
        referee(fen, &moves),
        Some((Winner::Red, Reason::PerpetualChase))
    );
    let r = search(fen, cycle, 8);
    assert_ne!(best(&r), "i1i2");
    assert!(r.score < 0 && !is_decisive(r.score), "score {}", r.score);
}

#[test]
fn the_chased_side_keeps_the_repetition_and_wins() {
    // Black to move after Red's chase i8i7: fleeing back to a8 repeats a position the
    // chase produced, so Red is the one who must deviate.
    let moves = format!("{RED_CHASE_CYCLE} i8i7");
    let r = search(RED_CHASES, &moves, 8);
    assert_eq!(best(&r), "a7a8");
    assert!(
        r.score > 0 && plies_to_end(r.score).is_some(),
        "score {}",
        r.score
    );
}

#[test]
fn chasing_a_protected_piece_is_a_draw_worth_keeping() {
    // With Black's chariot guarding a7 and a8 the chase is no chase: the referee calls the
    // repetition a draw, and Red, behind in material, keeps it.
    let fen = "r3k4/9/c8/9/2n3n2/9/9/9/9/3K4R w - - 0 1";
    let moves = format!("{RED_CHASE_CYCLE} i8i7 a7a8 i7i8 a8a7 i8i7");
    assert_eq!(
        referee(fen, &moves),
        Some((Winner::Draw, Reason::Repetition))
    );
    let r = search(fen, RED_CHASE_CYCLE, 8);
    assert_eq!(best(&r), "i8i7");
    assert_eq!(r.score, 0);
}
