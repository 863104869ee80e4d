#!/usr/bin/env python3
"""`make bench-big`: infinilist beside less, fzf and jq on big NDJSON files (issue 37).

Generates (once, in BENCH_BIG_DIR, never committed) NDJSON files of ~100-byte records, 200 MB
and 1 GB by default, and measures on each, every peer doing the same work a user would give it:

- End / G to the last row on screen: infinilist `End`, `less` `G` on the same file; fzf has no
  "go to the end" but must read every line before it can show the last one, so its figure is
  the time until its counter shows all lines read (what `fzf < FILE` costs before a search).
- `/` search for a record near the end until the cursor is on it: infinilist `/needle`, `less`
  `/needle`; `fzf --filter needle < FILE` (no screen) until it exits.
- `End` again once the background count is in (the status line says "of N"): a pass then looks
  the pages up instead of counting (decision 158), against the same `less` `G`.
- `--dump FILE` against `jq -c . FILE`, both to /dev/null (the same bytes out: checked on the
  200 MB file); and `cat FILE | infinilist --dump` against `cat FILE | jq -c .`: a pipe.

Screen readiness is read with `tmux capture-pane` every 5 ms (so a figure below ~10 ms is the
polling's resolution, not the program's), never from the byte stream. One run each; the machine
should be otherwise idle. Prints a markdown table.
"""
import os
import shutil
import subprocess
import sys
import time

BIN = os.environ.get("INFINILIST", ".build/release/infinilist")
WORK = os.environ.get("BENCH_BIG_DIR", "/tmp/infinilist-bench-big")
SIZES = [int(s) for s in os.environ.get("BENCH_BIG_MB", "200 1000").split()]
RECORD = '{"id":%d,"title":"Record %d: something happened in the %s module","user":"u%d","n":%d}\n'
MODULES = ["core", "loader", "render", "stream", "jq"]
TIMEOUT = 300.0


def generate(megabytes):
    path = os.path.join(WORK, "records-%dmb.jsonl" % megabytes)
    if os.path.exists(path):
        return path, count_lines(path)
    os.makedirs(WORK, exist_ok=True)
    target = megabytes * 1_000_000
    written = 0
    lines = 0
    with open(path + ".part", "w") as out:
        chunk = []
        while written < target:
            line = RECORD % (lines, lines, MODULES[lines % 5], lines % 997, lines * 7)
            chunk.append(line)
            written += len(line)
            lines += 1
            if len(chunk) == 10_000:
                out.write("".join(chunk))
                chunk = []
        out.write("".join(chunk))
    os.rename(path + ".part", path)
    return path, lines


def count_lines(path):
    with open(path, "rb") as f:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 24), b""))


def tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


class Session:
    """A program in a detached tmux window of 120 x 40."""

    def __init__(self, command):
        self.name = "bench-big-%d" % os.getpid()
        tmux("kill-session", "-t", self.name)
        tmux("new-session", "-d", "-s", self.name, "-x", "120", "-y", "40", command)

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys):
        tmux("send-keys", "-t", self.name, *keys)

    def wait(self, predicate, limit=TIMEOUT):
        """Seconds until `predicate(screen)` holds; None past `limit`."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            if predicate(self.screen()):
                return time.monotonic() - start
            time.sleep(0.005)
        return None

    def close(self):
        tmux("kill-session", "-t", self.name)


def timed_screen(command, ready, keys, done):
    """Opens `command`, waits for `ready`, sends `keys`, returns the seconds until `done`."""
    session = Session(command)
    try:
        if session.wait(ready, 60) is None:
            return None
        session.keys(*keys)
        return session.wait(done)
    finally:
        session.close()


def timed_run(command, stdin=None):
    start = time.monotonic()
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
        subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def last_id_shown(last):
    return lambda screen: ('"id":%d,' % last) in screen or ("Record %d:" % last) in screen


def main():
    for tool in ["tmux", "less", "fzf", "jq"]:
        if shutil.which(tool) is None:
            sys.exit("bench-big needs %s (sudo apt-get install %s)" % (tool, tool))
    if not os.path.exists(BIN):
        sys.exit("no %s: run make release first" % BIN)
    rows = []
    for megabytes in SIZES:
        path, lines = generate(megabytes)
        last = lines - 1
        needle = "Record %d:" % (lines - 50)
        print("%d MB, %d lines: %s" % (megabytes, lines, path), file=sys.stderr)
        first = lambda screen: "Record 0:" in screen or '"id":0,' in screen
        ours_end = timed_screen("%s %s" % (BIN, path), first, ["End"], last_id_shown(last))
        counted = lambda screen: first(screen) and (" of %s" % format(lines, ",")) in screen
        ours_end_counted = timed_screen("%s %s" % (BIN, path), counted, ["End"], last_id_shown(last))
        less_end = timed_screen("less -S %s" % path, first, ["G"], last_id_shown(last))
        fzf_all = timed_screen("fzf --no-sort < %s" % path, lambda s: True, [], lambda s: ("%d/%d" % (lines, lines)) in s)
        # On a row, not on the prompt or the status line, which show the needle alone.
        found = lambda screen: (needle + " something") in screen
        ours_search = timed_screen("%s %s" % (BIN, path), first, ["/", needle, "Enter"], found)
        less_search = timed_screen("less -S %s" % path, first, ["/", needle, "Enter"], found)
        fzf_filter = timed_run(["fzf", "--filter", needle], stdin=path)
        ours_dump = timed_run([BIN, "--dump", path])
        jq_dump = timed_run(["jq", "-c", "."], stdin=path)
        ours_pipe = timed_run(["sh", "-c", "cat '%s' | '%s' --dump" % (path, BIN)])
        jq_pipe = timed_run(["sh", "-c", "cat '%s' | jq -c ." % path])
        rows.append((megabytes, lines, ours_end, ours_end_counted, less_end, fzf_all, ours_search, less_search, fzf_filter,
                     ours_dump, jq_dump, ours_pipe, jq_pipe))
    fmt = lambda s: "–" if s is None else "%.3f" % s
    rate = lambda mb, s: "–" if not s else "%.0f MB/s" % (mb / s)
    print("| file | End → last row: infinilist | … once counted | less G | fzf reads every line | / near the end: infinilist | less / | fzf --filter |")
    print("|---|---|---|---|---|---|---|---|")
    for (mb, lines, oe, oc, le, fa, os_, ls, ff, od, jd, op, jp) in rows:
        print("| %d MB, %s lines | %s s | %s s | %s s | %s s | %s s | %s s | %s s |"
              % (mb, format(lines, ","), fmt(oe), fmt(oc), fmt(le), fmt(fa), fmt(os_), fmt(ls), fmt(ff)))
    print()
    print("| file | --dump FILE | jq -c . FILE | cat FILE \\| infinilist --dump | cat FILE \\| jq -c . |")
    print("|---|---|---|---|---|")
    for (mb, lines, oe, oc, le, fa, os_, ls, ff, od, jd, op, jp) in rows:
        print("| %d MB | %s s (%s) | %s s | %s s (%s) | %s s |" % (mb, fmt(od), rate(mb, od), fmt(jd), fmt(op), rate(mb, op), fmt(jp)))


if __name__ == "__main__":
    main()
