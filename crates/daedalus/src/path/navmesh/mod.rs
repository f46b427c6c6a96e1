//! A flat, triangle-indexed view of a triangulation for the path finder:
//! three vertex indices per triangle (counter-clockwise), and per half-edge
//! (`3 * triangle + i`, edge `v[i] -> v[i + 1]`) the opposite half-edge and a
//! wall flag. Cache friendly, built once, then patched where the
//! triangulation changed ([`NavMesh::update`], see `update`).

mod bits;
mod build;
#[cfg(test)]
mod check;
mod corner_arcs;
mod locate;
mod narrow;
mod update;

use crate::geometry::orient2d;
use crate::mesh::MeshDump;
use crate::{Point, Rect};

use super::PathError;
pub(crate) use bits::Bits;
use build::spatial_order;
pub(crate) use corner_arcs::{Arcs, ang};
pub(crate) use narrow::{narrow_edge, narrow_limit};
pub use update::NavUpdate;

static NEXT_REVISION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// No triangle / half-edge.
pub(crate) const NONE: u32 = u32::MAX;

/// The navigation snapshot the path finder searches.
///
/// ```
/// use daedalus::mesh::MeshDump;
/// use daedalus::path::NavMesh;
/// // The square [0, 2]^2 as two triangles.
/// let dump = MeshDump {
///     vertices: vec![[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]],
///     triangles: vec![[0, 1, 2], [0, 2, 3]],
///     constrained: vec![],
/// };
/// let nav = NavMesh::from_dump(&dump).unwrap();
/// assert_eq!(nav.triangle_count(), 2);
/// ```
#[derive(Clone, Debug, Default)]
pub struct NavMesh {
    pub(crate) pos: Vec<Point>,
    /// 3 vertex indices per triangle, counter-clockwise.
    pub(crate) tv: Vec<u32>,
    /// Opposite half-edge, or `NONE` on the border.
    pub(crate) opp: Vec<u32>,
    /// Half-edge is a wall (a constrained edge or the border).
    pub(crate) wall: Bits,
    /// Vertex touches a wall: a path may turn there.
    pub(crate) corner: Bits,
    /// Per triangle corner (`3 * t + i`, at vertex `tv[3t+i]`): the id of its
    /// wedge, a maximal run of triangles around the vertex not separated by a wall.
    pub(crate) wedge: Vec<u32>,
    /// Wedge ids in use are below this (arrays indexed by wedge id).
    pub(crate) wedge_count: u32,
    /// Wedge ids given back by patches.
    free_wedges: Vec<u32>,
    bounds: [f64; 4],
    revision: u64,
    /// Coarse grid of start triangles for point location.
    grid: Vec<u32>,
    grid_n: usize,
    /// Dead-end forest (see [`NavMesh::build_dead_ends`]): per triangle the
    /// half-edge leading out of its dead-end subtree (to its parent), or `NONE`.
    pub(crate) exit: Vec<u32>,
    /// Per half-edge: a wall, the border, or the way down into a dead end
    /// (one flag to test on the search's hot path).
    pub(crate) shut: Bits,
    /// Per vertex: a corner at it and the free arc a disc can wrap.
    pub(crate) arcs: Arcs,
    /// Live triangles (slots minus free ones).
    live: usize,
    /// Per slot: the triangulation face it shows, `NONE` if the slot is free
    /// (or the snapshot came from a dump).
    tri_face: Vec<u32>,
    /// Per triangulation face: its slot, `NONE` if none.
    face_tri: Vec<u32>,
    free_tris: Vec<u32>,
    /// The change log (id, epoch) this snapshot drained last.
    follow: Option<(u64, u64)>,
    /// Triangles whose dead-end pruning patches gave up since the last build.
    lost: usize,
    /// A live triangle (location falls back to it when a grid hint died).
    any: u32,
    scratch: update::Scratch,
    /// Where each update since the build changed the triangles.
    pub(crate) history: update::History,
}

impl NavMesh {
    /// Builds the snapshot from a mesh dump (triangles counter-clockwise,
    /// covering the bounds; `constrained` = walls). The border is a wall.
    ///
    /// ```
    /// use daedalus::{mesh::MeshDump, path::NavMesh};
    /// let bad = MeshDump { vertices: vec![[0.0, 0.0]], triangles: vec![[0, 1, 2]], constrained: vec![] };
    /// assert!(NavMesh::from_dump(&bad).is_err());
    /// ```
    pub fn from_dump(d: &MeshDump) -> Result<NavMesh, PathError> {
        let pos: Vec<Point> = d.vertices.iter().map(|&p| Point::from(p)).collect();
        let nv = pos.len() as u32;
        let mut tv = Vec::with_capacity(d.triangles.len() * 3);
        for t in &d.triangles {
            if t.iter().any(|&v| v >= nv) {
                return Err(PathError::InvalidMesh("triangle vertex out of range"));
            }
            let (a, b, c) = (pos[t[0] as usize], pos[t[1] as usize], pos[t[2] as usize]);
            let o = orient2d(a, b, c);
            if o > 0.0 {
                tv.extend_from_slice(t);
            } else if o < 0.0 {
                tv.extend_from_slice(&[t[0], t[2], t[1]]);
            } else {
                return Err(PathError::InvalidMesh("degenerate triangle"));
            }
        }
        let key = |a: u32, b: u32| ((a.min(b) as u64) << 32) | a.max(b) as u64;
        let walls: std::collections::HashSet<u64> =
            d.constrained.iter().map(|e| key(e[0], e[1])).collect();
        let mut edges: std::collections::HashMap<u64, u32> =
            std::collections::HashMap::with_capacity(tv.len());
        let mut opp = vec![NONE; tv.len()];
        let mut wall = vec![false; tv.len()];
        for h in 0..tv.len() {
            let t = h / 3;
            let (a, b) = (tv[h], tv[3 * t + (h % 3 + 1) % 3]);
            let k = key(a, b);
            wall[h] = walls.contains(&k);
            match edges.remove(&k) {
                Some(o) => {
                    if opp[o as usize] != NONE {
                        return Err(PathError::InvalidMesh("edge shared by 3 triangles"));
                    }
                    opp[o as usize] = h as u32;
                    opp[h] = o;
                }
                None => {
                    edges.insert(k, h as u32);
                }
            }
        }
        let (mut xmin, mut ymin, mut xmax, mut ymax) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in &pos {
            xmin = xmin.min(p.x);
            ymin = ymin.min(p.y);
            xmax = xmax.max(p.x);
            ymax = ymax.max(p.y);
        }
        let face = vec![NONE; tv.len() / 3];
        Ok(Self::finish(
            pos,
            tv,
            opp,
            wall,
            face,
            [xmin, ymin, xmax, ymax],
        ))
    }

    /// Builds the snapshot of a [`Cdt`](crate::triangulation::Cdt) straight
    /// from its half-edges (walls = constrained edges and the border).
    /// Rebuild it after the world changes; each build gets a new
    /// [`NavMesh::revision`].
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
    /// let mut cdt = Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap();
    /// let nav = NavMesh::from_cdt(&cdt);
    /// let p = PathFinder::new().find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((p.length() - 10.0).abs() < 1e-12);
    /// ```
    pub fn from_cdt(cdt: &crate::triangulation::Cdt) -> NavMesh {
        let m = cdt.mesh();
        let nf = m.fedge.len();
        // The live inner faces in Z-order of their centroids (see
        // `spatial_order`): key and face in one word, one integer sort.
        // (The first vertex's key reads two records fewer per face, a
        // third of the snapshot's build on sc1/Aurora, but slowed queries
        // on street maps by up to a fifth: long thin triangles.)
        let key = build::z_key(cdt.bounds);
        let mut order: Vec<u64> = Vec::with_capacity(nf);
        for f in 0..nf as u32 {
            if m.raw_is_outer_face(f) {
                continue;
            }
            let e = m.fedge.get(f as usize);
            if e == NONE {
                continue;
            }
            let e1 = m.raw_next(e);
            let e2 = m.raw_next(e1);
            let p = |x: u32| m.raw_pos(m.raw_origin(x));
            let (a, b, c) = (p(e), p(e1), p(e2));
            let centroid = Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0);
            order.push((key(centroid) << 32) | f as u64);
        }
        build::sort_by_high_word(&mut order);
        // Half-edge -> local half-edge index (3 * triangle + i). One pass in
        // triangle order reads each record once and keeps its opposite
        // half-edge in `opp`; the second pass then maps it with one lookup
        // (reading the record again there was a cache miss per half-edge).
        let mut local = vec![NONE; m.he.len()];
        let mut tv = Vec::with_capacity(order.len() * 3);
        let mut opp = Vec::with_capacity(order.len() * 3);
        // Flags set straight into their bits (no `bool` column to pack).
        let mut wall = Bits::default();
        wall.grow(order.len() * 3, false);
        let mut face = Vec::with_capacity(order.len());
        for (t, &k) in order.iter().enumerate() {
            let (t, f) = (t as u32, (k & 0xffff_ffff) as u32);
            let e = m.fedge.get(f as usize);
            face.push(f);
            // A triangle's three records, then one push per column.
            let (mut v, mut o) = ([0u32; 3], [0u32; 3]);
            let mut x = e;
            for i in 0..3 {
                let [origin, op, n, _] = m.raw_record(x);
                let h = 3 * t + i as u32;
                local[x as usize] = h;
                v[i] = origin;
                o[i] = op;
                if m.raw_is_constrained(x) {
                    wall.set(h as usize, true);
                }
                x = n;
            }
            tv.extend_from_slice(&v);
            opp.extend_from_slice(&o);
        }
        drop(order);
        // The border is a wall.
        for (h, o) in opp.iter_mut().enumerate() {
            *o = local[*o as usize];
            if *o == NONE {
                wall.set(h, true);
            }
        }
        // Freed before the snapshot's other tables are built: the build's
        // peak memory matters as much as what it keeps.
        drop(local);
        let pos = m.pos.clone();
        Self::finish_ordered(pos, tv, opp, wall, face, cdt.bounds)
    }

    /// Completes a snapshot from raw arrays (`face`: the triangulation face
    /// of each triangle, or `NONE`).
    pub(crate) fn finish(
        pos: Vec<Point>,
        tv: Vec<u32>,
        opp: Vec<u32>,
        wall: Vec<bool>,
        face: Vec<u32>,
        bounds: [f64; 4],
    ) -> NavMesh {
        let (tv, opp, mut wall, face) = spatial_order(&pos, tv, opp, wall, face, bounds);
        // The border is a wall.
        for (w, &o) in wall.iter_mut().zip(&opp) {
            *w |= o == NONE;
        }
        Self::finish_ordered(pos, tv, opp, Bits::from(&wall[..]), face, bounds)
    }

    /// [`NavMesh::finish`] of triangles already in spatial order, their
    /// border edges marked as walls.
    fn finish_ordered(
        pos: Vec<Point>,
        tv: Vec<u32>,
        opp: Vec<u32>,
        wall: Bits,
        tri_face: Vec<u32>,
        bounds: [f64; 4],
    ) -> NavMesh {
        let nfaces = tri_face
            .iter()
            .filter(|&&f| f != NONE)
            .max()
            .map_or(0, |&f| f as usize + 1);
        let mut face_tri = vec![NONE; nfaces];
        for (t, &f) in tri_face.iter().enumerate() {
            if f != NONE {
                face_tri[f as usize] = t as u32;
            }
        }
        let live = tv.len() / 3;
        let revision = NEXT_REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut nav = NavMesh {
            pos,
            tv,
            opp,
            wall,
            corner: Bits::default(),
            wedge: Vec::new(),
            wedge_count: 0,
            free_wedges: Vec::new(),
            bounds,
            revision,
            grid: Vec::new(),
            grid_n: 0,
            exit: Vec::new(),
            shut: Bits::default(),
            arcs: Arcs::default(),
            live,
            tri_face,
            face_tri,
            free_tris: Vec::new(),
            follow: None,
            lost: 0,
            any: 0,
            scratch: Default::default(),
            history: update::History::new(revision),
        };
        // The wedges and the corner tables in one walk round every vertex.
        nav.build_wedges();
        nav.build_grid();
        nav.build_dead_ends();
        nav
    }

    /// Number of triangles.
    ///
    /// ```
    /// assert_eq!(daedalus::path::NavMesh::default().triangle_count(), 0);
    /// ```
    pub fn triangle_count(&self) -> usize {
        self.live
    }

    /// Triangle slots, free ones included (arrays indexed by triangle).
    #[inline]
    pub(crate) fn slots(&self) -> usize {
        self.tv.len() / 3
    }

    /// A number unique to this build of the snapshot: an [`Entity`](super::Entity)
    /// re-plans when the snapshot it is given has a new revision.
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, path::NavMesh};
    /// let cdt = Cdt::new([0.0, 0.0], [1.0, 1.0]).unwrap();
    /// assert_ne!(NavMesh::from_cdt(&cdt).revision(), NavMesh::from_cdt(&cdt).revision());
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Heap bytes held by the snapshot (capacity of every table).
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, path::NavMesh};
    /// let nav = NavMesh::from_cdt(&Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap());
    /// assert!(nav.heap_bytes() > 0);
    /// ```
    pub fn heap_bytes(&self) -> usize {
        self.heap_parts().iter().map(|p| p.bytes).sum()
    }

    /// [`NavMesh::heap_bytes`] table by table.
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, path::NavMesh};
    /// let nav = NavMesh::from_cdt(&Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap());
    /// let parts = nav.heap_parts();
    /// assert_eq!(parts.iter().map(|p| p.bytes).sum::<usize>(), nav.heap_bytes());
    /// ```
    pub fn heap_parts(&self) -> Vec<crate::mesh::HeapPart> {
        use crate::mesh::{HeapPart, vec_bytes as b};
        let a = &self.arcs;
        let part = |name, bytes| HeapPart { name, bytes };
        vec![
            part("nav.positions", b(&self.pos)),
            part("nav.triangle_vertices", b(&self.tv)),
            part("nav.opposite", b(&self.opp)),
            part("nav.wall_flags", self.wall.heap_bytes()),
            part("nav.corner_flags", self.corner.heap_bytes()),
            part("nav.wedges", b(&self.wedge) + b(&self.free_wedges)),
            part("nav.location_grid", b(&self.grid)),
            part("nav.dead_end_exit", b(&self.exit)),
            part("nav.shut_flags", self.shut.heap_bytes()),
            part(
                "nav.face_maps",
                b(&self.tri_face) + b(&self.face_tri) + b(&self.free_tris),
            ),
            part("nav.arcs.vertex_corner", b(&a.vcorner)),
            part("nav.arcs.useful", a.useful.heap_bytes()),
            part("nav.arcs.slot", a.heap_bytes().0),
            part("nav.arcs.records", a.heap_bytes().1),
            part("nav.patch_scratch", self.scratch.heap_bytes()),
        ]
    }

    /// The world rectangle.
    ///
    /// ```
    /// use daedalus::{Rect, triangulation::Cdt, path::NavMesh};
    /// let nav = NavMesh::from_cdt(&Cdt::new([0.0, 0.0], [4.0, 3.0]).unwrap());
    /// assert_eq!(nav.bounds(), Rect::new([0.0, 0.0], [4.0, 3.0]));
    /// ```
    pub fn bounds(&self) -> Rect {
        let [x0, y0, x1, y1] = self.bounds;
        Rect::new([x0, y0], [x1, y1])
    }

    #[inline]
    pub(crate) fn v(&self, h: u32) -> u32 {
        self.tv[h as usize]
    }
    #[inline]
    pub(crate) fn p(&self, v: u32) -> Point {
        self.pos[v as usize]
    }
}

#[inline]
pub(crate) fn next(h: u32) -> u32 {
    if h % 3 == 2 { h - 2 } else { h + 1 }
}

#[inline]
pub(crate) fn prev(h: u32) -> u32 {
    if h.is_multiple_of(3) { h + 2 } else { h - 1 }
}
