"""Finding English left in French text: the words a French sentence never holds."""

from __future__ import annotations

import re

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
