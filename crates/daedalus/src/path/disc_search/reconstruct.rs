//! The path from the chain of states that reached the goal.

use super::*;

impl TangentSearch {
    pub(super) fn path(&self, nav: &NavMesh, goal: u32, from: Point, to: Point, r: f64) -> Path {
        let mut chain = Vec::new();
        let mut k = goal;
        while k != NONE {
            chain.push(k);
            k = self.scratch.states[k as usize].parent;
        }
        chain.reverse();
        let mut turns = Vec::new();
        for (i, w) in chain.windows(2).enumerate() {
            let (s, child) = (
                self.scratch.states[w[0] as usize],
                self.scratch.states[w[1] as usize],
            );
            if s.v == START || self.grazed(nav, i.checked_sub(1).map(|k| chain[k]), (s, child)) {
                continue;
            }
            let mut t = Turn {
                center: nav.p(s.v),
                radius: r,
                from: s.at,
                to: child.dep,
                rotation: if s.dir > 0.0 {
                    Rotation::CounterClockwise
                } else {
                    Rotation::Clockwise
                },
            };
            // A turn of (numerically) nothing: keep it exactly empty.
            if child.sweep < tolerance::ARC {
                t.to = t.from;
            }
            turns.push(t);
        }
        Path {
            start: from,
            goal: to,
            radius: r,
            turns,
        }
    }

    /// The corner of state `s` (followed by `child`) is only grazed, not turned round: no
    /// sweep on its circle, and the corners before and after it wrapped
    /// the same way with the three centres exactly collinear. The path
    /// then runs along one common outer tangent of the three circles, the
    /// same line without the middle one (the search pops whichever of the
    /// equal-length routes comes first).
    fn grazed(&self, nav: &NavMesh, before: Option<u32>, (s, child): (State, State)) -> bool {
        let Some(p) = before.map(|k| self.scratch.states[k as usize]) else {
            return false;
        };
        child.sweep < tolerance::ARC
            && p.v != START
            && child.v != GOAL
            && p.dir == s.dir
            && child.dir == s.dir
            && orient2d(nav.p(p.v), nav.p(s.v), nav.p(child.v)) == 0.0
    }
}
