//! The page check every browser test runs after every step of a game: what a player on a phone or a desktop
//! would trip over, and what a screen reader user would.
//!
//! ```ignore
//! let browser = driver.browser(390, 844);
//! browser.goto(&format!("{}lights", server.url()));
//! // … play a step …
//! browser.check_page("lights-phone-en-solved", Some("#board"));
//! ```
//!
//! [`Browser::check_page`] fails the test, listing every problem at once, if on the current page:
//! - the page scrolls sideways (wider than the viewport), naming the elements that stick out;
//! - two interactive elements (links, buttons, inputs, selects, summaries, anything focusable) overlap;
//! - at phone size (a viewport under 500 px wide), an interactive element is smaller than 44×44 px;
//! - the "current decision" (a selector, or `None` on a page with none) is missing, or its first interactive
//!   element (or itself, if it is one) is not wholly inside the viewport as the page left it — the page must
//!   bring the player's next control into view itself;
//! - axe-core (`node_modules/axe-core/axe.min.js`, injected by the test, never served by the app) finds a
//!   serious or critical violation; each is named with its rule id, help text and the elements' selectors;
//! - a `data-i18n` element shows its key, which is what `I18n.t` shows for a text missing in both languages.
//!
//! While a modal `<dialog>` is open only what is inside it counts as interactive, as for the player. Hidden
//! elements (no box, `visibility: hidden`, inside `inert` or a closed `<details>`) are not checked. It also
//! saves the screenshot to `target/screenshots/<name>.png` (before judging, so a failure has a picture).
//!
//! Each check is cheap except axe (a few hundred ms); one call per step keeps a full game in seconds.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::Browser;

/// Where [`Browser::check_page`] keeps its screenshots: `target/screenshots/`.
pub fn screenshots() -> PathBuf {
    let target_tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = target_tmp
        .parent()
        .map_or_else(|| target_tmp.clone(), |target| target.join("screenshots"));
    std::fs::create_dir_all(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    dir
}

/// axe-core's script, read once per test binary; `npm ci` at the workspace root installs it.
fn axe_source() -> &'static str {
    static SOURCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SOURCE.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../node_modules/axe-core/axe.min.js");
        std::fs::read_to_string(path).unwrap_or_else(|err| {
            panic!("the page check injects axe-core from {path} ({err}): run `npm ci` at the workspace root")
        })
    })
}

/// The layout checks, run in the page; returns a list of problems in words.
const LAYOUT_CHECKS: &str = r#"
const decision = arguments[0];
const problems = [];
const root = document.documentElement;
const viewWidth = root.clientWidth;
const viewHeight = window.innerHeight;
const phone = window.innerWidth < 500;

const describe = (el) => {
  let text = el.tagName.toLowerCase();
  if (el.id) text += '#' + el.id;
  for (const c of Array.from(el.classList).slice(0, 2)) text += '.' + c;
  const label = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\s+/g, ' ');
  if (label) text += ` "${label.slice(0, 30)}"`;
  return text;
};
const shown = (el) => {
  if (el.closest('[inert], [hidden], details:not([open]) > :not(summary)')) return false;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
};

// A text the page has no words for shows its key (I18n.t's fallback).
for (const el of document.querySelectorAll('[data-i18n]')) {
  if (el.textContent === el.dataset.i18n) problems.push(`no text for "${el.dataset.i18n}" in ${document.documentElement.lang}`);
}

// Sideways scrolling.
if (root.scrollWidth > viewWidth + 1) {
  const wide = Array.from(document.body.querySelectorAll('*'))
    .filter((el) => shown(el) && el.getBoundingClientRect().right > viewWidth + 1)
    .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= viewWidth + 1)
    .slice(0, 5).map(describe);
  problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${viewWidth} px viewport; ` +
    `sticking out: ${wide.join(', ') || 'nothing visible'}`);
}

const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], ' +
  '[tabindex]:not([tabindex="-1"])';
const modal = Array.from(document.querySelectorAll('dialog[open]')).find((d) => d.matches(':modal'));
const scope = modal || document;
const controls = Array.from(scope.querySelectorAll(INTERACTIVE)).filter(shown);

// Touch targets.
if (phone) {
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      problems.push(`${describe(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px, under 44×44 on a phone`);
    }
  }
}

// Overlaps between controls that are not one inside the other.
const boxes = controls.map((el) => [el, el.getBoundingClientRect()]);
for (let i = 0; i < boxes.length; i++) {
  for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i];
    const [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 1 && h > 1) {
      problems.push(`${describe(a)} and ${describe(b)} overlap by ${Math.round(w)}×${Math.round(h)} px`);
    }
  }
}

// The player's next control is on screen.
if (decision) {
  const container = document.querySelector(decision);
  if (!container) {
    problems.push(`the current decision ${decision} is not on the page`);
  } else {
    const first = container.matches(INTERACTIVE) ? container
      : Array.from(container.querySelectorAll(INTERACTIVE)).find(shown);
    if (!first) {
      problems.push(`the current decision ${decision} has no visible control`);
    } else {
      const r = first.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > viewHeight + 0.5 || r.right > viewWidth + 0.5) {
        problems.push(`the current decision's first control ${describe(first)} is outside the viewport: ` +
          `top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} in a ${viewHeight} px high viewport`);
      }
    }
  }
}
return problems;
"#;

/// axe-core's serious and critical violations as words; axe must already be in the page.
const AXE_RUN: &str = r#"
return window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => `axe ${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 5)
    .map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`));
"#;

impl Browser<'_> {
    /// Checks the current page as the module documentation says, saves `target/screenshots/<name>.png`, and
    /// fails the test naming every problem found. `decision` selects the element holding the player's next
    /// control (`None` when the page asks for nothing).
    pub fn check_page(&self, name: &str, decision: Option<&str>) {
        let problems = self.page_problems(name, decision);
        assert!(
            problems.is_empty(),
            "{name}: {} problem(s) on the page (screenshot in {}):\n- {}",
            problems.len(),
            screenshots().display(),
            problems.join("\n- ")
        );
    }

    /// What [`Browser::check_page`] would complain about, without failing: for a test that expects a problem.
    pub fn page_problems(&self, name: &str, decision: Option<&str>) -> Vec<String> {
        let png = self.screenshot();
        let path = screenshots().join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        let mut problems = strings(self.script(LAYOUT_CHECKS, &[json!(decision)]));
        if self.script("return typeof window.axe;", &[]) != "object" {
            self.script(&format!("{}\nreturn true;", axe_source()), &[]);
        }
        problems.extend(strings(self.script(AXE_RUN, &[])));
        problems
    }
}

fn strings(value: Value) -> Vec<String> {
    serde_json::from_value(value).unwrap_or_else(|err| panic!("the page check returned no list of words: {err}"))
}
