//! Plain-input builders: walls -> static polyline colliders, triangles ->
//! dynamic compound body, disc -> ball.

use super::PhysicsError;
use crate::geometry::{Point, orient2d};
use rapier2d_f64::prelude::{
    Collider, ColliderBuilder, Pose, RigidBody, RigidBodyBuilder, SharedShape, Vector,
};

#[inline]
pub(super) fn vec2(p: Point) -> Vector {
    Vector::new(p.x, p.y)
}

/// Material and motion parameters of a dynamic body.
///
/// ```
/// let p = daedalus::physics::BodyParams::default();
/// assert!(p.density > 0.0 && p.ccd);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyParams {
    /// Mass per unit area (> 0).
    pub density: f64,
    /// Coulomb friction coefficient (>= 0).
    pub friction: f64,
    /// Bounciness (>= 0; 0 = no bounce).
    pub restitution: f64,
    /// Linear velocity damping (>= 0), so bodies settle.
    pub linear_damping: f64,
    /// Angular velocity damping (>= 0); rapier has no rolling resistance,
    /// this lets balls stop rolling.
    pub angular_damping: f64,
    /// Continuous collision detection: keeps fast bodies from tunnelling
    /// through the zero-thickness wall polylines.
    pub ccd: bool,
}

impl Default for BodyParams {
    fn default() -> Self {
        BodyParams {
            density: 1.0,
            friction: 0.7,
            restitution: 0.1,
            linear_damping: 0.3,
            angular_damping: 1.0,
            ccd: true,
        }
    }
}

impl BodyParams {
    fn validate(&self) -> Result<(), PhysicsError> {
        let checks = [
            ("density", self.density, self.density > 0.0),
            ("friction", self.friction, self.friction >= 0.0),
            ("restitution", self.restitution, self.restitution >= 0.0),
            (
                "linear damping",
                self.linear_damping,
                self.linear_damping >= 0.0,
            ),
            (
                "angular damping",
                self.angular_damping,
                self.angular_damping >= 0.0,
            ),
        ];
        for (what, value, ok) in checks {
            if !value.is_finite() {
                return Err(PhysicsError::NonFinite { what });
            }
            if !ok {
                return Err(PhysicsError::InvalidParameter { what, value });
            }
        }
        Ok(())
    }

    fn body(&self, at: Point) -> RigidBody {
        RigidBodyBuilder::dynamic()
            .translation(vec2(at))
            .linear_damping(self.linear_damping)
            .angular_damping(self.angular_damping)
            .ccd_enabled(self.ccd)
            .build()
    }

    fn collider(&self, shape: SharedShape) -> Collider {
        ColliderBuilder::new(shape)
            .density(self.density)
            .friction(self.friction)
            .restitution(self.restitution)
            .build()
    }
}

/// Wall friction of [`static_walls`].
const WALL_FRICTION: f64 = 0.7;

/// One static polyline collider per wall. A closed wall repeats its first
/// point at the end. Consecutive duplicate points are dropped; every wall
/// needs two distinct points. All walls are checked before any is built.
///
/// ```
/// use daedalus::{Point, physics::static_walls};
/// let square = vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(1.0, 1.0), Point::new(0.0, 0.0)];
/// let colliders = static_walls(&[square])?;
/// assert_eq!(colliders.len(), 1);
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
pub fn static_walls(walls: &[Vec<Point>]) -> Result<Vec<Collider>, PhysicsError> {
    let mut cleaned = Vec::with_capacity(walls.len());
    for (i, wall) in walls.iter().enumerate() {
        if wall.iter().any(|p| !p.is_finite()) {
            return Err(PhysicsError::NonFinite { what: "wall point" });
        }
        let mut pts: Vec<Vector> = Vec::with_capacity(wall.len());
        for &p in wall {
            if pts.last() != Some(&vec2(p)) {
                pts.push(vec2(p));
            }
        }
        if pts.len() < 2 {
            return Err(PhysicsError::TooFewPoints { wall: i });
        }
        cleaned.push(pts);
    }
    Ok(cleaned
        .into_iter()
        .map(|pts| {
            ColliderBuilder::polyline(pts, None)
                .friction(WALL_FRICTION)
                .build()
        })
        .collect())
}

/// A dynamic body from triangles given in world coordinates (e.g. the CDT
/// faces inside a traced shape). The collider is the compound of the
/// triangles, so concave shapes and holes are exact. The body's origin is
/// the area centroid, at angle 0; flat triangles are skipped.
///
/// ```
/// use daedalus::{Point, physics::{dynamic_body, BodyParams}};
/// let p = |x, y| Point::new(x, y);
/// let (body, collider) = dynamic_body(&[[p(0.0, 0.0), p(3.0, 0.0), p(0.0, 3.0)]], &BodyParams::default())?;
/// assert_eq!((body.translation().x, body.translation().y), (1.0, 1.0));
/// assert!(collider.shape().as_compound().is_some());
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
pub fn dynamic_body(
    triangles: &[[Point; 3]],
    params: &BodyParams,
) -> Result<(RigidBody, Collider), PhysicsError> {
    params.validate()?;
    if triangles.iter().flatten().any(|p| !p.is_finite()) {
        return Err(PhysicsError::NonFinite {
            what: "triangle point",
        });
    }
    // Counter-clockwise (orient2d > 0) copies of the non-flat triangles.
    let tris: Vec<[Point; 3]> = triangles
        .iter()
        .filter_map(|&[a, b, c]| match orient2d(a, b, c) {
            o if o > 0.0 => Some([a, b, c]),
            o if o < 0.0 => Some([a, c, b]),
            _ => None,
        })
        .collect();
    let (mut area, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for [a, b, c] in &tris {
        let w = (*b - *a).cross(*c - *a) * 0.5;
        area += w;
        cx += w * (a.x + b.x + c.x) / 3.0;
        cy += w * (a.y + b.y + c.y) / 3.0;
    }
    if tris.is_empty() {
        return Err(PhysicsError::EmptyBody);
    }
    // Finite inputs may still overflow the area sums.
    if !area.is_finite() || !cx.is_finite() || !cy.is_finite() {
        return Err(PhysicsError::NonFinite {
            what: "triangle area",
        });
    }
    // Slivers can round to no area at all.
    if area <= 0.0 {
        return Err(PhysicsError::EmptyBody);
    }
    let centre = Point::new(cx / area, cy / area);
    let shapes = tris
        .iter()
        .map(|&[a, b, c]| {
            let local = |p: Point| vec2(p - centre);
            (
                Pose::IDENTITY,
                SharedShape::triangle(local(a), local(b), local(c)),
            )
        })
        .collect();
    Ok((
        params.body(centre),
        params.collider(SharedShape::compound(shapes)),
    ))
}

/// A dynamic disc of `radius` (> 0) centred at `centre`.
///
/// ```
/// use daedalus::{Point, physics::{ball, BodyParams}};
/// let (body, collider) = ball(Point::new(5.0, 5.0), 2.0, &BodyParams::default())?;
/// assert_eq!(collider.shape().as_ball().unwrap().radius, 2.0);
/// assert_eq!(body.translation().x, 5.0);
/// # Ok::<(), daedalus::physics::PhysicsError>(())
/// ```
pub fn ball(
    centre: Point,
    radius: f64,
    params: &BodyParams,
) -> Result<(RigidBody, Collider), PhysicsError> {
    params.validate()?;
    if !centre.is_finite() || !radius.is_finite() {
        return Err(PhysicsError::NonFinite { what: "ball" });
    }
    if radius <= 0.0 {
        return Err(PhysicsError::InvalidParameter {
            what: "radius",
            value: radius,
        });
    }
    Ok((
        params.body(centre),
        params.collider(SharedShape::ball(radius)),
    ))
}
