//! TEMPORARY stand-in for `daedalus::triangulation` (API.md) so the CLI
//! compiles before the cdt branch lands. Deleted on merge.
#![allow(dead_code, unused_variables, clippy::all)]

use daedalus::Point;
use daedalus::mesh::MeshDump;

#[derive(Debug, thiserror::Error)]
pub enum CdtError {
    #[error("not implemented yet")]
    Unimplemented,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObjectId(u32);

#[derive(Clone, Debug)]
pub struct Object {
    pub outline: Vec<Point>,
    pub closed: bool,
    pub pivot: Point,
    pub rotation: f64,
    pub position: Point,
}

pub struct Mesh;
impl Mesh {
    pub fn vertex_count(&self) -> usize {
        0
    }
}

pub struct Cdt;
impl Cdt {
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Result<Cdt, CdtError> {
        Err(CdtError::Unimplemented)
    }
    pub fn insert_shape(&mut self, p: &[Point], closed: bool) -> Result<(), CdtError> {
        Err(CdtError::Unimplemented)
    }
    pub fn insert_segment(&mut self, a: Point, b: Point) -> Result<(), CdtError> {
        Err(CdtError::Unimplemented)
    }
    pub fn mesh(&self) -> &Mesh {
        &Mesh
    }
    pub fn triangles(&self) -> std::vec::IntoIter<()> {
        Vec::new().into_iter()
    }
    pub fn dump(&self) -> MeshDump {
        MeshDump::default()
    }
    pub fn insert_object(&mut self, o: Object) -> Result<ObjectId, CdtError> {
        Err(CdtError::Unimplemented)
    }
    pub fn object_mut(&mut self, id: ObjectId) -> Result<&mut Object, CdtError> {
        Err(CdtError::Unimplemented)
    }
    pub fn update_objects(&mut self) -> Result<(), CdtError> {
        Err(CdtError::Unimplemented)
    }
}

pub mod fuzz {
    pub fn run(ops: usize, seed: u64, validate_every: usize) -> Result<String, String> {
        Err("not implemented yet".into())
    }
}
