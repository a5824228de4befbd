#!/usr/bin/env python3
"""Keeps one page open in headless Chromium and reports when its live DOM shows a text, for the dashboard test.

Usage: browser-watch.py CHROMIUM URL
Opens URL (over Chromium's DevTools protocol, a WebSocket) and waits until the page's script has filled the
dashboard once (`#specs[data-refreshed]`), then prints `ready`. Then, for each line `expect TEXT` read on standard
input, polls the live DOM (never reloading the page) until it contains TEXT and prints `seen SECONDS REFRESHES`,
or `timeout` after 10 s. The `--dump-dom` flag cannot do this: the page's open EventSource keeps it loading.
Written by hand because no Chromium driver is on this machine; websocket-client (PyPI) speaks the WebSocket.
"""
import json
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


def main():
    chromium, url = sys.argv[1], sys.argv[2]
    profile = tempfile.mkdtemp(prefix="lb-chromium-")
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
         "--remote-debugging-port=0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            line = browser.stderr.readline()
            match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
        if port is None:
            print("error chromium printed no DevTools address", flush=True)
            return 1
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=10)
        ids = iter(range(1, 1 << 30))

        def call(method, **params):
            call_id = next(ids)
            socket.send(json.dumps({"id": call_id, "method": method, "params": params}))
            while True:
                message = json.loads(socket.recv())
                if message.get("id") == call_id:
                    return message.get("result", {})

        def evaluate(expression):
            result = call("Runtime.evaluate", expression=expression, returnByValue=True)
            return result.get("result", {}).get("value")

        call("Page.navigate", url=url)
        refreshed = "(document.getElementById('specs') || {dataset: {}}).dataset.refreshed || '0'"
        deadline = time.time() + 20
        while int(evaluate(refreshed) or 0) < 1:
            if time.time() > deadline:
                print("error the page's script never filled the dashboard", flush=True)
                return 1
            time.sleep(0.02)
        print("ready", flush=True)
        for line in sys.stdin:
            if not line.startswith("expect "):
                continue
            text = line[len("expect "):].rstrip("\n")
            start = time.time()
            while True:
                if evaluate(f"document.getElementById('specs').innerHTML.includes({json.dumps(text)})"):
                    print(f"seen {time.time() - start:.3f} {evaluate(refreshed)}", flush=True)
                    break
                if time.time() - start > 10:
                    print("timeout", flush=True)
                    break
                time.sleep(0.02)
        socket.close()
        return 0
    finally:
        browser.kill()
        browser.wait()


if __name__ == "__main__":
    sys.exit(main())
