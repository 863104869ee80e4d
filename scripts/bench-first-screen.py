#!/usr/bin/env python3
"""`make bench` (its last part): the first screen of 50 rows and the memory holding them, beside
fzf and less on the same rows (issue 37's "first full screen" and "RSS with 50 rows").

Every program is given the same 50 records (~100 bytes each, as `scripts/bench-big.py` makes
them) the way a user would give them:

- infinilist on an HTTP list: `infinilist http://127.0.0.1:PORT/items` (a JSON array of the 50
  records, from a server in this process);
- infinilist on the same records as a file of JSON lines: `infinilist FILE`;
- `fzf --no-sort < FILE` (fzf reads the lines from stdin and shows them);
- `less -S FILE`;
- `cat FILE` (then waits): the floor, what tmux itself takes to start a window and show 50
  lines.

Each run starts the program in a new detached tmux window of 120 x 40 and polls
`tmux capture-pane` every 2 ms until the screen shows record 29 (every program's first screen
has at least 30 rows of the list): spawn → first full screen, tmux's start included for all
alike. Then `VmRSS` of the program is read from /proc after 300 ms of quiet. Runs are
interleaved, 15 of each by default (BENCH_FIRST_RUNS); the table gives the median and the range.
"""
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

BIN = os.environ.get("INFINILIST", ".build/release/infinilist")
WORK = os.environ.get("BENCH_FIRST_DIR", "/tmp/infinilist-bench-first")
RUNS = int(os.environ.get("BENCH_FIRST_RUNS", "15"))
MODULES = ["core", "loader", "render", "stream", "jq"]


def records():
    return [{"id": n, "title": "Record %d: something happened in the %s module" % (n, MODULES[n % 5]),
             "user": "u%d" % (n % 997), "n": n * 7} for n in range(50)]


class Items(http.server.BaseHTTPRequestHandler):
    body = b""

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        pass


def tmux(*args):
    return subprocess.run(["tmux", "-L", "bench-first", *args], capture_output=True, text=True).stdout


def run_once(command):
    """Seconds from spawn to record 29 on screen, and the program's VmRSS in KiB."""
    name = "first-%d" % os.getpid()
    tmux("kill-session", "-t", name)
    start = time.monotonic()
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", "exec " + command)
    shown = None
    while time.monotonic() - start < 10:
        if "Record 29:" in tmux("capture-pane", "-p", "-t", name):
            shown = time.monotonic() - start
            break
        time.sleep(0.002)
    time.sleep(0.3)
    rss = None
    pid = tmux("list-panes", "-t", name, "-F", "#{pane_pid}").strip()
    try:
        with open("/proc/%s/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
    except (OSError, ValueError):
        pass
    tmux("kill-session", "-t", name)
    return shown, rss


def summary(values, scale, unit, digits):
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    return "%.*f %s (%.*f–%.*f)" % (digits, statistics.median(values) * scale, unit, digits, min(values) * scale,
                                   digits, max(values) * scale)


def main():
    for tool in ["tmux", "less", "fzf"]:
        if shutil.which(tool) is None:
            sys.exit("the first-screen bench needs %s (sudo apt-get install %s)" % (tool, tool))
    if not os.path.exists(BIN):
        sys.exit("no %s: run make release first" % BIN)
    binary = os.path.abspath(BIN)
    os.makedirs(WORK, exist_ok=True)
    items = records()
    path = os.path.join(WORK, "fifty.jsonl")
    with open(path, "w") as lines:
        lines.write("".join(json.dumps(item, separators=(",", ":")) + "\n" for item in items))
    Items.body = json.dumps(items, separators=(",", ":")).encode()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Items)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/items" % server.server_address[1]
    programs = [
        ("infinilist, the HTTP list", "%s %s" % (binary, url)),
        ("infinilist, the file", "%s %s" % (binary, path)),
        ("fzf --no-sort < FILE", "fzf --no-sort < %s" % path),
        ("less -S FILE", "less -S %s" % path),
        ("cat FILE, then waits (the floor: tmux's own start)", "sh -c 'cat %s; sleep 30'" % path),
    ]
    results = {name: ([], []) for name, _ in programs}
    for _ in range(RUNS):
        for name, command in programs:
            shown, rss = run_once(command)
            results[name][0].append(shown)
            results[name][1].append(rss)
    server.shutdown()
    print("First full screen of the same 50 records (120 x 40 tmux, %d interleaved runs, median (range)):" % RUNS)
    print()
    print("| program, asked to | spawn → record 29 on screen | VmRSS with the rows shown |")
    print("|---|---|---|")
    for name, _ in programs:
        times, memory = results[name]
        print("| %s | %s | %s |" % (name, summary(times, 1000, "ms", 1), summary(memory, 1 / 1024, "MiB", 1)))


if __name__ == "__main__":
    main()
