//! `qi match --game gomoku`: Gomocup (piskvork protocol) engines play each other with Qi's
//! gomoku rules as referee (freestyle, standard or renju: fives, overlines, Black's
//! forbidden points, a full board), under a per-turn and an optional per-game time limit.
//!
//! Each opening (stones given as offsets from the centre, Black first) is played twice with
//! colours swapped. An engine gets `BEGIN` when it opens an empty board, `BOARD … DONE` the
//! first time it moves in a game otherwise, and `TURN x,y` after that. Games are written as
//! SGF (`GM[4]`) through the game crate's writer, which the web page reads back. Pairs,
//! `--concurrency` and `--sprt` come from the shared match loop ([`super::referee`]); a
//! game in progress is finished before an SPRT decision stops the match.

use super::process::{split_command, NoAnswer, Process};
use super::{match_names, referee, Records};
use crate::MatchOptions;
use anyhow::{anyhow, bail, Context, Result};
use qi_gomoku::{play_checked, Board, Color, MoveResult, Rule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The colours as this game's lines name them (Black, who plays the first stone, is listed
/// first).
pub const COLOURS: referee::Colours = ["Black", "White"];

/// How long an engine may take to answer `ABOUT`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine may take to answer `START`: some load their weights then, and a
/// restarted engine on a busy machine can take a while.
const START_TIMEOUT: Duration = Duration::from_secs(30);
/// Games in a row an engine may fail to start before the match gives up on it.
const START_FAILURES_ALLOWED: u32 = 3;
/// How long a move may take under depth or node limits only.
const UNTIMED_MOVE_LIMIT: Duration = Duration::from_secs(120);

/// A Gomocup engine.
struct Brain {
    process: Process,
    name: String,
}

/// A move reply `x,y`.
pub fn parse_reply(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Lines a brain may send besides its move.
pub fn is_chatter(line: &str) -> bool {
    ["MESSAGE", "DEBUG", "UNKNOWN", "ERROR", "SUGGEST"]
        .iter()
        .any(|p| line.starts_with(p))
}

impl Brain {
    fn start(command: &str) -> Result<Brain> {
        let mut process = Process::start(command, "END")?;
        process.send("ABOUT")?;
        let about = process
            .read_until(HANDSHAKE_TIMEOUT, |l| l.contains("name="), |_| {})
            .ok()
            .unwrap_or_default();
        let name = about
            .split("name=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .map(str::to_string)
            .unwrap_or_else(|| {
                split_command(command)
                    .ok()
                    .and_then(|w| w.first().cloned())
                    .unwrap_or_else(|| command.to_string())
            });
        Ok(Brain { process, name })
    }

    /// `START size` and the match information; fails when the brain refuses the size.
    fn new_game(&mut self, size: usize, rule: Rule, info: &[(String, u64)]) -> Result<()> {
        self.process.send(&format!("START {size}"))?;
        let answer = self
            .process
            .read_until(
                START_TIMEOUT,
                |l| l.starts_with("OK") || l.starts_with("ERROR"),
                |_| {},
            )
            .map_err(|_| anyhow!("{} did not answer START {size}", self.name))?;
        if answer.starts_with("ERROR") {
            bail!("{} refuses a {size}×{size} board: {answer}", self.name);
        }
        let rule_bits = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        };
        self.process.send(&format!("INFO rule {rule_bits}"))?;
        self.process.send("INFO game_type 1")?;
        for (key, value) in info {
            self.process.send(&format!("INFO {key} {value}"))?;
        }
        Ok(())
    }

    /// Waits for the move; fails when it does not come in time or the brain exits.
    fn reply(&mut self, allowed: Duration) -> Result<(i64, i64), NoAnswer> {
        let line =
            self.process
                .read_until(allowed, |l| !is_chatter(l) && !l.trim().is_empty(), |_| {})?;
        Ok(parse_reply(&line).unwrap_or((-1, -1)))
    }

    /// Replaces the engine with a fresh process of the same command: after a late move or a
    /// failed start its state is unknown, and a late reply would answer the next command.
    fn restart(&mut self) -> Result<()> {
        let command = self.process.command.clone();
        *self = Brain::start(&command)?;
        Ok(())
    }
}

/// Opening stones as offsets from the centre, Black first: integers separated by commas or
/// spaces, taken in pairs (`0,0, 1,0, 1,1` or `0 0 1 0 1 1`), one opening a line. Every
/// opening is checked here, so that a bad line stops the match before its first game
/// rather than in the middle of it.
fn read_openings(path: &str, size: usize, rule: Rule) -> Result<Vec<Vec<(i64, i64)>>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let centre = (size / 2) as i64;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let numbers: Result<Vec<i64>, _> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(str::parse::<i64>)
            .collect();
        let numbers = numbers.map_err(|e| anyhow!("{path}:{}: {e}", n + 1))?;
        if numbers.len() % 2 != 0 {
            bail!("{path}:{}: an odd number of coordinates", n + 1);
        }
        let stones: Vec<(i64, i64)> = numbers
            .chunks(2)
            .map(|c| (centre + c[0], centre + c[1]))
            .collect();
        opening_board(&stones, size, rule).map_err(|e| anyhow!("{path}:{}: {e}", n + 1))?;
        out.push(stones);
    }
    if out.is_empty() {
        bail!("{path} holds no openings");
    }
    Ok(out)
}

/// The board after `opening`'s stones, which must be playable and leave the game
/// unfinished under `rule` (the game crate judges both).
fn opening_board(opening: &[(i64, i64)], size: usize, rule: Rule) -> Result<Board> {
    let mut board = Board::new(size, rule).map_err(|e| anyhow!("{e}"))?;
    for &(x, y) in opening {
        match play_checked(&mut board, x, y) {
            Ok(MoveResult::Continue) => {}
            Ok(ended) => {
                let reason = ended.end().map_or(String::new(), |end| format!(": {end}"));
                bail!("the opening {opening:?} already ends the game{reason}")
            }
            Err(e) => bail!("the opening {opening:?} cannot be played: {e}"),
        }
    }
    Ok(board)
}

/// The result of one game.
struct Played {
    moves: Vec<(i64, i64)>,
    /// `Some(Black)` / `Some(White)` won, `None` a draw.
    winner: Option<Color>,
    reason: String,
    /// The colour whose engine did not start the game (it forfeits it), if one did not.
    not_started: Option<Color>,
    /// How long each colour's brain (Black, White) took to answer.
    answers: [referee::AnswerTimes; 2],
}

/// What each brain is told it may use: time per turn and per game, depth, nodes, memory.
#[derive(Clone, Copy)]
struct Clock {
    turn: Option<Duration>,
    game: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// The memory each brain is told it may use (MB; 0: no limit).
    memory_mb: u64,
    /// The threads each brain is told it may use, if any.
    threads: Option<usize>,
}

/// Memory a brain may use, in bytes, as `INFO max_memory` gives it (0: no limit), from
/// megabytes.
fn max_memory_bytes(megabytes: u64) -> u64 {
    megabytes.saturating_mul(1 << 20)
}

/// The `INFO` lines a brain gets before each game, as (key, value): its memory, its
/// clock and any depth, node or thread limit. `timeout_turn` is the most a move may take:
/// the turn limit, else the whole game's time, else the referee's own limit for an untimed
/// move. It is never 0, which the protocol reads as "play as fast as possible": a match
/// limited by the game clock, by depth or by nodes alone would have its brains answer at
/// once.
fn start_info(clock: &Clock) -> Vec<(String, u64)> {
    let millis = |t: Duration| t.as_millis() as u64;
    let mut info = vec![("max_memory".to_string(), max_memory_bytes(clock.memory_mb))];
    let turn = clock.turn.or(clock.game).unwrap_or(UNTIMED_MOVE_LIMIT);
    info.push(("timeout_turn".to_string(), millis(turn)));
    info.push(("timeout_match".to_string(), clock.game.map_or(0, millis)));
    if let Some(d) = clock.depth {
        info.push(("max_depth".to_string(), u64::from(d)));
    }
    if let Some(n) = clock.nodes {
        info.push(("max_node".to_string(), n));
    }
    if let Some(t) = clock.threads {
        info.push(("thread_num".to_string(), t as u64));
    }
    info
}

/// Plays one game from `opening`, `brains` as Black and White, or `None` when `abort` is
/// raised before it ends (checked before each move, so no brain is left thinking after a
/// match's verdict).
fn play_game(
    brains: [&mut Brain; 2],
    size: usize,
    rule: Rule,
    opening: &[(i64, i64)],
    clock: Clock,
    margin: Duration,
    abort: &AtomicBool,
) -> Result<Option<Played>> {
    let [black, white] = brains;
    let mut brains = [black, white];
    let info = start_info(&clock);
    for (b, colour) in brains.iter_mut().zip([Color::Black, Color::White]) {
        if let Err(e) = b.new_game(size, rule, &info) {
            b.restart()?;
            return Ok(Some(Played {
                moves: Vec::new(),
                winner: Some(colour.other()),
                reason: format!("{e}"),
                not_started: Some(colour),
                answers: Default::default(),
            }));
        }
    }
    let mut board = opening_board(opening, size, rule)?;
    let mut moves = opening.to_vec();
    let mut synced = [false, false];
    let mut left = [clock.game; 2];
    let mut answers = [referee::AnswerTimes::default(); 2];
    loop {
        if abort.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let side = board.to_move();
        let index = usize::from(side == Color::White);
        let brain = &mut *brains[index];
        if let Some(l) = left[index] {
            brain
                .process
                .send(&format!("INFO time_left {}", l.as_millis()))?;
        }
        if !synced[index] {
            if moves.is_empty() {
                brain.process.send("BEGIN")?;
            } else {
                brain.process.send("BOARD")?;
                for (i, &(x, y)) in moves.iter().enumerate() {
                    let colour = if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let field = if colour == side { 1 } else { 2 };
                    brain.process.send(&format!("{x},{y},{field}"))?;
                }
                brain.process.send("DONE")?;
            }
            synced[index] = true;
        } else {
            let &(x, y) = moves.last().expect("the opponent has moved");
            brain.process.send(&format!("TURN {x},{y}"))?;
        }
        // The tighter of the turn's time and the game's time left, when either is set.
        let limit = clock.turn.into_iter().chain(left[index]).min();
        let allowed = limit.unwrap_or(UNTIMED_MOVE_LIMIT) + margin;
        let started = Instant::now();
        let reply = brain.reply(allowed);
        let used = started.elapsed();
        answers[index].add(used, limit);
        let name = brain.name.clone();
        let loses = |reason: String| {
            Some(Played {
                moves: moves.clone(),
                winner: Some(side.other()),
                reason,
                not_started: None,
                answers,
            })
        };
        let (x, y) = match reply {
            Ok(point) => point,
            Err(why) => {
                brain.restart()?;
                return Ok(loses(format!("{name} {}", why.loss_reason())));
            }
        };
        if let Some(l) = &mut left[index] {
            if used > *l + margin {
                return Ok(loses(format!("{name} lost on time")));
            }
            *l = l.saturating_sub(used);
        }
        match play_checked(&mut board, x, y) {
            Err(e) => return Ok(loses(format!("{name} played an illegal move {x},{y}: {e}"))),
            Ok(result) => {
                moves.push((x, y));
                let end = |winner, reason: &str| {
                    Some(Played {
                        moves: moves.clone(),
                        winner,
                        reason: reason.to_string(),
                        not_started: None,
                        answers,
                    })
                };
                // The game crate rules the end and words its reason.
                if let Some(over) = result.end() {
                    return Ok(end(over.winner(), &over.to_string()));
                }
            }
        }
    }
}

/// The game as SGF, through the game crate's writer.
fn sgf(played: &Played, size: usize, rule: Rule, names: [&str; 2]) -> String {
    let result = match played.winner {
        Some(Color::Black) => "B+",
        Some(Color::White) => "W+",
        None => "0",
    };
    let header = qi_gomoku::sgf::Header {
        size,
        rule,
        players: Some(names),
        result: Some(result),
        comment: Some(&played.reason),
    };
    // The referee only records points it has checked are on the board.
    let moves: Vec<(usize, usize)> = played
        .moves
        .iter()
        .map(|&(x, y)| (x.max(0) as usize, y.max(0) as usize))
        .collect();
    qi_gomoku::sgf::write(&header, &moves)
}

/// Two brains playing the games of a match.
struct GomokuTable<'a> {
    brains: [Brain; 2],
    size: usize,
    rule: Rule,
    openings: &'a [Vec<(i64, i64)>],
    clock: Clock,
    margin: Duration,
    /// Games in a row each brain (first, second) failed to start.
    start_failures: [u32; 2],
}

impl referee::Table for GomokuTable<'_> {
    fn play(
        &mut self,
        index: u32,
        names: &[String; 2],
        abort: &AtomicBool,
    ) -> Result<Option<referee::Report>> {
        let opening = &self.openings[(index / 2) as usize % self.openings.len()];
        let first_is_black = referee::first_engine_listed_first(index);
        let [a, b] = &mut self.brains;
        let pair = if first_is_black { [a, b] } else { [b, a] };
        let Some(played) = play_game(
            pair,
            self.size,
            self.rule,
            opening,
            self.clock,
            self.margin,
            abort,
        )?
        else {
            return Ok(None);
        };
        // A brain that cannot start a game forfeits it; one that never starts ends the
        // match rather than losing every remaining game in a row.
        for (engine, failures) in self.start_failures.iter_mut().enumerate() {
            let black = (engine == 0) == first_is_black;
            let colour = if black { Color::Black } else { Color::White };
            if played.not_started == Some(colour) {
                *failures += 1;
                if *failures >= START_FAILURES_ALLOWED {
                    bail!(
                        "{} failed to start {failures} games in a row: {}",
                        names[engine],
                        played.reason
                    );
                }
            } else {
                *failures = 0;
            }
        }
        let (black, white) = if first_is_black {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        };
        let black_won = played.winner.map(|c| c == Color::Black);
        let line = referee::game_line(
            COLOURS,
            [black, white],
            black_won,
            &played.reason,
            &format!("{} moves", played.moves.len()),
        );
        Ok(Some(referee::Report {
            index,
            first_won: black_won.map(|won| won == first_is_black),
            line,
            record: sgf(&played, self.size, self.rule, [black, white]),
            answers: referee::AnswerTimes::by_engine(played.answers, first_is_black),
        }))
    }
}

/// `qi match --game gomoku`.
pub fn run(args: MatchOptions) -> Result<()> {
    let rule: Rule = args
        .rule
        .parse()
        .map_err(|e| anyhow!("{e}"))
        .context("--rule")?;
    let size = args.size;
    Board::new(size, rule).map_err(|e| anyhow!("--size: {e}"))?;
    let clock = Clock {
        turn: args.movetime.map(Duration::from_millis),
        game: args.time.map(Duration::from_millis),
        depth: args.depth,
        nodes: args.nodes,
        memory_mb: args.max_memory.unwrap_or(crate::DEFAULT_MAX_MEMORY_MB),
        threads: args.threads,
    };
    if clock.turn.is_none()
        && clock.game.is_none()
        && clock.depth.is_none()
        && clock.nodes.is_none()
    {
        bail!("give a limit: --movetime (per turn), --time (per game), --depth or --nodes");
    }
    if clock.turn == Some(Duration::ZERO) || clock.game == Some(Duration::ZERO) {
        bail!("time limits must be positive");
    }
    let (sprt, rounds) = referee::plan_size(
        args.sprt.as_deref(),
        args.alpha,
        args.beta,
        args.rounds,
        args.concurrency,
    )?;
    let openings = match &args.openings {
        Some(path) => read_openings(path, size, rule)?,
        None => vec![Vec::new()],
    };
    // Every concurrent game has its own two brains.
    let mut tables = Vec::with_capacity(args.concurrency);
    for _ in 0..args.concurrency {
        tables.push(GomokuTable {
            brains: [Brain::start(&args.engine1)?, Brain::start(&args.engine2)?],
            size,
            rule,
            openings: &openings,
            clock,
            margin: Duration::from_millis(args.timemargin),
            start_failures: [0; 2],
        });
    }
    let names = match_names(
        [&tables[0].brains[0].name, &tables[0].brains[1].name],
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
    fn brains_are_never_told_to_play_as_fast_as_possible() {
        let clock = |turn: Option<u64>, game: Option<u64>, depth: Option<u32>| Clock {
            turn: turn.map(Duration::from_millis),
            game: game.map(Duration::from_millis),
            depth,
            nodes: None,
            memory_mb: 32,
            threads: None,
        };
        let value = |info: &[(String, u64)], key: &str| {
            info.iter()
                .find(|(k, _)| k == key)
                .map(|&(_, v)| v)
                .unwrap_or_else(|| panic!("no INFO {key} in {info:?}"))
        };
        // A turn limit is sent as it is, with the game's time when there is one.
        let both = start_info(&clock(Some(1000), Some(180_000), None));
        assert_eq!(value(&both, "timeout_turn"), 1000);
        assert_eq!(value(&both, "timeout_match"), 180_000);
        // The game's time alone: a move may take all of it (the brain shares it out with
        // `time_left`), not the protocol's "as fast as possible".
        let game = start_info(&clock(None, Some(180_000), None));
        assert_eq!(value(&game, "timeout_turn"), 180_000);
        assert_eq!(value(&game, "timeout_match"), 180_000);
        // A depth alone: the search stops at the depth, well inside the referee's limit.
        let depth = start_info(&clock(None, None, Some(6)));
        assert_eq!(
            value(&depth, "timeout_turn"),
            UNTIMED_MOVE_LIMIT.as_millis() as u64
        );
        assert_eq!(value(&depth, "timeout_match"), 0);
        assert_eq!(value(&depth, "max_depth"), 6);
        assert_eq!(value(&depth, "max_memory"), 32 << 20);
    }

    #[test]
    fn replies_and_chatter() {
        assert_eq!(parse_reply("7,8"), Some((7, 8)));
        assert_eq!(parse_reply(" 10 , 3 "), Some((10, 3)));
        assert_eq!(parse_reply("h8"), None);
        assert!(is_chatter("MESSAGE depth 3"));
        assert!(!is_chatter("7,7"));
    }

    /// A file of `text` in the temporary folder, named after `name` and this process.
    fn openings_file(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("qi-{name}-{}.txt", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    }

    #[test]
    fn every_book_in_the_repository_is_legal_under_every_rule() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings");
        let mut books = 0;
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !(name.starts_with("gomoku") && name.ends_with(".txt")) {
                continue;
            }
            // SPRTs play a book under any rule, so it must hold under each.
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                let openings = read_openings(&path.to_string_lossy(), 15, rule)
                    .unwrap_or_else(|e| panic!("{name} under {rule:?}: {e:#}"));
                assert!(openings.len() >= 100, "{name}: {} openings", openings.len());
            }
            books += 1;
        }
        assert!(books >= 2, "{books} gomoku books in {folder}");
    }

    #[test]
    fn a_bad_opening_is_refused_with_its_line_before_any_game() {
        // Black's last stone at the centre makes two open threes: a foul only under renju.
        let double_three = "-1,0, 5,5, 1,0, 5,-5, 0,-1, -5,5, 0,1, -5,-5, 0,0";
        let path = openings_file(
            "double-three",
            &format!("# a book\n0,0, 1,1\n{double_three}\n"),
        );
        assert_eq!(read_openings(&path, 15, Rule::Freestyle).unwrap().len(), 2);
        let error = read_openings(&path, 15, Rule::Renju)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(":3: ") && error.contains("double three"),
            "{error}"
        );
        let bad = [
            ("0,0, 0,0", "cannot be played"),
            ("0,0, 1,1, 8,0", "cannot be played"),
            (
                "0,0, 5,-2, 1,0, 5,-1, 2,0, 5,1, 3,0, 5,2, 4,0",
                "ends the game: five in a row",
            ),
            ("0,0, 1", "an odd number"),
            ("0,0, x,1", "invalid digit"),
        ];
        for (line, why) in bad {
            let path = openings_file("bad", &format!("0,0\n{line}\n"));
            let error = format!(
                "{:#}",
                read_openings(&path, 15, Rule::Freestyle).unwrap_err()
            );
            assert!(
                error.contains(":2: ") && error.contains(why),
                "{line}: {error}"
            );
            std::fs::remove_file(&path).unwrap();
        }
        std::fs::remove_file(&path).unwrap_or(());
    }

    #[test]
    fn sgf_records_read_back_on_the_web_page() {
        let played = Played {
            moves: vec![(7, 7), (8, 8)],
            winner: None,
            reason: "full board".into(),
            not_started: None,
            answers: Default::default(),
        };
        let text = sgf(&played, 15, Rule::Renju, ["A", "B"]);
        assert!(text.starts_with("(;FF[4]GM[4]AP[Qi]SZ[15]RU[renju]PB[A]PW[B]RE[0]"));
        assert!(text.ends_with(";B[hh];W[ig])\n"), "{text}");
        // The web page reads it back as the same moves.
        let record = qi_web::gomoku_sgf::read(&text, qi_web::gomoku::Options::default()).unwrap();
        assert_eq!(record.moves, vec!["h8", "i9"]);
        assert_eq!(record.options.rule, Rule::Renju);
    }
}
