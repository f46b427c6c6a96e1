//! The pages, scripts and style, embedded in the binary.

pub(crate) const INDEX: &str = include_str!("../assets/index.html");

pub(crate) fn page(name: &str) -> Option<&'static str> {
    Some(match name {
        "mesh" => include_str!("../assets/mesh.html"),
        "paths" => include_str!("../assets/paths.html"),
        "fov" => include_str!("../assets/fov.html"),
        "crowd" => include_str!("../assets/crowd.html"),
        "bitmap" => include_str!("../assets/bitmap.html"),
        "dungeon" => include_str!("../assets/dungeon.html"),
        _ => return None,
    })
}

pub(crate) fn asset(file: &str) -> Option<(&'static str, &'static str)> {
    const JS: &str = "text/javascript; charset=utf-8";
    Some(match file {
        "favicon.svg" => ("image/svg+xml", include_str!("../assets/favicon.svg")),
        "style.css" => (
            "text/css; charset=utf-8",
            include_str!("../assets/style.css"),
        ),
        "common.js" => (JS, include_str!("../assets/common.js")),
        "mesh.js" => (JS, include_str!("../assets/mesh.js")),
        "paths.js" => (JS, include_str!("../assets/paths.js")),
        "fov.js" => (JS, include_str!("../assets/fov.js")),
        "crowd.js" => (JS, include_str!("../assets/crowd.js")),
        "bitmap.js" => (JS, include_str!("../assets/bitmap.js")),
        "dungeon.js" => (JS, include_str!("../assets/dungeon.js")),
        _ => return None,
    })
}
