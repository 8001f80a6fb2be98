//! The bodies of the fuzz targets (`fuzz/`, cargo-fuzz) and of the stable test that runs them
//! over their corpora and seeded random inputs (`tests/fuzz_bodies.rs`): each takes
//! arbitrary bytes, runs one parser, and checks what must hold of its answer.
//!
//! A parser must never panic, whatever it is given; where a text form is printed back
//! (FEN, moves, PGN, SGF) printing and parsing again must give the same thing. A broken
//! invariant panics here on purpose: that is how a fuzzer learns of it. The targets:
//! [`TARGETS`].

use qi_gomoku::{board_from_moves, format_point, parse_moves, Rule};
use qi_match::gomoku::{is_chatter, parse_reply};
use qi_match::logs::read_log;
use qi_match::sprt::Pentanomial;
use qi_match::xiangqi::Dialect as RefereeDialect;
use qi_protocol::gomocup::serve_quick;
use qi_protocol::xiangqi::{parse_command, Dialect, Settings};
use qi_protocol::xiangqi::{ucci::Ucci, uci::Uci};
use qi_web::{gomoku::Options, gomoku_sgf};
use qi_xiangqi::{pgn, Game, Position};

/// A target's body: runs on any bytes, panics only when an invariant breaks.
pub type Body = fn(&[u8]);

/// Each target's name (its file in `fuzz/fuzz_targets/` and its corpus folder in
/// `fuzz/corpus/`) and body.
pub const TARGETS: &[(&str, Body)] = &[
    ("xiangqi_fen", xiangqi_fen),
    ("xiangqi_move_text", xiangqi_move_text),
    ("xiangqi_pgn", xiangqi_pgn),
    ("gomoku_moves", gomoku_moves),
    ("gomoku_sgf", gomoku_sgf),
    ("xiangqi_protocol", xiangqi_protocol),
    ("gomocup", gomocup),
    ("referee_reply", referee_reply),
    ("match_log", match_log),
];

/// Positions the move-text and protocol targets read moves in: the start, a middle game
/// with both sides' pieces crossed, and an ending with few pieces (tandem pawns).
const POSITIONS: &[&str] = &[
    qi_xiangqi::START_FEN,
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 6 4",
    "3k5/4a4/4b4/2P1P4/2P1P4/9/9/9/4A4/4K4 w - - 0 40",
];

/// The bytes as text: invalid UTF-8 replaced, as a reader that does not reject it would.
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// FEN: a position read back from its own FEN is the same position, with the same key, and
/// every legal move can be made and unmade without changing it.
pub fn xiangqi_fen(data: &[u8]) {
    let Ok(pos) = Position::from_fen(&text(data)) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen:?} re-read: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    assert_eq!(again.key(), pos.key(), "key after the round trip of {fen}");
    assert_eq!(pos.key(), pos.compute_key(), "incremental key of {fen}");
    let mut play = pos.clone();
    for mv in pos.legal_moves().iter().copied() {
        let undo = play.make_move(mv);
        assert_eq!(play.key(), play.compute_key(), "key after {}", mv.to_iccs());
        play.unmake_move(mv, undo);
        assert_eq!(play.to_fen(), fen, "unmake {} in {fen}", mv.to_iccs());
    }
}

/// Move text (ICCS, WXF, Chinese): a move that parses is legal, and its ICCS, WXF and
/// Chinese texts each parse back to it. The first byte picks the position.
pub fn xiangqi_move_text(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let fen = POSITIONS[which as usize % POSITIONS.len()];
    let pos = Position::from_fen(fen).expect("a valid built-in FEN");
    let Ok(mv) = pos.parse_move(&text(rest)) else {
        return;
    };
    assert!(pos.is_legal(mv), "{} parsed but is not legal", mv.to_iccs());
    let mut forms = vec![mv.to_iccs()];
    forms.extend(pos.to_wxf(mv));
    forms.extend(pos.to_chinese(mv));
    assert_eq!(
        forms.len(),
        3,
        "a legal move has all three texts: {forms:?}"
    );
    for form in forms {
        assert_eq!(pos.parse_move(&form), Ok(mv), "{form:?} in {fen}");
    }
}

/// PGN: the moves of a record that replay from its start position are written and read
/// back as the same start and the same ICCS moves.
pub fn xiangqi_pgn(data: &[u8]) {
    let Ok(record) = pgn::read(&text(data)) else {
        return;
    };
    let start = record.fen.as_deref().unwrap_or(qi_xiangqi::START_FEN);
    let Ok(mut game) = Game::from_fen(start) else {
        return;
    };
    for text in &record.moves {
        if game.push_str(text).is_err() {
            break;
        }
    }
    let start_fen = game.start().to_fen();
    let iccs: Vec<String> = game.moves().iter().map(|m| m.to_iccs()).collect();
    let header = pgn::PgnHeader {
        event: "fuzz",
        red: "?",
        black: "?",
        extra: &[],
        start_fen: &start_fen,
        result: "*",
        date: "????.??.??",
    };
    let red_first = game.start().side_to_move() == qi_xiangqi::Color::Red;
    let written = pgn::write(&header, &iccs, red_first);
    let again = pgn::read(&written).unwrap_or_else(|e| panic!("re-read {written:?}: {e:?}"));
    let again_start = again.fen.as_deref().unwrap_or(qi_xiangqi::START_FEN);
    let mut replay = Game::from_fen(again_start).expect("the FEN tag it wrote");
    assert_eq!(replay.start().to_fen(), start_fen, "start of {written:?}");
    for text in &again.moves {
        replay
            .push_str(text)
            .unwrap_or_else(|e| panic!("{text:?} of {written:?}: {e}"));
    }
    assert_eq!(replay.moves(), game.moves(), "moves of {written:?}");
}

/// Gomoku move lists: a list that parses and can be played under a rule prints back as
/// the same list, and replays to the same board.
pub fn gomoku_moves(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(moves) = parse_moves(&text(rest)) else {
        return;
    };
    let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][which as usize % 3];
    let size = [15, 19, 5, 22][(which as usize / 3) % 4];
    let Ok((board, _)) = board_from_moves(size, rule, &moves) else {
        return;
    };
    let printed: Vec<String> = board.moves().map(format_point).collect();
    let reparsed = parse_moves(&printed.join(" ")).expect("printed moves parse");
    assert_eq!(reparsed, moves, "{printed:?}");
    let (again, _) = board_from_moves(size, rule, &reparsed).expect("replays");
    assert_eq!(again.hash(), board.hash(), "board of {printed:?}");
}

/// Gomoku SGF: a record that reads and replays is written and read back as the same size,
/// rule and moves.
pub fn gomoku_sgf(data: &[u8]) {
    let Ok(record) = gomoku_sgf::read(&text(data), Options::default()) else {
        return;
    };
    let options = record.options;
    let Ok(moves) = parse_moves(&record.moves.join(" ")) else {
        panic!("SGF moves {:?} do not parse", record.moves);
    };
    let Ok((board, _)) = board_from_moves(options.size, options.rule, &moves) else {
        return;
    };
    let points: Vec<_> = board.moves().collect();
    let written = gomoku_sgf::write(options, &points, None);
    let again = gomoku_sgf::read(&written, Options::default())
        .unwrap_or_else(|e| panic!("re-read {written:?}: {e:?}"));
    assert_eq!(again.moves, record.moves, "{written}");
    assert_eq!(again.options.size, options.size, "{written}");
    assert_eq!(again.options.rule, options.rule, "{written}");
}

/// UCI and UCCI command lines, parsed as the engine loop parses them (without searching):
/// never a panic; a `position` that is accepted has a FEN that reads back; under UCI with
/// ranks 1–10 every legal move of it goes to the wire and back unchanged. The first byte
/// picks the dialect, the rank numbering and the position `banmoves`/`go searchmoves`
/// are read in; the rest is lines.
pub fn xiangqi_protocol(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let dialect: &dyn Dialect = if which & 1 == 0 { &Uci } else { &Ucci };
    let settings = Settings {
        ranks_from_one: which & 2 != 0,
        millis: which & 4 != 0,
        ..Settings::default()
    };
    let fen = POSITIONS[(which as usize >> 3) % POSITIONS.len()];
    let position = Position::from_fen(fen).expect("a valid built-in FEN");
    for line in text(rest).lines() {
        let Ok(Some(pos)) = parse_command(dialect, &settings, &position, line) else {
            continue;
        };
        let fen = pos.to_fen();
        assert!(Position::from_fen(&fen).is_ok(), "{line:?} gave {fen:?}");
        for mv in pos.legal_moves().iter().copied() {
            let wire = dialect.move_text(mv, &settings);
            let iccs = dialect.wire_to_iccs(&wire, &settings);
            assert_eq!(iccs, mv.to_iccs(), "{wire:?} on the wire");
        }
    }
}

/// Gomocup: a whole session on the bytes, searches cut short, answers into a buffer: it
/// ends without an error, and every move it answers is on the board of the session.
pub fn gomocup(data: &[u8]) {
    let mut out = Vec::new();
    let result = serve_quick(data, &mut out);
    assert!(result.is_ok(), "session failed: {result:?}");
    let answers = String::from_utf8(out).expect("answers are UTF-8");
    for line in answers.lines() {
        if let Some((x, y)) = parse_reply(line) {
            assert!(
                (0..qi_gomoku::MAX_SIZE as i64).contains(&x)
                    && (0..qi_gomoku::MAX_SIZE as i64).contains(&y),
                "move {line:?} off every board"
            );
        }
        assert!(line.len() <= 4096, "an answer of {} bytes", line.len());
    }
}

/// The match referee's reading of engine replies: a Xiangqi move it reads is four ICCS
/// characters that the engine's dialect writes back the same way; a gomoku reply is a move
/// or chatter, never both.
pub fn referee_reply(data: &[u8]) {
    let line = text(data);
    // The referee reads the word after `bestmove`; the whole line is tried too.
    let word = line.split_whitespace().nth(1).unwrap_or("");
    for (name, text) in ["uci", "ucci", "fsf", "sjaak"]
        .into_iter()
        .flat_map(|name| [(name, word), (name, line.as_str())])
    {
        let dialect = RefereeDialect::parse(name).expect("a known dialect");
        let Some(iccs) = dialect.read_move(text) else {
            continue;
        };
        let b = iccs.as_bytes();
        let ok = b.len() == 4
            && (b'a'..=b'i').contains(&b[0])
            && b[1].is_ascii_digit()
            && (b'a'..=b'i').contains(&b[2])
            && b[3].is_ascii_digit();
        assert!(ok, "{name}: {text:?} read as {iccs:?}");
        let pos = Position::startpos();
        if let Ok(mv) = pos.parse_move(&iccs) {
            let wire = dialect.write_move(mv);
            assert_eq!(dialect.read_move(&wire), Some(iccs), "{name}: {wire:?}");
        }
    }
    if parse_reply(&line).is_some() {
        assert!(!is_chatter(&line), "{line:?} is a move and chatter");
    }
}

/// A match log read back (`qi sprt`): an answer counts only the games the text reports, each
/// pair's two games once, every counted game as a win, loss or draw that adds up to the
/// pairs' half points, and names its two engines when it read a game. Each line is also
/// read as a pentanomial (`qi sprt --pairs`), which must print back as itself once read.
pub fn match_log(data: &[u8]) {
    let log = text(data);
    for line in log.lines() {
        if let Ok(pentanomial) = line.parse::<Pentanomial>() {
            let printed = pentanomial.to_string();
            assert_eq!(
                printed.parse::<Pentanomial>().ok(),
                Some(pentanomial),
                "{line:?}"
            );
        }
    }
    let Ok(pairs) = read_log(&log) else {
        return;
    };
    let game_lines = log.lines().filter(|l| l.starts_with("Game ")).count() as u64;
    let paired_games = 2 * u64::from(pairs.pentanomial.pairs());
    assert!(
        paired_games + u64::from(pairs.unpaired_games) <= game_lines,
        "{log:?}"
    );
    let t = pairs.tally;
    assert_eq!(
        u64::from(t.wins + t.losses + t.draws),
        paired_games,
        "{log:?}"
    );
    let half_points: u32 = (0..5u32)
        .map(|k| k * pairs.pentanomial.counts[k as usize])
        .sum();
    assert_eq!(half_points, 2 * t.wins + t.draws, "{log:?}");
    let read_a_game = paired_games + u64::from(pairs.unpaired_games) > 0;
    assert_eq!(pairs.names.is_some(), read_a_game, "{log:?}");
}
