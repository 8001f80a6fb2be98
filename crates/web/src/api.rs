//! The HTTP routes: JSON endpoints under `/api`, the page and its assets elsewhere.
//! docs/web-api.md describes each endpoint for clients.

use super::assets;
use super::error::{ApiError, ApiJson, ApiPath};
use super::games::{GameRequest, ImportRequest};
use super::gomoku_opening;
use super::learn;
use super::limits;
use super::search;
pub use super::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

/// The whole application: API, page and assets.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/games", get(list_games))
        .route("/games/{game}", get(game_info))
        .route("/games/{game}/position", post(position))
        .route("/games/{game}/import", post(import))
        .route("/games/{game}/search", post(start_search))
        .route("/games/{game}/opening", post(opening))
        .route("/games/{game}/learn/tree", post(learn::tree))
        .route("/games/{game}/learn/counts", post(learn::counts))
        .route("/games/{game}/learn/exercise", post(learn::exercise))
        .route("/status", get(status))
        .fallback(api_not_found)
        .method_not_allowed_fallback(method_not_allowed);
    Router::new()
        .nest("/api", api)
        .merge(assets::router())
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits::MAX_BODY_BYTES))
        .with_state(state)
}

async fn list_games(State(state): State<AppState>) -> Json<Value> {
    let games: Vec<Value> = state.games.all().map(|g| g.info()).collect();
    Json(json!({ "games": games }))
}

async fn game_info(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(state.games.get(&game)?.info()))
}

fn check_request(request: &GameRequest) -> Result<(), ApiError> {
    if request.moves.len() > limits::MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "too many moves ({}; at most {})",
            request.moves.len(),
            limits::MAX_MOVES
        )));
    }
    Ok(())
}

async fn position(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiJson(request): ApiJson<GameRequest>,
) -> Result<Json<Value>, ApiError> {
    let game = state.games.get(&game)?;
    check_request(&request)?;
    // Replaying a long game with its rulings is real work: off the async threads.
    let answer = blocking(move || game.position(&request)).await?;
    Ok(Json(answer))
}

/// Runs `work` on the blocking pool, so a long replay never stalls other requests.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|_| {
        Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the server failed to answer this request".into(),
        })
    })
}

async fn import(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiJson(request): ApiJson<ImportRequest>,
) -> Result<Json<Value>, ApiError> {
    let game = state.games.get(&game)?;
    if request.text.chars().count() > limits::MAX_IMPORT_CHARS {
        return Err(ApiError::bad_request("the text to import is too long"));
    }
    let imported = blocking(move || game.import(&request)).await?;
    Ok(Json(json!(imported)))
}

async fn start_search(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiJson(request): ApiJson<GameRequest>,
) -> Result<Response, ApiError> {
    let game = state.games.get(&game)?;
    check_request(&request)?;
    Ok(search::start(&state, game, request)?.into_response())
}

/// A swap or swap2 opening step (gomoku only): searches, so it takes a search slot.
async fn opening(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiJson(request): ApiJson<gomoku_opening::OpeningRequest>,
) -> Result<Json<Value>, ApiError> {
    state.games.get(&game)?;
    if game != "gomoku" {
        return Err(ApiError::bad_request(format!(
            "swap openings are a gomoku feature, not {game}'s"
        )));
    }
    if request.moves.len() > 5 {
        return Err(ApiError::bad_request(
            "an opening step comes after 0, 3 or 5 stones",
        ));
    }
    let permit = state.slots.try_acquire()?;
    let answer = blocking(move || {
        let answer = gomoku_opening::answer(&request);
        drop(permit);
        answer
    })
    .await?;
    Ok(Json(answer))
}

async fn status(State(state): State<AppState>) -> Json<Value> {
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "games": state.games.all().map(|g| g.id()).collect::<Vec<_>>(),
        "searches": state.slots.counts(),
    }))
}

/// Anything unrouted: `/api` itself and `/api/` answer in the API's format (the nested
/// router's fallback sees only paths below them), the rest plainly.
async fn not_found(uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        api_not_found().await.into_response()
    } else {
        (StatusCode::NOT_FOUND, "no such page").into_response()
    }
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API endpoint (see docs/web-api.md)")
}

async fn method_not_allowed() -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "this endpoint does not take that method".into(),
    }
}
