//! A picture's pixel size read from its first bytes (JPEG, PNG, WebP, GIF,
//! BMP), before anything decodes it: the app refuses a photo too large to
//! decode safely on a phone from this alone. A JPEG's size may sit after
//! large metadata segments, so the reader can ask for the bytes further
//! on ([`Header::More`], then [`resume`]) instead of the whole file. It also reads a JPEG's
//! EXIF orientation: a phone's portrait photo is often stored landscape.
//! Pure and total: any bytes give an answer, never a panic.

/// A picture's size as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Pixels across, as stored.
    pub width: u32,
    /// Pixels down, as stored.
    pub height: u32,
    /// Whether the picture is shown turned a quarter (EXIF orientation 5
    /// to 8): shown `height` wide and `width` high.
    pub turned: bool,
}

impl Size {
    /// Its pixels, in millions (rounded up).
    pub fn megapixels(self) -> u64 {
        (self.width as u64 * self.height as u64).div_ceil(1_000_000)
    }

    /// The size it is shown at: (width, height) once turned.
    pub fn shown(self) -> (u32, u32) {
        if self.turned {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }
}

/// What the first bytes say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// The picture's size.
    Size(Size),
    /// A JPEG whose size comes later: call [`resume`] with the file's
    /// bytes from [`Resume::from`] on.
    More(Resume),
    /// A JPEG, PNG, WebP, GIF or BMP that is cut short or broken.
    Broken,
    /// None of these formats (the browser may still read it).
    Unknown,
}

/// Where a JPEG's reading goes on: a marker starts at `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// The offset in the file to read on from.
    pub from: u64,
    /// What the EXIF read so far said.
    turned: bool,
}

/// Reads a file's first bytes (the format is told by its signature).
pub fn read(bytes: &[u8]) -> Header {
    if bytes.starts_with(&[0xFF, 0xD8]) {
        jpeg_segments(bytes.get(2..).unwrap_or(&[]), 2, false)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png(bytes)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        sized(u16_le(bytes, 6), u16_le(bytes, 8))
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        webp(bytes)
    } else if bytes.starts_with(b"BM") {
        // BITMAPINFOHEADER and later: signed 32-bit sizes (a negative
        // height is a top-down picture).
        let w = u32_le(bytes, 18).map(|v| (v as i32).unsigned_abs());
        let h = u32_le(bytes, 22).map(|v| (v as i32).unsigned_abs());
        sized(w, h)
    } else {
        Header::Unknown
    }
}

/// A size, if both are known and neither is zero.
fn sized(w: Option<u32>, h: Option<u32>) -> Header {
    match (w, h) {
        (Some(w), Some(h)) if w > 0 && h > 0 => Header::Size(Size {
            width: w,
            height: h,
            turned: false,
        }),
        _ => Header::Broken,
    }
}

fn u16_be(b: &[u8], i: usize) -> Option<u32> {
    Some(u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?]) as u32)
}

fn u16_le(b: &[u8], i: usize) -> Option<u32> {
    Some(u16::from_le_bytes([*b.get(i)?, *b.get(i + 1)?]) as u32)
}

fn u24_le(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes([
        *b.get(i)?,
        *b.get(i + 1)?,
        *b.get(i + 2)?,
        0,
    ]))
}

fn u32_be(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

fn u32_le(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

/// PNG: the IHDR chunk comes first.
fn png(b: &[u8]) -> Header {
    if b.get(12..16) != Some(b"IHDR") {
        return Header::Broken;
    }
    sized(u32_be(b, 16), u32_be(b, 20))
}

/// WebP: a lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) first
/// chunk.
fn webp(b: &[u8]) -> Header {
    match b.get(12..16) {
        // The frame header: a 3-byte tag, the start code, 14-bit sizes.
        Some(b"VP8 ") if b.get(23..26) == Some(&[0x9D, 0x01, 0x2A]) => sized(
            u16_le(b, 26).map(|v| v & 0x3FFF),
            u16_le(b, 28).map(|v| v & 0x3FFF),
        ),
        // A 0x2F signature, then 14 bits each of width - 1 and height - 1.
        Some(b"VP8L") if b.get(20) == Some(&0x2F) => {
            let bits = u32_le(b, 21);
            sized(
                bits.map(|v| (v & 0x3FFF) + 1),
                bits.map(|v| ((v >> 14) & 0x3FFF) + 1),
            )
        }
        // The canvas: 24 bits each of width - 1 and height - 1.
        Some(b"VP8X") => sized(u24_le(b, 24).map(|v| v + 1), u24_le(b, 27).map(|v| v + 1)),
        _ => Header::Broken,
    }
}

/// Goes on reading a JPEG with `bytes`, the file's bytes from `r.from` on.
pub fn resume(bytes: &[u8], r: Resume) -> Header {
    jpeg_segments(bytes, r.from, r.turned)
}

/// A JPEG from a marker at file offset `at` on: each segment skipped by its
/// length until a frame header (SOFn) gives the size; an EXIF segment whole
/// in `b` says whether the picture is shown turned.
fn jpeg_segments(b: &[u8], at: u64, mut turned: bool) -> Header {
    let mut i = 0usize;
    loop {
        // Fill bytes (0xFF) may come before a marker.
        while b.get(i) == Some(&0xFF) && b.get(i + 1) == Some(&0xFF) {
            i += 1;
        }
        let Some(&ff) = b.get(i) else {
            return more(at, i, turned);
        };
        if ff != 0xFF {
            return Header::Broken;
        }
        let Some(&marker) = b.get(i + 1) else {
            return more(at, i, turned);
        };
        match marker {
            // Markers without a length: restarts, TEM, a stray SOI.
            0xD0..=0xD8 | 0x01 => {
                i += 2;
                continue;
            }
            // The image data or its end before any frame header.
            0xD9 | 0xDA => return Header::Broken,
            _ => {}
        }
        let Some(len) = u16_be(b, i + 2) else {
            return more(at, i, turned);
        };
        if len < 2 {
            return Header::Broken;
        }
        let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_frame {
            return match (u16_be(b, i + 7), u16_be(b, i + 5)) {
                (Some(w), Some(h)) if w > 0 && h > 0 => Header::Size(Size {
                    width: w,
                    height: h,
                    turned,
                }),
                (Some(_), Some(_)) => Header::Broken,
                _ => more(at, i, turned),
            };
        }
        if marker == 0xE1 {
            if let Some(seg) = b.get(i + 4..i + 2 + len as usize) {
                turned |= exif_turned(seg);
            }
        }
        i += 2 + len as usize;
    }
}

fn more(at: u64, i: usize, turned: bool) -> Header {
    Header::More(Resume {
        from: at + i as u64,
        turned,
    })
}

/// Whether an APP1 segment's EXIF says the picture is shown turned a
/// quarter (orientation 5 to 8); false if it says nothing readable.
fn exif_turned(seg: &[u8]) -> bool {
    let Some(tiff) = seg.strip_prefix(b"Exif\0\0") else {
        return false;
    };
    let little = match tiff.get(0..2) {
        Some(b"II") => true,
        Some(b"MM") => false,
        _ => return false,
    };
    let u16_at = |i: usize| {
        if little {
            u16_le(tiff, i)
        } else {
            u16_be(tiff, i)
        }
    };
    let u32_at = |i: usize| {
        if little {
            u32_le(tiff, i)
        } else {
            u32_be(tiff, i)
        }
    };
    // An offset past the segment is none (and no sum below can overflow).
    let Some(ifd) = u32_at(4).map(|v| v as usize).filter(|&v| v < tiff.len()) else {
        return false;
    };
    let entries = u16_at(ifd).unwrap_or(0) as usize;
    (0..entries.min(256))
        .map(|k| ifd + 2 + 12 * k)
        .find(|&e| u16_at(e) == Some(0x0112))
        .and_then(|e| u16_at(e + 8))
        .is_some_and(|o| (5..=8).contains(&o))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(width: u32, height: u32) -> Header {
        Header::Size(Size {
            width,
            height,
            turned: false,
        })
    }

    /// A JPEG's start: SOI, an APP0 of `pad` bytes, an optional APP1, then
    /// a baseline frame header of `w` × `h`.
    fn jpeg(pad: usize, app1: Option<Vec<u8>>, w: u16, h: u16) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0];
        b.extend(((pad + 2) as u16).to_be_bytes());
        b.extend(vec![0u8; pad]);
        if let Some(a) = app1 {
            b.extend([0xFF, 0xE1]);
            b.extend(((a.len() + 2) as u16).to_be_bytes());
            b.extend(a);
        }
        b.extend([0xFF, 0xDB, 0x00, 0x04, 0, 0]);
        b.extend([0xFF, 0xC0, 0x00, 0x11, 8]);
        b.extend(h.to_be_bytes());
        b.extend(w.to_be_bytes());
        b.extend([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
        b.extend([0xFF, 0xDA, 0x00, 0x08]);
        b
    }

    /// An EXIF APP1 body with one orientation entry.
    fn exif(orientation: u16, little: bool) -> Vec<u8> {
        let w16 = |v: u16| {
            if little {
                v.to_le_bytes()
            } else {
                v.to_be_bytes()
            }
        };
        let w32 = |v: u32| {
            if little {
                v.to_le_bytes()
            } else {
                v.to_be_bytes()
            }
        };
        let mut b = b"Exif\0\0".to_vec();
        b.extend(if little { b"II" } else { b"MM" });
        b.extend(w16(42));
        b.extend(w32(8));
        b.extend(w16(1));
        b.extend(w16(0x0112));
        b.extend(w16(3));
        b.extend(w32(1));
        b.extend(w16(orientation));
        b.extend([0, 0]);
        b.extend(w32(0));
        b
    }

    #[test]
    fn a_jpeg_gives_its_frame_size() {
        assert_eq!(read(&jpeg(14, None, 4032, 3024)), size(4032, 3024));
    }

    #[test]
    fn a_jpeg_turned_by_its_exif_is_shown_upright() {
        for (o, turned) in [(1, false), (3, false), (6, true), (8, true), (5, true)] {
            for little in [true, false] {
                let h = read(&jpeg(14, Some(exif(o, little)), 4032, 3024));
                let Header::Size(s) = h else { panic!("{h:?}") };
                assert_eq!(s.turned, turned, "orientation {o}");
                assert_eq!(s.shown(), if turned { (3024, 4032) } else { (4032, 3024) });
            }
        }
    }

    #[test]
    fn a_jpeg_frame_past_the_bytes_read_asks_for_more_from_its_marker() {
        let whole = jpeg(60_000, None, 1600, 1200);
        let first = &whole[..4096];
        let Header::More(r) = read(first) else {
            panic!("{:?}", read(first))
        };
        assert_eq!(r.from, 4 + 60_002);
        let at = r.from as usize;
        assert_eq!(resume(&whole[at..], r), size(1600, 1200));
        // Bytes that stop inside a segment's header ask again from its marker.
        assert_eq!(resume(&whole[at..at + 3], r), Header::More(r));
        // What the EXIF said before is kept on.
        let turned = jpeg(20, Some(exif(6, true)), 1600, 1200);
        // SOI, APP0, the EXIF and the tables whole; the frame header not.
        let sof = turned.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        let Header::More(r) = read(&turned[..sof]) else {
            panic!("{:?}", read(&turned[..sof]))
        };
        assert_eq!(r.from, sof as u64);
        let Header::Size(s) = resume(&turned[r.from as usize..], r) else {
            panic!()
        };
        assert!(s.turned);
    }

    #[test]
    fn png_gif_webp_and_bmp_give_their_sizes() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend(20000u32.to_be_bytes());
        png.extend(15000u32.to_be_bytes());
        png.extend([1, 0, 0, 0, 0]);
        assert_eq!(read(&png), size(20000, 15000));
        assert_eq!(
            Header::Size(Size {
                width: 20000,
                height: 15000,
                turned: false
            }),
            read(&png)
        );
        if let Header::Size(s) = read(&png) {
            assert_eq!(s.megapixels(), 300);
        }

        let mut gif = b"GIF89a".to_vec();
        gif.extend(640u16.to_le_bytes());
        gif.extend(480u16.to_le_bytes());
        assert_eq!(read(&gif), size(640, 480));

        let webp = |chunk: &[u8], body: &[u8]| {
            let mut b = b"RIFF\0\0\0\0WEBP".to_vec();
            b.extend(chunk);
            b.extend([0u8; 4]);
            b.extend(body);
            b
        };
        let mut lossy = vec![0, 0, 0, 0x9D, 0x01, 0x2A];
        lossy.extend(1024u16.to_le_bytes());
        lossy.extend(768u16.to_le_bytes());
        assert_eq!(read(&webp(b"VP8 ", &lossy)), size(1024, 768));
        let bits: u32 = (800 - 1) | ((600 - 1) << 14);
        let mut lossless = vec![0x2F];
        lossless.extend(bits.to_le_bytes());
        assert_eq!(read(&webp(b"VP8L", &lossless)), size(800, 600));
        let mut ext = vec![0u8; 4];
        ext.extend(&(4031u32.to_le_bytes()[..3]));
        ext.extend(&(3023u32.to_le_bytes()[..3]));
        assert_eq!(read(&webp(b"VP8X", &ext)), size(4032, 3024));

        let mut bmp = b"BM".to_vec();
        bmp.extend([0u8; 16]);
        bmp.extend(300i32.to_le_bytes());
        bmp.extend((-200i32).to_le_bytes());
        assert_eq!(read(&bmp), size(300, 200));
    }

    #[test]
    fn other_or_broken_bytes_give_unknown_or_broken_never_a_panic() {
        assert_eq!(read(b""), Header::Unknown);
        assert_eq!(read(b"hello, this is text"), Header::Unknown);
        assert_eq!(read(b"\x89PNG\r\n\x1a\n"), Header::Broken);
        assert_eq!(read(b"GIF89a\x01"), Header::Broken);
        assert_eq!(read(b"RIFF\0\0\0\0WEBPVP8 "), Header::Broken);
        assert_eq!(read(&[0xFF, 0xD8, 0x00]), Header::Broken);
        assert_eq!(read(&[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]), Header::Broken);
        assert_eq!(read(&[0xFF, 0xD8, 0xFF, 0xDA, 0, 8]), Header::Broken);
        // An EXIF whose first directory lies past the end of everything.
        let mut far = exif(6, true);
        far[10..14].copy_from_slice(&u32::MAX.to_le_bytes());
        let Header::Size(s) = read(&jpeg(14, Some(far), 640, 480)) else {
            panic!()
        };
        assert!(!s.turned);
        // A frame header of zero pixels.
        assert_eq!(read(&jpeg(2, None, 0, 10)), Header::Broken);
        // Every prefix of a real header, and every byte changed, is an
        // answer.
        let j = jpeg(20, Some(exif(6, true)), 320, 240);
        for n in 0..j.len() {
            let _ = read(&j[..n]);
            let mut c = j.clone();
            c[n] ^= 0xA5;
            let _ = read(&c);
            let _ = resume(
                &j[n..],
                Resume {
                    from: n as u64,
                    turned: false,
                },
            );
        }
    }
}
