"""Bolt endpoints that misbehave the way real servers do, for the CLI's failure paths.

The embedded server refuses wrong credentials itself (tests/e2e/test_cli.py); `RefusingBoltServer` stands for a
user's own server that refuses them, counting the logins it saw: Bolt 5.4 handshake, SUCCESS to HELLO, then
FAILURE Neo.ClientError.Security.Unauthorized (the server's own code and message) to LOGON. `OldBoltServer`
accepts only Bolt 4.4, as a Neo4j 4.x does.
"""

from __future__ import annotations

import socket
import struct
import threading


def _string(text: str) -> bytes:
    data = text.encode()
    return (bytes([0x80 | len(data)]) if len(data) < 16 else bytes([0xD0, len(data)])) + data


def _message(signature: int, fields: dict[str, str]) -> bytes:
    packed = bytes([0xA0 | len(fields)]) + b"".join(_string(k) + _string(v) for k, v in fields.items())
    body = bytes([0xB1, signature]) + packed  # a one-field structure: SUCCESS 0x70, FAILURE 0x7F
    return struct.pack(">H", len(body)) + body + b"\x00\x00"


SUCCESS, FAILURE = 0x70, 0x7F


class RefusingBoltServer:
    version = 0x00000405  # Bolt 5.4

    def __init__(self) -> None:
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen()
        self.port = self._sock.getsockname()[1]
        self.logins = 0
        self._thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    def __enter__(self) -> RefusingBoltServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._sock.close()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            with conn:
                try:
                    conn.recv(20)  # magic + four version proposals
                    conn.sendall(struct.pack(">I", self.version))
                    self.answer(conn)
                except OSError:
                    pass

    def answer(self, conn: socket.socket) -> None:
        conn.recv(65536)  # HELLO (LOGON may come in the same packet)
        conn.sendall(_message(SUCCESS, {"server": "Neo4j/5.26.0", "connection_id": "bolt-1"}))
        self.logins += 1
        conn.sendall(_message(FAILURE, {"code": "Neo.ClientError.Security.Unauthorized",
                                        "message": "The client is unauthorized due to authentication failure."}))
        conn.recv(65536)


class OldBoltServer(RefusingBoltServer):
    """Speaks only Bolt 4.4 (Neo4j 4.x)."""

    version = 0x00000404

    def answer(self, conn: socket.socket) -> None:
        conn.recv(65536)
