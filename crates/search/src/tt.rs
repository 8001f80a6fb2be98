//! A shared, lock-free transposition table.
//!
//! Each bucket holds two entries: a depth-preferred one and an always-replace one. An entry
//! is two `AtomicU64`s, the key XOR-ed with the data and the data itself, so a torn write
//! from another thread is detected as a key mismatch instead of corrupting a search.

use crate::score::Score;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (every move failed low).
    Upper,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, relative to the stored node (see [`crate::score::to_table`]).
    pub score: Score,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How the score bounds the true value.
    pub bound: Bound,
    /// The best (or refuting) move's code, if any.
    pub move_code: Option<u16>,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A transposition table of a fixed number of buckets, shareable between threads.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    bucket_mask: usize,
    age: AtomicU8,
}

const AGE_BITS: u64 = 6;

fn pack(e: &Entry, age: u8) -> u64 {
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let mv = e.move_code.map_or(0, |c| c as u64 + 1);
    (e.score as u32 as u64)
        | (e.depth as u64) << 32
        | bound << 40
        | ((age as u64) & ((1 << AGE_BITS) - 1)) << 42
        | mv << 48
}

fn unpack(data: u64) -> Option<(Entry, u8)> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (data >> 48) as u16;
    Some((
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            move_code: mv.checked_sub(1),
        },
        ((data >> 42) & ((1 << AGE_BITS) - 1)) as u8,
    ))
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket; rounded down to a power of two).
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (2 * std::mem::size_of::<Slot>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Self::with_buckets(buckets)
    }

    /// A table with exactly `buckets` buckets (a power of two), for tests and tiny games.
    pub fn with_buckets(buckets: usize) -> Self {
        assert!(
            buckets.is_power_of_two(),
            "bucket count must be a power of two"
        );
        let mut slots = Vec::with_capacity(2 * buckets);
        slots.resize_with(2 * buckets, Slot::default);
        TranspositionTable {
            slots,
            bucket_mask: buckets - 1,
            age: AtomicU8::new(0),
        }
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }

    /// Marks the start of a new search, so entries from older searches are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        2 * ((key as usize) & self.bucket_mask)
    }

    fn read(&self, index: usize, key: u64) -> Option<(Entry, u8)> {
        let slot = &self.slots[index];
        let data = slot.data.load(Ordering::Relaxed);
        if slot.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let first = self.read(b, key);
        let second = self.read(b + 1, key);
        match (first, second) {
            (Some((a, _)), Some((c, _))) => Some(if c.depth > a.depth { c } else { a }),
            (Some((a, _)), None) => Some(a),
            (None, Some((c, _))) => Some(c),
            (None, None) => None,
        }
    }

    /// Stores `entry` for `key`. The first slot keeps the deepest entry of the current search;
    /// whatever it refuses goes to the second, which is always replaced.
    pub fn store(&self, key: u64, entry: Entry) {
        let b = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed) & ((1 << AGE_BITS) - 1);
        let keep_move = |old: Option<(Entry, u8)>| -> Entry {
            let mut e = entry;
            if e.move_code.is_none() {
                e.move_code = old.and_then(|(o, _)| o.move_code);
            }
            e
        };
        let deep = &self.slots[b];
        let deep_data = deep.data.load(Ordering::Relaxed);
        let deep_key = deep.check.load(Ordering::Relaxed) ^ deep_data;
        let replace_deep = match unpack(deep_data) {
            None => true,
            Some((old, old_age)) => deep_key == key || old_age != age || entry.depth >= old.depth,
        };
        let index = if replace_deep { b } else { b + 1 };
        let previous = self.read(index, key);
        let data = pack(&keep_move(previous), age);
        let slot = &self.slots[index];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: Score, depth: u8, bound: Bound, mv: Option<u16>) -> Entry {
        Entry {
            score,
            depth,
            bound,
            move_code: mv,
        }
    }

    #[test]
    fn stores_and_probes_every_field() {
        let tt = TranspositionTable::with_buckets(16);
        for (i, e) in [
            entry(-123_456, 7, Bound::Lower, Some(0)),
            entry(999_999_990, 255, Bound::Exact, Some(8099)),
            entry(0, 0, Bound::Upper, None),
        ]
        .into_iter()
        .enumerate()
        {
            let key = 0xDEAD_BEEF_0000_0000 | i as u64;
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
        }
        assert_eq!(tt.probe(42), None);
    }

    #[test]
    fn deeper_entries_survive_shallower_ones_of_other_keys() {
        let tt = TranspositionTable::with_buckets(1);
        tt.store(1, entry(10, 9, Bound::Exact, None));
        tt.store(2, entry(20, 3, Bound::Exact, None));
        tt.store(3, entry(30, 2, Bound::Exact, None));
        assert_eq!(tt.probe(1).map(|e| e.score), Some(10));
        assert_eq!(tt.probe(3).map(|e| e.score), Some(30));
        assert_eq!(tt.probe(2), None, "the always-replace slot was overwritten");
        tt.new_search();
        tt.store(4, entry(40, 1, Bound::Exact, None));
        assert_eq!(
            tt.probe(4).map(|e| e.score),
            Some(40),
            "stale deep entries give way"
        );
    }

    #[test]
    fn an_entry_without_move_keeps_the_known_move() {
        let tt = TranspositionTable::with_buckets(4);
        tt.store(5, entry(1, 2, Bound::Lower, Some(17)));
        tt.store(5, entry(3, 4, Bound::Upper, None));
        assert_eq!(tt.probe(5).and_then(|e| e.move_code), Some(17));
    }

    #[test]
    fn size_in_megabytes_is_a_power_of_two_of_buckets() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.capacity(), (1 << 20) / 16);
    }
}
