//! A shared, lock-free transposition table.
//!
//! Each bucket holds two entries: a depth-preferred one and an always-replace one. An entry
//! is two `AtomicU64`s, the key XOR-ed with the data and the data itself, so a torn write
//! from another thread is detected as a key mismatch instead of corrupting a search.

use crate::score::Score;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

mod memory;
use memory::SlotMemory;

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

impl Bound {
    /// What a node's value `best`, searched with the window `(alpha, beta)` it was entered
    /// with, says about its true value: at or above beta a lower bound (a cutoff), inside
    /// the window exact, at or below alpha an upper bound (every move failed low).
    pub fn of(best: Score, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node entered with the window
    /// `(alpha, beta)`: an exact score always, a lower bound at or above beta, an upper
    /// bound at or below alpha.
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
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
    slots: SlotMemory,
    /// The buckets in use, minus one: all of them, or while
    /// [`TranspositionTable::commit_in_background`] runs, the leading power of two of them
    /// already made resident.
    bucket_mask: AtomicUsize,
    /// All the buckets, minus one.
    full_mask: usize,
    age: AtomicU8,
    /// Whether an entry may have been stored since the table was made or last cleared:
    /// clearing a table that holds nothing is skipped, so that a new game's clear does
    /// not make a fresh table's memory resident at once (hundreds of milliseconds, and
    /// memory a Gomocup manager's limit counts, for a table about to be resized).
    stored: AtomicBool,
    /// Whether [`TranspositionTable::commit_in_background`] has been called: later calls
    /// do nothing, so callers need not track it.
    committing: AtomicBool,
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

/// Largest table in MB: the one maximum every front end (`--hash`, UCI `Hash`, UCCI
/// `hashsize`) documents and enforces; [`TranspositionTable::new`] caps larger requests.
pub const MAX_MEGABYTES: usize = 4096;

/// Slots cleared by one thread before [`TranspositionTable::clear`] spreads the work.
const CLEAR_CHUNK: usize = 1 << 20;

/// Buckets [`TranspositionTable::commit_in_background`] makes resident at a time (2 MB,
/// one huge page): the first of them before it returns, the rest on its thread.
const COMMIT_STEP_BUCKETS: usize = 1 << 16;

/// Writes zero into every slot of `slots` (which also makes fresh memory resident).
fn clear_slots(slots: &[Slot]) {
    for s in slots {
        s.check.store(0, Ordering::Relaxed);
        s.data.store(0, Ordering::Relaxed);
    }
}

/// The memory for a table could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError {
    /// The size asked for, in MB.
    pub megabytes: usize,
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate a {} MB transposition table (not enough memory)",
            self.megabytes
        )
    }
}

impl std::error::Error for AllocError {}

/// Buckets in a table of `megabytes` MB (capped at [`MAX_MEGABYTES`]; a power of two).
fn buckets_for(megabytes: usize) -> usize {
    let bytes = megabytes.clamp(1, MAX_MEGABYTES) << 20;
    let buckets = (bytes / (2 * std::mem::size_of::<Slot>())).max(1);
    1usize << (usize::BITS - 1 - buckets.leading_zeros())
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (capped at [`MAX_MEGABYTES`] and, on Linux, at half
    /// the memory the system reports available; at least one bucket, rounded down to a
    /// power of two). When the memory cannot be had the size is halved until it can: a
    /// search with a smaller table beats an aborted process. The mapping itself rarely
    /// fails, since memory is only committed on first touch, hence the cap: a table made
    /// resident (by use, or by [`TranspositionTable::commit_in_background`]) must not push
    /// the machine out of memory.
    pub fn new(megabytes: usize) -> Self {
        let megabytes = match memory::available_megabytes() {
            Some(available) => megabytes.min((available / 2).max(1)),
            None => megabytes,
        };
        let mut buckets = buckets_for(megabytes);
        loop {
            if let Ok(t) = Self::try_with_buckets(buckets) {
                return t;
            }
            if buckets == 1 {
                // Not even 32 bytes: the process cannot go on anyway.
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[Slot; 2]>());
            }
            buckets /= 2;
        }
    }

    /// A table of about `megabytes` MB (capped at [`MAX_MEGABYTES`]), or an error when the
    /// memory cannot be had, for front ends that report it rather than fall back.
    pub fn try_new(megabytes: usize) -> Result<Self, AllocError> {
        Self::try_with_buckets(buckets_for(megabytes)).map_err(|_| AllocError {
            megabytes: megabytes.min(MAX_MEGABYTES),
        })
    }

    /// A table with exactly `buckets` buckets (a power of two), for tests and tiny games.
    pub fn with_buckets(buckets: usize) -> Self {
        assert!(
            buckets.is_power_of_two(),
            "bucket count must be a power of two"
        );
        Self::try_with_buckets(buckets).unwrap_or_else(|e| panic!("{e}"))
    }

    fn try_with_buckets(buckets: usize) -> Result<Self, AllocError> {
        let too_big = || AllocError {
            megabytes: (buckets.saturating_mul(2 * std::mem::size_of::<Slot>()) >> 20).max(1),
        };
        let slots =
            SlotMemory::zeroed(buckets.checked_mul(2).ok_or_else(too_big)?).ok_or_else(too_big)?;
        Ok(TranspositionTable {
            slots,
            bucket_mask: AtomicUsize::new(buckets - 1),
            full_mask: buckets - 1,
            age: AtomicU8::new(0),
            stored: AtomicBool::new(false),
            committing: AtomicBool::new(false),
        })
    }

    /// Number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Size of the table in bytes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.slots)
    }

    /// Empties the table; a table nothing was stored in since it was made or last
    /// cleared is left as it is (a fresh table's memory stays unmapped until used).
    pub fn clear(&self) {
        if self.stored.load(Ordering::Relaxed) {
            self.make_resident();
        }
    }

    /// Empties the table by writing every slot, whatever it holds, which also makes a
    /// fresh table's memory resident: a benchmark calls it so that its timed searches pay
    /// no first-touch page faults. A large table is written by several threads at once.
    pub fn make_resident(&self) {
        self.stored.store(false, Ordering::Relaxed);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads == 1 || self.slots.len() <= CLEAR_CHUNK {
            return clear_slots(&self.slots);
        }
        let chunk = self.slots.len().div_ceil(threads).max(CLEAR_CHUNK);
        std::thread::scope(|scope| {
            for part in self.slots.chunks(chunk) {
                scope.spawn(move || clear_slots(part));
            }
        });
    }

    /// Makes a fresh table's memory resident on a thread of its own while searches go on
    /// using only what is resident so far. A fresh table's memory arrives page by page on
    /// first touch, and on a virtual machine with huge pages one touch can cost
    /// milliseconds: a 1 GB table left to the search made a 172 ms search answer after
    /// 600 ms, while making it resident at once blocks the caller for seconds (protocols
    /// must answer `isready` at once). So the table starts with its first 2 MB and doubles
    /// as the thread makes more resident; an entry stored before a doubling is still
    /// found for the half of its keys whose bucket did not move. Call it on a new table,
    /// before searching: entries stored before the first call are lost; later calls do
    /// nothing. The thread stops early when the table is dropped; where no thread can be
    /// started the whole table is used at once, as [`TranspositionTable::new`] leaves it.
    pub fn commit_in_background(self: &Arc<Self>) {
        if self.committing.swap(true, Ordering::Relaxed) {
            return;
        }
        let all = self.full_mask + 1;
        let first = all.min(COMMIT_STEP_BUCKETS);
        clear_slots(&self.slots[..2 * first]);
        if first == all {
            return;
        }
        self.bucket_mask.store(first - 1, Ordering::Release);
        let table = Arc::downgrade(self);
        let started = std::thread::Builder::new()
            .name("tt-commit".into())
            .spawn(move || commit_from(&table, first, all));
        if started.is_err() {
            self.bucket_mask.store(self.full_mask, Ordering::Release);
        }
    }

    /// The number of buckets searches use now: all of them, or fewer while
    /// [`TranspositionTable::commit_in_background`] is still at work.
    pub fn buckets_in_use(&self) -> usize {
        self.bucket_mask.load(Ordering::Acquire) + 1
    }

    /// Marks the start of a new search, so entries from older searches are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        // Acquire: a bucket is used only after the commit thread's zeros are in it.
        2 * ((key as usize) & self.bucket_mask.load(Ordering::Acquire))
    }

    fn read(&self, index: usize, key: u64) -> Option<(Entry, u8)> {
        let slot = &self.slots[index];
        let data = slot.data.load(Ordering::Relaxed);
        if slot.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, so that a
    /// [`probe`](Self::probe) shortly after does not wait on memory. A hint only: it
    /// changes no entry and does nothing on processors without a prefetch instruction.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = &self.slots[self.bucket(key)];
            // SAFETY: SSE, which the instruction needs, is part of every x86_64 processor;
            // a prefetch never faults, and the address is that of a live slot anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
        // Read first: the flag's cache line is only read by every store after the first.
        if !self.stored.load(Ordering::Relaxed) {
            self.stored.store(true, Ordering::Relaxed);
        }
        let b = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed) & ((1 << AGE_BITS) - 1);
        let deep = &self.slots[b];
        let deep_data = deep.data.load(Ordering::Relaxed);
        let deep_key = deep.check.load(Ordering::Relaxed) ^ deep_data;
        let replace_deep = match unpack(deep_data) {
            None => true,
            Some((old, old_age)) => deep_key == key || old_age != age || entry.depth >= old.depth,
        };
        let index = if replace_deep { b } else { b + 1 };
        // An entry without a move keeps the one the table knows for the key, from either
        // slot: the key's last entry may sit in the other one (it went to the second while
        // the first held a deeper entry of another key), and a fail-low that dropped that
        // move would cost the next visit its best-ordered move.
        let mut entry = entry;
        if entry.move_code.is_none() {
            let other = if replace_deep { b + 1 } else { b };
            entry.move_code = [index, other]
                .into_iter()
                .find_map(|i| self.read(i, key).and_then(|(old, _)| old.move_code));
        }
        let data = pack(&entry, age);
        let slot = &self.slots[index];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// The commit thread's work: makes the buckets from `done` to `all` (powers of two)
/// resident a step at a time, doubling the buckets in use each time it has made twice as
/// many resident; stops when the table is gone.
fn commit_from(table: &Weak<TranspositionTable>, mut done: usize, all: usize) {
    let mut next_doubling = done * 2;
    while done < all {
        let Some(tt) = table.upgrade() else {
            return;
        };
        let end = (done + COMMIT_STEP_BUCKETS).min(all);
        clear_slots(&tt.slots[2 * done..2 * end]);
        done = end;
        if done == next_doubling {
            tt.bucket_mask.store(done - 1, Ordering::Release);
            next_doubling *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_classifies_a_value_against_its_window_and_settles_by_it() {
        assert_eq!(Bound::of(10, 0, 10), Bound::Lower);
        assert_eq!(Bound::of(5, 0, 10), Bound::Exact);
        assert_eq!(Bound::of(0, 0, 10), Bound::Upper);
        assert!(Bound::Exact.settles(5, 100, 200));
        assert!(Bound::Lower.settles(10, 0, 10) && !Bound::Lower.settles(9, 0, 10));
        assert!(Bound::Upper.settles(0, 0, 10) && !Bound::Upper.settles(1, 0, 10));
        // What a node stores settles the same window again.
        for best in [-5, 0, 5, 10, 15] {
            assert!(Bound::of(best, 0, 10).settles(best, 0, 10));
        }
    }

    fn entry(score: Score, depth: u8, bound: Bound, mv: Option<u16>) -> Entry {
        Entry {
            score,
            depth,
            bound,
            move_code: mv,
        }
    }

    #[test]
    fn a_table_committed_in_the_background_grows_to_its_full_size_and_keeps_working() {
        let all = 1 << 21; // 64 MB: the thread has 32 steps and 5 doublings to make
        let tt = Arc::new(TranspositionTable::with_buckets(all));
        tt.commit_in_background();
        let early = tt.buckets_in_use();
        assert!(early >= COMMIT_STEP_BUCKETS && early.is_power_of_two());
        let e = entry(77, 5, Bound::Exact, Some(3));
        // A key in the first bucket: it stays put through every doubling.
        tt.store(0x1234_0000_0000_0000, e);
        assert_eq!(tt.probe(0x1234_0000_0000_0000), Some(e));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while tt.buckets_in_use() < all {
            assert!(
                std::time::Instant::now() < deadline,
                "the commit never ended"
            );
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert_eq!(tt.probe(0x1234_0000_0000_0000), Some(e));
        let far = (all as u64 - 1) | 0x5555_0000_0000_0000;
        tt.store(far, e);
        assert_eq!(tt.probe(far), Some(e), "the last bucket is in use");
    }

    #[test]
    fn a_second_commit_keeps_what_the_table_holds() {
        let tt = Arc::new(TranspositionTable::with_buckets(1024));
        tt.commit_in_background();
        let e = entry(5, 4, Bound::Lower, Some(9));
        tt.store(42, e);
        tt.commit_in_background();
        assert_eq!(
            tt.probe(42),
            Some(e),
            "the second call wrote the slots again"
        );
    }

    #[test]
    fn a_small_table_is_committed_at_once_and_a_dropped_one_ends_its_thread() {
        let small = Arc::new(TranspositionTable::with_buckets(1024));
        small.commit_in_background();
        assert_eq!(small.buckets_in_use(), 1024);
        let big = Arc::new(TranspositionTable::with_buckets(1 << 23));
        big.commit_in_background();
        let weak = Arc::downgrade(&big);
        drop(big);
        // The thread holds the table for one 2 MB step at most, then lets it go.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while weak.strong_count() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the thread kept the table"
            );
            std::thread::sleep(std::time::Duration::from_millis(1));
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
    fn every_clear_after_a_store_empties_the_table() {
        // Clears of a table holding nothing are skipped: the flag that says so must be
        // set again by the stores after a clear, or the second clear would keep them.
        let tt = TranspositionTable::with_buckets(4);
        tt.clear();
        for round in 0..3 {
            tt.store(7, entry(round, 3, Bound::Exact, None));
            assert_eq!(tt.probe(7).map(|e| e.score), Some(round));
            tt.clear();
            assert_eq!(
                tt.probe(7),
                None,
                "round {round}: the entry outlived a clear"
            );
        }
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
    fn an_entry_without_move_keeps_the_move_of_the_other_slot() {
        let tt = TranspositionTable::with_buckets(1);
        // Key 2's entry goes to the second slot: the first holds a deeper one of key 1.
        tt.store(1, entry(10, 9, Bound::Exact, Some(4)));
        tt.store(2, entry(20, 3, Bound::Lower, Some(17)));
        // In the next search key 2's fail-low replaces the stale first slot, no move known.
        tt.new_search();
        tt.store(2, entry(5, 4, Bound::Upper, None));
        let found = tt.probe(2).unwrap();
        assert_eq!((found.score, found.depth), (5, 4));
        assert_eq!(found.move_code, Some(17));
    }

    #[test]
    fn size_in_megabytes_is_a_power_of_two_of_buckets() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.capacity(), (1 << 20) / 16);
        assert_eq!(tt.bytes(), 1 << 20);
    }

    #[test]
    fn sizes_are_capped_at_the_documented_maximum() {
        assert_eq!(buckets_for(usize::MAX), buckets_for(MAX_MEGABYTES));
        assert_eq!(buckets_for(100_000_000), buckets_for(MAX_MEGABYTES));
        assert_eq!(buckets_for(0), buckets_for(1));
    }

    #[test]
    fn a_table_the_allocator_cannot_give_is_an_error_not_an_abort() {
        // More bytes than the address space holds: refused by the layout or allocator.
        let e = TranspositionTable::try_with_buckets(1 << (usize::BITS - 4));
        assert!(e.is_err());
        assert!(e.err().unwrap().to_string().contains("cannot allocate"));
    }

    #[test]
    fn a_new_table_is_empty_and_clear_empties_a_large_one() {
        let tt = TranspositionTable::new(64);
        assert!((0..10_000u64).all(|k| tt.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_none()));
        for k in 0..100_000u64 {
            tt.store(k * 7919, entry(k as i32, 3, Bound::Exact, None));
        }
        assert!(tt.probe(7919 * 5).is_some());
        tt.clear();
        assert!((0..100_000u64).all(|k| tt.probe(k * 7919).is_none()));
    }
}
