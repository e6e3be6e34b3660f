//! The balance chart: win rates by policy as grouped bars with their 95% intervals, written as SVG by hand.

use core::fmt::Write;

use marubatsu_engine::werewolf::Side;

use super::simulate::Report;

/// Canvas and plot area, in SVG user units.
const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 430.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 78.0;
const BOTTOM: f64 = 62.0;

/// One colour and legend per side: village blue, werewolves red, paradox grey.
const COLOURS: [(Side, &str, &str); 3] = [
    (Side::Village, "#3b7dd8", "village wins"),
    (Side::Werewolves, "#c0392b", "werewolves win"),
    (Side::Paradox, "#8c8c8c", "paradox"),
];

/// An SVG document charting each report's village, werewolf and paradox rates, with whiskers for the 95%
/// Wilson intervals, under `title`.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::{balance_chart, simulate, Policy};
///
/// let reports = [simulate(Table::DEFAULT, Policy::Random, 50, 1)];
/// let svg = balance_chart(&reports, "Quantum werewolf & co.");
/// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
/// assert!(svg.contains("Quantum werewolf &amp; co."));
/// assert_eq!(svg.matches("<rect class=\"bar\"").count(), 3);
/// ```
pub fn balance_chart(reports: &[Report], title: &str) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |share: f64| TOP + plot_h * (1.0 - share.clamp(0.0, 1.0));
    let mut svg = svg_head(WIDTH, HEIGHT, title);
    // Legend.
    for (i, (_, colour, label)) in COLOURS.iter().enumerate() {
        let x = LEFT + 150.0 * i as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{x}" y="40" width="12" height="12" fill="{colour}"/><text x="{}" y="50">{label}</text>"#,
            x + 18.0,
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="50" fill="#555555">whiskers: 95% interval</text>"##,
        LEFT + 450.0
    );
    // Axis and grid, every 20%.
    for tick in 0..=5 {
        let share = f64::from(tick) / 5.0;
        let ty = y(share);
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{ty:.1}" x2="{}" y2="{ty:.1}" stroke="#dddddd"/><text x="{}" y="{:.1}" text-anchor="end">{}%</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            ty + 4.0,
            tick * 20
        );
    }
    let _ = writeln!(
        svg,
        r##"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{}" stroke="#333333"/>"##,
        TOP + plot_h
    );
    // Bars: one group per report.
    let group_w = plot_w / reports.len().max(1) as f64;
    let bar_w = (group_w * 0.22).min(48.0);
    for (g, report) in reports.iter().enumerate() {
        let centre = LEFT + group_w * (g as f64 + 0.5);
        for (i, (side, colour, _)) in COLOURS.iter().enumerate() {
            let rate = report.rate(*side);
            let x = centre + (i as f64 - 1.0) * bar_w * 1.1 - bar_w / 2.0;
            let top = y(rate.share);
            let _ = writeln!(
                svg,
                r#"<rect class="bar" x="{x:.1}" y="{top:.1}" width="{bar_w:.1}" height="{:.1}" fill="{colour}"><title>{} — {}: {:.1}% ({:.1}–{:.1}%)</title></rect>"#,
                (TOP + plot_h - top).max(0.0),
                escape(report.policy),
                side.name(),
                100.0 * rate.share,
                100.0 * rate.low,
                100.0 * rate.high
            );
            let mid = x + bar_w / 2.0;
            let (lo, hi) = (y(rate.low), y(rate.high));
            let _ = writeln!(
                svg,
                r##"<path d="M{mid:.1} {lo:.1}V{hi:.1}M{:.1} {lo:.1}h{:.1}M{:.1} {hi:.1}h{:.1}" stroke="#222222" fill="none"/>"##,
                mid - 4.0,
                8.0,
                mid - 4.0,
                8.0
            );
            let _ = writeln!(
                svg,
                r#"<text x="{mid:.1}" y="{:.1}" text-anchor="middle" font-size="10">{:.1}%</text>"#,
                hi.min(top) - 5.0,
                100.0 * rate.share
            );
        }
        let _ = writeln!(
            svg,
            r##"<text x="{centre:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{centre:.1}" y="{:.1}" text-anchor="middle" fill="#555555" font-size="10">{} games, {:.2} rounds</text>"##,
            TOP + plot_h + 20.0,
            escape(report.policy),
            TOP + plot_h + 36.0,
            report.games,
            report.mean_rounds
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` with the characters XML reserves escaped.
/// The opening of a chart: the `<svg>` element of `width` × `height`, a white background and the title.
pub(super) fn svg_head(width: f64, height: f64, title: &str) -> String {
    let mut svg = String::new();
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r##"<rect width="{width}" height="{height}" fill="#ffffff"/>"##);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="15" font-weight="bold">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    svg
}

/// Text made safe inside SVG markup and attributes.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use marubatsu_engine::werewolf::Table;

    use super::*;
    use crate::werewolf::{Policy, simulate};

    #[test]
    fn one_group_of_three_bars_per_policy_within_the_canvas() {
        let reports: Vec<Report> = Policy::ALL
            .into_iter()
            .map(|p| simulate(Table::DEFAULT, p, 20, 3))
            .collect();
        let svg = balance_chart(&reports, "t");
        assert_eq!(svg.matches("<rect class=\"bar\"").count(), 3 * Policy::ALL.len());
        for policy in Policy::ALL {
            assert!(svg.contains(&format!(">{}</text>", policy.name())));
        }
        // Every bar lies inside the plot area.
        for bar in svg.split("<rect class=\"bar\" ").skip(1) {
            let field = |name: &str| -> f64 {
                let start = bar.find(&format!("{name}=\"")).map_or(0, |i| i + name.len() + 2);
                bar[start..]
                    .split('"')
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(f64::NAN)
            };
            assert!(field("x") >= LEFT && field("x") + field("width") <= WIDTH - RIGHT);
            assert!(field("y") >= TOP - 1e-6 && field("y") + field("height") <= HEIGHT - BOTTOM + 1e-6);
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
