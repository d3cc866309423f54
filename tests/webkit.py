"""Debian's WebKit (webkit2gtk-driver's ``WebKitWebDriver``) under Xvfb, driven with Selenium, for
the e2e tests (test_e2e_browsers.py) and bench/browsers.py.

* ``WEBKIT_DRIVER``: ``TAROT_WEBKIT_DRIVER`` or ``/usr/bin/WebKitWebDriver``; it starts
  WebKitGTK's MiniBrowser, which needs an X display: ``XVFB`` (``TAROT_XVFB`` or
  ``/usr/bin/Xvfb``) gives it one.
* :func:`start_xvfb` starts Xvfb on a display it picks itself (``-displayfd``: the server writes
  the number of the free display it took once it accepts connections; nothing is guessed and
  nothing waits a fixed time).
* :func:`webkit_driver` starts a WebKit session on that display, with a profile of its own.
"""

from __future__ import annotations

import os
import select
import subprocess
import time

WEBKIT_DRIVER = os.environ.get("TAROT_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = os.environ.get("TAROT_XVFB", "/usr/bin/Xvfb")
XVFB_TIMEOUT_S = 30


class Xvfb:
    """A running Xvfb server: ``display`` (e.g. ``":99"``) and :meth:`stop`."""

    def __init__(self, process: subprocess.Popen, display: str) -> None:
        self.process, self.display = process, display

    def stop(self) -> None:
        """Stop the server (this process started it) and wait for it to exit."""
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_xvfb(xvfb: str = XVFB, timeout_s: float = XVFB_TIMEOUT_S) -> Xvfb:
    """Start Xvfb on a free display (it chooses; ``-displayfd``) and return it once it accepts
    connections. Raises RuntimeError if it exits or says nothing within ``timeout_s``."""
    read_fd, write_fd = os.pipe()
    try:
        process = subprocess.Popen(
            [xvfb, "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
    finally:
        os.close(write_fd)
    number = b""
    deadline = time.monotonic() + timeout_s
    try:
        while not number.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read_fd], [], [], max(left, 0))
            if not ready:
                process.kill()
                raise RuntimeError(f"Xvfb gave no display within {timeout_s} s")
            chunk = os.read(read_fd, 16)
            if not chunk:
                process.wait()
                raise RuntimeError(f"Xvfb exited ({process.returncode}): {process.stderr.read().decode(errors='replace')}")
            number += chunk
    finally:
        os.close(read_fd)
    return Xvfb(process, f":{int(number)}")


def webkit_driver(display: str, driver: str = WEBKIT_DRIVER):
    """A Selenium session of WebKitGTK's MiniBrowser on X display ``display`` (a fresh, private
    profile each time: an empty cache, no service worker, no localStorage)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.add_argument("--automation")
    env = {**os.environ, "DISPLAY": display}
    service = Service(executable_path=driver, env=env)
    return webdriver.WebKitGTK(options=options, service=service)


def wait_until(driver, script: str, timeout_s: float, poll_s: float = 0.05):
    """Evaluate ``return (script)`` in the page until it is truthy; return that value. Raises
    TimeoutError (with the script) after ``timeout_s``. Script errors during a navigation (the
    page is being replaced) count as not yet."""
    from selenium.common.exceptions import WebDriverException

    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = driver.execute_script(f"return ({script});")
        except WebDriverException:
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout_s} s: {script}")
        time.sleep(poll_s)  # the poll interval of a condition with a deadline, not a timing sleep
