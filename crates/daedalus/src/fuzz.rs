//! A reusable random-operations driver: inserts and removes vertices,
//! segments, shapes and objects (and moves objects) with degenerate
//! inputs (integer grids, collinear runs, duplicates, shared end points,
//! crossings at vertices, nearly parallel segments, coordinates from 1e-6
//! to 1e6), checking [`Cdt::validate`] as it goes. It drives both the
//! triangulation and the [`Objects`] table, so it lives above both. No `rand` dependency:
//! a splitmix64 generator.

use crate::mesh::MeshError;
use crate::mesh::VertexId;
use crate::objects::{Object, ObjectError, ObjectId, Objects};
use crate::triangulation::{Cdt, CdtError, ShapeId, Violation, splitmix};
use crate::{Closure, Point};

/// What a successful run did.
///
/// ```
/// let r = daedalus::fuzz::run(200, 1, 10).unwrap();
/// assert_eq!(r.ops, 200);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    /// Operations run.
    pub ops: u64,
    /// Full invariant checks run.
    pub validations: u64,
    /// Vertices inserted.
    pub vertices_inserted: u64,
    /// Shapes inserted.
    pub shapes_inserted: u64,
    /// Shapes removed.
    pub shapes_removed: u64,
    /// Object moves applied.
    pub objects_moved: u64,
    /// Bad inputs correctly refused.
    pub rejected_inputs: u64,
    /// Most vertices at once.
    pub max_vertices: usize,
    /// Most live objects at once (the driver keeps the world bounded).
    pub max_objects: usize,
}

/// The first failure of a run: operation index, seed and what went wrong.
///
/// ```
/// let f = daedalus::fuzz::FuzzFailure { op: 3, seed: 9, what: "x".into(), violations: vec![] };
/// assert!(f.to_string().contains("op 3"));
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("fuzz failure at op {op} (seed {seed}): {what}; {} violations, first: {:?}", violations.len(), violations.first())]
pub struct FuzzFailure {
    /// Index of the failing operation.
    pub op: u64,
    /// Seed of the run.
    pub seed: u64,
    /// The operation and what went wrong.
    pub what: String,
    /// Invariants broken, if a check failed.
    pub violations: Vec<Violation>,
}

struct Gen(u64);

impl Gen {
    fn u(&mut self, n: u64) -> u64 {
        splitmix(&mut self.0) % n
    }
    fn f(&mut self) -> f64 {
        (splitmix(&mut self.0) >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A point in one of several degenerate-prone distributions.
    fn point(&mut self, anchor: &[Point]) -> Point {
        match self.u(8) {
            0 | 1 => Point::new(self.u(21) as f64 - 10.0, self.u(21) as f64 - 10.0),
            2 => Point::new((self.f() - 0.5) * 2e6, (self.f() - 0.5) * 2e6),
            3 => Point::new(
                (self.u(2001) as f64 - 1000.0) * 1e-6,
                (self.u(2001) as f64 - 1000.0) * 1e-6,
            ),
            4 => Point::new((self.f() - 0.5) * 40.0, (self.f() - 0.5) * 40.0),
            5 if !anchor.is_empty() => anchor[self.u(anchor.len() as u64) as usize],
            6 => {
                let k = self.u(5) as f64 - 2.0;
                Point::new(k, self.u(41) as f64 * 0.5 - 10.0) // collinear runs
            }
            _ => Point::new(self.u(2001) as f64 - 1000.0, self.u(3) as f64 - 1.0),
        }
    }
}

/// The triangulation's error behind an objects error (the driver's
/// failures are reported as the CDT refused them).
fn cdt_error(e: ObjectError) -> CdtError {
    match e {
        ObjectError::Rejected(r) => r[0].error.clone(),
        ObjectError::Cdt(e) => e,
        // the driver only passes live ids: report it as a broken invariant
        _ => CdtError::Internal("stale object id in the fuzz driver"),
    }
}

/// Runs `ops` random operations from `seed`, validating every
/// `validate_every` operations (0: only at the end).
///
/// ```
/// let r = daedalus::fuzz::run(100, 42, 1).unwrap();
/// assert_eq!(r.validations, 101);
/// ```
pub fn run(ops: u64, seed: u64, validate_every: u64) -> Result<FuzzReport, FuzzFailure> {
    let lim = 1e6;
    let mut cdt = Cdt::new([-lim, -lim], [lim, lim]).expect("valid bounds");
    let mut objects = Objects::new();
    let mut g = Gen(seed ^ 0xD1B5_4A32_D192_ED03);
    let mut rep = FuzzReport::default();
    let mut verts: Vec<VertexId> = Vec::new();
    let mut shapes: Vec<ShapeId> = Vec::new();
    let mut objs: Vec<ObjectId> = Vec::new();
    let mut anchors: Vec<Point> = Vec::new();
    let fail = |op: u64, what: String, violations: Vec<Violation>| FuzzFailure {
        op,
        seed,
        what,
        violations,
    };
    let check = |r: Result<(), CdtError>, op: u64, what: &str| {
        r.map_err(|e| FuzzFailure {
            op,
            seed,
            what: format!("{what}: {e}"),
            violations: vec![],
        })
    };
    for op in 0..ops {
        let crowded = shapes.len() + objs.len() > 40 || verts.len() > 150;
        let kind = g.u(if crowded { 14 } else { 10 });
        let what;
        match kind {
            0 | 1 => {
                what = "insert_vertex";
                let p = g.point(&anchors);
                let v = cdt
                    .insert_vertex(p)
                    .map_err(|e| fail(op, format!("{what}: {e}"), vec![]))?;
                verts.push(v);
                anchors.push(p);
                rep.vertices_inserted += 1;
            }
            2 | 10 | 11 => {
                what = "remove_vertex";
                if !verts.is_empty() {
                    let v = verts.swap_remove(g.u(verts.len() as u64) as usize);
                    // a vertex may have been re-used as a duplicate: ignore stale
                    match cdt.remove_vertex(v) {
                        Ok(()) | Err(CdtError::Mesh(MeshError::StaleVertex(_))) => {}
                        Err(e) => return Err(fail(op, format!("{what}: {e}"), vec![])),
                    }
                }
            }
            3 | 4 => {
                what = "insert_shape";
                let n = 2 + g.u(5) as usize;
                let mut pts: Vec<Point> = (0..n).map(|_| g.point(&anchors)).collect();
                if g.u(4) == 0 {
                    // nearly parallel to its first segment
                    let (a, b) = (pts[0], pts[1]);
                    pts.push(Point::new(b.x + 1e-9 * (b.y - a.y), b.y));
                }
                let closure = if g.u(2) == 0 {
                    Closure::Closed
                } else {
                    Closure::Open
                };
                match cdt.insert_shape(&pts, closure) {
                    Ok(s) => {
                        shapes.push(s);
                        anchors.extend_from_slice(&pts);
                        rep.shapes_inserted += 1;
                    }
                    Err(CdtError::TooFewPoints) => rep.rejected_inputs += 1,
                    Err(e) => return Err(fail(op, format!("{what}: {e}"), vec![])),
                }
            }
            5 | 12 | 13 => {
                what = "remove_shape";
                if !shapes.is_empty() {
                    let s = shapes.swap_remove(g.u(shapes.len() as u64) as usize);
                    check(cdt.remove_shape(s), op, what)?;
                    rep.shapes_removed += 1;
                }
            }
            // Objects are otherwise removed half as often as inserted: the
            // world (and its crossing vertices) would grow without bound.
            6 if objs.len() >= 40 => {
                what = "remove_object";
                let id = objs.swap_remove(g.u(objs.len() as u64) as usize);
                check(objects.remove(&mut cdt, id).map_err(cdt_error), op, what)?;
            }
            6 => {
                what = "insert_object";
                let n = 2 + g.u(4) as usize;
                let outline: Vec<Point> = (0..n)
                    .map(|_| Point::new(g.u(9) as f64 - 4.0, g.u(9) as f64 - 4.0))
                    .collect();
                let mut o = Object::new(
                    outline,
                    if g.u(2) == 0 {
                        Closure::Closed
                    } else {
                        Closure::Open
                    },
                );
                o.set_position([g.u(41) as f64 - 20.0, g.u(41) as f64 - 20.0]);
                match objects.insert(&mut cdt, o).map_err(cdt_error) {
                    Ok(id) => objs.push(id),
                    Err(CdtError::TooFewPoints) => rep.rejected_inputs += 1,
                    Err(e) => return Err(fail(op, format!("{what}: {e}"), vec![])),
                }
            }
            7 | 8 => {
                what = "move_object";
                if !objs.is_empty() {
                    let id = objs[g.u(objs.len() as u64) as usize];
                    let (dx, dy, r, s) = (g.u(5) as f64 - 2.0, g.u(5) as f64 - 2.0, g.f(), g.u(3));
                    let o = objects
                        .get_mut(id)
                        .map_err(|e| fail(op, e.to_string(), vec![]))?;
                    let pose = o.pose();
                    o.set_position(pose.position + Point::new(dx, dy));
                    match s {
                        0 => o.set_rotation(pose.rotation + r),
                        1 => o.set_scale(0.5 + r, 1.5 - r),
                        _ => {}
                    }
                    check(objects.update(&mut cdt).map_err(cdt_error), op, what)?;
                    rep.objects_moved += 1;
                }
            }
            _ => {
                what = "remove_object / bad input";
                if g.u(2) == 0 && !objs.is_empty() {
                    let id = objs.swap_remove(g.u(objs.len() as u64) as usize);
                    check(objects.remove(&mut cdt, id).map_err(cdt_error), op, what)?;
                } else {
                    let before = (cdt.mesh().vertex_count(), cdt.shapes().count());
                    let bad = [Point::new(f64::NAN, 0.0), Point::new(1.0, 1.0)];
                    if cdt.insert_shape(bad, Closure::Open).is_ok()
                        || cdt.insert_vertex([3e15, 0.0]).is_ok()
                    {
                        return Err(fail(op, "bad input accepted".into(), vec![]));
                    }
                    if before != (cdt.mesh().vertex_count(), cdt.shapes().count()) {
                        return Err(fail(op, "failed op changed the mesh".into(), vec![]));
                    }
                    rep.rejected_inputs += 1;
                }
            }
        }
        if anchors.len() > 400 {
            anchors.drain(..200);
        }
        rep.ops += 1;
        rep.max_vertices = rep.max_vertices.max(cdt.mesh().vertex_count());
        rep.max_objects = rep.max_objects.max(objs.len());
        if validate_every > 0 && (op + 1) % validate_every == 0 {
            rep.validations += 1;
            let v = cdt.validate();
            if !v.is_empty() {
                return Err(fail(op, format!("invalid after {what}"), v));
            }
        }
    }
    rep.validations += 1;
    let v = cdt.validate();
    if !v.is_empty() {
        return Err(fail(ops, "invalid at the end".into(), v));
    }
    Ok(rep)
}
