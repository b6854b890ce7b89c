FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    RAILYARD_DB=/data/railyard.sqlite3

RUN useradd --create-home --uid 10001 railyard \
    && mkdir -p /data && chown railyard:railyard /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY render ./render
COPY bot ./bot
RUN pip install --no-cache-dir .

USER railyard
VOLUME ["/data"]
# DISCORD_TOKEN comes from the environment at run time, never from the image.
CMD ["railyard", "run"]
