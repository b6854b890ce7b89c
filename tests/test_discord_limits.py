"""The fake Discord refuses what Discord refuses: each over-limit body gets Discord's 400.

Every body goes straight to the fake's REST API (no bot): over the limit it must be answered
400 with code 50035 ("Invalid Form Body") and the field path of Discord's `errors` tree (or the
other code Discord uses: 50006 empty message, 30032 too many commands, 413/40005 too large);
at the limit it must be accepted. See tests/fakediscord/validate.py and commands.py.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    InteractionRecord,
    new_record,
)
from tests.fakediscord.wire import error_path

TOKEN = "limits-token"
AUTH = {"Authorization": f"Bot {TOKEN}"}


@dataclass
class Api:
    """An HTTP client on the fake, with a guild, a channel and a user."""

    fake: FakeDiscord
    http: aiohttp.ClientSession
    guild: int
    channel: int
    user: int

    async def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        files: dict[str, bytes] | None = None,
        auth: bool = True,
    ) -> tuple[int, Any]:
        """Send a JSON body (or payload_json plus files[n]); return status and JSON answer."""
        url = self.fake.api_base + path
        headers = AUTH if auth else {}
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for i, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{i}]", data, filename=name)
            request = self.http.request(method, url, data=form, headers=headers)
        else:
            request = self.http.request(method, url, json=body, headers=headers)
        async with request as resp:
            text = await resp.text()
            return resp.status, json.loads(text) if text else None

    @property
    def commands(self) -> str:
        """The global commands route."""
        return f"/applications/{self.fake.application_id}/commands"

    @property
    def guild_commands(self) -> str:
        """The guild commands route."""
        return f"/applications/{self.fake.application_id}/guilds/{self.guild}/commands"

    def record(self, kind: int = COMMAND, source: int | None = None) -> InteractionRecord:
        """A new interaction (not dispatched: its callback URL is what the tests use)."""
        return new_record(self.fake, kind, self.user, self.channel, {"name": "x"}, source)

    def callback(self, rec: InteractionRecord) -> str:
        """The callback route of an interaction."""
        return f"/interactions/{rec.id}/{rec.token}/callback"

    def webhook(self, rec: InteractionRecord) -> str:
        """The followup webhook route of an interaction."""
        return f"/webhooks/{self.fake.application_id}/{rec.token}"

    async def bot_message(self) -> int:
        """A message of the bot in the channel (to edit, or to click on)."""
        status, data = await self.call(
            "POST", f"/channels/{self.channel}/messages", {"content": "base"}
        )
        assert status == 200, data
        return int(data["id"])


@pytest.fixture
async def api() -> AsyncIterator[Api]:
    fake = FakeDiscord(token=TOKEN)
    await fake.start()
    guild = fake.add_guild("Limits")
    channel = fake.add_channel(guild, "limits")
    user = fake.add_user("alice", guild_id=guild)
    try:
        async with aiohttp.ClientSession() as http:
            yield Api(fake, http, guild, channel, user)
    finally:
        await fake.stop()
    assert not fake.server_errors, fake.server_errors


def refused(answer: tuple[int, Any], path: str, code: int = 50035) -> None:
    """Assert a 400 Invalid Form Body whose first error is at `path`."""
    status, data = answer
    assert status == 400 and data["code"] == code, answer
    if code == 50035:
        assert data["message"] == "Invalid Form Body"
        assert error_path(data["errors"]) == path, data["errors"]


def accepted(answer: tuple[int, Any]) -> None:
    """Assert a 2xx answer."""
    assert 200 <= answer[0] < 300, answer


# -- application commands ------------------------------------------------------------------------


def cmd(name: str = "play", description: str = "Play a move", **extra: Any) -> dict[str, Any]:
    """A CHAT_INPUT command definition."""
    return {"name": name, "description": description, "type": 1, **extra}


def opt(name: str = "what", kind: int = 3, **extra: Any) -> dict[str, Any]:
    """An option definition."""
    return {"name": name, "description": "An option", "type": kind, **extra}


def sized_command(total: int) -> dict[str, Any]:
    """A command whose name/description/option/choice texts add up to `total` characters."""
    per_option = 4800  # choice characters an option gets (at most 25 choices of 200)
    count = -(-(total - 103) // (103 + per_option))
    budget = total - 103 - 103 * count
    options = []
    for i in range(count):
        left = min(per_option, budget)
        budget -= left
        choices = []
        while left:
            size = min(200, left) - (left - min(200, left) == 1)
            name = min(100, size - 1)
            choices.append({"name": "n" * name, "value": "v" * (size - name)})
            left -= size
        options.append(opt(f"o{i:02d}", description="e" * 100, choices=choices or None))
    command = cmd("big", "d" * 100, options=options)
    assert sum(len(c["name"] + c["value"]) for o in options for c in o["choices"] or []) + 103 * (
        count + 1
    ) == total
    return command


COMMAND_CASES: list[tuple[str, Any, str]] = [
    ("name too long", [cmd("p" * 33)], "0.name"),
    ("name empty", [cmd("")], "0.name"),
    ("upper case name", [cmd("Play")], "0.name"),
    ("space in name", [cmd("play now")], "0.name"),
    ("punctuation in name", [cmd("play!")], "0.name"),
    ("description too long", [cmd(description="x" * 101)], "0.description"),
    ("description missing", [{"name": "play", "type": 1}], "0.description"),
    ("option name", [cmd(options=[opt("What")])], "0.options.0.name"),
    ("option name too long", [cmd(options=[opt("w" * 33)])], "0.options.0.name"),
    (
        "option description",
        [cmd(options=[{**opt(), "description": "x" * 101}])],
        "0.options.0.description",
    ),
    ("26 options", [cmd(options=[opt(f"o{i}") for i in range(26)])], "0.options"),
    ("duplicate option", [cmd(options=[opt("a"), opt("a")])], "0.options.1.name"),
    (
        "26 choices",
        [cmd(options=[opt(choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)])])],
        "0.options.0.choices",
    ),
    (
        "choice name too long",
        [cmd(options=[opt(choices=[{"name": "c" * 101, "value": "c"}])])],
        "0.options.0.choices.0.name",
    ),
    (
        "choice value too long",
        [cmd(options=[opt(choices=[{"name": "c", "value": "v" * 101}])])],
        "0.options.0.choices.0.value",
    ),
    (
        "choices with autocomplete",
        [cmd(options=[opt(autocomplete=True, choices=[{"name": "c", "value": "c"}])])],
        "0.options.0.autocomplete",
    ),
    (
        "required after optional",
        [cmd(options=[opt("a"), opt("b", required=True)])],
        "0.options.1.required",
    ),
    ("max_length over 6000", [cmd(options=[opt(max_length=6001)])], "0.options.0.max_length"),
    (
        "group in a subcommand",
        [cmd(options=[opt("sub", 1, options=[opt("grp", 2, options=[opt("s", 1)])])])],
        "0.options.0.options.0.type",
    ),
    (
        "group in a group",
        [cmd(options=[opt("grp", 2, options=[opt("inner", 2, options=[opt("s", 1)])])])],
        "0.options.0.options.0.type",
    ),
    (
        "plain option in a group",
        [cmd(options=[opt("grp", 2, options=[opt("x")])])],
        "0.options.0.options.0.type",
    ),
    (
        "26 subcommands in a group",
        [cmd(options=[opt("grp", 2, options=[opt(f"s{i}", 1) for i in range(26)])])],
        "0.options.0.options",
    ),
    ("duplicate command", [cmd("play"), cmd("play")], "1.name"),
    ("8001 characters", [sized_command(8001)], "0"),
    ("unknown locale", [cmd(name_localizations={"fr-FR": "jouer"})], "0.name_localizations.fr-FR"),
    ("upper case localized name", [cmd(name_localizations={"fr": "Jouer"})],
     "0.name_localizations.fr"),
    (
        "localized description too long",
        [cmd(description_localizations={"fr": "x" * 101})],
        "0.description_localizations.fr",
    ),
    (
        "localized option name clash",
        [cmd(options=[opt("a", name_localizations={"fr": "b"}), opt("b")])],
        "0.options.0.name_localizations.fr",
    ),
    (
        "localized choice name too long",
        [cmd(options=[opt(choices=[{"name": "c", "value": "c",
                                    "name_localizations": {"fr": "c" * 101}}])])],
        "0.options.0.choices.0.name_localizations.fr",
    ),
    (
        "longest localization counted",
        [{**sized_command(8000), "name_localizations": {"fr": "gros-coup"}}],
        "0",
    ),
    ("context menu with a description", [{"name": "Look", "type": 2, "description": "x"}],
     "0.description"),
]


@pytest.mark.parametrize("scope", ["global", "guild"])
@pytest.mark.parametrize(("body", "path"), [c[1:] for c in COMMAND_CASES],
                         ids=[c[0] for c in COMMAND_CASES])
async def test_command_over_limit_refused(api: Api, scope: str, body: Any, path: str) -> None:
    route = api.commands if scope == "global" else api.guild_commands
    refused(await api.call("PUT", route, body), path)
    if len(body) == 1:  # the same definition alone by POST: the path without the index
        refused(await api.call("POST", route, body[0]), path.partition(".")[2])


AT_LIMIT: list[Any] = [
    cmd("p" * 32, "x" * 100),
    cmd("jouer-à_l'envers"),  # letters with accents, an apostrophe, - and _
    cmd("खेलें"),  # Devanagari, with its vowel signs (marks)
    cmd("เล่น"),  # Thai
    cmd("日本"),  # letters without case
    cmd("ab", options=[opt(f"o{i}") for i in range(25)]),
    cmd("ac", options=[opt(choices=[{"name": "c" * 100, "value": f"{i:03d}" + "v" * 97}
                                    for i in range(25)])]),
    cmd("ad", options=[opt("r", required=True), opt("o"), opt("n", 4, min_value=0)]),
    cmd("ae", options=[opt("grp", 2, options=[opt(f"s{i}", 1, options=[opt("x")])
                                               for i in range(25)]), opt("sub", 1)]),
    cmd("af", options=[opt(max_length=6000, min_length=6000)]),
    {**sized_command(8000), "name": "big"},
    {**sized_command(8000), "name": "bih", "description_localizations": {"fr": "f" * 100}},
    cmd(
        "ag",
        name_localizations={"fr": "jouer", "en-GB": "play", "es-419": "jugar", "zh-TW": "玩"},
        description_localizations={"fr": "Jouer un coup", "de": "x" * 100},
        options=[opt("a", name_localizations={"fr": "a"}),
                 opt("b", name_localizations={"fr": "c"})],
    ),
    {"name": "High Five", "type": 2},  # context menus: mixed case and spaces
    {"name": "Look At This", "type": 3, "description": ""},
]


async def test_commands_at_limit_accepted(api: Api) -> None:
    for route in (api.commands, api.guild_commands):
        body = [c for c in AT_LIMIT if c["name"] not in ("big", "bih")]
        data = await api.call("PUT", route, body)
        accepted(data)
        assert len(data[1]) == len(body)
        accepted(await api.call("PUT", route, [AT_LIMIT[10], AT_LIMIT[11]]))
        accepted(await api.call("POST", route, AT_LIMIT[1]))


async def test_command_counts(api: Api) -> None:
    hundred = [cmd(f"c{i}") for i in range(100)]
    menus = [{"name": f"M{i}", "type": 2} for i in range(5)]
    for route in (api.commands, api.guild_commands):
        accepted(await api.call("PUT", route, hundred + menus))
        refused(await api.call("PUT", route, [*hundred, cmd("c100")]), "", 30032)
        refused(await api.call("POST", route, cmd("c100")), "", 30032)
        accepted(await api.call("POST", route, cmd("c99", "Replaced")))  # an upsert, not a 101st
        refused(await api.call("PUT", route, [*menus, {"name": "M5", "type": 2}]), "", 30032)


# -- messages ------------------------------------------------------------------------------------


def row(*components: dict[str, Any]) -> dict[str, Any]:
    """An action row."""
    return {"type": 1, "components": list(components)}


def button(custom_id: str = "b", **extra: Any) -> dict[str, Any]:
    """A primary button."""
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id, **extra}


def select(custom_id: str = "s", n: int = 2, **extra: Any) -> dict[str, Any]:
    """A string select with n options."""
    options = [{"label": f"L{i}", "value": f"v{i}"} for i in range(n)]
    return {"type": 3, "custom_id": custom_id, "options": options, **extra}


def one_option(**extra: Any) -> dict[str, Any]:
    """A message body with a select of one option."""
    return {"components": [row(select(options=[{"label": "l", "value": "v", **extra}]))]}


def embed(**extra: Any) -> dict[str, Any]:
    """An embed."""
    return {"title": "t", **extra}


def field(name: str = "n", value: str = "v") -> dict[str, Any]:
    """An embed field."""
    return {"name": name, "value": value}


MESSAGE_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("content 2001", {"content": "x" * 2001}, "content"),
    ("11 embeds", {"embeds": [embed() for _ in range(11)]}, "embeds"),
    ("embed title", {"embeds": [embed(title="t" * 257)]}, "embeds.0.title"),
    ("embed description", {"embeds": [embed(description="d" * 4097)]}, "embeds.0.description"),
    ("26 fields", {"embeds": [embed(fields=[field() for _ in range(26)])]}, "embeds.0.fields"),
    ("field name", {"embeds": [embed(fields=[field(name="n" * 257)])]}, "embeds.0.fields.0.name"),
    ("field value", {"embeds": [embed(fields=[field(value="v" * 1025)])]},
     "embeds.0.fields.0.value"),
    ("empty field value", {"embeds": [embed(fields=[field(value=" ")])]},
     "embeds.0.fields.0.value"),
    ("footer", {"embeds": [embed(footer={"text": "f" * 2049})]}, "embeds.0.footer.text"),
    ("author", {"embeds": [embed(author={"name": "a" * 257})]}, "embeds.0.author.name"),
    (
        "embeds over 6000 in all",
        {"embeds": [embed(title=None, description="d" * 4000), embed(title=None,
                                                                     description="d" * 2001)]},
        "embeds.1",
    ),
    ("6 rows", {"components": [row(button(f"b{i}")) for i in range(6)]}, "components"),
    ("6 buttons", {"components": [row(*[button(f"b{i}") for i in range(6)])]},
     "components.0.components"),
    ("empty row", {"components": [row()]}, "components.0.components"),
    ("select with a button", {"components": [row(select(), button())]},
     "components.0.components"),
    ("button outside a row", {"components": [button()]}, "components.0.type"),
    ("custom_id 101", {"components": [row(button("c" * 101))]},
     "components.0.components.0.custom_id"),
    ("custom_id empty", {"components": [row(button(""))]}, "components.0.components.0.custom_id"),
    ("duplicate custom_id", {"components": [row(button("a")), row(button("x"), button("a"))]},
     "components.1.components.1.custom_id"),
    ("button label 81", {"components": [row(button(label="l" * 81))]},
     "components.0.components.0.label"),
    ("link button without url", {"components": [row({"type": 2, "style": 5, "label": "x"})]},
     "components.0.components.0.url"),
    ("placeholder 151", {"components": [row(select(placeholder="p" * 151))]},
     "components.0.components.0.placeholder"),
    ("no options", {"components": [row(select(n=0))]}, "components.0.components.0.options"),
    ("26 options", {"components": [row(select(n=26))]}, "components.0.components.0.options"),
    ("option label 101", one_option(label="l" * 101),
     "components.0.components.0.options.0.label"),
    ("option value 101", one_option(value="v" * 101),
     "components.0.components.0.options.0.value"),
    (
        "option description 101",
        one_option(description="d" * 101),
        "components.0.components.0.options.0.description",
    ),
    ("min_values 26", {"components": [row(select(min_values=26, max_values=25))]},
     "components.0.components.0.min_values"),
    ("max_values 26", {"components": [row(select(max_values=26))]},
     "components.0.components.0.max_values"),
    ("max_values 0", {"components": [row(select(min_values=0, max_values=0))]},
     "components.0.components.0.max_values"),
    ("min over max", {"components": [row(select(min_values=2, max_values=1))]},
     "components.0.components.0.min_values"),
    ("user select 26", {"components": [row({"type": 5, "custom_id": "u", "max_values": 26})]},
     "components.0.components.0.max_values"),
    ("11 attachments", {"content": "x", "attachments": [{"id": i} for i in range(11)]},
     "attachments"),
    ("alt text 1025", {"attachments": [{"id": 0, "description": "d" * 1025}]},
     "attachments.0.description"),
    ("parse and ids", {"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
     "allowed_mentions.parse.users"),
    ("unknown parse", {"content": "x", "allowed_mentions": {"parse": ["nobody"]}},
     "allowed_mentions.parse.0"),
    ("101 users", {"content": "x", "allowed_mentions": {"users": [str(i) for i in range(101)]}},
     "allowed_mentions.users"),
    ("4 stickers", {"content": "x", "sticker_ids": ["1", "2", "3", "4"]}, "sticker_ids"),
    ("nonce 26", {"content": "x", "nonce": "n" * 26}, "nonce"),
]

AT_LIMIT_MESSAGE: dict[str, Any] = {
    "content": "x" * 2000,
    "embeds": [
        embed(title="t" * 256, description="d" * 1000, fields=[field("n" * 10, "v" * 10)] * 25,
              footer={"text": "f" * 200}, author={"name": "a" * 256}),
        *[embed(title="t" * 32) for _ in range(8)],
        embed(title="  " + "t" * 256 + "  ", description="d" * (6000 - 256 * 3 - 1200 - 500 - 256)),
    ],
    "components": [
        row(*[button(f"b{i}", label="l" * 80) for i in range(4)],
            {"type": 2, "style": 5, "label": "Link", "url": "https://example.com"}),
        row(select("c" * 100, n=25, placeholder="p" * 150, min_values=0, max_values=25)),
        row(select("s2", options=[{"label": "l" * 100, "value": "v" * 100,
                                   "description": "d" * 100}])),
        row({"type": 5, "custom_id": "u", "min_values": 25, "max_values": 25}),
        row(button("last")),
    ],
    "allowed_mentions": {"parse": ["everyone"], "users": [str(10**17 + i) for i in range(100)]},
    "nonce": "n" * 25,
}


def _embed_chars(body: dict[str, Any]) -> int:
    """Characters counted toward the 6000 limit, as Discord counts them."""
    total = 0
    for e in body["embeds"]:
        for key in ("title", "description"):
            total += len((e.get(key) or "").strip())
        total += sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
        total += len(e.get("footer", {}).get("text", "")) + len(e.get("author", {}).get("name", ""))
    return total


Sender = Callable[[Api, dict[str, Any], dict[str, bytes] | None], Any]


async def _channel_post(api: Api, body: dict[str, Any], files: dict[str, bytes] | None) -> Any:
    return await api.call("POST", f"/channels/{api.channel}/messages", body, files)


async def _channel_edit(api: Api, body: dict[str, Any], files: dict[str, bytes] | None) -> Any:
    mid = await api.bot_message()
    return await api.call("PATCH", f"/channels/{api.channel}/messages/{mid}", body, files)


async def _followup(api: Api, body: dict[str, Any], files: dict[str, bytes] | None) -> Any:
    rec = api.record()
    accepted(await api.call("POST", api.callback(rec), {"type": 4, "data": {"content": "hi"}}))
    return await api.call("POST", api.webhook(rec) + "?wait=true", body, files)


async def _deferred_fill(api: Api, body: dict[str, Any], files: dict[str, bytes] | None) -> Any:
    rec = api.record()
    accepted(await api.call("POST", api.callback(rec), {"type": 5}))
    return await api.call("PATCH", api.webhook(rec) + "/messages/@original", body, files)


SENDERS: dict[str, Sender] = {
    "channel message": _channel_post,
    "channel edit": _channel_edit,
    "followup": _followup,
    "deferred edit": _deferred_fill,
}


@pytest.mark.parametrize("how", list(SENDERS))
@pytest.mark.parametrize(("body", "path"), [c[1:] for c in MESSAGE_CASES],
                         ids=[c[0] for c in MESSAGE_CASES])
async def test_message_over_limit_refused(
    api: Api, how: str, body: dict[str, Any], path: str
) -> None:
    files = {"f.txt": b"x"} if body.get("attachments") and len(body["attachments"]) == 1 else None
    refused(await SENDERS[how](api, body, files), path)


@pytest.mark.parametrize("kind", [4, 7])
@pytest.mark.parametrize(("body", "path"), [c[1:] for c in MESSAGE_CASES],
                         ids=[c[0] for c in MESSAGE_CASES])
async def test_interaction_response_over_limit_refused(
    api: Api, kind: int, body: dict[str, Any], path: str
) -> None:
    rec = api.record(COMPONENT, await api.bot_message()) if kind == 7 else api.record()
    refused(await api.call("POST", api.callback(rec), {"type": kind, "data": body}),
            f"data.{path}")
    assert rec.response_type is None  # a refused answer acknowledges nothing


@pytest.mark.parametrize("how", list(SENDERS))
async def test_message_at_limit_accepted(api: Api, how: str) -> None:
    assert _embed_chars(AT_LIMIT_MESSAGE) == 6000
    files = {f"f{i}.txt": b"x" for i in range(10)}
    body = {**AT_LIMIT_MESSAGE, "attachments": [{"id": i, "description": "d" * 1024}
                                                for i in range(10)]}
    accepted(await SENDERS[how](api, body, files))


async def test_interaction_responses_at_limit_accepted(api: Api) -> None:
    accepted(await api.call("POST", api.callback(api.record()),
                            {"type": 4, "data": AT_LIMIT_MESSAGE}))
    rec = api.record(COMPONENT, await api.bot_message())
    accepted(await api.call("POST", api.callback(rec), {"type": 7, "data": AT_LIMIT_MESSAGE}))


async def test_empty_message_refused(api: Api) -> None:
    for how, sender in SENDERS.items():
        body = {"content": "", "embeds": [], "components": [], "attachments": []}
        status, data = await sender(api, body, None)
        assert (status, data["code"]) == (400, 50006), (how, data)
    rec = api.record()
    status, data = await api.call("POST", api.callback(rec), {"type": 4, "data": {}})
    assert (status, data["code"]) == (400, 50006)


async def test_upload_sizes(api: Api) -> None:
    limit = 10 * 1024 * 1024
    route = f"/channels/{api.channel}/messages"
    accepted(await api.call("POST", route, {"content": "x"}, {"a.bin": bytes(limit)}))
    status, data = await api.call("POST", route, {"content": "x"}, {"a.bin": bytes(limit + 1)})
    assert (status, data["code"]) == (413, 40005)
    three = {f"{i}.bin": bytes(limit - 1) for i in range(3)}  # each allowed, 30 MiB in all
    status, data = await api.call("POST", route, {"content": "x"}, three)
    assert (status, data["code"]) == (413, 40005)


# -- autocomplete and modals ---------------------------------------------------------------------


CHOICE_CASES: list[tuple[str, Any, str]] = [
    ("26 choices", [{"name": f"c{i}", "value": f"{i}"} for i in range(26)], "data.choices"),
    ("name too long", [{"name": "n" * 101, "value": "v"}], "data.choices.0.name"),
    ("name empty", [{"name": "", "value": "v"}], "data.choices.0.name"),
    ("value too long", [{"name": "n", "value": "v" * 101}], "data.choices.0.value"),
    ("value missing", [{"name": "n"}], "data.choices.0.value"),
    ("localized name", [{"name": "n", "value": "v", "name_localizations": {"fr": "n" * 101}}],
     "data.choices.0.name_localizations.fr"),
]


@pytest.mark.parametrize(("choices", "path"), [c[1:] for c in CHOICE_CASES],
                         ids=[c[0] for c in CHOICE_CASES])
async def test_autocomplete_over_limit_refused(api: Api, choices: Any, path: str) -> None:
    rec = api.record(AUTOCOMPLETE)
    refused(await api.call("POST", api.callback(rec), {"type": 8, "data": {"choices": choices}}),
            path)


async def test_autocomplete_at_limit_accepted(api: Api) -> None:
    choices = [{"name": "n" * 100, "value": f"{i:02d}" + "v" * 98} for i in range(25)]
    choices[0] = {"name": "n", "value": 7}
    rec = api.record(AUTOCOMPLETE)
    accepted(await api.call("POST", api.callback(rec), {"type": 8, "data": {"choices": choices}}))
    assert rec.choices == choices


def text_input(custom_id: str = "t", **extra: Any) -> dict[str, Any]:
    """A text input."""
    return {"type": 4, "custom_id": custom_id, "style": 1, "label": "Name", **extra}


def label(component: dict[str, Any], text: str = "Label", **extra: Any) -> dict[str, Any]:
    """A Label around a modal component."""
    return {"type": 18, "label": text, "component": component, **extra}


def modal(**extra: Any) -> dict[str, Any]:
    """A modal with one text input."""
    return {"custom_id": "m", "title": "Rename", "components": [row(text_input())], **extra}


MODAL_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("title 46", modal(title="t" * 46), "data.title"),
    ("title missing", modal(title=None), "data.title"),
    ("custom_id 101", modal(custom_id="c" * 101), "data.custom_id"),
    ("no components", modal(components=[]), "data.components"),
    ("6 components", modal(components=[row(text_input(f"t{i}")) for i in range(6)]),
     "data.components"),
    ("two inputs in a row", modal(components=[row(text_input("a"), text_input("b"))]),
     "data.components.0.components"),
    ("input label 46", modal(components=[row(text_input(label="l" * 46))]),
     "data.components.0.components.0.label"),
    ("input value 4001", modal(components=[row(text_input(value="v" * 4001))]),
     "data.components.0.components.0.value"),
    ("input placeholder 101", modal(components=[row(text_input(placeholder="p" * 101))]),
     "data.components.0.components.0.placeholder"),
    ("input max_length 4001", modal(components=[row(text_input(max_length=4001))]),
     "data.components.0.components.0.max_length"),
    ("input custom_id 101", modal(components=[row(text_input("c" * 101))]),
     "data.components.0.components.0.custom_id"),
    ("duplicate input", modal(components=[row(text_input("a")), label(text_input("a"))]),
     "data.components.1.component.custom_id"),
    ("label 46", modal(components=[label(text_input(label=None), "l" * 46)]),
     "data.components.0.label"),
    ("label description 101",
     modal(components=[label(text_input(label=None), description="d" * 101)]),
     "data.components.0.description"),
    ("select in a label", modal(components=[label(select(n=26))]),
     "data.components.0.component.options"),
]


@pytest.mark.parametrize(("data", "path"), [c[1:] for c in MODAL_CASES],
                         ids=[c[0] for c in MODAL_CASES])
async def test_modal_over_limit_refused(api: Api, data: dict[str, Any], path: str) -> None:
    rec = api.record()
    refused(await api.call("POST", api.callback(rec), {"type": 9, "data": data}), path)


async def test_modal_at_limit_accepted(api: Api) -> None:
    data = modal(
        custom_id="c" * 100,
        title="t" * 45,
        components=[
            row(text_input("a", label="l" * 45, value="v" * 4000, placeholder="p" * 100,
                           min_length=4000, max_length=4000)),
            label(text_input("b", label=None, style=2), "l" * 45, description="d" * 100),
            label(select("c" * 100, n=25)),
            {"type": 10, "content": "Some text"},
            row(text_input("e", min_length=0, max_length=1)),
        ],
    )
    rec = api.record()
    accepted(await api.call("POST", api.callback(rec), {"type": 9, "data": data}))
    assert rec.modal == data
