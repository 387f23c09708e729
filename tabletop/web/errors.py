"""The service's refusals: each a 4xx (or 503) with a sentence that says what is wrong."""

from __future__ import annotations


class ServiceError(Exception):
    """``code``: a stable name of the refusal (e.g. ``account.name_taken``) that a page turns
    into its own language's words; the message is the English sentence for API clients."""

    status = 400

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


class Unauthorized(ServiceError):
    """No account session, or a wrong name or password."""

    status = 401


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

    def __init__(self, message: str, retry_after: float, code: str | None = None) -> None:
        super().__init__(message, code)
        self.retry_after = retry_after
