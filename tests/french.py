"""Finding English left in French text: the words a French sentence never holds."""

from __future__ import annotations

import json
import re

from rules import Match
from rules.core.journal import Journal
from rules.core.lang import Msg, speaking

# Common English words that are not French words too ("on", "a", "plus", "date" are both, and
# left out). Names (cities, railroads, players) are no English sentences and pass.
ENGLISH = frozenset("""
the and of to your you with is are for from this that each every one two three by at not it its
has have will can must may or but if then than when while who which what where there their they
them his her him she he was were be been being do does did done no yes all any some more most
other only also after before into onto out up down over under again here now next last first
second third pay pays paid take takes taken draw draws build builds built move moves moved
play plays played pass passes passed end ends ended turn turns round rounds card cards player
players game games wins win won score scores scored left right back forward move until
instead still already just own same both either neither nothing something anything everything
cost costs gives give gain gains lose loses lost spend spends money shares share cube cubes
""".split())
_WORD = re.compile(r"[A-Za-zÀ-ÿ']+")


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """English words in a text meant to be French (lower-cased), names in `allowed` excepted."""
    words = [w.lower() for w in _WORD.findall(text.replace("’", "'"))]
    return [w for w in words if w in ENGLISH and w not in allowed]


def english_labels_play_in_french(m: Match, seat: int) -> None:
    """Every label the seat is offered in English still plays its choice while French is
    spoken (a player may read one language and type the other)."""
    labels = {c.action: c.label for c in m.choices(seat)}
    with speaking("fr"):
        for action, label in labels.items():
            assert m.parse(seat, label) == action


def french_journal(m: Match) -> tuple[list[str], list[str]]:
    """The match's log said in English and in French, after checking the journal keeps every
    line unsaid: the two differ, and what is saved while French is spoken reloads to the same
    French."""
    assert all(isinstance(line, Msg) for _, line in m.lines.raw())
    english = [line for _, line in m.lines]
    with speaking("fr"):
        french = [line for _, line in m.lines]
        saved_fr = json.dumps(m.lines.saved())
    assert french != english
    assert json.dumps(m.lines.saved()) == saved_fr  # language-neutral
    stored = Journal.loaded(json.loads(saved_fr))
    with speaking("fr"):
        assert [line for _, line in stored] == french
    return english, french
