//! The Xiangqi engine behind the web page at the engine's own levels
//! ([`qi_xiangqi_engine::level::settings`]: depth, nodes, a share of the page's time, and a
//! human-like choice among near-best moves below level 8), played by the engine's
//! [`think`], as in the terminal and the protocols.

use super::games::{Alternative, SearchDone, SearchInfo, SearchJob};
use qi_search::StopFlag;
use qi_xiangqi::{Color, Move, Position};
use qi_xiangqi_engine::level::{settings as level_settings, Level, Rng};
use qi_xiangqi_engine::play::think;
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::{Engine, EngineOptions, Info, SearchRequest, TimeBudget};
use std::time::Duration;

/// The longest any web search may think: level 10 has no depth or node cap, so this is
/// what bounds it.
pub const MAX_MOVETIME_MS: u64 = 4_000;

/// The table size of one web search; small, since each search gets a fresh engine.
const HASH_MB: usize = 16;

/// The wall-clock cap of a level: its share of [`MAX_MOVETIME_MS`].
pub fn movetime_ms(level: u8) -> u64 {
    let level = Level::new(level.clamp(1, 10)).unwrap_or(Level::MAX);
    (MAX_MOVETIME_MS as f64 * level_settings(level).time_share) as u64
}

/// One search of a Xiangqi position at one level.
pub struct XiangqiSearch {
    position: Position,
    history: Vec<HistEntry>,
    level: u8,
    alternatives: usize,
}

impl XiangqiSearch {
    /// A search of `position` (reached through `history`) at `level` (1–10).
    pub fn new(position: Position, history: Vec<HistEntry>, level: u8) -> Self {
        XiangqiSearch {
            position,
            history,
            level: level.clamp(1, 10),
            alternatives: 0,
        }
    }

    /// Also scores the best `n` root moves exactly (a full window at the root, so it costs
    /// more nodes per depth); 0 leaves the search as it was.
    pub fn with_alternatives(mut self, n: usize) -> Self {
        self.alternatives = n;
        self
    }
}

/// A line of moves in Chinese notation, each written in the position it is played in.
fn chinese_line(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        if !pos.is_legal(mv) {
            break;
        }
        words.push(pos.to_chinese(mv).unwrap_or_else(|| mv.to_iccs()));
        pos.make_move(mv);
    }
    words.join(" ")
}

impl SearchJob for XiangqiSearch {
    fn first_to_move(&self) -> bool {
        self.position.side_to_move() == Color::Red
    }

    fn run(
        self: Box<Self>,
        stop: StopFlag,
        report: &mut dyn FnMut(SearchInfo),
    ) -> Option<SearchDone> {
        let cap = Duration::from_millis(MAX_MOVETIME_MS);
        let request = SearchRequest {
            position: self.position.clone(),
            history: self.history,
            time: TimeBudget {
                soft: Some(cap),
                hard: Some(cap),
            },
            all_root_scores: self.alternatives > 0,
            ..SearchRequest::default()
        };
        let engine = Engine::new(EngineOptions {
            hash_mb: HASH_MB,
            threads: 1,
        });
        let position = &self.position;
        let (chosen, result) = think(
            &engine,
            request,
            Some(self.level),
            &mut Rng::from_time(),
            &stop,
            |info: &Info| {
                report(SearchInfo {
                    depth: info.depth,
                    score: info.score,
                    pv: info.pv.iter().map(|m| m.to_iccs()).collect(),
                    pv_text: chinese_line(position, &info.pv),
                    nodes: info.nodes,
                })
            },
        );
        let best = result.best?;
        let chosen = chosen.unwrap_or(best);
        let (score, note) = if chosen == best {
            (result.score, None)
        } else {
            let score = result
                .root_scores
                .iter()
                .find(|&&(m, _)| m == chosen)
                .map_or(result.score, |&(_, s)| s);
            let note = format!(
                "level {}: played {} instead of the engine's best {}",
                self.level,
                position
                    .to_chinese(chosen)
                    .unwrap_or_else(|| chosen.to_iccs()),
                position.to_chinese(best).unwrap_or_else(|| best.to_iccs()),
            );
            (score, Some(note))
        };
        let mut ranked = result.root_scores.clone();
        ranked.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let alternatives = ranked
            .into_iter()
            .take(self.alternatives)
            .map(|(mv, score)| Alternative {
                best: mv.to_iccs(),
                notation: position.to_chinese(mv).unwrap_or_else(|| mv.to_iccs()),
                score,
            })
            .collect();
        Some(SearchDone {
            alternatives,
            best: chosen.to_iccs(),
            notation: position
                .to_chinese(chosen)
                .unwrap_or_else(|| chosen.to_iccs()),
            score: Some(score),
            depth: result.stats.depth,
            nodes: result.stats.nodes,
            note,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_capped_in_time() {
        for level in 1..=10 {
            assert!(movetime_ms(level) <= MAX_MOVETIME_MS);
        }
        assert_eq!(movetime_ms(10), MAX_MOVETIME_MS);
    }

    #[test]
    fn alternatives_are_distinct_legal_moves_best_first_led_by_the_best() {
        let pos = Position::startpos();
        let job = Box::new(XiangqiSearch::new(pos.clone(), Vec::new(), 3).with_alternatives(3));
        let done = job.run(StopFlag::new(), &mut |_| {}).unwrap();
        assert_eq!(done.alternatives.len(), 3);
        let moves: Vec<&str> = done.alternatives.iter().map(|a| a.best.as_str()).collect();
        assert!(moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2]);
        for a in &done.alternatives {
            assert!(pos.is_legal(pos.parse_move(&a.best).unwrap()), "{}", a.best);
        }
        assert!(done
            .alternatives
            .windows(2)
            .all(|w| w[0].score >= w[1].score));
        // The level may play a near-best move; none scores above the first alternative.
        assert!(done.alternatives[0].score >= done.score.unwrap());
    }

    #[test]
    fn a_low_level_search_returns_a_legal_move_and_reports_progress() {
        let pos = Position::startpos();
        let job = Box::new(XiangqiSearch::new(pos.clone(), Vec::new(), 2));
        let mut infos = 0;
        let done = job.run(StopFlag::new(), &mut |_| infos += 1).unwrap();
        assert!(infos > 0);
        let mv = pos.parse_move(&done.best).unwrap();
        assert!(pos.is_legal(mv));
    }
}
