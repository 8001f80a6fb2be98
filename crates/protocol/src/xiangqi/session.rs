//! The engine loop shared by UCCI and UCI: reads commands from stdin, keeps the position
//! and options, runs each search on its own thread so `stop`, `isready` and `ponderhit`
//! are answered while it thinks, and writes answers through the [`Dialect`] in use.
//!
//! Bad input (unknown commands, a malformed FEN, an illegal move in `moves`, an unknown
//! option) gets an `info string` diagnostic and changes nothing; it never ends the engine.

use super::ProtocolOptions;
use crate::line_input::{echo, read_line, InputLine, MAX_LINE_BYTES};
use anyhow::Result;
use qi_search::StopFlag;
use qi_xiangqi::{Move, Position};
use qi_xiangqi_engine::level::Rng;
use qi_xiangqi_engine::play::{setup, think};
use qi_xiangqi_engine::repetition::HistEntry;
use qi_xiangqi_engine::time::Clock;
use qi_xiangqi_engine::{Engine, EngineOptions, Info, SearchRequest, SearchResult};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Engine name reported by both protocols.
pub(super) const ENGINE_NAME: &str = concat!("Qi ", env!("CARGO_PKG_VERSION"));
/// Author reported by both protocols.
pub(super) const ENGINE_AUTHOR: &str = "the Qi developers";
/// Largest hash table accepted, in MB (the table's own documented cap).
pub(super) const MAX_HASH_MB: usize = qi_search::tt::MAX_MEGABYTES;
/// Most search threads accepted.
pub(super) const MAX_THREADS: usize = 256;
/// Default safety margin subtracted from every time budget, in milliseconds.
pub(super) const DEFAULT_OVERHEAD_MS: u64 = 30;

/// The engine's settings as the protocol sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size, MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Playing level 1–10.
    pub level: u8,
    /// Margin kept from the clock for communication, milliseconds.
    pub overhead_ms: u64,
    /// UCCI: times in milliseconds rather than seconds.
    pub millis: bool,
    /// UCI: ranks numbered 1–10 in moves (Fairy-Stockfish style) rather than 0–9.
    pub ranks_from_one: bool,
    /// UCI: how many best lines to report.
    pub multipv: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: 64,
            threads: 1,
            level: 10,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            millis: false,
            ranks_from_one: false,
            multipv: 1,
        }
    }
}

/// What a `go` command asks for, in protocol-independent terms.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    /// Depth cap.
    pub depth: Option<u32>,
    /// Node cap.
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Our remaining clock time.
    pub remaining: Option<Duration>,
    /// Our increment.
    pub increment: Duration,
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// UCI `searchmoves`: only these root moves (wire text); empty for all.
    pub search_moves: Vec<String>,
}

/// A change asked for by `setoption`.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionChange {
    /// Resize the table.
    Hash(usize),
    /// Set the thread count.
    Threads(usize),
    /// Set the level.
    Level(u8),
    /// Set the clock safety margin.
    Overhead(u64),
    /// UCCI `usemillisec`.
    Millis(bool),
    /// UCI rank numbering.
    RanksFromOne(bool),
    /// UCI MultiPV.
    MultiPv(usize),
    /// Forget the game (UCCI `newgame`).
    NewGame,
    /// Accepted and ignored (a setting that has no effect on this engine).
    Ignored,
}

/// One reported line of a search result for MultiPV.
pub struct Line<'a> {
    /// 1-based rank of the line.
    pub rank: usize,
    /// Its score.
    pub score: qi_search::Score,
    /// Its moves.
    pub pv: &'a [Move],
}

/// What differs between UCCI and UCI.
pub trait Dialect: Send + Sync {
    /// The greeting that starts the protocol (`ucci` / `uci`).
    fn greeting(&self) -> &'static str;
    /// The answer to the greeting: ids, options, and `ucciok`/`uciok`.
    fn handshake(&self, settings: &Settings) -> Vec<String>;
    /// Parses the words after `setoption`.
    fn parse_option(&self, words: &[&str]) -> Result<OptionChange, String>;
    /// Parses the words after `go`.
    fn parse_go(
        &self,
        words: &[&str],
        settings: &Settings,
        red_to_move: bool,
    ) -> Result<Go, String>;
    /// The text of a move on the wire.
    fn move_text(&self, mv: Move, settings: &Settings) -> String;
    /// Reads a move on the wire into ICCS (ranks 0–9).
    fn wire_to_iccs(&self, text: &str, settings: &Settings) -> String;
    /// A progress line after a completed iteration.
    fn info(&self, info: &Info, settings: &Settings) -> String;
    /// Extra lines for the best lines beyond the first (MultiPV); none by default.
    fn multipv(&self, _lines: &[Line<'_>], _info: &Info, _settings: &Settings) -> Vec<String> {
        Vec::new()
    }
    /// The final answer.
    fn bestmove(&self, best: Option<Move>, ponder: Option<Move>, settings: &Settings) -> String;
    /// The answer to `quit`, if any.
    fn farewell(&self) -> Option<&'static str>;
    /// A diagnostic line.
    fn diagnostic(&self, text: &str) -> String {
        format!("info string {text}")
    }
}

/// Output shared by the reading loop and the search thread; each line is flushed at once.
#[derive(Clone)]
struct Out(Arc<Mutex<std::io::Stdout>>);

impl Out {
    fn line(&self, text: &str) {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// A search in progress.
struct Running {
    stop: StopFlag,
    pondering: Arc<AtomicBool>,
    /// Raised just before `bestmove` is written: a GUI may send the next `go` as soon as
    /// it reads that line, before the thread has quite finished.
    answered: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The protocol session: position, options and the search thread.
struct Session {
    dialect: Arc<dyn Dialect>,
    out: Out,
    settings: Settings,
    engine: Arc<Engine>,
    position: Position,
    history: Vec<HistEntry>,
    banned: Vec<Move>,
    running: Option<Running>,
    rng: Rng,
}

/// Hardware threads of this machine (1 when unknown).
fn hardware_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The search threads used for a request of `asked`: 1–[`MAX_THREADS`] and no more than
/// the machine runs at once. More threads than cores only share the cores (Lazy SMP gains
/// nothing) while each is started, scheduled and joined inside the move's time budget: 32
/// threads on a small machine turned `go movetime 100` into half a second.
fn usable_threads(asked: usize) -> usize {
    asked.clamp(1, MAX_THREADS).min(hardware_threads())
}

/// An engine with the settings' table and threads, its table made resident in the
/// background: left to the first timed searches, the table's page faults overran a
/// 172 ms search by two seconds with 4 GB, and made resident at once they would hold
/// `readyok` back for seconds.
fn fresh_engine(settings: &Settings) -> Arc<Engine> {
    let engine = Engine::new(EngineOptions {
        hash_mb: settings.hash_mb,
        threads: settings.threads,
    });
    engine.commit_table();
    Arc::new(engine)
}

/// Runs the protocol `dialect` speaks on stdin/stdout until `quit` or end of input.
pub(super) fn run(
    dialect: Arc<dyn Dialect>,
    args: ProtocolOptions,
    first_line: Option<String>,
) -> Result<()> {
    let mut settings = Settings::default();
    if let Some(t) = args.threads {
        settings.threads = usable_threads(t);
    }
    if let Some(h) = args.hash {
        settings.hash_mb = h.clamp(1, MAX_HASH_MB);
    }
    if let Some(l) = args.level {
        settings.level = l;
    }
    let mut session = Session {
        dialect,
        out: Out(Arc::new(Mutex::new(std::io::stdout()))),
        engine: fresh_engine(&settings),
        settings,
        position: Position::startpos(),
        history: Vec::new(),
        banned: Vec::new(),
        running: None,
        rng: Rng::from_time(),
    };
    if let Some(line) = first_line {
        if !session.handle(line.trim()) {
            return Ok(());
        }
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
        match line {
            InputLine::Text(text) => {
                if !session.handle(text.trim()) {
                    return Ok(());
                }
            }
            InputLine::TooLong { prefix, bytes } => session.say(&format!(
                "line of {bytes} bytes ignored (at most {MAX_LINE_BYTES}): '{prefix}'"
            )),
        }
    }
    // End of input: a GUI that closes the pipe wants the engine gone.
    session.stop_search();
    Ok(())
}

/// The words after `position` (`startpos|fen FEN [moves …]`) as a position and the history
/// before it; an error (the diagnostic to print) when any part is invalid.
pub fn parse_position(
    dialect: &dyn Dialect,
    settings: &Settings,
    words: &[&str],
) -> Result<(Position, Vec<HistEntry>), String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (spec, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match spec {
        ["startpos"] => None,
        ["fen", fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
        _ => return Err("expected 'position startpos|fen FEN [moves …]'".into()),
    };
    let iccs: Vec<String> = moves
        .iter()
        .map(|m| dialect.wire_to_iccs(m, settings))
        .collect();
    setup(fen.as_deref(), Some(&iccs.join(" "))).map_err(|e| format!("position ignored: {e:#}"))
}

/// Moves on the wire (`banmoves`, `go searchmoves`) as legal moves of `position`; the error
/// names the first that is not one.
pub fn parse_moves(
    dialect: &dyn Dialect,
    settings: &Settings,
    position: &Position,
    words: &[&str],
) -> Result<Vec<Move>, String> {
    words
        .iter()
        .map(|w| {
            let iccs = dialect.wire_to_iccs(w, settings);
            position.parse_move(&iccs).map_err(|e| format!("{w}: {e}"))
        })
        .collect()
}

/// Parses one command line as the loop would, without acting on it: the options of
/// `setoption`, the position of `position`, the moves of `banmoves`, the limits and
/// `searchmoves` of `go` (against `position`). `Err` holds the diagnostic the loop would
/// print; commands without arguments to parse are `Ok`. The fuzz targets drive this.
pub fn parse_command(
    dialect: &dyn Dialect,
    settings: &Settings,
    position: &Position,
    line: &str,
) -> Result<Option<Position>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, rest)) = words.split_first() else {
        return Ok(None);
    };
    let red = position.side_to_move() == qi_xiangqi::Color::Red;
    match command {
        "setoption" => dialect.parse_option(rest).map(|_| None),
        "position" => parse_position(dialect, settings, rest).map(|(pos, _)| Some(pos)),
        "banmoves" => parse_moves(dialect, settings, position, rest).map(|_| None),
        "go" => {
            let go = dialect.parse_go(rest, settings, red)?;
            let words: Vec<&str> = go.search_moves.iter().map(String::as_str).collect();
            parse_moves(dialect, settings, position, &words).map(|_| None)
        }
        _ => Ok(None),
    }
}

impl Session {
    fn say(&self, text: &str) {
        self.out.line(&self.dialect.diagnostic(text));
    }

    /// Handles one line; false when the engine should exit.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return true;
        };
        match command {
            c if c == self.dialect.greeting() => {
                for l in self.dialect.handshake(&self.settings) {
                    self.out.line(&l);
                }
            }
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(rest),
            "position" => self.set_position(rest),
            "banmoves" => self.ban_moves(rest),
            "ucinewgame" => self.new_game(),
            "go" => self.go(rest),
            "stop" => self.stop_search(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.pondering.store(false, Ordering::Relaxed);
                }
            }
            "probe" => self.say("probe is not supported"),
            "quit" => {
                self.stop_search();
                if let Some(bye) = self.dialect.farewell() {
                    self.out.line(bye);
                }
                return false;
            }
            "debug" | "register" => {}
            other => self.say(&format!("unknown command '{}'", echo(other))),
        }
        true
    }

    fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.answered.load(Ordering::Acquire))
    }

    fn set_option(&mut self, words: &[&str]) {
        let change = match self.dialect.parse_option(words) {
            Ok(c) => c,
            Err(e) => return self.say(&e),
        };
        let resizes = matches!(change, OptionChange::Hash(_) | OptionChange::Threads(_));
        if resizes && self.is_searching() {
            return self.say("cannot change Hash or Threads during a search");
        }
        match change {
            OptionChange::Hash(mb) => {
                if !(1..=MAX_HASH_MB).contains(&mb) {
                    self.say(&format!(
                        "Hash {mb} MB is out of range (1–{MAX_HASH_MB}); using {} MB",
                        mb.clamp(1, MAX_HASH_MB)
                    ));
                }
                self.settings.hash_mb = mb.clamp(1, MAX_HASH_MB);
                self.rebuild_engine();
                let held = self.engine.table_megabytes();
                if held * 2 <= self.settings.hash_mb {
                    self.say(&format!(
                        "Hash {} MB is more than half the memory available; using {held} MB",
                        self.settings.hash_mb
                    ));
                }
            }
            OptionChange::Threads(t) => {
                let used = usable_threads(t);
                if used != t {
                    self.say(&format!(
                        "Threads {t}: using {used} (1–{MAX_THREADS}, at most this machine's {} \
                         hardware threads)",
                        hardware_threads()
                    ));
                }
                self.settings.threads = used;
                self.rebuild_engine();
            }
            OptionChange::Level(l) => self.settings.level = l,
            OptionChange::Overhead(ms) => self.settings.overhead_ms = ms,
            OptionChange::Millis(on) => self.settings.millis = on,
            OptionChange::RanksFromOne(on) => self.settings.ranks_from_one = on,
            OptionChange::MultiPv(n) => self.settings.multipv = n,
            OptionChange::NewGame => self.new_game(),
            OptionChange::Ignored => {}
        }
    }

    /// Replaces the engine (and its table) by a fresh one with the current settings. The
    /// new table comes zeroed from the allocator at once; the old one is given back to
    /// the system on another thread, since freeing gigabytes of touched pages takes time
    /// the command loop must not spend (`isready` is answered at once).
    fn rebuild_engine(&mut self) {
        self.join_search();
        let fresh = fresh_engine(&self.settings);
        let old = std::mem::replace(&mut self.engine, fresh);
        std::thread::spawn(move || drop(old));
    }

    /// Forgets the game: a fresh table rather than clearing the old one slot by slot, which
    /// for a 4 GB table blocks for seconds; the fresh one is made resident in the background.
    fn new_game(&mut self) {
        if self.is_searching() {
            return self.say("cannot start a new game during a search");
        }
        self.rebuild_engine();
    }

    /// `position [fen FEN | startpos] [moves m1 m2 …]`: replaces the position only when the
    /// whole command is valid.
    fn set_position(&mut self, words: &[&str]) {
        match parse_position(self.dialect.as_ref(), &self.settings, words) {
            Ok((pos, history)) => {
                self.position = pos;
                self.history = history;
                self.banned.clear();
            }
            Err(e) => self.say(&e),
        }
    }

    fn ban_moves(&mut self, words: &[&str]) {
        match parse_moves(self.dialect.as_ref(), &self.settings, &self.position, words) {
            Ok(banned) => self.banned = banned,
            Err(e) => self.say(&format!("banmoves ignored: {e}")),
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.stop.stop();
            r.pondering.store(false, Ordering::Relaxed);
        }
        self.join_search();
    }

    fn join_search(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    fn go(&mut self, words: &[&str]) {
        let red = self.position.side_to_move() == qi_xiangqi::Color::Red;
        let go = match self.dialect.parse_go(words, &self.settings, red) {
            Ok(g) => g,
            Err(e) => return self.say(&e),
        };
        if self.is_searching() {
            return self.say("a search is already running; send stop first");
        }
        self.join_search();
        let mut banned = self.banned.clone();
        if !go.search_moves.is_empty() {
            let words: Vec<&str> = go.search_moves.iter().map(String::as_str).collect();
            let only = match parse_moves(
                self.dialect.as_ref(),
                &self.settings,
                &self.position,
                &words,
            ) {
                Ok(only) => only,
                Err(e) => return self.say(&format!("go ignored: searchmoves {e}")),
            };
            let others = self.position.legal_moves();
            banned.extend(others.iter().copied().filter(|m| !only.contains(m)));
        }
        let clock = Clock {
            remaining: go.remaining,
            increment: go.increment,
            moves_to_go: go.moves_to_go,
            movetime: go.movetime,
            overhead: Duration::from_millis(self.settings.overhead_ms),
        };
        let pondering = Arc::new(AtomicBool::new(go.ponder));
        let request = SearchRequest {
            position: self.position.clone(),
            history: self.history.clone(),
            depth: go.depth,
            nodes: go.nodes,
            time: if go.infinite {
                Default::default()
            } else {
                clock.budget()
            },
            pondering: Some(pondering.clone()),
            banned,
            all_root_scores: self.settings.multipv > 1,
        };
        let stop = StopFlag::new();
        let answered = Arc::new(AtomicBool::new(false));
        let job = SearchJob {
            answered: answered.clone(),
            engine: self.engine.clone(),
            request,
            level: (self.settings.level < 10).then_some(self.settings.level),
            rng: Rng::new(self.rng.next_u64()),
            stop: stop.clone(),
            pondering: pondering.clone(),
            wait_for_stop: go.infinite,
            settings: self.settings.clone(),
            out: self.out.clone(),
        };
        let dialect = self.dialect.clone();
        let handle = std::thread::spawn(move || job.run(dialect.as_ref()));
        self.running = Some(Running {
            stop,
            pondering,
            answered,
            handle,
        });
    }
}

/// Everything a search thread needs.
struct SearchJob {
    answered: Arc<AtomicBool>,
    engine: Arc<Engine>,
    request: SearchRequest,
    level: Option<u8>,
    rng: Rng,
    stop: StopFlag,
    pondering: Arc<AtomicBool>,
    wait_for_stop: bool,
    settings: Settings,
    out: Out,
}

impl SearchJob {
    fn run(mut self, dialect: &dyn Dialect) {
        let settings = self.settings.clone();
        let out = self.out.clone();
        let (best, result) = think(
            &self.engine,
            self.request.clone(),
            self.level,
            &mut self.rng,
            &self.stop,
            |info| out.line(&dialect.info(info, &settings)),
        );
        if settings.multipv > 1 {
            report_multipv(dialect, &result, &settings, &out);
        }
        // UCI and UCCI both forbid answering a `go infinite` or a ponder search before the
        // GUI says `stop` (or `ponderhit`), even when the search has nothing left to do.
        while (self.wait_for_stop || self.pondering.load(Ordering::Relaxed))
            && !self.stop.is_stopped()
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        let ponder = if best == result.best {
            result.ponder
        } else {
            None
        };
        self.answered.store(true, Ordering::Release);
        out.line(&dialect.bestmove(best, ponder, &settings));
    }
}

/// Lines 2..=MultiPV from the exact root scores (their PV is the move itself).
fn report_multipv(dialect: &dyn Dialect, result: &SearchResult, settings: &Settings, out: &Out) {
    let mut scored = result.root_scores.clone();
    scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    let singles: Vec<[Move; 1]> = scored.iter().map(|&(m, _)| [m]).collect();
    let lines: Vec<Line<'_>> = scored
        .iter()
        .zip(&singles)
        .enumerate()
        .take(settings.multipv)
        .map(|(i, (&(_, score), pv))| Line {
            rank: i + 1,
            score,
            pv: if i == 0 && !result.pv.is_empty() {
                &result.pv[..]
            } else {
                &pv[..]
            },
        })
        .collect();
    let info = Info {
        depth: result.stats.depth,
        seldepth: result.stats.seldepth,
        score: result.score,
        nodes: result.stats.nodes,
        time: result.stats.time,
        pv: result.pv.clone(),
        hashfull: 0,
    };
    for l in dialect.multipv(&lines, &info, settings) {
        out.line(&l);
    }
}

/// Parses a whole number option value, naming the option in the error.
pub(super) fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, String> {
    value.trim().parse().map_err(|_| {
        format!(
            "option {}: '{}' is not a valid number",
            echo(name),
            echo(value)
        )
    })
}

/// Parses a whole number that follows the `go` parameter `key`, naming it in the error.
pub(super) fn go_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("go: '{key} {}' is not a valid number", echo(value)))
}

/// Parses a boolean option value (`true`/`false`, `on`/`off`, `1`/`0`).
pub(super) fn boolean(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Ok(true),
        "false" | "off" | "0" | "no" => Ok(false),
        _ => Err(format!(
            "option {}: '{}' is not true or false",
            echo(name),
            echo(value)
        )),
    }
}

/// Parses a level 1–10.
pub(super) fn level(name: &str, value: &str) -> Result<u8, String> {
    match number::<u8>(name, value)? {
        l @ 1..=10 => Ok(l),
        l => Err(format!("option {name}: level {l} is out of range (1–10)")),
    }
}

/// Reads the value following `key` in `words`.
pub(super) fn value_after<'a>(words: &[&'a str], i: usize, key: &str) -> Result<&'a str, String> {
    words
        .get(i + 1)
        .copied()
        .ok_or_else(|| format!("go: '{}' needs a value", echo(key)))
}
