//! Scenario files, runner output and mesh dumps: the formats of
//! `docs/scenario-format.md` in the repository, read and written with exact float
//! round-trip (serde_json's `float_roundtrip`), so every coordinate is
//! bit-identical to what Python or JavaScript read from the same file.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::Point;

/// Errors reading or writing a scenario or mesh dump.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScenarioError {
    /// The file cannot be read or written.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The file is not JSON of the expected shape.
    #[error("{path} is not a valid scenario: {source}")]
    Json {
        /// The file.
        path: String,
        /// The parser's error.
        #[source]
        source: serde_json::Error,
    },
    /// The JSON parses but a value is wrong (odd ring length, bad bounds).
    #[error("{path}: {what}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
}

/// One path query of a scenario.
///
/// ```
/// let q: daedalus::scenario::Query =
///     serde_json::from_str(r#"{"from":[1,1],"to":[9,5],"radius":0,"expect":8.94}"#).unwrap();
/// assert_eq!(q.to, [9.0, 5.0]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Query {
    /// Start `[x, y]`.
    pub from: [f64; 2],
    /// Goal `[x, y]`.
    pub to: [f64; 2],
    #[serde(default)]
    /// Disc radius (0 when absent).
    pub radius: f64,
    /// Optimal radius-0 length from an independent solver; `Some(None)` is
    /// an explicit `null` (no path), `None` means not given.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "serde_nullable"
    )]
    pub expect: Option<Option<f64>>,
}

mod serde_nullable {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    pub fn serialize<S: Serializer>(v: &Option<Option<f64>>, s: S) -> Result<S::Ok, S::Error> {
        v.flatten().serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
        Ok(Some(Option::<f64>::deserialize(d)?))
    }
}

/// A world of walls plus path queries.
///
/// ```
/// let s = daedalus::scenario::Scenario::from_json(
///     r#"{"bounds":[0,0,10,10],"rings":[[4,4,6,4,6,6,4,6]],"queries":[]}"#,
/// ).unwrap();
/// assert_eq!(s.ring_points(0).len(), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    #[serde(default)]
    /// Name of the map.
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    /// Where the map comes from.
    pub source: String,
    /// World rectangle `[xmin, ymin, xmax, ymax]`.
    pub bounds: [f64; 4],
    #[serde(default)]
    /// Closed walls, each a flat list `x0, y0, x1, y1, ...`.
    pub rings: Vec<Vec<f64>>,
    #[serde(default)]
    /// Open wall segments `[ax, ay, bx, by]`.
    pub segments: Vec<[f64; 4]>,
    #[serde(default)]
    /// Path queries.
    pub queries: Vec<Query>,
}

impl Scenario {
    /// Parses and checks a scenario from JSON text.
    ///
    /// ```
    /// assert!(daedalus::scenario::Scenario::from_json("{}").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        Self::parse(text, "<scenario>")
    }

    /// Reads and checks a scenario file.
    ///
    /// ```no_run
    /// let s = daedalus::scenario::Scenario::load("arena.scenario.json").unwrap();
    /// println!("{} rings", s.rings.len());
    /// ```
    pub fn load(path: impl AsRef<Path>) -> Result<Scenario, ScenarioError> {
        let name = path.as_ref().display().to_string();
        let text = std::fs::read_to_string(path.as_ref()).map_err(|source| ScenarioError::Io {
            path: name.clone(),
            source,
        })?;
        Self::parse(&text, &name)
    }

    fn parse(text: &str, path: &str) -> Result<Scenario, ScenarioError> {
        let s: Scenario = serde_json::from_str(text).map_err(|source| ScenarioError::Json {
            path: path.to_string(),
            source,
        })?;
        let invalid = |what: String| ScenarioError::Invalid {
            path: path.to_string(),
            what,
        };
        let [x0, y0, x1, y1] = s.bounds;
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite())
            || x0 >= x1
            || y0 >= y1
        {
            return Err(invalid(format!(
                "bounds {:?} are not a non-empty finite rectangle",
                s.bounds
            )));
        }
        for (i, r) in s.rings.iter().enumerate() {
            if r.len() % 2 != 0 {
                return Err(invalid(format!(
                    "ring {i} has an odd number of coordinates"
                )));
            }
        }
        Ok(s)
    }

    /// The points of ring `i`.
    ///
    /// ```
    /// let s = daedalus::scenario::Scenario::from_json(r#"{"bounds":[0,0,1,1],"rings":[[0,0,1,0,1,1]]}"#).unwrap();
    /// assert_eq!(s.ring_points(0)[2], daedalus::Point::new(1.0, 1.0));
    /// ```
    pub fn ring_points(&self, i: usize) -> Vec<Point> {
        self.rings[i]
            .chunks_exact(2)
            .map(|c| Point::new(c[0], c[1]))
            .collect()
    }

    /// Writes the scenario as JSON.
    ///
    /// ```
    /// let s = daedalus::scenario::Scenario::from_json(r#"{"bounds":[0,0,1,1]}"#).unwrap();
    /// assert!(s.to_json().contains("bounds"));
    /// ```
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("scenario serialises")
    }
}

/// What a runner prints on stdout for a scenario.
///
/// ```
/// let out = daedalus::scenario::RunnerOutput { runner: "daedalus".into(), build_s: 0.1, ..Default::default() };
/// assert!(serde_json::to_string(&out).unwrap().contains("\"build_s\":0.1"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunnerOutput {
    /// Name of the runner.
    pub runner: String,
    /// Seconds to build the mesh.
    pub build_s: f64,
    /// Seconds for all the queries.
    pub queries_s: f64,
    /// Path length per query, `None` for no path.
    pub lengths: Vec<Option<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Waypoints per query, flat `x0, y0, ...` (when asked for).
    pub paths: Option<Vec<Option<Vec<f64>>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Vertices of the mesh.
    pub vertices: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// Triangles of the mesh.
    pub triangles: Option<usize>,
}
