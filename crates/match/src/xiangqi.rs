//! `qi match`: Xiangqi engine matches with Qi's rules as referee.
//!
//! Any UCI or UCCI engine plays any other (Qi with other options included). Each opening is
//! played twice with colours swapped; the referee checks every move (illegal move, mate,
//! stalemate, Asian repetition rulings, 60-move rule, a ply cap), keeps each engine's
//! clock, writes PGN, and ends with a W-L-D line, the score and the Elo difference with a
//! 95 % error margin.
//!
//! `--concurrency N` plays N games at once, each worker thread with its own two engine
//! processes taking the next pair of games. `--sprt ELO0 ELO1` scores the pairs as a
//! sequential test ([`crate::sprt`]) and stops the match, after the moves being
//! thought about, as soon as the LLR leaves its bounds; games of an unfinished pair count
//! in the W-L-D line but not in the test.

use crate::process::{NoAnswer, Process};
use crate::MatchOptions;
use crate::{match_names, referee, Records};
use anyhow::{anyhow, bail, Context, Result};
use qi_xiangqi::notation::iccs;
use qi_xiangqi::{Color, Game, Move, Position, Reason, Winner};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The colours as this game's lines name them (Red moves first and is listed first).
pub const COLOURS: referee::Colours = ["Red", "Black"];

/// How long an engine may take to answer the handshake or `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// The lines that end an engine's turn.
const ANSWERS: &[&str] = &["bestmove", "nobestmove"];
/// How long a move may take when no clock limits it (depth or node limits).
const UNTIMED_MOVE_LIMIT: Duration = Duration::from_secs(120);

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCCI (times in milliseconds after `setoption usemillisec true`).
    Ucci,
    /// UCI with ranks 0–9 (Pikafish, Qi).
    Uci,
    /// UCI with ranks 1–10 and `UCI_Variant xiangqi` (Fairy-Stockfish).
    Fsf,
    /// As `Fsf`, with the UCCI letters `H`/`E` for horse and elephant in FENs (Sjaak II).
    Sjaak,
}

impl Dialect {
    /// The dialect named `text` (uci, ucci, fsf or sjaak, any case).
    pub fn parse(text: &str) -> Result<Dialect> {
        match text.to_ascii_lowercase().as_str() {
            "ucci" => Ok(Dialect::Ucci),
            "uci" => Ok(Dialect::Uci),
            "fsf" | "uci-fsf" | "fairy" => Ok(Dialect::Fsf),
            "sjaak" => Ok(Dialect::Sjaak),
            other => bail!("unknown protocol '{other}' (use uci, ucci, fsf or sjaak)"),
        }
    }

    fn ranks_from_one(self) -> bool {
        matches!(self, Dialect::Fsf | Dialect::Sjaak)
    }

    /// A FEN as this engine reads it.
    fn fen(self, fen: &str) -> String {
        if self != Dialect::Sjaak {
            return fen.to_string();
        }
        let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let board: String = board
            .chars()
            .map(|c| match c {
                'n' => 'h',
                'N' => 'H',
                'b' => 'e',
                'B' => 'E',
                c => c,
            })
            .collect();
        format!("{board} {rest}")
    }

    /// `mv` as this dialect writes moves (ranks 0–9 or 1–10).
    pub fn write_move(self, mv: Move) -> String {
        if self.ranks_from_one() {
            iccs::to_ranks_from_one(mv)
        } else {
            mv.to_iccs()
        }
    }

    /// The move text in ICCS, or `None` when it is not a coordinate move at all.
    pub fn read_move(self, text: &str) -> Option<String> {
        let t = text.to_ascii_lowercase();
        let bytes = t.as_bytes();
        let file = |c: u8| (b'a'..=b'i').contains(&c);
        if !self.ranks_from_one() {
            return (bytes.len() == 4
                && file(bytes[0])
                && bytes[1].is_ascii_digit()
                && file(bytes[2])
                && bytes[3].is_ascii_digit())
            .then_some(t);
        }
        iccs::from_ranks_from_one(&t)
    }
}

/// One running engine and how to talk to it.
struct EngineProcess {
    process: Process,
    dialect: Dialect,
    options: Vec<(String, String)>,
    name: String,
}

impl EngineProcess {
    fn start(command: &str, dialect: Dialect, options: &[(String, String)]) -> Result<Self> {
        let process = Process::start(command, "quit")?;
        let name = crate::process::split_command(command)?[0].clone();
        let mut engine = EngineProcess {
            process,
            dialect,
            options: options.to_vec(),
            name,
        };
        engine.handshake()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<()> {
        self.process.send(line)
    }

    /// Reads lines until one starts with `prefix`; fails on timeout or exit.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, NoAnswer> {
        self.wait_for_any(&[prefix], timeout)
    }

    /// Reads lines until one starts with any of `prefixes` (noting the engine's name on the
    /// way); fails on timeout or exit.
    fn wait_for_any(&mut self, prefixes: &[&str], timeout: Duration) -> Result<String, NoAnswer> {
        let name = &mut self.name;
        self.process.read_until(
            timeout,
            |line| prefixes.iter().any(|p| line.starts_with(p)),
            |line| {
                if let Some(n) = line.strip_prefix("id name ") {
                    *name = n.trim().to_string();
                }
            },
        )
    }

    fn handshake(&mut self) -> Result<()> {
        let (hello, ok) = match self.dialect {
            Dialect::Ucci => ("ucci", "ucciok"),
            _ => ("uci", "uciok"),
        };
        self.send(hello)?;
        self.wait_for(ok, HANDSHAKE_TIMEOUT)
            .map_err(|_| anyhow!("engine {:?} did not answer '{hello}'", self.process.command))?;
        let mut options = self.options.clone();
        match self.dialect {
            Dialect::Ucci => options.insert(0, ("usemillisec".into(), "true".into())),
            Dialect::Fsf | Dialect::Sjaak => {
                options.insert(0, ("UCI_Variant".into(), "xiangqi".into()))
            }
            Dialect::Uci => {}
        }
        for (name, value) in options {
            let line = match self.dialect {
                Dialect::Ucci => format!("setoption {name} {value}"),
                _ => format!("setoption name {name} value {value}"),
            };
            self.send(&line)?;
        }
        self.ready()
    }

    fn ready(&mut self) -> Result<()> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT)
            .map(|_| ())
            .map_err(|_| anyhow!("engine {:?} did not answer 'isready'", self.process.command))
    }

    fn new_game(&mut self) -> Result<()> {
        match self.dialect {
            Dialect::Ucci => self.send("setoption newgame")?,
            _ => self.send("ucinewgame")?,
        }
        self.ready()
    }

    /// Restarts a crashed or hung engine.
    fn restart(&mut self) -> Result<()> {
        let command = self.process.command.clone();
        *self = EngineProcess::start(&command, self.dialect, &self.options.clone())?;
        Ok(())
    }
}

/// Per-move limits of the match.
#[derive(Clone, Copy, Debug)]
enum Limit {
    Depth(u32),
    Nodes(u64),
    MoveTime(Duration),
    Clock { time: Duration, inc: Duration },
}

/// How a game ended, from the referee's view.
#[derive(Clone, Debug)]
struct Verdict {
    winner: Winner,
    reason: String,
}

fn verdict_from_rules(winner: Winner, reason: Reason) -> Verdict {
    Verdict {
        winner,
        reason: reason.to_string(),
    }
}

/// The `go` line for `engine` to move with `clocks` (Red's, Black's) remaining.
fn go_line(dialect: Dialect, limit: Limit, clocks: [Duration; 2], red: bool) -> String {
    let ms = |d: Duration| d.as_millis();
    match (dialect, limit) {
        (_, Limit::Depth(d)) => format!("go depth {d}"),
        (_, Limit::Nodes(n)) => format!("go nodes {n}"),
        (Dialect::Ucci, Limit::MoveTime(t)) => format!("go time {} movestogo 1", ms(t)),
        (_, Limit::MoveTime(t)) => format!("go movetime {}", ms(t)),
        (Dialect::Ucci, Limit::Clock { inc, .. }) => {
            let (ours, theirs) = if red {
                (clocks[0], clocks[1])
            } else {
                (clocks[1], clocks[0])
            };
            format!(
                "go time {} increment {} opptime {} oppincrement {}",
                ms(ours),
                ms(inc),
                ms(theirs),
                ms(inc)
            )
        }
        (_, Limit::Clock { inc, .. }) => format!(
            "go wtime {} btime {} winc {} binc {}",
            ms(clocks[0]),
            ms(clocks[1]),
            ms(inc),
            ms(inc)
        ),
    }
}

/// Plays one game; `engines[0]` has Red. Returns the game, its verdict and how long each
/// engine (Red, Black) took to answer, or `None` when `abort` is raised before the game
/// ends (checked before each move, so no engine is left thinking).
fn play_game(
    engines: [&mut EngineProcess; 2],
    start: &Position,
    limit: Limit,
    max_plies: u32,
    margin: Duration,
    abort: &AtomicBool,
) -> Result<Option<(Game, Verdict, [referee::AnswerTimes; 2])>> {
    let [red, black] = engines;
    let mut engines = [red, black];
    for e in engines.iter_mut() {
        e.new_game()?;
    }
    let mut game = Game::new(start.clone());
    let mut clocks = match limit {
        Limit::Clock { time, .. } => [time, time],
        _ => [Duration::ZERO; 2],
    };
    let fens = [
        engines[0].dialect.fen(&start.to_fen()),
        engines[1].dialect.fen(&start.to_fen()),
    ];
    let mut answers = [referee::AnswerTimes::default(); 2];
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(Some((
                game,
                verdict_from_rules(outcome.winner, outcome.reason),
                answers,
            )));
        }
        if abort.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if game.moves().len() as u32 >= max_plies {
            let verdict = Verdict {
                winner: Winner::Draw,
                reason: format!("adjudicated after {max_plies} plies"),
            };
            return Ok(Some((game, verdict, answers)));
        }
        let pos = game.position().clone();
        let side = pos.side_to_move();
        let index = usize::from(side == Color::Black);
        let loses = Winner::against(side);
        let engine = &mut *engines[index];
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|&m| engine.dialect.write_move(m))
            .collect();
        let fen = &fens[index];
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        };
        engine.send(&position)?;
        engine.send(&go_line(engine.dialect, limit, clocks, side == Color::Red))?;
        let started = Instant::now();
        let allowed = match limit {
            Limit::Clock { .. } => clocks[index] + margin,
            Limit::MoveTime(t) => t + margin.max(t / 2) + Duration::from_millis(200),
            _ => UNTIMED_MOVE_LIMIT,
        };
        let answer = engine.wait_for_any(ANSWERS, allowed);
        let used = started.elapsed();
        answers[index].add(
            used,
            match limit {
                Limit::Clock { .. } => Some(clocks[index]),
                Limit::MoveTime(t) => Some(t),
                _ => None,
            },
        );
        let name = engine.name.clone();
        let line = match answer {
            Ok(line) => line,
            Err(why) => {
                // An exited engine is replaced at once. A late one is asked to stop, so the
                // process is fit for the next game, and replaced when it does not answer even
                // that.
                let stopped = why == NoAnswer::Late && {
                    let _ = engine.send("stop");
                    engine.wait_for_any(ANSWERS, Duration::from_secs(2)).is_ok()
                };
                if !stopped {
                    engine.restart()?;
                }
                let verdict = Verdict {
                    winner: loses,
                    reason: format!("{name} {}", why.loss_reason()),
                };
                return Ok(Some((game, verdict, answers)));
            }
        };
        if let Limit::Clock { inc, .. } = limit {
            if used > clocks[index] + margin {
                let verdict = Verdict {
                    winner: loses,
                    reason: format!("{name} lost on time"),
                };
                return Ok(Some((game, verdict, answers)));
            }
            clocks[index] = clocks[index].saturating_sub(used) + inc;
        }
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let parsed = engine
            .dialect
            .read_move(text)
            .ok_or_else(|| format!("unreadable move '{text}'"))
            .and_then(|iccs| pos.parse_move(&iccs).map_err(|e| e.to_string()));
        match parsed {
            Ok(mv) => game.push(mv).map_err(|e| anyhow!("{e}"))?,
            Err(e) => {
                let verdict = Verdict {
                    winner: loses,
                    reason: format!("{name} played an illegal move ({line:?}: {e})"),
                };
                return Ok(Some((game, verdict, answers)));
            }
        }
    }
}

/// Openings from a FEN/EPD file: one position a line; blank lines and `#` comments skipped;
/// EPD operations after the fourth field (or after `;`) ignored.
fn read_openings(path: &str) -> Result<Vec<Position>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = fields[..fields.len().min(6)].join(" ");
        let pos = Position::from_fen(&fen)
            .or_else(|_| Position::from_fen(&fields[..fields.len().min(2)].join(" ")))
            .map_err(|e| anyhow!("{path}:{}: {e}", n + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        bail!("{path} holds no positions");
    }
    Ok(out)
}

fn parse_options(list: &[String]) -> Result<Vec<(String, String)>> {
    list.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| anyhow!("option {o:?} is not NAME=VALUE"))
        })
        .collect()
}

/// What every game of a match shares.
#[derive(Clone, Copy)]
struct Schedule<'a> {
    openings: &'a [Position],
    limit: Limit,
    max_plies: u32,
    margin: Duration,
}

/// Two engine processes playing the games of a match.
struct XiangqiTable<'a> {
    engines: [EngineProcess; 2],
    schedule: Schedule<'a>,
}

impl referee::Table for XiangqiTable<'_> {
    fn play(
        &mut self,
        index: u32,
        names: &[String; 2],
        abort: &AtomicBool,
    ) -> Result<Option<referee::Report>> {
        let Schedule {
            openings,
            limit,
            max_plies,
            margin,
        } = self.schedule;
        let opening = &openings[(index / 2) as usize % openings.len()];
        let first_is_red = referee::first_engine_listed_first(index);
        let [a, b] = &mut self.engines;
        let seats = if first_is_red { [a, b] } else { [b, a] };
        let Some((game, verdict, answers)) =
            play_game(seats, opening, limit, max_plies, margin, abort)?
        else {
            return Ok(None);
        };
        let (red_name, black_name) = if first_is_red {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        let red_won = match verdict.winner {
            Winner::Red => Some(true),
            Winner::Black => Some(false),
            Winner::Draw => None,
        };
        let first_won = red_won.map(|won| won == first_is_red);
        let result = referee::result_text(red_won);
        let line = referee::game_line(
            COLOURS,
            [red_name, black_name],
            red_won,
            &verdict.reason,
            &format!("{} plies", game.moves().len()),
        );
        let round = (index + 1).to_string();
        let record = qi_xiangqi::pgn::write_game(
            &game,
            result,
            "qi match",
            [red_name, black_name],
            &[("Round", &round), ("Termination", &verdict.reason)],
        );
        Ok(Some(referee::Report {
            index,
            first_won,
            line,
            // PGN games are separated by a blank line.
            record: format!("{record}\n"),
            answers: referee::AnswerTimes::by_engine(answers, first_is_red),
        }))
    }
}

/// `qi match` (Xiangqi).
pub fn run(args: MatchOptions) -> Result<()> {
    let limit = match (args.depth, args.nodes, args.movetime, args.time) {
        (Some(d), None, None, None) if d > 0 => Limit::Depth(d),
        (None, Some(n), None, None) if n > 0 => Limit::Nodes(n),
        (None, None, Some(t), None) if t > 0 => Limit::MoveTime(Duration::from_millis(t)),
        (None, None, None, Some(t)) if t > 0 => Limit::Clock {
            time: Duration::from_millis(t),
            inc: Duration::from_millis(args.inc),
        },
        (None, None, None, None) => bail!("give one limit: --depth, --nodes, --movetime or --time"),
        _ => bail!("give exactly one positive limit: --depth, --nodes, --movetime or --time"),
    };
    let (sprt, rounds) = referee::plan_size(
        args.sprt.as_deref(),
        args.alpha,
        args.beta,
        args.rounds,
        args.concurrency,
    )?;
    let openings = match &args.openings {
        Some(path) => read_openings(path)?,
        None => vec![Position::startpos()],
    };
    let dialects = [
        Dialect::parse(&args.protocol1)?,
        Dialect::parse(&args.protocol2)?,
    ];
    let options = [parse_options(&args.option1)?, parse_options(&args.option2)?];
    let schedule = Schedule {
        openings: &openings,
        limit,
        max_plies: args.max_plies,
        margin: Duration::from_millis(args.timemargin),
    };
    // Every concurrent game has its own two engine processes.
    let mut tables = Vec::with_capacity(args.concurrency);
    for _ in 0..args.concurrency {
        tables.push(XiangqiTable {
            engines: [
                EngineProcess::start(&args.engine1, dialects[0], &options[0])?,
                EngineProcess::start(&args.engine2, dialects[1], &options[1])?,
            ],
            schedule,
        });
    }
    let names = match_names(
        [&tables[0].engines[0].name, &tables[0].engines[1].name],
        &args.names,
    )?;
    referee::run(
        tables,
        referee::Plan {
            names,
            rounds,
            sprt,
            records: Records::new(args.pgn.clone()),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairy_moves_use_ranks_from_one() {
        let mv = Position::startpos().parse_move("h2e2").unwrap();
        assert_eq!(Dialect::Fsf.write_move(mv), "h3e3");
        assert_eq!(Dialect::Fsf.read_move("a10a9").as_deref(), Some("a9a8"));
        assert_eq!(Dialect::Fsf.read_move("a11a9"), None);
        assert_eq!(Dialect::Uci.read_move("H2E2").as_deref(), Some("h2e2"));
        assert_eq!(Dialect::Uci.read_move("(none)"), None);
        assert_eq!(Dialect::Fsf.read_move("(none)"), None);
        // An empty or non-ASCII reply is not a move (these used to panic on slicing).
        for reply in ["", "a", "é1a2", "a1é2", "ä10a9", "a10", "1010"] {
            assert_eq!(Dialect::Fsf.read_move(reply), None, "{reply:?}");
            assert_eq!(Dialect::Sjaak.read_move(reply), None, "{reply:?}");
        }
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(
            Dialect::Sjaak.fen(start),
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1"
        );
        assert_eq!(Dialect::Fsf.fen(start), start);
    }

    #[test]
    fn an_empty_or_non_ascii_reply_is_unreadable_not_a_panic() {
        // `bestmove` alone, or a multi-byte character first, sliced the text mid-character
        // or past its end (found by the referee's fuzz target).
        for dialect in [Dialect::Fsf, Dialect::Sjaak, Dialect::Uci, Dialect::Ucci] {
            for text in [
                "",
                "a",
                "é",
                "aé1b2",
                "a1é2",
                "a+1b+2",
                "a1b",
                "ab",
                "\u{1F600}a1",
            ] {
                assert_eq!(dialect.read_move(text), None, "{dialect:?} {text:?}");
            }
        }
    }

    #[test]
    fn go_lines_per_dialect() {
        let clocks = [Duration::from_secs(60), Duration::from_secs(30)];
        let limit = Limit::Clock {
            time: Duration::from_secs(60),
            inc: Duration::from_secs(1),
        };
        assert_eq!(
            go_line(Dialect::Uci, limit, clocks, false),
            "go wtime 60000 btime 30000 winc 1000 binc 1000"
        );
        assert_eq!(
            go_line(Dialect::Ucci, limit, clocks, false),
            "go time 30000 increment 1000 opptime 60000 oppincrement 1000"
        );
    }
}
