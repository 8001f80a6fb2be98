//! A synthetic game of random trees, for differential tests and benchmarks.
//!
//! Everything about a node (branching, terminal utility, heuristic value, ordering hint)
//! is a hash of its key, so a tree is reproducible from its seed and costs no memory.
//! With `transpositions`, the key depends on which moves each player made but not on their
//! order, so the same position is reached along different paths, as in real games.

use crate::game::{Game, Outcome, Player};
use crate::score::Score;

/// A random game tree; moves are child indices.
#[derive(Clone, Debug)]
pub struct RandomTree {
    seed: u64,
    max_branching: u8,
    max_depth: u32,
    value_range: Score,
    transpositions: bool,
    /// Per player: the order-independent sum of their moves' hashes.
    sums: [u64; 2],
    path: Vec<(u8, u64)>,
}

/// A good 64-bit mixing function (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl RandomTree {
    /// A tree with up to `max_branching` (1..=255) children per node, ending at `max_depth`
    /// plies at the latest, with utilities and evaluations in `±value_range`.
    pub fn new(seed: u64, max_branching: u8, max_depth: u32, value_range: Score) -> Self {
        RandomTree {
            seed,
            max_branching: max_branching.max(1),
            max_depth,
            value_range: value_range.max(1),
            transpositions: false,
            sums: [0, 0],
            path: Vec::new(),
        }
    }

    /// The same tree family, but with transpositions.
    pub fn with_transpositions(mut self) -> Self {
        self.transpositions = true;
        self
    }

    fn depth(&self) -> u32 {
        self.path.len() as u32
    }

    /// The key of the current node (also its hash).
    pub fn key(&self) -> u64 {
        let base = mix(self.seed ^ mix(self.depth() as u64));
        if self.transpositions {
            mix(base ^ mix(self.sums[0]) ^ mix(self.sums[1].rotate_left(17)))
        } else {
            self.path.last().map_or(base, |&(_, k)| k)
        }
    }

    fn branching(&self) -> u8 {
        if self.depth() >= self.max_depth {
            return 0;
        }
        let k = mix(self.key() ^ 0xB5);
        // About one node in eight ends early, so trees have uneven depth.
        if self.depth() > 0 && k % 8 == 0 {
            0
        } else {
            1 + ((k >> 8) % self.max_branching as u64) as u8
        }
    }

    fn value(&self, salt: u64) -> Score {
        let range = self.value_range as u64 * 2 + 1;
        (mix(self.key() ^ salt) % range) as Score - self.value_range
    }
}

impl Game for RandomTree {
    type Move = u8;
    const MOVE_CODES: usize = 256;

    fn side_to_move(&self) -> Player {
        if self.depth() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..self.branching());
    }

    fn play(&mut self, mv: u8) {
        let side = self.depth() as usize % 2;
        let child = mix(self.key() ^ (mv as u64 + 1));
        self.sums[side] =
            self.sums[side].wrapping_add(mix(mv as u64 + 1000 * self.depth() as u64 / 2));
        self.path.push((mv, child));
    }

    fn undo(&mut self, mv: u8) {
        self.path.pop();
        let side = self.depth() as usize % 2;
        self.sums[side] =
            self.sums[side].wrapping_sub(mix(mv as u64 + 1000 * self.depth() as u64 / 2));
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.branching() > 0 {
            return None;
        }
        // Some terminals are outright wins or losses, to exercise distance-encoded scores.
        Some(match mix(self.key() ^ 0x77) % 10 {
            0 => Outcome::Win,
            1 => Outcome::Loss,
            _ => Outcome::Utility(self.value(0x11)),
        })
    }

    fn evaluate(&self) -> Score {
        self.value(0x22)
    }

    fn hash(&self) -> Option<u64> {
        Some(self.key())
    }

    fn move_code(&self, mv: u8) -> u16 {
        mv as u16
    }

    fn order_hint(&self, mv: u8) -> i32 {
        (mix(self.key() ^ (mv as u64) << 8) % 16) as i32
    }
}
