//! `chicken_vision::count` behind two exports for `bench.mjs`: `alloc`
//! (room for a picture's bytes) and `run` (count them; the pip total and
//! the tiles found, as `total * 100 + tiles`).

use chicken_vision::{count, Picture};

/// Room for `len` bytes, kept for the module's life.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr()
}

/// Counts the `w` × `h` RGB picture at `ptr` as a set whose highest half
/// is `max`.
///
/// # Safety
/// `ptr` is from `alloc` with at least `w * h * 3` bytes.
#[no_mangle]
pub unsafe extern "C" fn run(ptr: *const u8, w: usize, h: usize, max: u8) -> u32 {
    let pixels = std::slice::from_raw_parts(ptr, w * h * 3);
    let found = count(
        &Picture {
            width: w,
            height: h,
            step: 3,
            pixels,
        },
        max,
    );
    let total: u32 = found.iter().map(|f| (f.halves.0 + f.halves.1) as u32).sum();
    total * 100 + found.len() as u32
}
