//! Segment and shape insertion (about 800 lines: the walk, the
//! re-triangulation and the crossing splits share one work queue and its
//! undo records, and read best together): walk through the triangulation, remove the
//! crossed edges, re-triangulate both pseudo-polygons (Anglada); vertices
//! exactly on the segment split it, crossed constraints are split at the
//! crossing point.

use super::insert::{hilbert, splitmix};
use super::journal::CUndo;
use super::{Cdt, CdtError, Owners, Segment, ShapeId, ShapeSlot, check_point};
use crate::geometry::{incircle, orient2d};
use crate::mesh::NONE;
use crate::{Closure, Point};

/// A piece start joins the bulk sample of [`Cdt::insert_shapes`] with
/// probability 2^-SAMPLE_BITS: sparse, yet enough to even out the mesh
/// density before the polylines go in.
const SAMPLE_BITS: u32 = 4;

enum Step {
    OnRay(u32),
    Cross(u32),
}

enum Channel {
    End(u32),
    Constrained(u32),
    Via(u32),
}

/// Is `x` exactly on input segment `sa sb` and strictly between the
/// sub-segment ends `pc` and `pb`?
#[inline]
pub(crate) fn on_input(sa: Point, sb: Point, pc: Point, pb: Point, x: Point) -> bool {
    orient2d(sa, sb, x) == 0.0
        && (x.x - pc.x) * (pb.x - pc.x) + (x.y - pc.y) * (pb.y - pc.y) > 0.0
        && (x.x - pb.x) * (pc.x - pb.x) + (x.y - pb.y) * (pc.y - pb.y) > 0.0
}

impl Cdt {
    pub(crate) fn add_owner(&mut self, e: u32, seg: u32) {
        let o = self.owners.or_default(e >> 1);
        o.push(seg);
        self.mesh.set_constrained(e, true);
    }

    /// Removes one ownership of `seg` from edge `e`; unconstrains the edge
    /// (and queues it for flips) when nobody owns it any more.
    pub(crate) fn drop_owner(&mut self, e: u32, seg: u32) {
        let p = e >> 1;
        let Some(o) = self.owners.get_mut(&p) else {
            return;
        };
        o.remove(seg);
        if o.is_empty() {
            self.owners.remove(&p);
            if !self.mesh.raw_is_border(e) {
                self.mesh.set_constrained(e, false);
                self.pending.push(e);
            }
        }
    }

    /// The half-edge from `a` to `b`, if they are neighbours.
    pub(crate) fn find_edge(&self, a: u32, b: u32) -> Option<u32> {
        let m = &self.mesh;
        let start = m.raw_vertex_edge(a);
        let mut s = start;
        loop {
            if m.raw_dest(s) == b && !m.raw_is_ghost(s) {
                return Some(s);
            }
            s = m.raw_rot_right(s);
            if s == start {
                return None;
            }
        }
    }

    /// The half-edges of segment `seg`'s chain from `a` to `b` (constrained
    /// edges owned by it), or `None` if the chain is broken.
    pub(crate) fn seg_path(&self, seg: u32, out: &mut Vec<u32>) -> bool {
        out.clear();
        let m = &self.mesh;
        let s = &self.segs[seg as usize];
        let mut cur = s.a;
        let mut prev = NONE;
        while cur != s.b {
            if out.len() > m.he.len() {
                return false;
            }
            let start = m.raw_vertex_edge(cur);
            let mut e = start;
            let mut found = NONE;
            loop {
                if m.raw_is_constrained(e)
                    && e >> 1 != prev
                    && self
                        .owners
                        .get(&(e >> 1))
                        .is_some_and(|o| o.segs().contains(&seg))
                {
                    found = e;
                    break;
                }
                e = m.raw_rot_right(e);
                if e == start {
                    break;
                }
            }
            if found == NONE {
                return false;
            }
            out.push(found);
            prev = found >> 1;
            cur = m.raw_dest(found);
        }
        true
    }

    /// Clips segment `a b` to the bounds (Liang-Barsky); clipped ends are
    /// put exactly on the border line.
    pub(crate) fn clip(&self, a: Point, b: Point) -> Option<(Point, Point)> {
        if self.in_bounds(a) && self.in_bounds(b) {
            return Some((a, b));
        }
        let [x0, y0, x1, y1] = self.bounds;
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let (mut s0, mut s1) = (4usize, 4usize);
        let checks = [
            (-dx, a.x - x0),
            (dx, x1 - a.x),
            (-dy, a.y - y0),
            (dy, y1 - a.y),
        ];
        for (k, &(p, q)) in checks.iter().enumerate() {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    if r > t0 {
                        t0 = r;
                        s0 = k;
                    }
                } else if r < t1 {
                    t1 = r;
                    s1 = k;
                }
            }
        }
        if t0 > t1 {
            return None;
        }
        let at = |t: f64, side: usize, end: Point| -> Point {
            if side == 4 {
                return end;
            }
            let mut p = Point::new(a.x + t * dx, a.y + t * dy);
            match side {
                0 => p.x = x0,
                1 => p.x = x1,
                2 => p.y = y0,
                _ => p.y = y1,
            }
            Point::new(p.x.clamp(x0, x1), p.y.clamp(y0, y1))
        };
        let pa = at(t0, s0, a);
        let pb = at(t1, s1, b);
        (pa != pb).then_some((pa, pb))
    }

    /// Inserts a polyline (closed: last point joins the first). Each
    /// consecutive pair of distinct points is one input segment; segments
    /// are clipped to the bounds; they may overlap and cross anything.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let pts = [[1.0, 1.0], [9.0, 9.0], [9.0, 1.0], [1.0, 9.0]];
    /// let s = cdt.insert_shape(pts, daedalus::Closure::Closed).unwrap();
    /// assert!(cdt.validate().is_empty());
    /// assert_eq!(cdt.shape_segments(s).unwrap().len(), 4);
    /// ```
    pub fn insert_shape(
        &mut self,
        points: impl IntoIterator<Item: Into<Point>>,
        closure: Closure,
    ) -> Result<ShapeId, CdtError> {
        let points: Vec<Point> = points.into_iter().map(Into::into).collect();
        self.insert_outline(&points, closure)
    }

    /// [`Cdt::insert_shape`] of an outline already in a slice (no copy).
    pub(crate) fn insert_outline(
        &mut self,
        points: &[Point],
        closure: Closure,
    ) -> Result<ShapeId, CdtError> {
        let closed = closure.is_closed();
        for &p in points {
            check_point(p)?;
        }
        if !points.iter().any(|&p| p != points[0]) {
            return Err(CdtError::TooFewPoints);
        }
        self.atomic(|c| c.insert_shape_raw(points, closed))
    }

    /// The clipped pieces of a polyline (zero-length ones dropped).
    fn pieces(&self, points: &[Point], closed: bool, out: &mut Vec<(Point, Point)>) {
        let n = points.len();
        let last = if closed { n } else { n - 1 };
        for i in 0..last {
            let (a, b) = (points[i], points[(i + 1) % n]);
            if a != b
                && let Some(ab) = self.clip(a, b)
            {
                out.push(ab);
            }
        }
    }

    /// A fresh live shape slot (journaled).
    fn new_shape(&mut self) -> ShapeId {
        let idx = if let Some(i) = self.free_shapes.pop() {
            self.j_log(CUndo::FreeShapePop(i));
            self.j_shape(i);
            i
        } else {
            self.shapes.push(ShapeSlot::default());
            (self.shapes.len() - 1) as u32
        };
        let slot = &mut self.shapes[idx as usize];
        slot.alive = true;
        slot.locked = false;
        slot.segs.clear();
        ShapeId {
            idx,
            generation: slot.generation,
        }
    }

    /// Records input segment `pa pb` (vertices `va vb`) of shape `id` and
    /// inserts it.
    fn add_segment(&mut self, id: ShapeId, va: u32, vb: u32) {
        let seg = Segment {
            a: va,
            b: vb,
            shape: id,
            alive: true,
        };
        let s = if let Some(s) = self.free_segs.pop() {
            self.j_log(CUndo::FreeSegPop(s));
            self.j_seg(s);
            self.segs[s as usize] = seg;
            s
        } else {
            self.segs.push(seg);
            (self.segs.len() - 1) as u32
        };
        self.shapes[id.idx as usize].segs.push(s);
        self.tasks.push((va, vb, s));
        self.run_tasks();
    }

    /// [`Cdt::insert_shape`] after the input checks, inside an operation.
    fn insert_shape_raw(&mut self, points: &[Point], closed: bool) -> Result<ShapeId, CdtError> {
        let id = self.new_shape();
        let mut pieces = Vec::with_capacity(points.len());
        self.pieces(points, closed, &mut pieces);
        self.fill_shape(id, &pieces);
        self.settle();
        Ok(id)
    }

    /// Inserts the clipped segments `pieces` of a polyline (see
    /// [`Cdt::pieces`]) into the new shape `id`.
    fn fill_shape(&mut self, id: ShapeId, pieces: &[(Point, Point)]) {
        self.shapes[id.idx as usize]
            .segs
            .reserve_exact(pieces.len());
        let mut rng = self.rng;
        let mut h = match pieces.first() {
            Some(&(a, _)) => self.hint_for(a, &mut rng),
            None => self.hint,
        };
        self.rng = rng;
        let mut last: Option<(Point, u32)> = None;
        for &(pa, pb) in pieces {
            if self.fail.is_some() {
                break;
            }
            // consecutive pieces share their end point: no second walk
            let va = match last {
                Some((q, v))
                    if q == pa && self.mesh.vertex_alive(v) && self.mesh.raw_pos(v) == pa =>
                {
                    v
                }
                _ => self.insert_point(pa, h),
            };
            let vb = self.insert_point(pb, va);
            self.add_segment(id, va, vb);
            h = vb;
            last = Some((pb, vb));
        }
        self.hint = h;
    }

    /// Inserts many polylines `(points, closed)` as one all-or-nothing
    /// operation: the same CDT and the same handles as one
    /// [`Cdt::insert_shape`] call each in order, with one undo journal for
    /// all (the rows it creates need no undo records) and the shapes taken
    /// in spatial order, so a build is cheaper (vertex and edge ids may
    /// differ). All points are checked first; on any error nothing changes.
    ///
    /// ```
    /// use daedalus::{Closure, Point, triangulation::Cdt};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let square: Vec<Point> = vec![[1.0, 1.0].into(), [4.0, 1.0].into(), [4.0, 4.0].into(), [1.0, 4.0].into()];
    /// let wall: Vec<Point> = vec![[0.0, 2.0].into(), [9.0, 2.0].into()];
    /// let ids = cdt.insert_shapes(&[(square, Closure::Closed), (wall, Closure::Open)]).unwrap();
    /// assert_eq!(ids.len(), 2);
    /// assert_eq!(cdt.shape_segments(ids[0]).unwrap().len(), 4);
    /// assert!(cdt.validate().is_empty());
    /// ```
    pub fn insert_shapes<S: AsRef<[Point]>>(
        &mut self,
        shapes: &[(S, Closure)],
    ) -> Result<Vec<ShapeId>, CdtError> {
        for (pts, _) in shapes {
            let pts = pts.as_ref();
            for &p in pts {
                check_point(p)?;
            }
            if !pts.iter().any(|&p| p != pts[0]) {
                return Err(CdtError::TooFewPoints);
            }
        }
        let out = self.atomic(|c| c.insert_shapes_raw(shapes));
        self.mesh.journal.release();
        out
    }

    fn insert_shapes_raw<S: AsRef<[Point]>>(
        &mut self,
        shapes: &[(S, Closure)],
    ) -> Result<Vec<ShapeId>, CdtError> {
        // Handles in input order (as one call each would give them), then
        // the shapes in Hilbert order of their first point (the curve of bulk
        // point insertion): each walk starts near
        // the last shape and the mesh grows with coherent memory. The CDT
        // does not depend on the order. A sparse sample of the piece starts
        // goes in first (BRIO): a polyline then meets a mesh of even density,
        // not the long fans of an empty region that a polyline walked in
        // order flips over and over. Only a sample, not every end point
        // (as spade's bulk load does): with every end point in, each
        // channel of a maze would cross far more edges.
        let ids: Vec<ShapeId> = shapes.iter().map(|_| self.new_shape()).collect();
        // every shape's pieces, once: shape i has pieces[at[i]..at[i + 1]]
        let mut pieces = Vec::new();
        let mut at = Vec::with_capacity(shapes.len() + 1);
        for (pts, closed) in shapes {
            at.push(pieces.len());
            self.pieces(pts.as_ref(), closed.is_closed(), &mut pieces);
        }
        at.push(pieces.len());
        let mut s = 0x2545_F491_4F6C_DD1D_u64;
        let sample: Vec<Point> = pieces
            .iter()
            .filter(|_| splitmix(&mut s).trailing_zeros() >= SAMPLE_BITS)
            .map(|&(a, _)| a)
            .collect();
        // every piece has its own start point (duplicates aside): room for
        // them all at once, not a doubling copy of every column as it grows
        self.mesh.reserve_vertices(pieces.len());
        self.segs.reserve(pieces.len());
        self.insert_points_brio(&sample, false);
        let [x0, y0, x1, y1] = self.bounds;
        let (sx, sy) = (65535.0 / (x1 - x0), 65535.0 / (y1 - y0));
        let mut order: Vec<(u32, usize)> = shapes
            .iter()
            .enumerate()
            .map(|(i, (pts, _))| {
                let p = pts.as_ref()[0];
                let hx = ((p.x - x0) * sx).clamp(0.0, 65535.0) as u32;
                let hy = ((p.y - y0) * sy).clamp(0.0, 65535.0) as u32;
                (hilbert(hx, hy, 16), i)
            })
            .collect();
        order.sort_unstable();
        for (_, i) in order {
            if self.fail.is_some() {
                break;
            }
            self.fill_shape(ids[i], &pieces[at[i]..at[i + 1]]);
        }
        // not before: a sample point not yet owned would look unneeded
        self.settle();
        self.mesh.shrink_slack();
        // the edge-keyed maps grew by doubling as the edges did
        self.owners.shrink_slack();
        self.crossings.shrink_slack();
        crate::mesh::fit_slack(&mut self.segs);
        Ok(ids)
    }

    /// Inserts one segment as an open one-segment shape.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([1.0, 5.0], [9.0, 5.0]).unwrap();
    /// cdt.insert_segment([5.0, 1.0], [5.0, 9.0]).unwrap(); // crossing: split at (5, 5)
    /// assert!(matches!(cdt.locate([5.0, 5.0]).unwrap(), daedalus::triangulation::Location::Vertex(_)));
    /// assert!(cdt.insert_segment([1.0, 1.0], [1.0, 1.0]).is_err());
    /// ```
    pub fn insert_segment(
        &mut self,
        a: impl Into<Point>,
        b: impl Into<Point>,
    ) -> Result<ShapeId, CdtError> {
        let (a, b) = (a.into(), b.into());
        check_point(a)?;
        check_point(b)?;
        if a == b {
            return Err(CdtError::ZeroLength);
        }
        self.insert_outline(&[a, b], Closure::Open)
    }

    /// Runs the pending sub-segment insertions. Past the work limit it
    /// gives up: `fail` is set and the enclosing operation is undone.
    pub(crate) fn run_tasks(&mut self) {
        let mut n = 0;
        while let Some((a, b, seg)) = self.tasks.pop() {
            n += 1;
            if n > self.task_limit {
                self.fail
                    .get_or_insert(CdtError::WorkLimit(self.task_limit));
            }
            if self.fail.is_some() {
                self.tasks.clear();
                break;
            }
            // a CDT before every walk: the channel re-triangulation relies on it
            self.legalize_pending();
            if a != b {
                self.insert_sub(a, b, seg);
            }
        }
        self.legalize_pending();
    }

    /// Makes the constraint `a -> b` owned by `seg` (or pushes sub-tasks).
    fn insert_sub(&mut self, a: u32, b: u32, seg: u32) {
        let pb = self.mesh.raw_pos(b);
        let (sa, sb) = self.seg_ends(seg);
        let mut cur = a;
        while cur != b {
            let pc = self.mesh.raw_pos(cur);
            // A sub-segment between rounded points is not on the input
            // line: vertices exactly on the input segment still split it.
            let exact = (pc == sa || orient2d(sa, sb, pc) == 0.0)
                && (pb == sb || orient2d(sa, sb, pb) == 0.0);
            // fast path: on the input line and already neighbours (typical
            // for consecutive wall points): an edge has no vertex inside
            if exact && let Some(e) = self.find_edge(cur, b) {
                self.add_owner(e, seg);
                return;
            }
            let step = {
                let m = &self.mesh;
                let start = m.raw_vertex_edge(cur);
                let mut s = start;
                let mut step = None;
                if !exact {
                    loop {
                        let p1 = m.raw_pos(m.raw_dest(s));
                        if !m.raw_is_ghost(s) && on_input(sa, sb, pc, pb, p1) {
                            step = Some(Step::OnRay(s));
                            break;
                        }
                        s = m.raw_rot_right(s);
                        if s == start {
                            break;
                        }
                    }
                }
                while step.is_none() {
                    let p1 = m.raw_pos(m.raw_dest(s));
                    let o1 = orient2d(pc, pb, p1);
                    if o1 == 0.0
                        && !m.raw_is_ghost(s)
                        && (p1.x - pc.x) * (pb.x - pc.x) + (p1.y - pc.y) * (pb.y - pc.y) > 0.0
                    {
                        step = Some(Step::OnRay(s));
                        break;
                    }
                    if o1 < 0.0 && !m.raw_is_outer_face(m.raw_face(s)) {
                        let n = m.raw_next(s);
                        if orient2d(pc, pb, m.raw_pos(m.raw_dest(n))) > 0.0 {
                            step = Some(Step::Cross(n));
                            break;
                        }
                    }
                    s = m.raw_rot_right(s);
                    if s == start {
                        break;
                    }
                }
                step.map(|st| (st, exact))
            };
            match step {
                Some((Step::OnRay(s), _)) => {
                    self.add_owner(s, seg);
                    cur = self.mesh.raw_dest(s);
                }
                Some((Step::Cross(e), exact)) => {
                    let input = (!exact).then_some((sa, sb));
                    match self.walk_channel(cur, b, e, input) {
                        Channel::End(end) => {
                            let e = self.retriangulate_channel(cur, end);
                            self.add_owner(e, seg);
                            cur = end;
                        }
                        Channel::Constrained(crossed) => {
                            self.split_crossing(cur, b, seg, crossed);
                            return;
                        }
                        Channel::Via(x) => {
                            self.tasks.push((x, b, seg));
                            self.tasks.push((cur, x, seg));
                            return;
                        }
                    }
                }
                None => {
                    // unreachable on a valid mesh: give up, undo the operation
                    self.fail
                        .get_or_insert(CdtError::Internal("segment walk found no way on"));
                    return;
                }
            }
        }
    }

    /// Collects the edges crossed by `cur -> b` starting at `e` (origin
    /// right of the line, destination left) into the scratch lists. Ends at
    /// `b` or at the first vertex exactly on the line; stops at a crossed
    /// constrained edge, or at a vertex exactly on the `input` segment.
    fn walk_channel(
        &mut self,
        cur: u32,
        b: u32,
        mut e: u32,
        input: Option<(Point, Point)>,
    ) -> Channel {
        let m = &self.mesh;
        let (pc, pb) = (m.raw_pos(cur), m.raw_pos(b));
        let on = |x: u32| input.is_some_and(|(sa, sb)| on_input(sa, sb, pc, pb, m.raw_pos(x)));
        let sc = &mut self.sc;
        sc.crossed.clear();
        sc.left.clear();
        sc.right.clear();
        loop {
            if m.raw_is_constrained(e) {
                return Channel::Constrained(e);
            }
            sc.crossed.push(e);
            let (r, l) = (m.raw_origin(e), m.raw_dest(e));
            if sc.left.last() != Some(&l) {
                if on(l) {
                    return Channel::Via(l);
                }
                sc.left.push(l);
            }
            if sc.right.last() != Some(&r) {
                if on(r) {
                    return Channel::Via(r);
                }
                sc.right.push(r);
            }
            let n = m.raw_next(m.raw_opposite(e));
            let w = m.raw_dest(n);
            if w == b {
                return Channel::End(b);
            }
            if on(w) {
                return Channel::Via(w);
            }
            let ow = orient2d(pc, pb, m.raw_pos(w));
            if ow == 0.0 {
                return Channel::End(w);
            }
            e = if ow > 0.0 { n } else { m.raw_next(n) };
        }
    }

    /// Replaces the triangles around the scratch `crossed` edges by the
    /// Delaunay triangulations of the two pseudo-polygons; returns the new
    /// half-edge `a -> b`.
    fn retriangulate_channel(&mut self, a: u32, b: u32) -> u32 {
        let mut sc = std::mem::take(&mut self.sc);
        let m = &mut self.mesh;
        sc.faces.clear();
        sc.edges.clear();
        sc.faces.push(m.raw_face(sc.crossed[0]));
        for &c in &sc.crossed {
            sc.faces.push(m.raw_face(m.raw_opposite(c)));
        }
        for &f in &sc.faces {
            let e0 = m.raw_face_edge(f);
            let e1 = m.raw_next(e0);
            sc.edges.extend_from_slice(&[e0, e1, m.raw_next(e1)]);
        }
        for &c in &sc.crossed {
            m.free_pair(c);
        }
        for &f in &sc.faces {
            m.free_face(f);
        }
        sc.edges.retain(|&e| m.edge_alive(e));
        sc.tris.clear();
        pseudo_polygon(m, a, b, &sc.left, &mut sc.tris);
        sc.poly.clear();
        sc.poly.extend(sc.right.iter().rev());
        pseudo_polygon(m, b, a, &sc.poly, &mut sc.tris);
        sc.made.clear();
        m.stitch(&sc.edges, &sc.tris, &mut sc.stitch, &mut sc.made);
        let mut ab = NONE;
        for &h in &sc.made {
            if m.raw_origin(h) == a && m.raw_dest(h) == b {
                ab = h;
            } else if m.raw_origin(h) == b && m.raw_dest(h) == a {
                ab = h + 1;
            }
        }
        // No flips needed: the mesh is a CDT before every sub-segment (run_tasks
        // legalizes in between) and Anglada's pseudo-polygon triangulation
        // then gives the CDT with the new edge (validate() checks it).
        self.sc = sc;
        ab
    }

    /// `cur -> to` (segment `seg`) crosses constrained edge `e`: insert the
    /// crossing point and re-route both constraints through it.
    fn split_crossing(&mut self, cur: u32, to: u32, seg: u32, e: u32) {
        let Some(other) = self
            .owners
            .get(&(e >> 1))
            .and_then(|o| o.segs().first().copied())
        else {
            // border edges are never crossed from inside
            self.fail
                .get_or_insert(CdtError::Internal("segment crossed the border"));
            return;
        };
        let m = &self.mesh;
        let (r, l) = (m.raw_origin(e), m.raw_dest(e));
        let (pc, pt, pr, pl) = (m.raw_pos(cur), m.raw_pos(to), m.raw_pos(r), m.raw_pos(l));
        let ((a1, b1), (a2, b2)) = (self.seg_ends(seg), self.seg_ends(other));
        let x = crossing_point(a1, b1, a2, b2);
        let lo = Point::new(
            pc.x.min(pt.x).max(pr.x.min(pl.x)),
            pc.y.min(pt.y).max(pr.y.min(pl.y)),
        );
        let hi = Point::new(
            pc.x.max(pt.x).min(pr.x.max(pl.x)),
            pc.y.max(pt.y).min(pr.y.max(pl.y)),
        );
        let x = if x.x.is_finite() && x.y.is_finite() {
            Point::new(x.x.clamp(lo.x, hi.x), x.y.clamp(lo.y, hi.y))
        } else {
            Point::new(0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y))
        };
        let pv = match self.split_at(e, x) {
            Some(v) => v,
            None => self.insert_point(x, cur),
        };
        self.created.push(pv);
        self.crossings.insert(pv, (seg, other));
        if pv != r
            && pv != l
            && let Some(h) = self.find_edge(r, l)
            && let Some(o) = self.owners.remove(&(h >> 1))
        {
            self.mesh.set_constrained(h, false);
            self.pending.push(h);
            // r and l lost an owned edge: settle re-checks them
            self.created.push(r);
            self.created.push(l);
            for &s in o.segs() {
                self.tasks.push((pv, l, s));
                self.tasks.push((r, pv, s));
            }
        }
        if pv != cur && pv != to {
            self.tasks.push((pv, to, seg));
            self.tasks.push((cur, pv, seg));
        } else {
            self.tasks.push((cur, to, seg));
        }
    }

    /// Splits constrained edge `e` (both faces inner) at `x` when `x` lies
    /// strictly inside the quad of its two triangles, so the four new
    /// triangles are positive: the crossing vertex with no walk and both
    /// halves already constrained (owners copied). Delaunay is restored by
    /// flips. `None` (nothing changed) when `x` is elsewhere.
    fn split_at(&mut self, e: u32, x: Point) -> Option<u32> {
        let m = &self.mesh;
        let o = m.raw_opposite(e);
        let (r, l) = (m.raw_origin(e), m.raw_dest(e));
        let a1 = m.raw_dest(m.raw_next(e));
        let a2 = m.raw_dest(m.raw_next(o));
        let (pr, pl, p1, p2) = (m.raw_pos(r), m.raw_pos(l), m.raw_pos(a1), m.raw_pos(a2));
        if !(orient2d(pr, x, p1) > 0.0
            && orient2d(x, pl, p1) > 0.0
            && orient2d(pl, x, p2) > 0.0
            && orient2d(x, pr, p2) > 0.0)
        {
            return None;
        }
        let (e1, o1) = (m.raw_next(e), m.raw_next(o));
        let (e2, o2) = (m.raw_next(e1), m.raw_next(o1));
        let (v, h) = self.mesh.split_edge(e, x);
        self.set_user(v, false);
        self.hg_note(v, x);
        if let Some(ow) = self.owners.get(&(e >> 1)) {
            let ow = ow.clone();
            self.owners.insert(h >> 1, ow);
        }
        // the quad's sides and the two new spokes may be non-Delaunay
        let m = &self.mesh;
        let (s1, s2) = (m.raw_next(e1), m.raw_next(o));
        self.pending.extend_from_slice(&[e1, e2, o1, o2, s1, s2]);
        self.legalize_pending();
        Some(v)
    }

    /// Removes the vertices of `created` that are not needed, until none
    /// is left to check.
    ///
    /// Which vertices can be unneeded: being needed (see `vertex_needed`)
    /// only grows as ownerships are added, and splitting an owned edge in
    /// two keeps its end points' owned-edge counts and segments. So only a
    /// new crossing vertex, or an end of an edge that lost an owner (the
    /// re-routed edge of a crossing made off it, the chain neighbours of a
    /// removed vertex), can have become unneeded; those are exactly what is
    /// queued in `created`.
    ///
    /// Only a removal queues more vertices, so a round that removes nothing
    /// ends the loop. Removals are bounded by the work limit: a rounding
    /// cascade past it fails the operation with [`CdtError::WorkLimit`]
    /// (undone), never leaving needless vertices behind silently.
    pub(crate) fn settle(&mut self) {
        let mut removed = 0usize;
        let mut check = Vec::new();
        while !self.created.is_empty() && self.fail.is_none() {
            std::mem::swap(&mut check, &mut self.created);
            check.sort_unstable();
            check.dedup();
            for &v in &check {
                if self.cleanup_vertex(v) {
                    removed += 1;
                    if removed > self.task_limit {
                        self.fail
                            .get_or_insert(CdtError::WorkLimit(self.task_limit));
                    }
                }
            }
            check.clear();
        }
        self.created.clear();
    }

    pub(crate) fn take_owners(&mut self, e: u32) -> Option<Owners> {
        let o = self.owners.remove(&(e >> 1));
        if o.is_some() && !self.mesh.raw_is_border(e) {
            self.mesh.set_constrained(e, false);
            self.pending.push(e);
        }
        o
    }
}

/// Crossing point of segments `a b` and `c d`, computed the same way
/// whatever the order of the two segments and of their end points.
pub(crate) fn crossing_point(a: Point, b: Point, c: Point, d: Point) -> Point {
    let key = |p: Point| (p.x, p.y);
    let lt = |p: Point, q: Point| key(p) < key(q);
    let (a, b) = if lt(b, a) { (b, a) } else { (a, b) };
    let (c, d) = if lt(d, c) { (d, c) } else { (c, d) };
    let ((a, b), (c, d)) = if (key(c), key(d)) < (key(a), key(b)) {
        ((c, d), (a, b))
    } else {
        ((a, b), (c, d))
    };
    let (r, s) = ((b.x - a.x, b.y - a.y), (d.x - c.x, d.y - c.y));
    let den = r.0 * s.1 - r.1 * s.0;
    let t = ((c.x - a.x) * s.1 - (c.y - a.y) * s.0) / den;
    if t <= 0.5 {
        Point::new(a.x + t * r.0, a.y + t * r.1)
    } else {
        let u = t - 1.0;
        Point::new(b.x + u * r.0, b.y + u * r.1)
    }
}

/// Delaunay triangulation of the pseudo-polygon with base `a -> b` and the
/// `chain` of vertices left of it (ordered from the `a` side), Anglada's
/// recursion; pushes counter-clockwise triangles.
fn pseudo_polygon(m: &crate::mesh::Mesh, a: u32, b: u32, chain: &[u32], out: &mut Vec<[u32; 3]>) {
    if chain.is_empty() {
        return;
    }
    let (pa, pb) = (m.raw_pos(a), m.raw_pos(b));
    let mut ci = 0;
    for j in 1..chain.len() {
        if incircle(pa, pb, m.raw_pos(chain[ci]), m.raw_pos(chain[j])) > 0.0 {
            ci = j;
        }
    }
    let c = chain[ci];
    out.push([a, b, c]);
    pseudo_polygon(m, a, c, &chain[..ci], out);
    pseudo_polygon(m, c, b, &chain[ci + 1..], out);
}
