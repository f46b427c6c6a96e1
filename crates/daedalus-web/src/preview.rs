//! The index's pictures: each demo's starting world drawn by the library's
//! render module (SVG), made once.

use crate::demos::{Kind, preview_world};
use daedalus::render::Scene;
use std::sync::OnceLock;

static CACHE: [OnceLock<String>; 6] = [const { OnceLock::new() }; 6];

pub(crate) fn svg(kind: Kind) -> &'static str {
    let i = Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    CACHE[i].get_or_init(|| draw(kind).unwrap_or_else(|| fallback(kind)))
}

fn draw(kind: Kind) -> Option<String> {
    if kind == Kind::Bitmap {
        return traced_drawing();
    }
    let world = preview_world(kind)?;
    let mut scene = Scene::new(world.cdt().bounds()).ok()?;
    scene.hide_legend();
    scene.mesh(&world.cdt().dump()).ok()?;
    for (_, e) in world.entities() {
        scene
            .entity(e.position(), e.radius(), daedalus::Point::new(1.0, 0.0))
            .ok()?;
    }
    Some(scene.to_svg())
}

/// The bitmap card: a drawn ring and bar, traced and meshed by the
/// library (what SPACE does on the page before the shapes fall).
fn traced_drawing() -> Option<String> {
    use daedalus::bitmap::{Bitmap, TraceOptions, trace};
    let (w, h) = (160usize, 120usize);
    let bm = Bitmap::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f64 - 55.0, y as f64 - 60.0);
        let d = dx.hypot(dy);
        (20.0..34.0).contains(&d) || ((100..140).contains(&x) && (30..95).contains(&y))
    })
    .ok()?;
    let cdt = trace(&bm, &TraceOptions::default()).ok()?.to_cdt().ok()?;
    let mut scene = Scene::new(cdt.bounds()).ok()?;
    scene.hide_legend();
    scene.mesh(&cdt.dump()).ok()?;
    Some(scene.to_svg())
}

fn fallback(kind: Kind) -> String {
    format!(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 160 120'><text x='10' y='60'>{}</text></svg>",
        kind.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_is_a_drawn_world_not_the_fallback() {
        for &k in Kind::ALL.iter() {
            let s = svg(k);
            assert!(
                s.starts_with("<svg") || s.starts_with("<?xml"),
                "{}",
                k.name()
            );
            assert_ne!(s, fallback(k), "{} fell back to its name", k.name());
        }
    }
}
