//! Where the snapshot changed, update by update: what lets a cache kept
//! beside it (the tangent edges of the radius > 0 search) survive a change
//! everywhere the change did not reach.
//!
//! Every patch records, under the revision it produced, a few boxes that
//! together hold every wall and vertex it removed or added (old and new
//! positions; walls and vertices compared by coordinates, so triangles
//! flipped or rewritten round unchanged walls record nothing). Anything
//! computed at revision `R` from the walls and vertices inside a region
//! `B` (what a point sees there, and how far it is from the walls) still
//! holds at a later revision if `R` is in this snapshot's history and no
//! later box meets `B`. Nothing kept may depend on the triangles
//! themselves (a triangle kept as a hint is checked where it is used).
//! Revisions are unique across all snapshots, so a revision found here was
//! produced by this snapshot's own line of updates (a clone that went its
//! own way has other ones).

use std::collections::VecDeque;

use crate::geometry::Rect;

/// Most boxes kept (older updates are forgotten whole: what was computed
/// before them counts as changed). 320 KB; a cache entry not used for
/// this many updates pays one pass over them when next checked. Too few
/// boxes make most tangent-cache drops come from forgotten revisions.
const KEEP: usize = 8192;
/// Most boxes one update records (beyond, its boxes are merged).
const PER_UPDATE: usize = 16;

/// The boxes of the updates since the snapshot was built.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    /// The revision of the build this line of updates started from.
    lineage: u64,
    /// The oldest revision still answered for.
    base: u64,
    /// `(revision, box)`, revisions increasing; an update that changed no
    /// triangle has one empty box.
    boxes: VecDeque<(u64, Rect)>,
}

/// A box that meets nothing.
fn empty() -> Rect {
    Rect {
        min: crate::Point::new(f64::INFINITY, f64::INFINITY),
        max: crate::Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    }
}

/// Closed boxes meet (touching counts).
#[inline]
pub(crate) fn meet(a: &Rect, b: &Rect) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

impl History {
    /// A history starting at a fresh build of `revision`.
    pub(crate) fn new(revision: u64) -> History {
        History {
            lineage: revision,
            base: revision,
            boxes: VecDeque::new(),
        }
    }

    /// The build this line of updates started from: caches keyed by it.
    pub(crate) fn lineage(&self) -> u64 {
        self.lineage
    }

    /// Records the update that produced `revision`, whose changed walls
    /// and vertices lie in `boxes` (see [`Boxes`]).
    pub(crate) fn record(&mut self, revision: u64, boxes: &[Rect]) {
        if boxes.is_empty() {
            self.boxes.push_back((revision, empty()));
        }
        self.boxes.extend(boxes.iter().map(|&b| (revision, b)));
        while self.boxes.len() > KEEP {
            // Forget the oldest update whole.
            let Some(&(old, _)) = self.boxes.front() else {
                break;
            };
            while self.boxes.front().is_some_and(|&(r, _)| r == old) {
                self.boxes.pop_front();
            }
            self.base = old;
        }
    }

    /// Whether what was computed at `revision` from the triangles inside
    /// `dep` still holds: `revision` is in this history and no later
    /// update's box meets `dep`.
    pub(crate) fn unchanged(&self, revision: u64, dep: &Rect) -> bool {
        self.changes_since(revision, dep)
            .is_some_and(|mut it| it.next().is_none())
    }

    /// The boxes of the updates after `revision` that meet `hull`, or
    /// `None` when `revision` is not in this history (forgotten, or of
    /// another lineage: everything may have changed).
    pub(crate) fn changes_since<'a>(
        &'a self,
        revision: u64,
        hull: &'a Rect,
    ) -> Option<impl Iterator<Item = &'a Rect> + 'a> {
        let i = self.boxes.partition_point(|&(r, _)| r <= revision);
        let known = if i == 0 {
            revision == self.base
        } else {
            self.boxes[i - 1].0 == revision
        };
        known.then(|| {
            self.boxes
                .range(i..)
                .map(|(_, b)| b)
                .filter(move |b| meet(b, hull))
        })
    }
}

/// The boxes of one update, gathered triangle by triangle: a triangle's
/// box joins the first box it meets, else starts a new one (past
/// [`PER_UPDATE`] boxes the two nearest merge), so each connected region
/// of changed triangles ends in about one box.
#[derive(Clone, Debug, Default)]
pub(crate) struct Boxes {
    pub(crate) boxes: Vec<Rect>,
}

impl Boxes {
    pub(crate) fn clear(&mut self) {
        self.boxes.clear();
    }

    /// Adds the box of a triangle with corners `a`, `b`, `c`.
    #[inline]
    pub(crate) fn add(&mut self, a: crate::Point, b: crate::Point, c: crate::Point) {
        let t = Rect {
            min: crate::Point::new(a.x.min(b.x).min(c.x), a.y.min(b.y).min(c.y)),
            max: crate::Point::new(a.x.max(b.x).max(c.x), a.y.max(b.y).max(c.y)),
        };
        // The last box first: triangles come region by region.
        if let Some(k) = self.boxes.iter().rposition(|x| meet(x, &t)) {
            self.boxes[k] = self.boxes[k].union(&t);
            return;
        }
        self.boxes.push(t);
        if self.boxes.len() > PER_UPDATE {
            self.merge_closest();
        }
    }

    /// Merges the two boxes whose union grows the larger of them least
    /// (in half-perimeter; on a tie, the smaller union): an update moving
    /// objects all over the world keeps a box per cluster of them, not
    /// one that spans the world.
    fn merge_closest(&mut self) {
        let size = |x: &Rect| (x.max.x - x.min.x) + (x.max.y - x.min.y);
        let n = self.boxes.len();
        let mut best = (f64::INFINITY, f64::INFINITY, 0, 1);
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (&self.boxes[i], &self.boxes[j]);
                let u = size(&a.union(b));
                let grow = u - size(a).max(size(b));
                if (grow, u) < (best.0, best.1) {
                    best = (grow, u, i, j);
                }
            }
        }
        let (_, _, i, j) = best;
        let b = self.boxes.swap_remove(j);
        self.boxes[i] = self.boxes[i].union(&b);
    }

    /// The union of every box.
    pub(crate) fn union(&self) -> Option<Rect> {
        let mut it = self.boxes.iter();
        let first = *it.next()?;
        Some(it.fold(first, |a, b| a.union(b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
        Rect::new([x0, y0], [x1, y1])
    }

    #[test]
    fn a_box_after_the_revision_that_meets_the_dependency_changes_it() {
        let mut h = History::new(10);
        h.record(12, &[rect(0.0, 0.0, 1.0, 1.0)]);
        h.record(15, &[rect(5.0, 5.0, 6.0, 6.0), rect(9.0, 0.0, 9.5, 0.5)]);
        let near_first = rect(1.0, 1.0, 2.0, 2.0); // touches the first box
        let near_second = rect(6.5, 6.5, 7.0, 7.0);
        assert!(!h.unchanged(10, &near_first));
        assert!(h.unchanged(12, &near_first));
        assert!(h.unchanged(10, &near_second));
        assert!(h.unchanged(15, &rect(5.0, 5.0, 6.0, 6.0)));
        assert!(!h.unchanged(12, &rect(9.4, 0.4, 20.0, 0.45)));
        // Revisions this line never produced (another snapshot's).
        assert!(!h.unchanged(11, &near_second));
        assert!(!h.unchanged(13, &near_second));
        assert!(!h.unchanged(9, &near_second));
    }

    #[test]
    fn forgotten_updates_count_as_changes() {
        let mut h = History::new(1);
        for k in 0..(KEEP as u64 + 10) {
            h.record(2 + k, &[]);
        }
        let far = rect(100.0, 100.0, 101.0, 101.0);
        assert!(!h.unchanged(1, &far));
        assert!(!h.unchanged(5, &far));
        assert!(h.unchanged(KEEP as u64 + 11, &far));
        assert!(h.unchanged(h.base, &far));
    }

    #[test]
    fn far_apart_regions_keep_boxes_of_their_own() {
        // Twenty small regions 100 apart, added one after the other: with
        // room for 16 boxes, four pairs of neighbours share one (hand
        // count), and no box spans more than two regions.
        let mut b = Boxes::default();
        for i in 0..20 {
            let x = 100.0 * i as f64;
            let (p, q, r) = (
                Point::new(x, 0.0),
                Point::new(x + 1.0, 0.0),
                Point::new(x, 1.0),
            );
            b.add(p, q, r);
        }
        assert_eq!(b.boxes.len(), PER_UPDATE);
        let wide = b.boxes.iter().filter(|x| x.max.x - x.min.x > 1.0).count();
        assert_eq!(wide, 4);
        for x in &b.boxes {
            assert!(
                x.max.x - x.min.x <= 101.0,
                "{x:?} spans more than two regions"
            );
        }
        for i in 0..20 {
            let p = Point::new(100.0 * i as f64 + 0.5, 0.5);
            assert!(b.boxes.iter().any(|x| x.contains(p)), "{p:?} in no box");
        }
    }

    #[test]
    fn boxes_cover_every_triangle_added() {
        // Brute force: every triangle's corners lie in some box.
        let mut b = Boxes::default();
        let mut s = 7u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 53) as f64 * 100.0
        };
        let mut tris = Vec::new();
        for _ in 0..200 {
            let t = [
                Point::new(next(), next()),
                Point::new(next(), next()),
                Point::new(next(), next()),
            ];
            b.add(t[0], t[1], t[2]);
            tris.push(t);
        }
        assert!(b.boxes.len() <= PER_UPDATE);
        for t in &tris {
            for p in t {
                assert!(b.boxes.iter().any(|x| x.contains(*p)), "{p:?} in no box");
            }
        }
        let u = b.union().unwrap();
        assert!(tris.iter().flatten().all(|p| u.contains(*p)));
    }
}
