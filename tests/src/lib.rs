//! Shared helpers for kaisho's end-to-end suites (the suites live in `tests/tests/`).
