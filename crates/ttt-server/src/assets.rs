//! The page: HTML, ES modules, CSS and icon, compiled into the binary so `ttt serve` needs no
//! files and no network. The Content-Security-Policy allows nothing from elsewhere, no inline
//! script and no inline style attributes in markup. Every ES module the page imports is listed
//! here (a test checks that none in `static/` is missing).

use axum::http::header::{self, HeaderName};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

use crate::state::AppState;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// One embedded file.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_str!("../static/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/app.js"),
    },
    Asset {
        path: "/api.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/api.js"),
    },
    Asset {
        path: "/board.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/board.js"),
    },
    Asset {
        path: "/geometry.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/geometry.js"),
    },
    Asset {
        path: "/pacing.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/pacing.js"),
    },
    Asset {
        path: "/render.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/render.js"),
    },
    Asset {
        path: "/setup.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/setup.js"),
    },
    Asset {
        path: "/setup-form.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/setup-form.js"),
    },
    Asset {
        path: "/state.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/state.js"),
    },
    Asset {
        path: "/storage.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/storage.js"),
    },
    Asset {
        path: "/texts.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/texts.js"),
    },
    Asset {
        path: "/timers.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/timers.js"),
    },
    Asset {
        path: "/analysis.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/analysis.js"),
    },
    Asset {
        path: "/placement.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/placement.js"),
    },
    Asset {
        path: "/roles.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/roles.js"),
    },
    Asset {
        path: "/route.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/route.js"),
    },
    Asset {
        path: "/sse.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/sse.js"),
    },
    Asset {
        path: "/actions.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/actions.js"),
    },
    Asset {
        path: "/analysis-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/analysis-view.js"),
    },
    Asset {
        path: "/controls.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/controls.js"),
    },
    Asset {
        path: "/game.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/game.js"),
    },
    Asset {
        path: "/live.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/live.js"),
    },
    Asset {
        path: "/together-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/together-view.js"),
    },
    Asset {
        path: "/opening.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/opening.js"),
    },
    Asset {
        path: "/opening-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/opening-view.js"),
    },
    Asset {
        path: "/ratings.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/ratings.js"),
    },
    Asset {
        path: "/account-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/account-view.js"),
    },
    Asset {
        path: "/player-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/player-view.js"),
    },
    Asset {
        path: "/study.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/study.js"),
    },
    Asset {
        path: "/study-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/study-view.js"),
    },
    Asset {
        path: "/zoom.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/zoom.js"),
    },
    Asset {
        path: "/clock.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/clock.js"),
    },
    Asset {
        path: "/clock-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/clock-view.js"),
    },
    Asset {
        path: "/lobby.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/lobby.js"),
    },
    Asset {
        path: "/lobby-view.js",
        content_type: JAVASCRIPT,
        body: include_str!("../static/lobby-view.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../static/style.css"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../static/favicon.svg"),
    },
];

/// The routes of this module: one per embedded file.
pub(crate) fn router() -> Router<AppState> {
    // The page also answers the links people share: a friend's invitation, a game to watch
    // a player's page, the account's and the analysis board. It reads the rest of the address itself.
    let page = || async {
        let headers: [(HeaderName, &'static str); 3] = [
            (header::CONTENT_TYPE, ASSETS[0].content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ];
        (headers, ASSETS[0].body).into_response()
    };
    let shared = Router::new()
        .route("/join/{code}", get(page))
        .route("/games/{id}", get(page))
        .route("/players/{name}", get(page))
        .route("/account", get(page))
        .route("/analysis", get(page))
        .route("/lobby", get(page));
    ASSETS.iter().fold(shared, |router, asset| {
        let headers: [(HeaderName, &'static str); 3] = [
            (header::CONTENT_TYPE, asset.content_type),
            // Small files: revalidate every time, so a new binary's page is used at once.
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ];
        let body = asset.body;
        router.route(
            asset.path,
            get(move || async move { (headers, body).into_response() }),
        )
    })
}
