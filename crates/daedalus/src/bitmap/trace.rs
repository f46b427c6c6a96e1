//! Stage 1: outlines along pixel corners, with nesting.
//!
//! Every unit edge between a black and a white pixel (outside = white) is
//! walked once, black on its left (direction d, left = (-dy, dx)), so
//! outer rings come out counter-clockwise and holes clockwise. Rings are
//! found in raster order of their topmost-leftmost vertical edge; the
//! vertical edge just left of it on the same row gives the parent.

use std::collections::{HashMap, HashSet};

use super::{Bitmap, TurnPolicy};

const NONE: u32 = u32::MAX;

/// One traced pixel outline: every lattice point of the walk (unit steps).
///
/// ```
/// use daedalus::bitmap::{Bitmap, TurnPolicy, trace_outlines};
/// let o = trace_outlines(&Bitmap::new(1, 1, vec![true]).unwrap(), TurnPolicy::White, 0);
/// assert_eq!(o[0].points, vec![[0, 0], [1, 0], [1, 1], [0, 1]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// Lattice points (x, y), one per unit edge, first = a corner.
    pub points: Vec<[i32; 2]>,
    /// True for the border of a white region inside black.
    pub hole: bool,
    /// Index of the smallest enclosing outline.
    pub parent: Option<usize>,
    /// Number of enclosing outlines.
    pub depth: usize,
    /// Signed enclosed pixel area (positive outer, negative hole).
    pub area: i64,
}

/// Traces all outlines of `bitmap` (stage 1 only); outlines enclosing at
/// most `turd_size` pixels are dropped, with everything inside them.
///
/// ```
/// use daedalus::bitmap::{Bitmap, TurnPolicy, trace_outlines};
/// let ring = Bitmap::from_fn(3, 3, |x, y| x != 1 || y != 1).unwrap();
/// let o = trace_outlines(&ring, TurnPolicy::Minority, 0);
/// assert_eq!((o[0].area, o[1].area, o[1].depth), (9, -1, 1));
/// assert_eq!(trace_outlines(&ring, TurnPolicy::Minority, 1).len(), 1);
/// ```
pub fn trace_outlines(bitmap: &Bitmap, policy: TurnPolicy, turd_size: u64) -> Vec<Outline> {
    trace_outlines_with(bitmap, policy, turd_size, false)
}

struct Ring {
    points: Vec<[i32; 2]>,
    area: i64,
    parent: Option<u32>,
    pending: bool,
}

/// Direction indices: 0 = east (+x), 1 = south (+y, rows go down), 2 =
/// west, 3 = north; a left turn (black stays on the left) is +1.
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

struct Tracer<'a> {
    bm: &'a Bitmap,
    policy: TurnPolicy,
    /// The pixels with a white border of one pixel, row stride `gs`, so
    /// that the four pixels around any vertex need no bounds checks.
    grid: Vec<u8>,
    gs: usize,
    /// Per direction: grid offsets (from the pixel south-east of the
    /// vertex) of the pixels ahead-left and ahead-right, and the step.
    ahead: [(isize, isize, isize); 4],
    /// Ring id + 1 of each vertical unit edge (0: not traced yet), at
    /// row * (width + 1) + column.
    owner: Vec<u32>,
    stride: usize,
    /// Decisions of the Left / Right policies, made by the first visit.
    decided: HashMap<(i32, i32), bool>,
}

pub(crate) fn trace_outlines_with(
    bm: &Bitmap,
    policy: TurnPolicy,
    turd_size: u64,
    simple: bool,
) -> Vec<Outline> {
    let (w, h) = (bm.width, bm.height);
    let gs = w + 2;
    let mut grid = vec![0u8; gs * (h + 2)];
    for y in 0..h {
        let dst = &mut grid[(y + 1) * gs + 1..(y + 1) * gs + 1 + w];
        for (d, &b) in dst.iter_mut().zip(&bm.bits[y * w..(y + 1) * w]) {
            *d = b as u8;
        }
    }
    let s = gs as isize;
    let mut tr = Tracer {
        bm,
        policy,
        grid,
        gs,
        ahead: [(0, -s, 1), (-1, 0, s), (-s - 1, -1, -1), (-s, -s - 1, -s)],
        owner: vec![0; (w + 1) * h],
        stride: w + 1,
        decided: HashMap::new(),
    };
    let mut rings: Vec<Ring> = Vec::new();
    // Rings in the order their parents are resolved: parents first.
    let mut order: Vec<u32> = Vec::new();
    for y in 0..h {
        let mut last = NONE;
        let mut prev = false;
        let row0 = (y + 1) * gs;
        // Padded index x + 1 is pixel x; a transition at column x (0..=w)
        // is grid[x] != grid[x + 1]. Eight columns at a time.
        let mut x = 0usize;
        while x <= w {
            if x + 9 <= gs {
                let a = u64::from_ne_bytes(tr.grid[row0 + x..row0 + x + 8].try_into().unwrap());
                let b = u64::from_ne_bytes(tr.grid[row0 + x + 1..row0 + x + 9].try_into().unwrap());
                if a == b {
                    x += 8;
                    continue;
                }
            }
            let cur = tr.grid[row0 + x + 1] != 0;
            if cur != prev {
                let idx = y * tr.stride + x;
                if tr.owner[idx] == 0 {
                    tr.trace_from(x as i32, y as i32, cur, simple, &mut rings);
                }
                let o = tr.owner[idx] - 1;
                let r = &rings[o as usize];
                if r.pending {
                    // First (topmost-leftmost) edge of r: the span left of it
                    // is inside `last` iff its colour is the one `last`
                    // encloses next to its edges.
                    let parent = if last == NONE {
                        None
                    } else {
                        let s = &rings[last as usize];
                        if prev == (s.area > 0) {
                            Some(last)
                        } else {
                            s.parent
                        }
                    };
                    let r = &mut rings[o as usize];
                    r.parent = parent;
                    r.pending = false;
                    order.push(o);
                }
                last = o;
            }
            prev = cur;
            x += 1;
        }
    }
    // Drop specks (a dropped ring's descendants are smaller, so dropped too)
    // and renumber.
    let mut new_id = vec![NONE; rings.len()];
    let mut out: Vec<Outline> = Vec::with_capacity(rings.len());
    let mut slots: Vec<Option<Ring>> = rings.into_iter().map(Some).collect();
    for i in order {
        let i = i as usize;
        let r = slots[i].take().expect("each ring resolved once");
        if r.area.unsigned_abs() <= turd_size {
            continue;
        }
        let parent = r.parent.map(|p| new_id[p as usize]).filter(|&p| p != NONE);
        let depth = parent.map_or(0, |p| out[p as usize].depth + 1);
        new_id[i] = out.len() as u32;
        out.push(Outline {
            points: r.points,
            hole: r.area < 0,
            parent: parent.map(|p| p as usize),
            depth,
            area: r.area,
        });
    }
    out
}

impl Tracer<'_> {
    /// Whether the pinch at vertex (x, y) joins the black pixels; `outer`
    /// is the kind of the ring reaching it (for Left / Right).
    fn join_black(&mut self, x: i32, y: i32, outer: bool) -> bool {
        match self.policy {
            TurnPolicy::Black => true,
            TurnPolicy::White => false,
            TurnPolicy::Minority => self.balance(x, y) <= 0,
            TurnPolicy::Majority => self.balance(x, y) >= 0,
            TurnPolicy::Random => {
                let mut z = (x as u32 as u64) << 32 | y as u32 as u64;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
                (z ^ (z >> 31)) & 1 == 1
            }
            TurnPolicy::Left | TurnPolicy::Right => {
                let right_turn = self.policy == TurnPolicy::Right;
                // Right joins the colour the ring encloses.
                *self.decided.entry((x, y)).or_insert(right_turn == outer)
            }
        }
    }

    /// Black minus white pixels on the square pixel rings of radius 2, 3, 4
    /// around vertex (x, y); the first non-zero count.
    fn balance(&self, x: i32, y: i32) -> i32 {
        let px = |x: i32, y: i32| self.bm.get(x as i64, y as i64);
        for i in 2..=4 {
            let mut ct = 0;
            for a in -i..i {
                for (qx, qy) in [(x + a, y - i), (x + a, y + i - 1)] {
                    ct += if px(qx, qy) { 1 } else { -1 };
                }
            }
            for a in 1 - i..i - 1 {
                for (qx, qy) in [(x - i, y + a), (x + i - 1, y + a)] {
                    ct += if px(qx, qy) { 1 } else { -1 };
                }
            }
            if ct != 0 {
                return ct;
            }
        }
        0
    }

    /// Walks the ring through the vertical edge at column x of row y
    /// (`black_right`: pixel (x, y) is black) and stores it (or its simple
    /// pieces) in `rings`, marking the owner of its vertical edges.
    fn trace_from(
        &mut self,
        x: i32,
        y: i32,
        black_right: bool,
        simple: bool,
        rings: &mut Vec<Ring>,
    ) {
        let outer = black_right;
        let id = rings.len() as u32 + 1;
        let mut pinches: Vec<(i32, i32)> = Vec::new();
        // Grid index of the pixel south-east of vertex (x, y).
        let base0 = (y as usize + 1) * self.gs + x as usize + 1;
        let d0 = if black_right {
            // We arrive at p0 going north; the first edge out is decided there.
            self.next_dir(base0, x, y, 3, outer, &mut pinches)
        } else {
            1
        };
        pinches.clear();
        let mut pts: Vec<[i32; 2]> = Vec::with_capacity(64);
        let (mut px, mut py, mut d, mut base) = (x, y, d0, base0);
        let mut area = 0i64;
        let stride = self.stride;
        loop {
            pts.push([px, py]);
            // Vertical edges: owner and area (sum of x dy).
            if d == 1 {
                if !simple {
                    self.owner[py as usize * stride + px as usize] = id;
                }
                area += px as i64;
            } else if d == 3 {
                if !simple {
                    self.owner[(py as usize - 1) * stride + px as usize] = id;
                }
                area -= px as i64;
            }
            let (dx, dy) = DIRS[d];
            px += dx;
            py += dy;
            base = base.wrapping_add_signed(self.ahead[d].2);
            d = self.next_dir(base, px, py, d, outer, &mut pinches);
            if px == x && py == y && d == d0 {
                break;
            }
        }
        if !simple {
            rings.push(Ring {
                points: pts,
                area,
                parent: None,
                pending: true,
            });
            return;
        }
        let pieces = if has_repeat(&pinches) {
            split_simple(pts, &pinches)
        } else {
            vec![pts]
        };
        for piece in pieces {
            let id = rings.len() as u32 + 1;
            let mut area = 0i64;
            let n = piece.len();
            for k in 0..n {
                let a = piece[k];
                let b = piece[(k + 1) % n];
                let dy = b[1] - a[1];
                if dy != 0 {
                    area += a[0] as i64 * dy as i64;
                    let row = if dy > 0 { a[1] } else { b[1] } as usize;
                    self.owner[row * stride + a[0] as usize] = id;
                }
            }
            rings.push(Ring {
                points: piece,
                area,
                parent: None,
                pending: true,
            });
        }
    }

    /// The direction after arriving at vertex (x, y) (grid index `base` of
    /// the pixel south-east of it) going d (black on the left).
    #[inline]
    fn next_dir(
        &mut self,
        base: usize,
        x: i32,
        y: i32,
        d: usize,
        outer: bool,
        pinches: &mut Vec<(i32, i32)>,
    ) -> usize {
        let (ol, or, _) = self.ahead[d];
        let l = self.grid[base.wrapping_add_signed(ol)] != 0;
        let r = self.grid[base.wrapping_add_signed(or)] != 0;
        match (l, r) {
            (true, false) => d,
            (false, false) => (d + 1) & 3,
            (true, true) => (d + 3) & 3,
            (false, true) => {
                pinches.push((x, y));
                if self.join_black(x, y, outer) {
                    (d + 3) & 3
                } else {
                    (d + 1) & 3
                }
            }
        }
    }
}

fn has_repeat(pinches: &[(i32, i32)]) -> bool {
    let mut seen = HashSet::with_capacity(pinches.len());
    pinches.iter().any(|p| !seen.insert(*p))
}

/// Splits a closed walk at its repeated vertices (only pinch vertices can
/// repeat) into simple closed walks.
fn split_simple(pts: Vec<[i32; 2]>, pinches: &[(i32, i32)]) -> Vec<Vec<[i32; 2]>> {
    let pinch: HashSet<[i32; 2]> = pinches.iter().map(|p| [p.0, p.1]).collect();
    let mut at: HashMap<[i32; 2], usize> = HashMap::new();
    let mut stack: Vec<[i32; 2]> = Vec::with_capacity(pts.len());
    let mut out = Vec::new();
    for p in pts {
        if pinch.contains(&p) {
            if let Some(&s) = at.get(&p) {
                let cycle: Vec<[i32; 2]> = stack.split_off(s);
                for q in &cycle {
                    at.remove(q);
                }
                out.push(cycle);
            }
            at.insert(p, stack.len());
        }
        stack.push(p);
    }
    out.push(stack);
    out
}
