//! A flat, triangle-indexed snapshot of a triangulation for the path finder:
//! three vertex indices per triangle (counter-clockwise), and per half-edge
//! (`3 * triangle + i`, edge `v[i] -> v[i + 1]`) the opposite half-edge and a
//! wall flag. Cache friendly and rebuilt only when the world changes.

use crate::Point;
use crate::geometry::orient2d;
use crate::mesh::MeshDump;

use super::PathError;

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
    pub(crate) wall: Vec<bool>,
    /// Vertex touches a wall: a path may turn there.
    pub(crate) corner: Vec<bool>,
    /// Per triangle corner (`3 * t + i`, at vertex `tv[3t+i]`): the id of its
    /// wedge, a maximal run of triangles around the vertex not separated by a wall.
    pub(crate) wedge: Vec<u32>,
    pub(crate) wedge_count: u32,
    bounds: [f64; 4],
    revision: u64,
    /// Coarse grid of start triangles for point location.
    grid: Vec<u32>,
    grid_n: usize,
    /// Dead-end forest (see [`NavMesh::build_dead_ends`]): per triangle the
    /// half-edge leading out of its dead-end subtree, or `NONE`.
    pub(crate) exit: Vec<u32>,
    /// Per triangle: pre-order number in the dead-end forest and the end of
    /// its subtree's range (`pre[u]` in `pre[t]..end[t]` iff `u` is below `t`).
    pub(crate) pre: Vec<u32>,
    pub(crate) end: Vec<u32>,
    /// Per half-edge: a wall, the border, or the way down into a dead end
    /// (one flag to test on the search's hot path).
    pub(crate) shut: Vec<bool>,
}

/// What one [`NavMesh::update`] did.
///
/// ```
/// use daedalus::{triangulation::Cdt, path::NavMesh};
/// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
/// let mut nav = NavMesh::default();
/// let first = nav.update(&mut cdt);
/// assert!(first.rebuilt);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NavUpdate {
    /// The triangulation's [`revision`](crate::triangulation::Cdt::revision) the snapshot now shows.
    pub revision: u64,
    /// Where the triangles changed since the previous update (the union of
    /// the old and new triangles' boxes), `None` when nothing changed or the
    /// whole snapshot was rebuilt.
    pub region: Option<crate::geometry::Rect>,
    /// The snapshot was built from scratch (first update, another
    /// triangulation, or a change too large to patch).
    pub rebuilt: bool,
    /// Triangles written by this update.
    pub triangles: usize,
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
        Ok(Self::finish(pos, tv, opp, wall, [xmin, ymin, xmax, ymax]))
    }

    /// Builds the snapshot of a [`Cdt`](crate::triangulation::Cdt) straight
    /// from its half-edges (walls = constrained edges and the border).
    /// Rebuild it after the world changes; each build gets a new
    /// [`NavMesh::revision`].
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap();
    /// let nav = NavMesh::from_cdt(&cdt);
    /// let p = PathFinder::new().find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((p.length() - 10.0).abs() < 1e-12);
    /// ```
    pub fn from_cdt(cdt: &crate::triangulation::Cdt) -> NavMesh {
        let m = cdt.mesh();
        let nf = m.fedge.len();
        // Half-edge -> local half-edge index (3 * triangle + i).
        let mut local = vec![NONE; m.he.len()];
        let mut tv = Vec::with_capacity(nf * 3);
        let mut hes = Vec::with_capacity(nf * 3);
        for f in 0..nf as u32 {
            if m.raw_is_outer_face(f) {
                continue;
            }
            let e = m.fedge.get(f as usize);
            if e == NONE {
                continue;
            }
            let t = (tv.len() / 3) as u32;
            let mut x = e;
            for i in 0..3 {
                local[x as usize] = 3 * t + i;
                tv.push(m.raw_origin(x));
                hes.push(x);
                x = m.raw_next(x);
            }
        }
        let mut opp = vec![NONE; tv.len()];
        let mut wall = vec![false; tv.len()];
        for (h, &e) in hes.iter().enumerate() {
            opp[h] = local[m.raw_opposite(e) as usize];
            wall[h] = m.raw_is_constrained(e);
        }
        let pos = m.pos.clone();
        Self::finish(pos, tv, opp, wall, cdt.bounds())
    }

    /// Brings the snapshot up to date with every change made to `cdt` since
    /// this snapshot last followed it (a full build the first time, or when
    /// it followed another triangulation). Queries then see the world as it
    /// is now; [`NavUpdate`] says what changed.
    ///
    /// ```
    /// use daedalus::{Point, triangulation::Cdt, path::{NavMesh, PathFinder}};
    /// let mut cdt = Cdt::new(0.0, 0.0, 10.0, 10.0).unwrap();
    /// let mut nav = NavMesh::default();
    /// nav.update(&mut cdt);
    /// let mut finder = PathFinder::new();
    /// let straight = finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((straight.length() - 8.0).abs() < 1e-12);
    /// cdt.insert_segment([5.0, 2.0], [5.0, 8.0]).unwrap();
    /// let u = nav.update(&mut cdt);
    /// assert_eq!(u.revision, cdt.revision());
    /// let around = finder.find_path(&nav, Point::new(1.0, 5.0), Point::new(9.0, 5.0), 0.0).unwrap();
    /// assert!((around.length() - 10.0).abs() < 1e-12);
    /// ```
    pub fn update(&mut self, cdt: &mut crate::triangulation::Cdt) -> NavUpdate {
        *self = NavMesh::from_cdt(cdt);
        NavUpdate {
            revision: cdt.revision(),
            region: None,
            rebuilt: true,
            triangles: self.triangle_count(),
        }
    }

    /// Completes a snapshot from raw arrays (used by the CDT adapter too).
    pub(crate) fn finish(
        pos: Vec<Point>,
        tv: Vec<u32>,
        opp: Vec<u32>,
        wall: Vec<bool>,
        bounds: [f64; 4],
    ) -> NavMesh {
        let (tv, opp, mut wall) = spatial_order(&pos, tv, opp, wall, bounds);
        let mut corner = vec![false; pos.len()];
        for h in 0..tv.len() {
            if opp[h] == NONE {
                wall[h] = true;
            }
            if wall[h] {
                corner[tv[h] as usize] = true;
                corner[tv[3 * (h / 3) + (h % 3 + 1) % 3] as usize] = true;
            }
        }
        let mut nav = NavMesh {
            pos,
            tv,
            opp,
            wall,
            corner,
            wedge: Vec::new(),
            wedge_count: 0,
            bounds,
            revision: NEXT_REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            grid: Vec::new(),
            grid_n: 0,
            exit: Vec::new(),
            pre: Vec::new(),
            end: Vec::new(),
            shut: Vec::new(),
        };
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
        self.tv.len() / 3
    }

    /// A number unique to this build of the snapshot: an [`Entity`](super::Entity)
    /// re-plans when the snapshot it is given has a new revision.
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, path::NavMesh};
    /// let cdt = Cdt::new(0.0, 0.0, 1.0, 1.0).unwrap();
    /// assert_ne!(NavMesh::from_cdt(&cdt).revision(), NavMesh::from_cdt(&cdt).revision());
    /// ```
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// `[xmin, ymin, xmax, ymax]` of the world.
    ///
    /// ```
    /// use daedalus::{triangulation::Cdt, path::NavMesh};
    /// let nav = NavMesh::from_cdt(&Cdt::new(0.0, 0.0, 4.0, 3.0).unwrap());
    /// assert_eq!(nav.bounds(), [0.0, 0.0, 4.0, 3.0]);
    /// ```
    pub fn bounds(&self) -> [f64; 4] {
        self.bounds
    }

    #[inline]
    pub(crate) fn v(&self, h: u32) -> u32 {
        self.tv[h as usize]
    }
    #[inline]
    pub(crate) fn p(&self, v: u32) -> Point {
        self.pos[v as usize]
    }

    // Corner `c = 3t + i`: clockwise next corner around the vertex is across
    // edge i (v -> v[i+1]); counter-clockwise next across edge i+2.
    fn build_wedges(&mut self) {
        let n = self.tv.len();
        let mut wedge = vec![NONE; n];
        let mut id = 0u32;
        for c0 in 0..n {
            if wedge[c0] != NONE {
                continue;
            }
            // Walk clockwise to the first corner whose clockwise edge is a wall.
            let mut c = c0 as u32;
            loop {
                let h = c; // edge i of the triangle starts at this corner
                if self.wall[h as usize] {
                    break;
                }
                let o = self.opp[h as usize];
                // In the other triangle the edge runs v[i+1] -> v; our vertex is at o's next corner.
                let nc = next(o);
                if nc == c0 as u32 {
                    break;
                }
                c = nc;
            }
            // Walk counter-clockwise assigning `id`.
            let start = c;
            loop {
                wedge[c as usize] = id;
                let h = prev(c); // edge i+2 ends at this corner
                if self.wall[h as usize] {
                    break;
                }
                let o = self.opp[h as usize];
                // Other triangle: edge runs v -> v[i+2]; our vertex is at o.
                let nc = o;
                if nc == start {
                    break;
                }
                c = nc;
            }
            id += 1;
        }
        self.wedge = wedge;
        self.wedge_count = id;
    }

    /// Dead-end pruning (as in Shen et al.'s Polyanya pruning, peeled to any
    /// depth): repeatedly remove triangles with one open (non-wall) edge
    /// left. A removed triangle's subtree hangs off the rest through that
    /// one edge only (around any other shared vertex lie walls, which a path
    /// cannot pass), so a shortest path enters it through that edge only
    /// when the goal lies in it: it would have to leave through the same
    /// edge, and the chord along the edge is no longer.
    fn build_dead_ends(&mut self) {
        let nt = self.triangle_count();
        let open = |h: usize| !self.wall[h] && self.opp[h] != NONE;
        let mut deg: Vec<u8> = (0..nt)
            .map(|t| (0..3).filter(|&i| open(3 * t + i)).count() as u8)
            .collect();
        let mut peeled = vec![false; nt];
        let mut exit = vec![NONE; nt];
        let mut queue: Vec<u32> = (0..nt as u32).filter(|&t| deg[t as usize] <= 1).collect();
        while let Some(t) = queue.pop() {
            let tu = t as usize;
            if peeled[tu] {
                continue;
            }
            peeled[tu] = true;
            for i in 0..3 {
                let h = 3 * tu + i;
                if !open(h) {
                    continue;
                }
                let u = (self.opp[h] / 3) as usize;
                if peeled[u] {
                    continue;
                }
                exit[tu] = h as u32;
                deg[u] -= 1;
                if deg[u] == 1 {
                    queue.push(u as u32);
                }
            }
        }
        // Pre-order ranges of the forest (parent = across the exit edge).
        let mut first_child = vec![NONE; nt];
        let mut sibling = vec![NONE; nt];
        for t in 0..nt {
            if exit[t] != NONE {
                let p = (self.opp[exit[t] as usize] / 3) as usize;
                sibling[t] = first_child[p];
                first_child[p] = t as u32;
            }
        }
        let mut pre = vec![0u32; nt];
        let mut end = vec![0u32; nt];
        let mut counter = 0u32;
        let mut stack: Vec<(u32, bool)> = Vec::new();
        for (r, _) in exit.iter().enumerate().filter(|(_, e)| **e == NONE) {
            stack.push((r as u32, false));
            while let Some((t, done)) = stack.pop() {
                let tu = t as usize;
                if done {
                    end[tu] = counter;
                    continue;
                }
                pre[tu] = counter;
                counter += 1;
                stack.push((t, true));
                let mut c = first_child[tu];
                while c != NONE {
                    stack.push((c, false));
                    c = sibling[c as usize];
                }
            }
        }
        self.shut = (0..self.tv.len())
            .map(|h| {
                let o = self.opp[h];
                self.wall[h] || o == NONE || exit[(o / 3) as usize] == o
            })
            .collect();
        self.exit = exit;
        self.pre = pre;
        self.end = end;
    }

    /// True when `t` lies in the dead-end subtree below `top`.
    #[inline]
    pub(crate) fn below(&self, top: u32, t: u32) -> bool {
        let (p, q) = (self.pre[top as usize], self.pre[t as usize]);
        q >= p && q < self.end[top as usize]
    }

    fn build_grid(&mut self) {
        let nt = self.triangle_count();
        if nt == 0 {
            return;
        }
        // About one triangle per cell: the walk from the hint is short.
        let n = ((nt as f64).sqrt().ceil() as usize).clamp(1, 1024);
        let mut grid = vec![NONE; n * n];
        let [x0, y0, x1, y1] = self.bounds;
        let (sx, sy) = ((x1 - x0) / n as f64, (y1 - y0) / n as f64);
        for t in 0..nt as u32 {
            let c = self.centroid(t);
            let k = self.cell(c, n);
            if grid[k] == NONE {
                grid[k] = t;
            }
            // Also every cell whose centre the triangle holds (a hint only:
            // plain float tests), for triangles of a few cells.
            let (a, b, d) = (
                self.p(self.v(3 * t)),
                self.p(self.v(3 * t + 1)),
                self.p(self.v(3 * t + 2)),
            );
            let lo = self.cell_xy(Point::new(a.x.min(b.x).min(d.x), a.y.min(b.y).min(d.y)), n);
            let hi = self.cell_xy(Point::new(a.x.max(b.x).max(d.x), a.y.max(b.y).max(d.y)), n);
            if (hi.0 - lo.0 + 1) * (hi.1 - lo.1 + 1) > 64 {
                continue;
            }
            let inside = |p: Point| {
                let s = |u: Point, v: Point| (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x);
                s(a, b) >= 0.0 && s(b, d) >= 0.0 && s(d, a) >= 0.0
            };
            for cy in lo.1..=hi.1 {
                for cx in lo.0..=hi.0 {
                    let centre =
                        Point::new(x0 + (cx as f64 + 0.5) * sx, y0 + (cy as f64 + 0.5) * sy);
                    if inside(centre) {
                        grid[cy * n + cx] = t;
                    }
                }
            }
        }
        // Fill empty cells from a neighbour so every cell has a start.
        let mut last = 0;
        for g in grid.iter_mut() {
            if *g == NONE {
                *g = last;
            } else {
                last = *g;
            }
        }
        self.grid = grid;
        self.grid_n = n;
    }

    fn centroid(&self, t: u32) -> Point {
        let (a, b, c) = (
            self.p(self.v(3 * t)),
            self.p(self.v(3 * t + 1)),
            self.p(self.v(3 * t + 2)),
        );
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    fn cell_xy(&self, p: Point, n: usize) -> (usize, usize) {
        let [x0, y0, x1, y1] = self.bounds;
        let fx = ((p.x - x0) / (x1 - x0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        let fy = ((p.y - y0) / (y1 - y0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        (fx, fy)
    }

    fn cell(&self, p: Point, n: usize) -> usize {
        let [x0, y0, x1, y1] = self.bounds;
        let fx = ((p.x - x0) / (x1 - x0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        let fy = ((p.y - y0) / (y1 - y0) * n as f64).clamp(0.0, n as f64 - 1.0) as usize;
        fy * n + fx
    }

    /// A triangle whose closure contains `p`, or `None` when `p` is outside
    /// the mesh. Remembering stochastic walk from a grid hint.
    pub(crate) fn locate(&self, p: Point) -> Option<u32> {
        if self.grid.is_empty() {
            return None;
        }
        let mut t = self.grid[self.cell(p, self.grid_n)];
        let mut seed = (p.x.to_bits() ^ p.y.to_bits().rotate_left(17)) | 1;
        let mut came = NONE;
        let limit = 4 * self.triangle_count() + 16;
        for _ in 0..limit {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let s = (seed % 3) as u32;
            let mut moved = false;
            for k in 0..3 {
                let h = 3 * t + (s + k) % 3;
                if h == came {
                    continue;
                }
                let a = self.p(self.v(h));
                let b = self.p(self.v(next(h)));
                if orient2d(a, b, p) < 0.0 {
                    let o = self.opp[h as usize];
                    if o == NONE {
                        return None;
                    }
                    came = o;
                    t = o / 3;
                    moved = true;
                    break;
                }
            }
            if !moved {
                return Some(t);
            }
        }
        None
    }

    /// All triangles whose closure contains `p` (1, 2 on an edge, or the fan
    /// of a vertex), appended to `out`.
    pub(crate) fn containing(&self, p: Point, out: &mut Vec<u32>) -> bool {
        let Some(t) = self.locate(p) else {
            return false;
        };
        let mut zeros = [0u32; 3];
        let mut nz = 0;
        for i in 0..3 {
            let h = 3 * t + i;
            if orient2d(self.p(self.v(h)), self.p(self.v(next(h))), p) == 0.0 {
                zeros[nz] = h;
                nz += 1;
            }
        }
        match nz {
            0 => out.push(t),
            1 => {
                out.push(t);
                let o = self.opp[zeros[0] as usize];
                if o != NONE {
                    out.push(o / 3);
                }
            }
            _ => {
                // On a vertex: the corner of t at that vertex.
                let c = if next(zeros[0]) == zeros[1] {
                    zeros[1]
                } else {
                    zeros[0]
                };
                self.fan(c, out);
            }
        }
        true
    }

    /// Every triangle around the vertex of corner `c` (walls included).
    fn fan(&self, c: u32, out: &mut Vec<u32>) {
        out.push(c / 3);
        let mut cur = c;
        loop {
            let o = self.opp[prev(cur) as usize];
            if o == NONE {
                break;
            }
            if o == c {
                return;
            }
            out.push(o / 3);
            cur = o;
        }
        // Hit the border: go clockwise too.
        let mut cur = c;
        loop {
            let o = self.opp[cur as usize];
            if o == NONE {
                break;
            }
            let nc = next(o);
            out.push(nc / 3);
            cur = nc;
        }
    }
}

/// Renumbers the triangles along a Z-order curve of their centroids, so
/// that triangles near in the plane are near in memory (the search walks
/// neighbours; the triangulation's own face order follows its edit history).
fn spatial_order(
    pos: &[Point],
    tv: Vec<u32>,
    opp: Vec<u32>,
    wall: Vec<bool>,
    bounds: [f64; 4],
) -> (Vec<u32>, Vec<u32>, Vec<bool>) {
    let nt = tv.len() / 3;
    let [x0, y0, x1, y1] = bounds;
    let (w, h) = (
        (x1 - x0).max(f64::MIN_POSITIVE),
        (y1 - y0).max(f64::MIN_POSITIVE),
    );
    let spread = |v: u32| {
        let mut v = v as u64 & 0xffff;
        v = (v | (v << 8)) & 0x00ff_00ff;
        v = (v | (v << 4)) & 0x0f0f_0f0f;
        v = (v | (v << 2)) & 0x3333_3333;
        (v | (v << 1)) & 0x5555_5555
    };
    let code = |t: usize| {
        let (a, b, c) = (
            pos[tv[3 * t] as usize],
            pos[tv[3 * t + 1] as usize],
            pos[tv[3 * t + 2] as usize],
        );
        let cx = ((a.x + b.x + c.x) / 3.0 - x0) / w;
        let cy = ((a.y + b.y + c.y) / 3.0 - y0) / h;
        let q = |f: f64| (f.clamp(0.0, 1.0) * 65535.0) as u32;
        spread(q(cx)) | (spread(q(cy)) << 1)
    };
    let mut order: Vec<(u64, u32)> = (0..nt).map(|t| (code(t), t as u32)).collect();
    order.sort_unstable();
    let mut new_of = vec![0u32; nt];
    for (n, &(_, t)) in order.iter().enumerate() {
        new_of[t as usize] = n as u32;
    }
    let remap = |e: u32| {
        if e == NONE {
            NONE
        } else {
            3 * new_of[(e / 3) as usize] + e % 3
        }
    };
    let mut ntv = Vec::with_capacity(tv.len());
    let mut nopp = Vec::with_capacity(tv.len());
    let mut nwall = Vec::with_capacity(tv.len());
    for &(_, t) in &order {
        for i in 0..3 {
            let e = 3 * t as usize + i;
            ntv.push(tv[e]);
            nopp.push(remap(opp[e]));
            nwall.push(wall[e]);
        }
    }
    (ntv, nopp, nwall)
}

#[inline]
pub(crate) fn next(h: u32) -> u32 {
    if h % 3 == 2 { h - 2 } else { h + 1 }
}

#[inline]
pub(crate) fn prev(h: u32) -> u32 {
    if h.is_multiple_of(3) { h + 2 } else { h - 1 }
}
