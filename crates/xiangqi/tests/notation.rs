//! Notation: ICCS, WXF and Chinese print/parse round trips on every legal
//! move of many positions, uniqueness of each move's text, hand-written cases
//! with known answers, and malformed input (errors, never panics).
//!
//! Positions: the shared perft.epd FENs (skipped with a message when
//! `../shared` is absent), embedded FENs, positions from seeded random
//! playouts, and seeded random placements built to hold tandem pieces (two
//! chariots/horses/cannons/advisors/elephants on one file, three to five
//! soldiers on one file, tandem soldiers on two files).

use qi_xiangqi::{Color, Move, MoveParseError, Piece, PieceKind, Position, Square, START_FEN};
use std::collections::HashMap;
use std::path::PathBuf;

/// SplitMix64: a tiny seeded generator so every run sees the same positions.
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
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const EMBEDDED: &[&str] = &[
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    // Tandem chariots, horses and cannons for both sides.
    "2b1kab2/4a4/R1n1c4/9/R1n1c4/r1N1C4/9/r1N1C4/9/2BAKAB2 w - - 0 1",
    "2b1kab2/4a4/R1n1c4/9/R1n1c4/r1N1C4/9/r1N1C4/9/2BAKAB2 b - - 0 1",
    // Three, four and five soldiers on one file; soldiers on two files.
    "3k5/4P4/4P4/4P4/9/9/9/9/9/5K3 w - - 0 1",
    "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1",
    "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1",
    "3k5/9/9/2P3P2/2P3P2/2P6/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b - - 0 1",
    "4k4/9/9/9/4p4/4p4/4p4/4p4/4p4/3K5 b - - 0 1",
    // Advisors and elephants sharing a file.
    "3k5/9/9/9/9/2B6/9/3A5/4K4/2BA5 w - - 0 1",
    "2ba5/4k4/3a5/9/2b6/9/9/9/9/5K3 b - - 0 1",
];

fn epd_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xiangqi/perft.epd")
}

fn epd_fens() -> Vec<String> {
    match std::fs::read_to_string(epd_path()) {
        Ok(text) => text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
            .collect(),
        Err(_) => {
            shared_missing(&epd_path(), "perft.epd positions not used");
            Vec::new()
        }
    }
}

/// Reports a missing `../shared` file where `cargo test` shows it (straight to stderr, past
/// the harness's capture), or fails when `QI_REQUIRE_SHARED=1` says the data must be there
/// (`.ci/run` sets it whenever `../shared` exists).
fn shared_missing(path: &std::path::Path, consequence: &str) {
    if std::env::var_os("QI_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!(
            "{} is missing but QI_REQUIRE_SHARED=1 requires it",
            path.display()
        );
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {} not found; {consequence}",
        path.display()
    );
}

/// Positions met on seeded random playouts from `fen`.
fn playout_positions(fen: &str, rng: &mut Rng, games: usize, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::from_fen(fen).unwrap();
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.make_move(mv);
        }
    }
    out
}

/// Could `piece` stand on `sq` (palace, elephant points, soldier ranks)?
fn may_stand(piece: Piece, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    let rr = match piece.color() {
        Color::Red => r,
        Color::Black => 9 - r,
    };
    match piece.kind() {
        PieceKind::General => (3..=5).contains(&f) && rr <= 2,
        PieceKind::Advisor => (3..=5).contains(&f) && rr <= 2 && (f + rr) % 2 == 1,
        PieceKind::Elephant => f % 2 == 0 && rr % 2 == 0 && rr <= 4 && (f / 2 + rr / 2) % 2 == 1,
        PieceKind::Soldier => rr >= 3 && (rr >= 5 || f % 2 == 0),
        _ => true,
    }
}

/// A random legal position crowded with same-kind pieces on shared files.
fn tandem_position(rng: &mut Rng) -> Option<Position> {
    let mut board: [Option<Piece>; 90] = [None; 90];
    for color in Color::ALL {
        // Two favourite files per side make pieces pile up.
        let fav = [rng.below(9) as u8, rng.below(9) as u8];
        for kind in PieceKind::ALL {
            let n = match kind {
                PieceKind::General => 1,
                PieceKind::Soldier => rng.below(6),
                _ => rng.below(3),
            };
            let piece = Piece::new(color, kind);
            let mut placed = 0;
            for _ in 0..200 {
                if placed == n {
                    break;
                }
                let file = if rng.chance(70) {
                    fav[rng.below(2)]
                } else {
                    rng.below(9) as u8
                };
                let sq = Square::new(file, rng.below(10) as u8).unwrap();
                if board[sq.index()].is_none() && may_stand(piece, sq) {
                    board[sq.index()] = Some(piece);
                    placed += 1;
                }
            }
            if kind == PieceKind::General && placed == 0 {
                return None;
            }
        }
    }
    let mut fen = String::new();
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match board[Square::new(file, rank).unwrap().index()] {
                Some(p) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if rng.chance(50) { " w" } else { " b" });
    Position::from_fen(&fen).ok()
}

/// Every position the round-trip tests visit.
fn all_positions() -> Vec<Position> {
    let mut rng = Rng(0x5EED_0003);
    let mut fens: Vec<String> = EMBEDDED.iter().map(|s| s.to_string()).collect();
    fens.extend(epd_fens());
    let mut out = Vec::new();
    for fen in &fens {
        out.extend(playout_positions(fen, &mut rng, 3, 60));
    }
    let mut made = 0;
    while made < 1500 {
        if let Some(p) = tandem_position(&mut rng) {
            out.push(p);
            made += 1;
        }
    }
    out
}

/// Alternative glyphs a reader may type, applied to printed Chinese text.
fn chinese_variants(text: &str, color: Color) -> Vec<String> {
    let traditional: String = text
        .chars()
        .map(|c| match c {
            '车' => '車',
            '马' => '馬',
            '炮' => '砲',
            '帅' => '帥',
            '将' => '將',
            '进' => '進',
            '后' => '後',
            c => c,
        })
        .collect();
    // The other side's glyph for the same kind is accepted too.
    let swapped: String = text
        .chars()
        .map(|c| match c {
            '仕' => '士',
            '士' => '仕',
            '相' => '象',
            '象' => '相',
            '兵' => '卒',
            '卒' => '兵',
            '帅' => '将',
            '将' => '帅',
            c => c,
        })
        .collect();
    let mut v = vec![traditional, swapped];
    if color == Color::Black {
        // Full-width digits for Black's numbers.
        v.push(
            text.chars()
                .map(|c| match c {
                    '1'..='9' => char::from_u32(c as u32 - '0' as u32 + '０' as u32).unwrap(),
                    c => c,
                })
                .collect(),
        );
    }
    v
}

/// Value of a Chinese or Arabic numeral (either width).
fn numeral(c: char) -> Option<u32> {
    "一二三四五六七八九"
        .chars()
        .position(|x| x == c)
        .map(|i| i as u32 + 1)
        .or_else(|| c.to_digit(10))
        .or_else(|| {
            let v = c as u32;
            ('１' as u32..='９' as u32)
                .contains(&v)
                .then(|| v - '０' as u32)
        })
}

/// Translates printed Chinese into the WXF it must mean, symbol by symbol
/// (piece glyph to letter, 进退平 to `+-.`, numerals to digits, 前/后 to
/// `+`/`-` for two pieces on a file). Numbered soldiers (three or more on a
/// file) are written without their file in Chinese, so only the place digit
/// is compared there: the result then ends in `?` for the file.
fn chinese_as_wxf(zh: &str, on_file_rear: u32) -> String {
    let c: Vec<char> = zh.chars().collect();
    let letter = |g: char| match g {
        '车' => Some('R'),
        '马' => Some('H'),
        '炮' => Some('C'),
        '相' | '象' => Some('E'),
        '仕' | '士' => Some('A'),
        '帅' | '将' => Some('K'),
        '兵' | '卒' => Some('P'),
        _ => None,
    };
    let dir = match c[2] {
        '进' => '+',
        '退' => '-',
        '平' => '.',
        _ => '?',
    };
    let amount = numeral(c[3]).map_or('?', |n| char::from_digit(n, 10).unwrap());
    let place = |p: char| match p {
        '前' => Some(1),
        '中' => Some(2),
        '后' => Some(on_file_rear),
        p => numeral(p),
    };
    let head = match (letter(c[0]), letter(c[1])) {
        (Some(l), None) => format!("{l}{}", numeral(c[1]).unwrap_or(0)),
        (None, Some('P')) if on_file_rear >= 3 => {
            format!("{}?", place(c[0]).unwrap_or(0))
        }
        (None, Some(l)) => format!("{l}{}", if c[0] == '前' { '+' } else { '-' }),
        _ => format!("{}{}", place(c[0]).unwrap_or(0), numeral(c[1]).unwrap_or(0)),
    };
    format!("{head}{dir}{amount}")
}

/// Counts of notation features seen, so the test proves it met tandem cases.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    wxf_front_rear: usize,
    wxf_numbered_soldier: usize,
    chinese_middle: usize,
    chinese_place_on_file: usize,
    chinese_ordinal: usize,
    black_moves: usize,
}

fn check_position(pos: &Position, seen: &mut Seen) {
    let fen = pos.to_fen();
    let moves = pos.legal_moves();
    let mut wxf_seen: HashMap<String, Move> = HashMap::new();
    let mut chinese_seen: HashMap<String, Move> = HashMap::new();
    let color = pos.side_to_move();
    for &mv in moves.iter() {
        seen.moves += 1;
        if color == Color::Black {
            seen.black_moves += 1;
        }
        // ICCS, in lower case, upper case and with a dash.
        let iccs = mv.to_iccs();
        assert_eq!(iccs.len(), 4);
        assert_eq!(pos.parse_move(&iccs), Ok(mv), "{fen} {iccs}");
        let upper = iccs.to_ascii_uppercase();
        let dashed = format!("{}-{}", &upper[..2], &upper[2..]);
        assert_eq!(pos.parse_move(&upper), Ok(mv), "{fen} {upper}");
        assert_eq!(pos.parse_move(&dashed), Ok(mv), "{fen} {dashed}");

        // WXF and its accepted spellings.
        let wxf = pos
            .to_wxf(mv)
            .unwrap_or_else(|| panic!("{fen} {iccs}: no WXF"));
        assert_eq!(pos.parse_move(&wxf), Ok(mv), "{fen} {iccs} WXF {wxf}");
        assert_eq!(
            pos.parse_move(&wxf.replace('.', "=")),
            Ok(mv),
            "{fen} {iccs} WXF {wxf} with ="
        );
        assert_eq!(
            pos.parse_move(&wxf.to_ascii_lowercase()),
            Ok(mv),
            "{fen} {iccs} WXF {wxf} lower case"
        );
        let b = wxf.as_bytes();
        if b[0].is_ascii_alphabetic() && (b[1] == b'+' || b[1] == b'-') {
            seen.wxf_front_rear += 1;
            let swapped = format!("{}{}{}", b[1] as char, b[0] as char, &wxf[2..]);
            assert_eq!(pos.parse_move(&swapped), Ok(mv), "{fen} {iccs} {swapped}");
        }
        if b[0].is_ascii_digit() {
            seen.wxf_numbered_soldier += 1;
        }
        if let Some(other) = wxf_seen.insert(wxf.clone(), mv) {
            panic!("{fen}: {iccs} and {other} both print as WXF {wxf}");
        }

        // Chinese and its accepted glyph variants.
        let zh = pos
            .to_chinese(mv)
            .unwrap_or_else(|| panic!("{fen} {iccs}: no Chinese"));
        assert_eq!(zh.chars().count(), 4, "{fen} {iccs} {zh}");
        assert_eq!(pos.parse_move(&zh), Ok(mv), "{fen} {iccs} Chinese {zh}");
        for v in chinese_variants(&zh, color) {
            assert_eq!(
                pos.parse_move(&v),
                Ok(mv),
                "{fen} {iccs} Chinese {zh} as {v}"
            );
        }
        // Chinese and WXF describe the same move, symbol by symbol.
        let rear = {
            let from = mv.from();
            let piece = pos.piece_at(from).unwrap();
            pos.pieces(color)
                .filter(|&(s, p)| p == piece && s.file() == from.file())
                .count() as u32
        };
        let want = if zh.chars().nth(1).is_some_and(|c| "兵卒".contains(c))
            && "前中后一二三四五".contains(zh.chars().next().unwrap())
            && rear >= 3
        {
            format!("{}?{}", &wxf[..1], &wxf[2..])
        } else {
            wxf.clone()
        };
        assert_eq!(
            chinese_as_wxf(&zh, rear),
            want,
            "{fen} {iccs}: {zh} vs {wxf}"
        );
        let first = zh.chars().next().unwrap();
        let second = zh.chars().nth(1).unwrap();
        if first == '中' {
            seen.chinese_middle += 1;
        }
        if "前中后".contains(first) && !"车马炮相象仕士兵卒".contains(second) {
            seen.chinese_place_on_file += 1;
        }
        if "一二三四五".contains(first) && "兵卒".contains(second) {
            seen.chinese_ordinal += 1;
        }
        if let Some(other) = chinese_seen.insert(zh.clone(), mv) {
            panic!("{fen}: {iccs} and {other} both print as {zh}");
        }
    }
    // Squares that hold no piece of the mover print nothing.
    for sq in Square::all() {
        if !matches!(pos.piece_at(sq), Some(p) if p.color() == color) {
            let mv = Move::new(sq, Square::new(4, 4).unwrap());
            assert_eq!(pos.to_wxf(mv), None);
            assert_eq!(pos.to_chinese(mv), None);
        }
    }
}

#[test]
fn round_trip_every_legal_move() {
    let positions = all_positions();
    let mut seen = Seen::default();
    for pos in &positions {
        check_position(pos, &mut seen);
    }
    println!("{} positions, {seen:?}", positions.len());
    // The positions really exercised every convention.
    assert!(seen.moves > 50_000, "{seen:?}");
    assert!(seen.black_moves > 20_000, "{seen:?}");
    assert!(seen.wxf_front_rear > 2_000, "{seen:?}");
    assert!(seen.wxf_numbered_soldier > 200, "{seen:?}");
    assert!(seen.chinese_middle > 50, "{seen:?}");
    assert!(seen.chinese_place_on_file > 50, "{seen:?}");
    assert!(seen.chinese_ordinal > 10, "{seen:?}");
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0').unwrap()
}

fn mv(text: &str) -> Move {
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

/// Asserts that every text parses to `iccs` and that the move prints as the
/// first WXF and the first Chinese text given.
fn known(fen: &str, iccs: &str, wxf: &[&str], chinese: &[&str]) {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = mv(iccs);
    assert!(pos.is_legal(m), "{fen} {iccs} not legal");
    assert_eq!(pos.to_wxf(m).as_deref(), Some(wxf[0]), "{fen} {iccs}");
    assert_eq!(
        pos.to_chinese(m).as_deref(),
        Some(chinese[0]),
        "{fen} {iccs}"
    );
    for t in wxf.iter().chain(chinese).chain(std::iter::once(&iccs)) {
        assert_eq!(pos.parse_move(t), Ok(m), "{fen}: {t:?} should be {iccs}");
    }
}

#[test]
fn known_answers_start_position() {
    known(
        START_FEN,
        "h2e2",
        &["C2.5", "C2=5", "c2.5"],
        &["炮二平五", "砲二平五", "包二平五", "炮2平5", " 炮二平五 "],
    );
    known(
        START_FEN,
        "b0c2",
        &["H8+7", "N8+7"],
        &["马八进七", "馬八進七"],
    );
    known(START_FEN, "c3c4", &["P7+1"], &["兵七进一", "卒七进一"]);
    known(
        START_FEN,
        "g0e2",
        &["E3+5", "B3+5"],
        &["相三进五", "象三进五"],
    );
    known(START_FEN, "f0e1", &["A4+5"], &["仕四进五", "士四进五"]);
    known(
        START_FEN,
        "e0e1",
        &["K5+1"],
        &["帅五进一", "帥五進一", "将五进一"],
    );
    known(
        START_FEN,
        "a0a2",
        &["R9+2"],
        &["车九进二", "車九進二", "俥九进二"],
    );
    let pos = Position::startpos();
    for t in ["H2-E2", "H2E2", "h2-e2", "h2e2"] {
        assert_eq!(pos.parse_move(t), Ok(mv("h2e2")), "{t}");
    }
    // Black's reply: 马8进7 = h9g7 = H8+7 (Black counts files from its own right).
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    known(black, "h9g7", &["H8+7"], &["马8进7", "馬8進7", "马８进７"]);
    known(
        black,
        "b9c7",
        &["H2+3"],
        &["马2进3", "馬2進3", "马２进３", "马二进三"],
    );
    known(black, "h7e7", &["C8.5"], &["炮8平5", "砲8平5", "包8平5"]);
    known(black, "e9e8", &["K5+1"], &["将5进1", "將5進1"]);
    known(black, "d9e8", &["A4+5"], &["士4进5", "仕4进5"]);
    known(black, "g9e7", &["E7+5"], &["象7进5", "相7进5"]);
    known(black, "c6c5", &["P3+1"], &["卒3进1", "兵3进1"]);
}

#[test]
fn known_answers_tandem_pieces() {
    // Red cannons on h2 and h4: 前炮平五 is h4e4, 后炮平五 is h2e2.
    let fen = "4k4/9/9/9/9/7C1/9/7C1/9/3K5 w - - 0 1";
    known(
        fen,
        "h4e4",
        &["C+.5", "C+=5", "+C.5"],
        &["前炮平五", "前砲平五"],
    );
    known(fen, "h2e2", &["C-.5", "-C.5"], &["后炮平五", "後炮平五"]);
    // Red chariots on a3 and a6: 后车退一 is a3a2; R+.3 / R-.3 go sideways to file 3.
    let fen = "4k4/9/9/R8/9/9/R8/9/9/3K5 w - - 0 1";
    known(fen, "a3a2", &["R--1", "-R-1"], &["后车退一", "後車退一"]);
    known(
        fen,
        "a6g6",
        &["R+.3", "R+=3", "+R.3"],
        &["前车平三", "前車平三"],
    );
    known(fen, "a3g3", &["R-.3", "R-=3", "-R=3"], &["后车平三"]);
    known(fen, "a6a8", &["R++2"], &["前车进二"]);
    // The plain file designation fits both chariots here: ambiguous.
    let pos = Position::from_fen(fen).unwrap();
    assert!(matches!(
        pos.parse_move("R9+1"),
        Err(MoveParseError::Ambiguous(_))
    ));
    // ... but is accepted when only one chariot can make the move.
    assert_eq!(
        pos.parse_move("R9.3"),
        Err(MoveParseError::Ambiguous("R9.3".into()))
    );
    assert_eq!(pos.parse_move("R9+3"), Ok(mv("a6a9")));
    // Black chariots on a9 and a5: Black's front is the one nearer Red.
    let fen = "r3k4/9/9/9/r8/9/9/9/9/3K5 b - - 0 1";
    known(fen, "a5a4", &["R++1"], &["前车进1", "前車進１"]);
    known(fen, "a9a8", &["R-+1"], &["后车进1"]);
    known(fen, "a5e5", &["R+.5", "R+=5"], &["前车平5"]);
    known(fen, "a9b9", &["R-.2"], &["后车平2"]);
    // Two horses on a file (Red h2, h4).
    let fen = "4k4/9/9/9/9/7N1/9/7N1/9/3K5 w - - 0 1";
    known(fen, "h4g6", &["H++3"], &["前马进三", "前馬進三"]);
    known(fen, "h2g0", &["H--3"], &["后马退三"]);
}

#[test]
fn known_answers_soldiers() {
    // Three Red soldiers on the e file: 前兵, 中兵, 后兵; WXF numbers them 1..3 from the front.
    let fen = "3k5/4P4/4P4/4P4/9/9/9/9/9/5K3 w - - 0 1";
    known(fen, "e8e9", &["15+1"], &["前兵进一", "前卒进一"]);
    known(fen, "e7f7", &["25.4", "25=4"], &["中兵平四", "中卒平四"]);
    known(fen, "e6d6", &["35.6"], &["后兵平六", "後兵平六"]);
    // Two soldiers on one file only: plain front/rear with the piece letter.
    let fen = "3k5/9/9/4P4/4P4/9/9/9/9/5K3 w - - 0 1";
    known(fen, "e6e7", &["P++1"], &["前兵进一"]);
    known(fen, "e5d5", &["P-.6"], &["后兵平六"]);
    // Tandem soldiers on two files (c and g): place plus file number.
    let fen = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
    known(fen, "c6d6", &["17.6", "+7.6"], &["前七平六"]);
    known(fen, "c5b5", &["27.8", "-7.8"], &["后七平八"]);
    known(fen, "g6g7", &["13+1", "+3+1"], &["前三进一"]);
    // Four soldiers on a file: 一二三四 from the front.
    let fen = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1";
    known(fen, "e8d8", &["15.6"], &["一兵平六"]);
    known(fen, "e5f5", &["45.4"], &["四兵平四"]);
    // Black: three soldiers on file 5, front = nearest Red.
    let fen = "4k4/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1";
    known(fen, "e2e1", &["15+1"], &["前卒进1", "前兵進１"]);
    known(fen, "e3d3", &["25.4"], &["中卒平4"]);
    known(fen, "e4f4", &["35.6"], &["后卒平6"]);
}

#[test]
fn malformed_input_is_an_error() {
    let pos = Position::startpos();
    let err = |t: &str| pos.parse_move(t).unwrap_err();
    assert_eq!(err(""), MoveParseError::Empty);
    assert_eq!(err("   "), MoveParseError::Empty);
    assert!(matches!(err("garbage"), MoveParseError::Syntax(_)));
    assert!(matches!(err("z2e2"), MoveParseError::SquareOutOfRange(_)));
    assert!(matches!(err("h2e2e"), MoveParseError::Syntax(_)));
    assert!(matches!(err("a0a10"), MoveParseError::Syntax(_)));
    assert!(matches!(err("C0.5"), MoveParseError::Syntax(_)));
    assert!(matches!(err("C2.0"), MoveParseError::Syntax(_)));
    assert!(matches!(err("X2.5"), MoveParseError::Syntax(_)));
    assert!(matches!(err("C2*5"), MoveParseError::Syntax(_)));
    assert!(matches!(err("炮十平五"), MoveParseError::Syntax(_)));
    assert!(matches!(err("炮二走五"), MoveParseError::Syntax(_)));
    assert!(matches!(err("鬼二平五"), MoveParseError::Syntax(_)));
    assert!(matches!(err("炮二平五五"), MoveParseError::Syntax(_)));
    // No such piece / no such move.
    assert!(matches!(err("H5+3"), MoveParseError::NoSuchPiece(_)));
    assert!(matches!(err("马五进三"), MoveParseError::NoSuchPiece(_)));
    // A piece that exists, but the point it would go to is off the board.
    assert!(matches!(err("C2+9"), MoveParseError::SquareOutOfRange(_)));
    assert!(matches!(
        err("炮二进九"),
        MoveParseError::SquareOutOfRange(_)
    ));
    assert!(matches!(err("R+.5"), MoveParseError::NoSuchPiece(_)));
    assert!(matches!(err("前炮平五"), MoveParseError::NoSuchPiece(_)));
    // Coordinates of an illegal move, of an empty point and of the opponent's piece.
    assert!(matches!(err("h2h8"), MoveParseError::Illegal(_)));
    assert!(matches!(err("a0a5"), MoveParseError::Illegal(_)));
    assert!(matches!(err("e4e5"), MoveParseError::Illegal(_)));
    assert!(matches!(err("h9g7"), MoveParseError::Illegal(_)));
    assert!(matches!(err("e0e0"), MoveParseError::Illegal(_)));
}

/// Characters random move text is drawn from: everything the parsers look at, and more.
const ALPHABET: &[char] = &[
    'a', 'e', 'i', 'j', 'z', 'A', 'E', 'H', 'K', 'N', 'P', 'R', 'C', 'B', 'X', '0', '1', '5', '9',
    '+', '-', '.', '=', ' ', '\t', '\0', '前', '中', '后', '後', '车', '車', '马', '炮', '帅',
    '将', '仕', '士', '相', '象', '兵', '卒', '进', '進', '退', '平', '一', '五', '九', '十', '１',
    '９', '０', 'é', '🀄',
];

#[test]
fn random_text_never_panics() {
    let mut rng = Rng(0xBAD_5EED);
    let positions: Vec<Position> = [START_FEN, EMBEDDED[6], EMBEDDED[9], EMBEDDED[12]]
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let mut ok = 0;
    for i in 0..60_000 {
        let pos = &positions[i % positions.len()];
        let text: String = if i % 3 == 1 {
            // A real move's text with one character replaced, inserted or deleted.
            let moves = pos.legal_moves();
            let m = moves[rng.below(moves.len())];
            let printed = match rng.below(3) {
                0 => m.to_iccs(),
                1 => pos.to_wxf(m).unwrap(),
                _ => pos.to_chinese(m).unwrap(),
            };
            let mut chars: Vec<char> = printed.chars().collect();
            let at = rng.below(chars.len());
            match rng.below(4) {
                0 => chars[at] = ALPHABET[rng.below(ALPHABET.len())],
                1 => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
                2 => {
                    chars.remove(at);
                }
                _ => {}
            }
            chars.into_iter().collect()
        } else if i % 3 == 0 {
            // Raw bytes, lossily decoded.
            let bytes: Vec<u8> = (0..rng.below(8)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..rng.below(7))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect()
        };
        if let Ok(m) = pos.parse_move(&text) {
            assert!(pos.is_legal(m), "{text:?} parsed to illegal {m}");
            ok += 1;
        }
    }
    // Some random texts are real moves; most are not.
    // Some mutated texts are still (other) real moves; most texts are not.
    assert!(ok > 100 && ok < 30_000, "{ok}");
    println!("{ok} random texts were real moves");
}

#[test]
fn random_fen_text_never_panics() {
    let mut rng = Rng(0xF3E7);
    let seeds: Vec<&str> = EMBEDDED.to_vec();
    let fen_chars: Vec<char> = "kabnrcpheKABNRCPHE0123456789/ -wbr".chars().collect();
    let mut ok = 0;
    for i in 0..40_000 {
        let base: Vec<char> = seeds[i % seeds.len()].chars().collect();
        let mut text = base.clone();
        // A few random edits of a valid FEN, or pure noise.
        if i % 5 == 0 {
            text = (0..rng.below(100))
                .map(|_| fen_chars[rng.below(fen_chars.len())])
                .collect();
        } else {
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(text.len() + 1);
                match rng.below(3) {
                    0 if at < text.len() => {
                        text.remove(at);
                    }
                    1 if at < text.len() => text[at] = fen_chars[rng.below(fen_chars.len())],
                    _ => text.insert(at, fen_chars[rng.below(fen_chars.len())]),
                }
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(p) = Position::from_fen(&text) {
            ok += 1;
            // Whatever is accepted writes a FEN that reads back to the same position.
            let again = Position::from_fen(&p.to_fen()).unwrap();
            assert_eq!(again, p, "{text}");
            assert_eq!(again.key(), p.key());
            let _ = p.legal_moves();
        }
    }
    assert!(ok > 100, "{ok}");
}
