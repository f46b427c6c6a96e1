//! Hand-written SVG output of a [`Drawing`].

use std::fmt::Write;

use super::draw::{Drawing, Group, Shape, Space};
use crate::Point;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Canvas numbers: two decimals are plenty.
fn c(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// World numbers: shortest exact representation.
fn w(v: f64) -> String {
    format!("{v}")
}

fn style(g: &Group) -> String {
    let mut a = String::new();
    match g.fill {
        Some(f) => {
            let _ = write!(a, " fill=\"{}\"", f.to_svg());
            if f.a < 255 {
                // Opaque children under a group opacity: overlaps do not darken.
                let attr = if g.stroke.is_some() {
                    "fill-opacity"
                } else {
                    "opacity"
                };
                let _ = write!(a, " {attr}=\"{}\"", c(f.opacity()));
            }
        }
        None => a.push_str(" fill=\"none\""),
    }
    if let Some((s, width)) = g.stroke {
        let num = match g.space {
            Space::World => w(width),
            Space::Canvas => c(width),
        };
        let _ = write!(
            a,
            " stroke=\"{}\" stroke-width=\"{num}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"",
            s.to_svg()
        );
        if s.a < 255 {
            let attr = if g.fill.is_some() {
                "stroke-opacity"
            } else {
                "opacity"
            };
            let _ = write!(a, " {attr}=\"{}\"", c(s.opacity()));
        }
    }
    a
}

fn points(pts: &[Point], f: fn(f64) -> String) -> String {
    let mut s = String::with_capacity(pts.len() * 12);
    for (i, p) in pts.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{},{}", f(p.x), f(p.y));
    }
    s
}

fn shape(out: &mut String, sh: &Shape, f: fn(f64) -> String) {
    let _ = match sh {
        Shape::Polygon(p) => writeln!(out, "<polygon points=\"{}\"/>", points(p, f)),
        Shape::Polyline(p) => writeln!(out, "<polyline points=\"{}\"/>", points(p, f)),
        Shape::Line(a, b) => writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            f(a.x),
            f(a.y),
            f(b.x),
            f(b.y)
        ),
        Shape::Circle(p, r) => writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            f(p.x),
            f(p.y),
            f(*r)
        ),
        Shape::Rect(a, b) => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            f(a.x),
            f(a.y),
            f(b.x - a.x),
            f(b.y - a.y)
        ),
        Shape::Text(p, size, t) => writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
            f(p.x),
            f(p.y),
            // Our sizes are cap heights; fonts have caps of about 0.72 em.
            c(size / 0.72),
            esc(t)
        ),
    };
}

/// The SVG document of `d`.
pub(crate) fn write(d: &Drawing) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">",
        c(d.width),
        c(d.height)
    );
    let _ = writeln!(
        out,
        "<rect id=\"background\" width=\"100%\" height=\"100%\" fill=\"{}\"/>",
        super::palette::BACKGROUND.to_svg()
    );
    // World layers: y down in world and SVG alike, so scale + translate only.
    let _ = writeln!(
        out,
        "<g id=\"world\" transform=\"matrix({s} 0 0 {s} {} {})\">",
        w(d.origin.x - d.xmin * d.scale),
        w(d.origin.y - d.ymin * d.scale),
        s = w(d.scale)
    );
    let mut in_world = true;
    for g in &d.groups {
        if in_world && g.space == Space::Canvas {
            out.push_str("</g>\n");
            let _ = writeln!(
                out,
                "<g id=\"overlay\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">"
            );
            in_world = false;
        }
        let f = match g.space {
            Space::World => w,
            Space::Canvas => c,
        };
        let _ = writeln!(out, "<g id=\"{}\"{}>", esc(&g.id), style(g));
        for sh in &g.shapes {
            shape(&mut out, sh, f);
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n</svg>\n");
    out
}
