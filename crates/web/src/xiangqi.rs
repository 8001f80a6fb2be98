//! Xiangqi on the web: moves in ICCS (`h2e2`) in the API (any notation is accepted on the
//! way in), FEN for positions, PGN for records, and the engine's own levels.

use super::error::ApiError;
use super::games::{GameAdapter, GameRequest, ImportRequest, Imported, SearchJob};
use super::xiangqi_search::XiangqiSearch;
use qi_xiangqi::pgn::{self, PgnHeader};
use qi_xiangqi::{Color, Game, Move, Outcome, Position, START_FEN};
use qi_xiangqi_engine::level::Level;
use qi_xiangqi_engine::repetition::HistEntry;
use serde_json::{json, Value};

/// The Xiangqi adapter.
pub struct XiangqiAdapter;

/// A replayed game: the record with its rulings, the engine's history, and each move's
/// notations as they were written in the position before it.
pub(super) struct Replayed {
    /// The game with every move pushed.
    pub game: Game,
    /// Key and check flag of every position before the current one, for the engine.
    pub history: Vec<HistEntry>,
    /// Per move: ICCS, WXF, Chinese and the mover.
    pub notations: Vec<(String, String, String, Color)>,
}

fn side(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn parse_start(start: Option<&str>) -> Result<Position, ApiError> {
    match start {
        None => Ok(Position::startpos()),
        Some(text) => Position::from_fen(text.trim())
            .map_err(|e| ApiError::bad_request(format!("bad FEN '{}': {e}", text.trim()))),
    }
}

/// Replays the request's moves from its start; an error names the move and why.
pub(super) fn replay(request: &GameRequest) -> Result<Replayed, ApiError> {
    if !request.options.is_null() && request.options != json!({}) {
        return Err(ApiError::bad_request("Xiangqi takes no options"));
    }
    replay_moves(request.start.as_deref(), &request.moves)
}

fn replay_moves(start: Option<&str>, moves: &[String]) -> Result<Replayed, ApiError> {
    let mut game = Game::new(parse_start(start)?);
    let mut history = Vec::with_capacity(moves.len());
    let mut notations = Vec::with_capacity(moves.len());
    for (ply, text) in moves.iter().enumerate() {
        let bad = |why: String| {
            ApiError::bad_request(format!("illegal move '{text}' (move {}): {why}", ply + 1))
        };
        if let Some(outcome) = game.outcome() {
            return Err(bad(format!(
                "the game is already over ({})",
                outcome.reason
            )));
        }
        let pos = game.position();
        let mv = pos.parse_move(text).map_err(|e| bad(e.to_string()))?;
        let mover = pos.side_to_move();
        notations.push((
            mv.to_iccs(),
            pos.to_wxf(mv).unwrap_or_default(),
            pos.to_chinese(mv).unwrap_or_default(),
            mover,
        ));
        history.push(HistEntry::new(pos, mv));
        game.push(mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(Replayed {
        game,
        history,
        notations,
    })
}

fn status(pos: &Position, outcome: Option<Outcome>) -> Value {
    let Some(outcome) = outcome else {
        let mover = match pos.side_to_move() {
            Color::Red => "Red",
            Color::Black => "Black",
        };
        let check = if pos.in_check() { " (in check)" } else { "" };
        return json!({
            "over": false, "winner": null, "result": null, "reason": null,
            "message": format!("{mover} to move{check}"),
        });
    };
    json!({
        "over": true,
        "winner": outcome.winner.color().map(side),
        "result": outcome.result_str(),
        "reason": outcome.reason.id(),
        "message": outcome.to_string(),
    })
}

fn board(pos: &Position) -> Value {
    let mut pieces = Vec::new();
    for color in Color::ALL {
        for (sq, piece) in pos.pieces(color) {
            pieces.push(json!({
                "square": sq.to_string(),
                "side": side(color),
                "kind": piece.kind().name(),
                "glyph": piece.glyph(),
                "fen": piece.fen_char().to_string(),
            }));
        }
    }
    json!({ "files": 9, "ranks": 10, "pieces": pieces })
}

/// Today's date as PGN writes it, from the system clock (days to a civil date).
fn pgn_date() -> String {
    let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) else {
        return "????.??.??".into();
    };
    let days = (now.as_secs() / 86_400) as i64;
    // Civil-from-days over 400-year eras of 146 097 days, starting on 1 March.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn levels() -> Vec<Value> {
    (1..=10u8)
        .filter_map(|n| Level::new(n).ok())
        .map(|level| {
            let s = qi_xiangqi_engine::level::settings(level);
            json!({
                "level": level.get(),
                "depth": s.depth,
                "nodes": s.nodes,
                "movetime_ms": super::xiangqi_search::movetime_ms(level.get()),
                "noise_cp": s.noise,
            })
        })
        .collect()
}

impl GameAdapter for XiangqiAdapter {
    fn id(&self) -> &'static str {
        "xiangqi"
    }

    fn info(&self) -> Value {
        json!({
            "id": "xiangqi",
            "name": "Xiangqi",
            "sides": [{"id": "red", "name": "Red"}, {"id": "black", "name": "Black"}],
            "engine": true,
            "levels": levels(),
            "options": [],
            "start": START_FEN,
            "notations": [
                {"id": "chinese", "name": "中文"},
                {"id": "wxf", "name": "WXF"},
                {"id": "iccs", "name": "ICCS"},
            ],
            "import_formats": [
                {"id": "fen", "name": "FEN"},
                {"id": "pgn", "name": "PGN (ICCS, WXF or Chinese moves)"},
            ],
            "export_formats": [
                {"id": "fen", "name": "FEN"},
                {"id": "pgn", "name": "PGN"},
            ],
            "eval_scale": 400,
        })
    }

    fn position(&self, request: &GameRequest) -> Result<Value, ApiError> {
        let replayed = replay(request)?;
        let game = &replayed.game;
        let pos = game.position();
        let outcome = game.outcome();
        let moves: Vec<Value> = replayed
            .notations
            .iter()
            .map(|(iccs, wxf, chinese, mover)| {
                json!({
                    "move": iccs,
                    "side": side(*mover),
                    "notation": {"iccs": iccs, "wxf": wxf, "chinese": chinese},
                })
            })
            .collect();
        let legal: Vec<String> = if outcome.is_some() {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(|m| m.to_iccs()).collect()
        };
        let start_fen = game.start().to_fen();
        let iccs: Vec<String> = game.moves().iter().map(|m| m.to_iccs()).collect();
        let result = outcome.map_or("*", |o| o.result_str());
        let record = pgn::write(
            &PgnHeader {
                event: "Qi web game",
                red: "?",
                black: "?",
                extra: &[],
                start_fen: &start_fen,
                result,
                date: &pgn_date(),
            },
            &iccs,
            game.start().side_to_move() == Color::Red,
        );
        let in_check = pos.in_check();
        Ok(json!({
            "game": "xiangqi",
            "options": {},
            "start": start_fen,
            "fen": pos.to_fen(),
            "to_move": side(pos.side_to_move()),
            "first_to_move": pos.side_to_move() == Color::Red,
            "ply": game.moves().len(),
            "moves": moves,
            "last_move": game.moves().last().map(|m: &Move| m.to_iccs()),
            "legal": legal,
            "check": in_check,
            "check_square": in_check.then(|| pos.king_square(pos.side_to_move()).to_string()),
            "status": status(pos, outcome),
            "board": board(pos),
            "exports": {"fen": pos.to_fen(), "pgn": record},
        }))
    }

    fn import(&self, request: &ImportRequest) -> Result<Imported, ApiError> {
        match request.format.as_str() {
            "fen" => {
                let pos = parse_start(Some(request.text.trim()))?;
                Ok(Imported {
                    options: json!({}),
                    start: Some(pos.to_fen()),
                    moves: Vec::new(),
                })
            }
            "pgn" => {
                let record = pgn::read(&request.text)
                    .map_err(|e| ApiError::bad_request(format!("bad PGN: {}", e.0)))?;
                // Reading is replaying: the moves come back in ICCS, checked.
                let replayed = replay_moves(record.fen.as_deref(), &record.moves)?;
                let start = record.fen.map(|_| replayed.game.start().to_fen());
                Ok(Imported {
                    options: json!({}),
                    start,
                    moves: replayed.game.moves().iter().map(|m| m.to_iccs()).collect(),
                })
            }
            other => Err(ApiError::bad_request(format!(
                "unknown import format '{other}' for Xiangqi (fen, pgn)"
            ))),
        }
    }

    fn search(&self, request: &GameRequest, level: u8) -> Result<Box<dyn SearchJob>, ApiError> {
        let replayed = replay(request)?;
        if let Some(outcome) = replayed.game.outcome() {
            return Err(ApiError::bad_request(format!(
                "the game is over ({}): there is no move to search",
                outcome.reason
            )));
        }
        let lines = super::games::parse_lines(request.lines)?;
        Ok(Box::new(
            XiangqiSearch::new(replayed.game.position().clone(), replayed.history, level)
                .with_alternatives(lines),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(start: Option<&str>, moves: &[&str]) -> GameRequest {
        GameRequest {
            start: start.map(str::to_string),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..GameRequest::default()
        }
    }

    #[test]
    fn the_start_has_44_moves_and_notations_in_all_three_forms() {
        let start = XiangqiAdapter.position(&request(None, &[])).unwrap();
        assert_eq!(start["legal"].as_array().unwrap().len(), 44);
        let p = XiangqiAdapter
            .position(&request(None, &["炮二平五", "h9g7"]))
            .unwrap();
        assert_eq!(p["moves"][0]["move"], "h2e2");
        assert_eq!(p["moves"][0]["notation"]["wxf"], "C2.5");
        assert_eq!(p["moves"][1]["notation"]["chinese"], "马8进7");
        assert_eq!(p["to_move"], "red");
        assert_eq!(p["board"]["pieces"].as_array().unwrap().len(), 32);
        assert!(p["exports"]["pgn"]
            .as_str()
            .unwrap()
            .contains("1. h2-e2 h9-g7 *"));
    }

    #[test]
    fn checkmate_ends_the_game_with_its_reason() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let p = XiangqiAdapter
            .position(&request(Some(fen), &["b0b9"]))
            .unwrap();
        assert_eq!(p["status"]["over"], true);
        assert_eq!(p["status"]["reason"], "checkmate");
        assert_eq!(p["status"]["result"], "1-0");
        assert_eq!(p["status"]["message"], "Black is checkmated");
        assert_eq!(p["check"], true);
        assert_eq!(p["check_square"], "e9");
        assert_eq!(p["legal"], json!([]));
        let after = XiangqiAdapter.position(&request(Some(fen), &["b0b9", "e9e8"]));
        assert!(after.unwrap_err().message.contains("already over"));
    }

    #[test]
    fn a_perpetual_check_loses_for_the_checking_side() {
        let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
        let cycle = ["i9i8", "d8d9", "i8i9", "d9d8"];
        let mut moves = vec!["i0i9", "d9d8"];
        let mut last = Value::Null;
        for _ in 0..4 {
            for mv in cycle {
                moves.push(mv);
                last = XiangqiAdapter
                    .position(&request(Some(fen), &moves))
                    .unwrap();
                if last["status"]["over"] == true {
                    break;
                }
            }
            if last["status"]["over"] == true {
                break;
            }
        }
        assert_eq!(
            last["status"]["reason"], "perpetual_check",
            "{}",
            last["status"]
        );
        assert_eq!(last["status"]["winner"], "black");
        assert_eq!(last["status"]["result"], "0-1");
        // The side that checked forever (Red) is the one that loses, and the message says so.
        assert_eq!(last["status"]["message"], "Red loses: perpetual check");
    }

    #[test]
    fn bad_moves_and_fens_are_named() {
        let illegal = XiangqiAdapter.position(&request(None, &["h2e2", "a0a1"]));
        let message = illegal.unwrap_err().message;
        assert!(message.contains("'a0a1' (move 2)"), "{message}");
        let fen = XiangqiAdapter.position(&request(Some("not a fen"), &[]));
        assert!(fen.unwrap_err().message.starts_with("bad FEN"));
    }

    #[test]
    fn pgn_import_reads_any_notation_and_round_trips_the_export() {
        let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 H8+7 2. h0g2 *";
        let imported = XiangqiAdapter
            .import(&ImportRequest {
                format: "pgn".into(),
                text: text.into(),
                options: Value::Null,
            })
            .unwrap();
        assert_eq!(imported.moves, ["h2e2", "h9g7", "h0g2"]);
        let p = XiangqiAdapter
            .position(&request(None, &["h2e2", "h9g7", "h0g2"]))
            .unwrap();
        let again = XiangqiAdapter
            .import(&ImportRequest {
                format: "pgn".into(),
                text: p["exports"]["pgn"].as_str().unwrap().into(),
                options: Value::Null,
            })
            .unwrap();
        assert_eq!(again.moves, imported.moves);
    }

    #[test]
    fn the_pgn_date_looks_like_a_date() {
        let d = pgn_date();
        assert_eq!(d.len(), 10, "{d}");
        assert!(d.starts_with("20"), "{d}");
    }
}
