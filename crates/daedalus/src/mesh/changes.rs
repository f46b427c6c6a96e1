//! Which faces changed since a follower (the navigation snapshot) last
//! looked: filled from the undo journal when an operation commits, so it
//! costs what the operation wrote, nothing per mesh write.

use super::{Mesh, NONE, journal::Undo};

static NEXT_LOG: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A log id that is new for every log, clones included: a snapshot that
/// followed one triangulation never patches itself from a copy's log.
#[derive(Debug)]
pub(crate) struct LogId(pub(crate) u64);

impl LogId {
    fn fresh() -> LogId {
        LogId(NEXT_LOG.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for LogId {
    fn default() -> Self {
        LogId::fresh()
    }
}

impl Clone for LogId {
    fn clone(&self) -> Self {
        LogId::fresh()
    }
}

/// Faces written since the last [`ChangeLog::drain`], possibly repeated.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChangeLog {
    pub(crate) id: LogId,
    /// Bumped by every drain: a follower that drained last holds the same value.
    pub(crate) epoch: u64,
    pub(crate) faces: Vec<u32>,
    /// Too much changed to list (or a bulk build ran unjournaled): the
    /// follower must rebuild.
    pub(crate) overflow: bool,
    /// Faces listed lately, direct-mapped by their low bits: an operation
    /// writes the same few faces over and over, in runs broken by writes
    /// to their neighbours (moving a large object listed each face tens of
    /// times, and sorting the list to count it was a tenth of the move).
    recent: Recent,
}

/// The last face listed in each of 256 slots (`NONE`: none).
#[derive(Clone, Debug)]
struct Recent([u32; 256]);

impl Default for Recent {
    fn default() -> Self {
        Recent([NONE; 256])
    }
}

impl Recent {
    /// Remembers `f`; whether it was already there.
    #[inline]
    fn seen(&mut self, f: u32) -> bool {
        std::mem::replace(&mut self.0[(f & 255) as usize], f) == f
    }

    fn forget(&mut self) {
        self.0 = [NONE; 256];
    }
}

impl ChangeLog {
    /// Past this many listed faces a rebuild is cheaper than a patch.
    fn limit(n_faces: usize) -> usize {
        (n_faces / 4).max(4096)
    }

    #[inline]
    fn push(&mut self, f: u32) {
        // Writes come in runs on a few faces: skip the repeats seen lately.
        if !self.overflow && f != NONE && f >= super::OUTER_FACES && !self.recent.seen(f) {
            self.faces.push(f);
        }
    }

    /// Marks everything changed (an unjournaled bulk operation).
    pub(crate) fn overflow(&mut self) {
        self.overflow = true;
        self.faces = Vec::new();
        self.recent.forget();
    }

    /// Hands the listed faces to a follower and starts a new epoch;
    /// `None` means the follower must rebuild from scratch.
    pub(crate) fn drain(&mut self, into: &mut Vec<u32>) -> bool {
        let ok = !self.overflow;
        into.clear();
        if ok {
            into.append(&mut self.faces);
        }
        self.faces.clear();
        // A face listed before the drain must be listed again after it.
        self.recent.forget();
        self.overflow = false;
        self.epoch += 1;
        ok
    }
}

impl Mesh {
    fn limit_of(n_faces: usize) -> usize {
        ChangeLog::limit(n_faces)
    }

    /// Lists every face the running operation wrote (called at commit,
    /// while the journal still holds the old rows and the lengths at begin).
    pub(crate) fn log_changes(&mut self, log: &[Undo], lens: [usize; 5]) {
        let mut c = std::mem::take(&mut self.changes);
        let mut cons = Vec::new();
        if !c.overflow {
            let [_, _, he0, f0, _] = lens;
            for u in log {
                match *u {
                    Undo::He(e, old) => {
                        c.push(old[super::columns::FACE]);
                        if self.raw_origin(e) != NONE {
                            c.push(self.raw_face(e));
                        }
                    }
                    Undo::FEdge(f, _) => c.push(f),
                    Undo::Cons(w, old) => cons.push((w, old)),
                    Undo::Pos(v, _) => {
                        // A reused vertex slot: its faces are new rows or
                        // logged rows already; nothing else moves a vertex.
                        let _ = v;
                    }
                    _ => {}
                }
            }
            if self.he.len() - he0 > Self::limit_of(self.n_faces) * 3 {
                c.overflow();
                self.changes = c;
                return;
            }
            // Constraint words: the first logged value is the one before
            // the operation; each changed bit is an edge whose two faces
            // changed their walls.
            cons.sort_by_key(|&(w, _)| w);
            cons.dedup_by_key(|&mut (w, _)| w);
            for &(w, old) in &cons {
                let mut diff = old ^ self.cons[w as usize];
                while diff != 0 {
                    let pair = w * 64 + diff.trailing_zeros();
                    diff &= diff - 1;
                    for e in [2 * pair, 2 * pair + 1] {
                        if self.edge_alive(e) {
                            c.push(self.raw_face(e));
                        }
                    }
                }
            }
            for e in he0 as u32..self.he.len() as u32 {
                if self.raw_origin(e) != NONE {
                    c.push(self.raw_face(e));
                }
            }
            for f in f0 as u32..self.fedge.len() as u32 {
                c.push(f);
            }
            let limit = ChangeLog::limit(self.n_faces);
            if c.faces.len() > limit {
                // Repeats (a half-edge written many times) are not breadth.
                c.faces.sort_unstable();
                c.faces.dedup();
            }
            if c.faces.len() > limit {
                c.overflow();
            }
        }
        self.changes = c;
    }
}
