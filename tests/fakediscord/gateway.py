"""Gateway WebSocket: HELLO, heartbeats, IDENTIFY/READY, RESUME, dispatch with sequence numbers."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .payloads import guild_payload, member_payload, message_payload, ready_payload
from .state import DM_CHANNEL, Message

if TYPE_CHECKING:
    from .fake import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
GUILDS, GUILD_MEMBERS, GUILD_PRESENCES = 1 << 0, 1 << 1, 1 << 8
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


@dataclass
class Connection:
    """One WebSocket connection with an ordered outgoing queue."""

    ws: web.WebSocketResponse
    path: str
    queue: asyncio.Queue[tuple[str, Any]] = field(default_factory=asyncio.Queue)
    session: Session | None = None
    ready: bool = False
    server_closed: bool = False


@dataclass
class Session:
    """A gateway session that survives reconnects until invalidated."""

    id: str
    intents: int
    shard: tuple[int, int] | None = None  # (shard id, shard count) from IDENTIFY
    seq: int = 0
    valid: bool = True
    conn: Connection | None = None
    sent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=2000))


class Gateway:
    """All gateway sessions of the fake; dispatches events to the bot."""

    def __init__(self, fake: FakeDiscord, heartbeat_interval: int = 41250) -> None:
        self.fake = fake
        self.heartbeat_interval = heartbeat_interval
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.identify_count = 0
        self.resume_count = 0
        self.generation = 0
        self.changed = asyncio.Condition()

    # -- outgoing -------------------------------------------------------------------------------

    def _send(self, conn: Connection, op: int, data: Any) -> None:
        """Queue a non-dispatch frame."""
        conn.queue.put_nowait(("json", {"op": op, "d": data, "s": None, "t": None}))

    def _dispatch_to(self, session: Session, event: str, data: Any) -> None:
        """Give an event the session's next sequence number, buffer it and queue it."""
        session.seq += 1
        self.fake.touch()
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        if session.conn is not None:
            session.conn.queue.put_nowait(("json", frame))

    def live_sessions(self, guild_id: int | None = None) -> list[Session]:
        """Valid sessions, newest last; with `guild_id`, only those whose shard carries it."""
        return [s for s in self.sessions.values()
                if s.valid and (guild_id is None or carries(s, guild_id))]

    def dispatch(self, event: str, data: Any, *, intent: int = 0,
                 guild_id: int | None = None) -> None:
        """Dispatch an event to every valid session that has `intent` (0: always).

        A guild's event goes only to the sessions of the shard that carries the guild.
        """
        for session in self.live_sessions(guild_id):
            if intent == 0 or session.intents & intent:
                self._dispatch_to(session, event, data)

    def dispatch_interaction(self, data: dict[str, Any]) -> None:
        """Send INTERACTION_CREATE to the newest valid session of the guild's shard.

        Buffered while that session reconnects; DMs ride shard 0.
        """
        guild = int(data["guild_id"]) if data.get("guild_id") else 0
        sessions = self.live_sessions(guild)
        if not sessions:
            raise AssertionError("the bot has no gateway session for that guild's shard: "
                                 "is it connected?")
        self._dispatch_to(sessions[-1], "INTERACTION_CREATE", data)

    def message_intent(self, msg: Message) -> int:
        """The intent needed to receive events about a message."""
        channel = self.fake.state.channels[msg.channel_id]
        return DIRECT_MESSAGES if channel.type == DM_CHANNEL else GUILD_MESSAGES

    def dispatch_message(self, event: str, msg: Message) -> None:
        """Dispatch MESSAGE_CREATE/UPDATE, hiding content without the message content intent."""
        state = self.fake.state
        intent = self.message_intent(msg)
        guild = state.channels[msg.channel_id].guild_id or 0
        for session in self.live_sessions(guild):
            if not session.intents & intent:
                continue
            data = message_payload(state, msg, gateway=True)
            visible = (
                session.intents & MESSAGE_CONTENT
                or msg.author_id == state.bot.id
                or state.bot.id in msg.mentions
                or intent == DIRECT_MESSAGES
            )
            if not visible:
                data.update(content="", embeds=[], attachments=[], components=[])
            self._dispatch_to(session, event, data)

    # -- control ----------------------------------------------------------------------------------

    async def _bump(self) -> None:
        """Note that a connection became ready (READY or RESUMED sent)."""
        async with self.changed:
            self.generation += 1
            self.changed.notify_all()

    async def wait_generation(self, above: int, timeout: float) -> None:
        """Wait until a READY or RESUMED after generation `above` was sent."""

        async def waiter() -> None:
            async with self.changed:
                await self.changed.wait_for(
                    lambda: self.generation > above and self.ready_conn() is not None
                )

        try:
            await asyncio.wait_for(waiter(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot did not (re)connect within {timeout}s") from None

    async def wait_shards(self, count: int, timeout: float) -> None:
        """Wait until every shard 0..count-1 has a connection that was sent READY."""

        def all_up() -> bool:
            up = {c.session.shard for c in self.connections
                  if c.ready and not c.ws.closed and c.session and c.session.valid}
            return all((i, count) in up for i in range(count))

        async def waiter() -> None:
            async with self.changed:
                await self.changed.wait_for(all_up)

        try:
            await asyncio.wait_for(waiter(), timeout)
        except TimeoutError:
            raise AssertionError(f"not every one of {count} shards connected within "
                                 f"{timeout}s") from None

    def ready_conn(self) -> Connection | None:
        """The newest open connection that was sent READY or RESUMED."""
        for conn in reversed(self.connections):
            if conn.ready and not conn.ws.closed and conn.session and conn.session.valid:
                return conn
        return None

    def close_current(self, code: int) -> Connection:
        """Close the bot's live connection with a close code (after queued frames)."""
        conn = self.ready_conn()
        if conn is None:
            raise AssertionError("the bot is not connected to the gateway")
        conn.queue.put_nowait(("close", code))
        return conn

    def invalidate_current(self) -> None:
        """Send INVALID_SESSION(false) on the live connection and forget its session."""
        conn = self.ready_conn()
        if conn is None or conn.session is None:
            raise AssertionError("the bot is not connected to the gateway")
        conn.session.valid = False
        self._send(conn, INVALID_SESSION, False)

    async def close_all(self) -> None:
        """Close every connection (server shutdown)."""
        for conn in list(self.connections):
            if not conn.ws.closed:
                await conn.ws.close(code=1001)

    # -- incoming ---------------------------------------------------------------------------------

    async def _writer(self, conn: Connection) -> None:
        """Send queued frames in order."""
        while True:
            kind, item = await conn.queue.get()
            if conn.ws.closed:
                continue
            try:
                if kind == "json":
                    await conn.ws.send_str(json.dumps(item))
                elif kind == "ready":
                    conn.ready = True
                    await self._bump()
                elif kind == "close":
                    conn.server_closed = True
                    await conn.ws.close(code=item)
            except (ConnectionError, RuntimeError):
                return

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The gateway WebSocket endpoint (both the initial URL and resume_gateway_url)."""
        ws = web.WebSocketResponse(compress=False, max_msg_size=16 * 1024 * 1024, timeout=2.0)
        await ws.prepare(request)
        conn = Connection(ws=ws, path=request.path)
        self.connections.append(conn)
        writer = asyncio.create_task(self._writer(conn))
        self._send(conn, HELLO, {"heartbeat_interval": self.heartbeat_interval, "_trace": []})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    conn.queue.put_nowait(("close", 4002))
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    conn.queue.put_nowait(("close", 4002))
                    continue
                await self._on_frame(conn, frame)
        finally:
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                if not conn.server_closed and ws.close_code in (1000, 1001):
                    session.valid = False
            writer.cancel()
        return ws

    async def _on_frame(self, conn: Connection, frame: dict[str, Any]) -> None:
        """Handle one frame sent by the bot."""
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            self._send(conn, HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif conn.session is None:
            conn.queue.put_nowait(("close", 4003))
        elif op == REQUEST_MEMBERS:
            self._members_chunk(conn.session, data or {})
        elif op not in (PRESENCE, VOICE):
            conn.queue.put_nowait(("close", 4001))

    def _token_ok(self, conn: Connection, token: Any) -> bool:
        """Check the token of IDENTIFY/RESUME; close with 4004 when wrong."""
        token = str(token or "").removeprefix("Bot ")
        if token != self.fake.token:
            conn.queue.put_nowait(("close", 4004))
            return False
        return True

    def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        """IDENTIFY: create a session, send READY then a GUILD_CREATE per guild."""
        if conn.session is not None:
            conn.queue.put_nowait(("close", 4005))
            return
        if not self._token_ok(conn, data.get("token")):
            return
        intents = int(data.get("intents") or 0)
        if intents & PRIVILEGED & ~self.fake.privileged_intents:
            conn.queue.put_nowait(("close", 4014))
            return
        shard = data.get("shard")
        if shard is not None:
            if (not isinstance(shard, list) or len(shard) != 2
                    or not all(isinstance(n, int) for n in shard)
                    or not 0 <= shard[0] < shard[1]):
                conn.queue.put_nowait(("close", 4010))  # Discord: invalid shard
                return
            shard = (shard[0], shard[1])
        self.identify_count += 1
        session = Session(id=secrets.token_hex(16), intents=intents, shard=shard, conn=conn)
        self.sessions[session.id] = session
        conn.session = session
        state = self.fake.state
        resume_url = f"{self.fake.ws_base}/resume"
        guilds = [g for g in state.guilds.values() if carries(session, g.id)]
        self._dispatch_to(session, "READY", ready_payload(state, session.id, resume_url,
                                                          guilds=[g.id for g in guilds],
                                                          shard=shard))
        for guild in guilds:
            self._dispatch_to(session, "GUILD_CREATE", guild_payload(state, guild))
        conn.queue.put_nowait(("ready", None))

    def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        """RESUME: replay missed events and send RESUMED, or INVALID_SESSION(false)."""
        if not self._token_ok(conn, data.get("token")):
            return
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.valid:
            self._send(conn, INVALID_SESSION, False)
            return
        old = session.conn
        if old is not None and old is not conn:
            old.queue.put_nowait(("close", 4000))
        self.resume_count += 1
        session.conn = conn
        conn.session = session
        last = int(data.get("seq") or 0)
        for frame in list(session.sent):
            if frame["s"] > last:
                conn.queue.put_nowait(("json", frame))
        self._dispatch_to(session, "RESUMED", {"_trace": ["fakediscord"]})
        conn.queue.put_nowait(("ready", None))

    def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        """Answer REQUEST_GUILD_MEMBERS with every member in one chunk."""
        state = self.fake.state
        guild = state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        members = [member_payload(state, m) for m in guild.members.values()]
        chunk = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)


def shard_of(guild_id: int, count: int) -> int:
    """Discord's rule for the shard that carries a guild (guild 0: DMs, on shard 0)."""
    return (guild_id >> 22) % count


def carries(session: Session, guild_id: int) -> bool:
    """Whether a session's shard receives that guild's events (an unsharded one: every guild)."""
    return session.shard is None or shard_of(guild_id, session.shard[1]) == session.shard[0]
