//! `swine plot` through the real binary: the pictures decode, have the default size, and show
//! what they claim.

use crate::util::Sandbox;

/// The size of every picture at the default size.
const SIZE: (u32, u32) = (900, 760);

/// The decoded RGB pixels and size of a PNG file in the sandbox.
fn decode(sandbox: &Sandbox, name: &str) -> (Vec<u8>, (u32, u32)) {
    let file = std::fs::File::open(sandbox.join(name)).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    (pixels, (frame.width, frame.height))
}

#[test]
fn a_map_of_one_choice_is_that_choices_colour() {
    let sandbox = Sandbox::new();
    let out = sandbox
        .run(&["plot", "map", "always_roll:4", "--out", "map.png"])
        .success();
    assert_eq!(out, "wrote ./map.png\n");
    let (pixels, size) = decode(&sandbox, "map.png");
    assert_eq!(size, SIZE);
    // The middle of the grid is a cell; every cell rolls 4: the legend's colour of 4 dice.
    let at = |x: usize, y: usize| &pixels[(y * SIZE.0 as usize + x) * 3..][..3];
    assert_eq!(at(400, 380), [152, 223, 138]);
    assert_eq!(at(300, 200), [152, 223, 138]);
    // Greed: two panels side by side, each a grid.
    sandbox
        .run(&[
            "plot",
            "map",
            "sample1",
            "--rules",
            "greed",
            "--out",
            "greed.png",
        ])
        .success();
    assert_eq!(decode(&sandbox, "greed.png").1, SIZE);
}

#[test]
fn diffs_win_surfaces_and_sweeps_are_drawn_as_asked() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&[
            "plot", "diff", "bacon", "optimal", "--out", "diff.png", "--goal", "40",
        ])
        .success();
    assert_eq!(decode(&sandbox, "diff.png").1, SIZE);
    sandbox
        .run(&["plot", "win", "bacon", "--out", "win.svg"])
        .success();
    let svg = std::fs::read_to_string(sandbox.join("win.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..100]);
    assert!(svg.contains("width=\"900\"") && svg.contains("height=\"760\""));
    assert!(
        svg.contains("P(bacon:8,6 wins) to move"),
        "the title names the strategy"
    );
    let rows = sandbox
        .run(&["sweep", "--set", "goal=20..24", "--json"])
        .success();
    sandbox.write("sweep.json", rows);
    sandbox
        .run(&[
            "plot",
            "sweep",
            "sweep.json",
            "--x",
            "goal",
            "--y",
            "gap",
            "--out",
            "sweep.png",
        ])
        .success();
    assert_eq!(decode(&sandbox, "sweep.png").1, SIZE);
}

#[test]
fn a_sweep_draws_a_line_per_column_and_refuses_a_missing_one() {
    let sandbox = Sandbox::new();
    sandbox
        .run(&["sweep", "--set", "goal=10..30:10", "--report", "sweep.csv"])
        .success();
    let plot = |y: &[&str], out: &str| {
        let mut args = vec!["plot", "sweep", "sweep.csv", "--x", "goal"];
        for y in y {
            args.extend(["--y", y]);
        }
        args.extend(["--out", out]);
        sandbox.run(&args)
    };
    let out = plot(
        &["optimal_win_rate", "minimax_first_player_wins"],
        "two.png",
    )
    .success();
    assert_eq!(out, "wrote ./two.png\n");
    assert_eq!(decode(&sandbox, "two.png").1, SIZE);
    // A comma-separated list is the same two lines, in the same colours.
    plot(&["optimal_win_rate,minimax_first_player_wins"], "comma.png").success();
    assert_eq!(decode(&sandbox, "two.png"), decode(&sandbox, "comma.png"));
    // Two lines in two colours: more distinct colours than the one-line chart has.
    plot(&["optimal_win_rate"], "one.png").success();
    let colours = |name: &str| {
        let pixels = decode(&sandbox, name).0;
        let set: std::collections::HashSet<&[u8]> = pixels.chunks(3).collect();
        set.len()
    };
    assert!(colours("two.png") > colours("one.png"));
    // The legend names each column (in an SVG, as text).
    plot(&["optimal_win_rate", "gap"], "two.svg").success();
    let svg = std::fs::read_to_string(sandbox.join("two.svg")).unwrap();
    assert!(svg.contains("optimal_win_rate, gap against goal (sweep.csv)"));
    let text = |t: &str| svg.lines().any(|line| line.trim() == t);
    assert!(
        text("gap") && text("optimal_win_rate"),
        "the legend names each line"
    );
    assert!(text("value"), "the y axis of two columns is \"value\"");
    let error = plot(&["gap", "nonexistent"], "bad.png").failure();
    assert!(
        error.starts_with("swine: sweep.csv: no column 'nonexistent'; the columns are goal,"),
        "{error}"
    );
    assert!(!sandbox.join("bad.png").exists());
}

/// The centres of the dots an SVG line chart draws, in the order drawn.
fn dots(svg: &str) -> Vec<(f64, f64)> {
    let attribute = |line: &str, name: &str| -> f64 {
        let from = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        let rest = &line[from..];
        rest[..rest.find('"').unwrap()].parse().unwrap()
    };
    svg.lines()
        .filter(|line| line.trim_start().starts_with("<circle"))
        .map(|line| (attribute(line, "cx"), attribute(line, "cy")))
        .collect()
}

#[test]
fn log_axes_draw_a_power_law_straight_and_refuse_what_has_no_logarithm() {
    let sandbox = Sandbox::new();
    // y = x³ over three decades of x: a straight line on log axes, a bend on linear ones.
    sandbox.write(
        "power.csv",
        "x,y\n1,1\n10,1000\n100,1000000\n1000,1000000000\n",
    );
    let draw = |log: bool, out: &str| {
        let mut args = vec!["plot", "sweep", "power.csv", "--x", "x", "--y", "y"];
        if log {
            args.push("--log");
        }
        args.extend(["--out", out]);
        sandbox.run(&args)
    };
    // How far the middle dots lie from the line through the first and last, in pixels.
    let bend = |out: &str| {
        let dots = dots(&std::fs::read_to_string(sandbox.join(out)).unwrap());
        assert_eq!(dots.len(), 4, "a dot per row in {out}");
        let ((x0, y0), (x1, y1)) = (dots[0], dots[3]);
        let length = (x1 - x0).hypot(y1 - y0);
        dots[1..3]
            .iter()
            .map(|(x, y)| ((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)).abs() / length)
            .fold(0.0, f64::max)
    };
    draw(true, "log.svg").success();
    draw(false, "linear.svg").success();
    assert!(bend("log.svg") <= 1.5, "log axes: {}", bend("log.svg"));
    assert!(
        bend("linear.svg") > 20.0,
        "linear axes: {}",
        bend("linear.svg")
    );
    // A zero has no logarithm: refused by name and place, nothing written.
    sandbox.write("zero.csv", "x,y\n1,2\n2,0\n");
    let error = sandbox
        .run(&[
            "plot", "sweep", "zero.csv", "--x", "x", "--y", "y", "--log", "--out", "z.svg",
        ])
        .failure();
    assert_eq!(
        error,
        "swine: zero.csv: 0 under 'y' (at x 2) has no logarithm: --log draws numbers above 0 only"
    );
    assert!(!sandbox.join("z.svg").exists());
}

#[test]
fn bad_pictures_are_refused_and_nothing_is_written() {
    let sandbox = Sandbox::new();
    assert_eq!(
        sandbox
            .run(&["plot", "map", "bacon", "--out", "map.jpg"])
            .failure(),
        "swine: map.jpg: a picture is .png or .svg (by the extension)"
    );
    sandbox.write(
        "rows.json",
        "{\"rules\": \"hog-fa20\", \"rows\": [{\"goal\": 5}]}",
    );
    assert_eq!(
        sandbox
            .run(&[
                "plot",
                "sweep",
                "rows.json",
                "--x",
                "goal",
                "--y",
                "gap",
                "--out",
                "s.png"
            ])
            .failure(),
        "swine: rows.json: row 1: no number under 'gap'"
    );
    assert_eq!(sandbox.files("."), ["rows.json"]);
}

#[test]
fn solve_writes_the_value_of_every_state_in_every_format() {
    let sandbox = Sandbox::new();
    let solved = sandbox.run(&["solve", "--values", "--json"]).json();
    let stem = "swine-out/hog_fa20_optimal_vs_always_roll_4_values";
    for ext in ["csv", "json", "py", "npy", "bin"] {
        assert!(sandbox.join(&format!("{stem}.{ext}")).exists(), "{ext}");
    }
    // The start's value is the solved strategy's exact value moving first, to the last bit.
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(sandbox.join(&format!("{stem}.json"))).unwrap())
            .unwrap();
    assert_eq!(json["values"][0][0].as_f64(), solved["as_first"].as_f64());
    assert_eq!(json["shape"], serde_json::json!([100, 100]));
    let csv = std::fs::read_to_string(sandbox.join(&format!("{stem}.csv"))).unwrap();
    assert_eq!(csv.lines().count(), 1 + 100 * 100);
    let first: f64 = csv
        .lines()
        .nth(1)
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(Some(first), solved["as_first"].as_f64());
    // Hidden memory: both memories are axes; Greed: the pass is one.
    sandbox
        .run(&[
            "solve", "--rules", "hog-fa19", "--goal", "20", "--values", "--format", "json",
            "--out", "m",
        ])
        .success();
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(sandbox.join("m/hog_fa19_goal20_best_table_vs_always_roll_4_values.json"))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        json["axes"],
        serde_json::json!(["own", "opponent", "own_memory", "opponent_memory"])
    );
    assert_eq!(json["shape"], serde_json::json!([20, 20, 11, 11]));
    let greed = sandbox
        .run(&[
            "solve", "--rules", "greed", "--values", "--format", "json", "--out", "g", "--json",
        ])
        .json();
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(sandbox.join("g/greed_optimal_vs_sample2_values.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["values"][0][0][0].as_f64(), greed["as_first"].as_f64());
}
