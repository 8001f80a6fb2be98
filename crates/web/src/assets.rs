//! The page's files, embedded at build time so `qi serve` needs no files or network.

use super::state::AppState;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// One embedded file: its path under `/assets/`, content type and bytes.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $type:expr) => {
        Asset {
            path: $path,
            content_type: $type,
            bytes: include_bytes!(concat!("../page/", $path)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

static ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("clock.js", JS),
    asset!("graph.js", JS),
    asset!("share.js", JS),
    asset!("sound.js", JS),
    asset!("svg.js", JS),
    asset!("tictactoe.js", JS),
    asset!("connect4.js", JS),
    asset!("gomoku.js", JS),
    asset!("xiangqi.js", JS),
    asset!("xiangqi_rules.js", JS),
    asset!("learn.js", JS),
    asset!("learn.css", "text/css; charset=utf-8"),
    // The tutorial the Learn view links to, as plain text so that browsers show it.
    Asset {
        path: "tutorial.md",
        content_type: "text/plain; charset=utf-8",
        bytes: include_bytes!("../../../docs/tutorial.md"),
    },
];

/// The routes for `/` and `/assets/{file}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { serve_file("index.html") }))
        .route("/favicon.ico", get(|| async { serve_file("favicon.svg") }))
        .route(
            "/assets/{file}",
            get(|Path(file): Path<String>| async move { serve_file(&file) }),
        )
}

fn serve_file(path: &str) -> Response {
    match ASSETS.iter().find(|a| a.path == path) {
        Some(asset) => (
            [
                (header::CONTENT_TYPE, asset.content_type),
                // The files change only with the binary; revalidating each load keeps a
                // rebuilt server from showing a stale page.
                (header::CACHE_CONTROL, "no-cache"),
            ],
            asset.bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    #[test]
    fn every_asset_the_page_imports_is_embedded() {
        for asset in ASSETS {
            let text = String::from_utf8_lossy(asset.bytes);
            for (i, _) in text.match_indices("/assets/") {
                let rest = &text[i + 8..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
                    .collect();
                if name.contains('.') {
                    assert!(
                        ASSETS.iter().any(|a| a.path == name),
                        "{} refers to /assets/{name}, which is not embedded",
                        asset.path
                    );
                }
            }
            let relative_imports = text.match_indices("from './").map(|(i, _)| &text[i + 8..]);
            for rest in relative_imports {
                let name: String = rest.chars().take_while(|c| *c != '\'').collect();
                assert!(
                    ASSETS.iter().any(|a| a.path == name),
                    "{} imports ./{name}, which is not embedded",
                    asset.path
                );
            }
        }
    }
}
