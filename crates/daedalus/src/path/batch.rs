//! Many queries at once on an unchanged snapshot (in parallel with the
//! `parallel` feature, one [`PathFinder`] per worker thread).

use crate::Point;

use std::cell::RefCell;

use super::{NavMesh, Path, PathError, PathFinder};

thread_local! {
    /// One finder per thread, kept between calls: its buffers are sized to
    /// the largest mesh it has searched, so a new one per call would cost
    /// O(world) for a handful of queries.
    static FINDER: RefCell<PathFinder> = RefCell::new(PathFinder::new());
}

/// Runs `f` on this thread's kept finder (a fresh one if it is in use).
fn with_finder<R>(f: impl FnOnce(&mut PathFinder) -> R) -> R {
    FINDER.with(|c| match c.try_borrow_mut() {
        Ok(mut kept) => f(&mut kept),
        Err(_) => f(&mut PathFinder::new()),
    })
}

/// One path query.
///
/// ```
/// let q = daedalus::path::Query { from: [1.0, 1.0].into(), to: [2.0, 2.0].into(), radius: 0.0 };
/// assert_eq!(q.radius, 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Query {
    /// Start.
    pub from: Point,
    /// Goal.
    pub to: Point,
    /// Radius of the disc that travels.
    pub radius: f64,
}

/// Answers every query, in order. Each thread keeps one
/// [`PathFinder`] between calls, so a call costs what its queries cost,
/// not the mesh's size.
///
/// ```
/// use daedalus::{triangulation::Cdt, path::{NavMesh, Query, find_paths}};
/// let nav = NavMesh::from_cdt(&Cdt::new([0.0, 0.0], [10.0, 10.0]).unwrap());
/// let qs = vec![Query { from: [1.0, 1.0].into(), to: [4.0, 5.0].into(), radius: 0.0 }; 3];
/// let out = find_paths(&nav, &qs);
/// assert!(out.iter().all(|r| (r.as_ref().unwrap().length() - 5.0).abs() < 1e-12));
/// ```
pub fn find_paths(nav: &NavMesh, queries: &[Query]) -> Vec<Result<Path, PathError>> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        // A few chunks per thread, each on its thread's kept finder.
        let chunk = queries
            .len()
            .div_ceil(8 * rayon::current_num_threads())
            .max(1);
        queries
            .par_chunks(chunk)
            .flat_map_iter(|c| {
                with_finder(|f| {
                    c.iter()
                        .map(|q| f.find_path(nav, q.from, q.to, q.radius))
                        .collect::<Vec<_>>()
                })
            })
            .collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        with_finder(|f| {
            queries
                .iter()
                .map(|q| f.find_path(nav, q.from, q.to, q.radius))
                .collect()
        })
    }
}
