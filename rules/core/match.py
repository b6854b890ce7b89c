"""The match contract that every game implements, and the machinery they share."""

from __future__ import annotations

import functools
import json
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules.core.agreement import make_agree
from rules.core.choices import Choice, clip_label, echo
from rules.core.errors import IllegalAction
from rules.core.journal import Journal, Line
from rules.core.lang import and_list, language, languages, say, speaking, tr, translated
from rules.core.reading import read_move, say_which, why_not
from rules.core.rng import Rng
from rules.core.standing import Standing, by_score
from rules.core.text import Ambiguous, NotNamed

TEXT_LIMIT = 300  # characters a typed move may have
REASON_LIMIT = 400  # characters of a game's reason for a refusal, whatever it quotes
# A refused half-applied action is undone from a saved state at most this many actions back.
CHECKPOINT_EVERY = 32


@dataclass(frozen=True)
class Option:
    """One game option a creator may set when opening a game.

    Empty `choices` means free text (at most 300 characters) that the game checks itself.
    """

    id: str
    description: str
    choices: tuple[str, ...]
    default: str

    def said(self) -> str:
        """The description in the language spoken (the game's catalogue translates it)."""
        return translated(self.description)

    @property
    def free_text(self) -> bool:
        """True when any text is accepted here (the game validates it in `setup`)."""
        return not self.choices

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the catalog."""
        return {
            "id": self.id,
            "description": self.description,
            "choices": list(self.choices),
            "default": self.default,
        }


@dataclass(frozen=True)
class GameInfo:
    """Catalog entry of one game."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default=())
    summary: str = ""
    # True when seats hold secrets (hands, decks): the bot then never puts a seat's choices
    # on a public message and answers that seat privately.
    hidden_information: bool = False

    def said_summary(self) -> str:
        """The summary in the language spoken (the game's catalogue translates it)."""
        return translated(self.summary)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for `rules.catalog()`."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_dict() for o in self.options],
            "summary": self.summary,
            "hidden_information": self.hidden_information,
        }

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, str]:
        """Fill defaults and refuse unknown options or values."""
        known = {o.id: o for o in self.options}
        out = {o.id: o.default for o in self.options}
        for key, value in (given or {}).items():
            if key not in known:
                listed = ", ".join(f"`{o.id}`" for o in self.options)
                if not listed:
                    raise IllegalAction(tr("{game} has no option `{option}`. It has no options.",
                                           game=self.title, option=echo(str(key))))
                raise IllegalAction(tr("{game} has no option `{option}`. Its options: {options}.",
                                       game=self.title, option=echo(str(key)), options=listed))
            text = str(value).strip()
            if known[key].free_text:
                if len(text) > 300:
                    raise IllegalAction(tr("Option `{option}` is too long.", option=key))
            elif text not in known[key].choices:
                allowed = ", ".join(known[key].choices)
                raise IllegalAction(tr("Option `{option}` must be one of: {values}.",
                                       option=key, values=allowed))
            out[key] = text
        return out


def _remembered(legal: Callable[[Match, int], list[str]]) -> Callable[[Match, int], list[str]]:
    """A game's `legal`, worked out once per seat and point of the game.

    A move asks it several times (the menu, the parse, the game's own checks). Only once the
    match has promised that its state changes through `act` alone (`remember_legal`); inside
    apply the state is changing, so it is worked out afresh there.
    """

    @functools.wraps(legal)
    def remembered(self: Match, seat: int) -> list[str]:
        if self._changing or not self._remember:
            return legal(self, seat)
        memo = self._legal
        if memo is None or memo[0] != len(self.log):
            memo = self._legal = (len(self.log), {})
        found = memo[1].get(seat)
        if found is None:
            found = memo[1][seat] = tuple(legal(self, seat))
        return list(found)

    return remembered


class Match(ABC):
    """One game in progress: a seed, the players, the options and the log of actions."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "legal" in cls.__dict__ and not getattr(cls.__dict__["legal"], "__isabstractmethod__",
                                                   False):
            cls.legal = _remembered(cls.__dict__["legal"])  # type: ignore[method-assign,assignment]
        make_agree(cls)  # "You bid", never "You bids": a player may be called You

    info: ClassVar[GameInfo]
    # The version of the decisions a game offers; a game started under an older version keeps
    # playing by it, so stored logs always replay (bump it when a decision is split or merged).
    rules_version: ClassVar[int] = 1
    # The layout of `state`: a snapshot of another layout is ignored and the log replayed.
    state_format: ClassVar[int] = 2

    def __init__(self, players: Sequence[str], seed: int, options: dict[str, Any] | None,
                 rules_version: int | None = None) -> None:
        count = len(players)
        if not self.info.min_players <= count <= self.info.max_players:
            raise IllegalAction(
                f"{self.info.title} needs {self.info.min_players}-{self.info.max_players} players,"
                f" not {count}."
            )
        self.players: list[str] = [str(p) for p in players]
        self.seed = int(seed)
        self.options = self.info.resolve_options(options)
        self.started_under = type(self).rules_version if rules_version is None else rules_version
        if not 1 <= self.started_under <= type(self).rules_version:
            raise IllegalAction(f"{self.info.title} has no rules version {rules_version}.")
        self.log: list[tuple[int, str]] = []
        # (action number, line): every line the game has written, action 0 being the set-up.
        self.lines = Journal()
        self.state: dict[str, Any] = {}
        # Action numbers (1-based) that drew randomness or revealed hidden information:
        # an undo may never reach back past one of them.
        self.reveals: list[int] = []
        self._revealed = False
        self._checkpoint: tuple[int, str] | None = None  # (actions applied, state as json)
        # (actions applied, seat, action) of the last legal action parsed: act() then trusts it.
        self._parsed: tuple[int, int, str] | None = None
        # (actions applied, seat -> legal actions): cleared by every action; unused while
        # setup or apply is changing the state.
        self._legal: tuple[int, dict[int, tuple[str, ...]]] | None = None
        self._remember = False  # tests edit `state` by hand to set up a position
        self._changing = True
        setup_lines = self.setup(Rng(self.seed, 0))
        self._changing = False
        self.lines.extend((0, line) for line in setup_lines)

    # -- what each game provides -------------------------------------------------------------
    @abstractmethod
    def setup(self, rng: Rng) -> Sequence[Line]:
        """Fill `self.state` for a new game and return the opening log lines."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats the match waits for; empty when the game is over."""

    @abstractmethod
    def legal(self, seat: int) -> list[str]:
        """Every legal action for that seat's next decision, canonical text, stable order."""

    @abstractmethod
    def apply(self, seat: int, action: str, rng: Rng) -> Sequence[Line]:
        """Apply one canonical legal action to `self.state`; return the log lines."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What that seat may see (None: the public view)."""

    def computer_view(self, seat: int) -> dict[str, Any]:
        """What a computer reads of `view(seat)`: the whole view, unless a game leaves out the
        words and pictures meant for people (never more than the view holds)."""
        return self.view(seat)

    @abstractmethod
    def scores(self) -> list[float]:
        """One number per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (empty while the game goes on); several on a shared win."""

    def reveal(self) -> None:
        """Called by a game inside `apply` when the action shows someone hidden information."""
        self._revealed = True

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Accepted spellings of each legal action (spelling, canonical)."""
        return [(a, a) for a in self.legal(seat)]

    def prompt(self, seat: int) -> str:
        """A one-line description of the decision that seat faces."""
        return tr("Your move.")

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words: what it does, costs and gives (≤ 100 characters)."""
        return action

    def choices(self, seat: int) -> list[Choice]:
        """Every legal action of that seat with its label, in the order of `legal`."""
        return [Choice(a, clip_label(self.label(seat, a))) for a in self.legal(seat)]

    def refusal(self, seat: int, typed: str) -> str | None:
        """Why `typed` (already normalized) is refused for a due seat, when the game can tell.

        Called only for text that names no legal action; say what the player has and needs,
        what is missing or in the way, or which step comes first.
        """
        return None

    def private_lines(self, seat: int) -> list[str]:
        """What only that seat knows, in sentences for its private panel (hand, own deck)."""
        return []

    def free_actions(self, seat: int) -> list[str]:
        """Actions a seat may take even when it is not its turn (e.g. showing its hand)."""
        return []

    def table_result(self) -> tuple[bool, str] | None:
        """A cooperative game's one result for the whole table once it is over: whether the
        table won, and what it reached in words; None for a game of winners and scores."""
        return None

    def standing(self) -> Standing:
        """Who is winning now and where the game stands, in the game's own measure, from public
        information only (it goes on status lines and turn cards); by default `scores()`."""
        return by_score(self.scores())

    # -- shared behaviour --------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The catalog id of this game."""
        return self.info.id

    @property
    def over(self) -> bool:
        """True once nobody has anything left to do."""
        return not self.to_act()

    @property
    def version(self) -> int:
        """Number of actions applied so far."""
        return len(self.log)

    def parse(self, seat: int, text: str) -> str:
        """The canonical legal action that `text` names for that seat."""
        if len(text) > TEXT_LIMIT:  # no move is this long; and spelling hints cost per letter
            raise IllegalAction(tr(
                "`{typed}` is too long to be a move ({length} characters; a move is at most "
                "{most}).", typed=echo(text), length=len(text), most=TEXT_LIMIT))
        if self.over:
            raise IllegalAction(tr("The game is over."))
        if not 0 <= seat < len(self.players):
            raise IllegalAction(tr("You are not playing in this game."))
        due = self.to_act()
        if seat not in due:
            free = self.free_actions(seat)
            if free:
                try:
                    return read_move(text, [(self.label(seat, a), a) for a in free],
                                     [(a, a) for a in free])
                except IllegalAction:
                    pass
            waiting = and_list([self.players[s] for s in due])
            raise IllegalAction(tr("It is not your turn: the game waits for {players}.",
                                   players=echo(waiting, 80)))
        if text in self.legal(seat):
            self._parsed = (len(self.log), seat, text)
            return text  # canonical as written (buttons, menus, a stored log): no search
        # Typed moves are read in every language we speak, the reader's own first (hints
        # show its labels): a French player may type an English label and the other way round.
        labels: list[tuple[str, str]] = []
        spellings: list[tuple[str, str]] = []
        for code in (language(), *(c for c in languages() if c != language())):
            with speaking(code):
                labels += self._shown(seat)
                spellings += self.spellings(seat)
        spellings += [(a, a) for a in self.free_actions(seat)]
        try:
            return read_move(text, labels, spellings)
        except Ambiguous as exc:
            raise IllegalAction(say_which(text, labels, exc.candidates)) from None
        except NotNamed:
            pass
        raise IllegalAction(why_not(text, labels, spellings, lambda typed: self.refusal(
            seat, typed), REASON_LIMIT))

    def _shown(self, seat: int) -> list[tuple[str, str]]:
        """(label, action) of everything the seat is offered, as shown and, if clipped, whole."""
        shown = [(c.label, c.action) for c in self.choices(seat)]
        shown += [(self.label(seat, a), a) for s, a in shown if s.endswith("…")]
        return shown + [(self.label(seat, a), a) for a in self.free_actions(seat)]

    def act(self, seat: int, text: str) -> list[str]:
        """Apply one action for that seat; refuse it with IllegalAction and change nothing.
        Returns the lines it wrote, said in the language spoken now."""
        parsed, self._parsed = self._parsed, None
        # Just parsed as a legal action at this very point (a copy keeps it): no second look.
        action = text if parsed == (len(self.log), seat, text) else self.parse(seat, text)
        self._keep_checkpoint()
        rng = Rng(self.seed, len(self.log) + 1)
        self._revealed = False
        self._changing, self._legal = True, None
        try:
            lines = self.apply(seat, action, rng)
        except BaseException:
            self._roll_back()
            self._legal = (len(self.log), {})
            raise
        finally:
            self._changing = False
        self.log.append((seat, action))
        if self._revealed or rng.counter:
            self.reveals.append(len(self.log))
        self.lines.extend((len(self.log), line) for line in lines)
        # A fresh memo that copies made from now on share: what one works out, all know.
        self._legal = (len(self.log), {})
        return [say(line) for line in lines]

    def remember_legal(self) -> None:
        """Promise that the state changes only through `act` (and so in its copies too).

        Then `legal` is worked out once per seat and action; a match the bot keeps does this.
        """
        self._remember = True

    def _keep_checkpoint(self) -> None:
        """Save the state every CHECKPOINT_EVERY actions, so a move needs no copy of its own."""
        mark = self._checkpoint
        if mark is None or len(self.log) - mark[0] >= CHECKPOINT_EVERY:
            self._checkpoint = (len(self.log), json.dumps(self.state))

    def _roll_back(self) -> None:
        """Undo a half-applied action: the checkpoint, then the actions since it, replayed."""
        assert self._checkpoint is not None  # act() keeps one before every apply
        start, text = self._checkpoint
        self.state = json.loads(text)  # json keeps key order, so replays iterate alike
        for number, (seat, action) in enumerate(self.log[start:], start=start + 1):
            self.apply(seat, action, Rng(self.seed, number))

    def copy(self) -> Match:
        """An independent copy: what happens to one never shows in the other."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.state = pickle.loads(pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL))  # ~3x json
        twin.log, twin.lines, twin.reveals = list(self.log), self.lines.copy(), list(self.reveals)
        return twin

    def fork(self) -> Match:
        """A copy whose state will be changed by hand (a sample, a test's other deal): it
        shares no remembered legal actions and no checkpoint with this match."""
        twin = self.copy()
        twin._legal = twin._checkpoint = None
        return twin

    def to_json(self) -> str:
        """Deterministic text: same match, same text. Holds the log and a snapshot of the state.

        The state keeps its own key order (the game code makes it the same on every replay), so
        a reloaded match iterates its dicts, and so words and draws everything, exactly alike.
        """
        return json.dumps(
            {
                "game": self.game_id,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "log": [[s, a] for s, a in self.log],
                "lines": self.lines.saved(),
                "reveals": self.reveals,
                "rules_version": self.started_under,
                "format": self.state_format,
                "state": self.state,
            },
            separators=(",", ":"),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def restore(self, log: list[tuple[int, str]], lines: list[tuple[int, Any]],
                state: dict[str, Any], reveals: list[int]) -> None:
        """Put a saved snapshot back (used by `rules.load_match`)."""
        self.log = [(int(s), str(a)) for s, a in log]
        self.lines = Journal.loaded(lines)
        self.state = state
        self.reveals = [int(n) for n in reveals]
        self._checkpoint = self._parsed = self._legal = None
