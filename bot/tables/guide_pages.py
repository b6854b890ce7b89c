"""`/game rules` and terminal `rules`: a game's guide as numbered pages, never clipped.

The pages are the guide's own (goal, turn, scoring, our adaptations) and a last one with the
game's options in players' words and how to play where the reader is: on Discord or in a
terminal. A page longer than a message is split at paragraphs, lines or sentences into pages
of their own; `see *X*` leads to the page titled X (its number) or to the explain topic X.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import rules
from rules.core.guide import Guide
from rules.core.lang import tr
from rules.core.text import normalize

PAGE_CHARS = 1900  # a Discord message holds 2000: room for the page line and a margin
SEE = re.compile(r"\b(?:see|voir) \*([^*\n]+)\*")  # the guide's words, English or French


@dataclass(frozen=True)
class Surface:
    """The words that differ between Discord and the terminal."""

    explain: str  # how to ask for a topic; {topic} is the topic's name
    options: str  # how options are chosen; {game} is the game id
    playing: str  # how moves are typed and what else can be asked


def discord_surface() -> Surface:
    """Discord's words, in the language spoken."""
    return Surface(
        explain="`/game explain {topic}`",
        options=tr("chosen when a game is opened: `/game new`, field *options*, lists them as "
                   "you type"),
        playing=tr("Play with `/play` (it lists your moves as you type) or the buttons; "
                   "`/game hand` shows your hand, `/game status` who leads, `/game explain` "
                   "any card, tile or term."))


def terminal_surface() -> Surface:
    """The terminal's words, in the language spoken."""
    return Surface(
        explain="`explain {topic}`",
        options=tr("chosen when you start: `railyard play {game} --option list` shows how to "
                   "type each"),
        playing=tr("At the prompt, type a move's number or its words; `hand`, `status`, `log`, "
                   "`rules` (`rules 2` for page 2), `explain <topic>` and `help` work at any "
                   "prompt."))


SURFACES = {"discord": discord_surface, "terminal": terminal_surface}


def _option_lines(game_id: str, guide: Guide) -> list[str]:
    """One line per option: its players' name and what its choices do."""
    lines = []
    for option in rules.game_info(game_id).options:
        words = guide.option(option.id)
        if words is not None:
            lines.append(f"• **{words.name}**: {words.text}")
        else:  # a game without players' words for it (a test's game): its own description
            values = "/".join(option.choices) or tr("free text")
            lines.append(tr("• **{option}** ({values}, default {default}): {description}",
                            option=option.id.replace("_", " ").capitalize(), values=values,
                            default=option.default, description=option.description))
    return lines


def _last_page(game_id: str, guide: Guide, surface: Surface) -> tuple[str, str]:
    """The closing page: the game in a line, its options, how to play here."""
    info = rules.game_info(game_id)
    lines = [tr("**{game}** ({least}-{most} players). {summary}", game=info.title,
                least=info.min_players, most=info.max_players, summary=info.said_summary())]
    options = _option_lines(game_id, guide)
    if options:
        lines.append("\n" + tr("**Options**, {how}:",
                               how=surface.options.replace("{game}", game_id)))
        lines += options
    else:
        lines.append("\n" + tr("No options: every game is played the same way."))
    lines.append("\n" + tr("**Playing here.** {how}", how=surface.playing))
    return tr("Options and playing here"), "\n".join(lines)


def _pieces(text: str, room: int) -> list[str]:
    """The text in pieces of at most `room` characters, cut at paragraphs, then lines, then
    sentences, then words (never inside a word)."""
    if len(text) <= room:
        return [text]
    for joint in ("\n\n", "\n", ". ", " "):
        parts = text.split(joint)
        if len(parts) == 1:
            continue
        out: list[str] = []
        for n, part in enumerate(parts):
            piece = part + (joint.rstrip() if n < len(parts) - 1 else "")
            if out and len(out[-1]) + len(joint) + len(piece) <= room:
                out[-1] += (joint if joint.strip() != "." else " ") + piece
                continue
            out += _pieces(piece, room)
        return out
    return [text[i:i + room] for i in range(0, len(text), room)]  # one word longer than a page


def _split(pages: list[tuple[str, str]], room: int) -> list[tuple[str, str, str]]:
    """(source heading, shown heading, text) per page: a long page goes on over several."""
    out = []
    for heading, text in pages:
        continued = tr("{heading} (continued)", heading=heading)
        body_room = room - len(continued) - 6
        for n, piece in enumerate(_pieces(text.strip(), body_room)):
            out.append((heading, heading if n == 0 else continued, piece))
    return out


def _resolve(text: str, guide: Guide, first_page: dict[str, int], surface: Surface) -> str:
    """`see *X*` as `see *X*, page N` for a page, or with the explain command for a topic."""

    def lead(found: re.Match[str]) -> str:
        name = found[1]
        page = first_page.get(normalize(name))
        if page is not None:
            return tr("see *{name}*, page {page}", name=name, page=page)
        if guide.topic(name) is not None:
            return tr("see {command}", command=surface.explain.format(topic=name.lower()))
        return found[0]  # leads nowhere: the pages test names it

    return SEE.sub(lead, text)


def guide_pages(game_id: str, surface: str = "discord") -> list[tuple[str, str]]:
    """(heading, text) of every page, split to fit, cross-references resolved."""
    where = SURFACES[surface]()
    guide = rules.guide(game_id)
    source = [*guide.pages, _last_page(game_id, guide, where)]
    title = rules.game_info(game_id).title
    room = PAGE_CHARS - len(_page_line(title, 99, 99) + "\n")
    numbers: dict[str, int] = {}
    for _ in range(4):  # page numbers depend on the splits, which depend on the numbers' length
        resolved = [(h, _resolve(t, guide, numbers or _guess(source), where)) for h, t in source]
        split = _split(resolved, room)
        found: dict[str, int] = {}
        for n, (heading, _, _) in enumerate(split, start=1):
            found.setdefault(normalize(heading), n)
        if found == numbers:
            break
        numbers = found
    return [(shown, text) for _, shown, text in split]


def _guess(source: list[tuple[str, str]]) -> dict[str, int]:
    """First page numbers before splitting (two digits wide, so a split only grows shorter)."""
    return {normalize(h): 10 + n for n, (h, _) in enumerate(source)}


def rules_pages(game_id: str, surface: str = "discord") -> list[str]:
    """Every page of the game's rules as one message each, with a page line on top."""
    title = rules.game_info(game_id).title
    pages = guide_pages(game_id, surface)
    total = len(pages)
    return [f"{_page_line(title, n, total)}\n**{heading}**\n{text}"
            for n, (heading, text) in enumerate(pages, start=1)]


def _page_line(title: str, n: int, total: int) -> str:
    """The line above each page: the game, and which page of how many."""
    return tr("*{game} · how to play · page {n}/{total}*", game=title, n=n, total=total)
