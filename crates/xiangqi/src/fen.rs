//! FEN reading and writing.
//!
//! Accepted: ranks from Black's back rank (rank 9) down to Red's (rank 0);
//! piece letters `K A B N R C P` (Red upper case, Black lower case) plus the
//! UCCI aliases `E` (elephant) and `H` (horse); side `w` or `r` for Red, `b`
//! for Black (missing: Red); the two placeholder fields `- -` and the move
//! counters are optional.
//!
//! Rejected with a [`FenError`]: wrong rank or file counts, unknown letters,
//! not exactly one general per side, more pieces of a kind than a side owns,
//! any piece on a point it can never reach (general or advisor off its palace
//! points, elephant off its seven points, soldier behind its start rank or
//! beside its start files before crossing the river), and positions where
//! the side that just moved is in check (including facing generals).

use crate::error::FenError;
use crate::position::Position;
use crate::types::{Color, Piece, PieceKind, Square};

fn piece_from_char(c: char) -> Option<Piece> {
    let color = if c.is_ascii_uppercase() {
        Color::Red
    } else {
        Color::Black
    };
    let kind = match c.to_ascii_lowercase() {
        'k' => PieceKind::General,
        'a' => PieceKind::Advisor,
        'b' | 'e' => PieceKind::Elephant,
        'n' | 'h' => PieceKind::Horse,
        'r' => PieceKind::Chariot,
        'c' => PieceKind::Cannon,
        'p' => PieceKind::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, kind))
}

/// Can `piece` ever stand on `sq`?
pub(crate) fn reachable(piece: Piece, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    // Rank seen from the piece owner's side, so one rule serves both colours.
    let rr = match piece.color() {
        Color::Red => r,
        Color::Black => 9 - r,
    };
    match piece.kind() {
        PieceKind::General => (3..=5).contains(&f) && rr <= 2,
        PieceKind::Advisor => (3..=5).contains(&f) && rr <= 2 && (f + rr) % 2 == 1,
        PieceKind::Elephant => f % 2 == 0 && rr % 2 == 0 && rr <= 4 && (f / 2 + rr / 2) % 2 == 1,
        PieceKind::Soldier => rr >= 3 && (rr >= 5 || f % 2 == 0),
        PieceKind::Horse | PieceKind::Chariot | PieceKind::Cannon => true,
    }
}

impl Position {
    /// Parses a FEN string; see the module docs for what is accepted and rejected.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pos = Position::empty();
        let mut counts = [0usize; 16];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(FenError::UnknownPiece(c));
                    }
                    file += d as usize;
                } else {
                    let piece = piece_from_char(c).ok_or(FenError::UnknownPiece(c))?;
                    if file >= 9 {
                        return Err(FenError::FileCount {
                            rank,
                            files: file + 1,
                        });
                    }
                    let sq = Square::new(file as u8, rank).ok_or(FenError::FileCount {
                        rank,
                        files: file + 1,
                    })?;
                    if !reachable(piece, sq) {
                        return Err(FenError::ImpossibleSquare { piece, square: sq });
                    }
                    counts[piece.0 as usize] += 1;
                    let max = piece.kind().max_count() as usize;
                    if piece.kind() != PieceKind::General && counts[piece.0 as usize] > max {
                        return Err(FenError::TooManyPieces {
                            color: piece.color(),
                            kind: piece.kind(),
                            count: counts[piece.0 as usize],
                            max: max as u8,
                        });
                    }
                    if counts[piece.0 as usize] <= max {
                        pos.put(sq, piece);
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::FileCount { rank, files: file });
            }
        }
        for color in Color::ALL {
            let n = counts[Piece::new(color, PieceKind::General).0 as usize];
            if n != 1 {
                return Err(FenError::GeneralCount { color, count: n });
            }
        }
        let side = match fields.next() {
            None => Color::Red,
            Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        };
        pos.set_side(side);
        let mut numbers = Vec::with_capacity(2);
        for f in fields {
            if f == "-" && numbers.is_empty() {
                continue;
            }
            let n: u16 = f.parse().map_err(|_| FenError::BadCounter(f.to_string()))?;
            if numbers.len() == 2 {
                return Err(FenError::BadCounter(f.to_string()));
            }
            numbers.push(n);
        }
        let rule60 = numbers.first().copied().unwrap_or(0);
        let fullmove = numbers.get(1).copied().unwrap_or(1);
        pos.set_counters(rule60, fullmove);
        if pos.is_attacked_general(side.flip()) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// FEN of this position (`w`/`b` side letters, `- -` placeholders, counters).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::new(file, rank).unwrap_or(Square::from_idx(0));
                match self.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = match self.side_to_move() {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!(
            "{s} {side} - - {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_fen(s)
    }
}
