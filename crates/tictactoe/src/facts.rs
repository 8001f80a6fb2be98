//! Exhaustive figures of tic-tac-toe, counted by walking the whole game tree.

use crate::board::Board;
use crate::game::TicTacToe;
use qi_search::Game;
use std::collections::HashSet;

/// The figures of `../shared/data/tictactoe/facts.txt`, counted here from scratch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Distinct games (root-to-end move sequences).
    pub games_total: u64,
    /// Games X wins.
    pub games_x_wins: u64,
    /// Games O wins.
    pub games_o_wins: u64,
    /// Drawn games.
    pub games_draw: u64,
    /// Distinct positions reachable in play, the empty board included.
    pub positions_reachable: u64,
    /// Reachable positions counted once per symmetry class.
    pub positions_up_to_symmetry: u64,
    /// Distinct positions where the game is over.
    pub terminal_positions: u64,
    /// Terminal positions counted once per symmetry class.
    pub terminal_positions_up_to_symmetry: u64,
    /// Nodes of the full game tree, root included.
    pub full_game_tree_nodes: u64,
    /// Nodes of the game tree at each depth 0..=9.
    pub nodes_per_level: [u64; 10],
}

struct Walk {
    facts: Facts,
    positions: HashSet<u32>,
    classes: HashSet<u32>,
    terminal: HashSet<u32>,
    terminal_classes: HashSet<u32>,
}

impl Walk {
    fn visit(&mut self, game: &mut TicTacToe, depth: usize) {
        let board = game.board;
        self.facts.full_game_tree_nodes += 1;
        self.facts.nodes_per_level[depth] += 1;
        self.positions.insert(board.key());
        self.classes.insert(board.canonical_key());
        if board.is_over() {
            self.terminal.insert(board.key());
            self.terminal_classes.insert(board.canonical_key());
            self.facts.games_total += 1;
            match board.winner() {
                Some(crate::Mark::X) => self.facts.games_x_wins += 1,
                Some(crate::Mark::O) => self.facts.games_o_wins += 1,
                None => self.facts.games_draw += 1,
            }
            return;
        }
        let mut moves = Vec::with_capacity(9);
        game.legal_moves(&mut moves);
        for sq in moves {
            game.play(sq);
            self.visit(game, depth + 1);
            game.undo(sq);
        }
    }
}

/// Counts every figure by enumerating all games from the empty board.
pub fn count() -> Facts {
    let mut walk = Walk {
        facts: Facts::default(),
        positions: HashSet::new(),
        classes: HashSet::new(),
        terminal: HashSet::new(),
        terminal_classes: HashSet::new(),
    };
    walk.visit(&mut TicTacToe::new(Board::empty()), 0);
    let mut facts = walk.facts;
    facts.positions_reachable = walk.positions.len() as u64;
    facts.positions_up_to_symmetry = walk.classes.len() as u64;
    facts.terminal_positions = walk.terminal.len() as u64;
    facts.terminal_positions_up_to_symmetry = walk.terminal_classes.len() as u64;
    facts
}
