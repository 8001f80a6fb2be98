//! `qi explain GAME`: the arguments, read into [`qi_explain`]'s choices and printed.

use anyhow::Result;
use qi_explain::{Choices, Top};
use qi_gomoku::Rule;
use qi_search::Algorithm;

/// The options every game's `qi explain` shares.
#[derive(clap::Args, Debug, Clone)]
pub struct CommonArgs {
    /// Depth of the search shown, in plies, 1 to 64 (each game has its default).
    #[arg(long, value_parser = crate::args::depth, allow_negative_numbers = true)]
    pub depth: Option<u32>,
    /// Algorithm whose tree is shown: minimax, negamax, alphabeta or pvs.
    #[arg(long, default_value = "alphabeta")]
    pub algo: Algorithm,
    /// Order moves in the tree shown (hash move, killers, history, the game's hints).
    #[arg(long)]
    pub ordering: bool,
    /// Keep only the N moves at each node that the mover's evaluation likes best one move
    /// ahead ('all': every move), in the tree and the table alike.
    #[arg(long)]
    pub top: Option<Top>,
    /// Print the tree as Graphviz DOT instead of text.
    #[arg(long)]
    pub dot: bool,
    /// Do not draw trees larger than this many nodes.
    #[arg(long, default_value_t = 2000, value_parser = crate::args::drawn_nodes, allow_negative_numbers = true)]
    pub max_nodes: usize,
}

impl CommonArgs {
    fn choices(&self) -> Choices {
        Choices {
            depth: self.depth,
            algorithm: self.algo,
            ordering: self.ordering,
            top: self.top,
            dot: self.dot,
            max_nodes: self.max_nodes,
        }
    }
}

/// Arguments of `qi explain tictactoe`.
#[derive(clap::Args, Debug)]
pub struct TicTacToeArgs {
    /// The board, e.g. 'xo./.x./..o'.
    board: String,
    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments of `qi explain gomoku`.
#[derive(clap::Args, Debug)]
pub struct GomokuArgs {
    /// The moves so far, Black first: `h8 i9 …` or `7,7 8,8 …`.
    #[arg(long, default_value = "")]
    moves: String,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: Rule,
    /// Board size, 5 to 22.
    #[arg(long, default_value_t = 15)]
    size: usize,
    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments of `qi explain xiangqi`.
#[derive(clap::Args, Debug)]
pub struct XiangqiArgs {
    /// Position in FEN (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from the position first (ICCS, WXF or Chinese, space separated).
    #[arg(long)]
    moves: Option<String>,
    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments of `qi explain connect4`.
#[derive(clap::Args, Debug)]
pub struct Connect4Args {
    /// The moves so far, one column digit 1–7 each, Red first (e.g. 4453; empty: the start).
    #[arg(long, default_value = "")]
    moves: String,
    #[command(flatten)]
    common: CommonArgs,
}

/// `qi explain tictactoe`.
pub fn tictactoe(args: TicTacToeArgs) -> Result<()> {
    print!(
        "{}",
        qi_explain::tictactoe::explain_board(&args.board, &args.common.choices())?
    );
    Ok(())
}

/// `qi explain gomoku`.
pub fn gomoku(args: GomokuArgs) -> Result<()> {
    let choices = args.common.choices();
    let text = qi_explain::gomoku::explain_moves(&args.moves, args.rule, args.size, &choices)?;
    print!("{text}");
    Ok(())
}

/// `qi explain xiangqi`.
pub fn xiangqi(args: XiangqiArgs) -> Result<()> {
    let choices = args.common.choices();
    let text = qi_explain::xiangqi::explain_position(
        args.fen.as_deref(),
        args.moves.as_deref(),
        &choices,
    )?;
    print!("{text}");
    Ok(())
}

/// `qi explain connect4`.
pub fn connect4(args: Connect4Args) -> Result<()> {
    let text = qi_explain::connect4::explain_moves(&args.moves, &args.common.choices())?;
    print!("{text}");
    Ok(())
}
