//! The Learn view's API: the search tree of a position as qi-search's observer records it,
//! the node counts of the textbook's algorithms by depth, and each game's exercise
//! (tic-tac-toe's forced wins, gomoku's shape table, Xiangqi's evaluation terms).
//!
//! Built on `crate::explain`, so the page shows exactly what `qi explain` prints. Every
//! request is bounded: depths and moves kept per node are validated, and a tree larger than
//! [`TREE_NODE_CAP`] is refused with a 400.

use super::error::{ApiError, ApiJson};
use super::games::GameRequest;
use super::{gomoku, xiangqi};
use axum::extract::Path;
use axum::http::StatusCode;
use axum::Json;
use qi_explain::{
    gomoku::GomokuDescriber, table, tictactoe::TicTacToeDescriber, xiangqi as xq_explain,
    Describer, FlatNode, Renderer, Restricted, Settings,
};
use qi_gomoku::board::xy;
use qi_gomoku::eval::{compute_cell_value, Threat};
use qi_gomoku::pattern::Pattern;
use qi_gomoku::{format_point, Color as GomokuColor, Gomoku, SearchSettings};
use qi_search::{score, Algorithm, Game, Limits, Player, SearchConfig, Searcher, INFINITY_SCORE};
use qi_tictactoe::{Board as TttBoard, TicTacToe};
use qi_xiangqi::{Color as XqColor, PieceKind};
use qi_xiangqi_engine::eval::Accumulator;
use qi_xiangqi_engine::game::XiangqiGame;
use qi_xiangqi_engine::pst::{MATERIAL, MAX_PHASE};
use serde::Deserialize;
use serde_json::{json, Value};

/// The most nodes a tree sent to the page may have: enough for every lesson, small enough
/// for a browser to draw.
pub const TREE_NODE_CAP: u64 = 5_000;

/// The most positions all the searches of one counts request may visit in the big games'
/// minimax row (`top^depth`), so a request cannot ask for minutes of work.
pub const COUNTS_MINIMAX_CAP: u64 = 1_500;

/// A Learn request: the position (as in every game request) and what to show of it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnRequest {
    /// Game options (gomoku: rule and size).
    #[serde(default)]
    pub options: Value,
    /// The start position; the usual start when absent.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played from `start`.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Tree: the search depth (the game's default when absent). Counts: the deepest depth.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Tree: `minimax`, `negamax`, `alphabeta` (default) or `pvs`.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// Tree: order the moves (hash move, killers, history, the game's hints).
    #[serde(default)]
    pub ordering: bool,
    /// Moves kept per node, the ones the mover's evaluation likes best one move ahead
    /// (`0` or absent: the game's default, every move in tic-tac-toe, 3 in the big games).
    #[serde(default)]
    pub top: Option<usize>,
}

impl LearnRequest {
    fn game_request(&self) -> GameRequest {
        GameRequest {
            options: self.options.clone(),
            start: self.start.clone(),
            moves: self.moves.clone(),
            level: None,
            clock: None,
            lines: None,
        }
    }
}

/// Per game: the deepest depth allowed, the default depth, the default and largest `top`.
struct Bounds {
    max_depth: u32,
    default_depth: u32,
    default_top: Option<usize>,
    max_top: usize,
}

fn bounds(game: &str) -> Bounds {
    match game {
        "tictactoe" => Bounds {
            max_depth: 9,
            default_depth: 2,
            default_top: None,
            max_top: 9,
        },
        _ => Bounds {
            max_depth: 4,
            default_depth: 2,
            default_top: Some(3),
            max_top: 8,
        },
    }
}

/// The validated settings of a request for `game`.
fn settings(game: &str, request: &LearnRequest) -> Result<Settings, ApiError> {
    let b = bounds(game);
    let depth = request.depth.unwrap_or(b.default_depth);
    if !(1..=b.max_depth).contains(&depth) {
        return Err(ApiError::bad_request(format!(
            "depth {depth} is out of range (1–{} for this game)",
            b.max_depth
        )));
    }
    let top = match request.top {
        None | Some(0) => b.default_top,
        Some(n) if n <= b.max_top => Some(n),
        Some(n) => {
            return Err(ApiError::bad_request(format!(
                "top {n} is out of range (1–{} moves per node for this game)",
                b.max_top
            )))
        }
    };
    let algorithm = match request.algorithm.as_deref().unwrap_or("alphabeta") {
        "minimax" => Algorithm::Minimax,
        "negamax" => Algorithm::Negamax,
        "alphabeta" => Algorithm::AlphaBeta,
        "pvs" => Algorithm::Pvs,
        other => {
            return Err(ApiError::bad_request(format!(
                "unknown algorithm '{other}' (minimax, negamax, alphabeta or pvs)"
            )))
        }
    };
    Ok(Settings {
        depth,
        algorithm,
        ordering: request.ordering,
        top,
        dot: false,
        max_nodes: TREE_NODE_CAP as usize,
    })
}

/// A game's state for the Learn view, ready to search.
enum Position {
    TicTacToe(TicTacToe),
    // Boxed: the game states are kilobytes (gomoku) and hundreds of bytes (Xiangqi).
    Gomoku(Box<Gomoku>, GomokuDescriber, Value),
    Xiangqi(Box<XiangqiGame>),
}

fn over(what: String) -> ApiError {
    ApiError::bad_request(format!(
        "the game is over ({what}): there is nothing to search"
    ))
}

fn replay(game: &str, request: &LearnRequest) -> Result<Position, ApiError> {
    let request = request.game_request();
    if request.moves.len() > super::limits::MAX_MOVES {
        return Err(ApiError::bad_request("too many moves"));
    }
    match game {
        "tictactoe" => {
            if !request.options.is_null() && request.options != json!({}) {
                return Err(ApiError::bad_request("tic-tac-toe takes no options"));
            }
            let mut board: TttBoard = match request.start.as_deref() {
                None => TttBoard::empty(),
                Some(text) => text
                    .parse()
                    .map_err(|e| ApiError::bad_request(format!("bad board '{text}': {e}")))?,
            };
            for (ply, text) in request.moves.iter().enumerate() {
                let square = match text.trim().parse::<u8>() {
                    Ok(n @ 1..=9) if !board.is_over() && board.get(n - 1).is_none() => n - 1,
                    _ => {
                        return Err(ApiError::bad_request(format!(
                            "illegal move '{text}' (move {})",
                            ply + 1
                        )))
                    }
                };
                board.place(square);
            }
            if board.is_over() {
                return Err(over(TicTacToeDescriber.game_over(&TicTacToe::new(board))));
            }
            Ok(Position::TicTacToe(TicTacToe::new(board)))
        }
        "gomoku" => {
            let r = gomoku::replay(&request)?;
            if let Some(end) = &r.end {
                return Err(over(end.describe()));
            }
            let listed: Vec<String> = r.points.iter().map(|&p| format_point(p)).collect();
            let name = format!(
                "{} {}×{} after [{}]",
                r.options.rule.name(),
                r.options.size,
                r.options.size,
                listed.join(" ")
            );
            let stones: Vec<Value> = r
                .points
                .iter()
                .enumerate()
                .map(|(i, &p)| json!({"point": format_point(p), "color": if i % 2 == 0 { "black" } else { "white" }}))
                .collect();
            let root = json!({"size": r.options.size, "stones": stones});
            let game = Gomoku::new(r.board, SearchSettings::default());
            Ok(Position::Gomoku(
                Box::new(game),
                GomokuDescriber::new(name),
                root,
            ))
        }
        "xiangqi" => {
            let r = xiangqi::replay(&request)?;
            if let Some(outcome) = r.game.outcome() {
                return Err(over(format!("{:?}", outcome.reason)));
            }
            let game = XiangqiGame::new(r.game.position().clone());
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                return Err(over("no legal move".into()));
            }
            Ok(Position::Xiangqi(Box::new(game)))
        }
        other => Err(ApiError::not_found(format!(
            "the Learn view has no game '{other}'"
        ))),
    }
}

fn nodes_error(err: anyhow::Error) -> ApiError {
    let text = err.to_string();
    if text.contains("nodes") {
        ApiError::bad_request(format!(
            "the tree has more than {TREE_NODE_CAP} nodes, the Learn view's limit: lower the depth or keep fewer moves per node"
        ))
    } else {
        ApiError::bad_request(text)
    }
}

/// A value from the root player's view for JSON: `null` for ±∞.
fn number(v: i32) -> Value {
    if v.abs() >= INFINITY_SCORE {
        Value::Null
    } else {
        json!(v)
    }
}

/// The recorded tree of `game` as JSON; `api_move` writes a move in the API's notation and
/// `board` the position a node shows (`None`: the page replays the path from `root`).
fn tree_json<G: Game, D: Describer<G>>(
    game: &G,
    describer: &D,
    settings: &Settings,
    api_move: impl Fn(G::Move) -> String,
    board: impl Fn(&FlatNode<G::Move>) -> Value,
    root: Value,
) -> Result<Value, ApiError> {
    let (tree, result) = qi_explain::record(game, settings, TREE_NODE_CAP).map_err(nodes_error)?;
    let mut renderer = Renderer::new(describer, game);
    let flat = renderer.flatten(&tree);
    let nodes: Vec<Value> = flat
        .iter()
        .enumerate()
        .map(|(id, n)| {
            let l = n.label;
            json!({
                "id": id,
                "parent": n.parent,
                "ply": n.ply,
                "move": n.mv.map(&api_move),
                "name": n.name,
                "role": l.role.to_string(),
                "alpha": number(l.alpha),
                "beta": number(l.beta),
                "value": number(l.value),
                "window": n.window,
                "value_text": n.value,
                "bound": l.bound.to_string(),
                "reason": l.reason.to_string(),
                "cutoff": l.reason.is_cutoff(),
                "note": n.note,
                "pass": n.pass.word(),
                "board": board(n),
                "pruned": n.pruned.iter().map(|(mv, text)| json!({"move": api_move(*mv), "text": text})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let me = describer.player(game.side_to_move());
    let best = result.best_move.map(|mv| {
        json!({"move": api_move(mv), "text": format!("{me} {}", describer.move_text(game, mv))})
    });
    Ok(json!({
        "game": describer.game_name(),
        "max_player": me,
        "min_player": describer.player(game.side_to_move().other()),
        "depth": settings.depth,
        "algorithm": settings.algorithm.to_string(),
        "ordering": settings.ordering,
        "top": settings.top,
        "legend": qi_explain::legend(describer, game, settings).lines().collect::<Vec<_>>(),
        "root": root,
        "best": best,
        "value": number(result.score),
        "value_text": renderer.value(result.score),
        "tree": {"nodes": tree.size(), "leaves": tree.leaves(), "cutoffs": tree.cutoffs()},
        "stats": {
            "nodes": result.stats.nodes,
            "leaves": result.stats.leaves,
            "cutoffs": result.stats.beta_cutoffs,
        },
        "nodes": nodes,
    }))
}

/// `POST /api/games/{game}/learn/tree`.
pub async fn tree(
    Path(game): Path<String>,
    ApiJson(request): ApiJson<LearnRequest>,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let settings = settings(&game, &request)?;
        let answer = match replay(&game, &request)? {
            Position::TicTacToe(g) => tree_json(
                &g,
                &TicTacToeDescriber,
                &settings,
                |sq| (sq + 1).to_string(),
                |n| json!(n.position),
                json!(g.board.to_string()),
            ),
            Position::Gomoku(g, d, root) => {
                tree_json(&*g, &d, &settings, format_point, |_| Value::Null, root)
            }
            Position::Xiangqi(g) => tree_json(
                &*g,
                &xq_explain::XiangqiDescriber,
                &settings,
                |mv| mv.to_iccs(),
                |n| json!(n.position),
                json!(g.position.to_fen()),
            ),
        }?;
        Ok(Json(answer))
    })
    .await
}

fn counts_json<G: Game>(
    game: &G,
    top: Option<usize>,
    max_depth: u32,
    view: impl Fn(i32) -> String,
) -> Value {
    let restricted = Restricted::new(game.clone(), top);
    let depths: Vec<Value> = (1..=max_depth)
        .map(|depth| {
            let rows: Vec<Value> = table::rows(&restricted, depth)
                .into_iter()
                .map(|r| {
                    json!({
                        "name": r.name,
                        "nodes": r.nodes,
                        "leaves": r.leaves,
                        "cutoffs": r.cutoffs,
                        "value": view(r.value),
                        "complete": r.complete,
                    })
                })
                .collect();
            json!({"depth": depth, "rows": rows})
        })
        .collect();
    json!({"top": top, "max_depth": max_depth, "depths": depths})
}

/// `POST /api/games/{game}/learn/counts`: nodes per algorithm for depths 1 to `depth`.
pub async fn counts(
    Path(game): Path<String>,
    ApiJson(request): ApiJson<LearnRequest>,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let s = settings(&game, &request)?;
        if let Some(top) = s.top {
            let minimax = (top as u64).saturating_pow(s.depth);
            if game != "tictactoe" && minimax > COUNTS_MINIMAX_CAP {
                return Err(ApiError::bad_request(format!(
                    "minimax would visit about {minimax} positions at depth {} with {top} moves per node, more than the Learn view's {COUNTS_MINIMAX_CAP}: lower the depth or keep fewer moves",
                    s.depth
                )));
            }
        }
        let answer = match replay(&game, &request)? {
            Position::TicTacToe(g) => {
                let r = Renderer::new(&TicTacToeDescriber, &g);
                counts_json(&g, s.top, s.depth, |v| r.value(v))
            }
            Position::Gomoku(g, d, _) => {
                let r = Renderer::new(&d, &*g);
                counts_json(&*g, s.top, s.depth, |v| r.value(v))
            }
            Position::Xiangqi(g) => {
                let r = Renderer::new(&xq_explain::XiangqiDescriber, &*g);
                counts_json(&*g, s.top, s.depth, |v| r.value(v))
            }
        };
        Ok(Json(answer))
    })
    .await
}

/// `POST /api/games/{game}/learn/exercise`: the game's exercise on the position.
pub async fn exercise(
    Path(game): Path<String>,
    ApiJson(request): ApiJson<LearnRequest>,
) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        Ok(Json(match replay(&game, &request)? {
            Position::TicTacToe(g) => forced_wins(&g),
            Position::Gomoku(g, _, _) => shapes(&g),
            Position::Xiangqi(g) => terms(&g),
        }))
    })
    .await
}

/// Each move of the side to move solved to the end: win, draw or loss, and in how many plies.
fn forced_wins(game: &TicTacToe) -> Value {
    let mover = TicTacToeDescriber.player(game.side_to_move());
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let rows: Vec<Value> = moves
        .iter()
        .map(|&sq| {
            let after = game.result(sq);
            // The value after the move, from the mover's view.
            let value = match after.outcome() {
                Some(outcome) => -qi_search::outcome_score(outcome, 1),
                None => {
                    let mut searcher =
                        Searcher::<TicTacToe>::new(SearchConfig::plain(Algorithm::AlphaBeta));
                    -searcher.search(&after, &Limits::depth(9)).score
                }
            };
            let plies = score::plies_to_end(value).map(|p| p + 1);
            let result = match value {
                v if v > 0 && plies.is_some() => "win",
                v if v < 0 && plies.is_some() => "loss",
                _ => "draw",
            };
            json!({"move": (sq + 1).to_string(), "result": result, "plies": plies})
        })
        .collect();
    let wins: Vec<&Value> = rows
        .iter()
        .filter(|r| r["result"] == "win")
        .map(|r| &r["move"])
        .collect();
    json!({
        "kind": "forced_wins",
        "question": format!("Which {mover} moves force a win?"),
        "mover": mover,
        "winning": wins,
        "moves": rows,
    })
}

const SHAPES: [(Pattern, &str); 9] = [
    (Pattern::Two, "closed two"),
    (Pattern::OpenTwo, "open two"),
    (Pattern::Three, "closed three"),
    (Pattern::OpenThree, "open three"),
    (Pattern::Four, "four"),
    (Pattern::DoubleFour, "double four on one line"),
    (Pattern::OpenFour, "open four"),
    (Pattern::Five, "five"),
    (Pattern::Overline, "overline"),
];

fn threat_name(t: Threat) -> &'static str {
    match t {
        Threat::None => "none",
        Threat::Three => "open three",
        Threat::DoubleThree => "double three",
        Threat::Four => "four",
        Threat::FourThree => "four-three",
        Threat::WinFour => "winning four",
        Threat::Five => "five",
    }
}

/// The evaluation's weights are quarter points ([`qi_gomoku::weights`]): shown in points.
fn quarter(v: i32) -> f64 {
    v as f64 / qi_gomoku::weights::EVAL_DIVISOR as f64
}

/// The engine's shape table (what a stone making each shape on one line is worth: its
/// ordering value, and its evaluation value for the side to move and for the side
/// waiting; and the bonuses for combinations) and the shapes each side can make now.
fn shapes(game: &Gomoku) -> Value {
    let single = |p: Pattern| compute_cell_value(&[p as u8, 0, 0, 0]);
    let table: Vec<Value> = SHAPES
        .iter()
        .map(|&(p, name)| {
            let info = single(p);
            json!({
                "shape": name, "value": info.value, "threat": threat_name(info.threat),
                "to_move": quarter(info.mover), "waiting": quarter(info.waiter),
            })
        })
        .collect();
    let combo = |a: Pattern, b: Pattern, name: &str| {
        let info = compute_cell_value(&[a as u8, b as u8, 0, 0]);
        json!({
            "combination": name,
            "value": info.value,
            "bonus": info.value - single(a).value - single(b).value,
            "threat": threat_name(info.threat),
            "to_move": quarter(info.mover), "waiting": quarter(info.waiter),
        })
    };
    let combinations = vec![
        combo(Pattern::OpenThree, Pattern::OpenThree, "two open threes"),
        combo(Pattern::Four, Pattern::OpenThree, "four + open three"),
        combo(Pattern::Four, Pattern::Four, "two fours"),
    ];
    let board = game.board();
    let mut sides = Vec::new();
    for (color, name) in [(GomokuColor::Black, "black"), (GomokuColor::White, "white")] {
        let mut counts = vec![0u32; SHAPES.len()];
        let mut points = Vec::new();
        for p in board.empty_points() {
            if !board.is_near(p) {
                continue;
            }
            let mut made = Vec::new();
            for d in 0..4 {
                let pattern = board.pattern(color, p, d);
                if let Some(i) = SHAPES.iter().position(|&(s, _)| s == pattern) {
                    counts[i] += 1;
                    made.push(SHAPES[i].1);
                }
            }
            let info = board.info(color, p);
            if !made.is_empty() {
                let (x, y) = xy(p);
                points.push((
                    info.value,
                    json!({
                        "point": format_point(p), "x": x, "y": y, "shapes": made,
                        "value": info.value, "threat": threat_name(info.threat),
                    }),
                ));
            }
        }
        points.sort_by_key(|p| std::cmp::Reverse(p.0));
        points.truncate(12);
        let windows = qi_explain::gomoku::open_windows(&board, color);
        sides.push(json!({
            "side": name,
            "counts": SHAPES.iter().zip(&counts).filter(|(_, &c)| c > 0)
                .map(|(&(_, shape), c)| json!({"shape": shape, "count": c})).collect::<Vec<_>>(),
            "best_points": points.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
            "open_windows": {"four": windows[4], "three": windows[3], "two": windows[2]},
        }));
    }
    json!({
        "kind": "shapes",
        "question": "How does the engine score a gomoku shape?",
        "to_move": if board.to_move() == GomokuColor::Black { "black" } else { "white" },
        "evaluation": game.evaluate(),
        "table": table,
        "combinations": combinations,
        "sides": sides,
    })
}

const KINDS: [(PieceKind, &str); 7] = [
    (PieceKind::General, "general"),
    (PieceKind::Advisor, "advisor"),
    (PieceKind::Elephant, "elephant"),
    (PieceKind::Horse, "horse"),
    (PieceKind::Chariot, "chariot"),
    (PieceKind::Cannon, "cannon"),
    (PieceKind::Soldier, "soldier"),
];

/// The material table, each side's pieces, and the evaluation split into its terms.
fn terms(game: &XiangqiGame) -> Value {
    let pos = &game.position;
    let split = xq_explain::split(game);
    let phase = Accumulator::new(pos).phase.clamp(0, MAX_PHASE);
    let count = |color: XqColor, kind: PieceKind| {
        pos.pieces(color)
            .filter(|(_, piece)| piece.kind() == kind)
            .count()
    };
    let material: Vec<Value> = KINDS
        .iter()
        .map(|&(kind, name)| {
            let (mg, eg) = MATERIAL[kind as usize];
            json!({
                "piece": name, "middle_game": mg, "end_game": eg,
                "red": count(XqColor::Red, kind), "black": count(XqColor::Black, kind),
            })
        })
        .collect();
    let described = xq_explain::XiangqiDescriber.terms(game, Player::First);
    json!({
        "kind": "terms",
        "question": "What is behind the Xiangqi evaluation?",
        "to_move": if pos.side_to_move() == XqColor::Red { "red" } else { "black" },
        "phase": phase,
        "max_phase": MAX_PHASE,
        "material_table": material,
        "red_view": {
            "material": split.material,
            "piece_square": split.piece_square,
            "rest": split.rest,
            "total": split.material + split.piece_square + split.rest,
            "scaled_down": split.scaled_down,
        },
        "text": described.text,
    })
}

/// Runs `work` on the blocking pool: searches are real work.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|_| {
        Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the server failed to answer this request".into(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_validate_depth_top_and_algorithm() {
        let req = |depth, top, algo: &str| LearnRequest {
            depth,
            top,
            algorithm: Some(algo.into()),
            ..Default::default()
        };
        assert!(settings("tictactoe", &req(Some(9), None, "alphabeta")).is_ok());
        assert!(settings("tictactoe", &req(Some(10), None, "alphabeta")).is_err());
        assert!(settings("tictactoe", &req(Some(0), None, "alphabeta")).is_err());
        assert!(settings("gomoku", &req(Some(5), None, "alphabeta")).is_err());
        assert!(settings("gomoku", &req(Some(2), Some(9), "alphabeta")).is_err());
        assert!(settings("xiangqi", &req(Some(2), None, "mtdf")).is_err());
        let s = settings("xiangqi", &req(None, None, "pvs")).unwrap();
        assert_eq!((s.depth, s.top, s.algorithm), (2, Some(3), Algorithm::Pvs));
    }

    #[test]
    fn forced_wins_find_the_fork_and_the_finishing_move() {
        // X to move on xo./.x./..o... X at 1 and 5, O at 2 and 9: X 7 threatens 3 and 4.
        let game = TicTacToe::new("xo./.x./..o".parse().unwrap());
        let answer = forced_wins(&game);
        let wins: Vec<&str> = answer["winning"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert!(wins.contains(&"4"), "{answer}");
        assert!(wins.contains(&"7"), "{answer}");
        assert!(!wins.contains(&"3"), "{answer}");
    }
}
