//! Large arrays of zeros, their memory mapped in at once, on huge pages where the kernel offers
//! them.
//!
//! A solve fills arrays of several megabytes once, front to back. Each 4 KiB page of a fresh
//! allocation costs a page fault on its first write, and for the Pig family's cubes those
//! faults took a fifth of a whole `swine eval`. On Linux, [`zeroed`] advises the kernel to back
//! the array's whole 2 MiB pages with huge pages and asks it to map every page in one call
//! (`MADV_POPULATE_WRITE`, Linux 5.14 and later); where either is refused, or elsewhere, the
//! pages fault in as they are first written, as for any vector. Memory the system refuses is
//! an error the solve returns ([`OutOfMemory`]), not an abort of the whole process: a Python
//! session or the page survives it.

use std::alloc::{Layout, alloc_zeroed};
use std::sync::atomic::AtomicBool;

use crate::machine::OutOfMemory;

/// The size of a huge page on x86-64 and aarch64 Linux, in bytes.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// The size of a base page, in bytes (the alignment `madvise` needs).
#[cfg(target_os = "linux")]
const PAGE: usize = 4 << 10;

/// Numbers whose value with every bit zero is their zero: what [`zeroed`] may hand out from
/// memory the allocator has zeroed.
///
/// # Safety
///
/// Every bit pattern of zeros must be a valid value of the type.
pub(crate) unsafe trait Zero: Copy {}

// SAFETY: all-zero bits are 0 for every integer and 0.0 for every float.
unsafe impl Zero for f64 {}
// SAFETY: as above.
unsafe impl Zero for u8 {}

/// A vector of `len` zeros, its memory mapped in before anything writes to it; or, where the
/// system refuses that much memory, the error saying so (never an abort of the process).
pub(crate) fn zeroed<T: Zero>(len: usize) -> Result<Vec<T>, OutOfMemory> {
    zeroed_stopping(len, None)
}

/// [`zeroed`], mapping its memory in [`MAP_PIECE`] at a time and no more once `stop` is set
/// (the rest then faults in as it is written): mapping in gigabytes takes a second or more,
/// which a Ctrl-C should not wait for.
pub(crate) fn zeroed_stopping<T: Zero>(
    len: usize,
    stop: Option<&AtomicBool>,
) -> Result<Vec<T>, OutOfMemory> {
    let too_much = || OutOfMemory {
        bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    };
    let layout = Layout::array::<T>(len).map_err(|_| too_much())?;
    if layout.size() == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the layout's size is not zero.
    let start = unsafe { alloc_zeroed(layout) }.cast::<T>();
    if start.is_null() {
        return Err(too_much());
    }
    // SAFETY: `start` was allocated by the global allocator with the layout of `len` values of
    // `T`, all of them zero bits, which `T: Zero` makes valid values.
    let zeros = unsafe { Vec::from_raw_parts(start, len, len) };
    map_in(&zeros, stop);
    Ok(zeros)
}

/// [`zeroed`] for a table far smaller than the solve's own arrays (a Pig policy: a byte a
/// state, where the sweep holds eighteen), which the solve's estimate covers: where the system
/// refuses even that, the process ends as for any vector that cannot grow.
pub(crate) fn zeroed_or_abort<T: Zero>(len: usize) -> Vec<T> {
    zeroed(len).unwrap_or_else(|_| {
        std::alloc::handle_alloc_error(Layout::array::<T>(len).unwrap_or(Layout::new::<T>()))
    })
}

/// How much memory [`zeroed_stopping`] maps in between two looks at its stop flag, in bytes:
/// 32 MiB, about ten milliseconds of the kernel's zeroing.
#[cfg(target_os = "linux")]
const MAP_PIECE: usize = 32 << 20;

/// Advises huge pages for the whole 2 MiB pages inside `array`'s memory, then maps in every
/// whole page of it, [`MAP_PIECE`] at a time until `stop` is set. Both are advice: a kernel
/// that refuses leaves the array as it was.
#[cfg(target_os = "linux")]
fn map_in<T>(array: &[T], stop: Option<&AtomicBool>) {
    let start = array.as_ptr() as usize;
    let end = start + std::mem::size_of_val(array);
    let advise = |(first, last): (usize, usize), advice: libc::c_int| {
        if first < last {
            // SAFETY: the range lies inside `array`'s allocation, and both pieces of advice
            // change only how the kernel backs the pages, never what they hold.
            unsafe {
                libc::madvise(first as *mut libc::c_void, last - first, advice);
            }
        }
    };
    let whole = |align: usize| (start.next_multiple_of(align), end / align * align);
    advise(whole(HUGE_PAGE), libc::MADV_HUGEPAGE);
    let (first, last) = whole(PAGE);
    for piece in (first..last).step_by(MAP_PIECE) {
        if stop.is_some_and(|stop| stop.load(std::sync::atomic::Ordering::Relaxed)) {
            return;
        }
        advise(
            (piece, (piece + MAP_PIECE).min(last)),
            libc::MADV_POPULATE_WRITE,
        );
    }
}

/// Elsewhere the pages fault in as they are first written.
#[cfg(not(target_os = "linux"))]
fn map_in<T>(_: &[T], _: Option<&AtomicBool>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_of_every_size_hold_zeros() {
        for len in [0, 1, 4095, 3 << 20, (5 << 20) + 7] {
            let floats: Vec<f64> = zeroed(len).unwrap();
            assert_eq!(floats.len(), len);
            assert!(floats.iter().all(|&x| x.to_bits() == 0));
            let bytes: Vec<u8> = zeroed(len).unwrap();
            assert!(bytes.iter().all(|&x| x == 0));
        }
    }

    /// How many of the whole pages inside `array` are resident (mapped in), and how many it
    /// has, by `mincore`.
    #[cfg(target_os = "linux")]
    fn resident_pages<T>(array: &[T]) -> (usize, usize) {
        let start = array.as_ptr() as usize;
        let (first, last) = (
            start.next_multiple_of(PAGE),
            (start + std::mem::size_of_val(array)) / PAGE * PAGE,
        );
        let pages = (last - first) / PAGE;
        let mut resident = vec![0u8; pages];
        // SAFETY: the range is page-aligned and inside `array`'s allocation; `resident` has a
        // byte for each of its pages.
        let status = unsafe {
            libc::mincore(
                first as *mut libc::c_void,
                last - first,
                resident.as_mut_ptr(),
            )
        };
        assert_eq!(status, 0, "mincore");
        (resident.iter().filter(|&&r| r & 1 == 1).count(), pages)
    }

    /// Mapping in stops at the flag: an array told to stop before it starts has (nearly) none
    /// of its pages mapped in where one not told has all of them, and both hold zeros.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_array_told_to_stop_is_not_mapped_in_and_still_holds_zeros() {
        let len = 16 << 20; // 128 MiB of f64: four pieces, and past any heap threshold.
        let mapped: Vec<f64> = zeroed_stopping(len, Some(&AtomicBool::new(false))).unwrap();
        let stopped: Vec<f64> = zeroed_stopping(len, Some(&AtomicBool::new(true))).unwrap();
        let (resident, pages) = resident_pages(&mapped);
        assert_eq!(resident, pages, "every page mapped in");
        let (resident, pages) = resident_pages(&stopped);
        // The allocator writes its header on the first page, and no other.
        assert!(resident <= 1, "{resident} of {pages} pages mapped in");
        assert!(stopped.iter().all(|&x| x.to_bits() == 0));
        assert!(mapped.iter().all(|&x| x.to_bits() == 0));
    }

    #[test]
    fn memory_the_system_cannot_give_is_an_error_not_an_abort() {
        // Beyond what any address space holds, and beyond what a layout can describe.
        let huge = 1usize << (usize::BITS - 5);
        assert_eq!(
            zeroed::<f64>(huge),
            Err(OutOfMemory {
                bytes: huge as u64 * 8
            })
        );
        assert_eq!(
            zeroed::<f64>(usize::MAX),
            Err(OutOfMemory { bytes: u64::MAX })
        );
    }
}
