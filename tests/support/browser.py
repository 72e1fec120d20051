"""A real headless Chromium for the page tests: Debian's /usr/bin/chromium (or $XGRAG_CHROMIUM) driven by Playwright,
never a downloaded browser. A `Watched` page records every request, console message, page error and dialog, so a
test can assert that nothing was fetched from elsewhere, nothing complained and no script from the data ran.

Screenshots go to $XGRAG_TEST_ARTIFACTS (default tests/artifacts/, git-ignored).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("XGRAG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("XGRAG_TEST_ARTIFACTS") or ROOT / "tests" / "artifacts")


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched browser; a missing Chromium fails the test with the way to install it (never a skip)."""
    import pytest

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install -y chromium; scripts/bootstrap.sh "
                    "does it as root) or set XGRAG_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


class Watched:
    """A page whose every request, console message, page error and dialog is recorded. `origin`: requests to it are
    allowed (a served page); any other request is blocked and recorded as a problem."""

    def __init__(self, browser: Any, url: str | Path, *, origin: str | None = None, context: Any = None,
                 viewport: tuple[int, int] = (1400, 1000)) -> None:
        self.url = url.resolve().as_uri() if isinstance(url, Path) else url
        self.origin = origin
        self.problems: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        size = {"width": viewport[0], "height": viewport[1]}
        self.page = browser.new_page(viewport=size) if context is None else context.new_page()
        self.page.set_viewport_size(size)
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("dialog", self._dialog)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.route("**/*", self._route)
        self.page.goto(self.url)
        self.page.wait_for_load_state("load")

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        self.problems.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def _allowed(self, url: str) -> bool:
        return url == self.url or (self.origin is not None and url.startswith(self.origin))

    def _route(self, route: Any) -> None:
        if self._allowed(route.request.url):
            route.continue_()
        else:
            self.problems.append(f"blocked request: {route.request.url}")
            route.abort()

    def wait_views(self, n: int, timeout: float = 60_000) -> None:
        """Until `n` explanation views have painted their drawing (no in-page evaluation: the pages' policy forbids
        the eval Playwright's wait_for_function uses, as it should)."""
        self.page.locator("section.xg-view[data-first-paint-ms]").nth(n - 1).wait_for(timeout=timeout)

    def foreign_requests(self) -> list[str]:
        return [u for u in self.requests if not self._allowed(u)]

    def assert_clean(self) -> None:
        assert self.problems == [] and self.foreign_requests() == [], (self.problems, self.foreign_requests())

    # -- the explanation view ------------------------------------------------------------------------------------

    def point(self, view: int, key: str) -> tuple[float, float]:
        """Where element `key` of view `view` is drawn (client pixels): where a person puts the pointer."""
        p = self.page.evaluate("([i, k]) => globalThis.xgrag.views[i].graph.clientPoint(k)", [view, key])
        assert p is not None, key
        return p["x"], p["y"]

    def hover(self, view: int, key: str) -> None:
        """Put the pointer on element `key` (the drawing scrolled into view first, as a person would)."""
        self.page.evaluate("i => globalThis.xgrag.views[i].graph.container.scrollIntoView({block: 'center'})", view)
        # cytoscape refreshes the drawing's position on the page on the scroll event, dispatched with the next frame
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        self.page.mouse.move(*self.point(view, key))

    def labels(self, view: int) -> list[list[Any]]:
        """The labels view `view` draws visibly: [text, left, top, right, bottom] in client pixels."""
        return self.page.evaluate("i => globalThis.xgrag.views[i].graph.visibleLabels()", view)

    def cy(self, view: int, expression: str) -> Any:
        """Evaluate `expression` with `cy` (the view's cytoscape instance) in scope."""
        return self.page.evaluate(f"i => {{ const cy = globalThis.xgrag.views[i].graph.cy; return {expression}; }}",
                                  view)


def overlaps(boxes: list[list[Any]]) -> list[tuple[str, str]]:
    """Pairs of rendered label boxes that overlap by more than half a pixel (the text as Chromium drew it)."""
    out = []
    for i, (ta, l1, t1, r1, b1) in enumerate(boxes):
        for tb, l2, t2, r2, b2 in boxes[i + 1:]:
            if min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > 0.5:
                out.append((ta, tb))
    return out
