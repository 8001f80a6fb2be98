//! The table's memory: zeroed slots, on Linux in an anonymous mapping advised as
//! transparent huge pages. A probe lands on a random bucket, so with ordinary 4 KB pages
//! almost every probe also misses the TLB; 2 MB pages cover a large table with a few
//! hundred TLB entries. Fresh mappings read as zero and get their pages on first touch, so
//! a table costs nothing until it is touched; engines on a clock touch it ahead
//! (`TranspositionTable::commit_in_background`) rather than inside a timed search.

use super::Slot;
use std::ptr::NonNull;

/// Size (and alignment) of a transparent huge page on x86_64 and aarch64 Linux.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// The memory the system reports available (Linux: `MemAvailable` in `/proc/meminfo`),
/// in MB; `None` elsewhere or when it cannot be read.
pub(super) fn available_megabytes() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let info = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kilobytes: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kilobytes >> 10)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// `len` zeroed slots owned like a `Box<[Slot]>`.
pub(super) struct SlotMemory {
    slots: NonNull<Slot>,
    len: usize,
    origin: Origin,
}

/// Where the memory came from, so it goes back there.
enum Origin {
    /// Nothing (no slots).
    Empty,
    /// The global allocator, with this layout.
    Heap(std::alloc::Layout),
    /// An anonymous mapping at this address of this many bytes (Linux).
    #[cfg(target_os = "linux")]
    Mapping(*mut libc::c_void, usize),
}

// SAFETY: a `SlotMemory` owns its slots exclusively, as a `Box<[Slot]>` would, and a
// `Slot` (two atomics) may be sent to and shared between threads; the mapping address is
// only used to free it.
unsafe impl Send for SlotMemory {}
// SAFETY: as above: shared access only hands out `&[Slot]`, and `Slot` is `Sync`.
unsafe impl Sync for SlotMemory {}

impl SlotMemory {
    /// `len` zeroed slots, or `None` when the memory cannot be had.
    pub(super) fn zeroed(len: usize) -> Option<SlotMemory> {
        let bytes = len.checked_mul(std::mem::size_of::<Slot>())?;
        if bytes == 0 {
            return Some(SlotMemory {
                slots: NonNull::dangling(),
                len: 0,
                origin: Origin::Empty,
            });
        }
        #[cfg(target_os = "linux")]
        if bytes >= HUGE_PAGE {
            if let Some(memory) = Self::mapped(len, bytes) {
                return Some(memory);
            }
        }
        let layout = std::alloc::Layout::array::<Slot>(len).ok()?;
        // SAFETY: `layout` has a non-zero size; all-zero bytes are a valid `Slot` (two
        // `AtomicU64`s holding 0), so the zeroed memory holds `len` initialised slots.
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        NonNull::new(raw.cast::<Slot>()).map(|slots| SlotMemory {
            slots,
            len,
            origin: Origin::Heap(layout),
        })
    }

    /// `len` slots (`bytes` bytes) in a fresh anonymous mapping, aligned to a huge page
    /// and advised as huge pages; `None` when the kernel refuses the mapping.
    #[cfg(target_os = "linux")]
    fn mapped(len: usize, bytes: usize) -> Option<SlotMemory> {
        // One huge page more than needed, so an aligned start lies inside the mapping.
        let size = bytes.checked_add(HUGE_PAGE)?;
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing
        // touches no existing memory; the result is checked against MAP_FAILED.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let offset = (base as usize).next_multiple_of(HUGE_PAGE) - base as usize;
        // SAFETY: `offset < HUGE_PAGE`, so `base + offset .. + bytes` lies inside the
        // `size` bytes just mapped. `madvise` only changes how the kernel backs the range
        // (a refusal leaves ordinary pages), and fresh anonymous memory reads as zero,
        // which is a valid `Slot`.
        let start = unsafe {
            let start = base.cast::<u8>().add(offset);
            libc::madvise(start.cast(), bytes, libc::MADV_HUGEPAGE);
            start
        };
        NonNull::new(start.cast::<Slot>()).map(|slots| SlotMemory {
            slots,
            len,
            origin: Origin::Mapping(base, size),
        })
    }
}

impl std::ops::Deref for SlotMemory {
    type Target = [Slot];

    fn deref(&self) -> &[Slot] {
        // SAFETY: `slots` points to `len` initialised slots that live as long as `self`
        // (or is dangling with `len == 0`, which a slice allows).
        unsafe { std::slice::from_raw_parts(self.slots.as_ptr(), self.len) }
    }
}

impl Drop for SlotMemory {
    fn drop(&mut self) {
        match self.origin {
            Origin::Empty => {}
            // SAFETY: allocated in `zeroed` with exactly this layout, and freed once.
            Origin::Heap(layout) => unsafe {
                std::alloc::dealloc(self.slots.as_ptr().cast(), layout)
            },
            // SAFETY: mapped in `mapped` at this address with this size, unmapped once.
            #[cfg(target_os = "linux")]
            Origin::Mapping(base, size) => unsafe {
                libc::munmap(base, size);
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{available_megabytes, SlotMemory};

    #[test]
    #[cfg(target_os = "linux")]
    fn linux_reports_some_available_memory() {
        assert!(available_megabytes().is_some_and(|mb| mb > 0));
    }
    use std::sync::atomic::Ordering;

    #[test]
    fn slots_come_zeroed_in_every_size() {
        for len in [0, 1, 2, 1000, 1 << 17, (1 << 17) + 2, 1 << 20, 1 << 22] {
            let m = SlotMemory::zeroed(len).expect("memory");
            assert_eq!(m.len(), len);
            assert!(m.iter().all(
                |s| s.check.load(Ordering::Relaxed) == 0 && s.data.load(Ordering::Relaxed) == 0
            ));
        }
    }
}
