//! The index page in a real browser, in both languages at phone and desktop size, through the page check.

mod support;

use support::{Driver, one_browser_at_a_time, server};

#[test]
fn the_index_passes_the_page_check_in_both_languages_and_sizes() {
    let _one = one_browser_at_a_time();
    let server = server();
    let driver = Driver::start();
    for (size, (width, height)) in [("phone", (390, 844)), ("desktop", (1280, 860))] {
        let browser = driver.browser(width, height);
        browser.goto(&server.url());
        browser.wait_for(
            "the script",
            "return window.I18n && document.readyState === 'complete';",
            &[],
        );
        browser.check_page(&format!("index-{size}-en"), Some(".cards"));
        browser.click("#lang");
        browser.wait_for("Japanese", "return document.documentElement.lang === 'ja';", &[]);
        browser.check_page(&format!("index-{size}-ja"), Some(".cards"));
        browser.assert_no_console_errors();
    }
}
