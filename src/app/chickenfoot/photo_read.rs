//! The photo chunk's reading, loaded when Photo is first tapped: the file
//! checked by its bytes and by the pixel size in its header
//! (`vision::header`), decoded by the browser already shrunk to
//! [`LONG_SIDE`] px on its long side (never at full size on a canvas:
//! WebKit caps one at 16.7 megapixels), its tiles found by
//! `vision::count`, and the shrunk picture's canvas kept to show under
//! the outlines.

use leptos::wasm_split::{wasm_split, SplitLoaderError};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement, ImageBitmap,
    ImageBitmapOptions, ImageOrientation, ResizeQuality, Url,
};

use std::rc::Rc;

use super::photo::Hand;
use super::photo_view::{show, Read, Spot};
use crate::app::lazy::{BoxedWork, Chunk};
use crate::rules::chickenfoot::DominoSet;
use crate::vision::header::{self, Header, Size};
use crate::vision::{count, Picture};

/// The largest file read, in bytes (40 MB).
pub const MAX_BYTES: f64 = 40_000_000.0;
/// The most pixels a photo may have (64 megapixels: a phone's largest
/// mode is about 50).
pub const MAX_PIXELS: u64 = 64_000_000;
/// The long side of the picture the counter reads.
pub const LONG_SIDE: u32 = 1280;
/// The bytes read at a time for the header.
const HEAD_BYTES: f64 = 65_536.0;

const NOT_A_PICTURE: &str =
    "That file is not a picture this phone can read. Take a photo of the tiles, or pick them.";
const NO_TILES: &str = "No tiles found in this photo. Lay the tiles face up and apart, in good light, and take it again from above.";

/// The photo chunk: the decoding, the counter and the photo's view.
pub(super) const PHOTO: Chunk = Chunk::new("photo", || Box::pin(preload_photo()));

/// Reads `file`'s tiles of `set` for player `i` and, if photo `pick` is
/// still the last one picked in the form, opens the tile picker filled.
#[wasm_split(photo_chunk, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_photo))]
pub(super) fn read_in_chunk(
    hand: Rc<dyn Hand>,
    i: usize,
    pick: u32,
    set: DominoSet,
    file: web_sys::File,
) -> Result<Option<BoxedWork<()>>, SplitLoaderError> {
    Ok(Some(Box::pin(async move {
        show(hand, i, pick, read(file, set).await?);
        Ok(())
    })))
}

/// Reads `file`'s tiles of `set`, or says why not.
async fn read(file: web_sys::File, set: DominoSet) -> Result<Read, String> {
    if let Some(m) = too_many_bytes(file.size()) {
        return Err(m);
    }
    let size = header_of(&file).await?;
    if let Some(m) = size.and_then(too_many_pixels) {
        return Err(m);
    }
    let canvas = match size {
        Some(s) => shrunk_bitmap(&file, s).await?,
        None => shrunk_img(&file).await?,
    };
    let (w, h) = (canvas.width(), canvas.height());
    let rgba = context(&canvas)?
        .get_image_data(0.0, 0.0, w as f64, h as f64)
        .map_err(|_| NOT_A_PICTURE.to_string())?
        .data();
    let picture = Picture {
        width: w as usize,
        height: h as usize,
        step: 4,
        pixels: &rgba,
    };
    let spots: Vec<Spot> = count(&picture, set)
        .into_iter()
        .map(|f| Spot {
            tile: f.tile,
            corners: f.corners,
        })
        .collect();
    if spots.is_empty() {
        return Err(NO_TILES.to_string());
    }
    Ok(Read {
        canvas,
        width: w,
        height: h,
        spots,
    })
}

/// The message for a file of `bytes` over [`MAX_BYTES`].
fn too_many_bytes(bytes: f64) -> Option<String> {
    (bytes > MAX_BYTES).then(|| {
        format!(
            "This photo is too large: {} MB. The app reads photos of up to {} MB.",
            (bytes / 1e6 + 0.5).floor(),
            MAX_BYTES / 1e6
        )
    })
}

/// The message for a picture of `s` over [`MAX_PIXELS`].
fn too_many_pixels(s: Size) -> Option<String> {
    (s.width as u64 * s.height as u64 > MAX_PIXELS).then(|| {
        format!(
            "This photo is too large: {} megapixels ({} × {}). The app reads photos of up to {} megapixels.",
            s.megapixels(),
            s.width,
            s.height,
            MAX_PIXELS / 1_000_000
        )
    })
}

/// `w` × `h` shrunk to at most `long` on the long side (never grown).
fn fit(w: u32, h: u32, long: u32) -> (u32, u32) {
    let most = w.max(h);
    if most <= long {
        return (w.max(1), h.max(1));
    }
    let k = long as f64 / most as f64;
    let side = |v: u32| ((v as f64 * k + 0.5).floor() as u32).clamp(1, long);
    (side(w), side(h))
}

/// Bytes `from`..`to` of `file`.
async fn bytes_of(file: &Blob, from: f64, to: f64) -> Result<Vec<u8>, String> {
    let part = file
        .slice_with_f64_and_f64(from, to)
        .map_err(|_| NOT_A_PICTURE.to_string())?;
    let buf = JsFuture::from(part.array_buffer())
        .await
        .map_err(|_| NOT_A_PICTURE.to_string())?;
    Ok(js_sys::Uint8Array::new(&buf).to_vec())
}

/// The picture's size from its header; `None` for a format the header
/// reader does not know (the browser may still read it).
async fn header_of(file: &Blob) -> Result<Option<Size>, String> {
    let mut h = header::read(&bytes_of(file, 0.0, HEAD_BYTES).await?);
    // A JPEG's metadata can be long: at most 64 steps of 64 KB.
    for _ in 0..64 {
        match h {
            Header::Size(s) => return Ok(Some(s)),
            Header::Unknown => return Ok(None),
            Header::Broken => break,
            Header::More(r) => {
                let from = r.from as f64;
                if from >= file.size() {
                    break;
                }
                h = header::resume(&bytes_of(file, from, from + HEAD_BYTES).await?, r);
            }
        }
    }
    Err(NOT_A_PICTURE.to_string())
}

/// Why the browser gave no bitmap.
enum NoBitmap {
    /// This engine lacks the options (a `TypeError`).
    Unsupported,
    NotAPicture,
}

fn no_bitmap(e: JsValue) -> NoBitmap {
    if e.is_instance_of::<js_sys::TypeError>() {
        NoBitmap::Unsupported
    } else {
        NoBitmap::NotAPicture
    }
}

/// `file` decoded by the browser at `w` × `h`, turned as its EXIF says.
async fn bitmap(file: &Blob, w: u32, h: u32) -> Result<ImageBitmap, NoBitmap> {
    let opts = ImageBitmapOptions::new();
    opts.set_resize_width(w);
    opts.set_resize_height(h);
    opts.set_resize_quality(ResizeQuality::High);
    opts.set_image_orientation(ImageOrientation::FromImage);
    let window = web_sys::window().ok_or(NoBitmap::Unsupported)?;
    let promise = window
        .create_image_bitmap_with_blob_and_image_bitmap_options(file, &opts)
        .map_err(no_bitmap)?;
    // (Casts unchecked where the type is certain: each checked cast is code
    // shared with the games' chunk.)
    let bitmap = JsFuture::from(promise).await.map_err(no_bitmap)?;
    Ok(bitmap.unchecked_into::<ImageBitmap>())
}

/// `file` (of header size `s`) on a canvas at most [`LONG_SIDE`] long,
/// decoded shrunk by `createImageBitmap`, or through an `<img>` where this
/// engine lacks its options.
async fn shrunk_bitmap(file: &Blob, s: Size) -> Result<HtmlCanvasElement, String> {
    let (sw, sh) = s.shown();
    let (w, h) = fit(sw, sh, LONG_SIDE);
    let mut b = match bitmap(file, w, h).await {
        Ok(b) => b,
        Err(NoBitmap::Unsupported) => return shrunk_img(file).await,
        Err(NoBitmap::NotAPicture) => return Err(NOT_A_PICTURE.to_string()),
    };
    // An engine that shrinks before turning gives the sides swapped (and
    // the picture squeezed): asked again the other way round.
    if w != h && (b.width(), b.height()) == (h, w) {
        b.close();
        b = bitmap(file, h, w)
            .await
            .map_err(|_| NOT_A_PICTURE.to_string())?;
    }
    // An engine that ignores the size asked for gives it whole: shrunk on
    // the canvas.
    let (cw, ch) = fit(b.width(), b.height(), LONG_SIDE);
    let (canvas, ctx) = canvas(cw, ch)?;
    let drawn = ctx.draw_image_with_image_bitmap_and_dw_and_dh(&b, 0.0, 0.0, cw as f64, ch as f64);
    b.close();
    drawn.map_err(|_| NOT_A_PICTURE.to_string())?;
    Ok(canvas)
}

/// `file` decoded by an `<img>` and drawn shrunk on a canvas at most
/// [`LONG_SIDE`] long.
async fn shrunk_img(file: &Blob) -> Result<HtmlCanvasElement, String> {
    let url = Url::create_object_url_with_blob(file).map_err(|_| NOT_A_PICTURE.to_string())?;
    let drawn = draw_img(&url).await;
    let _ = Url::revoke_object_url(&url);
    drawn
}

async fn draw_img(url: &str) -> Result<HtmlCanvasElement, String> {
    // Made by the document, and drawn with the source rectangle given:
    // the shorter bindings are code the games' chunk (Picture) has too.
    let img: HtmlImageElement = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("img").ok())
        .ok_or(NOT_A_PICTURE)?
        .unchecked_into();
    img.set_src(url);
    JsFuture::from(img.decode())
        .await
        .map_err(|_| NOT_A_PICTURE.to_string())?;
    let (w, h) = (img.natural_width(), img.natural_height());
    if w == 0 || h == 0 {
        return Err(NOT_A_PICTURE.to_string());
    }
    let size = Size {
        width: w,
        height: h,
        turned: false,
    };
    if let Some(m) = too_many_pixels(size) {
        return Err(m);
    }
    let (cw, ch) = fit(w, h, LONG_SIDE);
    let (canvas, ctx) = canvas(cw, ch)?;
    // (web-sys has no binding for it.)
    let _ = js_sys::Reflect::set(&ctx, &"imageSmoothingQuality".into(), &"high".into());
    let (sw, sh) = (w as f64, h as f64);
    ctx.draw_image_with_html_image_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
        &img, 0.0, 0.0, sw, sh, 0.0, 0.0, cw as f64, ch as f64,
    )
    .map_err(|_| NOT_A_PICTURE.to_string())?;
    Ok(canvas)
}

/// A canvas of `w` × `h` (off the page) and its 2D context, made to be
/// read back.
fn canvas(w: u32, h: u32) -> Result<(HtmlCanvasElement, CanvasRenderingContext2d), String> {
    let canvas = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("canvas").ok())
        .map(|e| e.unchecked_into::<HtmlCanvasElement>())
        .ok_or(NOT_A_PICTURE)?;
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx = context(&canvas)?;
    Ok((canvas, ctx))
}

fn context(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, String> {
    let opts = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&opts, &"willReadFrequently".into(), &JsValue::TRUE);
    canvas
        .get_context_with_context_options("2d", &opts)
        .ok()
        .flatten()
        .map(|c| c.unchecked_into::<CanvasRenderingContext2d>())
        .ok_or_else(|| NOT_A_PICTURE.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_shrunk_to_its_long_side_never_grown() {
        assert_eq!(fit(4032, 3024, 1280), (1280, 960));
        assert_eq!(fit(3024, 4032, 1280), (960, 1280));
        assert_eq!(fit(20000, 15000, 1280), (1280, 960));
        assert_eq!(fit(800, 600, 1280), (800, 600));
        assert_eq!(fit(100_000, 1, 1280), (1280, 1));
        assert_eq!(fit(0, 0, 1280), (1, 1));
    }

    #[test]
    fn the_limits_name_themselves() {
        assert_eq!(too_many_bytes(40_000_000.0), None);
        assert_eq!(
            too_many_bytes(52_400_000.0).as_deref(),
            Some("This photo is too large: 52 MB. The app reads photos of up to 40 MB.")
        );
        let huge = Size {
            width: 20000,
            height: 15000,
            turned: false,
        };
        assert_eq!(
            too_many_pixels(huge).as_deref(),
            Some("This photo is too large: 300 megapixels (20000 × 15000). The app reads photos of up to 64 megapixels.")
        );
        let phone = Size {
            width: 8160,
            height: 6120,
            turned: true,
        };
        assert_eq!(too_many_pixels(phone), None, "a 50 MP phone photo is read");
    }
}
