//! What every game's API shares: JSON bodies in, JSON out, and errors as `{"error": …, "code": …, "name": …}`:
//! `error` is a sentence for the player in their [`Lang`], `code` a stable word a page or test can branch on, and
//! `words` (when the sentence is the catalogs') its key and arguments, `{"key": …, "args": {…}}`.

use axum::{
    Json,
    extract::{FromRequest, Request},
    http::StatusCode,
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};

use crate::lang::Lang;
use crate::words::Words;

/// A refused API request, by what went wrong; each carries a [`Why`]. It is worded in the player's language in
/// one place, [`localise`], which every route passes through: [`IntoResponse`] has no request to read it from.
#[derive(Clone, Debug)]
pub(crate) enum ApiError {
    /// The request itself is wrong (400).
    BadRequest(Why),
    /// What the request names does not exist (404).
    NotFound(Why),
    /// The request is well formed but the game refuses it now (409), e.g. a contract revert.
    Conflict(Why),
    /// The server cannot do it at all (503), e.g. no chain.
    Unavailable(Why),
    /// A failure of the server's own (500).
    Internal(Why),
    /// The body could not be read as the request (axum's status: 400, 413, 415 or 422), with serde's detail.
    Unreadable {
        /// axum's status for the rejection.
        status: StatusCode,
        /// serde's or axum's own words, for whoever wrote the request.
        detail: String,
    },
}

/// Why a request was refused: a stable code, the sentence's words, and the contract's error name when a
/// transaction reverted.
#[derive(Clone, Debug)]
pub(crate) struct Why {
    code: &'static str,
    said: Words,
    name: Option<String>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    code: &'a str,
    name: Option<&'a str>,
    /// The sentence's key and arguments (every refusal but an unreadable body's), so that a page may word it in
    /// another language.
    #[serde(skip_serializing_if = "Option::is_none")]
    words: Option<&'a Words>,
}

impl Why {
    fn new(code: &'static str, said: Words) -> Why {
        Why { code, said, name: None }
    }
}

impl ApiError {
    /// The request itself is wrong (400).
    pub(crate) fn bad_request(said: Words) -> ApiError {
        ApiError::BadRequest(Why::new("bad_request", said))
    }

    /// What the request names does not exist (404).
    pub(crate) fn not_found(said: Words) -> ApiError {
        ApiError::NotFound(Why::new("not_found", said))
    }

    /// The request is well formed but the game refuses it now (409), e.g. a contract revert.
    pub(crate) fn conflict(said: Words, name: Option<String>) -> ApiError {
        ApiError::Conflict(Why {
            name,
            ..Why::new("conflict", said)
        })
    }

    /// Whether this is a contract's refusal ([`ApiError::conflict`] with no more specific code).
    pub(crate) fn is_refusal(&self) -> bool {
        matches!(self, ApiError::Conflict(why) if why.code == "conflict")
    }

    /// The server cannot do it at all (503), e.g. no chain.
    pub(crate) fn unavailable(said: Words) -> ApiError {
        ApiError::Unavailable(Why::new("unavailable", said))
    }

    /// A failure of the server's own (500).
    pub(crate) fn internal(said: Words) -> ApiError {
        ApiError::Internal(Why::new("internal", said))
    }

    /// The same refusal with a more specific stable code than the status's own (`"log_too_long"`, …). Codes are
    /// `snake_case`, as the engine's refusal codes are: one spelling for every code on the wire.
    pub(crate) fn with_code(mut self, code: &'static str) -> ApiError {
        match &mut self {
            ApiError::BadRequest(why)
            | ApiError::NotFound(why)
            | ApiError::Conflict(why)
            | ApiError::Unavailable(why)
            | ApiError::Internal(why) => why.code = code,
            ApiError::Unreadable { .. } => {}
        }
        self
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Unreadable { status, .. } => *status,
        }
    }

    /// The response body in `lang`: `{"error": sentence, "code": …, "name": …, "words"?: {key, args}}`.
    fn body(&self, lang: Lang) -> Response {
        let (code, sentence, words, name) = match self {
            ApiError::BadRequest(why)
            | ApiError::NotFound(why)
            | ApiError::Conflict(why)
            | ApiError::Unavailable(why)
            | ApiError::Internal(why) => (why.code, why.said.in_lang(lang), Some(&why.said), why.name.as_deref()),
            ApiError::Unreadable { status, detail } => {
                let code = match *status {
                    StatusCode::PAYLOAD_TOO_LARGE => "too_large",
                    StatusCode::UNSUPPORTED_MEDIA_TYPE => "not_json",
                    StatusCode::BAD_REQUEST | StatusCode::UNPROCESSABLE_ENTITY => "bad_request",
                    _ => "internal",
                };
                // serde's detail names the field and the value; it stays as it is, after a sentence in the
                // player's language, since it is for whoever wrote the request rather than for a player.
                let words = Words::new("api.unreadable").arg("detail", detail);
                (code, words.in_lang(lang), None, None)
            }
        };
        let body = ErrorBody {
            error: &sentence,
            code,
            name,
            words,
        };
        (self.status(), Json(body)).into_response()
    }
}

impl IntoResponse for ApiError {
    /// The status now and the words later: [`localise`] writes the body in the request's language.
    fn into_response(self) -> Response {
        let mut response = self.status().into_response();
        response.extensions_mut().insert(self);
        response
    }
}

/// Words an [`ApiError`] in the language of the request it answers: the one place errors are localised.
pub(crate) async fn localise(request: Request, next: Next) -> Response {
    let lang = Lang::of_headers(request.headers());
    let mut response = next.run(request).await;
    match response.extensions_mut().remove::<ApiError>() {
        Some(error) => error.body(lang),
        None => response,
    }
}

/// A JSON request body whose rejection (not JSON, a missing field, a number out of range) is an [`ApiError`]
/// like every other refusal, instead of axum's plain-text one.
pub(crate) struct JsonBody<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(ApiError::Unreadable {
                status: rejection.status(),
                detail: rejection.body_text(),
            }),
        }
    }
}
