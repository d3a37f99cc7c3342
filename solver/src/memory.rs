//! Large arrays of zeros, their memory mapped in at once, on huge pages where the kernel offers
//! them.
//!
//! A solve fills arrays of several megabytes once, front to back. Each 4 KiB page of a fresh
//! allocation costs a page fault on its first write, and for the Pig family's cubes those
//! faults took a fifth of a whole `swine eval`. On Linux, [`zeroed`] advises the kernel to back
//! the array's whole 2 MiB pages with huge pages and asks it to map every page in one call
//! (`MADV_POPULATE_WRITE`, Linux 5.14 and later); where either is refused, or elsewhere, the
//! pages fault in as they are first written, as for any vector.

/// The size of a huge page on x86-64 and aarch64 Linux, in bytes.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// The size of a base page, in bytes (the alignment `madvise` needs).
#[cfg(target_os = "linux")]
const PAGE: usize = 4 << 10;

/// A vector of `len` zeros (the default value of `T`, all zero bits for the numbers it is used
/// with), its memory mapped in before anything writes to it.
pub(crate) fn zeroed<T: Copy + Default>(len: usize) -> Vec<T> {
    let zeros = vec![T::default(); len];
    map_in(&zeros);
    zeros
}

/// Advises huge pages for the whole 2 MiB pages inside `array`'s memory, then maps in every
/// whole page of it. Both are advice: a kernel that refuses leaves the array as it was.
#[cfg(target_os = "linux")]
fn map_in<T>(array: &[T]) {
    let start = array.as_ptr() as usize;
    let end = start + std::mem::size_of_val(array);
    let advise = |align: usize, advice: libc::c_int| {
        let (first, last) = (start.next_multiple_of(align), end / align * align);
        if first < last {
            // SAFETY: the range lies inside `array`'s allocation, and both pieces of advice
            // change only how the kernel backs the pages, never what they hold.
            unsafe {
                libc::madvise(first as *mut libc::c_void, last - first, advice);
            }
        }
    };
    advise(HUGE_PAGE, libc::MADV_HUGEPAGE);
    advise(PAGE, libc::MADV_POPULATE_WRITE);
}

/// Elsewhere the pages fault in as they are first written.
#[cfg(not(target_os = "linux"))]
fn map_in<T>(_: &[T]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_of_every_size_hold_zeros() {
        for len in [0, 1, 4095, 3 << 20, (5 << 20) + 7] {
            let floats: Vec<f64> = zeroed(len);
            assert_eq!(floats.len(), len);
            assert!(floats.iter().all(|&x| x.to_bits() == 0));
            let bytes: Vec<u8> = zeroed(len);
            assert!(bytes.iter().all(|&x| x == 0));
        }
    }
}
