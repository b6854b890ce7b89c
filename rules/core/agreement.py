"""Every text a match writes agrees with a player called "You" (first-run solo games are).

Games write "{name} bids"; for a player named You that reads "You bids". Rather than trust
every line of five games to remember, the texts a match hands out pass through `agree`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from rules.core.text import agree

_DONE = "_agrees"  # marks a method already wrapped


def _text(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapped(self: Any, *args: Any) -> Any:
        said = method(self, *args)
        return agree(said) if isinstance(said, str) else said
    return wrapped


def _lines(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapped(self: Any, *args: Any) -> Any:
        return [agree(line) if isinstance(line, str) else line for line in method(self, *args)]
    return wrapped


def _choices(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapped(self: Any, *args: Any) -> Any:
        return [c._replace(label=agree(c.label)) if "You" in c.label else c
                for c in method(self, *args)]
    return wrapped


WRAPS = {"prompt": _text, "label": _text, "refusal": _text, "private_lines": _lines,
         "setup": _lines, "apply": _lines, "choices": _choices}


def make_agree(cls: type) -> None:
    """Wrap the text-giving methods of a match class (once each) so their words agree."""
    for name, wrap in WRAPS.items():
        method = getattr(cls, name, None)
        if method is None or getattr(method, _DONE, False) or getattr(
                method, "__isabstractmethod__", False):
            continue
        wrapped = wrap(method)
        setattr(wrapped, _DONE, True)
        setattr(cls, name, wrapped)
