//! Rendering: SVG and PNG output, maps and robustness on odd inputs.

mod map;
mod png;
mod robust;
mod svg;
