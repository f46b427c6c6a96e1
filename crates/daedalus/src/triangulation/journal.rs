//! All-or-nothing operations: every public mutating operation runs inside
//! [`Cdt::atomic`], which journals the writes to the mesh (see
//! `mesh::journal`) and to the constraint tables, and undoes them all if
//! the operation fails, so a failed operation leaves the triangulation
//! exactly as it was (same slots, free lists and generations).

use super::{Cdt, CdtError, NONE, Segment, ShapeSlot};

/// A map from dense row keys (edge pairs, vertices): a key column of slot
/// numbers into a value arena. One indexed load per lookup, next to the
/// mesh rows of the same key, instead of a hash probe.
#[derive(Clone, Debug)]
pub(crate) struct Dense<V> {
    /// key -> slot in `vals`, NONE when absent.
    idx: Vec<u32>,
    /// slot -> value (free slots hold `V::default()`).
    vals: Vec<V>,
    free: Vec<u32>,
}

impl<V> Default for Dense<V> {
    fn default() -> Self {
        Dense {
            idx: Vec::new(),
            vals: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<V: Default> Dense<V> {
    #[inline]
    fn slot(&self, k: u32) -> Option<usize> {
        match self.idx.get(k as usize) {
            Some(&s) if s != NONE => Some(s as usize),
            _ => None,
        }
    }
    #[inline]
    fn get(&self, k: &u32) -> Option<&V> {
        self.slot(*k).map(|s| &self.vals[s])
    }
    #[inline]
    fn get_mut(&mut self, k: &u32) -> Option<&mut V> {
        self.slot(*k).map(|s| &mut self.vals[s])
    }
    /// The slot of `k`, made (holding `V::default()`) if missing.
    #[inline]
    fn make(&mut self, k: u32) -> usize {
        if let Some(s) = self.slot(k) {
            return s;
        }
        let s = match self.free.pop() {
            Some(s) => {
                self.vals[s as usize] = V::default();
                s
            }
            None => {
                self.vals.push(V::default());
                (self.vals.len() - 1) as u32
            }
        };
        if k as usize >= self.idx.len() {
            self.idx.resize(k as usize + 1, NONE);
        }
        self.idx[k as usize] = s;
        s as usize
    }
    #[inline]
    fn insert(&mut self, k: u32, v: V) -> Option<V> {
        let had = self.slot(k).is_some();
        let s = self.make(k);
        let old = std::mem::replace(&mut self.vals[s], v);
        had.then_some(old)
    }
    #[inline]
    fn remove(&mut self, k: &u32) -> Option<V> {
        let s = self.slot(*k)?;
        self.idx[*k as usize] = NONE;
        self.free.push(s as u32);
        Some(std::mem::take(&mut self.vals[s]))
    }
    fn iter(&self) -> impl Iterator<Item = (u32, &V)> {
        self.idx
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s != NONE)
            .map(|(k, &s)| (k as u32, &self.vals[s as usize]))
    }
    /// Drops every key at or past `base`.
    fn drop_from(&mut self, base: u32) {
        for k in base as usize..self.idx.len() {
            if self.idx[k] != NONE {
                self.remove(&(k as u32));
            }
        }
        self.idx.truncate(self.idx.len().min(base as usize));
    }
    /// Gives back growth slack past a sixteenth (see `Mesh::shrink_slack`).
    fn shrink_slack(&mut self) {
        use crate::mesh::fit_slack as fit;
        fit(&mut self.idx);
        fit(&mut self.vals);
        fit(&mut self.free);
    }
    fn heap_bytes(&self) -> usize {
        (self.idx.capacity() + self.free.capacity()) * 4
            + self.vals.capacity() * std::mem::size_of::<V>()
    }
}

/// A [`Dense`] map that can log the old value of every entry it changes.
/// Keys from `base` on (rows the operation appended, dropped on rollback)
/// need no log: rollback removes them all.
#[derive(Clone, Debug)]
pub(crate) struct JMap<V> {
    map: Dense<V>,
    on: bool,
    base: u32,
    log: Vec<(u32, Option<V>)>,
}

impl<V> Default for JMap<V> {
    fn default() -> Self {
        JMap {
            map: Dense::default(),
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
        let s = self.map.make(k);
        &mut self.map.vals[s]
    }
    pub(crate) fn values(&self) -> impl Iterator<Item = &V> {
        self.map.iter().map(|(_, v)| v)
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u32, &V)> {
        self.map.iter()
    }
    /// Gives back the map's growth slack (after a bulk build).
    pub(crate) fn shrink_slack(&mut self) {
        self.map.shrink_slack();
    }
    /// Heap bytes of the map (the log not included).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.map.heap_bytes()
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
        self.map.drop_from(self.base);
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
                self.revision += 1;
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
