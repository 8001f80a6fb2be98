//! Hooks into a running search, for showing the tree it explores.
//!
//! The searches are generic over an [`Observer`]; the default [`NoObserver`] compiles to
//! nothing, so the hooks cost nothing on the hot path.

use crate::score::{Score, INFINITY};

/// How a node's value was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A terminal state: the value is its utility.
    Terminal,
    /// The depth limit: the value is the heuristic evaluation.
    Horizon,
    /// The transposition table already knew enough about this position.
    TableHit,
    /// Every move was searched and the value lies inside the window.
    Exact,
    /// Every move failed low: the value is an upper bound.
    FailLow,
    /// A move reached beta: the value is a lower bound and the other moves were pruned.
    Cutoff,
    /// The search was stopped inside this node.
    Aborted,
}

/// Receives the events of a search. Values and windows are from the side to move's view.
pub trait Observer<M> {
    /// A node is entered by `mv` (`None` at the root) with `depth` plies to go and window `(alpha, beta)`.
    fn enter(&mut self, _ply: usize, _mv: Option<M>, _depth: i32, _alpha: Score, _beta: Score) {}
    /// The current node is left with `value`, obtained as `kind`.
    fn leave(&mut self, _ply: usize, _value: Score, _kind: NodeKind) {}
    /// `moves` of the current node were never searched because of a cutoff.
    fn pruned(&mut self, _ply: usize, _moves: &[M]) {}
}

/// The observer that records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<M> Observer<M> for NoObserver {}

/// One node of a recorded search tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceNode<M> {
    /// The move leading here (`None` at the root).
    pub mv: Option<M>,
    /// Plies to go when entered.
    pub depth: i32,
    /// Window at entry, from the side to move's view (`±INFINITY` for minimax).
    pub alpha: Score,
    /// Upper end of the window at entry.
    pub beta: Score,
    /// The backed-up value, from the side to move's view.
    pub value: Score,
    /// How the value was obtained.
    pub kind: NodeKind,
    /// Searched children, in search order.
    pub children: Vec<TraceNode<M>>,
    /// Moves cut off without search.
    pub pruned: Vec<M>,
}

impl<M> TraceNode<M> {
    /// Number of nodes in this subtree (itself included).
    pub fn size(&self) -> usize {
        1 + self.children.iter().map(TraceNode::size).sum::<usize>()
    }
}

/// An observer that records the whole tree (for small searches: it allocates per node).
#[derive(Debug)]
pub struct TreeRecorder<M> {
    stack: Vec<TraceNode<M>>,
    roots: Vec<TraceNode<M>>,
}

impl<M> Default for TreeRecorder<M> {
    fn default() -> Self {
        TreeRecorder {
            stack: Vec::new(),
            roots: Vec::new(),
        }
    }
}

impl<M: Clone> TreeRecorder<M> {
    /// An empty recorder.
    pub fn new() -> Self {
        Self::default()
    }
    /// The recorded root trees (one per iteration of an iterative-deepening search).
    pub fn into_trees(self) -> Vec<TraceNode<M>> {
        self.roots
    }
}

impl<M: Clone> Observer<M> for TreeRecorder<M> {
    fn enter(&mut self, _ply: usize, mv: Option<M>, depth: i32, alpha: Score, beta: Score) {
        self.stack.push(TraceNode {
            mv,
            depth,
            alpha,
            beta,
            value: -INFINITY,
            kind: NodeKind::Aborted,
            children: Vec::new(),
            pruned: Vec::new(),
        });
    }
    fn leave(&mut self, _ply: usize, value: Score, kind: NodeKind) {
        let Some(mut node) = self.stack.pop() else {
            return;
        };
        node.value = value;
        node.kind = kind;
        match self.stack.last_mut() {
            Some(parent) => parent.children.push(node),
            None => self.roots.push(node),
        }
    }
    fn pruned(&mut self, _ply: usize, moves: &[M]) {
        if let Some(node) = self.stack.last_mut() {
            node.pruned.extend_from_slice(moves);
        }
    }
}
