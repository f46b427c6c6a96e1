//! TEMPORARY stand-in for `daedalus::{triangulation, objects}` (API.md) so
//! the CLI compiles before the cdt branch lands. Deleted on merge.
#![allow(dead_code, unused_variables, clippy::all)]

pub mod triangulation {
    use daedalus::Point;
    use daedalus::mesh::MeshDump;

    #[derive(Debug, thiserror::Error)]
    pub enum CdtError {
        #[error("not implemented yet")]
        Unimplemented,
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
        pub fn insert_object(
            &mut self,
            o: super::objects::Object,
        ) -> Result<super::objects::ObjectId, CdtError> {
            Err(CdtError::Unimplemented)
        }
        pub fn object(
            &self,
            id: super::objects::ObjectId,
        ) -> Result<&super::objects::Object, CdtError> {
            Err(CdtError::Unimplemented)
        }
        pub fn object_mut(
            &mut self,
            id: super::objects::ObjectId,
        ) -> Result<&mut super::objects::Object, CdtError> {
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
}

pub mod objects {
    use daedalus::Point;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct ObjectId(u32);

    #[derive(Clone, Debug)]
    pub struct Object(Vec<Point>);
    impl Object {
        pub fn new(outline: Vec<Point>, closed: bool) -> Object {
            Object(outline)
        }
        pub fn set_pivot(&mut self, x: f64, y: f64) {}
        pub fn set_position(&mut self, x: f64, y: f64) {}
        pub fn set_rotation(&mut self, r: f64) {}
        pub fn placement(&self) -> (Point, (f64, f64), f64, Point) {
            (Point::default(), (1.0, 1.0), 0.0, Point::default())
        }
        pub fn world_outline(&self) -> Vec<Point> {
            self.0.clone()
        }
    }
}
