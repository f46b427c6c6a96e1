//! The demo's bitmap part: an embedded 1-bit picture decoded and traced by
//! the library, meshed and drawn beside its pixel outline.

use std::time::Instant;

use daedalus::Point;
use daedalus::bitmap::{Bitmap, ThresholdOptions, TraceOptions, decode_bitmap, trace};
use daedalus::render::{PolyStyle, Scene};

use super::out::Args;
use super::shapes::seg;
#[cfg(test)]
use super::shapes::{place, rect, star};
use crate::commands::render::{Walls, draw_world, save, walls_mesh};

/// The demo bitmap (drawn by [`draw_bitmap`], black = blocked).
const BITMAP_PNG: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/demo-bitmap.png"
));

#[cfg(test)]
fn inside(poly: &[Point], p: Point) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            c = !c;
        }
    }
    c
}

/// The generator of the embedded asset (checked by a test).
#[cfg(test)]
/// Draws the demo bitmap (96 x 64): a disc, a ring with a hole, a star,
/// a rotated bar, a wavy band and two squares touching at one corner.
pub fn draw_bitmap() -> Bitmap {
    let (w, h) = (96, 64);
    let star = place(&star(5, 13.0, 5.5), 0.0, Point::new(50.0, 19.0));
    let bar = place(&rect(26.0, 5.0), -0.5, Point::new(76.0, 44.0));
    Bitmap::from_fn(w, h, |x, y| {
        let p = Point::new(x as f64 + 0.5, y as f64 + 0.5);
        let d = |cx: f64, cy: f64| (p.x - cx).hypot(p.y - cy);
        let wave = (p.y - (52.0 + 4.0 * (p.x / 6.0).sin())).abs() < 2.5 && p.x < 50.0;
        let pinch = ((83.0..88.0).contains(&p.x) && (6.0..11.0).contains(&p.y))
            || ((88.0..93.0).contains(&p.x) && (11.0..16.0).contains(&p.y));
        d(16.0, 17.0) < 10.0 && d(16.0, 17.0) > 5.0
            || d(33.0, 38.0) < 6.5
            || inside(&star, p)
            || inside(&bar, p)
            || wave
            || pinch
    })
    .expect("a 96 x 64 bitmap")
}

#[cfg(test)]
/// Encodes a bitmap as a 1-bit greyscale PNG (white = 1).
pub fn encode_bitmap(b: &Bitmap) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, b.width as u32, b.height as u32);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::One);
        let mut wr = enc.write_header().map_err(|e| e.to_string())?;
        let row = b.width.div_ceil(8);
        let mut data = vec![0u8; row * b.height];
        for y in 0..b.height {
            for x in 0..b.width {
                if !b.get(x as i64, y as i64) {
                    data[y * row + x / 8] |= 0x80 >> (x % 8);
                }
            }
        }
        wr.write_image_data(&data).map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// The outlines of the black regions traced by the bitmap module
/// (Potrace-style, default options: 1 px tolerance; smaller ones follow
/// the pixel staircase of the slanted bar).
pub fn trace_bitmap(b: &Bitmap) -> Result<Vec<Vec<Point>>, String> {
    let t = trace(b, &TraceOptions::default()).map_err(|e| e.to_string())?;
    Ok(t.polygons.into_iter().map(|p| p.points).collect())
}

/// The exact pixel outline: every boundary between a black and a white
/// pixel (or the image edge), merged into maximal straight segments.
pub fn pixel_outline(b: &Bitmap) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    let (w, h) = (b.width as i64, b.height as i64);
    for y in 0..=h {
        let mut run: Option<i64> = None;
        for x in 0..=w {
            let edge = x < w && b.get(x, y - 1) != b.get(x, y);
            match (edge, run) {
                (true, None) => run = Some(x),
                (false, Some(x0)) => {
                    out.push(seg(x0 as f64, y as f64, x as f64, y as f64));
                    run = None;
                }
                _ => {}
            }
        }
    }
    for x in 0..=w {
        let mut run: Option<i64> = None;
        for y in 0..=h {
            let edge = y < h && b.get(x - 1, y) != b.get(x, y);
            match (edge, run) {
                (true, None) => run = Some(y),
                (false, Some(y0)) => {
                    out.push(seg(x as f64, y0 as f64, x as f64, y as f64));
                    run = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// The black pixels as one rectangle per horizontal run.
pub fn pixel_runs(b: &Bitmap) -> Vec<Vec<Point>> {
    let mut out = Vec::new();
    for y in 0..b.height as i64 {
        let mut x = 0;
        while x < b.width as i64 {
            if !b.get(x, y) {
                x += 1;
                continue;
            }
            let x0 = x;
            while b.get(x, y) {
                x += 1;
            }
            let (x0, x1, y0, y1) = (x0 as f64, x as f64, y as f64, y as f64 + 1.0);
            out.push(vec![
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ]);
        }
    }
    out
}

/// The bitmap part: the embedded bitmap, traced (or outlined pixel by pixel),
/// meshed and drawn.
pub fn part_bitmap(args: &Args) -> Result<(), String> {
    let t = Instant::now();
    let bmp = decode_bitmap(BITMAP_PNG, &ThresholdOptions::default())
        .map_err(|e| format!("bitmap: {e}"))?;
    let bounds = [0.0, 0.0, bmp.width as f64, bmp.height as f64];
    let walls = Walls {
        bounds,
        rings: trace_bitmap(&bmp)?,
        chains: Vec::new(),
    };
    let how = "traced polygons (1 px tolerance)";
    let trace = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mesh = walls_mesh(&walls)?;
    let build = t.elapsed().as_secs_f64();
    let mut scene = Scene::new(crate::world::rect(bounds)).map_err(|e| e.to_string())?;
    scene.title(&format!("demo bitmap {} x {} px", bmp.width, bmp.height));
    draw_world(&mut scene, &walls, Some(&mesh), false)?;
    scene
        .polygons(
            &pixel_runs(&bmp),
            PolyStyle::filled(
                daedalus::render::palette::WALL.alpha(0.3),
                "black pixel runs",
            ),
        )
        .map_err(|e| e.to_string())?;
    if !walls.rings.is_empty() {
        scene
            .polygons(&walls.rings, PolyStyle::traced())
            .map_err(|e| e.to_string())?;
    }
    let png = save(&scene, &args.out.join("bitmap.png"), args.width)?;
    let blacks = bmp.black_count();
    let what = format!(
        "{} triangles in {:.2} ms",
        mesh.triangles.len(),
        build * 1e3
    );
    let pixel_segments = pixel_outline(&bmp).len();
    let corners: usize = walls.rings.iter().map(Vec::len).sum();
    println!(
        "bitmap: {} x {} px, {blacks} black -> {} {how} ({corners} vertices; the pixel outline has {pixel_segments} segments) in {:.2} ms -> {what}; picture {png}",
        bmp.width,
        bmp.height,
        walls.rings.len(),
        trace * 1e3
    );
    Ok(())
}

/// Where the embedded bitmap lives in the source tree.
#[cfg(test)]
fn bitmap_asset_path() -> &'static std::path::Path {
    std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demo-bitmap.png"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed asset is exactly the drawing (regenerate it with
    /// `DAEDALUS_WRITE_ASSETS=1 cargo test -p daedalus-cli demo::`).
    #[test]
    fn embedded_bitmap_is_the_drawing() {
        let drawn = draw_bitmap();
        if std::env::var_os("DAEDALUS_WRITE_ASSETS").is_some() {
            std::fs::write(bitmap_asset_path(), encode_bitmap(&drawn).unwrap()).unwrap();
        }
        assert_eq!(
            decode_bitmap(BITMAP_PNG, &ThresholdOptions::default()).unwrap(),
            drawn
        );
    }

    #[test]
    fn pixel_outline_of_one_pixel_is_its_four_sides() {
        let b = Bitmap::new(3, 3, (0..9).map(|i| i == 4).collect()).unwrap();
        let mut segs: Vec<[f64; 4]> = pixel_outline(&b)
            .iter()
            .map(|s| [s[0].x, s[0].y, s[1].x, s[1].y])
            .collect();
        segs.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(
            segs,
            vec![
                [1.0, 1.0, 1.0, 2.0],
                [1.0, 1.0, 2.0, 1.0],
                [1.0, 2.0, 2.0, 2.0],
                [2.0, 1.0, 2.0, 2.0],
            ]
        );
    }

    #[test]
    fn pixel_outline_merges_runs() {
        // A 4 x 1 black bar inside a 6 x 3 image: 2 long + 2 short sides.
        let b = Bitmap::new(6, 3, (0..18).map(|i| (7..11).contains(&i)).collect()).unwrap();
        let o = pixel_outline(&b);
        assert_eq!(o.len(), 4);
        let total: f64 = o
            .iter()
            .map(|s| (s[1].x - s[0].x) + (s[1].y - s[0].y))
            .sum();
        assert_eq!(total, 10.0);
    }
}
