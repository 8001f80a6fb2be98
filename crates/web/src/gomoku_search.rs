//! The gomoku engine behind the web page: the engine's own levels (immediate fives and
//! blocks, VCF from level 2, VCT from level 5, then a depth-, node- and time-limited search
//! with near-best choices below level 9), with level 10 bounded by time alone.

use super::games::{SearchDone, SearchInfo, SearchJob};
use qi_gomoku::{
    format_point, level_settings, Board, Color, Engine, EngineOptions, MoveSource, Point,
};
use qi_search::{Level, StopFlag};
use serde_json::{json, Value};
use std::time::Duration;

/// The longest any web search may think (level 10); the engine gives lower levels a share
/// of it.
pub const MAX_MOVETIME_MS: u64 = 4_000;

/// The score that means "clearly better" for the evaluation bar (an open three is worth a
/// few hundred, a four a few thousand).
pub const EVAL_SCALE: i32 = 600;

/// The table size of one web search; small, since each search gets a fresh engine.
const HASH_MB: usize = 16;

/// The wall-clock cap of a level: the engine spends this share of [`MAX_MOVETIME_MS`].
pub fn movetime_ms(level: Level) -> u64 {
    (MAX_MOVETIME_MS as f64 * level_settings(level).time_share) as u64
}

/// What each level means, for `GET /api/games/gomoku`.
pub fn levels() -> Vec<Value> {
    (1..=10u8)
        .filter_map(|n| Level::new(n).ok())
        .map(|level| {
            let s = level_settings(level);
            json!({
                "level": level.get(),
                "depth": s.depth,
                "nodes": s.nodes,
                "movetime_ms": movetime_ms(level),
                "mistake_rate": s.mistake_rate,
                "vcf": s.vcf,
                "vct": s.vct,
            })
        })
        .collect()
}

/// One search of a gomoku position at one level.
pub struct GomokuSearch {
    board: Board,
    level: Level,
}

impl GomokuSearch {
    /// A search of `board` at `level` (1–10).
    pub fn new(board: Board, level: u8) -> Self {
        GomokuSearch {
            board,
            level: Level::new(level.clamp(1, 10)).unwrap_or(Level::MAX),
        }
    }
}

fn points_text(points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| format_point(p)).collect()
}

impl SearchJob for GomokuSearch {
    fn first_to_move(&self) -> bool {
        self.board.to_move() == Color::Black
    }

    fn run(
        self: Box<Self>,
        stop: StopFlag,
        report: &mut dyn FnMut(SearchInfo),
    ) -> Option<SearchDone> {
        let options = EngineOptions {
            level: self.level,
            movetime: Some(Duration::from_millis(MAX_MOVETIME_MS)),
            tt_megabytes: HASH_MB,
            stop,
            ..EngineOptions::default()
        };
        let mut engine = Engine::new(options);
        let mut searched_best: Option<Point> = None;
        let found = engine.best_move(&self.board, |info| {
            searched_best = info.pv.first().copied();
            let pv = points_text(info.pv);
            report(SearchInfo {
                depth: info.depth,
                score: info.score,
                pv_text: pv.join(" "),
                pv,
                nodes: info.stats.nodes,
            });
        })?;
        let best = format_point(found.point);
        // The engine's threat wins end with the five, and their score counts it.
        let pv = found.pv.clone();
        let score = found.score;
        let attacker_moves = pv.len().div_ceil(2);
        let note = match found.source {
            MoveSource::Five => Some("completes five in a row".to_string()),
            MoveSource::Block => Some("blocks a five".to_string()),
            MoveSource::Forced => Some("the only sensible move".to_string()),
            MoveSource::Vcf => Some(format!(
                "a forced win by continuous fours (VCF, {attacker_moves} moves)"
            )),
            MoveSource::Vct => Some(format!(
                "a forced win by threats (VCT, {attacker_moves} moves)"
            )),
            MoveSource::Search => match searched_best {
                Some(p) if p != found.point => Some(format!(
                    "level {}: played {best} instead of the engine's best {}",
                    self.level,
                    format_point(p)
                )),
                _ => None,
            },
        };
        if found.source != MoveSource::Search {
            // No iteration ran: the threat line (or the move) is the whole story.
            let pv = points_text(&pv);
            report(SearchInfo {
                depth: found.depth.max(1),
                score,
                pv_text: pv.join(" "),
                pv,
                nodes: found.nodes,
            });
        }
        Some(SearchDone {
            notation: best.clone(),
            best,
            score: Some(score),
            depth: found.depth.max(1),
            nodes: found.nodes,
            note,
            alternatives: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_gomoku::Rule;

    #[test]
    fn every_level_is_capped_in_time_and_grows() {
        let caps: Vec<u64> = (1..=10)
            .map(|n| movetime_ms(Level::new(n).unwrap()))
            .collect();
        assert!(caps.windows(2).all(|w| w[0] <= w[1]), "{caps:?}");
        assert_eq!(caps[9], MAX_MOVETIME_MS);
    }

    #[test]
    fn a_low_level_search_returns_an_empty_point() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        board.play(board.point(7, 7).unwrap());
        let job = Box::new(GomokuSearch::new(board.clone(), 2));
        let done = job.run(StopFlag::new(), &mut |_| {}).unwrap();
        let (x, y) = qi_gomoku::parse_move(&done.best).unwrap();
        assert!(board.is_empty(board.point(x, y).unwrap()));
    }
}
