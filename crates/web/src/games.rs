//! The game-adapter abstraction: each game plugs its rules, notation and engine into the
//! server through [`GameAdapter`], so the HTTP layer never knows a game's details.

use super::error::ApiError;
use qi_search::StopFlag;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The body of a position or search request: a start position and the moves since.
///
/// The server keeps no games: the page sends the whole game each time, so an undo is just
/// a shorter list and a reload loses nothing the page did not keep.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// Game options (gomoku: rule and board size); `null` for the defaults.
    #[serde(default)]
    pub options: Value,
    /// The start position in the game's FEN-like notation; the usual start when absent.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played from `start`, in the game's API notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The engine level 1–10 (searches only).
    #[serde(default)]
    pub level: Option<u8>,
    /// The engine's clock (searches only): the move's time is then derived from it, within
    /// the level's own cap.
    #[serde(default)]
    pub clock: Option<super::clock::Clock>,
    /// How many of the best root moves to score exactly (searches only, 1–5; the analysis
    /// mode's lines); games that cannot give them answer with the best move alone.
    #[serde(default)]
    pub lines: Option<u8>,
}

/// The body of an import request: a position or a game record as text.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// One of the game's import formats (see `GET /api/games`).
    pub format: String,
    /// The text to read.
    pub text: String,
    /// Game options, for games where the text does not say them.
    #[serde(default)]
    pub options: Value,
}

/// What an import yields: a request the page can send on as it is.
#[derive(Clone, Debug, Serialize)]
pub struct Imported {
    /// The game options the record implies.
    pub options: Value,
    /// The start position (`None`: the usual start).
    pub start: Option<String>,
    /// The moves in API notation.
    pub moves: Vec<String>,
}

/// One step of the engine's iterative deepening, already in the game's notation.
#[derive(Clone, Debug, Serialize)]
pub struct SearchInfo {
    /// The completed depth.
    pub depth: u32,
    /// The score for the side to move (engine units; decisive scores encode distance).
    pub score: i32,
    /// The principal variation in API notation.
    pub pv: Vec<String>,
    /// The principal variation as people write it.
    pub pv_text: String,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// The engine's answer.
#[derive(Clone, Debug, Serialize)]
pub struct SearchDone {
    /// The chosen move in API notation.
    pub best: String,
    /// The chosen move as people write it.
    pub notation: String,
    /// The last score for the side to move (`None` when the move was not searched).
    pub score: Option<i32>,
    /// The deepest completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Why this move, when it is not simply the search's best (weak levels play casually).
    pub note: Option<String>,
    /// The best root moves with their exact scores, best first, when `lines` was asked for
    /// and the game's engine can give them; empty otherwise.
    pub alternatives: Vec<Alternative>,
}

/// A root move and its exact score at the deepest completed depth.
#[derive(Clone, Debug, Serialize)]
pub struct Alternative {
    /// The move in API notation.
    pub best: String,
    /// The move as people write it.
    pub notation: String,
    /// Its score for the side to move.
    pub score: i32,
}

/// The most root moves a search scores exactly on request.
pub const MAX_LINES: u8 = 5;

/// Reads the `lines` of a search request: absent, or 1 to [`MAX_LINES`].
pub fn parse_lines(lines: Option<u8>) -> Result<usize, ApiError> {
    match lines {
        None => Ok(0),
        Some(n @ 1..=MAX_LINES) => Ok(usize::from(n)),
        Some(n) => Err(ApiError::bad_request(format!(
            "lines {n} is out of range (1–{MAX_LINES})"
        ))),
    }
}

/// A search ready to run on a blocking thread.
pub trait SearchJob: Send {
    /// Whether the first player (X, Black in gomoku, Red in Xiangqi) is to move, so scores
    /// can also be given from one fixed side for the evaluation bar.
    fn first_to_move(&self) -> bool;

    /// Runs the search until its limits or `stop`, reporting each iteration; `None` when
    /// there is no move to make (the game is over).
    fn run(
        self: Box<Self>,
        stop: StopFlag,
        report: &mut dyn FnMut(SearchInfo),
    ) -> Option<SearchDone>;
}

/// One game the server offers.
pub trait GameAdapter: Send + Sync {
    /// The identifier used in URLs (`tictactoe`, `xiangqi`, …).
    fn id(&self) -> &'static str;

    /// What the page needs to offer the game: name, sides, options, formats, engine.
    fn info(&self) -> Value;

    /// Replays a game and describes the result: board, side to move, legal moves, status,
    /// move list in every notation, exports. Errors name the bad field or move.
    fn position(&self, request: &GameRequest) -> Result<Value, ApiError>;

    /// Reads a position or a game record.
    fn import(&self, request: &ImportRequest) -> Result<Imported, ApiError>;

    /// Prepares the engine's search for the position at `level` (1–10); fails when the game
    /// is over, has no engine, or the request is bad.
    fn search(&self, request: &GameRequest, level: u8) -> Result<Box<dyn SearchJob>, ApiError>;
}

/// The games on offer, by id.
#[derive(Clone, Default)]
pub struct GameRegistry {
    games: BTreeMap<&'static str, Arc<dyn GameAdapter>>,
}

impl GameRegistry {
    /// An empty registry (tests add their own games).
    pub fn new() -> Self {
        Self::default()
    }

    /// Every game Qi ships.
    pub fn standard() -> Self {
        let mut registry = Self::new();
        registry.add(Arc::new(super::connect4::Connect4Adapter));
        registry.add(Arc::new(super::gomoku::GomokuAdapter));
        registry.add(Arc::new(super::tictactoe::TicTacToeAdapter));
        registry.add(Arc::new(super::xiangqi::XiangqiAdapter));
        registry
    }

    /// Adds (or replaces) a game.
    pub fn add(&mut self, game: Arc<dyn GameAdapter>) {
        self.games.insert(game.id(), game);
    }

    /// The game with this id, or a 404 naming the known ones.
    pub fn get(&self, id: &str) -> Result<Arc<dyn GameAdapter>, ApiError> {
        self.games.get(id).cloned().ok_or_else(|| {
            let known: Vec<&str> = self.games.keys().copied().collect();
            ApiError::not_found(format!("unknown game '{id}' (known: {})", known.join(", ")))
        })
    }

    /// All games, in id order.
    pub fn all(&self) -> impl Iterator<Item = &Arc<dyn GameAdapter>> {
        self.games.values()
    }
}

/// Reads the level of a search request: required, 1–10.
pub fn parse_level(level: Option<u8>) -> Result<u8, ApiError> {
    match level {
        Some(l @ 1..=10) => Ok(l),
        Some(l) => Err(ApiError::bad_request(format!(
            "level {l} is out of range (1–10)"
        ))),
        None => Err(ApiError::bad_request("a search needs a level (1–10)")),
    }
}
