"""Words that agree: counts ("1 cube", "2 cubes"), a player called You ("You bid"), lists
("2 Wastes", not "a Waste and a Waste"), and labels said whole, never cut mid-sentence.

The scan reads what seeded random games of all five games write: labels, prompts, log lines,
refusals and private lines, with a player named You at the table (first-run solo games are).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import rules
from rules.core.choices import LABEL_LIMIT, clip_label
from rules.core.standing import warned
from rules.core.text import agree, and_list, count_of, counted, plural, possessive, says

NOUNS = ("cube|card|coin|space|share|rail|train|token|worker|move|station|slot|point|city|"
         "player|step|office|turn|round|link|bid|tile|die|action|milestone|contract|manager|"
         "Waste|route|section|load|piece|time token|disc|agent|deck|market|flip|bonus|"
         "dollar|copy|effect|location")
VERBS = ("gains|takes|scores|returns|says|draws|pays|moves|loses|puts|gets|discards|ends|"
         "shows|reveals|places|lays|buys|plays|passes|chooses|receives|wins|adds|keeps|"
         "sells|flips|builds|delivers|loads|connects|has|is|does")
ERRORS = {
    # "for 1 cubes", "(1 spaces in reach)"; "train 1 moves" names a train, not a count.
    "1 with a plural": re.compile(rf"(?<![\d.,])(?<!train )(?<!section )\b1 "
                                  rf"(?:(?!(?:{NOUNS})\b)[a-z-]+ )?({NOUNS})e?s\b"),
    # "2 cube", unless a plural noun follows ("2 station slots").
    "a count with a singular": re.compile(rf"(?<![\d.,$])\b([02-9]|\d\d+) ({NOUNS})\b"
                                          r"(?![s'’\w-])(?!\s+[A-Za-z]+s\b)"),
    "You with a verb in -s": re.compile(rf"\bYou ({VERBS})\b"),
    "You … and a verb in -s": re.compile(rf"\bYou [a-z]+ [^.;:]*\b(?:and|then) ({VERBS})\b"),
    "You's": re.compile(r"\bYou's\b"),
    "You … their": re.compile(r"\bYou [a-z]+ [^.;:]*\btheir\b"),
    "a X and a X": re.compile(r"\b(an?) ([A-Z][\w ]*?) and an? \2\b"),
    "share(s)": re.compile(r"\w\(s\)"),
}
TYPED = ["bid 99", "take atlantis", "build nowhere", "pass", "end turn", "draw", "play waste",
         "move", "skip", "stop", "done", "reveal card", "1"]


def _texts(game_id: str, seed: int) -> Iterator[tuple[str, str]]:
    """(kind, text) of what one seeded random game writes, You being the first player."""
    info = rules.game_info(game_id)
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    options = {o.id: rng.choice(o.choices) if o.choices else o.default for o in info.options}
    m = rules.new_match(game_id, ["You", "Ann", "Bo", "Cy", "Di", "Ed"][:players], seed, options)
    step = 0
    while not m.over:
        seat = rng.choice(m.to_act())
        yield "prompt", m.prompt(seat)
        for c in m.choices(seat):
            yield "label", c.label
            # Said short enough for a menu to show whole (a game says it shorter instead).
            if len(m.label(seat, c.action)) > LABEL_LIMIT:
                yield "clipped label", m.label(seat, c.action)
        if step % 9 == 0:
            for s in range(players):
                yield from (("private", line) for line in m.private_lines(s))
            for typed in TYPED:
                try:
                    m.parse(seat, typed)
                except rules.IllegalAction as exc:
                    yield "refusal", str(exc)
        step += 1
        m.act(seat, rng.choice(m.legal(seat)))
    yield from (("line", line) for _, line in m.lines)


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_what_a_game_writes_agrees(game_id: str) -> None:
    wrong: dict[str, set[str]] = {}
    for seed in (0, 1):
        for kind, text in _texts(game_id, seed):
            if kind == "clipped label":
                wrong.setdefault("label cut short", set()).add(text)
            for name, pattern in ERRORS.items():
                if pattern.search(text):
                    wrong.setdefault(name, set()).add(f"{kind}: {text}")
    assert not wrong, {k: sorted(v)[:3] for k, v in wrong.items()}


def test_the_helpers_agree() -> None:
    assert [plural(n, "cube") for n in (0, 1, 2)] == ["0 cubes", "1 cube", "2 cubes"]
    assert plural(3, "city") == "3 cities" and plural(2, "station slot") == "2 station slots"
    assert plural(2, "VP") == "2 VP" and plural(2, "switch") == "2 switches"
    assert count_of(["Waste", "Waste"]) == "2 Wastes"
    assert count_of(["Waste", "Express Train", "Waste"]) == "2 Wastes and an Express Train"
    assert and_list(["a", "b", "c"], "or") == "a, b or c"
    assert (says("You", "bid"), says("Ann", "bid")) == ("You bid", "Ann bids")
    assert (says("Ann", "pass"), says("Ann", "carry"), says("You", "have")) == (
        "Ann passes", "Ann carries", "You have")
    assert possessive("You") == "your" and possessive("Ann") == "Ann's"
    assert agree("You bids 5. You pass and returns 2 Wastes.") == "You bid 5. You pass and " \
        "return 2 Wastes."
    assert agree("Pass: Ann leads; You chooses next") == "Pass: Ann leads; You choose next"
    assert agree("beats You's 5") == "beats your 5" and agree("Ann bids 5.") == "Ann bids 5."
    assert agree("You shows their hand; Ann shows their hand.") == \
        "You show your hand; Ann shows their hand."
    assert counted("gain 1 share(s), then 2 step(s)") == "gain 1 share, then 2 steps"


def test_a_label_too_long_loses_whole_clauses_never_half_a_word() -> None:
    said = warned("End the turn: discard all, draw 5 new cards", "ends the game (Bo leads by "
                  "11 VP)", "Lay Rails, Normal Train, Station Expansion, Landfill left unplayed")
    assert len(said) <= LABEL_LIMIT and said.endswith(("VP)", "unplayed", "Train…")), said
    text = ("Buy Conductor's Station (the last one): 2 of your 2 coins, discard any cards from "
            "hand, then draw as many")
    clipped = clip_label(text)
    assert clipped == "Buy Conductor's Station (the last one): 2 of your 2 coins, discard any " \
        "cards from hand…"
    assert len(clip_label("word " * 40)) <= LABEL_LIMIT
