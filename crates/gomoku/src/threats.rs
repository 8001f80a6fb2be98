//! Threat-space search: VCF (victory by continuous fours) and VCT (victory by continuous
//! threats: threes and fours), each with its own table and a node budget.

use crate::board::{Board, Point};
use crate::eval::Threat;
use crate::movegen::{any_legal, is_legal, stops_a_four};
use crate::params::{THREAT_NODES_BETWEEN_CLOCK_CHECKS, THREAT_TABLE_BITS};
use crate::renju;
use crate::rules::Color;
use std::time::Instant;

/// A small always-replace table of proven wins and failed searches. Its memory is taken on
/// the first store, not when the table is made or cleared: an engine that never runs a
/// threat search (the quick fuzzing sessions, level 1) never pays for it.
#[derive(Clone)]
struct Table {
    bits: u32,
    entries: Vec<(u64, u8, u8)>,
}

const WIN: u8 = 1;
const FAIL: u8 = 2;

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            bits,
            entries: Vec::new(),
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & ((1usize << self.bits) - 1)
    }

    /// `Some(true)` proven win, `Some(false)` failed at this depth or deeper.
    fn probe(&self, key: u64, depth: u32) -> Option<bool> {
        let &(k, flag, d) = self.entries.get(self.slot(key))?;
        if k != key {
            return None;
        }
        match flag {
            WIN => Some(true),
            FAIL if d as u32 >= depth => Some(false),
            _ => None,
        }
    }

    fn store(&mut self, key: u64, win: bool, depth: u32) {
        if self.entries.is_empty() {
            self.entries = vec![(0, 0, 0); 1 << self.bits];
        }
        let s = self.slot(key);
        self.entries[s] = (key, if win { WIN } else { FAIL }, depth.min(255) as u8);
    }

    fn clear(&mut self) {
        self.entries = Vec::new();
    }
}

/// What a threat search found for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatWin {
    /// The winning line: attacker's moves and the forced replies, starting with the
    /// attacker's first move.
    pub line: Vec<Point>,
}

impl ThreatWin {
    /// The first move of the win.
    pub fn first(&self) -> Point {
        self.line[0]
    }

    /// Plies until the five is on the board (the line ends with the five, or with the
    /// defender's last move where the attacker is left with a five to make, as
    /// [`ThreatWin::completed`] shows; or, where Black has no legal point left, with the
    /// move that left him none).
    pub fn plies(&self) -> usize {
        self.line.len()
    }

    /// The win with the five that ends it. A line found from `board` may stop where the
    /// attacker is left with a five to make (the defender's last block cannot cover both
    /// points); the five is added so that the line shows the whole win and its length is
    /// the distance to the five. A line that does not replay on `board` is kept as it is.
    pub fn completed(mut self, board: &Board) -> ThreatWin {
        let attacker = board.to_move();
        let mut after = board.clone();
        for &p in &self.line {
            if !after.is_empty(p) || after.last_move_won() {
                return self;
            }
            after.play(p);
        }
        if after.to_move() == attacker && !after.last_move_won() {
            self.line
                .extend(after.points_with(attacker, Threat::Five).next());
        }
        self
    }
}

/// The VCF/VCT searcher: two tables and node counters.
#[derive(Clone)]
pub struct ThreatSearch {
    vcf_table: Table,
    vct_table: Table,
    /// Nodes visited since the last [`ThreatSearch::reset_nodes`].
    pub nodes: u64,
    budget: u64,
    aborted: bool,
    deadline: Option<Instant>,
}

impl Default for ThreatSearch {
    fn default() -> Self {
        Self::new()
    }
}

const VCF_SALT: u64 = 0x5bd1_e995_1234_5678;
const VCT_SALT: u64 = 0x2545_f491_4f6c_dd1d;

impl ThreatSearch {
    /// A searcher with empty tables.
    pub fn new() -> ThreatSearch {
        ThreatSearch {
            vcf_table: Table::new(THREAT_TABLE_BITS),
            vct_table: Table::new(THREAT_TABLE_BITS),
            nodes: 0,
            budget: u64::MAX,
            aborted: false,
            deadline: None,
        }
    }

    /// Forgets every stored result (a new game or another rule).
    pub fn clear(&mut self) {
        self.vcf_table.clear();
        self.vct_table.clear();
    }

    /// Resets the node counter.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Searches for a VCF of the side to move within `max_plies` plies and `budget` nodes.
    pub fn vcf(&mut self, board: &mut Board, max_plies: u32, budget: u64) -> Option<ThreatWin> {
        self.budget = self.nodes.saturating_add(budget);
        self.aborted = false;
        let mut line = Vec::new();
        self.vcf_attack(board, max_plies, &mut line)
            .then_some(ThreatWin { line })
    }

    /// Searches for a VCT of the side to move within `max_plies` plies and `budget` nodes
    /// (a VCF is tried first at every attacking node).
    pub fn vct(&mut self, board: &mut Board, max_plies: u32, budget: u64) -> Option<ThreatWin> {
        self.budget = self.nodes.saturating_add(budget);
        self.aborted = false;
        let mut line = Vec::new();
        self.vct_attack(board, max_plies, &mut line)
            .then_some(ThreatWin { line })
    }

    /// Makes later searches give up at `deadline` (`None`: no time limit).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether the last search ran out of budget.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes % THREAT_NODES_BETWEEN_CLOCK_CHECKS == 0
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Attacker (side to move) plays fours only.
    fn vcf_attack(&mut self, board: &mut Board, plies: u32, line: &mut Vec<Point>) -> bool {
        let me = board.to_move();
        let opp = me.other();
        if board.has_five_point(me) {
            line.extend(board.points_with(me, Threat::Five).take(1));
            return true;
        }
        if plies < 3 || self.tick() {
            return false;
        }
        let key = board.hash() ^ VCF_SALT;
        if self.vcf_table.probe(key, plies) == Some(false) {
            return false;
        }
        let candidates: Vec<Point> = if board.has_five_point(opp) {
            // The opponent threatens five: the block must itself be a four.
            let blocks: Vec<Point> = board.points_with(opp, Threat::Five).take(2).collect();
            if blocks.len() != 1 || board.threat(me, blocks[0]) < Threat::Four {
                return false;
            }
            blocks
        } else {
            fours(board, me)
        };
        for q in candidates {
            if me == Color::Black && renju::is_forbidden(board, q) {
                continue;
            }
            board.play(q);
            line.push(q);
            let win = self.vcf_defend(board, plies - 1, line);
            board.undo();
            if win {
                self.vcf_table.store(key, true, plies);
                return true;
            }
            line.pop();
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.vcf_table.store(key, false, plies);
        }
        false
    }

    /// Defender answers a four: the only move is the block.
    fn vcf_defend(&mut self, board: &mut Board, plies: u32, line: &mut Vec<Point>) -> bool {
        let me = board.to_move();
        let att = me.other();
        if board.has_five_point(me) {
            return false;
        }
        let fives: Vec<Point> = board.points_with(att, Threat::Five).take(2).collect();
        let Some(&block) = fives.first() else {
            return false;
        };
        if fives.len() > 1 {
            // Two completing points: one is blocked, the other makes five.
            line.extend_from_slice(&fives);
            return true;
        }
        if !is_legal(board, block) {
            // The only block is forbidden for Black: the five follows whatever Black plays.
            append_unstoppable_end(board, line);
            return true;
        }
        board.play(block);
        line.push(block);
        let win = self.vcf_attack(board, plies - 1, line);
        board.undo();
        if !win {
            line.pop();
        }
        win
    }

    /// Attacker plays threes and fours.
    fn vct_attack(&mut self, board: &mut Board, plies: u32, line: &mut Vec<Point>) -> bool {
        let me = board.to_move();
        let opp = me.other();
        if board.has_five_point(me) {
            line.extend(board.points_with(me, Threat::Five).take(1));
            return true;
        }
        if plies < 3 || self.tick() {
            return false;
        }
        let key = board.hash() ^ VCT_SALT;
        if let Some(r) = self.vct_table.probe(key, plies) {
            if !r {
                return false;
            }
        }
        let candidates: Vec<Point> = if board.has_five_point(opp) {
            let blocks: Vec<Point> = board.points_with(opp, Threat::Five).take(2).collect();
            if blocks.len() != 1 {
                return false;
            }
            blocks
        } else {
            let mark = line.len();
            if self.vcf_attack(board, plies, line) {
                self.vct_table.store(key, true, plies);
                return true;
            }
            line.truncate(mark);
            if self.aborted || board.threats_at_least(opp, Threat::WinFour) > 0 {
                // The opponent's open three outpaces a three of ours; fours failed above.
                return false;
            }
            threes(board, me)
        };
        for q in candidates {
            if me == Color::Black && renju::is_forbidden(board, q) {
                continue;
            }
            board.play(q);
            line.push(q);
            let win = self.vct_defend(board, plies - 1, line);
            board.undo();
            if win {
                self.vct_table.store(key, true, plies);
                return true;
            }
            line.pop();
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.vct_table.store(key, false, plies);
        }
        false
    }

    /// Defender answers a threat: blocks of a four; against a three every defence (Black's
    /// forbidden points on its lines included, see [`stops_a_four`]) and every own four.
    /// The attack wins only if it wins against all of them.
    fn vct_defend(&mut self, board: &mut Board, plies: u32, line: &mut Vec<Point>) -> bool {
        let me = board.to_move();
        let att = me.other();
        if board.has_five_point(me) || self.tick() {
            return false;
        }
        let five_points: Vec<Point> = board.points_with(att, Threat::Five).take(2).collect();
        let defences: Vec<Point> = match five_points.len() {
            2 => {
                line.extend_from_slice(&five_points);
                return true;
            }
            1 => vec![five_points[0]],
            _ => {
                if board.threats_at_least(att, Threat::WinFour) == 0 {
                    return false;
                }
                board
                    .empty_points()
                    .filter(|&p| stops_a_four(board, att, p) || board.threat(me, p) >= Threat::Four)
                    .collect()
            }
        };
        let legal: Vec<Point> = defences
            .into_iter()
            .filter(|&p| is_legal(board, p))
            .collect();
        if legal.is_empty() {
            append_unstoppable_end(board, line);
            return true;
        }
        let mark = line.len();
        let mut first_line = None;
        for q in legal {
            board.play(q);
            let mut sub = vec![q];
            let win = self.vct_attack(board, plies - 1, &mut sub);
            board.undo();
            if !win {
                line.truncate(mark);
                return false;
            }
            if first_line.is_none() {
                first_line = Some(sub);
            }
        }
        line.extend(first_line.unwrap_or_default());
        true
    }
}

/// Appends to `line` how a win ends that the defender (to move on `board`) has no legal
/// move to stop, Black facing a five or an unstoppable four whose every answer is forbidden:
/// any legal move of his, then the attacker's five, or first the attacker's open four (or
/// two fours) and another move of his. A line that showed the forbidden block as Black's
/// move would replay a move Black may not make and count the win a ply short. Stops where
/// the defender has no legal point left, which loses by the rules.
fn append_unstoppable_end(board: &mut Board, line: &mut Vec<Point>) {
    let attacker = board.to_move().other();
    let mut played = 0;
    for _ in 0..2 {
        let Some(reply) = any_legal(board) else {
            break;
        };
        board.play(reply);
        line.push(reply);
        played += 1;
        if let Some(five) = board.points_with(attacker, Threat::Five).next() {
            line.push(five);
            break;
        }
        let Some(four) = board
            .points_with(attacker, Threat::WinFour)
            .find(|&p| is_legal(board, p))
        else {
            break;
        };
        board.play(four);
        line.push(four);
        played += 1;
    }
    for _ in 0..played {
        board.undo();
    }
}

/// Empty points where `color` makes a four or better, strongest first.
pub fn fours(board: &Board, color: Color) -> Vec<Point> {
    strongest_first(board, color, Threat::Four)
}

/// Empty points where `color` makes an open three or better, strongest first.
pub fn threes(board: &Board, color: Color) -> Vec<Point> {
    strongest_first(board, color, Threat::Three)
}

/// Empty points where `color` makes at least `least`: by threat class, then value (both
/// highest first), then point.
fn strongest_first(board: &Board, color: Color, least: Threat) -> Vec<Point> {
    // One packed key per point sorts faster than tuples compared field by field.
    let mut keys: Vec<u64> = board
        .points_with(color, least)
        .map(|p| {
            let weaker = (Threat::Five as u64 - board.threat(color, p) as u64) << 48;
            let value = board.shape_value(color, p) as i64;
            let lower = ((i32::MAX as i64 - value) as u64 & 0xFFFF_FFFF) << 16;
            weaker | lower | p as u64
        })
        .collect();
    keys.sort_unstable();
    keys.into_iter().map(|k| (k & 0xFFFF) as Point).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn a_black_three_may_be_stopped_on_a_forbidden_point() {
        // Renju, from a game against Rapfi (Qi Black, Black to move). The VCT claimed a
        // win in 5 with d10 (an open three d10-d12, closed at d14 by White) because it left
        // out White's d8, where Black would make two fours: forbidden for Black, and the
        // far end of the three, so it stops the open four. Black has no VCT after d8.
        let moves = "h8 i8 j10 i9 i7 g9 j9 j8 h10 g10 h9 h7 g8 i10 h12 h11 i12 j12 e8 f7 g13 \
            i11 f12 e12 f11 f10 e13 f13 d11 e11 d12 d14";
        let (board, _) = crate::notation::replay_text(15, Rule::Renju, moves).unwrap();
        let (d10, d8) = (board.point(3, 9).unwrap(), board.point(3, 7).unwrap());
        let (three, _) =
            crate::notation::replay_text(15, Rule::Renju, &format!("{moves} d10")).unwrap();
        assert_eq!(renju::foul(&three, d8), Some(renju::Foul::DoubleFour));
        assert!(stops_a_four(&three, Color::Black, d8));
        let (mut after, _) =
            crate::notation::replay_text(15, Rule::Renju, &format!("{moves} d10 d8")).unwrap();
        let mut search = ThreatSearch::new();
        assert_eq!(search.vct(&mut after, 13, 1_000_000), None);
        let mut b = board.clone();
        if let Some(win) = search.vct(&mut b, 15, 1_000_000) {
            assert_ne!(win.first(), d10, "{:?}", win.line);
        }
    }

    #[test]
    fn a_four_whose_block_is_forbidden_wins_by_a_legal_line() {
        // Renju, White to move. Black's c5 d5 and e3 e4 make e5 a double-three point,
        // forbidden for Black; White's d4 makes a four on the diagonal a1-d4 whose only five
        // point is e5. Black cannot block it, and the line says so with a legal move of his
        // before White's five, not with a Black stone on e5.
        let (mut board, _) =
            crate::notation::replay_text(9, Rule::Renju, "c5 a1 d5 b2 e3 c3 e4").unwrap();
        let (f, four) = (board.point(4, 4).unwrap(), board.point(3, 3).unwrap());
        assert_eq!(board.to_move(), Color::White);
        assert_eq!(renju::foul(&board, f), Some(renju::Foul::DoubleThree));
        let win = ThreatSearch::new()
            .vcf(&mut board, 9, 10_000)
            .expect("a four Black cannot block wins");
        assert_eq!(win.first(), four);
        assert_eq!(win.plies(), 3, "White's four, any Black move, White's five");
        assert_eq!(win.line[2], f);
        let mut replay = board.clone();
        for &q in &win.line {
            assert!(is_legal(&replay, q), "{:?}", win.line);
            replay.play(q);
        }
        assert!(replay.last_move_won());
        assert_eq!(win.clone().completed(&board), win);
    }

    #[test]
    fn a_win_is_completed_with_its_five() {
        let mut board = Board::new(15, Rule::Freestyle).unwrap();
        for (x, y) in [(6, 7), (0, 0), (7, 7), (0, 2), (8, 7), (0, 4)] {
            board.play(board.point(x, y).unwrap());
        }
        let p = |x, y| board.point(x, y).unwrap();
        // Black makes an open four and White blocks one end: the five at the other end is
        // the win's last move.
        let short = ThreatWin {
            line: vec![p(9, 7), p(10, 7)],
        };
        let full = short.completed(&board);
        assert_eq!(full.line, vec![p(9, 7), p(10, 7), p(5, 7)]);
        // A complete line, or one that does not replay, is kept as it is.
        assert_eq!(full.clone().completed(&board).line, full.line);
        let bad = ThreatWin {
            line: vec![p(0, 0)],
        };
        assert_eq!(bad.completed(&board).line, vec![p(0, 0)]);
    }
}
