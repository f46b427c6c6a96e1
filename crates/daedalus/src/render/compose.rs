//! Composition of a [`Scene`] into a [`Drawing`]: sizes, painting
//! order, the legend and its layout.

use super::draw::{Drawing, Group, Shape, Space};
use super::{
    GAP, LINE, Layer, Layout, MARGIN, MIN_LEGEND_W, PAD, Rgba, SWATCH_H, SWATCH_W, Scene, TEXT,
    TITLE, WORLD_CANVAS, font, palette,
};
use crate::Point;

/// "1 entity", "2 entities".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Length with a few significant digits, for labels.
fn num(v: f64) -> String {
    let s = if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Largest of 1, 2, 5 x 10^k not above `x`.
fn nice_floor(x: f64) -> f64 {
    let p = 10f64.powf(x.log10().floor());
    [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&v| v <= x)
        .unwrap_or(p)
}

enum Swatch {
    Fill(Rgba, Option<Rgba>),
    Line(Rgba, f64),
    Dot(Rgba),
}

struct Entry {
    swatch: Swatch,
    label: String,
}

/// Line widths and marker sizes in world units.
struct Metrics {
    edge: f64,
    wall: f64,
    vertex: f64,
    path: f64,
    outline: f64,
    marker: f64,
    entity_min: f64,
}

impl Scene {
    fn metrics(&self) -> Metrics {
        let [x0, y0, x1, y1] = self.bounds;
        let u = (x1 - x0).max(y1 - y0) / WORLD_CANVAS;
        // Typical feature size: median triangle edge length.
        let mut lens: Vec<f64> = self
            .triangles
            .iter()
            .flat_map(|t| {
                [
                    t[0].distance(t[1]),
                    t[1].distance(t[2]),
                    t[2].distance(t[0]),
                ]
            })
            .filter(|l| *l > 0.0)
            .collect();
        let d = if lens.is_empty() {
            f64::INFINITY
        } else {
            let m = lens.len() / 2;
            *lens.select_nth_unstable_by(m, f64::total_cmp).1
        };
        let fit = |nominal: f64, frac: f64, floor: f64| (nominal * u).min(frac * d).max(floor * u);
        Metrics {
            edge: fit(0.8, 0.06, 0.3),
            wall: fit(3.0, 0.3, 1.0),
            vertex: fit(3.2, 0.15, 0.8),
            path: fit(2.6, 0.3, 1.2),
            outline: fit(1.2, 0.1, 0.5),
            marker: 6.0 * u,
            entity_min: 3.0 * u,
        }
    }

    /// Colour index per path, by order of first appearance of its radius.
    fn path_radii(&self) -> Vec<f64> {
        let mut radii: Vec<f64> = Vec::new();
        for l in &self.layers {
            if let Layer::Path { radius, .. } = l
                && !radii.contains(radius)
            {
                radii.push(*radius);
            }
        }
        radii
    }

    fn entries(&self) -> Vec<Entry> {
        let mut e = Vec::new();
        let count = |f: &dyn Fn(&Layer) -> usize| self.layers.iter().map(f).sum::<usize>();
        if self.has_mesh {
            e.push(Entry {
                swatch: Swatch::Fill(palette::FILL, Some(palette::EDGE)),
                label: plural(self.triangles.len(), "triangle", "triangles"),
            });
        } else {
            e.push(Entry {
                swatch: Swatch::Fill(palette::FILL, Some(palette::EDGE)),
                label: "free space".into(),
            });
        }
        let walls = count(&|l| match l {
            Layer::Walls(c, _) => c.len(),
            _ => 0,
        });
        let label = match (self.has_mesh, walls) {
            (true, 0) => plural(
                self.constrained.len(),
                "constrained edge",
                "constrained edges",
            ),
            (true, n) => format!(
                "{}, {}",
                plural(
                    self.constrained.len(),
                    "constrained edge",
                    "constrained edges"
                ),
                plural(n, "wall", "walls")
            ),
            (false, 0) => "border".into(),
            (false, n) => plural(n, "wall", "walls"),
        };
        e.push(Entry {
            swatch: Swatch::Line(palette::WALL, 4.0),
            label,
        });
        let rooms = count(&|l| match l {
            Layer::Rooms(r) => r.len(),
            _ => 0,
        });
        if rooms > 0 {
            e.push(Entry {
                swatch: Swatch::Fill(palette::ROOMS[0], Some(palette::ROOMS[2])),
                label: plural(rooms, "room", "rooms"),
            });
        }
        for l in &self.layers {
            if let Layer::Polygons(shapes, style) = l {
                let swatch = match (style.fill, style.stroke) {
                    (Some(f), s) => Swatch::Fill(f, s),
                    (None, Some(s)) => Swatch::Line(s, 2.0),
                    (None, None) => continue,
                };
                e.push(Entry {
                    swatch,
                    label: format!("{} ({})", style.label, shapes.len()),
                });
            }
        }
        let fovs = count(&|l| usize::from(matches!(l, Layer::Fov(_))));
        if fovs > 0 {
            e.push(Entry {
                swatch: Swatch::Fill(palette::FOV_FILL.alpha(0.45), Some(palette::FOV_STROKE)),
                label: if fovs == 1 {
                    "field of view".into()
                } else {
                    format!("{fovs} fields of view")
                },
            });
        }
        let verts = count(&|l| match l {
            Layer::Vertices(v) => v.len(),
            _ => 0,
        });
        if verts > 0 {
            e.push(Entry {
                swatch: Swatch::Dot(palette::VERTEX),
                label: plural(verts, "vertex", "vertices"),
            });
        }
        let radii = self.path_radii();
        for (k, r) in radii.iter().enumerate() {
            let paths: Vec<&Vec<Point>> = self
                .layers
                .iter()
                .filter_map(|l| match l {
                    Layer::Path { points, radius, .. } if radius == r => Some(points),
                    _ => None,
                })
                .collect();
            let label = if paths.len() == 1 {
                let len: f64 = paths[0].windows(2).map(|w| w[0].distance(w[1])).sum();
                format!("path r={}, length {}", num(*r), num(len))
            } else {
                format!("{} paths r={}", paths.len(), num(*r))
            };
            e.push(Entry {
                swatch: Swatch::Line(palette::PATHS[k % palette::PATHS.len()], 3.0),
                label,
            });
        }
        if !radii.is_empty() {
            e.push(Entry {
                swatch: Swatch::Dot(palette::START),
                label: "start".into(),
            });
            e.push(Entry {
                swatch: Swatch::Dot(palette::GOAL),
                label: "goal".into(),
            });
        }
        let ents = count(&|l| usize::from(matches!(l, Layer::Entity { .. })));
        if ents > 0 {
            e.push(Entry {
                swatch: Swatch::Fill(palette::ENTITY.alpha(0.3), Some(palette::ENTITY)),
                label: plural(ents, "entity", "entities"),
            });
        }
        e
    }

    /// Legend panel size (canvas units) for these entries.
    fn legend_size(&self, entries: &[Entry], bar_label: &str, bar: f64) -> (f64, f64) {
        if !self.legend {
            return (0.0, 0.0);
        }
        // The title wraps, so only entries set the width.
        let mut w = SWATCH_W + GAP + font::text_width(bar_label, TEXT);
        w = w.max(bar);
        for e in entries {
            w = w.max(SWATCH_W + GAP + font::text_width(&e.label, TEXT));
        }
        let w = (w + 2.0 * PAD).max(MIN_LEGEND_W);
        let lines = self.title_lines(w - 2.0 * PAD).len() as f64;
        let h = PAD
            + lines * (TITLE + 0.9 * LINE - TEXT)
            + entries.len() as f64 * LINE
            + 1.6 * LINE
            + PAD;
        (w, h)
    }

    /// The title broken into lines at most `max_w` wide (a longer word
    /// keeps a line of its own).
    fn title_lines(&self, max_w: f64) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let Some(t) = &self.title else {
            return lines;
        };
        for word in t.split_whitespace() {
            match lines.last_mut() {
                Some(l) if font::text_width(&format!("{l} {word}"), TITLE) <= max_w => {
                    l.push(' ');
                    l.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
        lines
    }

    fn scale_bar(&self) -> (f64, String) {
        let [x0, y0, x1, y1] = self.bounds;
        let side = (x1 - x0).max(y1 - y0);
        let len = nice_floor(side / 6.0);
        let unit = if len == 1.0 { "unit" } else { "units" };
        (len, format!("{} {unit}, y down", num(len)))
    }

    /// Where the world and the legend go on the canvas.
    ///
    /// ```
    /// use daedalus::render::{Scene, MARGIN, WORLD_CANVAS};
    /// let l = Scene::new(daedalus::Rect::new([0.0, 0.0], [100.0, 100.0])).unwrap().layout();
    /// assert!(l.width > WORLD_CANVAS + 2.0 * MARGIN); // legend on the right
    /// ```
    pub fn layout(&self) -> Layout {
        let entries = self.entries();
        let (bar_len, bar_label) = self.scale_bar();
        self.layout_with(&entries, bar_len, &bar_label)
    }

    fn layout_with(&self, entries: &[Entry], bar_len: f64, bar_label: &str) -> Layout {
        let [x0, y0, x1, y1] = self.bounds;
        let scale = WORLD_CANVAS / (x1 - x0).max(y1 - y0);
        let (ww, wh) = ((x1 - x0) * scale, (y1 - y0) * scale);
        let (lw, lh) = self.legend_size(entries, bar_label, bar_len * scale);
        let width = if self.legend {
            MARGIN + ww + MARGIN + lw + MARGIN
        } else {
            MARGIN + ww + MARGIN
        };
        Layout {
            width,
            height: (2.0 * MARGIN + wh).max(2.0 * MARGIN + lh),
            scale,
            origin: Point::new(MARGIN, MARGIN),
            xmin: x0,
            ymin: y0,
        }
    }

    pub(super) fn compose(&self) -> Drawing {
        let m = self.metrics();
        let entries = self.entries();
        let (bar_len, bar_label) = self.scale_bar();
        let lay = self.layout_with(&entries, bar_len, &bar_label);
        let [x0, y0, x1, y1] = self.bounds;
        let (lo, hi) = (Point::new(x0, y0), Point::new(x1, y1));
        let mut g: Vec<Group> = Vec::new();
        let w = Space::World;

        // Free space.
        if self.has_mesh {
            let mut t = Group::new("triangles", w)
                .fill(palette::FILL)
                .stroke(palette::EDGE, m.edge);
            t.shapes = self
                .triangles
                .iter()
                .map(|t| Shape::Polygon(t.to_vec()))
                .collect();
            g.push(t);
        } else {
            let mut t = Group::new("space", w).fill(palette::FILL);
            t.shapes.push(Shape::Rect(lo, hi));
            g.push(t);
        }
        // Rooms, one group per colour.
        let rooms: Vec<&Vec<Point>> = self
            .layers
            .iter()
            .filter_map(|l| match l {
                Layer::Rooms(r) => Some(r.iter()),
                _ => None,
            })
            .flatten()
            .collect();
        for (k, c) in palette::ROOMS.iter().enumerate() {
            let mut r = Group::new(&format!("rooms-{k}"), w).fill(c.alpha(0.7));
            r.shapes = rooms
                .iter()
                .skip(k)
                .step_by(palette::ROOMS.len())
                .map(|p| Shape::Polygon(p.to_vec()))
                .collect();
            if !r.shapes.is_empty() {
                g.push(r);
            }
        }
        // Polygons: translucent fill, then outline.
        for (i, l) in self.layers.iter().enumerate() {
            let Layer::Polygons(shapes, style) = l else {
                continue;
            };
            if let (Some(f), true) = (style.fill, style.closed) {
                let mut fg = Group::new(&format!("polygons-{i}-fill"), w).fill(f);
                // A 2-point closed shape (a traced sliver) has nothing to fill.
                fg.shapes = shapes
                    .iter()
                    .filter(|s| s.len() >= 3)
                    .map(|s| Shape::Polygon(s.clone()))
                    .collect();
                g.push(fg);
            }
            let Some(stroke) = style.stroke else {
                continue;
            };
            let mut sg = Group::new(&format!("polygons-{i}"), w).stroke(stroke, m.outline);
            sg.shapes = shapes
                .iter()
                .map(|s| {
                    if style.closed {
                        Shape::Polygon(s.clone())
                    } else {
                        Shape::Polyline(s.clone())
                    }
                })
                .collect();
            g.push(sg);
        }
        // Fields of view.
        let fovs: Vec<Shape> = self
            .layers
            .iter()
            .filter_map(|l| match l {
                Layer::Fov(p) => Some(Shape::Polygon(p.clone())),
                _ => None,
            })
            .collect();
        if !fovs.is_empty() {
            let mut f = Group::new("fov-fill", w).fill(palette::FOV_FILL.alpha(0.4));
            f.shapes = fovs.clone();
            g.push(f);
            let mut s = Group::new("fov", w).stroke(palette::FOV_STROKE.alpha(0.8), m.outline);
            s.shapes = fovs;
            g.push(s);
        }
        // Walls: constrained edges, wall layers and the border.
        let mut walls = Group::new("walls", w).stroke(palette::WALL, m.wall);
        walls.shapes = self
            .constrained
            .iter()
            .map(|c| Shape::Line(c[0], c[1]))
            .collect();
        g.push(walls);
        let mut chains = Group::new("wall-chains", w).stroke(palette::WALL, m.wall);
        for l in &self.layers {
            if let Layer::Walls(cs, closed) = l {
                chains.shapes.extend(cs.iter().map(|c| {
                    if *closed {
                        Shape::Polygon(c.clone())
                    } else {
                        Shape::Polyline(c.clone())
                    }
                }));
            }
        }
        if !chains.shapes.is_empty() {
            g.push(chains);
        }
        let mut border = Group::new("border", w).stroke(palette::WALL, m.wall);
        border.shapes.push(Shape::Rect(lo, hi));
        g.push(border);
        // Vertices.
        let mut verts = Group::new("vertices", w).fill(palette::VERTEX);
        for l in &self.layers {
            if let Layer::Vertices(v) = l {
                verts
                    .shapes
                    .extend(v.iter().map(|&p| Shape::Circle(p, m.vertex)));
            }
        }
        if !verts.shapes.is_empty() {
            g.push(verts);
        }
        // Paths: per radius discs, disc outlines, lines; then markers.
        let radii = self.path_radii();
        let (mut starts, mut goals) = (
            Group::new("starts", w)
                .fill(palette::START)
                .stroke(palette::BACKGROUND, m.outline),
            Group::new("goals", w)
                .fill(palette::GOAL)
                .stroke(palette::BACKGROUND, m.outline),
        );
        for (k, r) in radii.iter().enumerate() {
            let c = palette::PATHS[k % palette::PATHS.len()];
            let mut discs = Group::new(&format!("discs-{k}"), w).fill(c.alpha(0.13));
            let mut rims = Group::new(&format!("disc-rims-{k}"), w).stroke(c.alpha(0.5), m.outline);
            let mut lines = Group::new(&format!("paths-{k}"), w).stroke(c, m.path);
            for l in &self.layers {
                let Layer::Path {
                    points,
                    radius,
                    every,
                } = l
                else {
                    continue;
                };
                if radius != r {
                    continue;
                }
                let len: f64 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
                let every = every.unwrap_or((3.0 * r).max(len / 24.0));
                if *r > 0.0 && every > 0.0 {
                    for p in sample(points, every) {
                        discs.shapes.push(Shape::Circle(p, *r));
                        rims.shapes.push(Shape::Circle(p, *r));
                    }
                }
                if points.len() >= 2 {
                    lines.shapes.push(Shape::Polyline(points.clone()));
                }
                starts.shapes.push(Shape::Circle(points[0], m.marker));
                goals
                    .shapes
                    .push(Shape::Circle(points[points.len() - 1], m.marker));
            }
            for grp in [discs, rims, lines] {
                if !grp.shapes.is_empty() {
                    g.push(grp);
                }
            }
        }
        if !starts.shapes.is_empty() {
            g.push(starts);
            g.push(goals);
        }
        // Entities.
        let mut ef = Group::new("entities-fill", w).fill(palette::ENTITY.alpha(0.3));
        let mut es = Group::new("entities", w).stroke(palette::ENTITY, m.outline * 1.5);
        for l in &self.layers {
            if let Layer::Entity { pos, radius, dir } = l {
                let r = radius.max(m.entity_min);
                ef.shapes.push(Shape::Circle(*pos, r));
                es.shapes.push(Shape::Circle(*pos, r));
                let n = dir.x.hypot(dir.y);
                if n > 0.0 && n.is_finite() {
                    let tip = Point::new(pos.x + dir.x / n * r * 1.6, pos.y + dir.y / n * r * 1.6);
                    es.shapes.push(Shape::Line(*pos, tip));
                }
            }
        }
        if !ef.shapes.is_empty() {
            g.push(ef);
            g.push(es);
        }
        if self.legend {
            self.compose_legend(&mut g, &lay, &entries, bar_len, &bar_label);
        }
        Drawing {
            width: lay.width,
            height: lay.height,
            scale: lay.scale,
            origin: lay.origin,
            xmin: x0,
            ymin: y0,
            groups: g,
        }
    }

    fn compose_legend(
        &self,
        g: &mut Vec<Group>,
        lay: &Layout,
        entries: &[Entry],
        bar_len: f64,
        bar_label: &str,
    ) {
        let c = Space::Canvas;
        let [x0, _, x1, _] = self.bounds;
        let left = MARGIN + (x1 - x0) * lay.scale + MARGIN;
        let (lw, lh) = self.legend_size(entries, bar_label, bar_len * lay.scale);
        let mut panel = Group::new("legend", c)
            .fill(palette::PANEL)
            .stroke(palette::PANEL_STROKE, 1.0);
        panel.shapes.push(Shape::Rect(
            Point::new(left, MARGIN),
            Point::new(left + lw, MARGIN + lh),
        ));
        g.push(panel);
        let mut text = Group::new("legend-text", c).fill(palette::TEXT);
        let x = left + PAD;
        let mut y = MARGIN + PAD;
        for t in self.title_lines(lw - 2.0 * PAD) {
            text.shapes
                .push(Shape::Text(Point::new(x, y + TITLE), TITLE, t));
            y += TITLE + 0.9 * LINE - TEXT;
        }
        for (i, e) in entries.iter().enumerate() {
            let mid = y + LINE / 2.0;
            let (a, b) = (
                Point::new(x, mid - SWATCH_H / 2.0),
                Point::new(x + SWATCH_W, mid + SWATCH_H / 2.0),
            );
            let id = format!("legend-swatch-{i}");
            let sw = match e.swatch {
                Swatch::Fill(f, s) => {
                    let mut grp = Group::new(&id, c).fill(f);
                    if let Some(s) = s {
                        grp = grp.stroke(s, 1.5);
                    }
                    grp.shapes.push(Shape::Rect(a, b));
                    grp
                }
                Swatch::Line(col, width) => {
                    let mut grp = Group::new(&id, c).stroke(col, width);
                    grp.shapes.push(Shape::Line(
                        Point::new(a.x + 2.0, mid),
                        Point::new(b.x - 2.0, mid),
                    ));
                    grp
                }
                Swatch::Dot(col) => {
                    let mut grp = Group::new(&id, c).fill(col);
                    grp.shapes
                        .push(Shape::Circle(Point::new(x + SWATCH_W / 2.0, mid), 5.5));
                    grp
                }
            };
            g.push(sw);
            text.shapes.push(Shape::Text(
                Point::new(x + SWATCH_W + GAP, mid + TEXT / 2.0),
                TEXT,
                e.label.clone(),
            ));
            y += LINE;
        }
        // Scale bar with end ticks, then its label.
        let bl = bar_len * lay.scale;
        let by = y + 0.45 * LINE;
        let mut bar = Group::new("legend-scale", c).stroke(palette::TEXT, 2.0);
        bar.shapes.push(Shape::Polyline(vec![
            Point::new(x, by - 5.0),
            Point::new(x, by),
            Point::new(x + bl, by),
            Point::new(x + bl, by - 5.0),
        ]));
        g.push(bar);
        text.shapes.push(Shape::Text(
            Point::new(x, by + 7.0 + TEXT),
            TEXT,
            bar_label.to_string(),
        ));
        g.push(text);
    }
}

/// Points every `every` units of arc length along a polyline, plus its end.
fn sample(points: &[Point], every: f64) -> Vec<Point> {
    let mut out = vec![points[0]];
    let mut next = every;
    let mut done = 0.0;
    for w in points.windows(2) {
        let l = w[0].distance(w[1]);
        while l > 0.0 && next <= done + l && out.len() < 10_000 {
            let t = (next - done) / l;
            out.push(Point::new(
                w[0].x + (w[1].x - w[0].x) * t,
                w[0].y + (w[1].y - w[0].y) * t,
            ));
            next += every;
        }
        done += l;
    }
    let last = points[points.len() - 1];
    // The goal, unless a sample already sits (almost) there.
    if out.len() == 1 || (out[out.len() - 1]).distance(last) > every * 0.25 {
        out.push(last);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_spacing_on_a_straight_line() {
        let pts = [Point::new(0.0, 0.0), Point::new(10.0, 0.0)];
        let s = sample(&pts, 3.0);
        let xs: Vec<f64> = s.iter().map(|p| p.x).collect();
        assert_eq!(xs, vec![0.0, 3.0, 6.0, 9.0, 10.0]);
        // A sample at the end is not doubled.
        let s = sample(&pts, 5.0);
        assert_eq!(s.len(), 3);
    }

    #[test]
    fn nice_numbers() {
        assert_eq!(nice_floor(8.16), 5.0);
        assert_eq!(nice_floor(166.0), 100.0);
        assert_eq!(nice_floor(0.3), 0.2);
        assert_eq!(num(64.152), "64.2");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(200.0), "200");
    }
}
