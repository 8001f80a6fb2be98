//! `qi explain xiangqi`: Red and Black, moves in WXF and ICCS, and the evaluation's material,
//! piece-square and positional terms at a leaf.

use super::{Choices, Describer, Settings, Terms, Top};
use anyhow::{anyhow, bail, Result};
use qi_search::{Game, Player, Score};
use qi_xiangqi::{Color, Move, PieceKind, Position};
use qi_xiangqi_engine::eval::Accumulator;
use qi_xiangqi_engine::game::XiangqiGame;
use qi_xiangqi_engine::pst::{MATERIAL, MAX_PHASE};

/// Xiangqi for the explanation.
pub struct XiangqiDescriber;

/// The evaluation split into its parts, Red's view: material, piece-square bonuses, and the
/// rest (what the evaluation adds on top: mobility, palace safety, threats, tempo).
pub struct Split {
    /// Piece values, blended between middle game and end game by the material left.
    pub material: Score,
    /// The piece-square tables' bonuses, blended the same way.
    pub piece_square: Score,
    /// The evaluation minus the two above.
    pub rest: Score,
    /// Whether the side ahead has no attacking piece left: the evaluation then scales its
    /// advantage down, as it cannot mate.
    pub scaled_down: bool,
}

/// The parts of `game`'s evaluation, from Red's view.
pub fn split(game: &XiangqiGame) -> Split {
    let pos = &game.position;
    let acc = Accumulator::new(pos);
    let phase = acc.phase.clamp(0, MAX_PHASE);
    let blend = |mg: i32, eg: i32| (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    let (mut mg, mut eg) = (0, 0);
    let mut attackers = [0; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let sign = if color == Color::Red { 1 } else { -1 };
        for (_, piece) in pos.pieces(color) {
            let (m, e) = MATERIAL[piece.kind() as usize];
            mg += sign * m;
            eg += sign * e;
            if !matches!(
                piece.kind(),
                PieceKind::General | PieceKind::Advisor | PieceKind::Elephant
            ) {
                attackers[i] += 1;
            }
        }
    }
    let material = blend(mg, eg);
    let piece_square = blend(acc.mg, acc.eg) - material;
    let red = match pos.side_to_move() {
        Color::Red => game.evaluate(),
        Color::Black => -game.evaluate(),
    };
    let ahead = if red > 0 { 0 } else { 1 };
    Split {
        material,
        piece_square,
        rest: red - material - piece_square,
        scaled_down: red != 0 && attackers[ahead] == 0,
    }
}

impl Describer<XiangqiGame> for XiangqiDescriber {
    fn game_name(&self) -> &'static str {
        "xiangqi"
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::First => "Red",
            Player::Second => "Black",
        }
    }

    fn position(&self, game: &XiangqiGame) -> String {
        game.position.to_fen()
    }

    fn move_text(&self, game: &XiangqiGame, mv: Move) -> String {
        match game.position.to_wxf(mv) {
            Some(wxf) => format!("{wxf} ({})", mv.to_iccs()),
            None => mv.to_iccs(),
        }
    }

    fn evaluation(&self) -> String {
        // The values are read from the engine's table, so the words follow its tuning.
        let mg = |kind: PieceKind| MATERIAL[kind as usize].0;
        format!(
            "the engine's evaluation: material (middle game: chariot {}, cannon {}, horse {}, advisor {}, elephant {}, soldier {}) plus piece-square bonuses, both blended from middle game to end game as attacking material comes off, plus the rest: mobility, palace safety, cannon and horse threats, and a tempo bonus for the mover.",
            mg(PieceKind::Chariot),
            mg(PieceKind::Cannon),
            mg(PieceKind::Horse),
            mg(PieceKind::Advisor),
            mg(PieceKind::Elephant),
            mg(PieceKind::Soldier),
        )
    }

    fn terms(&self, game: &XiangqiGame, view: Player) -> Terms {
        let s = split(game);
        let sign = if view == Player::First { 1 } else { -1 };
        let total = sign * (s.material + s.piece_square + s.rest);
        let scaled = if s.scaled_down {
            " (scaled down: the side ahead has no attacking piece to mate with)"
        } else {
            ""
        };
        Terms {
            text: format!(
                "material {:+}, piece-square {:+}, the rest {:+} → {total:+} for {}{scaled}",
                sign * s.material,
                sign * s.piece_square,
                sign * s.rest,
                self.player(view),
            ),
            total: Some(total),
        }
    }
}

/// `qi explain xiangqi`: the explanation of the search of `fen` (the start position when
/// `None`) after `moves` (ICCS, WXF or Chinese, space separated).
pub fn explain_position(
    fen: Option<&str>,
    moves: Option<&str>,
    choices: &Choices,
) -> Result<String> {
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| anyhow!("bad FEN {f:?}: {e}"))?,
        None => Position::startpos(),
    };
    for text in moves.unwrap_or("").split_whitespace() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| anyhow!("move {text:?} in {}: {e}", pos.to_fen()))?;
        pos.make_move(mv);
    }
    let game = XiangqiGame::new(pos);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() || game.outcome().is_some() {
        bail!("the game is already over in {}", game.position.to_fen());
    }
    let settings = Settings::from_choices(choices, 2, Top::Best(4))?;
    super::explain(&game, &XiangqiDescriber, &settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_add_up_to_the_evaluation_and_material_starts_even() {
        let mut game = XiangqiGame::new(Position::startpos());
        let s = split(&game);
        assert_eq!(s.material, 0);
        assert_eq!(s.piece_square, 0, "the start position is symmetric");
        // After a few moves, from both sides' views.
        for text in ["h2e2", "h9g7", "e2e6"] {
            let mv = game.position.parse_move(text).unwrap();
            game.play(mv);
            for view in [Player::First, Player::Second] {
                let t = XiangqiDescriber.terms(&game, view);
                let mover_view = game.evaluate();
                let expected = if (view == Player::First) == (game.side_to_move() == Player::First)
                {
                    mover_view
                } else {
                    -mover_view
                };
                assert_eq!(t.total, Some(expected), "{}", t.text);
            }
        }
        // The cannon took a soldier: Red is a soldier up.
        assert!(split(&game).material > 0);
    }
}
