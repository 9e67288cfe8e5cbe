# The bot's image. Built by the classic builder and BuildKit alike (no RUN --mount), so Debian's docker.io and
# compose v1 build it too; scripts/check-docker builds and runs it as an operator would.

# Build stage: the bot and its dependencies installed in a virtual environment, the engine's and the board
# picture's hot modules compiled with mypyc (needs a C compiler). The run stage copies the environment alone: no
# wheel, pip cache or compiler.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && rm -rf /var/lib/apt/lists/*
RUN python -m venv /opt/ludo-bot
WORKDIR /src
# The dependencies first, in a layer of their own: a change to the code alone does not download them again.
COPY pyproject.toml ./
RUN python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' \
      > requirements.txt \
    && /opt/ludo-bot/bin/pip install --no-cache-dir -r requirements.txt
COPY setup.py README.md LICENSE ./
COPY ludo_bot ludo_bot
RUN /opt/ludo-bot/bin/pip install --no-cache-dir --no-deps . \
    && /opt/ludo-bot/bin/pip uninstall -y -q setuptools pip  # (the venv's own tools: not needed to run)

# Run stage: slim, no compiler, a user without privileges who owns the data folder.
FROM python:3.11-slim
# libfribidi0: Pillow's text layout through Raqm loads FriBiDi at run time (right-to-left and bidirectional text on
# the boards); Pillow's wheels ship Raqm and HarfBuzz but not FriBiDi.
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/*
# The folder is made here, owned by ludo: a named volume mounted on it starts as a copy of it (owner and mode).
RUN useradd --create-home --uid 10001 ludo && install -d -o ludo -g ludo -m 700 /home/ludo/data
COPY --from=build /opt/ludo-bot /opt/ludo-bot
ENV PATH=/opt/ludo-bot/bin:$PATH LUDO_DATA_DIR=/home/ludo/data PYTHONUNBUFFERED=1
USER ludo
WORKDIR /home/ludo
VOLUME ["/home/ludo/data"]
# `docker stop` sends SIGTERM: the bot stops cleanly within about a second (a second signal ends it at once).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["ludo-bot", "health"]
CMD ["ludo-bot"]
