//! The Gomocup (piskvork) protocol with Yixin's extensions, on stdin/stdout.
//!
//! Every reply is one line, flushed at once. Bad or off-board input gets `ERROR …` and the
//! engine keeps running; unknown commands get `UNKNOWN …`.

use crate::line_input::{echo, read_line, InputLine, MAX_LINE_BYTES};
use anyhow::Result;
use qi_gomoku::board::xy;
use qi_gomoku::params::GOMOCUP_TT_MEGABYTES;
use qi_gomoku::time::GameClock;
use qi_gomoku::{
    forbidden_points, play_checked, propose_opening, swap_decision, Board, Engine, EngineOptions,
    OpeningLimits, OpeningRule, Point, Rule, SwapChoice,
};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

struct Session<W: Write> {
    out: W,
    verbose: bool,
    size: usize,
    rule: Rule,
    board: Option<Board>,
    engine: Engine,
    /// The manager's time limits and what the engine has spent of them this game.
    clock: GameClock,
    max_depth: Option<u32>,
    max_node: Option<u64>,
    /// A depth no search exceeds, whatever `INFO max_depth` says ([`serve_quick`]).
    depth_cap: Option<u32>,
}

/// Runs the protocol on stdin/stdout until `END` or end of input, searching with
/// `threads` threads until `INFO thread_num` says otherwise.
pub fn run(verbose: bool, threads: usize) -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let options = EngineOptions {
        threads,
        tt_megabytes: GOMOCUP_TT_MEGABYTES,
        ..EngineOptions::default()
    };
    serve_with(stdin.lock(), stdout.lock(), verbose, options, None)
}

/// Runs the protocol on any input and output (tests use buffers).
pub fn serve(input: impl BufRead, out: impl Write, verbose: bool) -> Result<()> {
    serve_with(input, out, verbose, EngineOptions::default(), None)
}

/// Runs the protocol as [`serve`] does with every search cut to depth 1 (swap decisions
/// too), no threat search (at the root or inside the search) and no transposition table:
/// the command handling is all there, the moves are weak and cost microseconds. The fuzz targets use it, where thousands of sessions run per second
/// (allocating and clearing even a 1 MB table made a session cost milliseconds).
pub fn serve_quick(input: impl BufRead, out: impl Write) -> Result<()> {
    let mut options = EngineOptions {
        vcf_budget: 0,
        vct_budget: 0,
        tt_megabytes: 0,
        ..EngineOptions::default()
    };
    options.settings.vcf_budget = 0;
    serve_with(input, out, false, options, Some(1))
}

fn serve_with(
    input: impl BufRead,
    out: impl Write,
    verbose: bool,
    options: EngineOptions,
    depth_cap: Option<u32>,
) -> Result<()> {
    // Build the pattern tables now, not in the first timed turn.
    let _ = Board::new(15, Rule::Renju);
    let mut s = Session {
        out,
        verbose,
        size: 15,
        rule: Rule::Freestyle,
        board: None,
        engine: Engine::new(options),
        depth_cap,
        clock: GameClock::with_turn_limit(5000),
        max_depth: None,
        max_node: None,
    };
    let mut input = input;
    while let Some(line) = next_line(&mut input, &mut s)? {
        let received = Instant::now();
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c.to_ascii_uppercase(), r.trim()),
            None => (line.to_ascii_uppercase(), ""),
        };
        match cmd.as_str() {
            "END" => break,
            "START" => s.start(rest),
            "RECTSTART" => s.rectstart(rest),
            "RESTART" => match s.fresh_board() {
                Ok(()) => s.say("OK"),
                Err(e) => s.say(&format!("ERROR {e}")),
            },
            "ABOUT" => s.say(&format!(
                "name=\"Qi\", version=\"{}\", author=\"Qi developers\", country=\"Unknown\"",
                env!("CARGO_PKG_VERSION")
            )),
            "INFO" => s.info(rest),
            "BEGIN" => {
                if s.ready() {
                    s.think(received);
                }
            }
            "TURN" => {
                if s.ready() && s.opponent_move(rest) {
                    s.think(received);
                }
            }
            "PLAY" => {
                if s.ready() {
                    s.play_own(rest);
                }
            }
            "TAKEBACK" => {
                if s.ready() {
                    s.takeback(rest);
                }
            }
            "SWAP2BOARD" => {
                let stones = read_block(&mut input, &mut s, parse_swap2_stone)?;
                if !s.ready() {
                    continue;
                }
                match stones {
                    Err(e) => s.say(&format!("ERROR {e}")),
                    Ok(stones) => s.swap2(&stones, received),
                }
            }
            "BOARD" | "YXBOARD" => {
                let entries = read_block(&mut input, &mut s, parse_entry)?;
                if !s.ready() {
                    continue;
                }
                let entries = match entries {
                    Ok(entries) => entries,
                    Err(e) => {
                        s.say(&format!("ERROR {e}"));
                        continue;
                    }
                };
                match s.set_board(&entries, cmd != "YXBOARD") {
                    Err(e) => s.say(&format!("ERROR {e}")),
                    Ok(()) if cmd == "BOARD" => s.think(received),
                    Ok(()) => {}
                }
            }
            "YXSHOWFORBID" => {
                if s.ready() {
                    s.show_forbid();
                }
            }
            _ => s.say(&format!("UNKNOWN command '{}'", echo(&cmd))),
        }
        // The manager's clock runs from a command it sent to the reply: what the answers
        // cost comes off the match time.
        if matches!(cmd.as_str(), "BEGIN" | "TURN" | "BOARD" | "SWAP2BOARD") {
            s.clock.charge(received.elapsed());
        }
    }
    Ok(())
}

/// The lines of a `BOARD`-like block up to `DONE` (blank lines skipped), each read by
/// `parse`: all of them, or the first error. The whole block is consumed either way, so a
/// bad line does not leave the rest to be taken for commands.
fn read_block<W: Write, T>(
    input: &mut impl BufRead,
    s: &mut Session<W>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Result<Vec<T>, String>> {
    let mut items = Ok(Vec::new());
    while let Some(line) = next_line(input, s)? {
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            break;
        }
        if line.is_empty() {
            continue;
        }
        match (&mut items, parse(line)) {
            (Ok(list), Ok(item)) => list.push(item),
            (Ok(_), Err(e)) => items = Err(e),
            (Err(_), _) => {}
        }
    }
    Ok(items)
}

/// The next usable line: an overlong one is answered with an ERROR and skipped (its
/// bytes are never stored), invalid UTF-8 is decoded lossily. `None` at end of input.
fn next_line<W: Write>(input: &mut impl BufRead, s: &mut Session<W>) -> Result<Option<String>> {
    loop {
        match read_line(input, MAX_LINE_BYTES)? {
            None => return Ok(None),
            Some(InputLine::Text(t)) => return Ok(Some(t)),
            Some(InputLine::TooLong { prefix, bytes }) => s.say(&format!(
                "ERROR line of {bytes} bytes ignored (at most {MAX_LINE_BYTES}): '{prefix}'"
            )),
        }
    }
}

/// Parses `x,y` with numbers.
fn parse_xy(text: &str) -> Result<(i64, i64), String> {
    let mut parts = text.split(',').map(str::trim);
    let bad = || format!("expected x,y but got '{}'", echo(text));
    let x = parts.next().and_then(|v| v.parse().ok()).ok_or_else(bad)?;
    let y = parts.next().and_then(|v| v.parse().ok()).ok_or_else(bad)?;
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok((x, y))
}

/// Parses a SWAP2BOARD line: `x,y` in move order (Black, White, Black, …); a third
/// field, which some managers add, is ignored because the order already gives the colour.
fn parse_swap2_stone(text: &str) -> Result<(i64, i64), String> {
    match text.split(',').count() {
        3 => parse_entry(text).map(|(x, y, _)| (x, y)),
        _ => parse_xy(text),
    }
}

/// Parses a `x,y,who` board line.
fn parse_entry(text: &str) -> Result<(i64, i64, u8), String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = || format!("expected x,y,who but got '{}'", echo(text));
    if parts.len() != 3 {
        return Err(bad());
    }
    let x = parts[0].parse().map_err(|_| bad())?;
    let y = parts[1].parse().map_err(|_| bad())?;
    let who: u8 = parts[2].parse().map_err(|_| bad())?;
    if !(1..=3).contains(&who) {
        return Err(bad());
    }
    Ok((x, y, who))
}

impl<W: Write> Session<W> {
    fn say(&mut self, line: &str) {
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    fn ready(&mut self) -> bool {
        if self.board.is_none() {
            self.say("ERROR no board: send START first");
            return false;
        }
        true
    }

    fn fresh_board(&mut self) -> Result<(), String> {
        self.board = Some(Board::new(self.size, self.rule).map_err(|e| e.to_string())?);
        self.engine.clear();
        self.clock.new_game();
        Ok(())
    }

    fn start(&mut self, rest: &str) {
        match rest.parse::<usize>() {
            Ok(n) if (qi_gomoku::MIN_SIZE..=qi_gomoku::MAX_SIZE).contains(&n) => {
                self.size = n;
                let _ = self.fresh_board();
                self.say("OK");
            }
            _ => self.say(&format!(
                "ERROR unsupported board size '{}' (5 to 22 are supported)",
                echo(rest)
            )),
        }
    }

    fn rectstart(&mut self, rest: &str) {
        match parse_xy(rest) {
            Ok((w, h)) if w == h => self.start(&w.to_string()),
            Ok(_) => self.say("ERROR rectangular boards are not supported"),
            Err(e) => self.say(&format!("ERROR {e}")),
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = match rest.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (rest.to_ascii_lowercase(), ""),
        };
        let num = value.parse::<i64>().ok();
        match (key.as_str(), num) {
            ("timeout_turn", Some(v)) => self.clock.timeout_turn = v.max(0) as u64,
            ("timeout_match", Some(v)) => self.clock.timeout_match = v.max(0) as u64,
            ("time_left", Some(v)) => self.clock.set_time_left(v.max(0) as u64),
            ("max_depth", Some(v)) => self.max_depth = (v > 0).then_some(v.min(100) as u32),
            ("max_node", Some(v)) => self.max_node = (v > 0).then_some(v as u64),
            ("rule", Some(v)) => self.set_rule(v),
            // 0 (or less) is no limit. The table is made resident at the first move
            // (`think`), not here: a later `INFO thread_num` may resize it again.
            ("max_memory", Some(v)) => self.engine.set_memory_limit((v > 0).then_some(v as u64)),
            // The engine clamps the count (fewer than one is one, more than it runs is its
            // most); a negative one is read as none.
            ("thread_num", Some(v)) => self
                .engine
                .set_threads(usize::try_from(v.max(0)).unwrap_or(usize::MAX)),
            ("game_type" | "folder", _) => {}
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_depth" | "max_node" | "rule"
                | "max_memory" | "thread_num",
                None,
            ) => self.say(&format!("ERROR bad value '{}' for INFO {key}", echo(value))),
            _ => {}
        }
    }

    fn set_rule(&mut self, bits: i64) {
        let rule = if bits & 4 != 0 {
            Rule::Renju
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        if bits & 8 != 0 {
            self.say("ERROR caro rule is not supported; playing standard (exactly five)");
        }
        if bits & 2 != 0 {
            self.say("ERROR continuous games are not supported; playing single games");
        }
        let rule = if bits & 8 != 0 { Rule::Standard } else { rule };
        if rule != self.rule {
            self.rule = rule;
            // Replay the current game under the new rule.
            if let Some(board) = &self.board {
                let moves: Vec<Point> = board.moves().collect();
                let mut fresh = Board::new(self.size, rule).expect("size already checked");
                for p in moves {
                    fresh.play(p);
                }
                self.board = Some(fresh);
                self.engine.clear();
            }
        }
    }

    fn board_mut(&mut self) -> &mut Board {
        self.board.as_mut().expect("checked by ready()")
    }

    /// Plays a move from the manager; false (after an ERROR) when it cannot be played.
    fn place(&mut self, rest: &str) -> bool {
        let (x, y) = match parse_xy(rest) {
            Ok(v) => v,
            Err(e) => {
                self.say(&format!("ERROR {e}"));
                return false;
            }
        };
        match play_checked(self.board_mut(), x, y) {
            Ok(_) => true,
            Err(e) => {
                self.say(&format!("ERROR {e}"));
                false
            }
        }
    }

    fn opponent_move(&mut self, rest: &str) -> bool {
        if !self.place(rest) {
            return false;
        }
        let b = self.board.as_ref().expect("ready");
        if b.last_move_won() || b.is_full() {
            self.say("MESSAGE the game is over");
            return false;
        }
        true
    }

    fn play_own(&mut self, rest: &str) {
        if self.place(rest) {
            let p = self.board.as_ref().and_then(|b| b.last_move());
            if let Some(p) = p {
                let (x, y) = xy(p);
                self.say(&format!("{x},{y}"));
            }
        }
    }

    fn takeback(&mut self, rest: &str) {
        let (x, y) = match parse_xy(rest) {
            Ok(v) => v,
            Err(e) => return self.say(&format!("ERROR {e}")),
        };
        let board = self.board_mut();
        let target = board.point(x, y);
        match (target, board.last_move()) {
            (Some(t), Some(last)) if t == last => {
                board.undo();
                self.say("OK");
            }
            _ => self.say(&format!("ERROR {x},{y} is not the last move")),
        }
    }

    /// Sets the position from `x,y,who` entries (1 own, 2 opponent, 3 winning-line mark,
    /// ignored). The engine is to move, so it has Black when the counts are equal.
    fn set_board(&mut self, entries: &[(i64, i64, u8)], think: bool) -> Result<(), String> {
        let mut board = Board::new(self.size, self.rule).map_err(|e| e.to_string())?;
        let own: Vec<(i64, i64)> = entries
            .iter()
            .filter(|e| e.2 == 1)
            .map(|e| (e.0, e.1))
            .collect();
        let opp: Vec<(i64, i64)> = entries
            .iter()
            .filter(|e| e.2 == 2)
            .map(|e| (e.0, e.1))
            .collect();
        let (black, white) = if own.len() == opp.len() {
            // With equal counts the engine, which moves next, has Black.
            (own, opp)
        } else if opp.len() == own.len() + 1 {
            (opp, own)
        } else if own.len() == opp.len() + 1 && !think {
            (own, opp)
        } else {
            return Err(format!(
                "{} own and {} opponent stones: the side to move must have as many as the \
                 other or one fewer",
                own.len(),
                opp.len()
            ));
        };
        if black.len() != white.len() && black.len() != white.len() + 1 {
            return Err("stone counts do not fit alternate moves".to_string());
        }
        for (i, b) in black.iter().enumerate() {
            for &(x, y) in std::iter::once(b).chain(white.get(i)) {
                let p = board.check_move(x, y).map_err(|e| e.to_string())?;
                board.play(p);
                // Stones are only added, so a five on the final board is made by one of
                // them; the board's own ruling (exact five, overlines) decides.
                if board.last_move_won() {
                    return Err(format!(
                        "the board already holds a five (through {x},{y}): the game is over"
                    ));
                }
            }
        }
        self.board = Some(board);
        Ok(())
    }

    fn think(&mut self, received: Instant) {
        let board = self.board.as_ref().expect("ready").clone();
        if board.last_move_won() || board.is_full() {
            self.say("ERROR the game is over");
            return;
        }
        let budget = self.clock.turn_budget().saturating_sub(received.elapsed());
        let depth = match self.depth_cap {
            Some(cap) => Some(self.max_depth.map_or(cap, |d| d.min(cap))),
            None => self.max_depth,
        };
        self.engine.set_limits(
            depth,
            self.max_node,
            Some(budget.max(Duration::from_millis(2))),
        );
        // Only now, once the manager's `START` and `INFO` lines have sized the table: made
        // resident any earlier, a table about to be resized would push the process past
        // `max_memory` (the 256 MB one the brain starts with reached 36 MB between `START`
        // and `INFO max_memory` on a loaded machine). The search uses what is resident
        // while the rest arrives in the background; later calls do nothing.
        self.engine.commit_table();
        let verbose = self.verbose;
        let m = self.engine.best_move(&board, |info| {
            if verbose {
                eprintln!(
                    "depth {} score {} nodes {}",
                    info.depth, info.score, info.stats.nodes
                );
            }
        });
        let Some(m) = m else {
            self.say("ERROR no move left");
            return;
        };
        self.say(&format!(
            "MESSAGE depth {} eval {} nodes {} nps {} source {} pv {}",
            m.depth,
            qi_search::score::describe(m.score),
            m.nodes,
            m.nps(),
            m.source.name(),
            m.pv.iter()
                .map(|&p| qi_gomoku::format_point(p))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        self.board_mut().play(m.point);
        let (x, y) = xy(m.point);
        self.say(&format!("{x},{y}"));
    }

    /// Answers SWAP2BOARD: three opening stones on an empty board; after three stones
    /// `SWAP`, the fourth move, or the fourth and fifth stones; after five `SWAP` or the
    /// sixth move. Decisions come from the gomoku crate's swap functions within the turn.
    fn swap2(&mut self, stones: &[(i64, i64)], received: Instant) {
        let mut board = match Board::new(self.size, self.rule) {
            Ok(b) => b,
            Err(e) => return self.say(&format!("ERROR {e}")),
        };
        for &(x, y) in stones {
            let p = match board.check_move(x, y) {
                Ok(p) => p,
                Err(e) => return self.say(&format!("ERROR {e}")),
            };
            board.play(p);
            if board.last_move_won() {
                return self.say(&format!(
                    "ERROR the opening already holds a five (through {x},{y})"
                ));
            }
        }
        self.engine.clear();
        let budget = self.clock.turn_budget().saturating_sub(received.elapsed());
        let mut limits = OpeningLimits::within(budget.max(Duration::from_millis(2)));
        if let Some(cap) = self.depth_cap {
            // The quick (fuzzing) session: swap decisions as cheap as its moves.
            limits.depth = limits.depth.min(cap);
            limits.nodes = limits.nodes.min(50);
            limits.threat_nodes = Some(0);
        }
        let reply = match stones.len() {
            0 => propose_opening(&board, 0, &limits).map(|p| p.stones.to_vec()),
            _ => swap_decision(&board, OpeningRule::Swap2, &limits).map(|d| {
                self.say(&format!(
                    "MESSAGE swap2 score for White {}",
                    qi_search::score::describe(d.white_score)
                ));
                match d.choice {
                    SwapChoice::TakeBlack => Vec::new(),
                    SwapChoice::StayWhite(p) => vec![p],
                    SwapChoice::PlaceTwo { white, black } => vec![white, black],
                }
            }),
        };
        match reply {
            Err(e) => self.say(&format!("ERROR {e}")),
            Ok(points) => {
                for &p in &points {
                    board.play(p);
                }
                self.board = Some(board);
                let line = if points.is_empty() {
                    "SWAP".to_string()
                } else {
                    points
                        .iter()
                        .map(|&p| {
                            let (x, y) = xy(p);
                            format!("{x},{y}")
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                self.say(&line);
            }
        }
    }

    fn show_forbid(&mut self) {
        let board = self.board.as_ref().expect("ready");
        let mut line = String::from("FORBID ");
        for (p, _) in forbidden_points(board) {
            let (x, y) = xy(p);
            line.push_str(&format!("{x:02}{y:02}"));
        }
        line.push('.');
        self.say(&line);
    }
}
