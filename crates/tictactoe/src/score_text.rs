//! Scores for people: who wins and when ("X wins in 3", "a draw with best play"), or the
//! side ahead by the heuristic when the search was cut short ("O +15 (heuristic)").

use crate::board::Mark;
use qi_search::score::describe_for;
use qi_search::Score;

/// `score` from `to_move`'s view: "X wins in 2" (the winner's own moves), "X has won",
/// "a draw with best play" for a solved draw, or the heuristic lead of a depth-limited search.
/// `solved` says whether the search reached the end of every line (so 0 is a proven draw).
pub fn describe(score: Score, to_move: Mark, solved: bool) -> String {
    describe_for(score, to_move, to_move.other(), solved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::score::{loss_in, win_in};

    #[test]
    fn names_the_winner_or_the_side_ahead() {
        assert_eq!(describe(win_in(3), Mark::X, true), "X wins in 2");
        assert_eq!(describe(loss_in(2), Mark::X, true), "O wins in 1");
        assert_eq!(describe(0, Mark::O, true), "a draw with best play");
        assert_eq!(describe(-15, Mark::X, false), "O +15 (heuristic)");
    }
}
