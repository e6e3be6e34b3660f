//! The index page in a real browser, in both languages at phone and desktop size, through the page check.

use crate::support;

use support::{Driver, browser_slot, server};

#[test]
fn the_index_passes_the_page_check_in_both_languages_and_sizes() {
    let _browser = browser_slot();
    let server = server();
    let driver = Driver::start();
    // 390×844 and 1280×860 as every game is checked, and two narrower phones for the header's one row.
    let sizes = [
        ("phone", (390, 844)),
        ("desktop", (1280, 860)),
        ("phone360", (360, 740)),
        ("phone320", (320, 640)),
    ];
    let browser = driver.browser(1280, 860);
    for (size, (width, height)) in sizes {
        browser.set_viewport(width, height);
        browser.goto(&server.url());
        browser.wait_for(
            "the script",
            "return window.I18n && document.readyState === 'complete';",
            &[],
        );
        // The last size left the page in Japanese; the switch is remembered.
        if browser.script("return document.documentElement.lang;", &[]) == "ja" {
            browser.click("#lang");
            browser.wait_for("English", "return document.documentElement.lang === 'en';", &[]);
        }
        browser.check_page(&format!("index-{size}-en"), Some(".cards"));
        // One row of header, so the first screen is the page's.
        let header = browser.script(
            "return document.querySelector('header.site').getBoundingClientRect().height;",
            &[],
        );
        assert!(
            header.as_f64().is_some_and(|h| h <= 56.5),
            "{size}: the header is {header} px high"
        );
        let cards = browser.script(
            "return Array.from(document.querySelectorAll('.cards .card')).map((c) =>
                [c.querySelector('svg.picture') !== null, c.textContent]);",
            &[],
        );
        let cards = cards.as_array().cloned().unwrap_or_default();
        assert_eq!(cards.len(), 4, "{cards:?}");
        for card in &cards {
            assert_eq!(card[0], true, "every card has its picture: {card}");
            assert!(
                !card[1].as_str().unwrap_or_default().contains("in-process"),
                "plain words: {card}"
            );
        }
        browser.click("#lang");
        browser.wait_for("Japanese", "return document.documentElement.lang === 'ja';", &[]);
        browser.check_page(&format!("index-{size}-ja"), Some(".cards"));
        assert_eq!(browser.text(".cards .card-title"), "クロスライト");
    }
    browser.assert_no_console_errors();
}
