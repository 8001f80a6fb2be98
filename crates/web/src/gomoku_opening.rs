//! `POST /api/games/gomoku/opening`: the engine's part of a swap or swap2 opening. The rule
//! decisions are the gomoku crate's ([`qi_gomoku::opening`]); this only replays the request,
//! calls them within a time cap and writes the answer.

use super::error::ApiError;
use super::gomoku::{parse_options, replay_moves};
use qi_gomoku::opening::{
    propose_opening, swap_decision, OpeningLimits, OpeningRule, SwapChoice, SwapDecision,
};
use qi_gomoku::score_text::describe;
use qi_gomoku::{format_point, Color, Point};
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// Time the engine may take for one opening step (searches included).
pub const OPENING_TIME: Duration = Duration::from_millis(1500);

/// The body of an opening request.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningRequest {
    /// Gomoku options (`{rule, size}`), null for the defaults.
    #[serde(default)]
    pub options: Value,
    /// The stones so far, in move order: none (the engine proposes three), three or five.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `swap` or `swap2`.
    pub opening: String,
    /// Varies the proposed opening (the same seed gives the same stones); 0 when absent.
    #[serde(default)]
    pub seed: Option<u64>,
}

fn points(list: &[Point]) -> Vec<String> {
    list.iter().map(|&p| format_point(p)).collect()
}

/// What the engine does at this step, as the API answers it.
pub fn answer(request: &OpeningRequest) -> Result<Value, ApiError> {
    let rule: OpeningRule = request.opening.parse().map_err(ApiError::bad_request)?;
    let options = parse_options(&request.options)?;
    let replayed = replay_moves(options, &request.moves)?;
    let board = replayed.board;
    let limits = OpeningLimits::within(OPENING_TIME);
    if board.stones() == 0 {
        let proposal = propose_opening(&board, request.seed.unwrap_or(0), &limits)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        return Ok(json!({
            "opening": rule.name(),
            "choice": "propose",
            "moves": points(&proposal.stones),
            "score": proposal.white_score,
            "score_text": describe(proposal.white_score, Color::White),
            "message": "The engine placed three stones: choose your colour",
        }));
    }
    let stones = board.stones();
    let SwapDecision {
        choice,
        white_score,
    } = swap_decision(&board, rule, &limits).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (id, moves, message) = match choice {
        SwapChoice::TakeBlack => (
            "take_black",
            Vec::new(),
            "Engine takes Black: you play White".to_string(),
        ),
        SwapChoice::StayWhite(p) => (
            "stay_white",
            vec![p],
            format!(
                "Engine stays White and plays {} (move {}): you play Black",
                format_point(p),
                stones + 1
            ),
        ),
        SwapChoice::PlaceTwo { white, black } => (
            "place_two",
            vec![white, black],
            format!(
                "Engine places {} and {}: choose your colour",
                format_point(white),
                format_point(black)
            ),
        ),
    };
    Ok(json!({
        "opening": rule.name(),
        "choice": id,
        "moves": points(&moves),
        "score": white_score,
        "score_text": describe(white_score, Color::White),
        "message": message,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(moves: &str, opening: &str) -> OpeningRequest {
        OpeningRequest {
            options: Value::Null,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            opening: opening.into(),
            seed: None,
        }
    }

    #[test]
    fn proposes_then_decides() {
        let proposal = answer(&request("", "swap2")).unwrap();
        assert_eq!(proposal["choice"], "propose");
        assert_eq!(proposal["moves"].as_array().unwrap().len(), 3);
        // Black's open two in the centre, White lost in the corner: the engine takes Black.
        let taken = answer(&request("h8 a1 i8", "swap")).unwrap();
        assert_eq!(taken["choice"], "take_black");
        assert_eq!(taken["message"], "Engine takes Black: you play White");
        assert!(answer(&request("h8 a1", "swap")).is_err());
        assert!(answer(&request("h8 a1 i8", "swap3")).is_err());
    }
}
