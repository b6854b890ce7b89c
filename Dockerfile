# Railyard: one image for a single SQLite bot or for shard processes on PostgreSQL.
# The base is pinned by digest, so a rebuild starts from the same bytes: the official image's
# multi-arch digest for this tag, as `docker pull` reports it (found in public build records; the
# machine that wrote this could not reach Docker Hub to re-check it). To move to a newer base
# (README.md, "With Docker", "To upgrade"):
#   docker buildx imagetools inspect python:3.11.13-slim-bookworm --format '{{json .Manifest.Digest}}'
ARG PYTHON_BASE=python:3.11.13-slim-bookworm@sha256:86adf8dbadc3d6e82ee5dd2c74bec2e1c2467cdad47886280501df722372d2e1

# Every runtime dependency, transitive ones included, from the hashed lock (requirements/image.txt,
# made by pip-compile from pyproject.toml with the postgres and metrics extras). Rebuilt only when
# the lock changes.
FROM ${PYTHON_BASE} AS deps
ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_ROOT_USER_ACTION=ignore
COPY requirements/image.txt /tmp/image.txt
RUN pip install --require-hashes --no-deps -r /tmp/image.txt && rm /tmp/image.txt

# The builder has the pinned build backend before any code arrives, so a code-only change builds
# the wheel with no network at all (`docker build --network none` works once these layers exist).
FROM ${PYTHON_BASE} AS builder
ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_ROOT_USER_ACTION=ignore
COPY requirements/build.txt /tmp/build.txt
RUN pip install --require-hashes --no-deps -r /tmp/build.txt
WORKDIR /src
COPY pyproject.toml ./
COPY rules ./rules
COPY render ./render
COPY bot ./bot
# Installed under /staging exactly as it will lie in the image: one copy of the package, no
# source tree, no build/ or *.egg-info (those stay in this stage).
RUN pip install --no-build-isolation --no-index --no-deps --no-warn-script-location --root /staging .

FROM deps
ENV PYTHONUNBUFFERED=1 \
    HOME=/home/railyard \
    RAILYARD_DB=/data/railyard.sqlite3 \
    RAILYARD_BOARDS=/data/boards \
    RAILYARD_HEALTH_FILE=/tmp/railyard.health
RUN useradd --create-home --home-dir /home/railyard --uid 10001 railyard \
    && install -d -o railyard -g railyard /data
COPY --from=builder /staging/ /

USER railyard
# A writable working folder; `railyard play` writes its pictures on the volume (RAILYARD_BOARDS).
WORKDIR /home/railyard
VOLUME ["/data"]
# Prometheus metrics when RAILYARD_METRICS_PORT is set (compose sets 9100).
EXPOSE 9100
# Healthy while the bot's event loop runs and it is connected to Discord (see `railyard health`).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["railyard", "health"]
# `docker stop` sends SIGTERM: the bot lets moves in flight finish and exits 0.
STOPSIGNAL SIGTERM
# DISCORD_TOKEN comes from the environment at run time, never from the image.
CMD ["railyard", "run"]
