//! Line patterns: what placing a stone at a point makes along one line.
//!
//! A pattern is read from the ten cells around a point on one line (five each side), each
//! empty, own or blocked (opponent stone or the board's edge). Every one of the 3^10 windows
//! is classified once into a [`Pattern`], for both ways of counting a five (five or more,
//! or exactly five), and kept in a lookup table.

use std::sync::OnceLock;

/// What a stone placed at the centre of a line window makes on that line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through the point on this line.
    None = 0,
    /// A five is still possible through the point, but nothing more.
    One,
    /// A closed two (眠二): one more stone makes a closed three.
    Two,
    /// An open two (活二): one more stone makes an open three.
    OpenTwo,
    /// A closed three (眠三): one more stone makes a four.
    Three,
    /// An open three (活三): one more stone makes a straight four.
    OpenThree,
    /// A four (冲四): exactly one point completes a five.
    Four,
    /// Two fours on one line (`XXX.P.XXX`, `X.XXX.X`): two completing points, not a straight four.
    DoubleFour,
    /// A straight (open) four (活四): `.XXXX.`, both ends complete a five.
    OpenFour,
    /// A winning five.
    Five,
    /// Six or more in a row where that does not win (standard rule, Black in renju).
    Overline,
}

/// The threat a stone placed at a point makes, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing forcing.
    #[default]
    None = 0,
    /// An open three.
    Three,
    /// Two open threes.
    DoubleThree,
    /// A four.
    Four,
    /// A four and an open three.
    FourThree,
    /// An unstoppable four: a straight four or two fours.
    WinFour,
    /// A winning five.
    Five,
}

impl Threat {
    /// Number of classes.
    pub const COUNT: usize = 7;

    /// Every class, weakest first (index = `Threat as u8`).
    pub const ALL: [Threat; Threat::COUNT] = [
        Threat::None,
        Threat::Three,
        Threat::DoubleThree,
        Threat::Four,
        Threat::FourThree,
        Threat::WinFour,
        Threat::Five,
    ];
}

impl Pattern {
    const ALL: [Pattern; 11] = [
        Pattern::None,
        Pattern::One,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::DoubleFour,
        Pattern::OpenFour,
        Pattern::Five,
        Pattern::Overline,
    ];

    /// The pattern with this number (`Pattern as u8`).
    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        Self::ALL[v as usize]
    }

    /// Whether the pattern is a four of any kind (one more stone makes five).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(
            self,
            Pattern::Four | Pattern::DoubleFour | Pattern::OpenFour
        )
    }

    /// How many fours the pattern counts for in renju's double-four rule.
    #[inline]
    pub fn four_count(self) -> u32 {
        match self {
            Pattern::Four | Pattern::OpenFour => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        }
    }
}

/// Cell content in a window: empty, own stone, blocked.
pub const EMPTY: u8 = 0;
/// An own stone in a window.
pub const OWN: u8 = 1;
/// An opponent stone or the edge in a window.
pub const BLOCKED: u8 = 2;

/// Number of window keys: 3^10.
pub const KEYS: usize = 59049;

/// Powers of three for the ten window cells, offsets -5..-1 then 1..5.
pub const POW3: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// Window slot (0..10) of line offset `k` (-5..=5, not 0).
#[inline]
pub fn slot(k: i32) -> usize {
    slot_const(k as isize)
}

/// [`slot`] for constant tables.
pub const fn slot_const(k: isize) -> usize {
    if k < 0 {
        (k + 5) as usize
    } else {
        (k + 4) as usize
    }
}

/// The classification tables: index 0 counts five or more as a win, index 1 exactly five.
pub fn table(exact: bool) -> &'static PatternTable {
    static TABLES: OnceLock<[Box<PatternTable>; 2]> = OnceLock::new();
    let t = TABLES.get_or_init(|| [padded(build(false)), padded(build(true))]);
    &t[exact as usize]
}

/// Entries of a [`PatternTable`]: the keys rounded up to a power of two, so that a key
/// masked with `TABLE_SIZE - 1` indexes it without a bounds check.
pub const TABLE_SIZE: usize = 1 << 16;

/// Pattern (as `u8`) per window key; the entries past [`KEYS`] are never read.
pub type PatternTable = [u8; TABLE_SIZE];

fn padded(memo: Vec<u8>) -> Box<PatternTable> {
    let mut table = Box::new([0u8; TABLE_SIZE]);
    table[..memo.len()].copy_from_slice(&memo);
    table
}

/// Classifies a window given as eleven cells (offset -5..=5; the centre must be [`OWN`]).
pub fn classify_cells(cells: &[u8; 11], exact: bool) -> Pattern {
    let mut key = 0u32;
    for k in -5i32..=5 {
        if k != 0 {
            key += cells[(k + 5) as usize] as u32 * POW3[slot(k)];
        }
    }
    Pattern::from_u8(table(exact)[key as usize])
}

const UNKNOWN: u8 = u8::MAX;

fn build(exact: bool) -> Vec<u8> {
    let mut memo = vec![UNKNOWN; KEYS];
    for key in 0..KEYS {
        classify(key, exact, &mut memo);
    }
    memo
}

fn decode(key: usize) -> [u8; 11] {
    let mut cells = [OWN; 11];
    let mut k = key;
    for s in 0..10 {
        let v = (k % 3) as u8;
        k /= 3;
        let idx = if s < 5 { s } else { s + 1 };
        cells[idx] = v;
    }
    cells
}

fn encode(cells: &[u8; 11]) -> usize {
    let mut key = 0usize;
    for (s, &pw) in POW3.iter().enumerate() {
        let idx = if s < 5 { s } else { s + 1 };
        key += cells[idx] as usize * pw as usize;
    }
    key
}

/// Length of the run of own stones through the centre.
fn run(cells: &[u8; 11]) -> usize {
    let mut n = 1;
    let mut i = 4i32;
    while i >= 0 && cells[i as usize] == OWN {
        n += 1;
        i -= 1;
    }
    let mut i = 6;
    while i <= 10 && cells[i] == OWN {
        n += 1;
        i += 1;
    }
    n
}

fn is_five(cells: &[u8; 11], exact: bool) -> bool {
    let n = run(cells);
    if exact {
        n == 5
    } else {
        n >= 5
    }
}

fn classify(key: usize, exact: bool, memo: &mut [u8]) -> u8 {
    if memo[key] != UNKNOWN {
        return memo[key];
    }
    let mut cells = decode(key);
    let n = run(&cells);
    let result = if n >= 5 {
        if n == 5 || !exact {
            Pattern::Five
        } else {
            Pattern::Overline
        }
    } else {
        // Five points: empty cells within four of the centre that complete a five through it.
        let mut fives = [false; 11];
        let mut five_count = 0;
        for i in 1..=9 {
            if cells[i] == EMPTY {
                cells[i] = OWN;
                if is_five(&cells, exact) {
                    fives[i] = true;
                    five_count += 1;
                }
                cells[i] = EMPTY;
            }
        }
        if five_count >= 2 {
            // A straight four: four in a row through the centre with both ends completing.
            let mut lo = 5;
            while lo > 0 && cells[lo - 1] == OWN {
                lo -= 1;
            }
            let mut hi = 5;
            while hi < 10 && cells[hi + 1] == OWN {
                hi += 1;
            }
            if hi - lo == 3 && lo >= 1 && hi <= 9 && fives[lo - 1] && fives[hi + 1] {
                Pattern::OpenFour
            } else {
                Pattern::DoubleFour
            }
        } else if five_count == 1 {
            Pattern::Four
        } else {
            let mut best = Pattern::None;
            // A five is still possible through the centre?
            let mut possible = false;
            for start in 1..=5usize {
                if (start..start + 5).all(|i| cells[i] != BLOCKED) {
                    possible = true;
                }
            }
            if possible {
                best = Pattern::One;
                for i in 1..=9 {
                    if cells[i] != EMPTY {
                        continue;
                    }
                    cells[i] = OWN;
                    let sub = Pattern::from_u8(classify(encode(&cells), exact, memo));
                    cells[i] = EMPTY;
                    let got = match sub {
                        Pattern::OpenFour => Pattern::OpenThree,
                        Pattern::Four | Pattern::DoubleFour => Pattern::Three,
                        Pattern::OpenThree => Pattern::OpenTwo,
                        Pattern::Three => Pattern::Two,
                        _ => Pattern::One,
                    };
                    best = best.max(got);
                }
            }
            best
        }
    };
    memo[key] = result as u8;
    result as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses a line like `..xx.P..o` around `P` (x own, o blocked, | edge, . empty).
    fn pat(line: &str, exact: bool) -> Pattern {
        let chars: Vec<char> = line.chars().collect();
        let c = chars.iter().position(|&ch| ch == 'P').unwrap() as i32;
        let mut cells = [BLOCKED; 11];
        for k in -5i32..=5 {
            let i = c + k;
            let v = if i < 0 || i >= chars.len() as i32 {
                EMPTY
            } else {
                match chars[i as usize] {
                    'x' | 'P' => OWN,
                    'o' | '|' => BLOCKED,
                    _ => EMPTY,
                }
            };
            cells[(k + 5) as usize] = v;
        }
        classify_cells(&cells, exact)
    }

    #[test]
    fn where_overlines_win_the_cells_five_away_change_no_pattern() {
        // The board reads only four points each way under such a rule: check every window.
        let table = table(false);
        for key in 0..KEYS as u32 {
            // The key with the cells at -5 (slot 0) and +5 (slot 9) emptied.
            let (left, right) = (key / POW3[0] % 3, key / POW3[9] % 3);
            let near = key - left * POW3[0] - right * POW3[9];
            assert_eq!(
                table[key as usize], table[near as usize],
                "window key {key}"
            );
        }
        // Under exactly five they do: a sixth stone five away turns a five into an overline.
        assert_eq!(pat("oxxxxP", true), Pattern::Five);
        assert_eq!(pat("xxxxxP", true), Pattern::Overline);
    }

    #[test]
    fn classifies_the_textbook_shapes() {
        use Pattern::*;
        assert_eq!(pat("..xxPx..", false), OpenFour);
        assert_eq!(pat("..xxPxx..", false), Five);
        assert_eq!(pat("..xxPxxx..", false), Five);
        assert_eq!(pat("..xxPxxx..", true), Overline);
        assert_eq!(pat("oxxxP..", false), Four);
        assert_eq!(pat("..xx.P..", false), Three.max(OpenThree));
        assert_eq!(pat("...xxP...", false), OpenThree);
        assert_eq!(pat("..x.xP...", false), OpenThree);
        assert_eq!(pat("oxxP....", false), Three);
        assert_eq!(pat("xxx.P.xxx", false), DoubleFour);
        assert_eq!(pat("x.xPx.x", false), DoubleFour);
        assert_eq!(pat("...xP...", false), OpenTwo);
        assert_eq!(pat("oxP.....", false), Two);
        assert_eq!(pat("o.xP.o", false), None);
        assert_eq!(pat("...P...", false), One);
        // Exactly five: x.xxxP.? the left completion would make six.
        assert_eq!(pat("x.xxxP..", true), Four);
        assert_eq!(pat("x.xxxP..", false), OpenFour);
        // |xxxP. : a four at the edge.
        assert_eq!(pat("|xxxP.", false), Four);
    }
}
