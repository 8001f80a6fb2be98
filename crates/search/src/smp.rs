//! Multi-threaded search (Lazy SMP): threads search the same position and share the
//! transposition table; the main thread's result is returned.

use crate::game::Game;
use crate::limits::{Limits, StopFlag};
use crate::search::{IterationInfo, SearchConfig, SearchResult, Searcher};
use crate::tt::TranspositionTable;
use std::sync::Arc;

/// Searches `game` with `config.threads` threads. Helper threads start at staggered
/// depths so they fill the shared table ahead of the main thread; they stop when it does.
/// Statistics are summed over all threads.
pub fn search_parallel<G>(
    game: &G,
    config: &SearchConfig,
    limits: &Limits,
    on_iteration: impl FnMut(&IterationInfo<'_, G::Move>),
) -> SearchResult<G::Move>
where
    G: Game + Sync,
    G::Move: Send,
{
    let threads = config.threads.max(1);
    let tt = Arc::new(TranspositionTable::new(config.tt_megabytes.max(1)));
    let mut main = Searcher::with_table(config.clone(), Some(tt.clone()));
    if threads == 1 || !config.algorithm.prunes() {
        return main.search_with_info(game, limits, on_iteration);
    }
    let helpers_stop = StopFlag::new();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|i| {
                let helper_config = SearchConfig {
                    seed: Some(config.seed.unwrap_or(0).wrapping_add(i as u64)),
                    collect_ties: false,
                    random_ties: false,
                    ..config.clone()
                };
                let helper_limits = Limits {
                    stop: helpers_stop.clone(),
                    ..limits.clone()
                };
                let tt = tt.clone();
                scope.spawn(move || {
                    let mut searcher = Searcher::with_table(helper_config, Some(tt));
                    searcher.set_first_depth(1 + (i as u32 % 2));
                    searcher.search(game, &helper_limits)
                })
            })
            .collect();
        let mut result = main.search_with_info(game, limits, on_iteration);
        helpers_stop.stop();
        for helper in helpers {
            if let Ok(r) = helper.join() {
                let depth = result.stats.depth;
                result.stats.absorb(&r.stats);
                result.stats.depth = depth;
            }
        }
        result
    })
}
