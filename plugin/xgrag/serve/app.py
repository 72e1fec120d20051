"""The HTTP layer of `xgrag serve` (FastAPI): the page, its static files and the API behind it. The OpenAPI schema
is served at /openapi.json; the interactive docs pages are off (they load scripts from a CDN).

Security: the server binds 127.0.0.1 unless told otherwise, and any other address requires a token (xgrag.serve.
auth). Every request's Host must be one this server answers to (a page on another site cannot reach it through
DNS rebinding); a request that changes something (POST) must be JSON from this origin (no cross-site form or
script can send it without a CORS preflight, which is never granted). Pages are sent with a Content-Security-Policy
that admits only this origin's scripts and styles (no inline script), and nothing the page shows from the data is
markup (the front end writes text only).
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from xgrag.errors import XgragError
from xgrag.explain.settings import SchedulerName
from xgrag.explain.whatif import Unit
from xgrag.retrieval.modes import Mode
from xgrag.serve.engine import Workbench, error_json

TOKEN_COOKIE = "xgrag_token"
PAGE_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SSE_KEEPALIVE_SECONDS = 15.0
API_DESCRIPTION = """The API behind `xgrag serve`'s page: ask for an explanation (a job whose progress streams as
Server-Sent Events), cancel it (what was measured is kept), read the result, ask what-ifs (remove facts or
entities and ask again: the same transient filter and response cache as a probe; never a write), save it to the
graph, list, filter and compare saved explanations. Errors are JSON: `{"error", "hint", "status"}`. When the server
needs a token, send `Authorization: Bearer TOKEN`."""


class AskRequest(BaseModel):
    question: str = Field(description="the question to explain")
    generator: str | None = Field(None, description="one of the server's generators (GET /api/config); default the "
                                                    "first")
    strategy: str = Field("edge", description="perturbation strategies, comma-separated (node, edge, synonym, "
                                              "subpath, mask, all)")
    scheduler: SchedulerName = "auto"
    max_calls: int | None = Field(None, ge=0, description="model-call budget (most promising first)")
    hops: int | None = Field(None, ge=1, le=4, description="k for k-hop retrieval (default: the settings')")
    mode: Mode = Field("auto", description="retrieval mode, as the CLI's --mode (auto: k-hop when the neighbourhood "
                                           "fits the caps, else focused on the question's relation types)")


class UnitModel(BaseModel):
    kind: str = Field(description="node (an entity) or edge (a fact); a later kind of unit is another value")
    id: str


class WhatIfRequest(BaseModel):
    units: list[UnitModel] = Field(description="what to remove from the explanation's context", min_length=1)


def _static() -> Any:
    return resources.files("xgrag.serve") / "static"


def create_app(workbench: Workbench, *, token: str | None = None, hosts: Sequence[str] | None = None) -> FastAPI:
    """The ASGI app. `token`: required from every request (header, or the cookie the page gets from ?token=);
    `hosts`: the Host header values accepted (None: any, for a server bound to every address behind a token)."""
    app = FastAPI(title="xgrag serve", description=API_DESCRIPTION, version=workbench.defaults()["version"],
                  docs_url=None, redoc_url=None)
    allowed = None if hosts is None else {h.lower() for h in hosts}

    def authorised(request: Request) -> bool:
        if token is None:
            return True
        sent = request.headers.get("authorization", "")
        if sent.startswith("Bearer ") and hmac.compare_digest(sent[7:].encode(), token.encode()):
            return True
        cookie = request.cookies.get(TOKEN_COOKIE, "")
        return bool(cookie) and hmac.compare_digest(cookie.encode(), token.encode())

    @app.middleware("http")
    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        host = request.headers.get("host", "").lower()
        if allowed is not None and host not in allowed:
            return _error(400, "this server does not answer to the Host " + repr(host[:100]),
                          "open it at the address `xgrag serve` printed")
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            origin = request.headers.get("origin")
            if origin is not None and urlsplit(origin).netloc.lower() != host:
                return _error(403, "cross-origin requests are refused", None)
            if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
                return _error(415, "send the request body as application/json", None)
        if token is not None:
            query = request.query_params.get("token")
            if request.method == "GET" and request.url.path == "/" and query is not None:
                if not hmac.compare_digest(query.encode(), token.encode()):
                    return _error(401, "wrong token", "use the URL `xgrag serve` printed")
                # the token moves from the URL into an HttpOnly cookie: it leaves the address bar and history
                redirect = RedirectResponse("/", status_code=303)
                redirect.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
                return _secure(redirect, request)
            if not authorised(request):
                return _error(401, "this server needs its token",
                              "open the URL with ?token=... that `xgrag serve` printed, or send "
                              "Authorization: Bearer TOKEN")
        return _secure(await call_next(request), request)

    @app.exception_handler(XgragError)
    async def xgrag_error(request: Request, exc: XgragError) -> JSONResponse:
        body = error_json(exc)
        return JSONResponse(body, status_code=body["status"])

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse((_static() / "index.html").read_text(encoding="utf-8"))

    app.mount("/static", StaticFiles(directory=str(_static())), name="static")

    @app.get("/api/config", tags=["ask"], summary="The generators, strategies and schedulers offered, with the "
                                                  "CLI's defaults")
    def config() -> dict[str, Any]:
        return workbench.defaults()

    @app.post("/api/ask", status_code=202, tags=["ask"], summary="Start explaining a question (a job)")
    def ask(body: AskRequest) -> dict[str, Any]:
        job = workbench.ask(body.question, generator=body.generator, strategy=body.strategy,
                            scheduler=body.scheduler, max_calls=body.max_calls, hops=body.hops, mode=body.mode)
        return job.summary()

    @app.get("/api/jobs/{job_id}", tags=["ask"], summary="A job's status, last progress and explanation id")
    def job(job_id: str) -> dict[str, Any]:
        return workbench.job(job_id).summary()

    @app.post("/api/jobs/{job_id}/cancel", tags=["ask"],
              summary="Stop asking; the explanation is finished from what was measured (incomplete: cancelled)")
    def cancel(job_id: str) -> dict[str, Any]:
        return workbench.cancel(job_id).summary()

    @app.get("/api/jobs/{job_id}/events", tags=["ask"], response_class=StreamingResponse,
             summary="The job's events as Server-Sent Events: queued, started, progress (probes done / planned, "
                     "calls, tokens, time left), done (its status: done, incomplete, cancelled, or unlinked: the "
                     "question's names matched no entity, named in unmatched / not_in_graph) or failed; "
                     "Last-Event-ID resumes")
    async def events(job_id: str, request: Request) -> StreamingResponse:
        found = workbench.job(job_id)
        last = request.headers.get("last-event-id", "")
        after = int(last) if last.isdigit() else -1

        async def stream() -> AsyncIterator[str]:
            past, queue = found.subscribe(after)
            try:
                for event in past:
                    yield _sse(event)
                    if event["type"] in ("done", "failed"):
                        return
                while True:
                    try:
                        event = await asyncio.wait_for(queue.get(), SSE_KEEPALIVE_SECONDS)
                    except TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    yield _sse(event)
                    if event["type"] in ("done", "failed"):
                        return
            finally:
                found.unsubscribe(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    @app.get("/api/explanations/{explanation_id}", tags=["explanations"],
             summary="The whole explanation (docs/explanation.schema.json), made here or saved in the graph")
    def explanation(explanation_id: str) -> dict[str, Any]:
        return workbench.explanation(explanation_id).to_json()

    @app.get("/api/explanations/{explanation_id}/view", tags=["explanations"],
             summary="What the page draws: positions, colours, labels, ranked rows, honesty signals")
    def view(explanation_id: str) -> dict[str, Any]:
        return workbench.view(explanation_id)

    @app.post("/api/explanations/{explanation_id}/whatif", tags=["explanations"],
              summary="The answer without the given facts or entities (a transient filter, cached; never a write)")
    def whatif(explanation_id: str, body: WhatIfRequest) -> dict[str, Any]:
        return workbench.whatif(explanation_id, [Unit(u.kind, u.id) for u in body.units]).to_json()

    @app.post("/api/explanations/{explanation_id}/save", tags=["explanations"],
              summary="Store the explanation in the graph (xgrag's labels only), incomplete ones included")
    def save(explanation_id: str) -> dict[str, Any]:
        return {"id": workbench.save(explanation_id), "saved": True}

    @app.get("/api/explanations/{explanation_id}/export", tags=["explanations"],
             summary="The self-contained HTML page of the explanation (as xgrag explain --html writes it)")
    def export(explanation_id: str) -> Response:
        page = workbench.export(explanation_id)
        return Response(page, media_type="text/html; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="xgrag-{explanation_id[:36]}.html"',
            "X-Xgrag-Own-CSP": "1"})

    @app.get("/api/saved", tags=["saved"], summary="Saved explanations, newest first; filters combine")
    def saved(question: str | None = None, entity: str | None = None, relationship: str | None = None,
              since: str | None = None, until: str | None = None,
              limit: int = Query(50, ge=1, le=500)) -> list[dict[str, Any]]:
        return workbench.saved(question=question or None, entity=entity or None, relationship=relationship or None,
                               since=since or None, until=until or None, limit=limit)

    @app.get("/api/saved/timeline", tags=["saved"], summary="Saved explanations per UTC day with their cost")
    def timeline(question: str | None = None, since: str | None = None, until: str | None = None,
                 limit: int = Query(60, ge=1, le=366)) -> list[dict[str, Any]]:
        return workbench.timeline(question=question or None, since=since or None, until=until or None, limit=limit)

    @app.get("/api/compare", tags=["saved"],
             summary="Two explanations of the same question side by side: what moved")
    def compare(a: str, b: str) -> dict[str, Any]:
        return workbench.compare(a, b)

    return app


def _sse(event: dict[str, Any]) -> str:
    return f"id: {event['seq']}\nevent: {event['type']}\ndata: {json.dumps(event, default=str)}\n\n"


def _error(status: int, message: str, hint: str | None) -> JSONResponse:
    return JSONResponse({"error": message, "hint": hint, "status": status}, status_code=status,
                        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})


def _secure(response: Response, request: Request) -> Response:
    headers = response.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "no-referrer")
    if "x-xgrag-own-csp" in headers:  # the exported page carries its own policy (inline scripts by hash)
        del headers["x-xgrag-own-csp"]
    else:
        headers.setdefault("Content-Security-Policy", PAGE_CSP)
    if request.url.path.startswith("/api/"):
        headers.setdefault("Cache-Control", "no-store")
    return response
