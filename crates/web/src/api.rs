//! What every game's API shares: JSON bodies in, JSON out, and errors as `{"error": …, "name": …}`.

use axum::{
    Json,
    extract::{FromRequest, Request},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};

/// A refused API request: an HTTP status and a sentence saying why, plus the contract's error name when a
/// transaction reverted.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
    name: Option<String>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
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

    /// The server cannot do it at all (503), e.g. no chain.
    pub(crate) fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A failure of the server's own (500).
    pub(crate) fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            name: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
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
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(ApiError::new(rejection.status(), rejection.body_text())),
        }
    }
}
