//! Undo journal of mesh writes, so a failed CDT operation can put the mesh
//! back exactly as it was (same slots, same free lists, same generations).
//!
//! Only rows that existed when the journal was opened are logged: rows
//! appended during the operation are dropped by truncation on rollback, so
//! growth (the bulk of a build) costs nothing here.

use super::Mesh;
use crate::Point;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Undo {
    He(u32, [u32; 4]),
    VEdge(u32, u32),
    Pos(u32, Point),
    FEdge(u32, u32),
    Cons(u32, u64),
    FreeVPush,
    FreeVPop(u32),
    FreeEPush,
    FreeEPop(u32),
    FreeFPush,
    FreeFPop(u32),
    VGen(u32),
    EGen(u32),
    FGen(u32),
}

/// Lengths and counters at the start of the journaled operation. `lens`
/// is all zero while no operation runs, so a row setter's check is one
/// compare (`row < lens[k]`) instead of testing `on` first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Journal {
    pub(crate) on: bool,
    log: Vec<Undo>,
    lens: [usize; 5],
    counts: [usize; 2],
}

impl Journal {
    pub(crate) fn heap_bytes(&self) -> usize {
        self.log.capacity() * std::mem::size_of::<Undo>()
    }
    /// Frees the log's buffer (after a bulk build: up to 1.5 MB that
    /// per-frame edits, which keep theirs warm, would never need).
    pub(crate) fn release(&mut self) {
        if !self.on {
            self.log = Vec::new();
        }
    }
}

impl Mesh {
    /// Starts logging writes (no nesting: the caller keeps a depth).
    pub(crate) fn journal_begin(&mut self) {
        let j = &mut self.journal;
        j.on = true;
        j.log.clear();
        j.lens = [
            self.pos.len(),
            self.vedge.len(),
            self.he.len(),
            self.fedge.len(),
            self.cons.len(),
        ];
        j.counts = [self.n_vertices, self.n_faces];
    }

    /// Keeps the changes; stops logging.
    pub(crate) fn journal_commit(&mut self) {
        let log = std::mem::take(&mut self.journal.log);
        self.log_changes(&log, self.journal.lens);
        self.journal.log = log;
        let j = &mut self.journal;
        j.on = false;
        j.lens = [0; 5];
        j.log.clear();
        if j.log.capacity() > 1 << 16 {
            j.log = Vec::new(); // a huge operation must not pin its log
        }
    }

    /// Undoes every write since [`Mesh::journal_begin`].
    pub(crate) fn journal_rollback(&mut self) {
        let mut log = std::mem::take(&mut self.journal.log);
        for u in log.drain(..).rev() {
            match u {
                Undo::He(e, r) => self.he.set_all(e, r),
                Undo::VEdge(v, x) => self.vedge.set(v as usize, x),
                Undo::Pos(v, p) => self.pos[v as usize] = p,
                Undo::FEdge(f, x) => self.fedge.set(f as usize, x),
                Undo::Cons(w, x) => self.cons[w as usize] = x,
                Undo::FreeVPush => drop(self.free_v.pop()),
                Undo::FreeVPop(v) => self.free_v.push(v),
                Undo::FreeEPush => drop(self.free_e.pop()),
                Undo::FreeEPop(e) => self.free_e.push(e),
                Undo::FreeFPush => drop(self.free_f.pop()),
                Undo::FreeFPop(f) => self.free_f.push(f),
                Undo::VGen(v) => self.vgen.unbump(v),
                Undo::EGen(e) => self.egen.unbump(e),
                Undo::FGen(f) => self.fgen.unbump(f),
            }
        }
        let j = &mut self.journal;
        let [p, v, h, f, c] = j.lens;
        self.pos.truncate(p);
        self.vedge.truncate(v);
        self.he.truncate(h);
        self.fedge.truncate(f);
        self.cons.truncate(c);
        [self.n_vertices, self.n_faces] = j.counts;
        j.on = false;
        j.lens = [0; 5];
        j.log = log;
    }

    #[inline(always)]
    pub(crate) fn j_he(&mut self, e: u32) {
        let j = &mut self.journal;
        if (e as usize) < j.lens[2] {
            j.log.push(Undo::He(e, self.he.get_all(e)));
        }
    }
    #[inline(always)]
    pub(crate) fn j_vedge(&mut self, v: u32) {
        let j = &mut self.journal;
        if (v as usize) < j.lens[1] {
            j.log.push(Undo::VEdge(v, self.vedge.get(v as usize)));
        }
    }
    #[inline(always)]
    pub(crate) fn j_pos(&mut self, v: u32) {
        let j = &mut self.journal;
        if (v as usize) < j.lens[0] {
            j.log.push(Undo::Pos(v, self.pos[v as usize]));
        }
    }
    #[inline(always)]
    pub(crate) fn j_fedge(&mut self, f: u32) {
        let j = &mut self.journal;
        if (f as usize) < j.lens[3] {
            j.log.push(Undo::FEdge(f, self.fedge.get(f as usize)));
        }
    }
    #[inline(always)]
    pub(crate) fn j_cons(&mut self, w: u32) {
        let j = &mut self.journal;
        if (w as usize) < j.lens[4] {
            j.log.push(Undo::Cons(w, self.cons[w as usize]));
        }
    }
    /// Logs a free-list or generation change (only while journaling).
    #[inline(always)]
    pub(crate) fn j_log(&mut self, u: Undo) {
        if self.journal.on {
            self.journal.log.push(u);
        }
    }
}
