//! The gomoku position as a [`qi_search::Game`], and rule-checked moves for callers.

use crate::board::{xy, Board, MoveError, Point, CELLS};
use crate::eval::{self, Evaluator, Threat};
use crate::movegen::{self, Generator};
use crate::params::{
    CANDIDATES, FIRST_REPLY_VCF_FACTOR, IN_SEARCH_VCF_BUDGET, IN_SEARCH_VCF_MAX_PLIES,
    REPLY_CANDIDATES, ROOT_CANDIDATES,
};
use crate::renju::{self, Foul};
use crate::rules::Color;
use crate::threats::ThreatSearch;
use qi_search::score::{loss_in, win_in};
use qi_search::{Game, Outcome, Player, Score};
use std::cell::RefCell;

/// What a checked move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveResult {
    /// The game goes on.
    Continue,
    /// The mover made a winning five.
    Five(Color),
    /// Black played a forbidden point (renju) and loses.
    Forbidden(Foul),
    /// The board is full without a winner.
    Draw,
    /// Renju: Black is to move and every empty point is forbidden for Black, who loses.
    NoPointForBlack,
}

impl MoveResult {
    /// How the game ended with this move, if it did.
    pub fn end(self) -> Option<GameEnd> {
        match self {
            MoveResult::Continue => None,
            MoveResult::Five(c) => Some(GameEnd::Won(c)),
            MoveResult::Forbidden(f) => Some(GameEnd::Foul(f)),
            MoveResult::Draw => Some(GameEnd::Draw),
            MoveResult::NoPointForBlack => Some(GameEnd::NoPointForBlack),
        }
    }
}

/// How the game ended, if it did. This is the one ruling every front end shows: under
/// renju a forbidden point played by Black loses (the page may keep a player from clicking
/// one, but a move list or an engine that plays one has lost), and Black to move with only
/// forbidden points left has lost too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// `0` won.
    Won(Color),
    /// Black lost by playing a forbidden point.
    Foul(Foul),
    /// The board filled up.
    Draw,
    /// Renju: every empty point is forbidden for Black (to move), who loses.
    NoPointForBlack,
}

impl GameEnd {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Won(c) => Some(c),
            GameEnd::Foul(_) | GameEnd::NoPointForBlack => Some(Color::White),
            GameEnd::Draw => None,
        }
    }

    /// A short stable id of the reason: `five`, `forbidden`, `board_full`.
    pub fn id(self) -> &'static str {
        match self {
            GameEnd::Won(_) => "five",
            GameEnd::Foul(_) | GameEnd::NoPointForBlack => "forbidden",
            GameEnd::Draw => "board_full",
        }
    }
}

impl std::fmt::Display for GameEnd {
    /// The reason in words: "five in a row", "Black played a forbidden point (double
    /// three)", "every point left is forbidden for Black", "a full board".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameEnd::Won(_) => write!(f, "five in a row"),
            GameEnd::Foul(foul) => write!(f, "Black played a forbidden point ({foul})"),
            GameEnd::NoPointForBlack => write!(f, "every point left is forbidden for Black"),
            GameEnd::Draw => write!(f, "a full board"),
        }
    }
}

/// Whether Black, to move under a rule with forbidden points, has only forbidden points
/// left (and so has lost). Stops at the first point Black may play, so it is cheap
/// whenever Black has one.
pub fn black_has_no_point(board: &Board) -> bool {
    board.to_move() == Color::Black
        && board.rule().has_forbidden(Color::Black)
        && !board.last_move_won()
        && board.empty_points().next().is_some()
        && board
            .empty_points()
            .all(|p| renju::foul(board, p).is_some())
}

/// Plays the side to move's stone at `(x, y)` after checking it: on the board, empty,
/// game not over. A forbidden Black move in renju is played and reported (it loses), and a
/// move that leaves Black only forbidden points ends the game too ([`GameEnd`]).
pub fn play_checked(board: &mut Board, x: i64, y: i64) -> Result<MoveResult, MoveError> {
    if board.last_move_won() {
        return Err(MoveError::GameOver);
    }
    let p = board.check_move(x, y)?;
    let mover = board.to_move();
    let foul = if mover == Color::Black && board.rule().has_forbidden(Color::Black) {
        renju::foul(board, p)
    } else {
        None
    };
    board.play(p);
    Ok(if board.last_move_won() {
        MoveResult::Five(mover)
    } else if let Some(f) = foul {
        MoveResult::Forbidden(f)
    } else if board.is_full() {
        MoveResult::Draw
    } else if black_has_no_point(board) {
        MoveResult::NoPointForBlack
    } else {
        MoveResult::Continue
    })
}

/// The run of `color` stones through `p` in direction `(dx, dy)`, from one end to the other.
fn run_through(board: &Board, p: Point, color: Color, (dx, dy): (i64, i64)) -> Vec<Point> {
    let (x, y) = xy(p);
    let (x, y) = (x as i64, y as i64);
    let stone_at = |k: i64| {
        board
            .point(x + k * dx, y + k * dy)
            .filter(|&q| board.stone(q) == Some(color))
    };
    let mut back = 0;
    while stone_at(back - 1).is_some() {
        back -= 1;
    }
    let mut line = Vec::new();
    let mut k = back;
    while let Some(q) = stone_at(k) {
        line.push(q);
        k += 1;
    }
    line
}

/// The line that won with the last move: exactly five where only five wins, else the
/// longest run of five or more through it.
pub fn winning_line(board: &Board) -> Option<(Color, Vec<Point>)> {
    let p = board.last_move()?;
    let color = board.stone(p)?;
    let exact = board.rule().exact_five(color);
    [(1, 0), (0, 1), (1, 1), (1, -1)]
        .into_iter()
        .map(|d| run_through(board, p, color, d))
        .filter(|run| {
            if exact {
                run.len() == 5
            } else {
                run.len() >= 5
            }
        })
        .max_by_key(Vec::len)
        .map(|line| (color, line))
}

/// Builds a position from `(x, y)` moves (Black first), rejecting any move after the end.
pub fn board_from_moves(
    size: usize,
    rule: crate::Rule,
    moves: &[(i64, i64)],
) -> Result<(Board, Option<GameEnd>), crate::Error> {
    let mut board = Board::new(size, rule)?;
    let mut end = None;
    for (i, &(x, y)) in moves.iter().enumerate() {
        if end.is_some() {
            return Err(crate::Error::AfterEnd(i + 1));
        }
        end = play_checked(&mut board, x, y)?.end();
    }
    Ok((board, end))
}

/// Search settings carried by the game value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// The evaluation function.
    pub evaluator: Evaluator,
    /// The move generator.
    pub generator: Generator,
    /// Candidate cap at the root (0: none).
    pub root_cap: usize,
    /// Candidate cap at the opponent's reply to a root move (0: none).
    pub reply_cap: usize,
    /// Candidate cap deeper than that (0: none); principal-variation nodes there get the
    /// reply's cap when it is wider.
    pub cap: usize,
    /// In-search VCF node budget (0: off): the generic game's at every node where the side
    /// to move has a four, the full-strength search's (times `FIRST_REPLY_VCF_FACTOR`) right
    /// after each root move.
    pub vcf_budget: u64,
}

impl SearchSettings {
    /// The candidate cap at `ply` plies below the search's root (0: none), on the
    /// principal variation or off it. Below the reply a principal-variation node is as
    /// wide as the reply: the line the search plays is where a point cut off costs most,
    /// and a principal variation search has few such nodes (`qi bench gomoku` +0.6 %).
    pub fn cap_at(&self, ply: usize, principal_variation: bool) -> usize {
        match ply {
            0 => self.root_cap,
            1 => self.reply_cap,
            _ if principal_variation && (self.cap == 0 || self.reply_cap == 0) => 0,
            _ if principal_variation => self.cap.max(self.reply_cap),
            _ => self.cap,
        }
    }
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            evaluator: Evaluator::Patterns,
            generator: Generator::Threats,
            root_cap: ROOT_CANDIDATES,
            reply_cap: REPLY_CANDIDATES,
            cap: CANDIDATES,
            vcf_budget: IN_SEARCH_VCF_BUDGET,
        }
    }
}

/// A gomoku position for the search: the board, settings and a VCF searcher used inside
/// the search (the board sits in a cell so the read-only `outcome` can try fours on it).
#[derive(Clone)]
pub struct Gomoku {
    board: RefCell<Board>,
    threats: RefCell<ThreatSearch>,
    settings: SearchSettings,
    root_stones: usize,
}

impl Gomoku {
    /// The game at `board` with `settings`; the board's stones count as the search root.
    pub fn new(board: Board, settings: SearchSettings) -> Gomoku {
        let root_stones = board.stones();
        Gomoku {
            board: RefCell::new(board),
            threats: RefCell::new(ThreatSearch::new()),
            settings,
            root_stones,
        }
    }

    /// A copy of the current board.
    pub fn board(&self) -> Board {
        self.board.borrow().clone()
    }

    /// Nodes the in-search VCF visited.
    pub fn vcf_nodes(&self) -> u64 {
        self.threats.borrow().nodes
    }

    fn ply(&self, board: &Board) -> usize {
        board.stones().saturating_sub(self.root_stones)
    }
}

impl Game for Gomoku {
    type Move = Point;
    const MOVE_CODES: usize = CELLS;

    fn side_to_move(&self) -> Player {
        match self.board.borrow().to_move() {
            Color::Black => Player::First,
            Color::White => Player::Second,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Point>) {
        let board = self.board.borrow();
        // The generic search does not tell principal-variation nodes apart.
        let cap = self.settings.cap_at(self.ply(&board), false);
        movegen::generate(&board, self.settings.generator, cap, moves);
    }

    #[inline]
    fn play(&mut self, mv: Point) {
        self.board.get_mut().play(mv);
    }

    #[inline]
    fn undo(&mut self, _mv: Point) {
        self.board.get_mut().undo();
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut board = self.board.borrow_mut();
        if board.last_move_won() {
            return Some(Outcome::Loss);
        }
        if board.is_full() {
            return Some(Outcome::Draw);
        }
        let ply = self.ply(&board);
        let me = board.to_move();
        let opp = me.other();
        if board.has_five_point(me) {
            return Some(Outcome::Utility(win_in(ply + 1)));
        }
        let opp_fives = board.threat_count(opp, Threat::Five);
        if opp_fives >= 2 {
            return Some(Outcome::Utility(loss_in(ply + 2)));
        }
        if opp_fives == 1 && me == Color::Black && board.rule().has_forbidden(me) {
            let block = board.points_with(opp, Threat::Five).next();
            if block.is_some_and(|p| renju::is_forbidden(&board, p)) {
                return Some(Outcome::Utility(loss_in(ply + 2)));
            }
        }
        if self.settings.vcf_budget > 0
            && opp_fives == 0
            && board.threats_at_least(me, Threat::Four) > 0
        {
            // Right after a root move the opponent's fours get a closer look: a VCF there
            // refutes the root move.
            let budget = if ply == 1 {
                self.settings.vcf_budget * FIRST_REPLY_VCF_FACTOR
            } else {
                self.settings.vcf_budget
            };
            let mut threats = self.threats.borrow_mut();
            if let Some(win) = threats.vcf(&mut board, IN_SEARCH_VCF_MAX_PLIES, budget) {
                return Some(Outcome::Utility(win_in(ply + win.plies())));
            }
        }
        None
    }

    /// No legal move but empty points: Black's only blocks are forbidden, so Black loses.
    fn outcome_without_moves(&self) -> Outcome {
        if self.board.borrow().is_full() {
            Outcome::Draw
        } else {
            Outcome::Loss
        }
    }

    fn evaluate(&self) -> Score {
        eval::evaluate(&self.board.borrow(), self.settings.evaluator)
    }

    fn hash(&self) -> Option<u64> {
        Some(self.board.borrow().hash())
    }

    fn move_code(&self, mv: Point) -> u16 {
        mv
    }

    fn order_hint(&self, mv: Point) -> i32 {
        movegen::point_score(&self.board.borrow(), mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::replay_text;
    use crate::rules::Rule;

    /// Principal-variation nodes below the reply get the reply's width; every other node
    /// keeps its ply's cap, and no cap (0) stays none.
    #[test]
    fn principal_variation_nodes_below_the_reply_are_as_wide_as_the_reply() {
        let settings = SearchSettings::default();
        assert_eq!(settings.cap_at(0, true), settings.root_cap);
        assert_eq!(settings.cap_at(1, false), settings.reply_cap);
        for ply in 2..6 {
            assert_eq!(settings.cap_at(ply, false), settings.cap);
            assert_eq!(settings.cap_at(ply, true), settings.reply_cap);
        }
        assert!(settings.reply_cap > settings.cap);
        let uncapped = SearchSettings { cap: 0, ..settings };
        assert_eq!(uncapped.cap_at(3, true), 0);
        let wide_reply = SearchSettings {
            reply_cap: 0,
            ..settings
        };
        assert_eq!(wide_reply.cap_at(3, true), 0);
        assert_eq!(wide_reply.cap_at(3, false), settings.cap);
    }

    #[test]
    fn a_renju_foul_played_ends_the_game_for_white_in_words() {
        // Black's h8 makes two open threes (i8 j8 and h9 h10).
        let (_, end) = replay_text(15, Rule::Renju, "i8 a1 j8 a3 h9 a5 h10 a7 h8").unwrap();
        let end = end.expect("the foul ends the game");
        assert_eq!(end, GameEnd::Foul(Foul::DoubleThree));
        assert_eq!(end.winner(), Some(Color::White));
        assert_eq!(end.id(), "forbidden");
        assert_eq!(
            end.to_string(),
            "Black played a forbidden point (double three)"
        );
        // The same move is fine where nothing is forbidden.
        let (_, end) = replay_text(15, Rule::Freestyle, "i8 a1 j8 a3 h9 a5 h10 a7 h8").unwrap();
        assert_eq!(end, None);
    }

    #[test]
    fn black_has_a_point_unless_every_empty_one_is_forbidden() {
        let board = Board::new(15, Rule::Renju).unwrap();
        assert!(!black_has_no_point(&board));
        let (board, _) = replay_text(15, Rule::Renju, "i8 a1 j8 a3 h9 a5 h10 a7").unwrap();
        assert!(
            !black_has_no_point(&board),
            "h8 is forbidden, the rest is not"
        );
        assert_eq!(GameEnd::NoPointForBlack.winner(), Some(Color::White));
        assert_eq!(GameEnd::Draw.winner(), None);
        assert_eq!(GameEnd::Won(Color::Black).to_string(), "five in a row");
    }
}
