//! The gomoku position as a [`qi_search::Game`], and rule-checked moves for callers.

use crate::board::{Board, MoveError, Point, CELLS};
use crate::eval::{self, Evaluator, Threat};
use crate::movegen::{self, Generator};
use crate::params::{
    CANDIDATES, FIRST_REPLY_VCF_FACTOR, IN_SEARCH_VCF_BUDGET, IN_SEARCH_VCF_MAX_PLIES,
    ROOT_CANDIDATES,
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
}

/// How the game ended, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// `0` won.
    Won(Color),
    /// Black lost by playing a forbidden point.
    Foul(Foul),
    /// The board filled up.
    Draw,
}

/// Plays the side to move's stone at `(x, y)` after checking it: on the board, empty,
/// game not over. A forbidden Black move in renju is played and reported (it loses).
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
    } else {
        MoveResult::Continue
    })
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
        match play_checked(&mut board, x, y)? {
            MoveResult::Continue => {}
            MoveResult::Five(c) => end = Some(GameEnd::Won(c)),
            MoveResult::Forbidden(f) => end = Some(GameEnd::Foul(f)),
            MoveResult::Draw => end = Some(GameEnd::Draw),
        }
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
    /// Candidate cap below the root (0: none).
    pub cap: usize,
    /// VCF node budget at each search node where the side to move has a four (0: off).
    pub vcf_budget: u64,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            evaluator: Evaluator::Patterns,
            generator: Generator::Threats,
            root_cap: ROOT_CANDIDATES,
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
        let cap = if self.ply(&board) == 0 {
            self.settings.root_cap
        } else {
            self.settings.cap
        };
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
