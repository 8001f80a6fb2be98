//! Scores: heuristic values and distance-encoded wins and losses.
//!
//! A won position scores `WIN - plies_to_win`, a lost one `-(WIN - plies_to_loss)`,
//! so a search prefers the fastest win and the slowest loss.

/// A score from the side to move's view.
pub type Score = i32;

/// The deepest ply the searches go; also bounds the distance encoded in win scores.
pub const MAX_PLY: usize = 128;

/// The score of a win on the spot (zero plies away).
pub const WIN: Score = 1_000_000_000;

/// Larger than any score; the initial search window is `(-INFINITY, INFINITY)`.
pub const INFINITY: Score = WIN + 1;

/// Heuristic evaluations must stay strictly inside `±MAX_HEURISTIC`.
pub const MAX_HEURISTIC: Score = WIN - 2 * MAX_PLY as Score;

/// The score of a win `ply` plies from the root.
#[inline]
pub fn win_in(ply: usize) -> Score {
    WIN - ply as Score
}

/// The score of a loss `ply` plies from the root.
#[inline]
pub fn loss_in(ply: usize) -> Score {
    -WIN + ply as Score
}

/// Whether `score` is a forced win or loss rather than a heuristic value.
#[inline]
pub fn is_decisive(score: Score) -> bool {
    score.abs() > MAX_HEURISTIC
}

/// For a decisive score, the number of plies until the game ends.
pub fn plies_to_end(score: Score) -> Option<u32> {
    is_decisive(score).then(|| (WIN - score.abs()) as u32)
}

/// The game-theoretic sign of a score: 1 won, -1 lost, 0 otherwise.
pub fn decisive_sign(score: Score) -> i32 {
    if !is_decisive(score) {
        0
    } else {
        score.signum()
    }
}

/// Converts a score relative to the root into one relative to a node `ply` plies deep,
/// so that a stored win keeps its distance when found again on another path.
#[inline]
pub fn to_table(score: Score, ply: usize) -> Score {
    if score > MAX_HEURISTIC {
        score + ply as Score
    } else if score < -MAX_HEURISTIC {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub fn from_table(score: Score, ply: usize) -> Score {
    if score > MAX_HEURISTIC {
        score - ply as Score
    } else if score < -MAX_HEURISTIC {
        score + ply as Score
    } else {
        score
    }
}

/// A human-readable score: `+35`, `win in 5`, `loss in 4`.
pub fn describe(score: Score) -> String {
    match plies_to_end(score) {
        Some(plies) if score > 0 => format!("win in {plies}"),
        Some(plies) => format!("loss in {plies}"),
        None => format!("{score:+}"),
    }
}

/// `score` from `to_move`'s view in words, naming the sides (`opponent` is the other):
/// "X wins in 2" (the winner's own moves), "X has won", "a draw with best play" for a
/// solved draw, or the heuristic lead of a depth-limited search ("O +15 (heuristic)").
/// `solved` says whether the search reached the end of every line (so 0 is a proven draw).
/// The games that are solved in play (tic-tac-toe, Connect Four) word their scores this way.
pub fn describe_for<P: std::fmt::Display>(
    score: Score,
    to_move: P,
    opponent: P,
    solved: bool,
) -> String {
    let leader = if score >= 0 { to_move } else { opponent };
    if let Some(plies) = plies_to_end(score) {
        let moves = plies.div_ceil(2);
        return if moves == 0 {
            format!("{leader} has won")
        } else {
            format!("{leader} wins in {moves}")
        };
    }
    match (score, solved) {
        (0, true) => "a draw with best play".to_string(),
        (0, false) => "even (heuristic)".to_string(),
        (s, _) => format!("{leader} +{} (heuristic)", s.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_for_names_the_winner_or_the_side_ahead() {
        assert_eq!(describe_for(win_in(3), "X", "O", true), "X wins in 2");
        assert_eq!(describe_for(loss_in(2), "X", "O", true), "O wins in 1");
        assert_eq!(describe_for(win_in(0), "X", "O", true), "X has won");
        assert_eq!(describe_for(0, "O", "X", true), "a draw with best play");
        assert_eq!(describe_for(0, "O", "X", false), "even (heuristic)");
        assert_eq!(describe_for(-15, "X", "O", false), "O +15 (heuristic)");
    }

    #[test]
    fn distances_round_trip_through_the_table() {
        for ply in [0usize, 3, 17] {
            for s in [win_in(5), loss_in(8), 0, 1234, -77] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        assert!(win_in(1) > win_in(3));
        assert!(loss_in(3) > loss_in(1));
        assert_eq!(plies_to_end(win_in(7)), Some(7));
        assert_eq!(plies_to_end(1000), None);
        assert_eq!(describe(loss_in(4)), "loss in 4");
        assert_eq!(decisive_sign(win_in(2)), 1);
    }
}
