//! What every request handler shares: the games on offer and the search slots.

use super::games::GameRegistry;
use super::limits::SearchSlots;
use std::sync::Arc;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The games on offer.
    pub games: Arc<GameRegistry>,
    /// The search slots and counts.
    pub slots: Arc<SearchSlots>,
}

impl AppState {
    /// State for these games with at most `max_searches` searches at once.
    pub fn new(games: GameRegistry, max_searches: usize) -> Self {
        AppState {
            games: Arc::new(games),
            slots: Arc::new(SearchSlots::new(max_searches)),
        }
    }
}
