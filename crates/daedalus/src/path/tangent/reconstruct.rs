//! The path from the chain of states that reached the goal.

use super::*;

impl TangentSearch {
    pub(super) fn path(&self, nav: &NavMesh, goal: u32, from: Point, to: Point, r: f64) -> Path {
        let mut chain = Vec::new();
        let mut k = goal;
        while k != NONE {
            chain.push(k);
            k = self.states[k as usize].parent;
        }
        chain.reverse();
        let mut turns = Vec::new();
        for w in chain.windows(2) {
            let (s, child) = (self.states[w[0] as usize], self.states[w[1] as usize]);
            if s.v == START {
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
            if child.sweep < 1e-9 {
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
}
