//! The demo's object parts: a handful of objects (convex, concave, open,
//! two overlapping) inserted into a triangulation, then a few frames in
//! which they turn and only the moved ones are updated in the mesh.

use std::time::Instant;

use daedalus::objects::{Object, ObjectId, Objects};
use daedalus::render::{PolyStyle, Scene};
use daedalus::triangulation::Cdt;
use daedalus::{Closure, Point};

use super::out::Args;
use super::shapes::{l_shape, place, rect, star, u_shape};
use crate::commands::render::{Walls, draw_world, save};

/// One demo object: a local outline (centred on its pivot, the origin),
/// whether it is closed, a rotation and a position.
#[derive(Clone, Debug)]
pub struct DemoObject {
    pub name: &'static str,
    pub outline: Vec<Point>,
    pub closed: bool,
    pub rotation: f64,
    pub position: Point,
    /// Turn per frame, radians.
    pub spin: f64,
}

impl DemoObject {
    /// The outline in world coordinates.
    pub fn world(&self) -> Vec<Point> {
        place(&self.outline, self.rotation, self.position)
    }
}

/// A handful of objects in a 40 x 30 world: convex, concave, open, and
/// two that overlap.
pub fn demo_objects() -> Vec<DemoObject> {
    let o = |name, outline, closed, rotation, x, y, spin| DemoObject {
        name,
        outline,
        closed,
        rotation,
        position: Point::new(x, y),
        spin,
    };
    vec![
        o("crate", rect(4.0, 4.0), true, 0.35, 8.0, 8.0, 0.2),
        o("star", star(5, 4.0, 1.7), true, 0.0, 20.0, 8.5, -0.15),
        o("L", l_shape(1.1), true, -0.5, 32.0, 9.0, 0.25),
        o("U", u_shape(1.2), true, 0.0, 11.0, 21.0, -0.1),
        o("bar", rect(10.0, 1.0), true, 0.7, 12.5, 21.0, 0.3),
        o(
            "fence",
            vec![
                Point::new(-5.0, 0.0),
                Point::new(-2.5, -2.0),
                Point::new(0.0, 0.0),
                Point::new(2.5, -2.0),
                Point::new(5.0, 0.0),
            ],
            false,
            0.0,
            29.0,
            22.0,
            0.2,
        ),
    ]
}

fn objects_walls(bounds: [f64; 4], objects: &[DemoObject]) -> Walls {
    Walls {
        bounds,
        rings: objects
            .iter()
            .filter(|o| o.closed)
            .map(|o| o.world())
            .collect(),
        chains: objects
            .iter()
            .filter(|o| !o.closed)
            .map(|o| o.world())
            .collect(),
    }
}

/// The objects' world rectangle `[xmin, ymin, xmax, ymax]`.
pub(crate) const OBJECTS_BOUNDS: [f64; 4] = [0.0, 0.0, 40.0, 30.0];

/// The objects inserted into a triangulation of their world.
pub struct ObjectWorld {
    pub cdt: Cdt,
    pub table: Objects,
    pub ids: Vec<ObjectId>,
    pub objects: Vec<DemoObject>,
}

impl ObjectWorld {
    /// Inserts every object with `Objects::insert`.
    pub fn new(objects: &[DemoObject]) -> Result<ObjectWorld, String> {
        let [x0, y0, x1, y1] = OBJECTS_BOUNDS;
        let mut cdt = Cdt::new([x0, y0], [x1, y1]).map_err(|e| e.to_string())?;
        let mut table = Objects::new();
        let mut ids = Vec::new();
        for o in objects {
            let closure = if o.closed {
                Closure::Closed
            } else {
                Closure::Open
            };
            let mut obj = Object::new(o.outline.clone(), closure);
            obj.set_rotation(o.rotation);
            obj.set_position([o.position.x, o.position.y]);
            ids.push(
                table
                    .insert(&mut cdt, obj)
                    .map_err(|e| format!("{}: {e}", o.name))?,
            );
        }
        Ok(ObjectWorld {
            cdt,
            table,
            ids,
            objects: objects.to_vec(),
        })
    }

    /// Moves the objects to their new poses and updates the mesh.
    pub fn apply(&mut self) -> Result<(), String> {
        for (o, &id) in self.objects.iter().zip(&self.ids) {
            let obj = self.table.get_mut(id).map_err(|e| e.to_string())?;
            obj.set_rotation(o.rotation);
            obj.set_position([o.position.x, o.position.y]);
        }
        self.table.update(&mut self.cdt).map_err(|e| e.to_string())
    }

    /// The picture of the current state.
    pub fn scene(&self, title: &str) -> Result<Scene, String> {
        let mut scene =
            Scene::new(crate::world::rect(OBJECTS_BOUNDS)).map_err(|e| e.to_string())?;
        scene.title(title);
        let walls = objects_walls(OBJECTS_BOUNDS, &self.objects);
        draw_world(&mut scene, &walls, Some(&self.cdt.dump()), false)?;
        // Closed objects get a fill; open ones show as their walls.
        let mut closed = Vec::new();
        for &id in &self.ids {
            if self
                .table
                .get(id)
                .map_err(|e| e.to_string())?
                .closure()
                .is_closed()
            {
                closed.push(self.table.outline(id).map_err(|e| e.to_string())?);
            }
        }
        scene
            .polygons(&closed, PolyStyle::objects())
            .map_err(|e| e.to_string())?;
        Ok(scene)
    }
}

fn objects_title(objects: &[DemoObject], what: &str) -> String {
    let open = objects.iter().filter(|o| !o.closed).count();
    format!(
        "{what}: {} closed, {open} open objects",
        objects.len() - open
    )
}

/// The objects part: the objects, inserted and drawn.
pub fn part_objects(objects: &[DemoObject], args: &Args) -> Result<ObjectWorld, String> {
    let t = Instant::now();
    let world = ObjectWorld::new(objects)?;
    let build = t.elapsed().as_secs_f64();
    let scene = world.scene(&objects_title(objects, "demo objects"))?;
    let png = save(&scene, &args.out.join("objects.png"), args.width)?;
    let names: Vec<&str> = objects.iter().map(|o| o.name).collect();
    println!(
        "objects: {} ({}) inserted in {:.2} ms -> {} triangles; picture {png}",
        objects.len(),
        names.join(", "),
        build * 1e3,
        world.cdt.triangles().count()
    );
    Ok(world)
}

/// The scripted motion of the objects: each turns by its `spin` per frame
/// (the rigid-body simulation is the physics part).
pub fn step_objects(objects: &mut [DemoObject]) {
    for o in objects {
        o.rotation += o.spin;
    }
}

/// The frames part: a few frames of moving objects; each frame updates only the
/// moved objects in the mesh (`Objects::update`).
pub fn part_frames(world: &mut ObjectWorld, args: &Args) -> Result<(), String> {
    for f in 1..=3 {
        step_objects(&mut world.objects);
        let t = Instant::now();
        world.apply()?;
        let dt = t.elapsed().as_secs_f64();
        let bad = world.cdt.validate().len();
        let scene = world.scene(&objects_title(&world.objects, &format!("frame {f}")))?;
        let png = save(
            &scene,
            &args.out.join(format!("objects-frame-{f}.png")),
            args.width,
        )?;
        println!(
            "frame {f}: {} objects moved, mesh updated in {:.2} ms, {} triangles, {bad} violations; picture {png}",
            world.ids.len(),
            dt * 1e3,
            world.cdt.triangles().count()
        );
    }
    Ok(())
}
