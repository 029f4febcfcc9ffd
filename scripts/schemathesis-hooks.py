"""Loaded by scripts/schemathesis.sh (SCHEMATHESIS_HOOKS) before Schemathesis starts its workers.

CPython 3.11's `ast.parse` is not safe to call from two threads at once: its AST constructor
keeps one recursion counter per interpreter, and a second parse running meanwhile makes the
first fail with "SystemError: AST constructor recursion depth mismatch" (python/cpython#106905).
Hypothesis parses its own source with `ast.parse` to describe a filter, so with two workers a run
ended with a runtime error of the generator (not a finding about the api) every now and then.
One lock around `ast.parse` makes the parses take turns; they are rare and short.
"""

import ast
import threading

_parse = ast.parse
_lock = threading.Lock()


def _parse_in_turn(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _parse_in_turn
