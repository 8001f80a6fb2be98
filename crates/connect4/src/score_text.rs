//! Scores for people: who wins and when ("Red wins in 3"), or the side ahead by the
//! heuristic when the search was cut short ("Yellow +12 (heuristic)").

use crate::board::Disc;
use qi_search::score::describe_for;
use qi_search::Score;

/// `score` from `to_move`'s view: "Red wins in 2" (the winner's own moves), "Red has won",
/// "a draw with best play" for a solved draw, or the heuristic lead of a depth-limited
/// search. `solved` says whether the search reached the end of every line.
pub fn describe(score: Score, to_move: Disc, solved: bool) -> String {
    describe_for(score, to_move, to_move.other(), solved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::score::{loss_in, win_in};

    #[test]
    fn names_the_winner_or_the_side_ahead() {
        assert_eq!(describe(win_in(3), Disc::Red, true), "Red wins in 2");
        assert_eq!(describe(loss_in(2), Disc::Red, true), "Yellow wins in 1");
        assert_eq!(describe(0, Disc::Yellow, true), "a draw with best play");
        assert_eq!(describe(-15, Disc::Red, false), "Yellow +15 (heuristic)");
    }
}
