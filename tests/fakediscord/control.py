"""Test actions as Discord users: slash commands, autocomplete, buttons, selects, modals."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from .commands import command_data, component_data
from .interactions import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    InteractionResult,
    interaction_payload,
    new_record,
)
from .messages import create_message
from .state import Message
from .validate import SELECT_TYPES, TEXT_INPUT

if TYPE_CHECKING:
    from .fake import FakeDiscord

# discord.py runs each event's handlers in a task of its own, named by one of these.
HANDLERS = ("discord.py: ", "CommandTree-invoker", "discord-ui-")


class ControlMixin:
    """User-side actions of FakeDiscord (mixed into it)."""

    async def _run(
        self, rec: InteractionRecord, timeout: float, wait_followup: bool, what: str
    ) -> InteractionResult:
        """Send an interaction, wait for the ack (and the first followup/edit after a defer).

        With `wait_followup` and the bot in this process, then wait until it has finished
        handling the interaction (`settle()`): whatever it posts, edits or records after its
        answer is there when this returns.
        """
        fake = cast("FakeDiscord", self)
        fake.gateway.dispatch_interaction(interaction_payload(fake, rec))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            await asyncio.wait_for(rec.acked.wait(), timeout)
            if wait_followup and rec.response_type in (5, 6):
                await asyncio.wait_for(rec.done.wait(), max(0.0, deadline - loop.time()))
        except TimeoutError:
            stage = "acknowledge" if not rec.acked.is_set() else "follow up the deferral of"
            errors = [
                f"{r.method} {r.path} -> {r.status}"
                for r in fake.request_log[-8:]
                if r.status >= 400
            ]
            raise AssertionError(
                f"the bot did not {stage} {what} within {timeout}s; recent "
                f"errors: {errors}; server errors: {fake.server_errors[-3:]}"
            ) from None
        if wait_followup and fake.clients:
            await self.settle(timeout)
        return InteractionResult(fake, rec)

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        timeout: float = 60.0,
        wait_followup: bool = True,
    ) -> InteractionResult:
        """Invoke a synced slash command ("group sub" path) as a user."""
        fake = cast("FakeDiscord", self)
        channel = fake.state.channels[channel_id]
        data, name = command_data(fake, user_id, channel, command, dict(options or {}))
        rec = new_record(fake, COMMAND, user_id, channel_id, data, command_name=name)
        return await self._run(rec, timeout, wait_followup, f"/{command}")

    async def autocomplete(
        self,
        user_id: int,
        channel_id: int,
        command: str,
        options: dict[str, Any],
        focused: str,
        *,
        timeout: float = 60.0,
    ) -> list[dict[str, Any]]:
        """Type into an autocomplete option; returns the bot's choices [{name, value}]."""
        fake = cast("FakeDiscord", self)
        channel = fake.state.channels[channel_id]
        data, name = command_data(fake, user_id, channel, command, dict(options), focused)
        rec = new_record(fake, AUTOCOMPLETE, user_id, channel_id, data, command_name=name)
        await self._run(rec, timeout, False, f"autocomplete of /{command} {focused}")
        return list(rec.choices or [])

    def _component_message(self, user_id: int, message_id: int) -> Message:
        """A message a user can interact with."""
        msg = cast("FakeDiscord", self).message(message_id)
        assert not msg.deleted, f"message {message_id} was deleted"
        assert not msg.ephemeral or msg.viewer_id == user_id, "ephemeral message of another user"
        return msg

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        *,
        timeout: float = 60.0,
        wait_followup: bool = True,
    ) -> InteractionResult:
        """Click a button."""
        fake = cast("FakeDiscord", self)
        msg = self._component_message(user_id, message_id)
        data = component_data(fake, msg, custom_id, user_id, None)
        rec = new_record(fake, COMPONENT, user_id, msg.channel_id, data, source_id=msg.id)
        return await self._run(rec, timeout, wait_followup, f"click on {custom_id!r}")

    async def select(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: list[Any],
        *,
        timeout: float = 60.0,
        wait_followup: bool = True,
    ) -> InteractionResult:
        """Choose values in a select menu."""
        fake = cast("FakeDiscord", self)
        msg = self._component_message(user_id, message_id)
        data = component_data(fake, msg, custom_id, user_id, list(values))
        rec = new_record(fake, COMPONENT, user_id, msg.channel_id, data, source_id=msg.id)
        return await self._run(rec, timeout, wait_followup, f"select {custom_id!r}")

    async def submit_modal(
        self,
        opened_by: InteractionResult,
        values: dict[str, Any],
        *,
        timeout: float = 60.0,
        wait_followup: bool = True,
    ) -> InteractionResult:
        """Fill and submit the modal the bot opened (type 9) in `opened_by`."""
        fake = cast("FakeDiscord", self)
        origin, modal = opened_by.record, opened_by.modal
        assert modal is not None, "that interaction did not open a modal"
        components, seen = _modal_answers(modal["components"], values)
        unknown = sorted(set(values) - seen)
        assert not unknown, f"modal {modal['custom_id']!r} has no inputs {unknown}"
        data = {"custom_id": modal["custom_id"], "components": components}
        rec = new_record(
            fake, MODAL_SUBMIT, origin.user_id, origin.channel_id, data, source_id=origin.source_id
        )
        return await self._run(rec, timeout, wait_followup, f"modal {modal['custom_id']!r}")

    def user_message(self, user_id: int, channel_id: int, content: str) -> Message:
        """Post a plain message as a user (dispatches MESSAGE_CREATE)."""
        return create_message(
            cast("FakeDiscord", self), channel_id, user_id, {"content": content}, {}
        )

    async def wait_until(
        self, check: Callable[[], object], timeout: float = 60.0, what: str = "the bot"
    ) -> None:
        """Wait until `check()` is true; it is tried again after every request and event.

        The timeout only bounds a failure: a passing test never waits for it.
        """
        fake = cast("FakeDiscord", self)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}")
            watcher = fake.watch()
            # Checks may also read state that changes without a request or an event (how far
            # the bot has read, its database): look again soon even when the fake saw nothing.
            await asyncio.wait([watcher], timeout=min(remaining, 0.01))
            watcher.cancel()

    def _caught_up(self) -> bool:
        """Whether every running in-process bot has read every event dispatched to it."""
        fake = cast("FakeDiscord", self)
        for client in fake.clients:
            if client.is_closed():
                continue
            for ws in _websockets(client):
                session = (fake.gateway.sessions.get(ws.session_id or "") if ws is not None
                           else None)
                if session is None or not session.valid:
                    return False  # (re)connecting: the events wait for it
                if ws.sequence is None or ws.sequence < session.seq:
                    return False
        return True

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait until the bot has handled everything: it has read every event sent to it,
        every handler discord.py started for them (commands, components, listeners) has
        returned, and no request is in flight, with nothing new happening meanwhile.

        This waits for events, not for time: how slow the machine is does not matter (the
        timeout only bounds a bot that never finishes). It needs the bot in this process,
        started with `run_bot()`; for a bot in another process wait for the message itself.
        """
        fake = cast("FakeDiscord", self)
        assert fake.clients, "settle() needs a bot started with run_bot(); use wait_until()"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            mark = fake.activity
            await self.wait_until(self._caught_up, deadline - loop.time(),
                                  "the bot to read its events")
            handlers = _bot_handlers()
            if handlers:
                _, late = await asyncio.wait(handlers, timeout=max(0.0, deadline - loop.time()))
                if late:
                    names = sorted(t.get_name() for t in late)
                    raise AssertionError(f"the bot was still handling {names} after {timeout}s")
            await self.wait_until(lambda: fake.inflight == 0, deadline - loop.time(),
                                  "the bot's requests to end")
            if fake.activity == mark and self._caught_up() and not _bot_handlers():
                return


def _bot_handlers() -> set[asyncio.Task[Any]]:
    """The tasks discord.py runs an event's handlers in, still running (its names, 2.7.1)."""
    current = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(HANDLERS)
    }


def _modal_answers(
    components: list[dict[str, Any]], values: dict[str, Any]
) -> tuple[list[dict[str, Any]], set[str]]:
    """Mirror a modal's layout (rows / labels) with the submitted values."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for comp in components:
        if comp.get("type") == 1:
            inner, got = _modal_answers(comp.get("components") or [], values)
            out.append({"type": 1, "components": inner})
            seen |= got
        elif comp.get("type") == 18 and isinstance(comp.get("component"), dict):
            inner, got = _modal_answers([comp["component"]], values)
            out.append({"type": 18, "id": comp.get("id", 0), "component": inner[0]})
            seen |= got
        elif comp.get("custom_id"):
            cid, kind = comp["custom_id"], comp["type"]
            answer: dict[str, Any] = {"type": kind, "custom_id": cid, "id": comp.get("id", 0)}
            if kind == TEXT_INPUT:
                value = str(values.get(cid, comp.get("value") or ""))
                required = comp.get("required", True)
                assert value or not required, f"modal input {cid!r} is required"
                answer["value"] = value
            elif kind in SELECT_TYPES:
                answer["values"] = [str(v) for v in values.get(cid, [])]
            elif isinstance(values.get(cid), list):
                answer["values"] = values[cid]
            elif cid in values:
                answer["value"] = values[cid]
            out.append(answer)
            seen.add(cid)
        else:
            out.append({"type": comp.get("type"), "id": comp.get("id", 0)})
    return out, seen


def _websockets(client: discord.Client) -> list[Any]:
    """Every gateway connection of a client: one per shard for a sharded one."""
    if isinstance(client, discord.AutoShardedClient):
        shards = list(client.shards.values())
        # discord.py keeps each shard's socket on ShardInfo's private parent; nothing public.
        return [info._parent.ws for info in shards] if shards else [None]
    return [client.ws]
