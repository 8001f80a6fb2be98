//! Scores for people: the side ahead and by how much ("White +6.3", "Black wins in 3")
//! instead of the engine's bare pattern points, which are from the side to move's view.

use crate::rules::Color;
use qi_search::score::plies_to_end;
use qi_search::Score;

/// Pattern points per displayed unit (an open three is worth about six units).
const POINTS_PER_UNIT: f64 = 100.0;

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// `score` (pattern points or a win distance, from `to_move`'s view) as the side ahead:
/// "White +6.3", "even", "Black wins in 3" (the winner's own moves), "Black has won".
pub fn describe(score: Score, to_move: Color) -> String {
    let leader = if score >= 0 { to_move } else { to_move.other() };
    if let Some(plies) = plies_to_end(score) {
        let moves = plies.div_ceil(2);
        return if moves == 0 {
            format!("{} has won", name(leader))
        } else {
            format!("{} wins in {moves}", name(leader))
        };
    }
    let units = f64::from(score.unsigned_abs()) / POINTS_PER_UNIT;
    if units < 0.05 {
        "even".to_string()
    } else {
        format!("{} +{units:.1}", name(leader))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::score::{loss_in, win_in};

    #[test]
    fn names_the_side_ahead() {
        assert_eq!(describe(631, Color::White), "White +6.3");
        assert_eq!(describe(-2860, Color::White), "Black +28.6");
        assert_eq!(describe(2, Color::Black), "even");
        assert_eq!(describe(win_in(9), Color::Black), "Black wins in 5");
        assert_eq!(describe(loss_in(4), Color::Black), "White wins in 2");
    }
}
