"""What the tests compare with CPython's codecs."""


def outcome(fn):
    """The result, or the error's (type, start, end, reason)."""
    try:
        return fn()
    except UnicodeError as e:
        return (type(e).__name__, e.start, e.end, e.reason)
