# Build stage: a wheel with the engine's hot modules compiled (needs a C compiler).
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md LICENSE ./
COPY engine engine
COPY render render
COPY storage storage
COPY service service
COPY bot bot
COPY playground playground
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

# Run stage: slim, no compiler, a user without privileges.
FROM python:3.11-slim
RUN useradd --create-home --uid 10001 ludo
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index /wheels/*.whl && rm -rf /wheels  # the wheels built above, nothing else
USER ludo
WORKDIR /home/ludo
ENV LUDO_DATA_DIR=/home/ludo/data PYTHONUNBUFFERED=1
VOLUME ["/home/ludo/data"]
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["ludo-bot", "health"]
CMD ["ludo-bot"]
