//! What each level 1–10 ([`qi_search::Level`]) means for the gomoku engine, in one place:
//! the engine, `qi play`/`qi move`, Gomocup and the web page all read [`level_settings`].

use crate::params::{
    DEFAULT_NODES, LEVEL_FULL_DEPTH, LEVEL_MARGIN_STEP, MIN_DEFAULT_NODES, MIN_THREAT_SHARE,
    ROOT_VCF_MIN_LEVEL, ROOT_VCT_MIN_LEVEL,
};
use qi_search::{Level, Score};

/// The gomoku engine at one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// The level.
    pub level: Level,
    /// Depth cap of the main search (`None`: the caller's limits alone, at level 10).
    pub depth: Option<u32>,
    /// Node cap of the main search below level 10, whatever else the caller gives: two
    /// million halved per level below 10 (at least 2,000). `None` at level 10.
    pub nodes: Option<u64>,
    /// Share of the caller's time the main search spends (1.0 at level 10).
    pub time_share: f64,
    /// Share of the threat searches' node budgets.
    pub threat_share: f64,
    /// Looks for a win by continuous fours (VCF) at the root.
    pub vcf: bool,
    /// Looks for a win by threes and fours (VCT) at the root.
    pub vct: bool,
    /// Near-best moves within this many points of the best may be played instead.
    pub margin: Score,
    /// The chance of playing such a near-best move ([`Level::mistake_rate`]).
    pub mistake_rate: f64,
}

/// What `level` means for the gomoku engine. Every level plays a five and blocks one.
pub fn level_settings(level: Level) -> LevelSettings {
    let full = level == Level::MAX;
    LevelSettings {
        level,
        depth: (!full).then(|| level.depth(LEVEL_FULL_DEPTH)),
        nodes: (!full)
            .then(|| ((DEFAULT_NODES as f64 * level.budget()) as u64).max(MIN_DEFAULT_NODES)),
        time_share: if full { 1.0 } else { level.time_share() },
        threat_share: level.budget().max(MIN_THREAT_SHARE),
        vcf: level.get() >= ROOT_VCF_MIN_LEVEL,
        vct: level.get() >= ROOT_VCT_MIN_LEVEL,
        margin: if full {
            0
        } else {
            LEVEL_MARGIN_STEP * Score::from(10 - level.get())
        },
        mistake_rate: level.mistake_rate(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_does_at_least_as_much_as_the_one_below() {
        let all: Vec<LevelSettings> = (1..=10)
            .map(|n| level_settings(Level::new(n).unwrap()))
            .collect();
        for pair in all.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(b.depth.unwrap_or(u32::MAX) >= a.depth.unwrap_or(u32::MAX));
            assert!(b.nodes.unwrap_or(u64::MAX) >= a.nodes.unwrap_or(u64::MAX));
            assert!(b.time_share >= a.time_share && b.margin <= a.margin);
            assert!(b.mistake_rate <= a.mistake_rate);
        }
        let top = all[9];
        assert_eq!(
            (top.depth, top.nodes, top.time_share, top.margin),
            (None, None, 1.0, 0)
        );
        assert!(!all[0].vcf && all[1].vcf && !all[3].vct && all[4].vct);
    }
}
