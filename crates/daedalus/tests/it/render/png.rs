//! PNG output: decodes (png crate) to the documented size; pixels at
//! hand-picked world points have the expected colours.

#![cfg(feature = "png")]

use crate::support::render::{detour, square_in_square};
use daedalus::Point;
use daedalus::render::{MARGIN, Rgba, Scene, WORLD_CANVAS, palette};

struct Image {
    w: u32,
    h: u32,
    rgba: Vec<u8>,
}

impl Image {
    fn decode(bytes: &[u8]) -> Image {
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        buf.truncate(info.buffer_size());
        Image {
            w: info.width,
            h: info.height,
            rgba: buf,
        }
    }
    fn at(&self, x: u32, y: u32) -> Rgba {
        let i = 4 * (y * self.w + x) as usize;
        let p = &self.rgba[i..i + 4];
        Rgba {
            r: p[0],
            g: p[1],
            b: p[2],
            a: p[3],
        }
    }
}

fn close(a: Rgba, b: Rgba) -> bool {
    [(a.r, b.r), (a.g, b.g), (a.b, b.b), (a.a, b.a)]
        .iter()
        .all(|&(x, y)| x.abs_diff(y) <= 6)
}

/// Pixel of a world point from the documented layout: the longer side
/// spans WORLD_CANVAS canvas units from (MARGIN, MARGIN), scaled by
/// width_px / canvas width.
fn pixel(canvas_width: f64, side: f64, width_px: u32, p: Point) -> (u32, u32) {
    let s = WORLD_CANVAS / side;
    let k = f64::from(width_px) / canvas_width;
    let x = (MARGIN + p.x * s) * k;
    let y = (MARGIN + p.y * s) * k;
    (x.floor() as u32, y.floor() as u32)
}

const W: u32 = 1600;

fn scene() -> Scene {
    let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    s.title("square in square")
        .mesh(&square_in_square())
        .unwrap()
        .path(&detour(), 0.5)
        .unwrap();
    s
}

#[test]
fn decodes_to_the_layout_size() {
    let s = scene();
    let l = s.layout();
    let img = Image::decode(&s.to_png(W).unwrap());
    assert_eq!(img.w, W);
    assert_eq!(img.h, (l.height * f64::from(W) / l.width).round() as u32);
    assert_eq!(img.rgba.len(), (img.w * img.h * 4) as usize);
}

#[test]
fn wall_fill_and_path_pixels_have_their_colours() {
    let s = scene();
    let cw = s.layout().width;
    let img = Image::decode(&s.to_png(W).unwrap());
    let px = |x, y| {
        let (i, j) = pixel(cw, 10.0, W, Point::new(x, y));
        img.at(i, j)
    };
    // Centre of the constrained edge (3,3)-(7,3).
    assert!(close(px(5.0, 3.0), palette::WALL), "{:?}", px(5.0, 3.0));
    // Centre of the right side of the obstacle, (7,3)-(7,7).
    assert!(close(px(7.0, 5.0), palette::WALL));
    // Centroid of triangle (0,0) (10,0) (7,3): over half a unit from any edge.
    assert!(
        close(px(17.0 / 3.0, 1.0), palette::FILL),
        "{:?}",
        px(17.0 / 3.0, 1.0)
    );
    // Centroid of the obstacle's triangle (3,3) (7,3) (7,7).
    assert!(close(px(17.0 / 3.0, 13.0 / 3.0), palette::FILL));
    // Middle of the first path leg (1.5, 1.5)-(1.5, 8.5).
    assert!(close(px(1.5, 5.0), palette::PATHS[0]), "{:?}", px(1.5, 5.0));
    // Middle of the second leg.
    assert!(close(px(5.0, 8.5), palette::PATHS[0]));
    // The start and goal markers.
    assert!(close(px(1.5, 1.5), palette::START));
    assert!(close(px(8.5, 8.5), palette::GOAL));
}

#[test]
fn legend_stays_in_the_margin() {
    let s = scene();
    let cw = s.layout().width;
    let img = Image::decode(&s.to_png(W).unwrap());
    let k = f64::from(W) / cw;
    // The strip between the world's right border and the legend is blank
    // from top to bottom, and so is the margin above the world.
    let x = ((MARGIN + WORLD_CANVAS + MARGIN / 2.0) * k) as u32;
    for y in 0..img.h {
        assert_eq!(img.at(x, y), palette::BACKGROUND, "pixel ({x}, {y})");
    }
    let y = (MARGIN / 3.0 * k) as u32;
    for x in 0..img.w {
        assert_eq!(img.at(x, y), palette::BACKGROUND);
    }
    // The legend panel exists to the right of that strip.
    let x = ((MARGIN + WORLD_CANVAS + MARGIN + 4.0) * k) as u32;
    let y = ((MARGIN + 4.0) * k) as u32;
    assert!(close(img.at(x, y), palette::PANEL));
}

#[test]
fn bad_sizes_are_errors() {
    let s = scene();
    assert!(s.to_png(0).is_err());
    assert!(s.to_png(100_000).is_err());
    // A very flat world at the largest width keeps its height >= 1 px.
    let flat = Scene::new(daedalus::Rect::new([0.0, 0.0], [1e6, 1.0])).unwrap();
    let img = Image::decode(&flat.to_png(64).unwrap());
    assert!(img.h >= 1);
}
