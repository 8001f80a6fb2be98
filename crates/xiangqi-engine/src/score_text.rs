//! Scores for people: a side and a unit ("Red +1.2 pawns", "Black is winning (+6.0 pawns)",
//! "Red mates in 4") instead of the engine's bare centipawns, which are always from the side
//! to move's view.

use qi_search::score::plies_to_end;
use qi_search::Score;
use qi_xiangqi::Color;

/// Below this many centipawns either way the position reads as level.
const LEVEL_BELOW: Score = 5;
/// From this many centipawns the leader reads as winning.
const WINNING_FROM: Score = 500;

fn name(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// `score` (centipawns or a mate distance, from `side_to_move`'s view) as the side ahead
/// and by how much: "Red +1.2 pawns", "Black is winning (+6.3 pawns)", "level (0.0 pawns)",
/// "Red mates in 3" (the winner's own moves), "Black has mated".
pub fn describe(score: Score, side_to_move: Color) -> String {
    let leader = if score >= 0 {
        side_to_move
    } else {
        side_to_move.flip()
    };
    if let Some(plies) = plies_to_end(score) {
        let moves = plies.div_ceil(2);
        return if moves == 0 {
            format!("{} has mated", name(leader))
        } else {
            format!("{} mates in {moves}", name(leader))
        };
    }
    let pawns = f64::from(score.unsigned_abs()) / 100.0;
    match score.abs() {
        s if s < LEVEL_BELOW => "level (0.0 pawns)".to_string(),
        s if s >= WINNING_FROM => format!("{} is winning (+{pawns:.1} pawns)", name(leader)),
        _ => format!("{} +{pawns:.1} pawns", name(leader)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::score::{loss_in, win_in};

    #[test]
    fn names_the_side_ahead_with_a_unit() {
        assert_eq!(describe(120, Color::Red), "Red +1.2 pawns");
        assert_eq!(describe(-120, Color::Red), "Black +1.2 pawns");
        assert_eq!(describe(120, Color::Black), "Black +1.2 pawns");
        assert_eq!(describe(3, Color::Black), "level (0.0 pawns)");
        assert_eq!(describe(-630, Color::Red), "Black is winning (+6.3 pawns)");
        assert_eq!(describe(win_in(7), Color::Red), "Red mates in 4");
        assert_eq!(describe(loss_in(6), Color::Red), "Black mates in 3");
        assert_eq!(describe(loss_in(0), Color::Black), "Red has mated");
    }
}
