"""Text for Discord messages, built from public views, log lines and game rows."""

from __future__ import annotations

import re
from collections.abc import Sequence

import rules
from bot.store import GameRow
from bot.tables import clocks
from bot.tables.computers import computer_run
from bot.tables.durations import format_duration
from bot.tables.language import game_language, language_name
from bot.tables.service import MoveReport, user_of
from render.core.turn_card import TurnCard
from rules.core.lang import tr
from rules.core.standing import amount
from rules.core.text import echo, normalize

MAX_CONTENT = 1900
NEWCOMER_MOVES = 12  # a player's first moves in a game come with `/game explain` pointers


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Keep a message under Discord's 2000-character limit, cutting old lines first."""
    if len(text) <= limit:
        return text
    return "…" + text[-(limit - 1):]


def short(text: str, limit: int) -> str:
    """A label cut at a word to fit `limit` characters, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:(")
    return cut + "…"


def display(user: object) -> str:
    """The name shown in games: server nickname or global name, never a mention."""
    name = getattr(user, "display_name", None) or getattr(user, "name", "someone")
    return str(name).replace("@", "")[:32]


def mention(user_id: int) -> str:
    """A user mention (nothing for a computer seat, which has no Discord account)."""
    return f"<@{user_id}>" if user_id > 0 else ""


def header(game: GameRow, view: dict[str, object] | None) -> str:
    """`Steel Driver · round 2 of 5, auctions`: the title and where the game stands, in words
    that say what each number is (the game's standing)."""
    title = rules.game_info(game.game_id).title
    if not view:
        return f"**{title}**"
    standing = view.get("standing")
    where = standing.get("where") if isinstance(standing, dict) else None
    if where:
        return f"**{title}** · {where}"
    parts = [f"**{title}**"]
    if "round" in view and "rounds" in view:
        parts.append(tr("round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))
    if "phase" in view:
        parts.append(str(view["phase"]))
    return " · ".join(parts)


def named(player: str, value: object) -> str:
    """"Bob: $1040": a player and what stands beside their name."""
    return tr("{player}: {value}", player=player, value=value)


def standing_lines(match: rules.Match) -> list[str]:
    """Who leads, in the game's own measure, best first; a cooperative game's table line.

    "**Standing** ($ if it ended now; Bob leads by $50):", "1. Bob: $1040 (…)", … then how
    near the end is. Public: every game builds its standing from what the table sees.
    """
    st = match.standing()
    names = match.players
    if st.cooperative:
        rows = [tr("**Table:** {table}", table=st.table)] if st.table else []
        return rows + [named(names[s], st.lines[s]) for s in range(len(names))]
    lead = st.lead_words(names)
    head = tr("**Standing** ({measure}; {lead}):", measure=st.measure, lead=lead) if lead \
        else tr("**Standing** ({measure}):", measure=st.measure)
    rows = [head] + [f"{rank}. {named(names[s], st.lines[s])}"
                     for rank, s in enumerate(st.order(), start=1)]
    return rows + ([st.table] if st.table else [])


def move_message(report: MoveReport) -> str:
    """The public record of a move: what happened and who is next (no pings)."""
    view = report.match.view(None)
    body = "\n".join(f"• {line}" for line in report.lines)
    text = f"{header(report.game, view)}\n{body}\n{next_line(report.game, report.match)}"
    return clip(text)


def next_line(game: GameRow, match: rules.Match) -> str:
    """Who must act now, by name (mentions are sent separately, to the newly due only)."""
    if match.over:
        return final_summary(match)
    prompts = [match.prompt(seat) for seat in match.to_act()]
    return tr("**Next:** {prompts}", prompts=" | ".join(prompts))


def final_summary(match: rules.Match) -> str:
    """Final standings with scores, winners first; a cooperative game's result in words."""
    table = match.table_result()
    if table is not None:  # cooperative: one result for the whole table, no ranking
        won, reached = table
        players = ", ".join(match.players)
        if won:
            return tr("**Game over: the table won!** {reached}. Players: {players}.",
                      reached=reached, players=players)
        return tr("**Game over: the table lost.** {reached}. Players: {players}.",
                  reached=reached, players=players)
    scores = match.scores()
    st = match.standing()  # its order keeps the rulebook's tie-breaks; its unit says $ or VP
    order = st.order() if len(st.values) == len(scores) else sorted(
        range(len(scores)), key=lambda s: (-scores[s], s))
    winners = set(match.winners())
    rows = [f"{'🏆 ' if s in winners else ''}"
            f"{named(match.players[s], amount(scores[s], st.unit or st.measure))}"
            for s in order]
    if not winners:  # a cooperative game lost by the whole table
        return tr("**Game over: the table loses.** {scores}", scores=" · ".join(rows))
    if len(winners) == len(scores) > 1:
        return tr("**Game over: everyone wins together!** {scores}", scores=" · ".join(rows))
    return tr("**Game over.** {scores}", scores=" · ".join(rows))


def status_message(game: GameRow, match: rules.Match) -> str:
    """The always-current status: title, whose turn, deadline, last moves."""
    view = match.view(None)
    # Once over, the final summary (next_line) ranks the players instead.
    ranks = [] if match.over else standing_lines(match)
    lines = [header(game, view), *ranks, next_line(game, match)]
    due = match.to_act()
    ends = [d for d in (clocks.deadline(game, seat) for seat in due) if d is not None]
    if ends and not match.over:
        lines.append(tr("Deadline: {when} ({relative})", when=f"<t:{int(min(ends))}:f>",
                        relative=f"<t:{int(min(ends))}:R>"))
    recent = [t for _, t in match.lines[-3:]]
    if recent:
        lines.append("\n".join(f"• {t}" for t in recent))
    return clip("\n".join(lines))


def summarize(lines: list[str], limit: int = 300) -> str:
    """A turn's log lines in one or two lines of text: the first ones, then how many more."""
    out = ""
    for n, line in enumerate(lines):
        more = " " + tr("… (+{n} more in `/game log`)", n=len(lines) - n)
        joined = f"{out} · {line}" if out else line
        if len(joined) + len(more) > limit and n < len(lines) - 1 or len(joined) > limit:
            return (out or line[: limit - len(more)]) + more
        out = joined
    return out


def handover_message(report: MoveReport, turn: list[str]) -> tuple[str, list[int]]:
    """The one public message of a turn: what it did, and a ping for whoever is due now."""
    users = [u for u in (user_of(report.game, seat) for seat in report.newly_due) if u > 0]
    title = rules.game_info(report.game.game_id).title
    first = report.match.version == 0
    done = summarize(turn)
    head = tr("**{game}** begins.", game=title) if first else done
    due = report.match.to_act()
    computers = computer_run(report.game)
    asks = [_computer_turn(report, s) if s in computers else
            f"{mention(user_of(report.game, s)) if s in report.newly_due else ''} "
            f"{report.match.prompt(s)}".strip() for s in due]
    if first and done.startswith(title):  # the set-up names the game: bold it, not twice
        head = f"**{title}**{done[len(title):]}"
    elif first and done:
        head = f"{head} {done}"
    # Point newcomers to `/game explain` while they are new; later it would only be noise.
    moves = [s for s, _ in report.match.log]
    new = [s for s in report.newly_due if s not in computers and moves.count(s) < NEWCOMER_MOVES]
    hint = explain_hint(report.game.game_id, " ".join(asks)) if new else ""
    return clip(f"{head}\n" + "\n".join(tr("**Next:** {prompts}", prompts=ask)
                                         for ask in asks) + hint), users


def _computer_turn(report: MoveReport, seat: int) -> str:
    """What the table reads while the computer plays a seat (it moves at once)."""
    name = report.match.players[seat]
    if user_of(report.game, seat) < 0:
        return tr("{player} plays now.", player=name)
    return tr("The computer plays for {player} now.", player=name)


def turn_card(match: rules.Match, turn: list[str]) -> TurnCard:
    """The words of a handover's turn card: each due player's name and decision, the turn."""
    names = {int(p["seat"]): str(p["name"]) for p in match.view(None).get("players") or []}
    due: list[tuple[str, str]] = []
    for seat in match.to_act():
        name = names.get(seat) or tr("Seat {n}", n=seat + 1)
        # "Ann (10 cubes): put a company up…" → "put a company up…": the card names Ann above
        # and shows her numbers below.
        # (French puts a no-break space before the colon: « Ann : … ».)
        asks = re.sub(rf"^{re.escape(name)}(?: \([^)]*\))?\u00a0?: ", "", match.prompt(seat))
        due.append((name, asks))
    return TurnCard(due=due, turn=turn, opening=match.version == 0)


def played_text(report: MoveReport) -> str:
    """The private confirmation of a move, in the game's own words."""
    said = summarize(report.lines, 400)
    seat = report.played[0][0] if report.played else None
    if not said and seat is not None and seat in report.match.to_act():
        return tr("✅ Played. Next step: {prompt}", prompt=report.match.prompt(seat))
    return tr("✅ Played: {said}", said=said) if said else tr("✅ Played: done.")


def rating_line(names: Sequence[str], changes: Sequence[tuple[int, int, int]]) -> str:
    """"Ratings: Ann 1000 → 1031 (+31), Bob 1012 → 990 (-22)." ("" when nobody was rated)."""
    if not changes:
        return ""
    moves = [tr("{player} {before} → {after} ({change})", player=names[seat], before=before,
                after=after, change=f"{after - before:+d}")
             for seat, before, after in changes]
    return tr("Ratings: {moves}.", moves=", ".join(moves))


def results_alt(match: rules.Match) -> str:
    """Alt text of the results picture: the standings and where each score came from."""
    text = final_summary(match).replace("**", "")
    breakdown = match.view(None).get("breakdown") or []
    parts = []
    for seat, rows in enumerate(breakdown):
        said = "; ".join(f"{label} {amount:+g}" if isinstance(amount, (int, float))
                         else f"{label} {amount}" for label, amount in rows if amount)
        if said:
            parts.append(named(match.players[seat], said) + ".")
    return " ".join([text.rstrip(".") + ".", *parts])[:1000]


def lobby_message(game: GameRow) -> str:
    """The lobby: who sits, how many are needed."""
    info = rules.game_info(game.game_id)
    seats = ", ".join(s.name for s in game.seats) or tr("nobody yet")
    opts = ", ".join(f"{k}={v}" for k, v in game.options.items())
    head = tr("**{game}** lobby ({least}-{most} players).", game=info.title,
              least=info.min_players, most=info.max_players)
    extra = " " + tr("Options: {options}.", options=opts) if opts else ""
    return (f"{head}{extra}\n" + tr("Seated: {names} ({n}).", names=seats, n=len(game.seats))
            + "\n" + tr("Join with `/game join` or the button; a computer player takes a seat "
                        "with **Add computer**; the creator starts with `/game start`."))


def status_text(game: GameRow, match: rules.Match | None) -> str:
    """A compact status for `/game status`."""
    seats = []
    for s in game.seats:
        seat = f"{s.seat + 1}. {s.name}"
        if s.resigned:
            seat = tr("{seat} (resigned; the bot passes)", seat=seat) \
                if game.settings.get("stand_in") == "pass" else \
                tr("{seat} (resigned; the computer plays)", seat=seat)
        seats.append(seat)
    lines = [header(game, match.view(None) if match else None),
             status_line(game),
             tr("Players: {players}", players=", ".join(seats))]
    if match is not None:
        lines += [] if match.over else standing_lines(match)
        lines.append(next_line(game, match))
        recent = [t for _, t in match.lines[-5:]]
        if recent:
            lines.append(tr("Recent:") + "\n" + "\n".join(f"• {t}" for t in recent))
    return clip("\n".join(lines))


def status_line(game: GameRow) -> str:
    """Where the game stands and how many moves were made."""
    n = game.version
    if game.status == "lobby":
        return tr("Status: lobby; moves so far: {n}.", n=n)
    if game.status == "active":
        return tr("Status: active; moves so far: {n}.", n=n)
    if game.status == "finished":
        return tr("Status: finished; moves so far: {n}.", n=n)
    if game.status == "abandoned":
        return tr("Status: abandoned; moves so far: {n}.", n=n)
    return f"Status: {game.status}; moves so far: {n}."


def explain_text(game_id: str, asked: str) -> str:
    """`/game explain`: one topic of the game, or the nearest topics when none matches."""
    guide = rules.guide(game_id)
    topic = guide.topic(asked)
    if topic is not None:
        return clip(f"**{topic.name}** ({guide.title})\n{topic.text}")
    near = [t.name for t in guide.search(asked, 8)] or [t.name for t in guide.topics[:8]]
    said = echo(asked)
    if near:
        return clip(tr("{game} has no topic `{typed}`. Try: {topics}.", game=guide.title,
                       typed=said, topics=", ".join(near)))
    return clip(tr("{game} has no topic `{typed}`.", game=guide.title, typed=said))


def explain_hint(game_id: str, text: str) -> str:
    """A pointer to `/game explain` for the first topic a prompt names, or nothing."""
    said = f" {normalize(text)} "
    found = [(said.find(f" {normalize(t.name)} "), t.name) for t in rules.guide(game_id).topics
             if len(t.name) >= 5 and f" {normalize(t.name)} " in said]
    if not found:
        return ""
    return " " + tr("(new to this? `/game explain {topic}`)", topic=min(found)[1].lower())


def private_words(match: rules.Match, seat: int) -> str:
    """A seat's private panel text: the game's own sentences, else what its view adds."""
    own = match.private_lines(seat)
    if own:
        return clip("\n".join(f"• {line}" for line in own))
    return private_text(match.view(seat), match.view(None))


def settings_text(game: GameRow) -> str:
    """The game's settings in one line."""
    every = format_duration(int(clocks.setting(game, "remind_every")))
    move = format_duration(int(clocks.setting(game, "clock_move")))
    bank = format_duration(int(clocks.setting(game, "clock_bank")))
    clock = tr("{move} per move + {bank} reserve", move=move, bank=bank) \
        if clocks.has_clock(game) else tr("off")
    stand_in = tr("the computer") if game.settings.get("stand_in") != "pass" \
        else tr("the bot passes")
    board = clocks.setting(game, "board")  # as typed: `/game settings board:post`
    return tr("board: {board}; reminders every {every} (at most {most}); clock: {clock}; "
              "resigned seats: {stand_in}; language: {language}.", board=board, every=every,
              most=clocks.setting(game, "remind_max"), clock=clock, stand_in=stand_in,
              language=language_name(game_language(game)))


def timeline_text(rows: list[tuple[int, float | None, str]]) -> str:
    """Log lines with move numbers and Discord timestamps (each reader sees their own time)."""
    out = []
    for n, at, text in rows:
        when = f"<t:{int(at)}:f>" if at else tr("start")
        out.append(f"`{n:>3}` {when} {text}")
    return clip("\n".join(out) or tr("Nothing has happened yet."), 1950)


def _plain(value: object) -> str:
    """A private value as short text: lists of names are counted ("lay-rails ×2")."""
    if isinstance(value, list):
        if not value:
            return tr("none")
        if all(isinstance(v, str) for v in value):
            counts: dict[str, int] = {}
            for v in value:
                counts[v] = counts.get(v, 0) + 1
            return ", ".join(f"{k} ×{n}" if n > 1 else k for k, n in counts.items())
        return "; ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items() if v not in (None, [], {}))
    return str(value)


def private_text(private: dict[str, object], public: dict[str, object]) -> str:
    """What a seat's view adds to the public one (hand, own deck, what was shown to it)."""
    secret = {k: v for k, v in private.items() if public.get(k) != v}
    you = secret.pop("you", None)
    if isinstance(you, dict):
        secret = {**{k: v for k, v in you.items() if k not in ("seat", "legal")}, **secret}
    if not secret:
        return tr("Nothing hidden: everything is on the board.")
    return clip("\n".join(f"**{k.replace('_', ' ')}**: {_plain(v)}" for k, v in secret.items()))
