//! The app over plain HTTP, without a browser: the pages and assets, served from the binary.

use crate::support;

use support::{request, server};

fn get(server: &marubatsu_web::Server, path: &str) -> support::Response {
    request(server.local_addr(), "GET", path, None)
}

#[test]
fn pages_and_assets_are_served_from_the_binary_with_a_strict_policy() {
    let server = server();
    let index = get(&server, "/");
    assert_eq!(index.status, 200);
    let html = index.text();
    for link in [
        r#"href="/lights""#,
        r#"href="/tictactoe""#,
        "Cross light",
        "Tic-tac-toe",
    ] {
        assert!(html.contains(link), "the index lists {link}");
    }
    let policy = index.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.contains("default-src 'self'") && policy.contains("script-src 'self'"),
        "{policy}"
    );

    for (page, script) in [("/lights", "lights.js"), ("/tictactoe", "tictactoe.js")] {
        let response = get(&server, page);
        assert_eq!(response.status, 200, "{page}");
        let html = response.text();
        assert!(html.contains(&format!("/assets/{script}")), "{page} loads its script");
        assert!(
            html.contains(r#"aria-current="page""#),
            "{page} is marked in the navigation"
        );
        assert!(html.contains(r#"id="sound""#), "{page} has the sound switch");
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{page} loads nothing from elsewhere"
        );
    }
    for (asset, kind) in [
        ("app.css", "text/css"),
        ("common.js", "text/javascript"),
        ("lights.js", "text/javascript"),
        ("tictactoe.js", "text/javascript"),
        ("favicon.svg", "image/svg+xml"),
    ] {
        let response = get(&server, &format!("/assets/{asset}"));
        assert_eq!(response.status, 200, "{asset}");
        assert!(response.header("content-type").unwrap_or_default().starts_with(kind));
        assert!(
            !response.text().contains("https://"),
            "{asset} loads nothing from elsewhere"
        );
    }
    assert_eq!(get(&server, "/assets/nope.js").status, 404);
    assert_eq!(get(&server, "/nowhere").status, 404);
    let in_japanese = |path: &str| {
        let response = support::request_with(server.local_addr(), "GET", path, None, &[("Accept-Language", "ja")]);
        (response.status, response.text())
    };
    // A path that names nothing says so in the reader's language.
    assert_eq!(get(&server, "/nowhere").text(), "not found");
    assert_eq!(in_japanese("/nowhere"), (404, "見つかりません".to_owned()));
    // So does a file the binary does not hold.
    assert_eq!(get(&server, "/assets/nope.js").text(), "no such asset");
    assert_eq!(
        in_japanese("/assets/nope.js"),
        (404, "そのファイルはありません".to_owned())
    );
}
