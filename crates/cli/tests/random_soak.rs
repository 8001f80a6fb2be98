//! Random-game soak: seeded self-play of tic-tac-toe, gomoku (freestyle, standard, renju)
//! and Xiangqi with every move, check, ending and notation cross-checked.
//!
//! * Tic-tac-toe: the winner against the eight lines counted here; the compact text and the
//!   symmetry key.
//! * Gomoku: every move's result (five, forbidden, draw) against a run counter written here
//!   (five or more wins in freestyle, exactly five in standard, renju: exactly five for
//!   Black, five or more for White, Black's overline forbidden); the move text, the typed
//!   move list and the SGF record read back to the same board; undoing every move gives
//!   the empty board back.
//! * Xiangqi: at every ply the FEN read back, the incremental key, the legal-move count,
//!   `gives_check` for every legal move against the position after it, make/unmake; the
//!   move played parses back from its ICCS, WXF and Chinese texts; the ending agrees with
//!   the moves left (no legal move: mate in check, stalemate out of it, the mover wins);
//!   the game read back from its PGN and from its WXF and Chinese move lists.
//!
//! Moves are random, biased to captures (Xiangqi) and to points near the stones (gomoku) so
//! games reach their endings. CI plays `QI_SOAK_GAMES` (default 50) games of each kind
//! (about a second); the long run:
//! `QI_SOAK_GAMES=10000 cargo test -p qi --test random_soak -- --nocapture`.
//! `QI_SOAK_SEED` changes the seed. The independent rule oracles (Fairy-Stockfish via
//! pyffish: `scripts/xiangqi_oracle_games.py`, `scripts/xiangqi_oracle_check.py`) run where
//! they are installed.

use qi_gomoku::board::xy;
use qi_gomoku::{format_point, parse_move, replay_text, Board, Color, MoveResult, Rule};
use qi_tictactoe::Board as TicTacToe;
use qi_web::{gomoku::Options, gomoku_sgf};
use qi_xiangqi::{pgn, Game, Position, Reason, Winner};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn games() -> u64 {
    env_number("QI_SOAK_GAMES", 50)
}

fn seed() -> u64 {
    env_number("QI_SOAK_SEED", 0x50a6)
}

// ---------------------------------------------------------------- tic-tac-toe

/// The winner by the eight lines, counted here: `Some('x')`, `Some('o')` or `None`.
fn three_in_a_row(cells: &[char]) -> Option<char> {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    LINES
        .iter()
        .map(|l| (cells[l[0]], cells[l[1]], cells[l[2]]))
        .find(|&(a, b, c)| a != '.' && a == b && b == c)
        .map(|(a, _, _)| a)
}

#[test]
fn tictactoe_random_games_agree_with_an_independent_line_count() {
    let mut rng = Rng(seed());
    for game in 0..games() {
        let mut board = TicTacToe::empty();
        loop {
            let compact = board.to_compact();
            let cells: Vec<char> = compact.chars().filter(|&c| c != '/').collect();
            let winner = three_in_a_row(&cells);
            let expected = winner.map(|c| c.to_string());
            let got = board
                .winner()
                .map(|m| m.symbol().to_ascii_lowercase().to_string());
            assert_eq!(got, expected, "game {game}: winner of {compact}");
            let full = !cells.contains(&'.');
            assert_eq!(board.is_over(), winner.is_some() || full, "{compact}");
            let again: TicTacToe = compact.parse().expect("its own text");
            assert_eq!(again.key(), board.key(), "{compact} read back");
            for t in 0..8 {
                let turned = board.transformed(t);
                assert_eq!(
                    turned.canonical_key(),
                    board.canonical_key(),
                    "{compact} t{t}"
                );
                assert_eq!(turned.winner(), board.winner(), "{compact} t{t}");
            }
            if board.is_over() {
                break;
            }
            let empty: Vec<u8> = (0..9).filter(|&s| board.get(s).is_none()).collect();
            board.place(empty[rng.below(empty.len())]);
        }
    }
}

// ---------------------------------------------------------------- gomoku

/// The runs of `color` through `(x, y)` in the four directions, counted here.
fn runs(board: &Board, color: Color, x: i64, y: i64) -> [usize; 4] {
    let mine = |x: i64, y: i64| {
        board
            .point(x, y)
            .is_some_and(|p| board.stone(p) == Some(color))
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].map(|(dx, dy)| {
        let mut n = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
            while mine(cx, cy) {
                n += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        n
    })
}

/// Whether a run of `run` stones wins for `color` under `rule`.
fn run_wins(rule: Rule, color: Color, run: usize) -> bool {
    match (rule, color) {
        (Rule::Freestyle, _) | (Rule::Renju, Color::White) => run >= 5,
        (Rule::Standard, _) | (Rule::Renju, Color::Black) => run == 5,
    }
}

/// A random point: near the last stones most of the time, anywhere sometimes.
fn gomoku_point(board: &Board, rng: &mut Rng) -> qi_gomoku::Point {
    let near: Vec<_> = board.near_points().filter(|&p| board.is_empty(p)).collect();
    if !near.is_empty() && rng.below(8) != 0 {
        return near[rng.below(near.len())];
    }
    let empty: Vec<_> = board.empty_points().collect();
    empty[rng.below(empty.len())]
}

fn gomoku_games(rule: Rule) {
    let mut rng = Rng(seed() ^ rule as u64);
    let mut ends = [0u32; 4];
    for game in 0..games() {
        let size = [15, 15, 19, 7][game as usize % 4];
        let mut board = Board::new(size, rule).expect("a board");
        let fresh = board.hash();
        let end = loop {
            let color = board.to_move();
            let p = gomoku_point(&board, &mut rng);
            let (x, y) = xy(p);
            let text = format_point(p);
            assert_eq!(parse_move(&text), Ok((x as i64, y as i64)), "{text}");
            let result = qi_gomoku::play_checked(&mut board, x as i64, y as i64)
                .unwrap_or_else(|e| panic!("game {game}: {text} refused: {e}"));
            // One direction is enough: exactly five across, an overline down still wins
            // where only exactly five does.
            let lines = runs(&board, color, x as i64, y as i64);
            let wins = lines.iter().any(|&n| run_wins(rule, color, n));
            let run = lines.iter().copied().max().unwrap_or(1);
            let moves: Vec<String> = board.moves().map(format_point).collect();
            match result {
                MoveResult::Five(c) => {
                    assert_eq!(c, color);
                    assert!(
                        wins,
                        "{rule} game {game}: five of {run} at {text}: {moves:?}"
                    );
                    break 1;
                }
                MoveResult::Forbidden(foul) => {
                    assert!(rule == Rule::Renju && color == Color::Black, "{foul:?}");
                    assert!(!wins, "forbidden {foul:?} though it makes five: {moves:?}");
                    break 2;
                }
                MoveResult::Draw => {
                    assert!(!wins && board.is_full(), "draw: {moves:?}");
                    break 3;
                }
                MoveResult::NoPointForBlack => {
                    assert!(rule == Rule::Renju && color == Color::White && !wins);
                    assert!(board
                        .empty_points()
                        .all(|p| qi_gomoku::renju::foul(&board, p).is_some()));
                    break 2;
                }
                MoveResult::Continue => {
                    assert!(
                        !wins,
                        "{rule}: a winning run of {run} at {text} missed: {moves:?}"
                    );
                    assert!(
                        !(rule == Rule::Renju && color == Color::Black && run > 5),
                        "a Black overline not forbidden: {moves:?}"
                    );
                }
            }
            if board.stones() > 120 && rng.below(4) == 0 {
                break 0;
            }
        };
        ends[end] += 1;
        // The typed list and the SGF record read back to the same board.
        let moves: Vec<String> = board.moves().map(format_point).collect();
        let (typed, _) = replay_text(size, rule, &moves.join(" "))
            .unwrap_or_else(|e| panic!("replay {moves:?}: {e}"));
        assert_eq!(typed.hash(), board.hash(), "{moves:?}");
        let points: Vec<_> = board.moves().collect();
        let sgf = gomoku_sgf::write(Options { rule, size }, &points, None);
        let record =
            gomoku_sgf::read(&sgf, Options::default()).unwrap_or_else(|e| panic!("{sgf}: {e:?}"));
        assert_eq!(record.moves, moves, "{sgf}");
        assert_eq!((record.options.rule, record.options.size), (rule, size));
        while board.undo().is_some() {}
        assert_eq!(board.hash(), fresh, "undoing every move");
    }
    eprintln!(
        "gomoku {rule}: {} games: {} fives, {} fouls, {} full boards, {} cut",
        games(),
        ends[1],
        ends[2],
        ends[3],
        ends[0]
    );
}

#[test]
fn gomoku_freestyle_random_games_agree_with_an_independent_run_count() {
    gomoku_games(Rule::Freestyle);
}

#[test]
fn gomoku_standard_random_games_agree_with_an_independent_run_count() {
    gomoku_games(Rule::Standard);
}

#[test]
fn gomoku_renju_random_games_agree_with_an_independent_run_count() {
    gomoku_games(Rule::Renju);
}

// ---------------------------------------------------------------- Xiangqi

/// Checks one position: FEN and key, legal-move count, every legal move's check flag and
/// make/unmake.
fn check_position(pos: &Position) {
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again.key(), pos.key(), "{fen}");
    assert_eq!(pos.key(), pos.compute_key(), "{fen}");
    let legal = pos.legal_moves();
    assert_eq!(pos.count_legal(), legal.len() as u64, "{fen}");
    let mut play = pos.clone();
    for &mv in legal.iter() {
        let checks = pos.gives_check(mv);
        let undo = play.make_move(mv);
        assert_eq!(
            checks,
            play.in_check(),
            "{fen}: gives_check {}",
            mv.to_iccs()
        );
        play.unmake_move(mv, undo);
    }
    assert_eq!(play.to_fen(), fen, "make/unmake");
}

#[test]
fn xiangqi_random_games_keep_notation_checks_and_endings_consistent() {
    let mut rng = Rng(seed() ^ 0x0c4e55);
    let mut reasons = std::collections::BTreeMap::<String, u32>::new();
    for game_no in 0..games() {
        let mut game = Game::new(Position::startpos());
        let (mut wxf, mut chinese) = (Vec::new(), Vec::new());
        let outcome = loop {
            let pos = game.position().clone();
            check_position(&pos);
            let legal = pos.legal_moves();
            if let Some(outcome) = game.outcome() {
                if legal.is_empty() {
                    let expected = if pos.in_check() {
                        Reason::Checkmate
                    } else {
                        Reason::Stalemate
                    };
                    assert_eq!(outcome.reason, expected, "{}", pos.to_fen());
                    assert_eq!(
                        outcome.winner,
                        Winner::against(pos.side_to_move()),
                        "no move loses"
                    );
                }
                if outcome.reason == Reason::MoveRule {
                    assert!(pos.halfmove_clock() >= 120, "{}", pos.to_fen());
                }
                break Some(outcome);
            }
            assert!(
                !legal.is_empty(),
                "no legal move but no ending: {}",
                pos.to_fen()
            );
            if game.moves().len() >= 400 {
                break None;
            }
            // Captures most of the time, so games reach endings.
            let captures: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| pos.captured_piece(m).is_some())
                .collect();
            let mv = if !captures.is_empty() && rng.below(10) < 7 {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            let iccs = mv.to_iccs();
            let w = pos.to_wxf(mv).expect("a WXF text");
            let c = pos.to_chinese(mv).expect("a Chinese text");
            for text in [&iccs, &w, &c] {
                assert_eq!(pos.parse_move(text), Ok(mv), "{text} in {}", pos.to_fen());
            }
            wxf.push(w);
            chinese.push(c);
            game.push(mv).expect("a legal move");
        };
        let name = outcome.map_or("cut at 400 plies".into(), |o| format!("{:?}", o.reason));
        *reasons.entry(name).or_default() += 1;
        // The game read back from its PGN and from its WXF and Chinese move lists.
        let iccs: Vec<String> = game.moves().iter().map(|m| m.to_iccs()).collect();
        let start = Position::startpos().to_fen();
        let header = pgn::PgnHeader {
            event: "soak",
            red: "?",
            black: "?",
            extra: &[],
            start_fen: &start,
            result: outcome.map_or("*", |o| o.result_str()),
            date: "????.??.??",
        };
        let text = pgn::write(&header, &iccs, true);
        for list in [
            pgn::read(&text).expect("its own PGN").moves,
            wxf.clone(),
            chinese.clone(),
        ] {
            let mut replay = Game::new(Position::startpos());
            for m in &list {
                replay
                    .push_str(m)
                    .unwrap_or_else(|e| panic!("game {game_no}: {m}: {e}"));
            }
            assert_eq!(replay.moves(), game.moves(), "game {game_no}");
            assert_eq!(replay.outcome(), outcome, "game {game_no}");
        }
    }
    eprintln!("xiangqi: {} games: {reasons:?}", games());
}
