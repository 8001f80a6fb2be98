//! Playing a move: a position and its history from FEN and moves, and one search at a
//! level (or full strength) with the level's move choice. Shared by the terminal game, the
//! UCI/UCCI engine and `qi move`, so that a level plays the same everywhere.

use crate::level::{choose, settings as level_settings, Level, Rng};
use crate::repetition::HistEntry;
use crate::{Engine, Info, SearchRequest, SearchResult};
use qi_search::StopFlag;
use qi_xiangqi::{Move, Position};

/// A position from an optional FEN (the start position when `None`) plus moves in any
/// notation, with the history of keys the engine needs for repetition rulings. The error
/// says which FEN or move was wrong and why.
pub fn setup(fen: Option<&str>, moves: Option<&str>) -> Result<(Position, Vec<HistEntry>), String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("bad FEN {f:?}: {e}"))?,
        None => Position::startpos(),
    };
    let mut history = Vec::new();
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {text:?} in {}: {e}", pos.to_fen()))?;
        history.push(HistEntry::new(&pos, mv));
        pos.make_move(mv);
    }
    Ok((pos, history))
}

/// The current position of `game` and the history of earlier positions the engine needs
/// for repetition rulings.
pub fn game_history(game: &qi_xiangqi::Game) -> (Position, Vec<HistEntry>) {
    let mut pos = game.start().clone();
    let mut history = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        history.push(HistEntry::new(&pos, mv));
        pos.make_move(mv);
    }
    (pos, history)
}

/// Runs one engine search for a level (or full strength when `None` or out of range) until
/// its limits or `stop`, and returns the chosen move with the search's result. A level's
/// depth and node caps tighten the request's, its time share scales the request's time; a
/// level with noise picks among the root moves by [`choose`].
pub fn think(
    engine: &Engine,
    mut req: SearchRequest,
    level: Option<u8>,
    rng: &mut Rng,
    stop: &StopFlag,
    on_info: impl FnMut(&Info),
) -> (Option<Move>, SearchResult) {
    let settings = level.and_then(|n| Level::new(n).ok()).map(level_settings);
    if let Some(s) = &settings {
        req.depth = match (req.depth, s.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        req.nodes = match (req.nodes, s.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        req.all_root_scores = req.all_root_scores || s.noise > 0;
        // A weaker level also thinks for its share of the time it is given.
        req.time.soft = req.time.soft.map(|t| t.mul_f64(s.time_share));
        req.time.hard = req.time.hard.map(|t| t.mul_f64(s.time_share));
    }
    let r = engine.search(&req, stop, on_info);
    let mv = match &settings {
        Some(s) if s.noise > 0 && !r.root_scores.is_empty() => {
            choose(&r.root_scores, s, rng).or(r.best)
        }
        _ => r.best,
    };
    (mv, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_reads_moves_in_any_notation_and_names_a_bad_one() {
        let (pos, history) = setup(None, Some("h2e2 h9g7")).unwrap();
        assert_eq!(history.len(), 2);
        assert_ne!(pos.to_fen(), Position::startpos().to_fen());
        let e = setup(None, Some("h2e2 z9z9")).unwrap_err();
        assert!(e.contains("z9z9"), "{e}");
        assert!(setup(Some("not a fen"), None)
            .unwrap_err()
            .contains("bad FEN"));
    }

    #[test]
    fn a_game_and_its_moves_give_the_same_history() {
        let (pos, history) = setup(None, Some("h2e2 h9g7 h0g2")).unwrap();
        let mut game = qi_xiangqi::Game::new(Position::startpos());
        for text in ["h2e2", "h9g7", "h0g2"] {
            game.push_str(text).unwrap();
        }
        let (pos2, history2) = game_history(&game);
        assert_eq!(pos.to_fen(), pos2.to_fen());
        assert_eq!(history.len(), history2.len());
    }
}
