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
    let world = preview_world(kind)?;
    let mut scene = Scene::new(world.cdt().bounds()).ok()?;
    scene.show_legend(false);
    scene.mesh(&world.cdt().dump()).ok()?;
    for (_, e) in world.entities() {
        scene
            .entity(e.position(), e.radius(), daedalus::Point::new(1.0, 0.0))
            .ok()?;
    }
    Some(scene.to_svg())
}

fn fallback(kind: Kind) -> String {
    format!(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 160 120'><text x='10' y='60'>{}</text></svg>",
        kind.name()
    )
}
