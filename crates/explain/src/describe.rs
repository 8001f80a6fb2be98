//! What an explanation needs to know about a game beyond [`Game`]: names, notation, and
//! what its evaluation function computes.

use qi_search::{score, Game, Outcome, Player, Score};

/// The evaluation's terms at a leaf, from the root player's view.
pub struct Terms {
    /// The terms in words and numbers, e.g. `X 2·1 + 1·3 = 5 − O 1·1 = 1`.
    pub text: String,
    /// Their total when the terms add up to the evaluation (checked against it when shown).
    pub total: Option<Score>,
}

/// Names, notation and evaluation of one game, for the generic explanation.
pub trait Describer<G: Game> {
    /// The game's name.
    fn game_name(&self) -> &'static str;
    /// A player's name (`X`, `Black`, `Red`).
    fn player(&self, player: Player) -> &'static str;
    /// The position in one line.
    fn position(&self, game: &G) -> String;
    /// `mv` in the game's notation; `game` is the state before it.
    fn move_text(&self, game: &G, mv: G::Move) -> String;
    /// What the evaluation function computes, in words.
    fn evaluation(&self) -> String;
    /// The evaluation's terms at `game` from `view`'s side.
    fn terms(&self, game: &G, view: Player) -> Terms;
    /// How the search shown relates to the engine's own, if it differs.
    fn search_note(&self) -> Option<&'static str> {
        None
    }
    /// Why the game is over at `game`, a terminal state (or one without moves).
    fn game_over(&self, game: &G) -> String {
        let mover = game.side_to_move();
        match game
            .outcome()
            .unwrap_or_else(|| game.outcome_without_moves())
        {
            Outcome::Win => format!("{} has won", self.player(mover)),
            Outcome::Loss => format!("{} has won", self.player(mover.other())),
            Outcome::Draw => "a draw".into(),
            Outcome::Utility(v) => match score::plies_to_end(v) {
                Some(plies) => {
                    let winner = if v > 0 { mover } else { mover.other() };
                    format!(
                        "{} wins by force in {plies} plies (the game's own threat check)",
                        self.player(winner)
                    )
                }
                None => format!("utility {v:+}"),
            },
        }
    }
}
