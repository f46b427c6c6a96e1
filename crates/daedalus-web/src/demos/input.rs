//! Parsing and checking what clients send.

use crate::error::ApiError;
use daedalus::{Point, World};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Parses a command; serde's message (one line) on failure.
pub(crate) fn parse<T: DeserializeOwned>(v: Value) -> Result<T, ApiError> {
    serde_json::from_value(v).map_err(|e| ApiError::bad(format!("bad command: {e}")))
}

/// A finite number.
pub(crate) fn num(v: f64, what: &str) -> Result<f64, ApiError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(ApiError::bad(format!("{what} is not a finite number")))
    }
}

/// A finite number within `[lo, hi]`.
pub(crate) fn within(v: f64, lo: f64, hi: f64, what: &str) -> Result<f64, ApiError> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(v)
    } else {
        Err(ApiError::bad(format!("{what} must be within [{lo}, {hi}]")))
    }
}

/// A point inside the world's rectangle.
pub(crate) fn inside(world: &World, p: [f64; 2]) -> Result<Point, ApiError> {
    let [x0, y0, x1, y1]: [f64; 4] = world.cdt().bounds().into();
    let (x, y) = (num(p[0], "x")?, num(p[1], "y")?);
    if x < x0 || x > x1 || y < y0 || y > y1 {
        return Err(ApiError::bad(format!(
            "point ({x}, {y}) is outside the world"
        )));
    }
    Ok(Point::new(x, y))
}

/// A point clamped into the world (drags may leave the canvas).
pub(crate) fn clamp(world: &World, p: Point) -> Point {
    let [x0, y0, x1, y1]: [f64; 4] = world.cdt().bounds().into();
    Point::new(p.x.clamp(x0, x1), p.y.clamp(y0, y1))
}
