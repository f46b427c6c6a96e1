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
}

impl Px<'_> {
    fn pt(&self, space: Space, p: Point) -> (f32, f32) {
        let c = match space {
            Space::World => self.d.to_canvas(p),
            Space::Canvas => p,
        };
        ((c.x * self.k) as f32, (c.y * self.k) as f32)
    }
    fn len(&self, space: Space, l: f64) -> f32 {
        match space {
            Space::World => (l * self.d.scale * self.k) as f32,
            Space::Canvas => (l * self.k) as f32,
        }
    }
}

/// Adds one shape to a path; `fill` orients rings alike so a non-zero
/// fill is their union. Text is handled by the caller.
fn add(pb: &mut PathBuilder, px: &Px, space: Space, sh: &Shape, fill: bool) {
    let ring = |pb: &mut PathBuilder, pts: &[Point], close: bool| {
        let mut it: Vec<(f32, f32)> = pts.iter().map(|&p| px.pt(space, p)).collect();
        if fill && area2(pts) < 0.0 {
            it.reverse();
        }
        if let Some(&(x, y)) = it.first() {
            pb.move_to(x, y);
            for &(x, y) in &it[1..] {
                pb.line_to(x, y);
            }
            if close {
                pb.close();
            }
        }
    };
    match sh {
        Shape::Polygon(p) => ring(pb, p, true),
        Shape::Polyline(p) => ring(pb, p, false),
        Shape::Line(a, b) => ring(pb, &[*a, *b], false),
        Shape::Circle(c, r) => {
            let (x, y) = px.pt(space, *c);
            let r = px.len(space, *r);
            if r > 0.0 {
                pb.push_circle(x, y, r);
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
                pm.stroke_path(&path, &paint, &stroke_of(px.len(g.space, w)), id, None);
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
                pm.stroke_path(&path, &paint, &stroke_of(px.len(g.space, w)), id, None);
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
    let px = Px {
        d,
        k: f64::from(width_px) / d.width,
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
}
