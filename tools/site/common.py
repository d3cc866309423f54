"""What every step of the site's tooling shares: its error and its log line."""

from __future__ import annotations


class BuildError(RuntimeError):
    """A build step failed; the message says what to do about it."""


def log(message: str) -> None:
    """Print one build step, flushed so it shows up in CI logs in order."""
    print(f"[build] {message}", flush=True)
