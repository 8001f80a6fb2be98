//! The table's memory: zeroed slots, on Linux backed by transparent huge pages where the
//! kernel offers them. A probe lands on a random bucket, so with ordinary 4 KB pages
//! almost every probe also misses the TLB; 2 MB pages cover a large table with a few
//! hundred TLB entries.

use super::Slot;
use std::alloc::Layout;
use std::ptr::NonNull;

/// Size (and alignment) of a transparent huge page on x86_64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// `len` zeroed slots owned like a `Box<[Slot]>`, with the layout they were allocated with.
pub(super) struct SlotMemory {
    ptr: NonNull<Slot>,
    len: usize,
    layout: Layout,
}

// SAFETY: a `SlotMemory` owns its slots exclusively, as a `Box<[Slot]>` would, and a
// `Slot` (two atomics) may be sent to and shared between threads.
unsafe impl Send for SlotMemory {}
// SAFETY: as above: shared access only hands out `&[Slot]`, and `Slot` is `Sync`.
unsafe impl Sync for SlotMemory {}

impl SlotMemory {
    /// `len` zeroed slots, or `None` when the allocator refuses.
    pub(super) fn zeroed(len: usize) -> Option<SlotMemory> {
        let bytes = len.checked_mul(std::mem::size_of::<Slot>())?;
        if bytes == 0 {
            return Some(SlotMemory {
                ptr: NonNull::dangling(),
                len: 0,
                layout: Layout::new::<()>(),
            });
        }
        let huge = cfg!(target_os = "linux") && bytes >= HUGE_PAGE;
        let layout = if huge {
            Layout::from_size_align(bytes.next_multiple_of(HUGE_PAGE), HUGE_PAGE).ok()?
        } else {
            Layout::array::<Slot>(len).ok()?
        };
        // SAFETY: `layout` has a non-zero size. The memory is zeroed before any slot is
        // read (by the allocator, or by `write_bytes` after the advice), and all-zero
        // bytes are a valid `Slot` (two `AtomicU64`s holding 0).
        let raw = unsafe {
            if huge {
                let raw = std::alloc::alloc(layout);
                if !raw.is_null() {
                    advise_huge_pages(raw, layout.size());
                    // Zeroing after the advice faults the memory in as huge pages.
                    raw.write_bytes(0, layout.size());
                }
                raw
            } else {
                std::alloc::alloc_zeroed(layout)
            }
        };
        NonNull::new(raw.cast::<Slot>()).map(|ptr| SlotMemory { ptr, len, layout })
    }
}

impl std::ops::Deref for SlotMemory {
    type Target = [Slot];

    fn deref(&self) -> &[Slot] {
        // SAFETY: `ptr` points to `len` initialised slots that live as long as `self`
        // (or is dangling with `len == 0`, which a slice allows).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for SlotMemory {
    fn drop(&mut self) {
        if self.len > 0 {
            // SAFETY: allocated in `zeroed` with exactly this layout, and freed once.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) };
        }
    }
}

/// Asks Linux to back `len` bytes at `addr` with transparent huge pages. Only advice: where
/// the kernel says no (huge pages off, an old kernel), the table works as before.
#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: *mut u8, len: usize) {
    // SAFETY: the range is one live allocation owned by the caller; `madvise` with
    // `MADV_HUGEPAGE` changes how the kernel backs it, never its contents.
    unsafe {
        libc::madvise(addr.cast(), len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: *mut u8, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::SlotMemory;
    use std::sync::atomic::Ordering;

    #[test]
    fn slots_come_zeroed_in_every_size() {
        for len in [0, 1, 2, 1000, 1 << 17, (1 << 17) + 2, 1 << 20] {
            let m = SlotMemory::zeroed(len).expect("memory");
            assert_eq!(m.len(), len);
            assert!(m.iter().all(
                |s| s.check.load(Ordering::Relaxed) == 0 && s.data.load(Ordering::Relaxed) == 0
            ));
        }
    }
}
