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

    /// Number of leaves in this subtree: nodes scored without expanding them (terminal
    /// states and depth-limit evaluations), as [`crate::SearchStats::leaves`] counts them.
    pub fn leaves(&self) -> usize {
        usize::from(matches!(self.kind, NodeKind::Terminal | NodeKind::Horizon))
            + self.children.iter().map(TraceNode::leaves).sum::<usize>()
    }

    /// Number of nodes in this subtree that ended in a cutoff, as
    /// [`crate::SearchStats::beta_cutoffs`] counts them (an alpha cutoff at a MIN node is a
    /// beta cutoff in the negamax view the search works in).
    pub fn cutoffs(&self) -> usize {
        usize::from(self.kind == NodeKind::Cutoff)
            + self.children.iter().map(TraceNode::cutoffs).sum::<usize>()
    }

    /// How the textbook labels this node, `ply` plies below the root: MAX or MIN, and its
    /// window, value and bound from the root player's view.
    pub fn label(&self, ply: usize) -> NodeLabel {
        let role = Role::at(ply);
        let (alpha, beta, value) = match role {
            Role::Max => (self.alpha, self.beta, self.value),
            // The search stores the side to move's view; MIN moves for the opponent.
            Role::Min => (-self.beta, -self.alpha, -self.value),
        };
        let searched = match self.kind {
            NodeKind::Terminal => Some(Reason::Terminal),
            NodeKind::Horizon => Some(Reason::Horizon),
            NodeKind::Aborted => Some(Reason::Aborted),
            NodeKind::TableHit => None,
            NodeKind::Exact | NodeKind::FailLow | NodeKind::Cutoff => None,
        };
        let (bound, reason) = match searched {
            Some(reason) => (ValueBound::Exact, reason),
            None => {
                // Fail-soft alpha-beta: a value outside the window entered with is only a
                // bound on the true value, on the side it fell out.
                let bound = if value >= beta {
                    ValueBound::Lower
                } else if value <= alpha {
                    ValueBound::Upper
                } else {
                    ValueBound::Exact
                };
                let reason = match (self.kind, role, bound) {
                    (NodeKind::TableHit, _, _) => Reason::Table,
                    (_, _, ValueBound::Exact) => Reason::Searched,
                    (_, Role::Max, ValueBound::Lower) => Reason::BetaCutoff,
                    (_, Role::Max, ValueBound::Upper) => Reason::AllFailedLow,
                    (_, Role::Min, ValueBound::Upper) => Reason::AlphaCutoff,
                    (_, Role::Min, ValueBound::Lower) => Reason::AllFailedHigh,
                };
                (bound, reason)
            }
        };
        NodeLabel {
            role,
            alpha,
            beta,
            value,
            bound,
            reason,
        }
    }
}

/// Whose turn a node is in the textbook's MAX/MIN picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The root player moves: the node takes the largest child value.
    Max,
    /// The opponent moves: the node takes the smallest child value.
    Min,
}

impl Role {
    /// The role of a node `ply` plies below the root (the root is MAX).
    pub fn at(ply: usize) -> Role {
        if ply % 2 == 0 {
            Role::Max
        } else {
            Role::Min
        }
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Role::Max => "MAX",
            Role::Min => "MIN",
        })
    }
}

/// What a backed-up value says about the node's true (depth-limited minimax) value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueBound {
    /// The value is the true value.
    Exact,
    /// The true value is at least this value.
    Lower,
    /// The true value is at most this value.
    Upper,
}

impl std::fmt::Display for ValueBound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ValueBound::Exact => "exact",
            ValueBound::Lower => "lower bound",
            ValueBound::Upper => "upper bound",
        })
    }
}

/// Why a node has its value, in the root player's MAX/MIN view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The game is over: the value is its utility.
    Terminal,
    /// The depth limit: the value is the evaluation function's.
    Horizon,
    /// The transposition table knew enough about the position.
    Table,
    /// Every move was searched and the value lies inside the window.
    Searched,
    /// MAX node: a move reached β, so MIN above will never allow this node; the rest was pruned.
    BetaCutoff,
    /// MIN node: a move fell to α, so MAX above will never choose this node; the rest was pruned.
    AlphaCutoff,
    /// MAX node: no move beat α.
    AllFailedLow,
    /// MIN node: no move went below β.
    AllFailedHigh,
    /// The search was stopped inside the node.
    Aborted,
}

impl Reason {
    /// Whether the node stopped early because of a cutoff.
    pub fn is_cutoff(self) -> bool {
        matches!(self, Reason::BetaCutoff | Reason::AlphaCutoff)
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reason::Terminal => "game over",
            Reason::Horizon => "evaluated at the depth limit",
            Reason::Table => "from the transposition table",
            Reason::Searched => "every move searched",
            Reason::BetaCutoff => "beta cutoff",
            Reason::AlphaCutoff => "alpha cutoff",
            Reason::AllFailedLow => "every move failed low",
            Reason::AllFailedHigh => "every move failed high",
            Reason::Aborted => "search stopped",
        })
    }
}

/// A node as the textbook draws it: all values from the root player's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLabel {
    /// MAX or MIN.
    pub role: Role,
    /// Lower end of the window the node was entered with.
    pub alpha: Score,
    /// Upper end of that window.
    pub beta: Score,
    /// The backed-up value.
    pub value: Score,
    /// What the value says about the true value.
    pub bound: ValueBound,
    /// Why the node has this value.
    pub reason: Reason,
}

impl NodeLabel {
    /// Whether the window is the whole line (no pruning information yet, or minimax).
    pub fn full_window(&self) -> bool {
        self.alpha <= -INFINITY && self.beta >= INFINITY
    }

    /// The note printed after the value: the bound when it is one, and why.
    pub fn note(&self) -> String {
        match (self.bound, self.reason) {
            (_, Reason::Searched) => String::new(),
            (ValueBound::Exact, reason) => reason.to_string(),
            (bound, reason) => format!("{bound}: {reason}"),
        }
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
