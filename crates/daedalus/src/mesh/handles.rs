//! Typed handles (index + generation) and the sparse generation table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A cheap multiplicative hasher for u32 keys (slot indices): no dependency,
/// no DoS concern (keys are our own indices).
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.0 = (i as u64 ^ self.0)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

/// HashMap keyed by our u32 slot indices.
pub(crate) type IdMap<V> = HashMap<u32, V, BuildHasherDefault<IdHasher>>;

/// Generations of slots, stored sparsely: a slot never freed has generation
/// 0 and costs nothing, so a mesh built without removals pays no memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct Generations(IdMap<u32>);

impl Generations {
    #[inline]
    pub(crate) fn get(&self, idx: u32) -> u32 {
        if self.0.is_empty() {
            0
        } else {
            self.0.get(&idx).copied().unwrap_or(0)
        }
    }
    #[inline]
    pub(crate) fn bump(&mut self, idx: u32) {
        *self.0.entry(idx).or_insert(0) += 1;
    }
    /// Undoes one [`Generations::bump`] (journal rollback).
    pub(crate) fn unbump(&mut self, idx: u32) {
        if let Some(g) = self.0.get_mut(&idx) {
            *g -= 1;
            if *g == 0 {
                self.0.remove(&idx);
            }
        }
    }
    pub(crate) fn heap_bytes(&self) -> usize {
        // hashbrown: one control byte + (key, value) per bucket.
        self.0.capacity() * (1 + 8)
    }
}

macro_rules! handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name {
            pub(crate) idx: u32,
            pub(crate) generation: u32,
        }

        impl $name {
            /// The slot index (stable while the element lives; slots are
            /// recycled after removal, the generation tells them apart).
            ///
            /// ```
            /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [1.0, 1.0]).unwrap();
            /// let v = cdt.mesh().vertices().next().unwrap();
            /// assert!(v.index() < 4);
            /// ```
            #[inline]
            pub fn index(self) -> usize {
                self.idx as usize
            }
        }
    };
}

handle!(
    /// Handle of a mesh vertex: names it across changes of the mesh;
    /// [`Mesh::vertex`](crate::mesh::Mesh::vertex) checks it and gives a
    /// [`VertexRef`](crate::mesh::VertexRef) to read and walk from.
    ///
    /// ```
    /// let mut cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let v: daedalus::mesh::VertexId = cdt.insert_vertex([5.0, 5.0]).unwrap();
    /// assert_eq!(cdt.mesh().vertex(v).unwrap().position(), daedalus::Point::new(5.0, 5.0));
    /// ```
    VertexId
);
handle!(
    /// Handle of a half-edge (one oriented side of an edge): names it
    /// across changes of the mesh; [`Mesh::edge`](crate::mesh::Mesh::edge)
    /// checks it and gives an [`EdgeRef`](crate::mesh::EdgeRef).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let f = cdt.mesh().faces().next().unwrap();
    /// let e: daedalus::mesh::EdgeId = f.edge().id();
    /// assert_eq!(cdt.mesh().edge(e).unwrap().left_face(), f);
    /// ```
    EdgeId
);
handle!(
    /// Handle of a face (an inner triangle, or one of the two outer
    /// faces): names it across changes of the mesh;
    /// [`Mesh::face`](crate::mesh::Mesh::face) checks it and gives a
    /// [`FaceRef`](crate::mesh::FaceRef).
    ///
    /// ```
    /// let cdt = daedalus::triangulation::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
    /// let f: daedalus::mesh::FaceId = cdt.mesh().faces().next().unwrap().id();
    /// assert!(!cdt.mesh().face(f).unwrap().is_outer());
    /// ```
    FaceId
);

/// Why a handle does not name a live element of the mesh (from
/// [`Mesh::vertex`](crate::mesh::Mesh::vertex),
/// [`Mesh::edge`](crate::mesh::Mesh::edge),
/// [`Mesh::face`](crate::mesh::Mesh::face)).
///
/// ```
/// use daedalus::mesh::MeshError;
/// let mut cdt = daedalus::Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap();
/// let v = cdt.insert_vertex([3.0, 3.0]).unwrap();
/// cdt.remove_vertex(v).unwrap();
/// let e = cdt.mesh().vertex(v).unwrap_err();
/// assert_eq!(e, MeshError::StaleVertex(v));
/// assert!(e.to_string().contains("vertex"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MeshError {
    /// The vertex was removed (or never belonged to this mesh).
    #[error("stale or unknown vertex handle {0:?}")]
    StaleVertex(VertexId),
    /// The edge was removed (or never belonged to this mesh).
    #[error("stale or unknown edge handle {0:?}")]
    StaleEdge(EdgeId),
    /// The face was removed (or never belonged to this mesh).
    #[error("stale or unknown face handle {0:?}")]
    StaleFace(FaceId),
}
