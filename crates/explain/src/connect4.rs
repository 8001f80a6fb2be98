//! `qi explain connect4`: Red and Yellow, columns 1–7 and the open-windows evaluation.

use super::{Choices, Describer, Settings, Terms, Top};
use anyhow::{bail, Context, Result};
use qi_connect4::eval::{side_terms, CENTRE_WEIGHT, WINDOW_WEIGHTS};
use qi_connect4::{format_moves, parse_moves, Board, Column, Connect4, Disc};
use qi_search::Player;

/// Connect Four for the explanation.
pub struct Connect4Describer;

fn disc(player: Player) -> Disc {
    match player {
        Player::First => Disc::Red,
        Player::Second => Disc::Yellow,
    }
}

impl Describer<Connect4> for Connect4Describer {
    fn game_name(&self) -> &'static str {
        "connect four"
    }

    fn player(&self, player: Player) -> &'static str {
        disc(player).name()
    }

    fn position(&self, game: &Connect4) -> String {
        let rows: Vec<String> = game
            .board
            .picture()
            .lines()
            .take(qi_connect4::HEIGHT as usize)
            .map(|row| row.replace(' ', ""))
            .collect();
        rows.join("/")
    }

    fn move_text(&self, _game: &Connect4, mv: Column) -> String {
        (mv + 1).to_string()
    }

    fn evaluation(&self) -> String {
        format!(
            "each side's open windows (the 69 runs of four cells with no enemy disc) weighted {}, {}, {} for 1, 2, 3 own discs, plus {} per own disc in the centre column, the mover's sum minus the other's. Written 'Red 5·1 + 1·4 + centre 1·3 = 12': five open windows with one red disc, one with two, one red disc in column 4.",
            WINDOW_WEIGHTS[1], WINDOW_WEIGHTS[2], WINDOW_WEIGHTS[3], CENTRE_WEIGHT
        )
    }

    fn terms(&self, game: &Connect4, view: Player) -> Terms {
        let side = |player: Player| {
            let terms = side_terms(&game.board, disc(player));
            let mut parts: Vec<String> = (1..4)
                .filter(|&k| terms.windows[k] > 0)
                .map(|k| format!("{}·{}", terms.windows[k], WINDOW_WEIGHTS[k]))
                .collect();
            if terms.centre > 0 {
                parts.push(format!("centre {}·{CENTRE_WEIGHT}", terms.centre));
            }
            let parts = if parts.is_empty() {
                "none".to_string()
            } else {
                parts.join(" + ")
            };
            let total = terms.total();
            (format!("{} {parts} = {total}", disc(player)), total)
        };
        let (mine, a) = side(view);
        let (theirs, b) = side(view.other());
        Terms {
            text: format!("{mine} − {theirs} → {:+}", a - b),
            total: Some(a - b),
        }
    }

    fn game_over(&self, game: &Connect4) -> String {
        match game.board.end() {
            Some(end) => end.to_string(),
            None => "the game goes on".into(),
        }
    }
}

/// `qi explain connect4`: the explanation of the search after the record `moves` (`4453`).
pub fn explain_moves(moves: &str, choices: &Choices) -> Result<String> {
    let board = Board::from_record(moves).with_context(|| format!("bad --moves '{moves}'"))?;
    if let Some(end) = board.end() {
        bail!("the game is already over: {end}");
    }
    let listed = format_moves(&parse_moves(moves).unwrap_or_default());
    let game = Connect4::new(board);
    // Seven moves a node: two plies draw 57 nodes, three about 400.
    let settings = Settings::from_choices(choices, 2, Top::All)?;
    let text = super::explain(&game, &Connect4Describer, &settings)?;
    Ok(format!(
        "moves so far: {}\n{text}",
        if listed.is_empty() { "none" } else { &listed }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qi_search::Game;

    #[test]
    fn the_terms_add_up_to_the_evaluation() {
        let mut board = Board::empty();
        for col in [3, 3, 2, 4, 4, 1, 0, 5, 6, 6, 2] {
            board.play(col).unwrap();
            if board.is_over() {
                break;
            }
            let game = Connect4::new(board);
            let mover = game.side_to_move();
            let eval = game.evaluate();
            assert_eq!(Connect4Describer.terms(&game, mover).total, Some(eval));
            assert_eq!(
                Connect4Describer.terms(&game, mover.other()).total,
                Some(-eval)
            );
        }
    }

    #[test]
    fn terms_read_as_open_windows() {
        // Red in the centre at the bottom: seven windows hold it, and the centre counts 3.
        let game = Connect4::new(Board::from_record("4").unwrap());
        let t = Connect4Describer.terms(&game, Player::First);
        assert_eq!(t.text, "Red 7·1 + centre 1·3 = 10 − Yellow none = 0 → +10");
        assert_eq!(
            Connect4Describer.position(&game),
            "......./......./......./......./......./...R..."
        );
    }

    #[test]
    fn a_finished_or_bad_record_is_refused() {
        let choices = Choices::default();
        assert!(explain_moves("1212121", &choices)
            .unwrap_err()
            .to_string()
            .contains("already over"));
        assert!(explain_moves("9", &choices).is_err());
        let text = explain_moves("44", &choices).unwrap();
        assert!(text.contains("connect four alphabeta search"), "{text}");
    }
}
