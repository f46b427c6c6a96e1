//! The dungeon generator step by step (each checked against a hand-worked
//! or recomputed truth), its typed errors, and its determinism.

use daedalus::Point;
use daedalus::dungeon::{
    Dungeon, DungeonError, DungeonParams, MAX_EXTENT, MAX_GRID_POINTS, dual, generate, points,
    room_graph, rooms, walls,
};
use daedalus::geometry::orient2d;

fn base() -> DungeonParams {
    DungeonParams::default()
}

fn err(p: DungeonParams) -> DungeonError {
    generate(&p).unwrap_err()
}

#[test]
fn bad_parameters_give_typed_errors() {
    assert_eq!(
        err(DungeonParams {
            columns: 0,
            ..base()
        }),
        DungeonError::EmptyGrid {
            columns: 0,
            rows: 20
        }
    );
    assert!(matches!(
        err(DungeonParams {
            columns: 1 << 13,
            rows: 1 << 12,
            ..base()
        }),
        DungeonError::GridTooLarge {
            max: MAX_GRID_POINTS,
            ..
        }
    ));
    for s in [-1.0, 0.0, f64::NAN, f64::INFINITY] {
        assert!(matches!(
            err(DungeonParams {
                spacing: s,
                ..base()
            }),
            DungeonError::Spacing(_)
        ));
    }
    assert_eq!(
        err(DungeonParams {
            spacing: 1e8,
            ..base()
        }),
        DungeonError::Extent {
            extent: 2e9,
            max: MAX_EXTENT
        }
    );
    for p in [-0.1, 1.1, f64::NAN] {
        assert!(matches!(
            err(DungeonParams {
                probability: p,
                ..base()
            }),
            DungeonError::Probability(_)
        ));
    }
    assert_eq!(
        err(DungeonParams { rooms: 0, ..base() }),
        DungeonError::NoRooms
    );
    assert_eq!(
        err(DungeonParams {
            door: 0.0,
            ..base()
        }),
        DungeonError::DoorWidth(0.0)
    );
    assert_eq!(
        err(DungeonParams {
            wall: -0.3,
            ..base()
        }),
        DungeonError::WallThickness(-0.3)
    );
    // depth 2, 2 branches: 1 + 2 + 4 = 7 rooms at most (and 7 is fine)
    assert_eq!(
        err(DungeonParams {
            rooms: 8,
            branch_depth: 2,
            branches: 2,
            ..base()
        }),
        DungeonError::LimitsTooTight {
            rooms: 8,
            branch_depth: 2,
            branches: 2,
            max: 7
        }
    );
    let ok = generate(&DungeonParams {
        rooms: 7,
        branch_depth: 2,
        branches: 2,
        probability: 1.0,
        ..base()
    });
    assert_eq!(ok.unwrap().rooms.len(), 7);
    // no links allowed: one room only
    assert!(matches!(
        err(DungeonParams {
            rooms: 2,
            branches: 0,
            ..base()
        }),
        DungeonError::LimitsTooTight { max: 1, .. }
    ));
    assert_eq!(
        generate(&DungeonParams {
            rooms: 1,
            branches: 0,
            ..base()
        })
        .unwrap()
        .rooms
        .len(),
        1
    );
    // every message is one non-empty line
    for e in [
        err(DungeonParams { rooms: 0, ..base() }),
        err(DungeonParams {
            door: 30.0,
            ..base()
        }),
    ] {
        let m = e.to_string();
        assert!(!m.is_empty() && !m.contains('\n'), "{m}");
    }
}

#[test]
fn more_rooms_than_points_is_too_many_rooms() {
    let p = DungeonParams {
        rooms: 300,
        branch_depth: 300,
        ..base()
    };
    let pts = points(&p).unwrap();
    assert!(pts.sites.len() < 300);
    // usable sites: at most those with a proper cell, and enough for the
    // default 24 rooms
    let proper = dual(&pts).cells.iter().flatten().count();
    match err(p) {
        DungeonError::TooManyRooms {
            requested: 300,
            available,
        } => assert!(
            (24..=proper).contains(&available),
            "{available} of {proper}"
        ),
        e => panic!("{e}"),
    }
    // P = 0: no point at all
    let none = DungeonParams {
        probability: 0.0,
        rooms: 1,
        ..base()
    };
    assert_eq!(
        err(none),
        DungeonError::TooManyRooms {
            requested: 1,
            available: 0
        }
    );
    // a 3 x 3 grid: only its middle point has a closed cell
    let tiny = DungeonParams {
        columns: 3,
        rows: 3,
        probability: 1.0,
        rooms: 2,
        ..base()
    };
    assert_eq!(
        err(tiny.clone()),
        DungeonError::TooManyRooms {
            requested: 2,
            available: 1
        }
    );
    assert_eq!(
        generate(&DungeonParams { rooms: 1, ..tiny }).unwrap().rooms[0].centre,
        Point::new(5.0, 5.0)
    );
}

#[test]
fn door_wider_than_every_shared_edge() {
    // spacing 5: dual edges are a few units long, far below 30
    match err(DungeonParams {
        door: 30.0,
        ..base()
    }) {
        DungeonError::DoorTooWide {
            door,
            wall,
            longest,
        } => {
            assert_eq!((door, wall), (30.0, 0.3));
            assert!(longest > 0.0 && longest < 10.0, "{longest}");
        }
        e => panic!("{e}"),
    }
}

#[test]
fn a_single_chain_gets_stuck() {
    // one branch per room: the rooms form one self-avoiding walk, which a
    // random walk on a 20 x 20 grid does not stretch to 150 rooms
    let p = DungeonParams {
        probability: 1.0,
        rooms: 150,
        branch_depth: 200,
        branches: 1,
        ..base()
    };
    match err(p) {
        DungeonError::RoomGraphStuck {
            requested: 150,
            placed,
            attempts,
        } => {
            assert!(placed < 150 && attempts > 0);
        }
        e => panic!("{e}"),
    }
}

#[test]
fn step1_keeps_grid_points_with_probability_p() {
    let all = points(&DungeonParams {
        columns: 7,
        rows: 5,
        probability: 1.0,
        spacing: 2.0,
        ..base()
    })
    .unwrap();
    let want: Vec<Point> = (0..5)
        .flat_map(|j| (0..7).map(move |i| Point::new(2.0 * i as f64, 2.0 * j as f64)))
        .collect();
    assert_eq!(all.sites, want);
    assert!(all.cdt.validate().is_empty());
    // binomial(10000, 0.5): within 5 standard deviations (50 each) of 5000
    let half = points(&DungeonParams {
        columns: 100,
        rows: 100,
        probability: 0.5,
        ..base()
    })
    .unwrap();
    assert!(
        (half.sites.len() as i64 - 5000).abs() < 250,
        "{}",
        half.sites.len()
    );
    assert!(
        points(&DungeonParams {
            probability: 0.0,
            ..base()
        })
        .unwrap()
        .sites
        .is_empty()
    );
}

#[test]
fn step3_cells_are_centroid_duals() {
    let p = DungeonParams {
        probability: 0.7,
        ..base()
    };
    let pts = points(&p).unwrap();
    let d = dual(&pts);
    let m = pts.cdt.mesh();
    // every triangle's centroid, by its corner positions
    let tris: Vec<[Point; 3]> = m
        .faces()
        .filter(|&f| !m.is_outer_face(f).unwrap())
        .map(|f| m.triangle(f).unwrap().map(|v| m.position(v).unwrap()))
        .collect();
    let mut proper = 0;
    for cell in d.cells.iter().flatten() {
        proper += 1;
        let s = pts.sites[cell.site];
        let mut want: Vec<Point> = tris
            .iter()
            .filter(|t| t.contains(&s))
            .map(|t| {
                Point::new(
                    (t[0].x + t[1].x + t[2].x) / 3.0,
                    (t[0].y + t[1].y + t[2].y) / 3.0,
                )
            })
            .collect();
        assert_eq!(want.len(), cell.corners.len());
        // same points up to the rounding of the sum's order
        for c in &cell.corners {
            let i = want
                .iter()
                .position(|w| w.distance(*c) < 1e-12 * p.spacing * 20.0)
                .expect("corner is a centroid");
            want.swap_remove(i);
        }
        // counter-clockwise and star-shaped around the site (exact)
        let k = cell.corners.len();
        for i in 0..k {
            assert!(orient2d(s, cell.corners[i], cell.corners[(i + 1) % k]) > 0.0);
        }
        // a neighbour's proper cell has the same edge, reversed, bit for bit
        for (i, &w) in cell.neighbours.iter().enumerate() {
            if let Some(o) = &d.cells[w] {
                let (a, b) = (cell.corners[i], cell.corners[(i + 1) % k]);
                let j = o.neighbours.iter().position(|&x| x == cell.site).unwrap();
                let ko = o.corners.len();
                assert_eq!((o.corners[j], o.corners[(j + 1) % ko]), (b, a));
            }
        }
    }
    assert!(proper > 100, "{proper} proper cells");
}

#[test]
fn steps_compose_into_generate() {
    let p = base();
    let pts = points(&p).unwrap();
    let g = room_graph(&pts, &p).unwrap();
    let plan = rooms(&pts, &g, &p).unwrap();
    let w = walls(&plan, &p).unwrap();
    let d = generate(&p).unwrap();
    assert_eq!(g, d.graph);
    assert_eq!(plan.rooms, d.rooms);
    assert_eq!(plan.doors, d.doors);
    assert_eq!(w.cdt.dump(), d.cdt.dump());
    // room 0 is the usable site nearest the centre (20 x 20 grid of spacing 5)
    let centre = Point::new(47.5, 47.5);
    let c0 = d.rooms[0].centre.distance(centre);
    assert!(d.rooms.iter().all(|r| r.centre.distance(centre) >= c0));
    // step 4's thin walls triangulate; each door lies on the edge its rooms share
    assert!(plan.thin_cdt().unwrap().validate().is_empty());
    for door in &d.doors {
        let [a, b] = door.segment;
        assert!((a.distance(b) - p.door).abs() < 1e-9);
        let shared = shared_edge(&d, door.a, door.b).expect("linked rooms share an edge");
        for q in [a, b] {
            let (s, t) = shared;
            assert!(orient2d(s, t, q).abs() <= 1e-9 * s.distance(t) * p.spacing);
            let u = (q - s).dot(t - s) / s.distance_squared(t);
            assert!(u > 0.0 && u < 1.0);
        }
    }
}

/// The edge rooms `a` and `b` share (same two corners, opposite order).
fn shared_edge(d: &Dungeon, a: usize, b: usize) -> Option<(Point, Point)> {
    let (pa, pb) = (&d.rooms[a].polygon, &d.rooms[b].polygon);
    for i in 0..pa.len() {
        let (s, t) = (pa[i], pa[(i + 1) % pa.len()]);
        for j in 0..pb.len() {
            if (pb[j], pb[(j + 1) % pb.len()]) == (t, s) {
                return Some((s, t));
            }
        }
    }
    None
}

fn bits(d: &Dungeon) -> Vec<u64> {
    let dump = d.cdt.dump();
    let mut out: Vec<u64> = dump
        .vertices
        .iter()
        .flat_map(|v| v.map(f64::to_bits))
        .collect();
    out.extend(dump.triangles.iter().flat_map(|t| t.map(u64::from)));
    out.extend(dump.constrained.iter().flat_map(|t| t.map(u64::from)));
    for r in &d.rooms {
        out.extend(r.floor.iter().flat_map(|p| [p.x.to_bits(), p.y.to_bits()]));
    }
    out.extend([d.spawns.player.x.to_bits(), d.spawns.player.y.to_bits()]);
    out
}

#[test]
fn same_parameters_same_dungeon_byte_for_byte() {
    for p in [
        base(),
        DungeonParams {
            probability: 1.0,
            rooms: 40,
            branch_depth: 10,
            seed: 99,
            ..base()
        },
    ] {
        let (a, b) = (generate(&p).unwrap(), generate(&p).unwrap());
        assert_eq!(bits(&a), bits(&b));
        assert_eq!(a.graph, b.graph);
        assert_eq!(a.spawns, b.spawns);
        let other = generate(&DungeonParams {
            seed: p.seed + 1,
            ..p.clone()
        })
        .unwrap();
        assert_ne!(bits(&a), bits(&other), "the seed changes the dungeon");
    }
}

#[cfg(feature = "serde")]
#[test]
fn scenario_rebuilds_the_same_walls() {
    use daedalus::path::{NavMesh, PathFinder};
    use daedalus::scenario::Scenario;
    use daedalus::triangulation::Cdt;
    let d = generate(&base()).unwrap();
    let s = Scenario::from_json(&d.scenario(12).to_json()).unwrap();
    assert_eq!(s.queries.len(), 12);
    assert_eq!(s.rings.len(), d.walls.len());
    // the rings inserted one by one into a fresh triangulation: the same
    // shortest paths as on the dungeon's own mesh
    let [x0, y0, x1, y1] = s.bounds;
    let mut cdt = Cdt::new([x0, y0], [x1, y1]).unwrap();
    for i in 0..s.rings.len() {
        cdt.insert_shape(&s.ring_points(i), daedalus::Closure::Closed)
            .unwrap();
    }
    assert!(cdt.validate().is_empty());
    let (mine, theirs) = (d.nav(), NavMesh::from_cdt(&cdt));
    let mut f = PathFinder::new();
    for q in &s.queries {
        assert!(d.rooms.iter().any(|r| r.centre == q.from.into()));
        let a = f.find_path(&mine, q.from, q.to, 0.0).unwrap().length();
        let b = f.find_path(&theirs, q.from, q.to, 0.0).unwrap().length();
        assert!((a - b).abs() <= 1e-9 * a.max(1.0), "{a} vs {b}");
    }
}

#[test]
fn pictures_draw_rooms_and_a_path() {
    use daedalus::path::PathFinder;
    let d = generate(&base()).unwrap();
    let nav = d.nav();
    let path = PathFinder::new()
        .find_path(
            &nav,
            d.rooms[0].centre,
            d.spawns.player,
            0.4 * d.params.door,
        )
        .unwrap();
    let svg = d.scene(Some(&path)).unwrap().to_svg();
    assert!(svg.contains("24 rooms"), "legend counts the rooms");
    assert!(svg.contains("path"));
}

#[test]
fn an_edited_graph_is_a_typed_error() {
    use daedalus::dungeon::spawns;
    let p = base();
    let pts = points(&p).unwrap();
    let g = room_graph(&pts, &p).unwrap();
    let mismatch = |room| DungeonError::GraphMismatch { room };
    let mut bad = g.clone();
    bad.links[3].parent = 20; // room 4 below a younger room
    assert_eq!(rooms(&pts, &bad, &p).unwrap_err(), mismatch(4));
    let mut bad = g.clone();
    bad.sites[5] = 10_000; // no such site
    assert_eq!(rooms(&pts, &bad, &p).unwrap_err(), mismatch(5));
    let mut bad = g.clone();
    bad.links.pop();
    assert_eq!(rooms(&pts, &bad, &p).unwrap_err(), mismatch(23));
    // linked rooms that are not neighbours: room 1 moved to a far usable site
    let mut bad = g.clone();
    let far = (0..pts.sites.len())
        .rev()
        .find(|&s| !g.sites.contains(&s) && dual(&pts).cells[s].is_some())
        .unwrap();
    bad.sites[1] = far;
    assert!(matches!(
        rooms(&pts, &bad, &p),
        Err(DungeonError::GraphMismatch { .. })
    ));
    // spawns of a plan with another graph
    let plan = rooms(&pts, &g, &p).unwrap();
    let q = DungeonParams { rooms: 3, ..base() };
    let small = room_graph(&pts, &q).unwrap();
    assert_eq!(spawns(&plan, &small, &p).unwrap_err(), mismatch(3));
    assert!(spawns(&plan, &g, &p).is_ok());
}
