//! What every game's API shares: JSON bodies in, JSON out, and errors as `{"error": …, "code": …, "name": …}`:
//! `error` is a sentence for the player in their [`Lang`], `code` a stable word a page or test can branch on.

use axum::{
    Json,
    extract::{FromRequest, FromRequestParts, Request},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};

use crate::lang::Lang;

/// A refused API request: an HTTP status, a sentence saying why (in the player's language: build it with
/// [`Lang::pick`]), a stable code, plus the contract's error name when a transaction reverted.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
    code: &'static str,
    name: Option<String>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    code: &'a str,
    name: Option<&'a str>,
}

impl ApiError {
    /// The request itself is wrong (400).
    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// What the request names does not exist (404).
    pub(crate) fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// The request is well formed but the game refuses it now (409), e.g. a contract revert.
    pub(crate) fn conflict(message: impl Into<String>, name: Option<String>) -> ApiError {
        ApiError {
            name,
            ..ApiError::new(StatusCode::CONFLICT, message)
        }
    }

    /// Whether this is a contract's refusal ([`ApiError::conflict`] with no more specific code).
    pub(crate) fn is_refusal(&self) -> bool {
        self.status == StatusCode::CONFLICT && self.code == "conflict"
    }

    /// The server cannot do it at all (503), e.g. no chain.
    pub(crate) fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A failure of the server's own (500).
    pub(crate) fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// The same refusal with a more specific stable code than the status's own (`"log_too_long"`, …). Codes are
    /// `snake_case`, as the engine's refusal codes are: one spelling for every code on the wire.
    pub(crate) fn with_code(self, code: &'static str) -> ApiError {
        ApiError { code, ..self }
    }

    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::CONFLICT => "conflict",
            StatusCode::SERVICE_UNAVAILABLE => "unavailable",
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "not_json",
            StatusCode::UNPROCESSABLE_ENTITY => "bad_request",
            _ => "internal",
        };
        ApiError {
            status,
            message: message.into(),
            code,
            name: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            code: self.code,
            name: self.name.as_deref(),
        };
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body whose rejection (not JSON, a missing field, a number out of range) is an [`ApiError`]
/// like every other refusal, instead of axum's plain-text one.
pub(crate) struct JsonBody<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = request.into_parts();
        let Ok(lang) = Lang::from_request_parts(&mut parts, state).await;
        match Json::<T>::from_request(Request::from_parts(parts, body), state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => {
                // serde's detail names the field and the value; it stays as it is, after a sentence in the
                // player's language, since it is for whoever wrote the request rather than for a player.
                let detail = rejection.body_text();
                let message = lang.pick(
                    format!("the request could not be read: {detail}"),
                    format!("リクエストを読み取れませんでした：{detail}"),
                );
                Err(ApiError::new(rejection.status(), message))
            }
        }
    }
}
