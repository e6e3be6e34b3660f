//! The sweep chart: every table as a dot — the village's share of the decided games across, the paradox rate
//! up — with the fair target shaded, coloured by player count. Written as SVG by hand, like the balance chart.

use core::fmt::Write;

use super::chart::{escape, svg_head};
use super::sweep::{SweepRow, TARGET_PARADOX, TARGET_SPREAD};

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 520.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 56.0;

/// One colour per player count, 5 to 12 (a colour-blind-safe sequence, light to dark would hide the small
/// tables, so the hues alternate).
const COLOURS: [&str; 8] = [
    "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#333333",
];

/// An SVG scatter of `rows` under their ranked policy, titled `title`; the best table of each player count is
/// ringed.
///
/// ```
/// use marubatsu_engine::werewolf::Table;
/// use marubatsu_sim::{sweep, sweep_chart, Policy};
///
/// let rows = sweep(&[Table::DEFAULT], &[Policy::Random], 20, 1, 1, |_| {});
/// let svg = sweep_chart(&rows, "sweep");
/// assert!(svg.starts_with("<svg") && svg.contains("class=\"table\""));
/// ```
pub fn sweep_chart(rows: &[SweepRow], title: &str) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |share: f64| LEFT + plot_w * share.clamp(0.0, 1.0);
    let y = |share: f64| TOP + plot_h * (1.0 - share.clamp(0.0, 1.0));
    let mut svg = svg_head(WIDTH, HEIGHT, title);
    // The target: village 45–55% of decided games, paradox at most 20%.
    let (x0, x1) = (x(0.5 - TARGET_SPREAD), x(0.5 + TARGET_SPREAD));
    let _ = writeln!(
        svg,
        r##"<rect x="{x0:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#d8f0d8" stroke="#5a9a5a"><title>target: paradox ≤ {:.0}%, village {:.0}–{:.0}% of decided games</title></rect>"##,
        y(TARGET_PARADOX),
        x1 - x0,
        y(0.0) - y(TARGET_PARADOX),
        100.0 * TARGET_PARADOX,
        100.0 * (0.5 - TARGET_SPREAD),
        100.0 * (0.5 + TARGET_SPREAD)
    );
    let yb = y(0.0);
    for tick in 0..=5 {
        let share = f64::from(tick) / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{ty:.1}" x2="{xr:.1}" y2="{ty:.1}" stroke="#eeeeee"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}%</text><line x1="{tx:.1}" y1="{TOP}" x2="{tx:.1}" y2="{yb:.1}" stroke="#eeeeee"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle">{}%</text>"##,
            LEFT - 6.0,
            y(share) + 4.0,
            tick * 20,
            yb + 16.0,
            tick * 20,
            ty = y(share),
            xr = LEFT + plot_w,
            tx = x(share),
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">village wins, share of decided games</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 14.0
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">paradox, share of all games</text>"#,
        TOP + plot_h / 2.0
    );
    let best = super::sweep::best_per_players(rows);
    for row in rows {
        let colour = COLOURS[usize::from(row.players.saturating_sub(5)).min(COLOURS.len() - 1)];
        let b = row.balance;
        let ringed = best.iter().any(|r| core::ptr::eq(*r, row));
        let _ = writeln!(
            svg,
            r##"<circle class="table" cx="{:.1}" cy="{:.1}" r="{}" fill="{colour}" fill-opacity="0.6"{}><title>{}: paradox {:.1}%, village {:.1}% of decided</title></circle>"##,
            x(b.village_of_decided.share),
            y(b.paradox.share),
            if ringed { 6 } else { 3 },
            if ringed {
                r##" stroke="#000000" stroke-width="1.5""##
            } else {
                ""
            },
            escape(&row.table),
            100.0 * b.paradox.share,
            100.0 * b.village_of_decided.share
        );
    }
    // Legend: player counts, and the ring.
    for (i, colour) in COLOURS.iter().enumerate() {
        let ly = TOP + 18.0 * i as f64;
        let _ = writeln!(
            svg,
            r#"<circle cx="{:.1}" cy="{ly:.1}" r="5" fill="{colour}"/><text x="{:.1}" y="{:.1}">{} players</text>"#,
            WIDTH - RIGHT + 24.0,
            WIDTH - RIGHT + 36.0,
            ly + 4.0,
            i + 5
        );
    }
    let _ = writeln!(
        svg,
        r##"<circle cx="{:.1}" cy="{:.1}" r="6" fill="none" stroke="#000000" stroke-width="1.5"/><text x="{:.1}" y="{:.1}">best of its count</text>"##,
        WIDTH - RIGHT + 24.0,
        TOP + 18.0 * 8.5,
        WIDTH - RIGHT + 36.0,
        TOP + 18.0 * 8.5 + 4.0
    );
    svg.push_str("</svg>\n");
    svg
}
