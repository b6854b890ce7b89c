"""The image's hashed locks: every pin hashed, nothing the bot needs missing, the backend pinned.

requirements/image.txt holds every distribution the image installs (pyproject's runtime
dependencies with the postgres and metrics extras, transitively); requirements/build.txt the
build backend. The Dockerfile installs both with `pip install --require-hashes --no-deps`, so a
distribution missing from a lock is a broken image, not a silently unpinned one.
"""

from __future__ import annotations

import importlib.metadata as md
import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
IMAGE_LOCK = ROOT / "requirements" / "image.txt"
BUILD_LOCK = ROOT / "requirements" / "build.txt"
IMAGE_EXTRAS = ("postgres", "metrics")
REGENERATE = "regenerate it with the command at the top of requirements/image.txt"

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.!+_-]+)$")
HASH = re.compile(r"^--hash=sha256:[0-9a-f]{64}$")


def lock_entries(path: Path) -> list[tuple[str, list[str]]]:
    """Each requirement of a pip requirements file: its text and its options (hashes)."""
    entries: list[tuple[str, list[str]]] = []
    logical = ""
    for raw in path.read_text().splitlines():
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        continued = line.endswith("\\")
        logical += " " + line.removesuffix("\\").strip()
        if continued:
            continue
        words = logical.split()
        logical = ""
        if words:
            options = [w for w in words if w.startswith("-")]
            spec = " ".join(w for w in words if not w.startswith("-"))
            entries.append((spec, options))
    return entries


def pins(path: Path) -> dict[str, str]:
    """name (canonical) -> version of a hashed lock; fails on any line that is not one."""
    found: dict[str, str] = {}
    for spec, options in lock_entries(path):
        match = PIN.match(spec)
        assert match, f"{path.name}: {spec!r} {options} is not a plain `name==version` pin"
        hashes = [o for o in options if o.startswith("--hash=")]
        assert hashes, f"{path.name}: {spec} has no --hash=sha256:"
        assert all(HASH.match(h) for h in hashes), f"{path.name}: {spec} has a bad hash {hashes}"
        assert set(options) == set(hashes), f"{path.name}: {spec} has other options {options}"
        name = canonicalize_name(match.group(1))
        assert name not in found, f"{path.name}: {name} is pinned twice"
        found[name] = match.group(2)
    return found


def needed(roots: list[Requirement]) -> dict[str, str]:
    """Every distribution `roots` need on this Python, transitively: name -> installed version."""
    env = {k: str(v) for k, v in default_environment().items()}
    out: dict[str, str] = {}
    seen: set[tuple[str, str]] = set()
    todo = [(r, "") for r in roots]
    while todo:
        req, extra = todo.pop()
        if req.marker is not None and not req.marker.evaluate({**env, "extra": extra}):
            continue
        name = canonicalize_name(req.name)
        try:
            dist = md.distribution(req.name)
        except md.PackageNotFoundError:
            pytest.fail(f"{req.name} (needed by the image) is not installed here: "
                        "pip install -e '.[test]'")
        assert req.specifier.contains(dist.version, prereleases=True), (
            f"{req.name} {dist.version} installed here does not satisfy {req}")
        out[name] = dist.version
        for wanted in ["", *sorted(canonicalize_name(e) for e in req.extras)]:
            if (name, wanted) in seen:
                continue
            seen.add((name, wanted))
            todo += [(Requirement(sub), wanted) for sub in dist.requires or []]
    return out


def image_roots() -> list[Requirement]:
    """pyproject's runtime dependencies and the image's extras, as `railyard` declares them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = list(project["dependencies"])
    for extra in IMAGE_EXTRAS:
        declared += project["optional-dependencies"][extra]
    installed = [Requirement(r) for r in md.requires("railyard") or []]
    env = {k: str(v) for k, v in default_environment().items()}
    from_metadata = [r for r in installed
                     if r.marker is None
                     or any(r.marker.evaluate({**env, "extra": e}) for e in ("", *IMAGE_EXTRAS))]
    # The installed metadata is what the walk starts from; it must still be pyproject's.
    assert sorted(pin(Requirement(d)) for d in declared) == sorted(
        pin(r) for r in from_metadata), (
        "railyard's installed metadata differs from pyproject.toml: pip install -e '.[test]'")
    return [Requirement(pin(r)) for r in from_metadata]


def pin(req: Requirement) -> str:
    """`name==version` with the name canonical, the marker dropped."""
    return f"{canonicalize_name(req.name)}{req.specifier}"


def test_every_line_of_the_image_lock_is_a_hashed_pin() -> None:
    assert len(pins(IMAGE_LOCK)) > 0


def test_the_image_lock_holds_everything_the_bot_needs_at_the_versions_tested_here() -> None:
    locked = pins(IMAGE_LOCK)
    want = needed(image_roots())
    missing = sorted(set(want) - set(locked))
    assert not missing, f"not in {IMAGE_LOCK.name}: {missing}; {REGENERATE}"
    differ = {n: (locked[n], v) for n, v in want.items() if locked[n] != v}
    assert not differ, f"locked vs installed here differ: {differ}; {REGENERATE}"
    extra = sorted(set(locked) - set(want))
    assert not extra, f"{IMAGE_LOCK.name} pins what nothing needs: {extra}; {REGENERATE}"


def test_the_build_backend_is_pinned_and_locked_with_hashes() -> None:
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    locked = pins(BUILD_LOCK)
    for entry in build["requires"]:
        req = Requirement(entry)
        specs = list(req.specifier)
        assert len(specs) == 1 and specs[0].operator == "==", f"[build-system] {entry} not =="
        name = canonicalize_name(req.name)
        assert locked.get(name) == specs[0].version, (
            f"{BUILD_LOCK.name} has {name}=={locked.get(name)}, pyproject wants {entry}")


def test_the_dockerfile_installs_both_locks_by_hash() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    for lock in (IMAGE_LOCK, BUILD_LOCK):
        assert f"COPY requirements/{lock.name} " in dockerfile
        assert re.search(rf"pip install --require-hashes --no-deps -r /tmp/{lock.name}",
                         dockerfile), f"the Dockerfile does not install {lock.name} by hash"
