//! Connect Four on the web: moves are columns `1`–`7` from the left, a game is its move
//! list from the empty board (no start position), and levels are the rules crate's
//! ([`qi_connect4::level_settings`]).

use super::error::ApiError;
use super::games::{
    GameAdapter, GameRequest, ImportRequest, Imported, SearchDone, SearchInfo, SearchJob,
};
use qi_connect4::{
    engine_move, format_moves, level_settings, Board, Cell, Column, Disc, EngineOptions, GameEnd,
    HEIGHT, WIDTH,
};
use qi_search::{Level, StopFlag};
use serde_json::{json, Value};

/// The Connect Four adapter.
pub struct Connect4Adapter;

fn side(disc: Disc) -> &'static str {
    match disc {
        Disc::Red => "red",
        Disc::Yellow => "yellow",
    }
}

fn column_text(col: Column) -> String {
    (col + 1).to_string()
}

fn cell_json(cell: Cell) -> Value {
    json!([cell.column, cell.row])
}

/// The board after the request's moves, with each move's column; errors say which move.
fn replay(request: &GameRequest) -> Result<(Board, Vec<Column>), ApiError> {
    if !request.options.is_null() && request.options != json!({}) {
        return Err(ApiError::bad_request("connect four takes no options"));
    }
    if request.start.is_some() {
        return Err(ApiError::bad_request(
            "connect four has no start position: a game is its move list",
        ));
    }
    let mut board = Board::empty();
    let mut columns = Vec::with_capacity(request.moves.len());
    for (ply, text) in request.moves.iter().enumerate() {
        let illegal = |why: String| {
            ApiError::bad_request(format!("illegal move '{text}' (move {}): {why}", ply + 1))
        };
        let col = match text.trim().parse::<u8>() {
            Ok(n @ 1..=7) => n - 1,
            _ => return Err(illegal("columns are 1–7".into())),
        };
        board.play(col).map_err(|e| illegal(e.to_string()))?;
        columns.push(col);
    }
    Ok((board, columns))
}

fn status(board: &Board) -> Value {
    match board.end() {
        Some(end @ GameEnd::Four { winner, .. }) => json!({
            "over": true,
            "winner": side(winner),
            "result": if winner == Disc::Red { "1-0" } else { "0-1" },
            "reason": end.reason_id(),
            "message": format!("{end}"),
        }),
        Some(end @ GameEnd::Full) => json!({
            "over": true,
            "winner": null,
            "result": "1/2-1/2",
            "reason": end.reason_id(),
            "message": "Draw: the board is full",
        }),
        None => json!({
            "over": false,
            "winner": null,
            "result": null,
            "reason": null,
            "message": format!("{} to move", board.to_move()),
        }),
    }
}

/// The cells as rows from the top, each `red`, `yellow` or empty.
fn rows(board: &Board) -> Vec<Vec<&'static str>> {
    (0..HEIGHT)
        .rev()
        .map(|row| {
            (0..WIDTH)
                .map(|column| board.get(Cell { column, row }).map_or("", side))
                .collect()
        })
        .collect()
}

impl GameAdapter for Connect4Adapter {
    fn id(&self) -> &'static str {
        "connect4"
    }

    fn info(&self) -> Value {
        let levels: Vec<Value> = (1..=10u8)
            .filter_map(|n| Level::new(n).ok())
            .map(|level| {
                let s = level_settings(level);
                json!({"level": level.get(), "depth": s.depth, "nodes": s.nodes})
            })
            .collect();
        json!({
            "id": "connect4",
            "name": "Connect Four",
            "sides": [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"}],
            "engine": true,
            "levels": levels,
            "options": [],
            "start": null,
            "notations": [{"id": "column", "name": "Columns 1–7"}],
            "import_formats": [{"id": "moves", "name": "Move record (4453)"}],
            "export_formats": [{"id": "moves", "name": "Move record"}],
            "eval_scale": 20,
        })
    }

    fn position(&self, request: &GameRequest) -> Result<Value, ApiError> {
        let (board, columns) = replay(request)?;
        let moves: Vec<Value> = columns
            .iter()
            .enumerate()
            .map(|(ply, &col)| {
                let mover = if ply % 2 == 0 {
                    Disc::Red
                } else {
                    Disc::Yellow
                };
                let text = column_text(col);
                json!({"move": text, "side": side(mover), "notation": {"column": text}})
            })
            .collect();
        let legal: Vec<String> = board.legal_columns().into_iter().map(column_text).collect();
        let last_cell = columns.last().map(|&col| {
            cell_json(Cell {
                column: col,
                row: board.height(col).saturating_sub(1),
            })
        });
        Ok(json!({
            "game": "connect4",
            "options": {},
            "start": null,
            "to_move": side(board.to_move()),
            "first_to_move": board.to_move() == Disc::Red,
            "ply": columns.len(),
            "moves": moves,
            "last_move": columns.last().map(|&c| column_text(c)),
            "legal": legal,
            "check": false,
            "status": status(&board),
            "board": {
                "columns": WIDTH,
                "rows": HEIGHT,
                "cells": rows(&board),
                "last": last_cell,
                "line": board.winning_four().map(|cells| cells.map(cell_json)),
            },
            "exports": {"moves": format_moves(&columns)},
        }))
    }

    fn import(&self, request: &ImportRequest) -> Result<Imported, ApiError> {
        match request.format.as_str() {
            "moves" => {
                let columns = qi_connect4::parse_moves(&request.text)
                    .map_err(|e| ApiError::bad_request(format!("bad move record: {e}")))?;
                let imported = Imported {
                    options: json!({}),
                    start: None,
                    moves: columns.into_iter().map(column_text).collect(),
                };
                // Reading is replaying: an import that would not replay is refused now.
                replay(&GameRequest {
                    moves: imported.moves.clone(),
                    ..GameRequest::default()
                })?;
                Ok(imported)
            }
            other => Err(ApiError::bad_request(format!(
                "unknown import format '{other}' for connect four (moves)"
            ))),
        }
    }

    fn search(&self, request: &GameRequest, level: u8) -> Result<Box<dyn SearchJob>, ApiError> {
        let (board, _) = replay(request)?;
        if board.is_over() {
            return Err(ApiError::bad_request(
                "the game is over: there is no move to search",
            ));
        }
        let level = Level::new(level).map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok(Box::new(Connect4Search { board, level }))
    }
}

struct Connect4Search {
    board: Board,
    level: Level,
}

impl SearchJob for Connect4Search {
    fn first_to_move(&self) -> bool {
        self.board.to_move() == Disc::Red
    }

    fn run(
        self: Box<Self>,
        stop: StopFlag,
        report: &mut dyn FnMut(SearchInfo),
    ) -> Option<SearchDone> {
        let options = EngineOptions {
            level: self.level,
            stop,
            ..EngineOptions::default()
        };
        let choice = engine_move(self.board, &options, |info| {
            let pv: Vec<String> = info.pv.iter().map(|&c| column_text(c)).collect();
            report(SearchInfo {
                depth: info.depth,
                score: info.score,
                pv_text: pv.join(" "),
                pv,
                nodes: info.stats.nodes,
            })
        })?;
        let text = column_text(choice.column);
        Some(SearchDone {
            best: text.clone(),
            notation: text,
            score: (!choice.casual).then_some(choice.search.score),
            depth: choice.search.stats.depth,
            nodes: choice.search.stats.nodes,
            note: choice
                .casual
                .then(|| format!("a near-best move (level {})", self.level)),
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
    fn a_won_game_reports_the_four_and_no_legal_moves() {
        let p = Connect4Adapter
            .position(&request(&["1", "2", "1", "2", "1", "2", "1"]))
            .unwrap();
        assert_eq!(p["status"]["winner"], "red");
        assert_eq!(p["status"]["reason"], "four_in_a_row");
        assert_eq!(p["board"]["line"], json!([[0, 0], [0, 1], [0, 2], [0, 3]]));
        assert_eq!(p["board"]["last"], json!([0, 3]));
        assert_eq!(p["legal"], json!([]));
        assert_eq!(p["exports"]["moves"], "1212121");
        assert_eq!(p["board"]["cells"][5][0], "red");
    }

    #[test]
    fn full_columns_moves_after_the_end_and_bad_columns_are_illegal() {
        let full = Connect4Adapter.position(&request(&["1"; 7]));
        assert!(full.unwrap_err().message.contains("column 1 is full"));
        let over = Connect4Adapter.position(&request(&["1", "2", "1", "2", "1", "2", "1", "3"]));
        assert!(over.unwrap_err().message.contains("already over"));
        let zero = Connect4Adapter.position(&request(&["8"]));
        assert!(zero.unwrap_err().message.contains("1–7"));
        let start = GameRequest {
            start: Some("x".into()),
            ..GameRequest::default()
        };
        assert!(Connect4Adapter.position(&start).is_err());
    }

    #[test]
    fn level_ten_takes_the_win() {
        let job = Connect4Adapter
            .search(&request(&["1", "1", "2", "2", "3", "3"]), 10)
            .unwrap();
        let done = job.run(StopFlag::new(), &mut |_| {}).unwrap();
        assert_eq!(done.best, "4");
        assert!(done.note.is_none());
    }
}
