//! Counts from the start, by brute force through the crate's bitboard and through an
//! independent array board written here: move sequences (perft) and distinct positions per
//! ply. The position counts are also the published ones (OEIS A212693).

use qi_connect4::{Board, Connect4};
use qi_search::Game;
use std::collections::HashSet;

/// The simplest board there is: a grid of cells, 0 empty, 1 Red, 2 Yellow.
#[derive(Clone, PartialEq, Eq, Hash)]
struct ArrayBoard {
    cells: [[u8; 6]; 7],
    heights: [usize; 7],
    discs: usize,
    won: bool,
}

impl ArrayBoard {
    fn new() -> Self {
        ArrayBoard {
            cells: [[0; 6]; 7],
            heights: [0; 7],
            discs: 0,
            won: false,
        }
    }

    fn over(&self) -> bool {
        self.won || self.discs == 42
    }

    fn moves(&self) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        (0..7).filter(|&c| self.heights[c] < 6).collect()
    }

    /// Counts `who`'s discs from (col, row) stepping (dc, dr), the cell itself excluded.
    fn run(&self, col: usize, row: usize, dc: i32, dr: i32, who: u8) -> usize {
        let (mut c, mut r, mut n) = (col as i32 + dc, row as i32 + dr, 0);
        while (0..7).contains(&c)
            && (0..6).contains(&r)
            && self.cells[c as usize][r as usize] == who
        {
            n += 1;
            c += dc;
            r += dr;
        }
        n
    }

    fn play(&mut self, col: usize) {
        let who = if self.discs % 2 == 0 { 1 } else { 2 };
        let row = self.heights[col];
        self.cells[col][row] = who;
        self.heights[col] += 1;
        self.discs += 1;
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            if 1 + self.run(col, row, dc, dr, who) + self.run(col, row, -dc, -dr, who) >= 4 {
                self.won = true;
            }
        }
    }
}

fn perft_array(board: &ArrayBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .moves()
        .into_iter()
        .map(|c| {
            let mut next = board.clone();
            next.play(c);
            perft_array(&next, depth - 1)
        })
        .sum()
}

fn perft_crate(game: &mut Connect4, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut total = 0;
    for col in moves {
        game.play(col);
        total += perft_crate(game, depth - 1);
        game.undo(col);
    }
    total
}

/// Distinct positions after each ply 0..=`plies`, level by level.
fn positions_array(plies: usize) -> Vec<usize> {
    let mut level: HashSet<ArrayBoard> = HashSet::from([ArrayBoard::new()]);
    let mut counts = vec![1];
    for _ in 0..plies {
        let mut next = HashSet::new();
        for board in &level {
            for c in board.moves() {
                let mut b = board.clone();
                b.play(c);
                next.insert(b);
            }
        }
        counts.push(next.len());
        level = next;
    }
    counts
}

fn positions_crate(plies: usize) -> Vec<usize> {
    let mut level: HashSet<Board> = HashSet::from([Board::empty()]);
    let mut counts = vec![1];
    for _ in 0..plies {
        let mut next = HashSet::new();
        for board in &level {
            for c in board.legal_columns() {
                let mut b = *board;
                b.drop_disc(c);
                next.insert(b);
            }
        }
        // Keys are unique per position, as the transposition table relies on.
        let keys: HashSet<u64> = next.iter().map(Board::key).collect();
        assert_eq!(keys.len(), next.len());
        counts.push(next.len());
        level = next;
    }
    counts
}

#[test]
fn perft_agrees_with_the_array_board() {
    let expected = [1, 7, 49, 343, 2401, 16807, 117649];
    for (depth, &want) in expected.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(
            perft_array(&ArrayBoard::new(), depth),
            want,
            "array, depth {depth}"
        );
        assert_eq!(
            perft_crate(&mut Connect4::new(Board::empty()), depth),
            want,
            "crate, depth {depth}"
        );
    }
    // From ply 7 columns fill up and games end; the two boards must still agree.
    for depth in [7, 8] {
        assert_eq!(
            perft_crate(&mut Connect4::new(Board::empty()), depth),
            perft_array(&ArrayBoard::new(), depth),
            "depth {depth}"
        );
    }
}

#[test]
fn perft_agrees_from_a_middle_game_position() {
    let record = "4453321176";
    let mut array = ArrayBoard::new();
    for c in qi_connect4::parse_moves(record).unwrap() {
        array.play(c as usize);
    }
    let board = Board::from_record(record).unwrap();
    for depth in 1..=6 {
        assert_eq!(
            perft_crate(&mut Connect4::new(board), depth),
            perft_array(&array, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn distinct_positions_per_ply_are_the_published_counts() {
    // OEIS A212693, the number of Connect Four positions after n plies.
    let published = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
    assert_eq!(positions_array(8), published);
    assert_eq!(positions_crate(8), published);
}
