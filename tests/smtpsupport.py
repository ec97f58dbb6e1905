"""A real SMTP server for the mail tests (aiosmtpd's Controller on a free loopback port): it
collects what it receives, and can be stopped and started again on the same port, so a test
sees the mail server down before the transfer and back afterwards."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Collector:
    """aiosmtpd's handler: keeps each message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """aiosmtpd calls this (its name) with each message received."""
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 OK"


class SmtpServer:
    """An SMTP server on one port, down until `start()` and after `stop()`."""

    def __init__(self) -> None:
        self.port = free_port()
        self.collector = Collector()
        self._controller: Controller | None = None

    @property
    def messages(self) -> list[EmailMessage]:
        return self.collector.messages

    def start(self) -> None:
        if self._controller is None:
            self._controller = Controller(self.collector, hostname=HOST, port=self.port)
            self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


@pytest.fixture
def smtp_server(settings: Any) -> Iterator[SmtpServer]:
    """The SMTP server (not started: a test starts it), and Django's SMTP backend set to it."""
    server = SmtpServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = HOST, server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 10
    yield server
    server.stop()
