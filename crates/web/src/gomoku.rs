//! Gomoku on the web: freestyle, standard and renju rules on boards 5–22 (15 by default),
//! points written `h8` (a letter column from the left, a row number from the bottom), no
//! start positions (a game is its move list), move lists and SGF for records, and the
//! engine's own levels under a time cap.
//!
//! Every ruling is the game crate's ([`qi_gomoku::GameEnd`]): under renju a forbidden point
//! played by Black loses, and Black with only forbidden points left has lost. The page marks
//! Black's forbidden points and leaves them out of `legal`, so a player does not click one by
//! accident; a move list that plays one is a lost game, not a refused request.

use super::error::ApiError;
use super::games::{GameAdapter, GameRequest, ImportRequest, Imported, SearchJob};
use super::gomoku_search::{self as search, GomokuSearch};
use super::gomoku_sgf as sgf;
use qi_gomoku::{
    format_point, format_xy, parse_move, play_checked, winning_line, Board, Color, Foul, GameEnd,
    Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE,
};
use serde_json::{json, Map, Value};

/// The gomoku adapter.
pub struct GomokuAdapter;

/// The sizes the page offers (any size 5–22 is accepted).
pub const OFFERED_SIZES: [usize; 3] = [15, 19, 20];

pub use super::gomoku_model::{parse_options, End, Options};

/// A replayed game: the board, each move's point, and the end if it came.
pub struct Replayed {
    /// The options it was played under.
    pub options: Options,
    /// The board after every move.
    pub board: Board,
    /// The points played, in order.
    pub points: Vec<Point>,
    /// How the game ended.
    pub end: Option<End>,
    /// Black's forbidden points now, with the foul (renju, Black to move, game not over).
    pub forbidden: Vec<(Point, Foul)>,
}

fn side(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Replays `moves` under `options` from the empty board; an error names the move and why.
pub fn replay_moves(options: Options, moves: &[String]) -> Result<Replayed, ApiError> {
    let mut board =
        Board::new(options.size, options.rule).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let mut points = Vec::with_capacity(moves.len());
    let mut end: Option<End> = None;
    let n = options.size;
    for (ply, text) in moves.iter().enumerate() {
        let bad = |why: String| {
            ApiError::bad_request(format!("illegal move '{text}' (move {}): {why}", ply + 1))
        };
        if let Some(end) = &end {
            return Err(bad(format!(
                "the game is already over ({})",
                end.describe()
            )));
        }
        let (x, y) = parse_move(text)
            .map_err(|_| bad("points are a letter and a row number, like h8".into()))?;
        let p = board.point(x, y).ok_or_else(|| {
            bad(format!(
                "off the {n}×{n} board (columns a–{}, rows 1–{n})",
                (b'a' + n as u8 - 1) as char
            ))
        })?;
        let name = format_point(p);
        if !board.is_empty(p) {
            return Err(bad(format!("{name} is already taken")));
        }
        // The game crate rules the move: a renju foul is played and loses, as everywhere.
        let result = play_checked(&mut board, x, y).map_err(|e| bad(e.to_string()))?;
        points.push(p);
        end = result.end().map(|ruling| End {
            line: match ruling {
                GameEnd::Won(_) => winning_line(&board).map_or_else(Vec::new, |(_, line)| line),
                _ => Vec::new(),
            },
            ruling,
        });
    }
    let forbidden = if end.is_none() && board.to_move() == Color::Black {
        qi_gomoku::forbidden_points(&board)
    } else {
        Vec::new()
    };
    Ok(Replayed {
        options,
        board,
        points,
        end,
        forbidden,
    })
}

/// Replays a request: options, no start position, the moves.
pub fn replay(request: &GameRequest) -> Result<Replayed, ApiError> {
    let options = parse_options(&request.options)?;
    if request
        .start
        .as_deref()
        .is_some_and(|s| !s.trim().is_empty())
    {
        return Err(ApiError::bad_request(
            "gomoku games start from the empty board: send the moves, not a start position",
        ));
    }
    replay_moves(options, &request.moves)
}

fn status(replayed: &Replayed) -> Value {
    let Some(end) = &replayed.end else {
        let mover = replayed.board.to_move();
        let note = if !replayed.forbidden.is_empty() {
            " (forbidden points marked ×)"
        } else {
            ""
        };
        return json!({
            "over": false, "winner": null, "result": null, "reason": null,
            "message": format!("{} to move{note}", color_name(mover)),
        });
    };
    let winner = end.winner();
    let message = match winner {
        Some(c) => format!("{} wins with {}", color_name(c), end.describe()),
        None => format!("Draw: {}", end.describe()),
    };
    let message = match end.ruling {
        GameEnd::NoPointForBlack | GameEnd::Foul(_) => {
            format!("White wins: {} (renju)", end.describe())
        }
        _ => message,
    };
    json!({
        "over": true,
        "winner": winner.map(side),
        "result": match winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        },
        "reason": end.reason(),
        "message": message,
    })
}

/// The move list as text: `h8 i9 h9`.
pub fn move_list(points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| format_point(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn board_json(replayed: &Replayed) -> Value {
    let board = &replayed.board;
    let mut stones = Vec::with_capacity(replayed.points.len());
    for y in (0..board.size()).rev() {
        for x in 0..board.size() {
            if let Some(color) = board.point(x as i64, y as i64).and_then(|p| board.stone(p)) {
                stones.push(json!({"point": format_xy(x, y), "side": side(color)}));
            }
        }
    }
    let line = match &replayed.end {
        Some(End { line, .. }) if !line.is_empty() => {
            json!(line.iter().map(|&p| format_point(p)).collect::<Vec<_>>())
        }
        _ => Value::Null,
    };
    let shown: &[(Point, Foul)] = if replayed.end.is_none() {
        &replayed.forbidden
    } else {
        &[]
    };
    let mut fouls = Map::new();
    for &(p, foul) in shown {
        fouls.insert(format_point(p), json!(foul.to_string()));
    }
    json!({
        "size": board.size(),
        "rule": board.rule().name(),
        "stones": stones,
        "line": line,
        "forbidden": shown.iter().map(|&(p, _)| format_point(p)).collect::<Vec<_>>(),
        "fouls": fouls,
    })
}

fn option_info() -> Value {
    json!([
        {
            "id": "rule",
            "name": "Rule",
            "default": "freestyle",
            "values": [
                {"id": "freestyle", "name": "Freestyle", "description": "five or more in a row wins"},
                {"id": "standard", "name": "Standard", "description": "exactly five wins; an overline does not"},
                {"id": "renju", "name": "Renju", "description": "Black may not play a double three, a double four or an overline"},
            ],
        },
        {
            "id": "size",
            "name": "Board",
            "default": DEFAULT_SIZE,
            "min": MIN_SIZE,
            "max": MAX_SIZE,
            "values": OFFERED_SIZES.iter().map(|&n| json!({"id": n, "name": format!("{n}×{n}")})).collect::<Vec<_>>(),
        },
    ])
}

fn import_moves(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ';')
        .filter(|t| !t.is_empty())
        // Move numbers (`1.`, `12.`) may sit between the moves.
        .filter(|t| !(t.ends_with('.') && t[..t.len() - 1].chars().all(|c| c.is_ascii_digit())))
        .map(str::to_string)
        .collect()
}

impl GameAdapter for GomokuAdapter {
    fn id(&self) -> &'static str {
        "gomoku"
    }

    fn info(&self) -> Value {
        json!({
            "id": "gomoku",
            "name": "Gomoku",
            "sides": [{"id": "black", "name": "Black"}, {"id": "white", "name": "White"}],
            "engine": true,
            "levels": search::levels(),
            "options": option_info(),
            "start": null,
            "notations": [{"id": "point", "name": "h8"}],
            "import_formats": [
                {"id": "moves", "name": "Move list (h8 i9 h9)"},
                {"id": "sgf", "name": "SGF (GM[4])"},
            ],
            "export_formats": [
                {"id": "moves", "name": "Move list"},
                {"id": "sgf", "name": "SGF"},
            ],
            "eval_scale": search::EVAL_SCALE,
        })
    }

    fn position(&self, request: &GameRequest) -> Result<Value, ApiError> {
        let replayed = replay(request)?;
        let board = &replayed.board;
        let moves: Vec<Value> = replayed
            .points
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let text = format_point(p);
                let mover = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                json!({"move": text, "side": side(mover), "notation": {"point": text}})
            })
            .collect();
        let legal: Vec<String> = if replayed.end.is_some() {
            Vec::new()
        } else {
            board
                .empty_points()
                .filter(|p| !replayed.forbidden.iter().any(|(f, _)| f == p))
                .map(format_point)
                .collect()
        };
        let to_move = board.to_move();
        Ok(json!({
            "game": "gomoku",
            "options": replayed.options.to_json(),
            "start": null,
            "to_move": side(to_move),
            "first_to_move": to_move == Color::Black,
            "ply": replayed.points.len(),
            "moves": moves,
            "last_move": replayed.points.last().map(|&p| format_point(p)),
            "legal": legal,
            "check": false,
            "status": status(&replayed),
            "board": board_json(&replayed),
            "exports": {
                "moves": move_list(&replayed.points),
                "sgf": sgf::write(replayed.options, &replayed.points, replayed.end.as_ref()),
            },
        }))
    }

    fn import(&self, request: &ImportRequest) -> Result<Imported, ApiError> {
        let options = parse_options(&request.options)?;
        let (options, moves) = match request.format.as_str() {
            "moves" => (options, import_moves(&request.text)),
            "sgf" => {
                let record = sgf::read(&request.text, options)?;
                (record.options, record.moves)
            }
            other => {
                return Err(ApiError::bad_request(format!(
                    "unknown import format '{other}' for gomoku (moves, sgf)"
                )))
            }
        };
        // Reading is replaying: the moves come back checked, written h8.
        let replayed = replay_moves(options, &moves)?;
        Ok(Imported {
            options: options.to_json(),
            start: None,
            moves: replayed.points.iter().map(|&p| format_point(p)).collect(),
        })
    }

    fn search(&self, request: &GameRequest, level: u8) -> Result<Box<dyn SearchJob>, ApiError> {
        let replayed = replay(request)?;
        if let Some(end) = &replayed.end {
            return Err(ApiError::bad_request(format!(
                "the game is over ({}): there is no move to search",
                end.describe()
            )));
        }
        Ok(Box::new(GomokuSearch::new(replayed.board, level)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_gomoku::Rule;

    fn request(options: Value, moves: &str) -> GameRequest {
        GameRequest {
            options,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            ..GameRequest::default()
        }
    }

    #[test]
    fn options_are_checked() {
        assert_eq!(parse_options(&Value::Null).unwrap(), Options::default());
        let o = parse_options(&json!({"rule": "renju", "size": 19})).unwrap();
        assert_eq!((o.rule, o.size), (Rule::Renju, 19));
        assert!(parse_options(&json!({"rule": "go"})).is_err());
        assert!(parse_options(&json!({"size": 4})).is_err());
        assert!(parse_options(&json!({"size": 23})).is_err());
        assert!(parse_options(&json!({"size": 15.5})).is_err());
        assert!(parse_options(&json!({"colour": "black"})).is_err());
    }

    #[test]
    fn five_in_a_row_wins_with_its_line() {
        let p = GomokuAdapter
            .position(&request(Value::Null, "h8 a1 i8 a2 j8 a3 k8 a4 l8"))
            .unwrap();
        assert_eq!(p["status"]["reason"], "five");
        assert_eq!(p["status"]["winner"], "black");
        assert_eq!(p["board"]["line"], json!(["h8", "i8", "j8", "k8", "l8"]));
        assert_eq!(p["legal"], json!([]));
    }

    #[test]
    fn an_overline_wins_in_freestyle_but_not_in_standard() {
        // Black h8 i8 j8 l8 m8, then k8 joins six.
        let moves = "h8 a1 i8 a2 j8 a3 l8 a4 m8 a6 k8";
        let free = GomokuAdapter
            .position(&request(Value::Null, moves))
            .unwrap();
        assert_eq!(free["status"]["reason"], "overline");
        assert_eq!(free["board"]["line"].as_array().unwrap().len(), 6);
        let standard = GomokuAdapter
            .position(&request(json!({"rule": "standard"}), moves))
            .unwrap();
        assert_eq!(standard["status"]["over"], false);
    }

    #[test]
    fn black_out_of_points_loses_under_renju() {
        let replayed = Replayed {
            options: Options {
                rule: Rule::Renju,
                size: 15,
            },
            board: Board::new(15, Rule::Renju).unwrap(),
            points: Vec::new(),
            end: Some(End {
                ruling: GameEnd::NoPointForBlack,
                line: Vec::new(),
            }),
            forbidden: Vec::new(),
        };
        let s = status(&replayed);
        assert_eq!(s["winner"], "white");
        assert_eq!(s["result"], "0-1");
        assert_eq!(s["reason"], "forbidden");
        let record = sgf::write(replayed.options, &[], replayed.end.as_ref());
        assert!(record.contains("RE[W+F]"), "{record}");
    }

    #[test]
    fn sgf_round_trips() {
        let p = GomokuAdapter
            .position(&request(json!({"rule": "renju", "size": 15}), "h8 i9 h9"))
            .unwrap();
        let text = p["exports"]["sgf"].as_str().unwrap();
        assert!(text.contains("SZ[15]"), "{text}");
        assert!(text.contains(";B[hh];W[ig];B[hg]"), "{text}");
        let imported = GomokuAdapter
            .import(&ImportRequest {
                format: "sgf".into(),
                text: text.into(),
                options: Value::Null,
            })
            .unwrap();
        assert_eq!(imported.moves, ["h8", "i9", "h9"]);
        assert_eq!(imported.options, json!({"rule": "renju", "size": 15}));
    }
}
