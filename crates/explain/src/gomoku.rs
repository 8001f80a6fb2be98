//! `qi explain gomoku`: Black and White, points like `h8`, and the shapes behind a leaf.

use super::{Choices, Describer, Settings, Terms, Top};
use anyhow::{bail, Context, Result};
use qi_gomoku::board::point;
use qi_gomoku::{
    board_from_moves, format_point, parse_moves, Board, Color, Gomoku, Point, Rule, SearchSettings,
};
use qi_search::Player;

/// Gomoku for the explanation; `position` names the position searched.
pub struct GomokuDescriber {
    position: String,
}

impl GomokuDescriber {
    /// A describer naming the searched position `position` (e.g. "freestyle 15×15 after [h8]").
    pub fn new(position: String) -> Self {
        GomokuDescriber { position }
    }
}

fn color(player: Player) -> Color {
    match player {
        Player::First => Color::Black,
        Player::Second => Color::White,
    }
}

/// Per side, the five-point windows of the board's lines (rows, columns, diagonals) that
/// hold no enemy stone, counted by the side's stones in them: `[_, 1, 2, 3, 4]`.
pub fn open_windows(board: &Board, side: Color) -> [u32; 5] {
    let n = board.size() as i64;
    let mut counts = [0; 5];
    for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
        for x0 in 0..n {
            for y0 in 0..n {
                let (x4, y4) = (x0 + 4 * dx, y0 + 4 * dy);
                if !(0..n).contains(&x4) || !(0..n).contains(&y4) {
                    continue;
                }
                let mut own = 0;
                let mut blocked = false;
                for k in 0..5 {
                    let p = point((x0 + k * dx) as usize, (y0 + k * dy) as usize);
                    match board.stone(p) {
                        Some(c) if c == side => own += 1,
                        Some(_) => blocked = true,
                        None => {}
                    }
                }
                if !blocked && (1..5).contains(&own) {
                    counts[own] += 1;
                }
            }
        }
    }
    counts
}

impl Describer<Gomoku> for GomokuDescriber {
    fn game_name(&self) -> &'static str {
        "gomoku"
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::First => "Black",
            Player::Second => "White",
        }
    }

    fn position(&self, _game: &Gomoku) -> String {
        self.position.clone()
    }

    fn move_text(&self, _game: &Gomoku, mv: Point) -> String {
        format_point(mv)
    }

    fn evaluation(&self) -> String {
        "the engine's pattern evaluation: every empty point is scored by the shapes a stone there would make on its four lines (five, fours, open threes, twos), summed per side with one table of values for the side to move and one for the side waiting (tuned from games; `qi_gomoku::weights`), the waiting side's sum subtracted from the mover's. Shown with the shapes on the board: per side, the five-point windows free of enemy stones, counted by the stones in them ('Black 0/1/4': no window with four black stones, one with three, four with two).".into()
    }

    fn terms(&self, game: &Gomoku, view: Player) -> Terms {
        let board = game.board();
        let side = |player: Player| {
            let w = open_windows(&board, color(player));
            format!("{} {}/{}/{}", self.player(player), w[4], w[3], w[2])
        };
        Terms {
            text: format!(
                "open windows with 4/3/2 stones: {}, {}",
                side(view),
                side(view.other())
            ),
            total: None,
        }
    }

    fn search_note(&self) -> Option<&'static str> {
        Some("This is the textbook search on the engine's game (its move generator; its five and VCF checks in TERMINAL-TEST), as the weaker levels use it. At full strength the engine searches the same candidates with its own PVS (qi_gomoku::search: fours extended, quiet late moves reduced, open fours read as wins), which returns these values when those techniques are off. Before it, the engine's move also tries fives, blocks and VCF/VCT at the root.")
    }
}

/// `qi explain gomoku`: the explanation of the search after `moves` (Black first, `h8 i9 …`
/// or `7,7 8,8 …`) on a `size` board under `rule`.
pub fn explain_moves(moves: &str, rule: Rule, size: usize, choices: &Choices) -> Result<String> {
    let moves = parse_moves(moves).context("bad --moves")?;
    let (board, end) = board_from_moves(size, rule, &moves)?;
    if end.is_some() {
        bail!("the game is already over after these moves");
    }
    let listed: Vec<String> = moves
        .iter()
        .map(|&(x, y)| format_point(point(x as usize, y as usize)))
        .collect();
    let position = format!(
        "{} {}×{} after [{}]",
        rule.name(),
        size,
        size,
        listed.join(" ")
    );
    let game = Gomoku::new(board, SearchSettings::default());
    let settings = Settings::from_choices(choices, 2, Top::Best(4))?;
    super::explain(&game, &GomokuDescriber { position }, &settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_count_the_open_shapes() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        // Black h8 i8 j8 in a row, White far away at a1.
        for p in [(7, 7), (0, 0), (8, 7), (14, 14), (9, 7)] {
            board.play(board.point(p.0, p.1).unwrap());
        }
        let black = open_windows(&board, Color::Black);
        // Three in a row in the middle of a 15-wide row: the windows holding all three are
        // those starting 2, 1 or 0 points before h8.
        assert_eq!(black[3], 3);
        assert_eq!(black[4], 0);
        let white = open_windows(&board, Color::White);
        assert_eq!(white[1], 6); // a1 and o15: each corner lies in three lines' windows
    }
}
