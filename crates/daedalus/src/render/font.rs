//! A tiny monospace stroke font for the PNG legend (tiny-skia draws no
//! text). Capitals, digits and a few symbols on a 4 x 6 grid (y down,
//! 0 = cap line, 6 = baseline); lower case is drawn as capitals.

// Only the PNG writer draws glyphs; the layout measures text always.
#![cfg_attr(not(feature = "png"), allow(dead_code))]

/// Cap height in grid units.
pub(crate) const CAP: f64 = 6.0;
/// Advance per character in grid units (glyph 4 wide + spacing).
pub(crate) const ADVANCE: f64 = 5.6;

/// Width of `text` drawn with cap height `size`.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    let n = text.chars().count() as f64;
    if n == 0.0 {
        0.0
    } else {
        (n * ADVANCE - (ADVANCE - 4.0)) * size / CAP
    }
}

/// The strokes of one character as polylines of grid points, or `None`
/// for a blank.
fn glyph(c: char) -> Option<&'static str> {
    let s = match c.to_ascii_uppercase() {
        'A' => "0,6 2,0 4,6; 0.7,4 3.3,4",
        'B' => "0,3 3,3 4,4 4,5 3,6 0,6 0,0 3,0 4,1 4,2 3,3",
        'C' => "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5",
        'D' => "0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0",
        'E' => "4,0 0,0 0,6 4,6; 0,3 3,3",
        'F' => "4,0 0,0 0,6; 0,3 3,3",
        'G' => "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3.5 2.5,3.5",
        'H' => "0,0 0,6; 4,0 4,6; 0,3 4,3",
        'I' => "1,0 3,0; 2,0 2,6; 1,6 3,6",
        'J' => "4,0 4,5 3,6 1,6 0,5",
        'K' => "0,0 0,6; 4,0 0,3.8; 1.5,2.4 4,6",
        'L' => "0,0 0,6 4,6",
        'M' => "0,6 0,0 2,3 4,0 4,6",
        'N' => "0,6 0,0 4,6 4,0",
        'O' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
        'P' => "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
        'Q' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0; 2.5,4.5 4,6.2",
        'R' => "0,6 0,0 3,0 4,1 4,2 3,3 0,3; 2,3 4,6",
        'S' => "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
        'T' => "0,0 4,0; 2,0 2,6",
        'U' => "0,0 0,5 1,6 3,6 4,5 4,0",
        'V' => "0,0 2,6 4,0",
        'W' => "0,0 1,6 2,2 3,6 4,0",
        'X' => "0,0 4,6; 4,0 0,6",
        'Y' => "0,0 2,3 4,0; 2,3 2,6",
        'Z' => "0,0 4,0 0,6 4,6",
        '0' => "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0; 3.6,0.8 0.4,5.2",
        '1' => "1,1 2,0 2,6; 1,6 3,6",
        '2' => "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
        '3' => "0,1 1,0 3,0 4,1 4,2 3,3 1.5,3; 3,3 4,4 4,5 3,6 1,6 0,5",
        '4' => "3,6 3,0 0,4 4,4",
        '5' => "4,0 0,0 0,3 3,3 4,4 4,5 3,6 1,6 0,5",
        '6' => "3.5,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
        '7' => "0,0 4,0 1.5,6",
        '8' => "1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3",
        '9' => "4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 0.5,6",
        '.' => "2,5.6 2,6",
        ',' => "2,5.4 2,6 1.3,7",
        ':' => "2,1.6 2,2; 2,5.6 2,6",
        ';' => "2,1.6 2,2; 2,5.4 2,6 1.3,7",
        '=' => "0.5,2 3.5,2; 0.5,4 3.5,4",
        '-' => "0.5,3 3.5,3",
        '+' => "0.5,3 3.5,3; 2,1.5 2,4.5",
        '(' => "3,0 2,1 1.5,2.5 1.5,3.5 2,5 3,6",
        ')' => "1,0 2,1 2.5,2.5 2.5,3.5 2,5 1,6",
        '[' => "3,0 1.5,0 1.5,6 3,6",
        ']' => "1,0 2.5,0 2.5,6 1,6",
        '/' => "3.5,0 0.5,6",
        '%' => {
            "0,6 4,0; 0.5,0.5 1.5,0.5 1.5,1.5 0.5,1.5 0.5,0.5; 2.5,4.5 3.5,4.5 3.5,5.5 2.5,5.5 2.5,4.5"
        }
        '\u{d7}' => "0.8,2.5 3.2,5.5; 3.2,2.5 0.8,5.5",
        '\'' => "2,0 2,1.5",
        '"' => "1.3,0 1.3,1.5; 2.7,0 2.7,1.5",
        '_' => "0,6 4,6",
        '<' => "3.5,1 0.5,3 3.5,5",
        '>' => "0.5,1 3.5,3 0.5,5",
        '?' => "0,1 1,0 3,0 4,1 4,2 2,3.3 2,4.3; 2,5.6 2,6",
        '!' => "2,0 2,4.2; 2,5.6 2,6",
        '#' => "1.3,0.5 1.3,5.5; 2.7,0.5 2.7,5.5; 0,2 4,2; 0,4 4,4",
        '*' => "2,1 2,5; 0.3,2 3.7,4; 0.3,4 3.7,2",
        '&' => "4,6 1,2 1,1 2,0 3,1 3,2 0,4 0,5 1,6 2,6 4,3.5",
        '@' => "3,4 3,2 1.5,2 1.5,4 3,4 4,3.5 4,1 3,0 1,0 0,1 0,5 1,6 3.5,6",
        '~' => "0,3.5 1,2.5 3,3.5 4,2.5",
        ' ' => return None,
        // Anything else: a small box, so a missing glyph is visible.
        _ => "0.5,1 3.5,1 3.5,6 0.5,6 0.5,1",
    };
    Some(s)
}

/// The strokes of `text` (polylines in canvas units) with its baseline-left
/// corner at `(x, y)` and cap height `size`; also the stroke width to use.
pub(crate) fn strokes(text: &str, x: f64, y: f64, size: f64) -> (Vec<Vec<[f64; 2]>>, f64) {
    let k = size / CAP;
    let mut out = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let Some(g) = glyph(c) else { continue };
        let x0 = x + i as f64 * ADVANCE * k;
        for line in g.split(';') {
            let pts: Vec<[f64; 2]> = line
                .split_whitespace()
                .filter_map(|p| {
                    let (a, b) = p.split_once(',')?;
                    let (a, b): (f64, f64) = (a.parse().ok()?, b.parse().ok()?);
                    Some([x0 + a * k, y - (CAP - b) * k])
                })
                .collect();
            if pts.len() >= 2 {
                out.push(pts);
            }
        }
    }
    (out, 0.85 * k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_parses_and_stays_in_its_cell() {
        for c in (' '..='~').chain(['\u{d7}']) {
            let Some(g) = glyph(c) else { continue };
            for line in g.split(';') {
                let pts: Vec<&str> = line.split_whitespace().collect();
                assert!(pts.len() >= 2, "glyph {c:?}: {line:?}");
                for p in pts {
                    let (a, b) = p.split_once(',').unwrap();
                    let (a, b): (f64, f64) = (a.parse().unwrap(), b.parse().unwrap());
                    assert!(
                        (0.0..=4.0).contains(&a) && (0.0..=7.0).contains(&b),
                        "{c:?} {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn width_is_advance_times_count() {
        assert_eq!(text_width("", 6.0), 0.0);
        assert_eq!(text_width("A", 6.0), 4.0);
        assert!((text_width("AB", 12.0) - 2.0 * (5.6 + 4.0)).abs() < 1e-12);
    }
}
