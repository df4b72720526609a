"""The app's icons as PNG (a home screen wants pixels): the served page's spade on felt,
drawn here so that the build needs no image library."""

from __future__ import annotations

import struct
import zlib

FELT = (0x0F, 0x51, 0x32)
CARD = (0xFF, 0xFD, 0xF6)


def _in_spade(x: float, y: float) -> bool:
    """Whether the point (0..1 across the icon) is on the spade: a heart turned over
    (two round lobes under a point) and a flared stem."""
    lobe = 0.19
    if (x - 0.33) ** 2 + (y - 0.58) ** 2 <= lobe**2 or (x - 0.67) ** 2 + (y - 0.58) ** 2 <= lobe**2:
        return True
    # The point: a triangle from the top down to the lobes' middles.
    if 0.14 <= y <= 0.62:
        half = (y - 0.14) / 0.48 * 0.355
        if abs(x - 0.5) <= half:
            return True
    # The stem, wider at its foot.
    if 0.6 <= y <= 0.88:
        half = 0.04 + (y - 0.6) / 0.28 * 0.14
        return abs(x - 0.5) <= half
    return False


def icon_png(size: int) -> bytes:
    """A square PNG icon of `size` pixels (the spade inside the maskable safe zone)."""
    rows = []
    for row in range(size):
        pixels = bytearray([0])  # filter: none
        y = (row + 0.5) / size
        for column in range(size):
            x = (column + 0.5) / size
            # Scaled to 80%: a maskable icon's safe zone is the middle 80%.
            inside = _in_spade(0.5 + (x - 0.5) / 0.8, 0.5 + (y - 0.5) / 0.8)
            pixels += bytes(CARD if inside else FELT)
        rows.append(bytes(pixels))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body) & 0xFFFFFFFF
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )
