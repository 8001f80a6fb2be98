//! Tic-tac-toe on the web: squares 1–9 row by row from the top left, the compact board
//! `x.o/.x./o..` as its FEN; the engine plays at the rules crate's levels
//! ([`qi_tictactoe::level_settings`]), as in the terminal.

use super::error::ApiError;
use super::games::{
    GameAdapter, GameRequest, ImportRequest, Imported, SearchDone, SearchInfo, SearchJob,
};
use qi_search::{Level, StopFlag};
use qi_tictactoe::{engine_move_at_level, level_settings, Board, EngineOptions, Mark, Square};
use serde_json::{json, Value};

/// The tic-tac-toe adapter.
pub struct TicTacToeAdapter;

fn side(mark: Mark) -> &'static str {
    match mark {
        Mark::X => "x",
        Mark::O => "o",
    }
}

fn parse_square(text: &str) -> Option<Square> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=9) => Some(n - 1),
        _ => None,
    }
}

fn parse_start(start: Option<&str>) -> Result<Board, ApiError> {
    match start {
        None => Ok(Board::empty()),
        Some(text) => text
            .parse::<Board>()
            .map_err(|e| ApiError::bad_request(format!("bad board '{text}': {e}"))),
    }
}

/// The board after the request's moves, with each move's square; errors say which move.
fn replay(request: &GameRequest) -> Result<(Board, Board, Vec<Square>), ApiError> {
    if !request.options.is_null() && request.options != json!({}) {
        return Err(ApiError::bad_request("tic-tac-toe takes no options"));
    }
    let start = parse_start(request.start.as_deref())?;
    let mut board = start;
    let mut squares = Vec::with_capacity(request.moves.len());
    for (ply, text) in request.moves.iter().enumerate() {
        let illegal = |why: &str| {
            ApiError::bad_request(format!("illegal move '{text}' (move {}): {why}", ply + 1))
        };
        let sq = parse_square(text).ok_or_else(|| illegal("squares are 1–9"))?;
        if board.is_over() {
            return Err(illegal("the game is already over"));
        }
        if board.get(sq).is_some() {
            return Err(illegal("the square is taken"));
        }
        board.place(sq);
        squares.push(sq);
    }
    Ok((start, board, squares))
}

fn status(board: &Board) -> Value {
    match (board.winner(), board.is_over()) {
        (Some(mark), _) => json!({
            "over": true,
            "winner": side(mark),
            "result": if mark == Mark::X { "1-0" } else { "0-1" },
            "reason": "three in a row",
            "message": format!("{mark} wins with three in a row"),
        }),
        (None, true) => json!({
            "over": true,
            "winner": null,
            "result": "1/2-1/2",
            "reason": "board full",
            "message": "Draw: the board is full",
        }),
        (None, false) => json!({
            "over": false,
            "winner": null,
            "result": null,
            "reason": null,
            "message": format!("{} to move", board.to_move()),
        }),
    }
}

fn move_list(squares: &[Square]) -> String {
    squares
        .iter()
        .map(|s| (s + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl GameAdapter for TicTacToeAdapter {
    fn id(&self) -> &'static str {
        "tictactoe"
    }

    fn info(&self) -> Value {
        json!({
            "id": "tictactoe",
            "name": "Tic-tac-toe",
            "sides": [{"id": "x", "name": "X"}, {"id": "o", "name": "O"}],
            "engine": true,
            "levels": (1..=10u8).filter_map(|n| Level::new(n).ok()).map(|level| {
                let s = level_settings(level);
                json!({"level": level.get(), "depth": s.depth, "mistake_rate": s.mistake_rate})
            }).collect::<Vec<_>>(),
            "options": [],
            "start": Board::empty().to_compact(),
            "notations": [{"id": "square", "name": "Squares 1–9"}],
            "import_formats": [
                {"id": "fen", "name": "Board (x.o/.x./o..)"},
                {"id": "moves", "name": "Move list (5 1 9)"},
            ],
            "export_formats": [
                {"id": "fen", "name": "Board"},
                {"id": "moves", "name": "Move list"},
            ],
            "eval_scale": 10,
        })
    }

    fn position(&self, request: &GameRequest) -> Result<Value, ApiError> {
        let (start, board, squares) = replay(request)?;
        let mut before = start;
        let moves: Vec<Value> = squares
            .iter()
            .map(|&sq| {
                let mover = before.to_move();
                before.place(sq);
                let text = (sq + 1).to_string();
                json!({"move": text, "side": side(mover), "notation": {"square": text}})
            })
            .collect();
        let legal: Vec<String> = if board.is_over() {
            Vec::new()
        } else {
            (0..9u8)
                .filter(|&sq| board.get(sq).is_none())
                .map(|sq| (sq + 1).to_string())
                .collect()
        };
        let cells: Vec<&str> = (0..9u8).map(|sq| board.get(sq).map_or("", side)).collect();
        Ok(json!({
            "game": "tictactoe",
            "options": {},
            "start": start.to_compact(),
            "fen": board.to_compact(),
            "to_move": side(board.to_move()),
            "first_to_move": board.to_move() == Mark::X,
            "ply": squares.len(),
            "moves": moves,
            "last_move": squares.last().map(|s| (s + 1).to_string()),
            "legal": legal,
            "check": false,
            "status": status(&board),
            "board": {"cells": cells, "line": board.winning_line()},
            "exports": {"fen": board.to_compact(), "moves": move_list(&squares)},
        }))
    }

    fn import(&self, request: &ImportRequest) -> Result<Imported, ApiError> {
        match request.format.as_str() {
            "fen" => {
                let board = parse_start(Some(request.text.trim()))?;
                Ok(Imported {
                    options: json!({}),
                    start: Some(board.to_compact()),
                    moves: Vec::new(),
                })
            }
            "moves" => {
                let moves: Vec<String> = request
                    .text
                    .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect();
                let imported = Imported {
                    options: json!({}),
                    start: None,
                    moves,
                };
                // Reading is replaying: an import that would not replay is refused now.
                replay(&GameRequest {
                    moves: imported.moves.clone(),
                    ..GameRequest::default()
                })?;
                Ok(imported)
            }
            other => Err(ApiError::bad_request(format!(
                "unknown import format '{other}' for tic-tac-toe (fen, moves)"
            ))),
        }
    }

    fn search(&self, request: &GameRequest, level: u8) -> Result<Box<dyn SearchJob>, ApiError> {
        let (_, board, _) = replay(request)?;
        if board.is_over() {
            return Err(ApiError::bad_request(
                "the game is over: there is no move to search",
            ));
        }
        Ok(Box::new(TicTacToeSearch { board, level }))
    }
}

struct TicTacToeSearch {
    board: Board,
    level: u8,
}

fn squares_text(squares: &[Square]) -> Vec<String> {
    squares.iter().map(|s| (s + 1).to_string()).collect()
}

impl SearchJob for TicTacToeSearch {
    fn first_to_move(&self) -> bool {
        self.board.to_move() == Mark::X
    }

    // The whole game tree is solved in milliseconds, so the stop flag has nothing to cut short.
    fn run(
        self: Box<Self>,
        _stop: StopFlag,
        report: &mut dyn FnMut(SearchInfo),
    ) -> Option<SearchDone> {
        let level = Level::new(self.level.clamp(1, 10)).unwrap_or(Level::MAX);
        let found = engine_move_at_level(self.board, &EngineOptions::default(), level, |info| {
            let pv = squares_text(info.pv);
            report(SearchInfo {
                depth: info.depth,
                score: info.score,
                pv_text: pv.join(" "),
                pv,
                nodes: info.stats.nodes,
            })
        })?;
        let square = found.square;
        let best_score = found.search.score;
        let chosen_score = found
            .search
            .root_moves
            .iter()
            .find(|&&(m, _)| m == square)
            .map_or(best_score, |&(_, s)| s);
        // A weaker level may settle for a near-best move; the page says so.
        let note =
            (chosen_score < best_score).then(|| format!("a near-best move (level {})", self.level));
        let score = Some(chosen_score);
        Some(SearchDone {
            best: (square + 1).to_string(),
            notation: (square + 1).to_string(),
            score,
            depth: found.search.stats.depth,
            nodes: found.search.stats.nodes,
            note,
            alternatives: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(moves: &[&str]) -> GameRequest {
        GameRequest {
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..GameRequest::default()
        }
    }

    #[test]
    fn a_won_game_reports_the_line_and_no_legal_moves() {
        let p = TicTacToeAdapter
            .position(&request(&["1", "4", "2", "5", "3"]))
            .unwrap();
        assert_eq!(p["status"]["winner"], "x");
        assert_eq!(p["board"]["line"], json!([0, 1, 2]));
        assert_eq!(p["legal"], json!([]));
        assert_eq!(p["fen"], "xxx/oo./...");
    }

    #[test]
    fn moves_after_the_end_or_on_taken_squares_are_illegal() {
        let over = TicTacToeAdapter.position(&request(&["1", "4", "2", "5", "3", "6"]));
        assert!(over.unwrap_err().message.contains("already over"));
        let taken = TicTacToeAdapter.position(&request(&["5", "5"]));
        assert!(taken.unwrap_err().message.contains("taken"));
        let zero = TicTacToeAdapter.position(&request(&["0"]));
        assert!(zero.unwrap_err().message.contains("1–9"));
    }

    #[test]
    fn level_ten_takes_the_win() {
        let job = TicTacToeAdapter
            .search(&request(&["1", "4", "2", "5"]), 10)
            .unwrap();
        let done = job.run(StopFlag::new(), &mut |_| {}).unwrap();
        assert_eq!(done.best, "3");
        assert!(done.note.is_none());
    }
}
