//! PNG output of a [`Drawing`] with tiny-skia; text with the stroke font.

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::draw::{Drawing, Group, Shape, Space};
use super::{MAX_PX, RenderError, Rgba, font};
use crate::Point;

/// Shapes per tiny-skia path: bounds the size of one stroker run.
const CHUNK: usize = 4096;

fn color(c: Rgba) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a)
}

/// Twice the signed area of a ring.
pub(super) fn area2(pts: &[Point]) -> f64 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

struct Px<'a> {
    d: &'a Drawing,
    k: f64,
    /// Guard rectangle in pixels: geometry is clipped to it, because
    /// tiny-skia misbehaves on coordinates far outside the picture.
    guard: [f64; 4],
}

type P2 = (f64, f64);

impl Px<'_> {
    fn pt(&self, space: Space, p: Point) -> P2 {
        let c = match space {
            Space::World => self.d.to_canvas(p),
            Space::Canvas => p,
        };
        (c.x * self.k, c.y * self.k)
    }
    fn len(&self, space: Space, l: f64) -> f64 {
        match space {
            Space::World => l * self.d.scale * self.k,
            Space::Canvas => l * self.k,
        }
    }
    fn inside(&self, p: P2) -> bool {
        let [x0, y0, x1, y1] = self.guard;
        (x0..=x1).contains(&p.0) && (y0..=y1).contains(&p.1)
    }
}

/// Sutherland-Hodgman: the part of a ring inside the guard rectangle.
fn clip_ring(pts: &[P2], g: [f64; 4]) -> Vec<P2> {
    let mut out: Vec<P2> = pts.to_vec();
    // Each side as (axis, bound, keep-if-greater).
    for (axis, bound, greater) in [
        (0, g[0], true),
        (0, g[2], false),
        (1, g[1], true),
        (1, g[3], false),
    ] {
        let inp = std::mem::take(&mut out);
        let val = |p: &P2| if axis == 0 { p.0 } else { p.1 };
        let keep = |p: &P2| {
            if greater {
                val(p) >= bound
            } else {
                val(p) <= bound
            }
        };
        for i in 0..inp.len() {
            let (a, b) = (inp[i], inp[(i + 1) % inp.len()]);
            if keep(&a) {
                out.push(a);
            }
            if keep(&a) != keep(&b) {
                let t = (bound - val(&a)) / (val(&b) - val(&a));
                out.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
            }
        }
    }
    out
}

/// Liang-Barsky: the part of segment a-b inside the guard rectangle.
fn clip_seg(a: P2, b: P2, g: [f64; 4]) -> Option<(P2, P2)> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.0 - g[0]),
        (dx, g[2] - a.0),
        (-dy, a.1 - g[1]),
        (dy, g[3] - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then_some((
        (a.0 + dx * t0, a.1 + dy * t0),
        (a.0 + dx * t1, a.1 + dy * t1),
    ))
}

fn polyline(pb: &mut PathBuilder, pts: &[P2], close: bool) {
    if let Some(&(x, y)) = pts.first() {
        pb.move_to(x as f32, y as f32);
        for &(x, y) in &pts[1..] {
            pb.line_to(x as f32, y as f32);
        }
        if close {
            pb.close();
        }
    }
}

/// Circles larger than this (pixels) are drawn only when they cover the
/// whole picture (as a filled rectangle, outline dropped).
const MAX_RADIUS_PX: f64 = 1e6;

/// Adds one shape to a path; `fill` orients rings alike so a non-zero
/// fill is their union. Text is handled by the caller.
fn add(pb: &mut PathBuilder, px: &Px, space: Space, sh: &Shape, fill: bool) {
    let ring = |pb: &mut PathBuilder, pts: &[Point], close: bool| {
        let mut it: Vec<P2> = pts.iter().map(|&p| px.pt(space, p)).collect();
        if fill && area2(pts) < 0.0 {
            it.reverse();
        }
        if it.iter().all(|&p| px.inside(p)) {
            polyline(pb, &it, close);
        } else if fill {
            polyline(pb, &clip_ring(&it, px.guard), true);
        } else {
            // Segment by segment: round caps make the joins look the same.
            let n = it.len();
            let m = if close { n } else { n.saturating_sub(1) };
            for i in 0..m {
                if let Some((a, b)) = clip_seg(it[i], it[(i + 1) % n], px.guard) {
                    polyline(pb, &[a, b], false);
                }
            }
        }
    };
    match sh {
        Shape::Polygon(p) => ring(pb, p, true),
        Shape::Polyline(p) => ring(pb, p, false),
        Shape::Line(a, b) => ring(pb, &[*a, *b], false),
        Shape::Circle(c, rw) => {
            let (x, y) = px.pt(space, *c);
            let r = px.len(space, *rw);
            if r.is_nan() || r <= 0.0 {
                return;
            }
            let [x0, y0, x1, y1] = px.guard;
            if r <= x1 - x0 && px.inside((x, y)) {
                pb.push_circle(x as f32, y as f32, r as f32);
                return;
            }
            // Far or huge: the guard rectangle when the circle covers it,
            // else a polygon within a quarter pixel of the circle, clipped.
            let far = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                .iter()
                .map(|&(gx, gy)| (gx - x).hypot(gy - y))
                .fold(0.0, f64::max);
            if far <= r {
                if fill {
                    polyline(pb, &[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], true);
                }
            } else if r <= MAX_RADIUS_PX {
                let n = (std::f64::consts::PI / (0.5 / r).sqrt())
                    .ceil()
                    .clamp(64.0, 8192.0) as u32;
                let pts: Vec<Point> = (0..n)
                    .map(|i| {
                        let a = std::f64::consts::TAU * f64::from(i) / f64::from(n);
                        Point::new(c.x + a.cos() * rw, c.y + a.sin() * rw)
                    })
                    .collect();
                ring(pb, &pts, true);
            }
        }
        Shape::Rect(a, b) => ring(
            pb,
            &[*a, Point::new(b.x, a.y), *b, Point::new(a.x, b.y)],
            true,
        ),
        Shape::Text(..) => {}
    }
}

fn stroke_of(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

fn draw_group(pm: &mut Pixmap, px: &Px, g: &Group) {
    let mut paint = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    let id = Transform::identity();
    let texts: Vec<&Shape> = g
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Text(..)))
        .collect();
    // Fill, then stroke: the same order as SVG paints fill and stroke.
    for chunk in g.shapes.chunks(CHUNK) {
        if let Some(f) = g.fill {
            let mut pb = PathBuilder::new();
            for sh in chunk {
                add(&mut pb, px, g.space, sh, true);
            }
            if let Some(path) = pb.finish() {
                paint.set_color(color(f));
                pm.fill_path(&path, &paint, FillRule::Winding, id, None);
            }
        }
        if let Some((s, w)) = g.stroke {
            let mut pb = PathBuilder::new();
            for sh in chunk {
                add(&mut pb, px, g.space, sh, false);
            }
            if let Some(path) = pb.finish() {
                paint.set_color(color(s));
                pm.stroke_path(
                    &path,
                    &paint,
                    &stroke_of(px.len(g.space, w) as f32),
                    id,
                    None,
                );
            }
        }
    }
    // Text: the stroke font, in the group's fill colour.
    if let (Some(f), false) = (g.fill, texts.is_empty()) {
        paint.set_color(color(f));
        for t in texts {
            let Shape::Text(p, size, text) = t else {
                continue;
            };
            let (lines, w) = font::strokes(text, p.x, p.y, *size);
            let mut pb = PathBuilder::new();
            for l in &lines {
                let pts: Vec<Point> = l.iter().map(|&q| q.into()).collect();
                add(&mut pb, px, g.space, &Shape::Polyline(pts), false);
            }
            if let Some(path) = pb.finish() {
                pm.stroke_path(
                    &path,
                    &paint,
                    &stroke_of(px.len(g.space, w) as f32),
                    id,
                    None,
                );
            }
        }
    }
}

/// Renders `d` into a pixmap `width_px` wide.
pub(crate) fn render(d: &Drawing, width_px: u32) -> Result<Pixmap, RenderError> {
    let height = (d.height * f64::from(width_px) / d.width).round();
    let bad = || RenderError::BadSize {
        width: u64::from(width_px),
        height: height.max(0.0) as u64,
    };
    if width_px == 0 || width_px > MAX_PX || !(1.0..=f64::from(MAX_PX)).contains(&height) {
        return Err(bad());
    }
    let mut pm = Pixmap::new(width_px, height as u32).ok_or_else(bad)?;
    pm.fill(color(super::palette::BACKGROUND));
    let (w, h) = (f64::from(width_px), height);
    let margin = w.max(h);
    let px = Px {
        d,
        k: w / d.width,
        guard: [-margin, -margin, w + margin, h + margin],
    };
    for g in &d.groups {
        draw_group(&mut pm, &px, g);
    }
    Ok(pm)
}

/// PNG bytes of `d`, `width_px` wide.
pub(crate) fn encode(d: &Drawing, width_px: u32) -> Result<Vec<u8>, RenderError> {
    render(d, width_px)?
        .encode_png()
        .map_err(|e| RenderError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_area_of_a_square() {
        let sq = [
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
        ];
        assert_eq!(area2(&sq), 8.0);
        let rev: Vec<Point> = sq.iter().rev().copied().collect();
        assert_eq!(area2(&rev), -8.0);
    }

    #[test]
    fn clipping_by_hand() {
        let g = [0.0, 0.0, 10.0, 10.0];
        // A segment crossing the whole box keeps its line.
        let (a, b) = clip_seg((-10.0, 5.0), (20.0, 5.0), g).unwrap();
        assert_eq!((a, b), ((0.0, 5.0), (10.0, 5.0)));
        assert!(clip_seg((-5.0, -5.0), (-1.0, 20.0), g).is_none());
        // A triangle with one corner far out loses it to two cut points.
        let r = clip_ring(&[(2.0, 2.0), (8.0, 2.0), (5.0, 1e12)], g);
        assert!(r.iter().all(|p| p.1 <= 10.0 && p.1 >= 0.0));
        assert_eq!(r.len(), 4);
    }
}
