//! The games the page offers: the one place that names every adapter (the adapters depend on
//! [`super::games`], never the other way round). A new game adds its line here.

use super::games::GameRegistry;
use std::sync::Arc;

impl GameRegistry {
    /// Every game Qi ships.
    pub fn standard() -> Self {
        let mut registry = Self::new();
        registry.add(Arc::new(super::connect4::Connect4Adapter));
        registry.add(Arc::new(super::gomoku::GomokuAdapter));
        registry.add(Arc::new(super::tictactoe::TicTacToeAdapter));
        registry.add(Arc::new(super::xiangqi::XiangqiAdapter));
        registry
    }
}
