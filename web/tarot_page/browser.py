"""The page's one door to the browser: the only module that imports ``pyodide`` or ``pyscript``.

:class:`BrowserPage` is what ``table.Table`` calls to show HTML, set the ``<body>`` flags, read
the address, keep the game in ``localStorage``, download a file, copy to the clipboard, sleep,
run a task, ask the computer players' worker a question (and say when one is no longer needed:
the protocol is in web/static/ai-worker.js) and hear clicks; every value it hands back is plain Python
(``str``, ``dict``, ``None``), never a JavaScript object. ``table.start()`` imports it when the
page starts; it is left out of the memory snapshot (tools/make_snapshot.mjs), which may hold no
JavaScript object. In CPython, the tests give ``Table`` a fake page with the same methods.
"""

from __future__ import annotations

import asyncio
import json

from pyodide.ffi import JsException, create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from tarot_core import jsonsafe
from tarot_core.saves import StorageError
from tarot_page.markup import Markup


def _text(value) -> str | None:
    """A JavaScript string as ``str``, or ``None`` for null/undefined."""
    return None if value is None or value is jsnull else str(value)


class LocalStorage:
    """``window.localStorage`` as a :class:`tarot_core.saves.Storage`; any browser refusal
    (quota, private mode, storage disabled) becomes :class:`StorageError`.

    The constructor itself raises (a JavaScript error) in a sandboxed or storage-less context.
    """

    def __init__(self) -> None:
        self.store = window.localStorage  # may raise in a sandboxed or storage-less context

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None``."""
        return _text(self.store.getItem(key))

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises :class:`StorageError` when the browser refuses."""
        try:
            self.store.setItem(key, value)
        except Exception as e:  # a JS QuotaExceededError or SecurityError
            raise StorageError(str(e)) from None

    def remove(self, key: str) -> None:
        """Forget ``key`` (silently, when the browser refuses)."""
        try:
            self.store.removeItem(key)
        except Exception:
            pass

    def keys(self) -> list[str]:
        """Every key stored for this site."""
        return [str(self.store.key(i)) for i in range(self.store.length)]


class BrowserPage:
    """The document, its address and the browser's services, for ``table.Table``.

    Draws into ``#app``. Raises nothing of its own; a JavaScript error surfaces as a
    ``JsException`` except where a method says otherwise.
    """

    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self._proxies: list = []  # kept alive as long as the page: the browser calls them
        self._cancelled: set = set()  # the ids of questions cancelled and not answered yet

    # -- the address --

    def query(self) -> str:
        """The address's query string, ``"?players=4&pace=0"`` (``""`` without one)."""
        return str(window.location.search)

    def fragment(self) -> str:
        """The address's fragment, ``"#share=…"`` (``""`` without one)."""
        return str(window.location.hash)

    def address(self) -> str:
        """The page's address without query or fragment (origin and path)."""
        return f"{window.location.origin}{window.location.pathname}"

    def decode_uri(self, text: str) -> str:
        """``text`` percent-decoded by the browser (decodeURIComponent); as it is if malformed.

        The browser's decoder rather than urllib.parse, which would cost its import (and that of
        ipaddress) at every start.
        """
        try:
            return str(window.decodeURIComponent(text))
        except JsException:  # URIError
            return text

    def drop_fragment(self) -> None:
        """Remove the fragment from the address (history.replaceState), so that a reload does
        not reopen a shared result; nothing when there is none."""
        if str(window.location.hash):
            window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}")

    def set_query(self, query: str) -> None:
        """Make the address's query ``query`` (``"?sheet=1"``; the fragment dropped) without
        reloading (history.replaceState), so that a reload comes back to the same screen."""
        window.history.replaceState(None, "", f"{window.location.pathname}{query}")

    def drop_query(self) -> None:
        """Remove the query and fragment from the address (history.replaceState)."""
        window.history.replaceState(None, "", str(window.location.pathname))

    def reload(self) -> None:
        """Reload the page."""
        window.location.reload()

    def today(self) -> str:
        """Today's date in the player's own time zone, as ``YYYY-MM-DD``."""
        now = window.Date.new()
        return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"

    def storage(self) -> LocalStorage:
        """The browser's ``localStorage`` (:class:`LocalStorage`); raises when the browser
        refuses it altogether (storage disabled, a sandboxed frame)."""
        return LocalStorage()

    # -- the document --

    def show(self, markup: Markup) -> None:
        """Replace the content of ``#app`` with the HTML ``markup``, which must be
        :class:`markup.Markup` (built by the renderers, every field escaped): a plain string raises
        :class:`TypeError` and changes nothing."""
        if not isinstance(markup, Markup):
            raise TypeError(f"page.show takes Markup (the renderers' HTML), not {type(markup).__name__}")
        self.root.innerHTML = markup

    def title(self, text: str) -> None:
        """Set the document's title (the browser tab's name)."""
        document.title = text

    def languages(self) -> list[str]:
        """The browser's languages, most preferred first (``navigator.languages``; ``[]`` when
        the browser gives none)."""
        try:
            return [str(code) for code in window.navigator.languages]
        except Exception:
            return []

    def set_language(self, code: str, direction: str) -> None:
        """Mark the document as written in ``code`` (``<html lang>``), ``direction`` ``"ltr"`` or
        ``"rtl"`` (``<html dir>``): screen readers, fonts and hyphenation follow it."""
        document.documentElement.lang = code
        document.documentElement.dir = direction

    def announce(self, lines: list[str]) -> None:
        """Say ``lines`` (sentences) to screen readers: the content of the live region
        ``#announcer`` (index.html, outside ``#app``, so that redrawing the table never re-creates
        it), one paragraph each, so that a screen reader pauses between them."""
        node = document.getElementById("announcer")
        if node:
            paragraphs = []
            for line in lines:
                p = document.createElement("p")
                p.textContent = line
                paragraphs.append(p)
            node.replaceChildren(*paragraphs)

    def flags(self, **values: str) -> None:
        """Set ``<body>`` data attributes: ``flags(phase="play")`` sets ``data-phase``."""
        dataset = document.body.dataset
        for name, value in values.items():
            setattr(dataset, name, value)

    def remove(self, element_id: str) -> None:
        """Remove the element with id ``element_id``, if there is one."""
        node = document.getElementById(element_id)
        if node:
            node.remove()

    def scroll_to(self, element_id: str) -> None:
        """Scroll the element with id ``element_id`` to the top of the view, if there is one."""
        node = document.getElementById(element_id)
        if node:
            node.scrollIntoView()

    def set_text(self, element_id: str, text: str) -> None:
        """Set the text of the element with id ``element_id``, if there is one."""
        node = document.getElementById(element_id)
        if node:
            node.textContent = text

    def offer_text(self, element_id: str, text: str) -> None:
        """Show ``text`` in the (hidden) text box ``element_id`` and select it, if there is one."""
        box = document.getElementById(element_id)
        if box:
            box.value = text
            box.hidden = False
            box.select()

    def value(self, element_id: str) -> str:
        """The text typed in the input ``element_id`` (``""`` when there is none)."""
        node = document.getElementById(element_id)
        return str(node.value) if node and node is not jsnull else ""

    # -- the browser's services --

    def share_native(self, text: str) -> bool:
        """Open the device's share menu (the Web Share API) with ``text``; False, with nothing
        done, where the browser has no such menu or refuses this text (then the caller copies
        it). The player closing the menu without sharing is not an error."""
        navigator = window.navigator
        share = getattr(navigator, "share", None)
        if share is None or share is jsnull:
            return False
        data = to_js({"text": text}, dict_converter=window.Object.fromEntries)
        can = getattr(navigator, "canShare", None)
        try:
            if can is not None and can is not jsnull and not navigator.canShare(data):
                return False
            navigator.share(data).catch(create_once_callable(lambda error: None))  # closed, or refused later
        except JsException:
            return False
        return True

    def copy(self, text: str) -> bool:
        """Ask the browser to copy ``text`` to the clipboard; False when it cannot even be asked
        (no clipboard API here)."""
        try:
            window.navigator.clipboard.writeText(text)
            return True
        except Exception:
            return False

    def download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a file download called ``name`` (of type ``mime``)."""
        options = to_js({"type": mime}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new([text], options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    def spawn(self, coroutine) -> None:
        """Run ``coroutine`` as a task of the page's event loop (the browser's)."""
        asyncio.ensure_future(coroutine)

    async def think(self, request: dict) -> dict:
        """Ask the computer players' Web Worker (web/static/ai-worker.js, through app.js's
        ``tarotThink``) to answer ``request`` (the dict that ``thinking.think`` takes, with the
        ``"id"`` its asker numbered it by), and return its answer; the page goes on meanwhile.

        A question :meth:`cancel` named before the worker started on it is answered
        ``{"id": ..., "cancelled": True}``, with no search anywhere: its asker takes that as no
        answer. When there is no worker or it fails (it cannot start, crashes, or is silent for
        30 s), the same answer is worked out here, on the page's thread (but for a cancelled
        question: no answer then either); an answer with an ``"error"`` (the request itself is
        wrong) is returned as it is: working it out again here would fail the same way."""
        asked = request.get("id")
        try:
            ask = getattr(window, "tarotThink", None)
            if ask is not None and ask is not jsnull:
                try:
                    answer = jsonsafe.loads(str(await ask(json.dumps(request))))  # bounded (issue 31)
                    if not isinstance(answer, dict):
                        raise ValueError("the worker's answer is not an object")
                    if "error" in answer:
                        window.console.warn(f"computer player worker: {answer['error']}")
                    return answer
                except (JsException, ValueError) as error:
                    window.console.warn(f"computer player worker failed: {error}")
            if asked in self._cancelled:
                return {"id": asked, "cancelled": True}
            from tarot_page.thinking import think

            return think(request)
        finally:
            self._cancelled.discard(asked)

    def cancel(self, ids: list[int]) -> None:
        """Tell the worker (app.js's ``tarotCancel``: the message ``{"cancel": ids}``) that the
        questions numbered ``ids`` are no longer needed: those it has not started on come back
        cancelled at once (:meth:`think`), and are not worked out here should the worker fail."""
        self._cancelled.update(ids)
        cancel = getattr(window, "tarotCancel", None)
        if cancel is not None and cancel is not jsnull:
            cancel(json.dumps({"cancel": list(ids)}))

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (a browser timer under Pyodide's event loop)."""
        await asyncio.sleep(seconds)

    # -- events --

    def listen(self, on_click, on_change, on_storage, on_hash) -> None:
        """Call, with plain values:

        * ``on_click(attrs, detail)`` for a click inside ``#app`` on (or within) an element with
          a ``data-action``: ``attrs`` its ``{"action", "value", "card"}`` data attributes (a
          missing one is ``None``), ``detail`` the event's click count;
        * ``on_change(action, read)`` when a file input inside ``#app`` gets a file: ``action``
          its ``data-action``, ``read`` an ``async`` function returning the file's text;
        * ``on_storage(key, new_value)`` when another tab changes ``localStorage``;
        * ``on_hash(fragment)`` when the address's fragment changes in this tab (``hashchange``:
          a share link opened into it), ``fragment`` as :meth:`fragment` gives it.
        """

        def click(event) -> None:
            target = event.target.closest("[data-action]")
            if target is None or target is jsnull:  # a click outside any button (JS null)
                return
            attrs = {name: _text(target.getAttribute(f"data-{name}")) for name in ("action", "value", "card")}
            on_click(attrs, int(event.detail or 0))

        def change(event) -> None:
            target = event.target
            action = _text(target.getAttribute("data-action"))
            files = getattr(target, "files", None)  # null but on a file input
            if files is None or files is jsnull or not files.length:
                return
            file = files.item(0)

            async def read() -> str:
                return str(await file.text())

            on_change(action, read)

        def storage(event) -> None:
            on_storage(_text(event.key), _text(event.newValue))

        def hashchange(event) -> None:
            on_hash(str(window.location.hash))

        for node, name, handler in ((self.root, "click", click), (self.root, "change", change),
                                    (window, "storage", storage), (window, "hashchange", hashchange)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            node.addEventListener(name, proxy)
