"""Live pages (Server-Sent Events): the student's attempts and the teacher's class, pushed as they change."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response, StreamingResponse

from grader.text import i18n
from grader.service.routes.common import UNAVAILABLE

# How often the server looks for a change, how long one stream lasts.
LIVE_PERIOD = 0.5
LIVE_SECONDS = 600


def live(lang: str, view: Callable[[], dict]) -> Response:
    """The page's JSON whenever it changes. The server looks every LIVE_PERIOD (one database read, as a
    page's poll was, without the request); a comment every 15 s keeps proxies from closing the stream;
    after LIVE_SECONDS the browser's EventSource reconnects by itself (and the student's link or the
    teacher's session is checked again)."""

    async def events():
        last, quiet, started = None, 0.0, time.monotonic()
        while time.monotonic() - started < LIVE_SECONDS:
            try:
                data = json.dumps(await run_in_threadpool(view), ensure_ascii=False)
            except UNAVAILABLE:
                last, data = None, None
                message = json.dumps({"error": i18n.t("service.database_unavailable", lang)}, ensure_ascii=False)
                yield f"event: unavailable\ndata: {message}\n\n"
            if data is not None and data != last:
                last, quiet = data, 0.0
                yield f"data: {data}\n\n"
            await asyncio.sleep(LIVE_PERIOD)
            quiet += LIVE_PERIOD
            if quiet >= 15:
                quiet = 0.0
                yield ": still here\n\n"

    return StreamingResponse(events(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})
