//! Pictures of strategies and sweeps, drawn with `plotters`: PNG or SVG by the file's extension.
//!
//! A [`Chart`] says what to draw; [`render`] draws it into the bytes of a PNG or SVG file. Text
//! is set in DejaVu Sans, embedded in the binary, so nothing depends on the system's fonts.
//! [`hog_map`], [`greed_map`] and [`pig_map`] make each game's strategy map: `swine plot map`,
//! the atlas and the Python package's notebook display all draw with them.

use std::path::Path;
use std::sync::Once;

use anyhow::{Context, Result, bail};
use ndarray::Array2;
use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;

/// The picture's size in pixels unless `--size` says otherwise.
pub const DEFAULT_SIZE: (u32, u32) = (900, 760);

pub use swine_solver::chart::{Chart, Scale, ScoreAxis, greed_map, hog_map, pig_map};

/// The picture file's kind, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A PNG image.
    Png,
    /// An SVG drawing.
    Svg,
}

impl Kind {
    /// The kind `path`'s extension names, or an error naming the path.
    pub fn of(path: &Path) -> Result<Kind> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("png") => Ok(Kind::Png),
            Some("svg") => Ok(Kind::Svg),
            _ => bail!(
                "{}: a picture is .png or .svg (by the extension)",
                path.display()
            ),
        }
    }
}

/// The bytes of `chart` drawn as a `kind` picture of `size` pixels (width, height). Its text
/// and margins are those of [`DEFAULT_SIZE`] scaled with the square root of the height's ratio
/// to it (see [`Proportions`]), so a thumbnail keeps the same layout with legible text.
pub fn render(chart: &Chart, kind: Kind, size: (u32, u32)) -> Result<Vec<u8>> {
    register_font();
    let proportions = Proportions::of(size);
    match kind {
        Kind::Svg => {
            let mut text = String::new();
            {
                let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
                draw(&root, chart, proportions)?;
                root.present().context("drawing the picture")?;
            }
            Ok(text.into_bytes())
        }
        Kind::Png => {
            let (width, height) = size;
            let mut pixels = vec![0u8; width as usize * height as usize * 3];
            {
                let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                draw(&root, chart, proportions)?;
                root.present().context("drawing the picture")?;
            }
            encode_png(&pixels, size)
        }
    }
}

/// The lengths of a picture's layout: text sizes, margins and the areas that hold labels and
/// the legend, in pixels at [`DEFAULT_SIZE`] and scaled by one factor for other sizes, the
/// square root of the height's ratio to the default's. Half the height keeps 71% of the text
/// size, so a thumbnail's labels stay legible while the grid shrinks; the default size is
/// drawn exactly as written.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Proportions {
    scale: f64,
}

impl Proportions {
    /// The proportions of a picture of `size` pixels (width, height).
    fn of((_, height): (u32, u32)) -> Proportions {
        Proportions {
            scale: (f64::from(height) / f64::from(DEFAULT_SIZE.1)).sqrt(),
        }
    }

    /// A length of `n` pixels at the default size.
    fn px(self, n: i32) -> i32 {
        (f64::from(n) * self.scale).round() as i32
    }

    /// The sans-serif font of `n` pixels at the default size.
    fn font(self, n: i32) -> (&'static str, f64) {
        ("sans-serif", f64::from(self.px(n)))
    }
}

/// RGB pixels as a PNG file.
fn encode_png(pixels: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().context("encoding PNG")?;
    writer.write_image_data(pixels).context("encoding PNG")?;
    writer.finish().context("encoding PNG")?;
    Ok(bytes)
}

/// The embedded font, registered once as "sans-serif".
fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let font: &'static [u8] = include_bytes!("../../assets/DejaVuSans.ttf");
        // The font is valid: it is part of the binary.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, font);
    });
}

/// Draws `chart` on `root` with the lengths of `p`; for a choice or value chart, returns each
/// panel's mapping from (own, opponent) cell corners to pixels.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    chart: &Chart,
    p: Proportions,
) -> Result<Vec<Mapping>> {
    root.fill(&WHITE).map_err(drawing)?;
    match chart {
        Chart::Dice { title, planes } => {
            let most = planes
                .iter()
                .flat_map(|(_, d)| d.iter().copied())
                .max()
                .unwrap_or(0);
            let root = root.titled(title, p.font(18)).map_err(drawing)?;
            let (panels, legend) =
                root.split_horizontally(root.dim_in_pixel().0 as i32 - p.px(110));
            let mut mappings = Vec::new();
            for ((name, dice), panel) in planes.iter().zip(panels.split_evenly((1, planes.len()))) {
                let cells = dice.map(|&n| Some(dice_colour(n, most)));
                mappings.push(grid(&panel, name, &cells, ScoreAxis::SCORES, p)?);
            }
            let entries: Vec<(String, RGBColor)> = legend_steps(most)
                .map(|n| (format!("{n} dice"), dice_colour(n, most)))
                .collect();
            swatches(&legend, &entries, p)?;
            Ok(mappings)
        }
        Chart::Values {
            title,
            values,
            legend,
            scale,
        } => {
            let panels = [(String::new(), values.clone())];
            let look = (1, *scale, ScoreAxis::SCORES);
            value_panels(root, title, &panels, legend, look, p)
        }
        Chart::Panels {
            title,
            panels,
            columns,
            legend,
            scale,
            axis,
        } => value_panels(root, title, panels, legend, (*columns, *scale, *axis), p),
        Chart::Line {
            title,
            x_label,
            y_label,
            lines,
            log,
        } => {
            let points = || lines.iter().flat_map(|(_, points)| points.iter());
            let xs = points().map(|p| p.0);
            let ys = points().map(|p| p.1);
            let mut frame = ChartBuilder::on(root);
            frame
                .caption(title, p.font(18))
                .margin(p.px(16))
                .x_label_area_size(p.px(44))
                .y_label_area_size(p.px(70));
            let labels = (x_label.as_str(), y_label.as_str());
            if *log {
                // A power law rises to the right: its legend goes where the line is not.
                let (x, y) = (log_bounds(xs), log_bounds(ys));
                let area = frame
                    .build_cartesian_2d((x.0..x.1).log_scale(), (y.0..y.1).log_scale())
                    .map_err(drawing)?;
                draw_lines(area, labels, lines, SeriesLabelPosition::UpperLeft, p)?;
            } else {
                let (x, y) = (bounds(xs), bounds(ys));
                let area = frame
                    .build_cartesian_2d(x.0..x.1, y.0..y.1)
                    .map_err(drawing)?;
                draw_lines(area, labels, lines, SeriesLabelPosition::UpperRight, p)?;
            }
            Ok(Vec::new())
        }
    }
}

/// Draws `lines` (each its name and points) on the axes of `area`, labelled `(x, y)`, a colour
/// each with a dot at every point, and a legend naming them at `legend`.
fn draw_lines<'a, DB, X, Y>(
    mut area: ChartContext<'a, DB, Cartesian2d<X, Y>>,
    (x_label, y_label): (&str, &str),
    lines: &[(String, Vec<(f64, f64)>)],
    legend: SeriesLabelPosition,
    p: Proportions,
) -> Result<()>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    area.configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .label_style(p.font(15))
        .draw()
        .map_err(drawing)?;
    for (i, (name, points)) in lines.iter().enumerate() {
        let colour = PALETTE[LINE_COLOURS[i % LINE_COLOURS.len()]];
        area.draw_series(LineSeries::new(
            points.iter().copied(),
            colour.stroke_width(2),
        ))
        .map_err(drawing)?
        .label(name)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
        area.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
            .map_err(drawing)?;
    }
    area.configure_series_labels()
        .position(legend)
        .label_font(p.font(15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(drawing)?;
    Ok(())
}

/// Draws value `panels` under `title` in rows of `columns`, coloured by `scale`, axes read
/// by `axis`, with a legend saying what the values are; returns each panel's mapping.
fn value_panels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    panels: &[(String, Array2<Option<f64>>)],
    label: &str,
    (columns, scale, axis): (usize, Scale, ScoreAxis),
    p: Proportions,
) -> Result<Vec<Mapping>> {
    let largest = panels
        .iter()
        .flat_map(|(_, values)| values.iter().flatten())
        .fold(0.0f64, |m, v| m.max(v.abs()));
    let colour = |v: f64| match scale {
        Scale::Probability => sequential(v),
        Scale::AroundZero => diverging(v, largest),
        Scale::Count { most, .. } if v > most => BLACK,
        Scale::Count { most, .. } => sequential(v / most.max(1.0)),
    };
    let root = root.titled(title, p.font(18)).map_err(drawing)?;
    let (area, legend) = root.split_horizontally(root.dim_in_pixel().0 as i32 - p.px(150));
    let columns = columns.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(columns).max(1);
    let mut mappings = Vec::new();
    for ((name, values), panel) in panels.iter().zip(area.split_evenly((rows, columns))) {
        let cells = values.map(|v| v.map(colour));
        mappings.push(grid(&panel, name, &cells, axis, p)?);
    }
    let tenths = (0..=10).rev().map(|i| f64::from(i) / 10.0);
    let steps: Vec<(String, f64)> = match scale {
        Scale::AroundZero => [1.0, 0.25, 0.01, 0.0, -0.01, -0.25, -1.0]
            .map(|f| (format!("{:+.2e}", f * largest), f * largest))
            .to_vec(),
        Scale::Probability => tenths.map(|t| (format!("{t:.1}"), t)).collect(),
        Scale::Count { most, beyond } => [(beyond.to_string(), most + 1.0)]
            .into_iter()
            .chain(tenths.map(|t| {
                let v = (t * most).round();
                (format!("{v}"), v)
            }))
            .collect(),
    };
    let mut entries = vec![(label.to_string(), WHITE)];
    entries.extend(steps.into_iter().map(|(text, v)| (text, colour(v))));
    swatches(&legend, &entries, p)?;
    Ok(mappings)
}

/// A panel's mapping from (own score, opponent score) to pixels.
pub type Mapping =
    Cartesian2d<plotters::coord::types::RangedCoordi32, plotters::coord::types::RangedCoordi32>;

/// Draws one cell grid: own score across, opponent score up (labelled as `axis` reads the
/// cells), each cell in its colour.
fn grid<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    name: &str,
    cells: &Array2<Option<RGBColor>>,
    axis: ScoreAxis,
    p: Proportions,
) -> Result<Mapping> {
    let (own, opponent) = cells.dim();
    let mut chart = ChartBuilder::on(area)
        .caption(name, p.font(17))
        .margin(p.px(10))
        .x_label_area_size(p.px(40))
        .y_label_area_size(p.px(50))
        .build_cartesian_2d(0..own as i32, 0..opponent as i32)
        .map_err(drawing)?;
    let label = |n: &i32| axis.points(*n).to_string();
    let mut mesh = chart.configure_mesh();
    mesh.disable_mesh()
        .x_desc("own score")
        .y_desc("opponent score")
        .x_label_formatter(&label)
        .y_label_formatter(&label)
        .label_style(p.font(14));
    if axis != ScoreAxis::SCORES {
        // Scores such as -2500 are wider than a Hog score: fewer of them.
        mesh.x_labels(4).y_labels(6);
    }
    mesh.draw().map_err(drawing)?;
    chart
        .draw_series(cells.indexed_iter().filter_map(|((a, b), colour)| {
            colour.map(|c| {
                let (a, b) = (a as i32, b as i32);
                Rectangle::new([(a, b), (a + 1, b + 1)], c.filled())
            })
        }))
        .map_err(drawing)?;
    Ok(chart.as_coord_spec().clone())
}

/// A legend: a coloured square and a label per entry, top to bottom.
fn swatches<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(String, RGBColor)],
    p: Proportions,
) -> Result<()> {
    for (i, (label, colour)) in entries.iter().enumerate() {
        let y = p.px(60 + 26 * i as i32);
        if *colour != WHITE {
            area.draw(&Rectangle::new(
                [(p.px(8), y), (p.px(26), y + p.px(18))],
                colour.filled(),
            ))
            .map_err(drawing)?;
        }
        area.draw(&Text::new(
            label.clone(),
            (p.px(32), y + p.px(2)),
            p.font(15),
        ))
        .map_err(drawing)?;
    }
    Ok(())
}

/// The colours of a line chart's lines, in order (then again from the first), as places in
/// [`PALETTE`]: its strongest colours, distinct at a glance.
const LINE_COLOURS: [usize; 6] = [1, 7, 3, 6, 8, 9];

/// The dice counts a legend shows: all up to 10, else eleven evenly spaced.
fn legend_steps(most: u8) -> impl Iterator<Item = u8> {
    let step = u32::from(most).div_ceil(10).max(1);
    (0..=u32::from(most))
        .step_by(step as usize)
        .map(|n| n as u8)
}

/// The eleven colours of 0..=10 dice: distinct at a glance.
const PALETTE: [RGBColor; 11] = [
    RGBColor(0, 0, 0),
    RGBColor(31, 119, 180),
    RGBColor(174, 199, 232),
    RGBColor(44, 160, 44),
    RGBColor(152, 223, 138),
    RGBColor(255, 187, 120),
    RGBColor(255, 127, 14),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
];

/// The colour of `n` dice when the most any cell rolls is `most`: the palette up to 10 dice,
/// else a blend along it.
pub fn dice_colour(n: u8, most: u8) -> RGBColor {
    if most <= 10 {
        return PALETTE[usize::from(n)];
    }
    if n == 0 {
        return PALETTE[0];
    }
    let t = f64::from(n) / f64::from(most) * 9.0 + 1.0;
    let i = (t.floor() as usize).min(9);
    blend(PALETTE[i], PALETTE[i + 1], t - i as f64)
}

/// A probability in 0..=1 from white to dark blue.
fn sequential(p: f64) -> RGBColor {
    blend(
        RGBColor(255, 255, 255),
        RGBColor(8, 48, 107),
        p.clamp(0.0, 1.0),
    )
}

/// A gain (green) or loss (red): the shade grows with the square root of the magnitude
/// relative to the largest, from a visible tint for the smallest to full for the largest, so
/// small changes still show; exactly 0 is white.
fn diverging(v: f64, largest: f64) -> RGBColor {
    if v == 0.0 || largest <= 0.0 {
        return WHITE;
    }
    let t = 0.15 + 0.85 * (v.abs() / largest).min(1.0).sqrt();
    if v > 0.0 {
        blend(RGBColor(255, 255, 255), RGBColor(0, 109, 44), t)
    } else {
        blend(RGBColor(255, 255, 255), RGBColor(165, 15, 21), t)
    }
}

/// `a` blended towards `b` by `t` in 0..=1.
fn blend(a: RGBColor, b: RGBColor, t: f64) -> RGBColor {
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The range of `values`, widened a little, and never empty.
fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    if !low.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((high - low) * 0.05).max(1e-9);
    (low - pad, high + pad)
}

/// An axis's number as a label: at most four significant digits, no trailing zeros
/// (100, 2.5, 0.125).
fn tick(value: &f64) -> String {
    let digits = 3 - value.abs().log10().floor().clamp(-9.0, 3.0) as i32;
    let text = format!("{value:.*}", digits.max(0) as usize);
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    }
}

/// The least and greatest of `values` (all above 0), widened by a tenth of their ratio's
/// logarithm each way for a logarithmic axis; 1 to 10 where there are none.
fn log_bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    if !(low.is_finite() && low > 0.0) {
        return (1.0, 10.0);
    }
    let pad = (high / low).powf(0.05).max(1.01);
    (low / pad, high * pad)
}

/// A drawing error as an error of this program.
fn drawing<E: std::fmt::Debug>(error: E) -> anyhow::Error {
    anyhow::anyhow!("drawing the picture: {error:?}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::coord::CoordTranslate;

    #[test]
    fn a_maps_cells_have_the_colour_of_their_dice() {
        let dice = Array2::from_shape_fn((20, 20), |(a, b)| ((a + 2 * b) % 11) as u8);
        let chart = Chart::Dice {
            title: "test".into(),
            planes: vec![("plane".into(), dice.clone())],
        };
        let size = (600, 500);
        let mut pixels = vec![0u8; 600 * 500 * 3];
        let mappings = {
            let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
            register_font();
            let mappings = draw(&root, &chart, Proportions::of(size)).unwrap();
            root.present().unwrap();
            mappings
        };
        for (a, b) in [(0, 0), (3, 7), (19, 19), (10, 2), (5, 15)] {
            let (x0, y0) = mappings[0].translate(&(a as i32, b as i32));
            let (x1, y1) = mappings[0].translate(&(a as i32 + 1, b as i32 + 1));
            let (x, y) = ((x0 + x1) / 2, (y0 + y1) / 2);
            let at = (y as usize * 600 + x as usize) * 3;
            let expected = dice_colour(dice[[a, b]], 10);
            assert_eq!(
                &pixels[at..at + 3],
                &[expected.0, expected.1, expected.2],
                "cell {a}, {b}"
            );
        }
        let png = encode_png(&pixels, size).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn a_smaller_picture_scales_its_text_by_the_square_root_of_its_height() {
        let default = Proportions::of(DEFAULT_SIZE);
        assert_eq!((default.px(110), default.font(18).1), (110, 18.0));
        // A quarter of the height: half the text and the legend.
        let quarter = Proportions::of((450, 190));
        assert_eq!((quarter.px(110), quarter.font(18).1), (55, 9.0));
        let chart = Chart::Dice {
            title: "thumbnail".into(),
            planes: vec![("plane".into(), Array2::from_elem((30, 30), 4))],
        };
        let png = render(&chart, Kind::Png, (360, 300)).unwrap();
        let info = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .unwrap()
            .info()
            .clone();
        assert_eq!((info.width, info.height), (360, 300));
        assert_eq!(png, render(&chart, Kind::Png, (360, 300)).unwrap());
    }

    #[test]
    fn colours_blend_and_diverge() {
        assert_eq!(dice_colour(10, 10), PALETTE[10]);
        assert_eq!(dice_colour(0, 80), PALETTE[0]);
        assert_eq!(dice_colour(80, 80), PALETTE[10]);
        assert_eq!(diverging(0.0, 1.0), WHITE);
        assert_eq!(diverging(-1.0, 1.0), RGBColor(165, 15, 21));
        assert_ne!(diverging(1e-9, 1.0), WHITE);
        assert_eq!(sequential(1.0), RGBColor(8, 48, 107));
    }
}
