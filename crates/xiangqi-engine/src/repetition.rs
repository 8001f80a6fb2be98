//! Repetitions under the Asian rules, simplified to what a search can decide quickly:
//! a side that gives check with every one of its moves in a repeated cycle (perpetual
//! check) loses; when both or neither side checks perpetually, the repetition is a draw.
//! Perpetual chasing of unprotected pieces is not detected (treated as a draw).

/// One position of a game or search path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistEntry {
    /// Zobrist key of the position (placement and side to move).
    pub key: u64,
    /// Whether the side to move there is in check, i.e. the move into it gave check.
    pub in_check: bool,
}

/// The verdict on a repeated position, from the view of the side to move in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Neither side (or both) forced the repetition by checking: a draw.
    Draw,
    /// The opponent checked perpetually and loses.
    Win,
    /// The side to move checked perpetually and loses.
    Loss,
}

/// Rules on the last entry of `path` when it repeats an earlier position.
///
/// `reversible` is how many of the latest plies were reversible (the half-move clock), so
/// the scan never crosses a capture. `earlier` is how many earlier occurrences are needed
/// (1 inside a search, 2 for a threefold repetition in a game). Returns `None` when the
/// position has not repeated often enough.
pub fn ruling(path: &[HistEntry], reversible: usize, earlier: usize) -> Option<Ruling> {
    let n = path.len().checked_sub(1)?;
    let key = path[n].key;
    let limit = reversible.min(n);
    let mut found = 0;
    let mut start = None;
    let mut back = 4;
    while back <= limit {
        if path[n - back].key == key {
            found += 1;
            if found >= earlier {
                start = Some(n - back);
                break;
            }
        }
        back += 2;
    }
    let j = start?;
    // Positions j+2, j+4, …, n were reached by the opponent's moves; j+1, …, n-1 by ours.
    let them_always = (j + 2..=n).step_by(2).all(|i| path[i].in_check);
    let us_always = (j + 1..n).step_by(2).all(|i| path[i].in_check);
    Some(match (them_always, us_always) {
        (true, false) => Ruling::Win,
        (false, true) => Ruling::Loss,
        _ => Ruling::Draw,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(keys: &[(u64, bool)]) -> Vec<HistEntry> {
        keys.iter()
            .map(|&(key, in_check)| HistEntry { key, in_check })
            .collect()
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // 1 (us to move, in check) → 2 → 3 (in check) → 4 → 1 (in check): the opponent
        // checked on each of its moves, we never did.
        let p = path(&[(1, true), (2, false), (3, true), (4, false), (1, true)]);
        assert_eq!(ruling(&p, 10, 1), Some(Ruling::Win));
        let p = path(&[(1, false), (2, true), (3, false), (4, true), (1, false)]);
        assert_eq!(ruling(&p, 10, 1), Some(Ruling::Loss));
    }

    #[test]
    fn idle_repetition_is_a_draw_and_captures_reset_it() {
        let p = path(&[(1, false), (2, false), (3, false), (4, false), (1, false)]);
        assert_eq!(ruling(&p, 10, 1), Some(Ruling::Draw));
        assert_eq!(ruling(&p, 3, 1), None);
        assert_eq!(ruling(&p, 10, 2), None);
    }
}
