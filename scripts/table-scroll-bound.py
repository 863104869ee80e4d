#!/usr/bin/env python3
"""The fewest bytes any writer could send for a ↓ that scrolls the demo feed's table (issue 13).

Runs the release binary in a 100x30 pty (TERM=xterm-256color, as `infinilist-bench --layouts`),
presses ↓ 200 times in the table and in one-line rows (`--format '{title}'`), and keeps each
press's output. For the scrolling presses (31-200) it replaces every cursor move inside the new
table row (ncurses' `ESC[row;colH` and `ESC[colG`) by the cheapest that reaches the same column:
N spaces (the scrolled-in line is blank) or `ESC[NC`. What is left is the row's text and the
scroll, mark and status bytes both layouts share, so no writer sends fewer bytes for the same
row. Usage: scripts/table-scroll-bound.py [BINARY]
"""
import fcntl, os, pty, re, select, struct, sys, termios, unicodedata

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/infinilist"
MARK_END = b">\x1b[39m\x1b(B\x1b[m"
TOKEN = re.compile(rb"\x1b\[(\d*);?(\d*)([HG])|\x1b\(B|\x1b\[[0-9;]*[A-Za-z]|\x1b[^\[(]|[\x00-\x1f]|[^\x00-\x1f\x1b]+")


def presses(extra, count=200, quiet=0.1):
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execve(BINARY, [BINARY, "--demo-latency", "0", "--demo-items", "20000"] + extra, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))

    def drain(wait):
        out = b""
        while select.select([fd], [], [], wait)[0]:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
        return out

    drain(1.0)
    outputs = []
    for _ in range(count):
        os.write(fd, b"\x1bOB")  # kcud1 in keypad mode
        outputs.append(drain(quiet))
    os.write(fd, b"q")
    drain(0.3)
    os.waitpid(pid, 0)
    return outputs


def width(text):
    def one(ch):
        if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            return 0
        return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return sum(one(ch) for ch in text)


def cheapest(output):
    start = output.find(MARK_END)
    end = output.find(b"\x1b[30;", start)
    if start < 0 or end < 0:
        return len(output)
    column, sent, needed = 2, 0, 0  # 1-based: the mark is in column 1
    for match in TOKEN.finditer(output[start + len(MARK_END):end]):
        if match.group(3):
            target = int(match.group(2) if match.group(3) == b"H" else match.group(1))
            gap = target - column
            sent += len(match.group(0))
            needed += min(gap, 3 + len(str(gap))) if gap > 0 else len(match.group(0))
            column = target
        elif not match.group(0).startswith(b"\x1b"):
            column += width(match.group(0).decode("utf-8", "replace"))
    return len(output) - sent + needed


table = presses([])[30:]
lines = presses(["--format", "{title}"])[30:]
one_line = sum(map(len, lines)) / len(lines)
actual = sum(map(len, table)) / len(table)
bound = sum(map(cheapest, table)) / len(table)
print(f"scrolling ↓ (presses 31-200): one-line rows {one_line:.1f} B; table {actual:.1f} B ({actual / one_line:.3f}×); "
      f"table with the cheapest cursor moves {bound:.1f} B ({bound / one_line:.3f}×)")
