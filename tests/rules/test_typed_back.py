"""What the screen shows, typed back, plays: every game, at the decisions of seeded games.

A player reads a label ("Start on Sanda (A2), city with 1 station slot: free") and types it:
whole, lower-cased, or only its first words. The same move must be played; when the first
words fit several labels, the answer names those labels and nothing is played.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.text import normalize

SEEDS = (0, 1)
EVERY = 3  # one decision in three is tried whole (all of it, every label)


def _decisions(game_id: str, seed: int):  # type: ignore[no-untyped-def]
    """(match, seat, rng) at each decision of a seeded random game."""
    info = rules.game_info(game_id)
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    options = {o.id: rng.choice(o.choices) if o.choices else o.default for o in info.options}
    m = rules.new_match(game_id, players, seed, options)
    while not m.over:
        seat = rng.choice(m.to_act())
        yield m, seat, rng
        m.act(seat, rng.choice(m.legal(seat)))


def _played(m: rules.Match, seat: int, typed: str) -> str | None:
    """The action `typed` plays, or None when it is refused (the match must not change)."""
    before = m.to_json()
    try:
        return m.parse(seat, typed)
    except rules.IllegalAction:
        assert m.to_json() == before
        return None


def _cases() -> list[tuple[str, int]]:
    return [(g["id"], seed) for g in rules.catalog() for seed in SEEDS]


@pytest.mark.parametrize(("game_id", "seed"), _cases())
def test_every_label_typed_back_plays_its_choice(game_id: str, seed: int) -> None:
    tried = 0
    for n, (m, seat, rng) in enumerate(_decisions(game_id, seed)):
        if n % EVERY:
            continue
        choices = m.choices(seat)
        words = [(normalize(c.label).split(), c.action) for c in choices]
        exact = {normalize(s): a for s, a in m.spellings(seat)}
        exact.update({normalize(c.label): c.action for c in choices})
        for c in choices:
            for typed in (c.label, c.label.lower()):
                assert _played(m, seat, typed) == c.action, (c.label, typed)
            # The first k words as shown: one move if no other label starts so; else a
            # refusal naming the labels that do (unless the words are another move's name).
            shown = c.label.split()
            k = rng.randint(1, len(shown))
            typed = " ".join(shown[:k])
            said = normalize(typed).split()
            if not said:
                continue
            alike = [a for w, a in words if w[:len(said)] == said]
            if alike == [c.action]:
                got = _played(m, seat, typed)
                assert got == c.action or exact.get(normalize(typed)) == got, (c.label, typed)
            elif normalize(typed) not in exact and len(set(alike)) > 1:
                with pytest.raises(rules.IllegalAction, match="could mean") as refused:
                    m.parse(seat, typed)
                assert c.label[:40] in str(refused.value) or "more." in str(refused.value)
            tried += 1
    assert tried > 20


def test_a_clipped_label_still_plays_as_shown() -> None:
    m = rules.new_match("steel-driver", 3, 1)
    seat = m.to_act()[0]
    choice = m.choices(seat)[0]
    long = choice.label + ", and more words than any menu shows" * 3
    m.label = lambda s, a: long if a == choice.action else type(m).label(m, s, a)  # type: ignore
    m.choices = lambda s: [rules.Choice(choice.action, long[:70] + "…")]  # type: ignore
    assert m.parse(seat, long[:70] + "…") == choice.action
    assert m.parse(seat, long) == choice.action
