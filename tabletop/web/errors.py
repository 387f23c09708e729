"""The service's refusals: each a 4xx (or 503) with a sentence that says what is wrong."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Unavailable(ServiceError):
    status = 503


class TooMany(ServiceError):
    """A client past one of its request limits (429, with the seconds to wait)."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
