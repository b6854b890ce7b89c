# Railyard: one image for a single SQLite bot or for shard processes on PostgreSQL.
# The base is pinned to one Python release on one Debian release, so a rebuild gets what we tested.
FROM python:3.11.13-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    RAILYARD_DB=/data/railyard.sqlite3 \
    RAILYARD_HEALTH_FILE=/tmp/railyard.health

RUN useradd --create-home --uid 10001 railyard \
    && mkdir -p /data && chown railyard:railyard /data

WORKDIR /app
# The pinned dependencies first (PostgreSQL's driver included): this layer is rebuilt only when
# pyproject.toml changes, not for every change to the code.
COPY pyproject.toml ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['postgres']))" > /tmp/pins.txt \
    && pip install --no-cache-dir -r /tmp/pins.txt && rm /tmp/pins.txt
COPY README.md ./
COPY rules ./rules
COPY render ./render
COPY bot ./bot
RUN pip install --no-cache-dir --no-deps .

USER railyard
VOLUME ["/data"]
# Healthy while the bot's event loop runs and it is connected to Discord (see `railyard health`).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["railyard", "health"]
# DISCORD_TOKEN comes from the environment at run time, never from the image.
CMD ["railyard", "run"]
