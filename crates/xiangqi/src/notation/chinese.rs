//! Chinese notation: `炮二平五`, `马8进7`, `前炮平五`, `后车退一`.
//!
//! Red files and distances use 一…九, Black's use 1…9 (full-width １…９ and
//! Chinese numerals are accepted for either side). Red pieces print as
//! 车马相仕帅炮兵, Black as 车马象士将炮卒; traditional and variant glyphs
//! (車 馬 砲 包 帥 將 仕 士 相 象 兵 卒 俥 傌 炮 伬 …) are accepted. See the
//! parent module for pieces sharing a file.

use super::{Description, Dir, Features, Origin, Place};
use crate::error::MoveParseError;
use crate::position::Position;
use crate::types::{Color, Move, PieceKind};

const RED_NUM: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn piece_char(color: Color, kind: PieceKind) -> char {
    match (color, kind) {
        (_, PieceKind::Chariot) => '车',
        (_, PieceKind::Horse) => '马',
        (_, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Red, PieceKind::General) => '帅',
        (Color::Black, PieceKind::General) => '将',
        (Color::Red, PieceKind::Soldier) => '兵',
        (Color::Black, PieceKind::Soldier) => '卒',
    }
}

fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c {
        '车' | '車' | '俥' | '伡' => PieceKind::Chariot,
        '马' | '馬' | '傌' | '㐷' => PieceKind::Horse,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '相' | '象' => PieceKind::Elephant,
        '仕' | '士' => PieceKind::Advisor,
        '帅' | '帥' | '将' | '將' => PieceKind::General,
        '兵' | '卒' => PieceKind::Soldier,
        _ => return None,
    })
}

fn number(color: Color, n: u8) -> String {
    match color {
        Color::Red => RED_NUM[(n - 1) as usize].to_string(),
        Color::Black => n.to_string(),
    }
}

/// Value of a numeral in any accepted style.
fn numeral(c: char) -> Option<u8> {
    if let Some(i) = RED_NUM.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

fn place_word(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '后' | '後' => Some(Place::Rear),
        _ => None,
    }
}

/// Renders features in Chinese.
pub(crate) fn format(f: &Features) -> String {
    let dir = match f.dir {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    };
    let place = || -> String {
        match (f.on_file, f.place) {
            (2, 0) | (3, 0) => "前".into(),
            (2, _) | (3, 2) => "后".into(),
            (3, _) => "中".into(),
            (_, p) => RED_NUM[p as usize].to_string(),
        }
    };
    let piece = piece_char(f.color, f.kind);
    let head = if f.numbered_soldier() {
        if f.tandem_files >= 2 {
            format!("{}{}", place(), number(f.color, f.file))
        } else {
            format!("{}{piece}", place())
        }
    } else if f.tandem_by_place() {
        format!("{}{piece}", place())
    } else {
        format!("{piece}{}", number(f.color, f.file))
    };
    format!("{head}{dir}{}", number(f.color, f.amount))
}

/// Parses Chinese text and resolves it to a legal move.
pub(crate) fn parse(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let syntax = || MoveParseError::Syntax(text.to_string());
    let c: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if c.len() != 4 {
        return Err(syntax());
    }
    let dir = match c[2] {
        '进' | '進' => Dir::Forward,
        '退' => Dir::Backward,
        '平' => Dir::Sideways,
        _ => return Err(syntax()),
    };
    let amount = numeral(c[3]).ok_or_else(syntax)?;
    // An ordinal (一…五) before a piece or file counts from the front.
    let ordinal = |ch: char| place_word(ch).or_else(|| numeral(ch).map(Place::Nth));
    let (kind, origin) = if let Some(k) = kind_of(c[0]) {
        (Some(k), Origin::File(numeral(c[1]).ok_or_else(syntax)?))
    } else if let Some(p) = ordinal(c[0]) {
        if let Some(k) = kind_of(c[1]) {
            (Some(k), Origin::Place(p))
        } else if let Some(f) = numeral(c[1]) {
            (Some(PieceKind::Soldier), Origin::PlaceOnFile(p, f))
        } else {
            return Err(syntax());
        }
    } else {
        return Err(syntax());
    };
    pos.resolve(
        &Description {
            kind,
            origin,
            dir,
            amount,
        },
        text,
    )
}

impl Position {
    /// Chinese text of a legal move (e.g. `炮二平五`); `None` if the origin is
    /// not a piece of the side to move.
    pub fn to_chinese(&self, mv: Move) -> Option<String> {
        self.features(mv).map(|f| format(&f))
    }
}
