//! A game whose every node keeps only its most promising moves, so that the trees of the big
//! games stay small enough to read while the search on them is still the real one.

use qi_search::{outcome_score, Game, Outcome, Player, Score};

/// `game` with each node's moves cut to the `top` that the mover's evaluation likes best one
/// move ahead (a won game first); the kept moves stay in the game's own order, so move
/// ordering still has work to do. `top: None` keeps every move.
#[derive(Clone)]
pub struct Restricted<G> {
    game: G,
    top: Option<usize>,
}

impl<G: Game> Restricted<G> {
    /// `game`, restricted to `top` moves per node (`None`: unrestricted).
    pub fn new(game: G, top: Option<usize>) -> Self {
        Restricted { game, top }
    }

    /// The game underneath.
    pub fn inner(&self) -> &G {
        &self.game
    }

    /// How the mover rates `mv`: the negated value of the state after it.
    fn rating(&self, mv: G::Move) -> i64 {
        let after = self.game.result(mv);
        let value = match after.outcome() {
            Some(outcome) => outcome_score(outcome, 0),
            None => after.evaluate(),
        };
        -i64::from(value)
    }
}

impl<G: Game> Game for Restricted<G> {
    type Move = G::Move;
    const MOVE_CODES: usize = G::MOVE_CODES;

    fn side_to_move(&self) -> Player {
        self.game.side_to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        let start = moves.len();
        self.game.legal_moves(moves);
        let Some(top) = self.top else { return };
        if moves.len() - start <= top {
            return;
        }
        let mut rated: Vec<(i64, usize, G::Move)> = moves[start..]
            .iter()
            .enumerate()
            .map(|(i, &mv)| (self.rating(mv), i, mv))
            .collect();
        // Best first, the game's order among equals; then back to the game's order.
        rated.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        rated.truncate(top);
        rated.sort_by_key(|&(_, i, _)| i);
        moves.truncate(start);
        moves.extend(rated.into_iter().map(|(_, _, mv)| mv));
    }

    fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
    }

    fn undo(&mut self, mv: G::Move) {
        self.game.undo(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn outcome_without_moves(&self) -> Outcome {
        self.game.outcome_without_moves()
    }

    fn evaluate(&self) -> Score {
        self.game.evaluate()
    }

    fn hash(&self) -> Option<u64> {
        self.game.hash()
    }

    fn move_code(&self, mv: G::Move) -> u16 {
        self.game.move_code(mv)
    }

    fn order_hint(&self, mv: G::Move) -> i32 {
        self.game.order_hint(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::random_tree::RandomTree;

    #[test]
    fn keeps_the_best_rated_moves_in_the_games_order() {
        let tree = RandomTree::new(3, 8, 4, 100);
        let mut all = Vec::new();
        tree.legal_moves(&mut all);
        assert!(all.len() > 3, "a wide root: {all:?}");
        let restricted = Restricted::new(tree.clone(), Some(3));
        let mut kept = Vec::new();
        restricted.legal_moves(&mut kept);
        assert_eq!(kept.len(), 3);
        assert!(kept.windows(2).all(|w| w[0] < w[1]), "game order: {kept:?}");
        let worst_kept = kept.iter().map(|&m| restricted.rating(m)).min().unwrap();
        for mv in all.iter().filter(|m| !kept.contains(m)) {
            assert!(restricted.rating(*mv) <= worst_kept, "{mv} was better");
        }
        let mut every = Vec::new();
        Restricted::new(tree, None).legal_moves(&mut every);
        assert_eq!(every, all);
    }
}
