"""Which characters a font file has: its `cmap` table read with the standard library.

Pillow tells no font's coverage (a missing character just draws the font's empty box), so each font's character
map is read once, when the font is first asked about, and kept as sorted ranges: Noto Sans CJK's 44,000 characters
are a few thousand ranges, where a set would hold a Python int for each.
"""

from __future__ import annotations

import mmap
import struct
from bisect import bisect_right
from pathlib import Path


class Coverage:
    """The characters of one font, as sorted, disjoint ranges of code points."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for start, end in sorted(ranges):
            if merged and start <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], end))
            else:
                merged.append((start, end))
        self._starts = [start for start, _ in merged]
        self._ends = [end for _, end in merged]

    def __contains__(self, char: str) -> bool:
        code = ord(char)
        i = bisect_right(self._starts, code) - 1
        return i >= 0 and code <= self._ends[i]

    def __len__(self) -> int:
        return sum(end - start + 1 for start, end in zip(self._starts, self._ends, strict=True))


def read_coverage(path: Path, index: int = 0) -> Coverage:
    """The characters of the font at `path` (face `index` of a collection): its Unicode cmap subtable, format 12
    (every plane) if it has one, else format 4 (the basic plane). Raises ValueError for a file that is no font."""
    with path.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
        return _coverage(data, path.name, index)  # mapped, not read: the CJK collection is 33 MB


def _coverage(data: mmap.mmap, name: str, index: int) -> Coverage:
    base = 0
    if data[:4] == b"ttcf":
        (count,) = struct.unpack_from(">I", data, 8)
        if not 0 <= index < count:
            raise ValueError(f"{name} holds {count} faces, not {index + 1}")
        (base,) = struct.unpack_from(">I", data, 12 + 4 * index)
    (tables,) = struct.unpack_from(">H", data, base + 4)
    for k in range(tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, base + 12 + 16 * k)
        if tag == b"cmap":
            return Coverage(_unicode_ranges(data, offset))
    raise ValueError(f"{name} has no cmap table")


def _unicode_ranges(data: mmap.mmap, cmap: int) -> list[tuple[int, int]]:
    (subtables,) = struct.unpack_from(">H", data, cmap + 2)
    found: dict[int, int] = {}  # format -> offset of the best Unicode subtable of that format
    for k in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * k)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3)):
            (fmt,) = struct.unpack_from(">H", data, cmap + offset)
            found.setdefault(fmt, cmap + offset)
    if 12 in found:
        return _format12(data, found[12])
    if 4 in found:
        return _format4(data, found[4])
    raise ValueError("no Unicode cmap of format 4 or 12")


def _format12(data: mmap.mmap, at: int) -> list[tuple[int, int]]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    ranges: list[tuple[int, int]] = []
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
        if glyph == 0:  # a group mapping onto the empty box: the first of them is no character
            start += 1
        if start <= end:
            ranges.append((start, end))
    return ranges


def _format4(data: mmap.mmap, at: int) -> list[tuple[int, int]]:
    (seg2,) = struct.unpack_from(">H", data, at + 6)
    segs = seg2 // 2
    ends = struct.unpack_from(f">{segs}H", data, at + 14)
    starts = struct.unpack_from(f">{segs}H", data, at + 16 + seg2)
    deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 2 * seg2)
    range_at = at + 16 + 3 * seg2
    offsets = struct.unpack_from(f">{segs}H", data, range_at)
    ranges: list[tuple[int, int]] = []
    for s in range(segs):
        start, end = starts[s], ends[s]
        if start == 0xFFFF:
            continue
        if offsets[s] == 0:  # every code of the segment maps through the delta: none onto glyph 0 but one
            ranges += [(c, c) for c in range(start, end + 1) if (c + deltas[s]) & 0xFFFF] if \
                start <= (-deltas[s]) & 0xFFFF <= end else [(start, end)]
            continue
        for code in range(start, end + 1):  # codes mapped through the glyph array: glyph 0 means missing
            (glyph,) = struct.unpack_from(">H", data, range_at + 2 * s + offsets[s] + 2 * (code - start))
            if glyph:
                ranges.append((code, code))
    return ranges
