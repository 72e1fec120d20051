"""Unit tests run without sockets: any attempt to open a network connection fails the test."""

import socket

import pytest


@pytest.fixture(autouse=True)
def _no_sockets(monkeypatch: pytest.MonkeyPatch) -> None:
    def guard(*args, **kwargs):
        raise RuntimeError("unit tests must not open sockets")

    monkeypatch.setattr(socket.socket, "connect", guard)
    monkeypatch.setattr(socket, "create_connection", guard)
