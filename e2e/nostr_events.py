"""Nostr events made and sent from Python, for the tests and benchmarks that fill the lobby with
simulated players: each player a key of its own, its events signed (BIP-340 Schnorr over
secp256k1, in plain Python: a few milliseconds an event) and
published straight to the local relay, as the page's Trystero does.

    player = Signer()                          # a fresh key
    text = player.event(kind, [["x", topic]], content)   # '["EVENT", {...}]'
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time

# secp256k1
P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (
    0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
    0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8,
)
Point = tuple[int, int] | None


def _add(a: Point, b: Point) -> Point:
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and a[1] != b[1]:
        return None
    if a == b:
        slope = 3 * a[0] * a[0] * pow(2 * a[1], P - 2, P) % P
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], P - 2, P) % P
    x = (slope * slope - a[0] - b[0]) % P
    return x, (slope * (a[0] - x) - a[1]) % P


def _times(point: Point, n: int) -> Point:
    out = None
    for i in range(256):
        if (n >> i) & 1:
            out = _add(out, point)
        point = _add(point, point)
    return out


def _jacobian_add_affine(a: tuple[int, int, int] | None, b: tuple[int, int]) -> tuple[int, int, int] | None:
    """a (Jacobian: x/z², y/z³) + b (affine), without an inversion."""
    if a is None:
        return b[0], b[1], 1
    x1, y1, z1 = a
    z1z1 = z1 * z1 % P
    u2 = b[0] * z1z1 % P
    s2 = b[1] * z1 * z1z1 % P
    if u2 == x1:
        if s2 != y1:
            return None
        affine = _affine(a)
        assert affine is not None
        doubled = _add(affine, affine)
        return None if doubled is None else (doubled[0], doubled[1], 1)
    h = (u2 - x1) % P
    hh = h * h % P
    hhh = h * hh % P
    r = (s2 - y1) % P
    v = x1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    y3 = (r * (v - x3) - y1 * hhh) % P
    return x3, y3, z1 * h % P


def _affine(a: tuple[int, int, int] | None) -> Point:
    if a is None:
        return None
    zi = pow(a[2], P - 2, P)
    return a[0] * zi * zi % P, a[1] * zi * zi * zi % P


_G_DOUBLINGS: list[tuple[int, int]] = []


def _times_g(n: int) -> Point:
    """n·G, from G's 256 doublings (computed once) added in Jacobian coordinates: a few ms."""
    if not _G_DOUBLINGS:
        point: Point = G
        for _ in range(256):
            assert point is not None
            _G_DOUBLINGS.append(point)
            point = _add(point, point)
    out = None
    for i in range(256):
        if (n >> i) & 1:
            out = _jacobian_add_affine(out, _G_DOUBLINGS[i])
    return _affine(out)


def _tagged(tag: str, data: bytes) -> bytes:
    digest = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(digest + digest + data).digest()


class Signer:
    """A Nostr key: `pubkey` (64 hex digits, x only) and events signed with it."""

    def __init__(self) -> None:
        secret = secrets.randbelow(N - 1) + 1
        public = _times_g(secret)
        assert public is not None
        self._secret = secret if public[1] % 2 == 0 else N - secret
        self.pubkey = public[0].to_bytes(32, "big").hex()

    def sign(self, message: bytes) -> str:
        """The BIP-340 signature of the 32 bytes `message`, in hex."""
        d = self._secret
        t = (d ^ int.from_bytes(_tagged("BIP0340/aux", secrets.token_bytes(32)), "big")).to_bytes(32, "big")
        k0 = int.from_bytes(_tagged("BIP0340/nonce", t + bytes.fromhex(self.pubkey) + message), "big") % N
        r = _times_g(k0)
        assert r is not None and k0 != 0
        k = k0 if r[1] % 2 == 0 else N - k0
        rx = r[0].to_bytes(32, "big")
        e = int.from_bytes(_tagged("BIP0340/challenge", rx + bytes.fromhex(self.pubkey) + message), "big") % N
        return (rx + ((k + e * d) % N).to_bytes(32, "big")).hex()

    def event(self, kind: int, tags: list[list[str]], content: str, created_at: int | None = None) -> str:
        """The relay message that publishes an event: '["EVENT", {...}]' (made now, or at
        `created_at`, in seconds)."""
        created_at = int(time.time()) if created_at is None else created_at
        serial = json.dumps([0, self.pubkey, created_at, kind, tags, content], separators=(",", ":"), ensure_ascii=False)
        event_id = hashlib.sha256(serial.encode()).digest()
        event = {"id": event_id.hex(), "pubkey": self.pubkey, "created_at": created_at, "kind": kind, "tags": tags, "content": content, "sig": self.sign(event_id)}
        return json.dumps(["EVENT", event], separators=(",", ":"))


def verify(pubkey: str, message: bytes, signature: str) -> bool:
    """Whether `signature` (hex) is BIP-340's of `message` by `pubkey` (hex, x only)."""
    x = int(pubkey, 16)
    y = pow(x * x * x + 7, (P + 1) // 4, P)
    if (y * y - x * x * x - 7) % P:
        return False
    point = (x, y if y % 2 == 0 else P - y)
    sig = bytes.fromhex(signature)
    r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
    e = int.from_bytes(_tagged("BIP0340/challenge", sig[:32] + bytes.fromhex(pubkey) + message), "big") % N
    back = _add(_times_g(s), _times(point, N - e))
    return back is not None and back[1] % 2 == 0 and back[0] == r
