//! Images (PNG, JPEG, BMP, GIF via the `image` crate) -> [`Bitmap`].

use std::path::Path;

use image::{DynamicImage, ImageReader};

use super::{Bitmap, BitmapError, check_size};

/// How colour and grey pixels become wall or free.
///
/// A pixel's luminance (the `image` crate's Rec. 709 luma, 0-255) is first
/// composited over white by its alpha, so transparent pixels are always
/// free. The pixel is a wall when that value is `< threshold` (dark = wall),
/// or, with [`WallInk::Light`], when the inverted luminance composited over white is
/// `< threshold` (light = wall; transparent still free).
///
/// ```
/// let o = daedalus::bitmap::ThresholdOptions::default();
/// use daedalus::bitmap::{ThresholdOptions, WallInk};
/// let o = ThresholdOptions::default();
/// assert_eq!((o.threshold, o.walls), (128, WallInk::Dark));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThresholdOptions {
    /// Luminance below which a pixel is a wall (above, with
    /// [`WallInk::Light`]).
    pub threshold: u8,
    /// Which pixels are walls: dark ones (the default) or light ones.
    pub walls: WallInk,
}

/// Which pixels of an image are walls.
///
/// ```
/// use daedalus::bitmap::{ThresholdOptions, WallInk};
/// let white_on_black = ThresholdOptions { walls: WallInk::Light, ..Default::default() };
/// assert_ne!(white_on_black, ThresholdOptions::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WallInk {
    /// Dark pixels are walls (black on white).
    #[default]
    Dark,
    /// Light pixels are walls (white on black).
    Light,
}

impl Default for ThresholdOptions {
    fn default() -> Self {
        ThresholdOptions {
            threshold: 128,
            walls: WallInk::Dark,
        }
    }
}

impl ThresholdOptions {
    #[inline]
    fn wall(&self, luma: u8, alpha: u8) -> bool {
        let l = match self.walls {
            WallInk::Dark => luma,
            WallInk::Light => 255 - luma,
        } as u32;
        let a = alpha as u32;
        let over_white = (l * a + 255 * (255 - a) + 127) / 255;
        over_white < self.threshold as u32
    }
}

/// Thresholds a decoded image.
///
/// ```
/// use daedalus::bitmap::{ThresholdOptions, bitmap_from_image};
/// let img = image::DynamicImage::ImageLuma8(image::GrayImage::from_raw(2, 1, vec![0, 255]).unwrap());
/// let bm = bitmap_from_image(&img, &ThresholdOptions::default()).unwrap();
/// assert_eq!(bm.bits, vec![true, false]);
/// ```
pub fn bitmap_from_image(
    img: &DynamicImage,
    options: &ThresholdOptions,
) -> Result<Bitmap, BitmapError> {
    let (w, h) = (img.width() as u64, img.height() as u64);
    check_size(w, h)?;
    let bits: Vec<bool> = match img {
        DynamicImage::ImageLuma8(g) => g.as_raw().iter().map(|&l| options.wall(l, 255)).collect(),
        _ => {
            let la = img.to_luma_alpha8();
            la.as_raw()
                .chunks_exact(2)
                .map(|c| options.wall(c[0], c[1]))
                .collect()
        }
    };
    Bitmap::new(w as usize, h as usize, bits)
}

/// Reads and thresholds an image file. The size is checked from the header
/// before decoding (limit [`super::MAX_PIXELS`]).
///
/// ```
/// use daedalus::bitmap::{ThresholdOptions, load_bitmap};
/// let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
///     .join("tests/data/maps/dao/arena.png");
/// let bm = load_bitmap(&path, &ThresholdOptions::default()).unwrap();
/// assert_eq!((bm.width, bm.height, bm.black_count()), (49, 49, 347));
/// assert!(load_bitmap("no/such/file.png", &ThresholdOptions::default()).is_err());
/// ```
pub fn load_bitmap(
    path: impl AsRef<Path>,
    options: &ThresholdOptions,
) -> Result<Bitmap, BitmapError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let io = |source| BitmapError::Io {
        path: name.clone(),
        source,
    };
    let decode = |e: image::ImageError| BitmapError::Decode {
        path: name.clone(),
        message: e.to_string(),
    };
    let open = || -> Result<ImageReader<_>, BitmapError> {
        ImageReader::open(path)
            .map_err(io)?
            .with_guessed_format()
            .map_err(io)
    };
    read(open, decode, options)
}

/// Decodes and thresholds an image held in memory (an embedded asset, a
/// download). The size is checked from the header before decoding.
///
/// ```
/// use daedalus::bitmap::{ThresholdOptions, decode_bitmap};
/// let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/maps/dao/arena.png");
/// let bm = decode_bitmap(&std::fs::read(path).unwrap(), &ThresholdOptions::default()).unwrap();
/// assert_eq!((bm.width, bm.height, bm.black_count()), (49, 49, 347));
/// assert!(decode_bitmap(b"not an image", &ThresholdOptions::default()).is_err());
/// ```
pub fn decode_bitmap(bytes: &[u8], options: &ThresholdOptions) -> Result<Bitmap, BitmapError> {
    let decode = |e: image::ImageError| BitmapError::Decode {
        path: "(memory)".into(),
        message: e.to_string(),
    };
    let open = || -> Result<ImageReader<_>, BitmapError> {
        ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|source| BitmapError::Io {
                path: "(memory)".into(),
                source,
            })
    };
    read(open, decode, options)
}

/// Size check from the header, then decode and threshold.
fn read<R: std::io::BufRead + std::io::Seek>(
    open: impl Fn() -> Result<ImageReader<R>, BitmapError>,
    decode: impl Fn(image::ImageError) -> BitmapError,
    options: &ThresholdOptions,
) -> Result<Bitmap, BitmapError> {
    let (w, h) = open()?.into_dimensions().map_err(&decode)?;
    check_size(w as u64, h as u64)?;
    let img = open()?.decode().map_err(&decode)?;
    bitmap_from_image(&img, options)
}
