"""The facade's answers unwrapped, for the tests that call it (tests/ and lab/tests/)."""

from tzaar.facade import call


def ok(method: str, **params):
    """The result of a call that must succeed (the answer holds nothing else)."""
    out = call(method, params)
    assert set(out) == {"result"}, out
    return out["result"]


def err(method: str, params) -> tuple:
    """(kind, message) of a call that must fail (the answer holds nothing else)."""
    out = call(method, params)
    assert set(out) == {"error"}, out
    assert set(out["error"]) == {"kind", "message"}
    return out["error"]["kind"], out["error"]["message"]
