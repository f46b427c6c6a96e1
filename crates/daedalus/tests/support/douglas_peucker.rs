//! The comparison pipeline of the bitmap issue, shared by the vertex-count
//! test and the speed bench: imageproc's border following, then geo's
//! Douglas-Peucker at tolerance `t`, closed contours.

use geo::Simplify;

/// Vertices of each contour of `img` after Douglas-Peucker at `t`
/// (contours of 1 or 2 points, specks and 1-pixel lines, stay as they are).
pub fn contour_vertex_counts(img: &image::GrayImage, t: f64) -> Vec<usize> {
    imageproc::contours::find_contours::<i32>(img)
        .iter()
        .map(|c| {
            if c.points.len() < 3 {
                return c.points.len();
            }
            let mut ls: Vec<geo::Coord<f64>> = c
                .points
                .iter()
                .map(|p| geo::coord! { x: p.x as f64, y: p.y as f64 })
                .collect();
            ls.push(ls[0]);
            geo::LineString::new(ls).simplify(t).0.len() - 1
        })
        .collect()
}
