#!/bin/bash
# Writes Sources/infinilist/hot-symbols.order: the functions a few typical sessions run, session
# by session (each session's sorted by name), for lld's --symbol-ordering-file (decision 79). Linked first and together, the code
# that start-up and a screenful of rows run sits in a few MB of the binary instead of being spread
# over its 25 MB of code, so fewer pages of it are read in and resident.
#
# `make hot-symbols` runs this after a release build. It runs the release binary under callgrind
# (valgrind) in a few typical sessions: --version, --help, a dump and a list of a local HTTP
# server, the demo feed in tmux with keys pressed. It keeps only names defined once in the binary:
# a local helper defined in many objects (`$sSqwxx`, `...Tm`) would pull every object's whole
# section forward. Names that no longer exist after a change are skipped by the linker, so a stale
# list costs resident memory, never correctness; run it again after large changes.
set -euo pipefail

binary=${1:-.build/release/infinilist}
output=${2:-Sources/infinilist/hot-symbols.order}
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    tmux -L hot-symbols kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

for tool in valgrind tmux python3 objcopy nm curl; do
    command -v "$tool" >/dev/null || { echo "hot-symbols: $tool is needed (apt-get install valgrind tmux python3 binutils curl)" >&2; exit 1; }
done

# valgrind 3.19 cannot read DWARF 5: run a copy without debug info (the symbol table stays).
objcopy --strip-debug "$binary" "$work/infinilist"

# Three pages of issue-like records, and an empty fourth: the end of the list.
python3 - "$work/site" <<'EOF'
import json, os, sys
site = sys.argv[1]
os.makedirs(site)
for page in range(1, 5):
    items = [] if page == 4 else [
        {"id": n, "number": n, "title": f"Item {n}: a title of a usual length, ünïcödé and 漢字",
         "user": {"login": f"user{n % 7}"}, "state": "open" if n % 3 else "closed",
         "comments": n % 40, "created_at": "2026-01-01T00:00:00Z", "draft": n % 5 == 0}
        for n in range((page - 1) * 100 + 1, page * 100 + 1)]
    with open(os.path.join(site, f"page{page}.json"), "w") as f:
        json.dump(items, f)
EOF
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/site" >/dev/null 2>&1 &
server=$!
url="http://127.0.0.1:$port/page{page}.json"
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/page1.json" && break; sleep 0.1; done

fail() {  # NAME: say which run failed, with what valgrind and the program said
    echo "hot-symbols: the $1 run failed; its output:" >&2
    cat "$work/$1.log" >&2 2>/dev/null || true
    exit 1
}

callgrind() {  # NAME ARGS...: one run, its profile in $work/NAME.out
    local name=$1; shift
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$name.out" "$work/infinilist" "$@" \
        >/dev/null 2>"$work/$name.log" || fail "$name"
}

# A session in a 100x30 tmux: start, wait for the status line, press KEYS one by one, quit; the
# program's exit status must be 0.
session() {  # NAME "ARGS" KEYS...
    local name=$1 arguments=$2; shift 2
    tmux -L hot-symbols new-session -d -x 100 -y 30 \
        "valgrind --tool=callgrind --demangle=no --callgrind-out-file='$work/$name.out' '$work/infinilist' $arguments 2>'$work/$name.log'; echo \$? > '$work/$name.rc'"
    for _ in $(seq 120); do
        tmux -L hot-symbols capture-pane -p 2>/dev/null | grep -q "row 1/" && break
        sleep 0.5
    done
    for key in "$@" q; do
        tmux -L hot-symbols send-keys -- "$key" 2>/dev/null || break   # it quit already
        sleep 1
    done
    for _ in $(seq 60); do [ -e "$work/$name.rc" ] && break; sleep 1; done
    tmux -L hot-symbols kill-server 2>/dev/null || true
    [ "$(cat "$work/$name.rc" 2>/dev/null)" = 0 ] || fail "$name"
}

callgrind version --version
session demo "--demo-latency 0 --demo-items 500" Down Down Down NPage NPage End Home / t i t l e Enter n
session http "'$url'" Down Down NPage p Down Down p Enter q c q Down
callgrind dump --dump "$url"
callgrind help --help

nm --defined-only "$binary" | awk '{ print $3 }' > "$work/defined"
python3 - "$work" "$output" <<'EOF'
import collections, os, re, sys
work, output = sys.argv[1], sys.argv[2]
defined = collections.Counter(open(f"{work}/defined").read().split())
# Session by session, each one's new names sorted: callgrind's own order changes from run to
# run, and a sorted list changes only where the code did.
order, seen = [], set()
for run in ["version", "demo", "http", "dump", "help"]:
    new = set()
    for line in open(f"{work}/{run}.out", errors="replace"):
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line)
        name = match.group(1).strip() if match else None
        if name and defined[name] == 1 and name not in seen:
            new.add(name)
    order += sorted(new)
    seen |= new
# A whole session runs thousands of functions: fewer means a run went wrong unnoticed.
if len(order) < 2000:
    sys.exit(f"hot-symbols: only {len(order)} functions recorded; {output} is left as it was")
with open(output + ".new", "w") as f:
    f.write("\n".join(order) + "\n")
os.replace(output + ".new", output)
print(f"hot-symbols: {len(order)} functions written to {output}")
EOF
