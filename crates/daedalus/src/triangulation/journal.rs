//! All-or-nothing operations: every public mutating operation runs inside
//! [`Cdt::atomic`], which journals the writes to the mesh (see
//! `mesh::journal`) and to the constraint tables, and undoes them all if
//! the operation fails, so a failed operation leaves the triangulation
//! exactly as it was (same slots, free lists and generations).

use super::{Cdt, CdtError, Segment, ShapeSlot};
use crate::mesh::IdMap;

/// An [`IdMap`] that can log the old value of every entry it changes.
/// Keys from `base` on (rows the operation appended, dropped on rollback)
/// need no log: rollback removes them all.
#[derive(Clone, Debug)]
pub(crate) struct JMap<V> {
    map: IdMap<V>,
    on: bool,
    base: u32,
    log: Vec<(u32, Option<V>)>,
}

impl<V> Default for JMap<V> {
    fn default() -> Self {
        JMap {
            map: IdMap::default(),
            on: false,
            base: 0,
            log: Vec::new(),
        }
    }
}

impl<V: Clone + Default> JMap<V> {
    #[inline]
    pub(crate) fn get(&self, k: &u32) -> Option<&V> {
        self.map.get(k)
    }
    #[inline]
    pub(crate) fn get_mut(&mut self, k: &u32) -> Option<&mut V> {
        if self.logs(*k)
            && let Some(v) = self.map.get(k)
        {
            self.log.push((*k, Some(v.clone())));
        }
        self.map.get_mut(k)
    }
    #[inline]
    pub(crate) fn insert(&mut self, k: u32, v: V) -> Option<V> {
        let old = self.map.insert(k, v);
        if self.logs(k) {
            self.log.push((k, old.clone()));
        }
        old
    }
    #[inline]
    pub(crate) fn remove(&mut self, k: &u32) -> Option<V> {
        let old = self.map.remove(k);
        if self.logs(*k) && old.is_some() {
            self.log.push((*k, old.clone()));
        }
        old
    }
    /// The entry, inserted as `V::default()` if missing.
    #[inline]
    pub(crate) fn or_default(&mut self, k: u32) -> &mut V {
        if self.logs(k) {
            self.log.push((k, self.map.get(&k).cloned()));
        }
        self.map.entry(k).or_default()
    }
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.map.values()
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&u32, &V)> {
        self.map.iter()
    }
    pub(crate) fn capacity(&self) -> usize {
        self.map.capacity()
    }
    pub(crate) fn log_bytes(&self) -> usize {
        self.log.capacity() * std::mem::size_of::<(u32, Option<V>)>()
    }
    /// Must a change of key `k` be logged?
    #[inline]
    fn logs(&self, k: u32) -> bool {
        self.on && k < self.base
    }
    /// Starts logging; `base` is the row count the keys index (keys at or
    /// past it belong to rows the operation appends).
    fn begin(&mut self, base: u32) {
        self.on = true;
        self.base = base;
        self.log.clear();
    }
    fn commit(&mut self) {
        self.on = false;
        self.log.clear();
        if self.log.capacity() > 1 << 14 {
            self.log = Vec::new();
        }
    }
    fn rollback(&mut self) {
        self.on = false;
        let base = self.base;
        if self.map.keys().any(|&k| k >= base) {
            self.map.retain(|&k, _| k < base);
        }
        while let Some((k, old)) = self.log.pop() {
            match old {
                Some(v) => {
                    self.map.insert(k, v);
                }
                None => {
                    self.map.remove(&k);
                }
            }
        }
    }
}

/// Undo records of the constraint tables (the mesh keeps its own).
#[derive(Clone, Debug)]
pub(crate) enum CUndo {
    User(u32, u64),
    Seg(u32, Segment),
    Shape(u32, ShapeSlot),
    FreeSegPush,
    FreeSegPop(u32),
    FreeShapePush,
    FreeShapePop(u32),
}

/// State of the running operation.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpLog {
    depth: u32,
    log: Vec<CUndo>,
    /// user, segs, shapes lengths; hint; rng
    lens: [usize; 3],
    hint: u32,
    rng: u64,
}

impl OpLog {
    #[inline]
    pub(crate) fn on(&self) -> bool {
        self.depth > 0
    }
    pub(crate) fn heap_bytes(&self) -> usize {
        self.log.capacity() * std::mem::size_of::<CUndo>()
    }
}

impl Cdt {
    /// Runs `f` as one all-or-nothing operation: if it returns an error, or
    /// a step inside it gave up (`self.fail`), every change is undone and
    /// the error returned. Nested calls join the outermost operation.
    pub(crate) fn atomic<T>(
        &mut self,
        f: impl FnOnce(&mut Cdt) -> Result<T, CdtError>,
    ) -> Result<T, CdtError> {
        if self.op.depth == 0 {
            self.mesh.journal_begin();
            // owners are keyed by edge pair, crossings by vertex
            self.owners.begin((self.mesh.he.len() / 2) as u32);
            self.crossings.begin(self.mesh.pos.len() as u32);
            let op = &mut self.op;
            op.log.clear();
            op.lens = [self.user.len(), self.segs.len(), self.shapes.len()];
            op.hint = self.hint;
            op.rng = self.rng;
            self.fail = None;
        }
        self.op.depth += 1;
        let r = f(self);
        let r = match (r, &self.fail) {
            (Ok(_), Some(e)) => Err(e.clone()),
            (r, _) => r,
        };
        self.op.depth -= 1;
        if self.op.depth == 0 {
            if r.is_err() {
                self.rollback();
            } else {
                self.mesh.journal_commit();
                self.owners.commit();
                self.crossings.commit();
                self.op.log.clear();
                if self.op.log.capacity() > 1 << 14 {
                    self.op.log = Vec::new();
                }
            }
        }
        r
    }

    fn rollback(&mut self) {
        self.mesh.journal_rollback();
        self.owners.rollback();
        self.crossings.rollback();
        let mut log = std::mem::take(&mut self.op.log);
        while let Some(u) = log.pop() {
            match u {
                CUndo::User(w, x) => self.user[w as usize] = x,
                CUndo::Seg(i, s) => self.segs[i as usize] = s,
                CUndo::Shape(i, s) => self.shapes[i as usize] = s,
                CUndo::FreeSegPush => drop(self.free_segs.pop()),
                CUndo::FreeSegPop(i) => self.free_segs.push(i),
                CUndo::FreeShapePush => drop(self.free_shapes.pop()),
                CUndo::FreeShapePop(i) => self.free_shapes.push(i),
            }
        }
        self.op.log = log;
        let [u, g, s] = self.op.lens;
        self.user.truncate(u);
        self.segs.truncate(g);
        self.shapes.truncate(s);
        self.hint = self.op.hint;
        self.rng = self.op.rng;
        self.fail = None;
        self.pending.clear();
        self.tasks.clear();
        self.created.clear();
        self.flips.clear();
    }

    /// Logs the old value of `segs[i]` before it is overwritten.
    #[inline]
    pub(crate) fn j_seg(&mut self, i: u32) {
        if self.op.on() && (i as usize) < self.op.lens[1] {
            self.op
                .log
                .push(CUndo::Seg(i, self.segs[i as usize].clone()));
        }
    }
    /// Logs the old value of `shapes[i]` before it is changed.
    #[inline]
    pub(crate) fn j_shape(&mut self, i: u32) {
        if self.op.on() && (i as usize) < self.op.lens[2] {
            self.op
                .log
                .push(CUndo::Shape(i, self.shapes[i as usize].clone()));
        }
    }
    /// Logs the old user-bit word `w`.
    #[inline]
    pub(crate) fn j_user(&mut self, w: usize) {
        if self.op.on() && w < self.op.lens[0] {
            self.op.log.push(CUndo::User(w as u32, self.user[w]));
        }
    }
    #[inline]
    pub(crate) fn j_log(&mut self, u: CUndo) {
        if self.op.on() {
            self.op.log.push(u);
        }
    }
}
