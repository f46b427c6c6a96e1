//! SVG output: well-formed XML, one element per triangle and constraint,
//! coordinates as given, errors leave the scene unchanged.

use crate::support::render::{detour, square_in_square};
use daedalus::Closure;
use daedalus::Point;
use daedalus::render::{PolyStyle, RenderError, Scene};

fn group<'a>(doc: &'a roxmltree::Document, id: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no group {id}"))
}

fn children<'a>(n: roxmltree::Node<'a, 'a>, tag: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    n.children().filter(|c| c.has_tag_name(tag)).collect()
}

#[test]
fn one_polygon_per_triangle_and_one_line_per_constraint() {
    let dump = square_in_square();
    let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    s.title("square <in> square & co").mesh(&dump).unwrap();
    let svg = s.to_svg();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let tris = children(group(&doc, "triangles"), "polygon");
    assert_eq!(tris.len(), dump.triangles.len());
    // Each polygon lists exactly its triangle's corners, in world units.
    for (poly, t) in tris.iter().zip(&dump.triangles) {
        let got: Vec<f64> = poly
            .attribute("points")
            .unwrap()
            .split([' ', ','])
            .map(|v| v.parse().unwrap())
            .collect();
        let want: Vec<f64> = t.iter().flat_map(|&i| dump.vertices[i as usize]).collect();
        assert_eq!(got, want);
    }
    let walls = children(group(&doc, "walls"), "line");
    assert_eq!(walls.len(), dump.constrained.len());
    for (l, c) in walls.iter().zip(&dump.constrained) {
        let a = dump.vertices[c[0] as usize];
        let b = dump.vertices[c[1] as usize];
        let v = |k| l.attribute(k).unwrap().parse::<f64>().unwrap();
        assert_eq!(
            [v("x1"), v("y1"), v("x2"), v("y2")],
            [a[0], a[1], b[0], b[1]]
        );
    }
    // The title survives escaping (and wrapping into lines).
    let text: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        text.join(" ").contains("square <in> square & co"),
        "{text:?}"
    );
}

#[test]
fn canvas_size_matches_layout_and_world_transform() {
    let s = Scene::new(daedalus::Rect::new([100.0, 50.0], [300.0, 150.0])).unwrap();
    let l = s.layout();
    let svg = s.to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let w: f64 = root.attribute("width").unwrap().parse().unwrap();
    assert!((w - l.width).abs() < 0.01);
    // World (100, 50) lands at the origin: matrix(s 0 0 s tx ty) with
    // tx = origin.x - 100 s; the longer side (200) spans 1000 canvas units.
    let m: Vec<f64> = group(&doc, "world")
        .attribute("transform")
        .unwrap()
        .trim_start_matches("matrix(")
        .trim_end_matches(')')
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(m[0], 5.0);
    assert_eq!(m[4] + 100.0 * 5.0, l.origin.x);
    assert_eq!(m[5] + 50.0 * 5.0, l.origin.y);
}

#[test]
fn path_discs_markers_and_layers_are_counted() {
    let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    // Length 14, discs every 3.5: at 0, 3.5, 7, 10.5, 14 -> 5 discs.
    s.path_every(&detour(), 0.5, 3.5).unwrap();
    s.path(&detour(), 0.0).unwrap();
    let svg = s.to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(children(group(&doc, "discs-0"), "circle").len(), 5);
    assert_eq!(children(group(&doc, "disc-rims-0"), "circle").len(), 5);
    // Radius 0: no discs, its own colour group for the line.
    assert!(!svg.contains("id=\"discs-1\""));
    assert_eq!(children(group(&doc, "paths-1"), "polyline").len(), 1);
    assert_eq!(children(group(&doc, "starts"), "circle").len(), 2);
    assert_eq!(children(group(&doc, "goals"), "circle").len(), 2);
    // The legend names both radii with the hand-computed length 14.
    assert!(svg.contains("path r=0.5, length 14"));
    assert!(svg.contains("path r=0, length 14"));
}

#[test]
fn every_layer_kind_gives_a_well_formed_document() {
    let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    let tri = vec![
        Point::new(1.0, 1.0),
        Point::new(4.0, 1.0),
        Point::new(2.0, 3.0),
    ];
    s.mesh(&square_in_square())
        .unwrap()
        .vertices(&[Point::new(3.0, 3.0)])
        .unwrap()
        .polygons(std::slice::from_ref(&tri), PolyStyle::objects())
        .unwrap()
        .polygons(std::slice::from_ref(&tri), PolyStyle::traced())
        .unwrap()
        .walls(std::slice::from_ref(&tri), Closure::Closed)
        .unwrap()
        .rooms(&[tri.clone(), tri.clone()])
        .unwrap()
        .fov(&tri)
        .unwrap()
        .entity(Point::new(8.0, 8.0), 0.5, Point::new(0.0, -1.0))
        .unwrap();
    let svg = s.to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for id in [
        "triangles",
        "walls",
        "border",
        "vertices",
        "rooms-0",
        "rooms-1",
        "fov",
        "fov-fill",
        "entities",
        "legend",
    ] {
        group(&doc, id);
    }
    for label in [
        "objects (1)",
        "traced shapes (1)",
        "2 rooms",
        "field of view",
        "1 entity",
    ] {
        assert!(svg.contains(label), "legend lacks {label}");
    }
}

#[test]
fn widths_scale_with_the_world() {
    // The same picture at 1x and 100x world size has the same canvas widths.
    let stroke = |k: f64| {
        let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0 * k, 10.0 * k])).unwrap();
        let p: Vec<Point> = detour()
            .iter()
            .map(|p| Point::new(p.x * k, p.y * k))
            .collect();
        s.path(&p, 0.0).unwrap();
        let svg = s.to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let w = |id| -> f64 {
            group(&doc, id)
                .attribute("stroke-width")
                .unwrap()
                .parse()
                .unwrap()
        };
        let scale = s.layout().scale;
        (w("border") * scale, w("paths-0") * scale)
    };
    let (a, b) = (stroke(1.0), stroke(100.0));
    assert!(
        (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
        "{a:?} {b:?}"
    );
    assert!(a.0 >= 1.0 && a.1 >= 1.0);
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let mut s = Scene::new(daedalus::Rect::new([0.0, 0.0], [10.0, 10.0])).unwrap();
    s.mesh(&square_in_square()).unwrap();
    let before = s.to_svg();
    let mut bad = square_in_square();
    bad.triangles.push([0, 1, 99]);
    assert!(matches!(
        s.mesh(&bad),
        Err(RenderError::BadIndex { vertex: 99, .. })
    ));
    let nan = [Point::new(1.0, 1.0), Point::new(f64::NAN, 2.0)];
    assert!(matches!(
        s.path(&nan, 1.0),
        Err(RenderError::NonFinite { index: 1, .. })
    ));
    assert!(s.path(&detour(), f64::INFINITY).is_err());
    assert!(s.fov(&nan).is_err());
    assert!(s.rooms(&[vec![Point::new(0.0, 0.0)]]).is_err());
    assert!(
        s.entity(Point::new(f64::NAN, 0.0), 1.0, Point::new(1.0, 0.0))
            .is_err()
    );
    assert_eq!(s.to_svg(), before);
    for b in [
        [0.0, 0.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, -1.0],
        [f64::NEG_INFINITY, 0.0, 1.0, 1.0],
        [-f64::MAX, 0.0, f64::MAX, 1.0],
    ] {
        // fields set directly: `Rect::new` would sort an inverted pair
        let r = daedalus::Rect {
            min: [b[0], b[1]].into(),
            max: [b[2], b[3]].into(),
        };
        assert!(matches!(Scene::new(r), Err(RenderError::InvalidBounds(_))));
    }
}

#[test]
fn legend_sits_right_of_the_world_whatever_its_shape() {
    for b in [
        [0.0, 0.0, 1000.0, 10.0],
        [0.0, 0.0, 10.0, 1000.0],
        [-5.0, -5.0, 5.0, 5.0],
    ] {
        let mut s = Scene::new(daedalus::Rect::new([b[0], b[1]], [b[2], b[3]])).unwrap();
        s.title("a rather long title that has to wrap over several lines")
            .path(&[Point::new(b[0], b[1]), Point::new(b[2], b[3])], 0.0)
            .unwrap();
        let l = s.layout();
        let svg = s.to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let panel = children(group(&doc, "legend"), "rect")[0];
        let v = |k| panel.attribute(k).unwrap().parse::<f64>().unwrap();
        // World right edge in canvas units, from the documented layout.
        let world_right = l.origin.x + (b[2] - b[0]) * l.scale;
        assert!(
            v("x") >= world_right + 0.99 * daedalus::render::MARGIN,
            "{b:?}"
        );
        assert!(v("x") + v("width") <= l.width + 1e-9);
        assert!(v("y") + v("height") <= l.height + 1e-9);
        // Every legend text starts inside the panel.
        for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let x: f64 = t.attribute("x").unwrap().parse().unwrap();
            assert!(x >= v("x") && x < v("x") + v("width"));
        }
    }
}
