//! Drawing a recorded search tree as text or Graphviz DOT, in the textbook's MAX/MIN view:
//! every value and window from the root player's side.

use super::describe::Describer;
use qi_search::{
    score, Game, NodeKind, NodeLabel, Player, Reason, Score, TraceNode, INFINITY_SCORE,
};
use std::fmt::Write;

/// Draws trees of one search: the game replayed along the tree for names and leaf terms.
pub struct Renderer<'a, G: Game, D> {
    describer: &'a D,
    game: G,
    root: Player,
}

impl<'a, G: Game, D: Describer<G>> Renderer<'a, G, D> {
    /// A renderer for trees searched from `game`.
    pub fn new(describer: &'a D, game: &G) -> Self {
        Renderer {
            describer,
            root: game.side_to_move(),
            game: game.clone(),
        }
    }

    /// A value from the root player's view, in words where it is a forced result.
    pub fn value(&self, value: Score) -> String {
        if value >= INFINITY_SCORE {
            "+∞".into()
        } else if value <= -INFINITY_SCORE {
            "−∞".into()
        } else if let Some(plies) = score::plies_to_end(value) {
            let winner = if value > 0 {
                self.root
            } else {
                self.root.other()
            };
            format!("{} wins in {plies}", self.describer.player(winner))
        } else {
            format!("{value:+}")
        }
    }

    /// The mover of the node `ply` plies down (the player who moves there).
    fn mover(&self, ply: usize) -> Player {
        if ply % 2 == 0 {
            self.root
        } else {
            self.root.other()
        }
    }

    /// The node's first line parts: name, window, value and note.
    fn describe(&mut self, node: &TraceNode<G::Move>, ply: usize, pass: Pass) -> NodeText {
        let label = node.label(ply);
        let name = match node.mv {
            None => format!("root ({})", label.role),
            Some(_) => {
                let mover = self.describer.player(self.mover(ply - 1));
                // The move was already played on the game: describe it in the state before.
                let mv = node.mv.expect("checked");
                self.game.undo(mv);
                let text = self.describer.move_text(&self.game, mv);
                self.game.play(mv);
                let pass = match pass {
                    Pass::Only => "",
                    Pass::Probe => " probe",
                    Pass::Research => " re-search",
                };
                format!("{mover} {text}{pass} ({})", label.role)
            }
        };
        let window = if label.full_window() {
            String::new()
        } else {
            format!(
                " [α {}, β {}]",
                self.value(label.alpha),
                self.value(label.beta)
            )
        };
        let note = match node.kind {
            NodeKind::Terminal => format!("game over: {}", self.describer.game_over(&self.game)),
            NodeKind::Horizon => {
                let terms = self.describer.terms(&self.game, self.root);
                match terms.total {
                    Some(total) if total != label.value => format!(
                        "EVAL: {} (the terms make {total:+}, EVAL says {:+})",
                        terms.text, label.value
                    ),
                    _ => format!("EVAL: {}", terms.text),
                }
            }
            _ => label.note(),
        };
        NodeText {
            name,
            window,
            value: self.value(label.value),
            note,
            cutoff: label.reason.is_cutoff() || label.reason == Reason::Table,
        }
    }

    /// The tree as a list in visiting order (parents before children), each node described.
    pub fn flatten(&mut self, tree: &TraceNode<G::Move>) -> Vec<FlatNode<G::Move>> {
        let mut out = Vec::with_capacity(tree.size());
        self.flatten_node(tree, None, 0, Pass::Only, &mut out);
        out
    }

    fn flatten_node(
        &mut self,
        node: &TraceNode<G::Move>,
        parent: Option<usize>,
        ply: usize,
        pass: Pass,
        out: &mut Vec<FlatNode<G::Move>>,
    ) {
        let t = self.describe(node, ply, pass);
        let id = out.len();
        let mover = self.describer.player(self.mover(ply));
        let pruned = node
            .pruned
            .iter()
            .map(|&mv| {
                (
                    mv,
                    format!("{mover} {}", self.describer.move_text(&self.game, mv)),
                )
            })
            .collect();
        out.push(FlatNode {
            parent,
            ply,
            mv: node.mv,
            name: t.name,
            label: node.label(ply),
            window: t.window.trim().to_string(),
            value: t.value,
            note: t.note,
            pass,
            position: self.describer.position(&self.game),
            pruned,
        });
        for (i, child) in node.children.iter().enumerate() {
            let mv = child.mv.expect("children have moves");
            self.game.play(mv);
            self.flatten_node(child, Some(id), ply + 1, pass_of(node, i), out);
            self.game.undo(mv);
        }
    }

    /// The tree as indented text, one line per node, pruned moves after a ✂.
    pub fn text(&mut self, tree: &TraceNode<G::Move>) -> String {
        let mut out = String::new();
        self.text_node(tree, 0, "", true, Pass::Only, &mut out);
        out
    }

    fn text_node(
        &mut self,
        node: &TraceNode<G::Move>,
        ply: usize,
        prefix: &str,
        last: bool,
        pass: Pass,
        out: &mut String,
    ) {
        let (branch, child_prefix) = match (ply, last) {
            (0, _) => ("", String::new()),
            (_, true) => ("└─ ", format!("{prefix}   ")),
            (_, false) => ("├─ ", format!("{prefix}│  ")),
        };
        let t = self.describe(node, ply, pass);
        let note = if t.note.is_empty() {
            String::new()
        } else {
            format!("  ({})", t.note)
        };
        let _ = writeln!(
            out,
            "{prefix}{branch}{}{} = {}{note}",
            t.name, t.window, t.value
        );
        let n = node.children.len();
        for (i, child) in node.children.iter().enumerate() {
            let is_last = i + 1 == n && node.pruned.is_empty();
            let pass = pass_of(node, i);
            let mv = child.mv.expect("children have moves");
            self.game.play(mv);
            self.text_node(child, ply + 1, &child_prefix, is_last, pass, out);
            self.game.undo(mv);
        }
        if !node.pruned.is_empty() {
            let moves = self.pruned_moves(node, ply);
            let _ = writeln!(out, "{child_prefix}└─ ✂ pruned: {moves}");
        }
    }

    fn pruned_moves(&self, node: &TraceNode<G::Move>, ply: usize) -> String {
        let mover = self.describer.player(self.mover(ply));
        node.pruned
            .iter()
            .map(|&mv| format!("{mover} {}", self.describer.move_text(&self.game, mv)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The tree as a Graphviz digraph; `comments` go first as `//` lines.
    pub fn dot(&mut self, tree: &TraceNode<G::Move>, title: &str, comments: &str) -> String {
        let mut out = String::new();
        for line in comments.lines() {
            let _ = writeln!(out, "// {line}");
        }
        let _ = writeln!(out, "digraph search {{");
        let _ = writeln!(
            out,
            "  label=\"{}\"; labelloc=t; fontname=\"Helvetica\";",
            escape(title)
        );
        let _ = writeln!(
            out,
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];"
        );
        let mut next = 0usize;
        self.dot_node(tree, 0, Pass::Only, &mut next, &mut out);
        out.push_str("}\n");
        out
    }

    fn dot_node(
        &mut self,
        node: &TraceNode<G::Move>,
        ply: usize,
        pass: Pass,
        next: &mut usize,
        out: &mut String,
    ) -> usize {
        let id = *next;
        *next += 1;
        let colour = if ply % 2 == 0 { "#1f6feb" } else { "#d1242f" };
        let t = self.describe(node, ply, pass);
        let mut label = format!(
            "{}{}\\n= {}",
            escape(&t.name),
            escape(&t.window),
            escape(&t.value)
        );
        if !t.note.is_empty() {
            let _ = write!(label, "\\n{}", escape(&t.note));
        }
        let width = if t.cutoff { ", penwidth=2" } else { "" };
        let _ = writeln!(
            out,
            "  n{id} [label=\"{label}\", color=\"{colour}\"{width}];"
        );
        for (i, child) in node.children.iter().enumerate() {
            let pass = pass_of(node, i);
            let mv = child.mv.expect("children have moves");
            self.game.play(mv);
            let c = self.dot_node(child, ply + 1, pass, next, out);
            self.game.undo(mv);
            let _ = writeln!(out, "  n{id} -> n{c};");
        }
        if !node.pruned.is_empty() {
            let p = *next;
            *next += 1;
            let moves = self.pruned_moves(node, ply);
            let _ = writeln!(
                out,
                "  n{p} [label=\"✂ pruned: {}\", style=dashed, color=gray, fontcolor=gray];",
                escape(&moves)
            );
            let _ = writeln!(out, "  n{id} -> n{p} [style=dashed, color=gray];");
        }
        id
    }
}

/// Which search of a move a child is: PVS probes a move with a null window and searches it
/// again with the full window when the probe lands inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// The move's only search.
    Only,
    /// PVS's null-window probe, searched again right after.
    Probe,
    /// PVS's full-window search after a probe landed inside the window.
    Research,
}

impl Pass {
    /// The pass as a word (`""` for the only one).
    pub fn word(self) -> &'static str {
        match self {
            Pass::Only => "",
            Pass::Probe => "probe",
            Pass::Research => "re-search",
        }
    }
}

/// One node of a tree laid out flat in visiting order, described as [`Renderer::text`]
/// describes it, for drawing elsewhere (the web page's Learn view).
#[derive(Clone, Debug)]
pub struct FlatNode<M> {
    /// The parent's index in the list (`None` at the root).
    pub parent: Option<usize>,
    /// Plies below the root.
    pub ply: usize,
    /// The move leading here.
    pub mv: Option<M>,
    /// The move in the game's notation, with its mover (`"X 5"`); `"root"` at the root.
    pub name: String,
    /// The MAX/MIN label: window, value and bound from the root player's view.
    pub label: NodeLabel,
    /// The window in words (`""` when it is the whole line).
    pub window: String,
    /// The value in words.
    pub value: String,
    /// Why the node has its value: bound and reason, or the leaf's evaluation terms.
    pub note: String,
    /// Which search of its move this is (PVS probes and re-searches).
    pub pass: Pass,
    /// The position here in the game's one-line notation.
    pub position: String,
    /// The moves pruned here, raw and in notation.
    pub pruned: Vec<(M, String)>,
}

fn pass_of<M: PartialEq>(node: &TraceNode<M>, i: usize) -> Pass {
    let mv = &node.children[i].mv;
    if i > 0 && &node.children[i - 1].mv == mv {
        Pass::Research
    } else if node.children.get(i + 1).is_some_and(|c| &c.mv == mv) {
        Pass::Probe
    } else {
        Pass::Only
    }
}

struct NodeText {
    name: String,
    window: String,
    value: String,
    note: String,
    cutoff: bool,
}

/// Escapes text for a double-quoted DOT string.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
