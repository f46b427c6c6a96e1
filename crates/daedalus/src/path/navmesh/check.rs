//! Invariant checker of a followed snapshot against its triangulation and
//! against a from-scratch build (tests only).

use super::{NONE, NavMesh, next, prev};
use crate::triangulation::Cdt;

impl NavMesh {
    /// Every way this snapshot differs from what `cdt` says it should be:
    /// slots and faces, links, walls, corner flags and tables, wedges,
    /// grid hints and the soundness of every dead-end claim.
    pub(crate) fn check(&self, cdt: &Cdt) -> Vec<String> {
        let m = &cdt.mesh;
        let mut bad = Vec::new();
        let mut live = 0;
        for t in 0..self.slots() as u32 {
            let f = self.tri_face[t as usize];
            if f == NONE {
                if self.tv[3 * t as usize] != NONE {
                    bad.push(format!("free slot {t} has vertices"));
                }
                continue;
            }
            live += 1;
            if !m.face_alive(f) || self.face_tri[f as usize] != t {
                bad.push(format!("slot {t} -> face {f} not live or not mapped back"));
                continue;
            }
            // Same vertices, same rotation class.
            let e0 = m.raw_face_edge(f);
            let vs = [
                m.raw_origin(e0),
                m.raw_origin(m.raw_next(e0)),
                m.raw_origin(m.raw_next(m.raw_next(e0))),
            ];
            let tv = [self.v(3 * t), self.v(3 * t + 1), self.v(3 * t + 2)];
            if !(0..3).any(|r| (0..3).all(|i| vs[(i + r) % 3] == tv[i])) {
                bad.push(format!("slot {t}: vertices {tv:?} vs face {vs:?}"));
            }
            for h in 3 * t..3 * t + 3 {
                let (a, b) = (self.v(h), self.v(next(h)));
                if self.pos[a as usize] != m.raw_pos(a) {
                    bad.push(format!("vertex {a} position"));
                }
                let o = self.opp[h as usize];
                let border = o == NONE;
                if !border && (self.opp[o as usize] != h || self.v(o) != b || self.v(next(o)) != a)
                {
                    bad.push(format!("half-edge {h}: opposite {o} does not match"));
                }
                // The face's half-edge a -> b and its constraint.
                let found = [e0, m.raw_next(e0), m.raw_next(m.raw_next(e0))]
                    .into_iter()
                    .find(|&e| m.raw_origin(e) == a && m.raw_dest(e) == b)
                    .unwrap_or(NONE);
                if found == NONE {
                    bad.push(format!("half-edge {h} ({a}->{b}) not in the face"));
                    continue;
                }
                let mborder = m.raw_face(m.raw_opposite(found)) < crate::mesh::OUTER_FACES;
                if mborder != border {
                    bad.push(format!("half-edge {h}: border {border} vs mesh {mborder}"));
                }
                if self.wall[h as usize] != (m.raw_is_constrained(found) || mborder) {
                    bad.push(format!("half-edge {h}: wall flag"));
                }
                let shut = self.wall[h as usize] || border || self.exit[(o / 3) as usize] == o;
                if self.shut[h as usize] != shut {
                    bad.push(format!("half-edge {h}: shut flag"));
                }
            }
            // Dead-end claim: the exit is open, every other open edge leads to a child.
            let x = self.exit[t as usize];
            if x != NONE {
                if x / 3 != t || self.wall[x as usize] || self.opp[x as usize] == NONE {
                    bad.push(format!("slot {t}: exit {x} not an open edge of it"));
                }
                for h in 3 * t..3 * t + 3 {
                    let o = self.opp[h as usize];
                    if h == x || self.wall[h as usize] || o == NONE {
                        continue;
                    }
                    if self.exit[(o / 3) as usize] != o {
                        bad.push(format!(
                            "slot {t} (dead end) has open edge {h} to a non-child"
                        ));
                    }
                }
            }
        }
        if live != self.live || live != m.face_count() {
            bad.push(format!(
                "{live} live slots, counted {}, mesh has {} faces",
                self.live,
                m.face_count()
            ));
        }
        // Dead-end claims must not form cycles (a forest).
        for t in 0..self.slots() as u32 {
            let (mut x, mut n) = (t, 0);
            while self.tri_face[x as usize] != NONE && self.exit[x as usize] != NONE {
                x = self.opp[self.exit[x as usize] as usize] / 3;
                n += 1;
                if n > self.slots() {
                    bad.push(format!("dead-end chain from {t} cycles"));
                    break;
                }
            }
        }
        // Per vertex: corner flag, corner tables, wedges.
        let fresh = NavMesh::from_cdt(cdt);
        let mut owner = vec![NONE; self.wedge_count as usize];
        let mut fan = Vec::new();
        for v in 0..m.pos.len() as u32 {
            if !m.vertex_alive(v) {
                continue;
            }
            if self.corner[v as usize] != fresh.corner[v as usize] {
                bad.push(format!("vertex {v}: corner flag"));
            }
            let (mine, theirs) = (self.arcs.get(v as usize), fresh.arcs.get(v as usize));
            // Whole records: the angles and the ends' unit vectors.
            if mine != theirs {
                bad.push(format!(
                    "vertex {v}: arc (patched {mine:?}, fresh {theirs:?})"
                ));
            }
            let c = self.arcs.vcorner[v as usize];
            if c == NONE || self.tri_face[(c / 3) as usize] == NONE || self.v(c) != v {
                bad.push(format!("vertex {v}: no live corner"));
                continue;
            }
            self.ordered_fan(c, &mut fan);
            for (k, &c) in fan.iter().enumerate() {
                let w = self.wedge[c as usize];
                if w == NONE || w >= self.wedge_count {
                    bad.push(format!("corner {c}: wedge {w}"));
                    continue;
                }
                if owner[w as usize] != NONE && owner[w as usize] != v {
                    bad.push(format!(
                        "wedge {w} shared by vertices {v} and {}",
                        owner[w as usize]
                    ));
                }
                owner[w as usize] = v;
                if k > 0 {
                    let same = self.wedge[fan[k - 1] as usize] == w;
                    if same == self.wall[prev(fan[k - 1]) as usize] {
                        bad.push(format!("corner {c}: wedge split does not follow the walls"));
                    }
                }
            }
        }
        // Grid hints may point at freed slots (location falls back to a
        // live triangle), but never out of range.
        if self.grid.iter().any(|&g| g as usize >= self.slots()) {
            bad.push("grid hint out of range".into());
        }
        bad
    }
}

impl NavMesh {
    /// Every vertex whose corner tables differ from those recomputed from
    /// its own fan, as a patch recomputes them (`Arcs::refresh`): checks a
    /// full build's one walk per wedge against the per-vertex sort.
    pub(crate) fn check_arcs_by_fans(&self) -> Vec<String> {
        let mut bad = Vec::new();
        let (mut fan, mut rays) = (Vec::new(), Vec::new());
        let mut one = super::Arcs::default();
        for v in 0..self.pos.len() as u32 {
            let c = self.arcs.vcorner[v as usize];
            if c == NONE {
                continue;
            }
            self.ordered_fan(c, &mut fan);
            one.resize(v as usize + 1);
            one.refresh(self, v, &fan, &mut rays);
            let (a, b) = (self.arcs.get(v as usize), one.get(v as usize));
            if a != b {
                bad.push(format!("vertex {v}: built {a:?}, by its fan {b:?}"));
            }
        }
        bad
    }
}

#[cfg(test)]
mod tests {
    use crate::objects::{Object, Objects};
    use crate::path::{NavMesh, PathError, PathFinder};
    use crate::triangulation::{Cdt, ShapeId};
    use crate::{Point, objects::ObjectId};

    /// xorshift64*: the edit sequences are reproducible from the seed.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn f(&mut self, lo: f64, hi: f64) -> f64 {
            lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Same answer (found / not found, length within 1e-9) on the patched
    /// snapshot and on a from-scratch one.
    fn same_answers(cdt: &Cdt, nav: &NavMesh, rng: &mut Rng, queries: usize) {
        let fresh = NavMesh::from_cdt(cdt);
        let (mut f1, mut f2) = (PathFinder::new(), PathFinder::new());
        for _ in 0..queries {
            let a = Point::new(rng.f(0.5, 99.5), rng.f(0.5, 99.5));
            let b = Point::new(rng.f(0.5, 99.5), rng.f(0.5, 99.5));
            let r = [0.0, 0.0, 0.7, 2.0][rng.below(4)];
            let x = f1.find_path(nav, a, b, r);
            let y = f2.find_path(&fresh, a, b, r);
            match (&x, &y) {
                (Ok(p), Ok(q)) => assert!(
                    (p.length() - q.length()).abs() <= 1e-9 * (1.0 + q.length()),
                    "{a:?} -> {b:?} r {r}: patched {} vs fresh {}",
                    p.length(),
                    q.length()
                ),
                (Err(e), Err(g)) => assert_eq!(e, g),
                _ => panic!("{a:?} -> {b:?} r {r}: patched {x:?} vs fresh {y:?}"),
            }
        }
        let _ = PathError::NoPath;
    }

    /// Random edits (walls, objects moved, rotated, removed, vertices),
    /// each followed by an update: every invariant holds and every answer
    /// equals the from-scratch snapshot's.
    fn run(seed: u64, ops: usize) {
        let mut rng = Rng(seed | 1);
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut nav = NavMesh::default();
        nav.update(&mut cdt);
        let mut shapes: Vec<ShapeId> = Vec::new();
        let mut objects: Vec<ObjectId> = Vec::new();
        let mut table = Objects::new();
        let (mut patched, mut dead_ends) = (0, 0);
        for step in 0..ops {
            match rng.below(10) {
                0 | 1 => {
                    let n = 2 + rng.below(3);
                    let c = Point::new(rng.f(5.0, 95.0), rng.f(5.0, 95.0));
                    let pts: Vec<Point> = (0..n)
                        .map(|_| Point::new(c.x + rng.f(-15.0, 15.0), c.y + rng.f(-15.0, 15.0)))
                        .map(|p| Point::new(p.x.clamp(0.0, 100.0), p.y.clamp(0.0, 100.0)))
                        .collect();
                    if let Ok(s) = cdt.insert_shape(
                        &pts,
                        if rng.below(2) == 0 {
                            crate::Closure::Closed
                        } else {
                            crate::Closure::Open
                        },
                    ) {
                        shapes.push(s);
                    }
                }
                2 if !shapes.is_empty() => {
                    let s = shapes.swap_remove(rng.below(shapes.len()));
                    cdt.remove_shape(s).unwrap();
                }
                3 | 4 => {
                    let w = rng.f(1.0, 6.0);
                    let sq = vec![
                        Point::new(-w, -w),
                        Point::new(w, -w),
                        Point::new(w, w),
                        Point::new(-w, w),
                    ];
                    let mut o = Object::new(
                        sq,
                        if rng.below(3) != 0 {
                            crate::Closure::Closed
                        } else {
                            crate::Closure::Open
                        },
                    );
                    o.set_position([rng.f(10.0, 90.0), rng.f(10.0, 90.0)]);
                    if let Ok(id) = table.insert(&mut cdt, o) {
                        objects.push(id);
                    }
                }
                5..=7 if !objects.is_empty() => {
                    let id = objects[rng.below(objects.len())];
                    let o = table.get_mut(id).unwrap();
                    let pose = o.pose();
                    let p = pose.position;
                    o.set_position([
                        (p.x + rng.f(-3.0, 3.0)).clamp(10.0, 90.0),
                        (p.y + rng.f(-3.0, 3.0)).clamp(10.0, 90.0),
                    ]);
                    o.set_rotation(pose.rotation + rng.f(-0.3, 0.3));
                    let _ = table.update(&mut cdt);
                }
                8 if !objects.is_empty() => {
                    let id = objects.swap_remove(rng.below(objects.len()));
                    table.remove(&mut cdt, id).unwrap();
                }
                _ => {
                    let _ = cdt.insert_vertex([rng.f(0.0, 100.0), rng.f(0.0, 100.0)]);
                }
            }
            let u = nav.update(&mut cdt);
            patched += usize::from(!u.rebuilt);
            let bad = nav.check(&cdt);
            assert!(
                bad.is_empty(),
                "seed {seed} step {step}: {:?}",
                &bad[..bad.len().min(8)]
            );
            if step % 4 == 0 {
                let fresh = NavMesh::from_cdt(&cdt).check_arcs_by_fans();
                assert!(fresh.is_empty(), "seed {seed} step {step}: {fresh:?}");
                same_answers(&cdt, &nav, &mut rng, 6);
            }
            if !u.rebuilt {
                dead_ends += nav.exit.iter().filter(|&&e| e != super::NONE).count();
            }
        }
        assert!(
            patched > ops / 2,
            "the snapshot was patched, not rebuilt ({patched} of {ops})"
        );
        assert!(dead_ends > 0, "some patched snapshot pruned a dead end");
    }

    /// Compaction: removing many walls one update at a time frees slots
    /// until the snapshot rebuilds itself, each time after at least 4,096
    /// freed slots of patching (amortised), reported as `rebuilt`; the
    /// rebuilt snapshot is as compact as a fresh one and answers as it does.
    #[test]
    fn freed_slots_end_in_reported_compactions() {
        let mut rng = Rng(7);
        let mut cdt = Cdt::new([0.0, 0.0], [100.0, 100.0]).unwrap();
        let mut walls: Vec<ShapeId> = Vec::new();
        for _ in 0..2500 {
            let (x, y) = (rng.f(1.0, 98.0), rng.f(1.0, 98.0));
            let w = [
                Point::new(x, y),
                Point::new(x + rng.f(0.1, 1.0), y + rng.f(0.1, 1.0)),
            ];
            walls.push(cdt.insert_shape(&w, crate::Closure::Open).unwrap());
        }
        // Built by a first update, as `World` does, so the next ones patch.
        let mut nav = NavMesh::default();
        assert!(nav.update(&mut cdt).rebuilt);
        let (mut rebuilds, mut freed_before) = (0, usize::MAX);
        for w in walls {
            cdt.remove_shape(w).unwrap();
            let free = nav.free_tris.len();
            let u = nav.update(&mut cdt);
            if u.rebuilt {
                rebuilds += 1;
                freed_before = freed_before.min(free);
                assert!(nav.free_tris.is_empty());
                assert_eq!(nav.slots(), NavMesh::from_cdt(&cdt).slots());
                same_answers(&cdt, &nav, &mut rng, 50);
            }
        }
        assert!(rebuilds >= 1, "no compaction");
        assert!(
            freed_before >= 4096,
            "a compaction after {freed_before} freed slots"
        );
        same_answers(&cdt, &nav, &mut rng, 50);
    }

    #[test]
    fn patched_snapshot_equals_a_fresh_one() {
        for seed in [1, 2, 3, 0xdead_beef, 42] {
            run(seed, 400);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
        #[test]
        fn patched_snapshot_equals_a_fresh_one_prop(seed in 1u64..u64::MAX) {
            run(seed, 60);
        }
    }
}
