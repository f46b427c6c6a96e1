//! Any finite input renders without panicking (SVG always, PNG with the
//! feature), however large, tiny or degenerate.

use daedalus::Closure;
use daedalus::Point;
use daedalus::mesh::MeshDump;
use daedalus::render::{PolyStyle, Scene};
use proptest::prelude::*;

fn coord() -> impl Strategy<Value = f64> {
    prop_oneof![
        -1e3..1e3f64,
        -1e15..1e15f64,
        Just(0.0),
        Just(1e-300),
        Just(f64::MAX / 4.0),
    ]
}

fn point() -> impl Strategy<Value = Point> {
    (coord(), coord()).prop_map(|(x, y)| Point::new(x, y))
}

fn radius() -> impl Strategy<Value = f64> {
    prop_oneof![0.0..10.0f64, Just(0.0), Just(1e300), Just(1e-300)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn any_finite_scene_renders(
        bounds in (coord(), coord(), 1e-6..1e6f64, 1e-6..1e6f64),
        pts in prop::collection::vec(point(), 3..12),
        r in radius(),
        every in prop_oneof![0.0..5.0f64, Just(1e-300)],
        title in "\\PC{0,60}",
    ) {
        let (x, y, w, h) = bounds;
        let Ok(mut s) = Scene::new(daedalus::Rect::new([x, y], [x + w, y + h])) else { return Ok(()); };
        let dump = MeshDump {
            vertices: pts.iter().map(|&p| p.into()).collect(),
            triangles: vec![[0, 1, 2]],
            constrained: vec![[0, 1]],
        };
        s.title(&title);
        s.mesh(&dump).unwrap();
        s.vertices(&pts).unwrap();
        s.polygons(std::slice::from_ref(&pts), PolyStyle::objects()).unwrap();
        s.walls(std::slice::from_ref(&pts), Closure::Open).unwrap();
        s.path_every(&pts, r, every).unwrap();
        s.path(&pts, r).unwrap();
        s.entity(pts[0], r, pts[1]).unwrap();
        s.fov(&pts).unwrap();
        s.rooms(std::slice::from_ref(&pts)).unwrap();
        let svg = s.to_svg();
        prop_assert!(roxmltree::Document::parse(&svg).is_ok());
        #[cfg(feature = "png")]
        prop_assert!(s.to_png(64).is_ok());
    }
}
