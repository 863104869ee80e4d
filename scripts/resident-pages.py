#!/usr/bin/env python3
"""Which sections of an executable are resident in a running process, page by page.

usage: scripts/resident-pages.py PID BINARY

Reads /proc/PID/maps and /proc/PID/pagemap (root, or the process's own user with
CAP_SYS_ADMIN) and puts each resident page of BINARY's mappings in the section of BINARY
(readelf -S) that holds its address. Used for docs/performance.md ("Resident memory with
50 rows, page by page"): start the release build showing the demo in tmux, then run this on
its pid.
"""
import collections
import re
import struct
import subprocess
import sys


def sections(binary):
    found = []
    listing = subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16):
            found.append((int(match.group(2), 16), int(match.group(3), 16), match.group(1)))
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pid, binary = sys.argv[1], sys.argv[2]
    name = binary.rsplit("/", 1)[-1]
    maps = []
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split()
        if len(fields) >= 6 and fields[5].rsplit("/", 1)[-1] == name:
            start, end = (int(x, 16) for x in fields[0].split("-"))
            maps.append((start, end, fields[1], int(fields[2], 16)))
    if not maps:
        sys.exit(f"{name} is not mapped in process {pid}")
    # The load bias: where the first mapping (file offset 0, address 0 in the file) starts.
    bias = min(start - offset for start, _, _, offset in maps)
    table = sections(binary)
    resident = collections.Counter()
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for start, end, permissions, _ in maps:
            for address in range(start, end, 4096):
                pagemap.seek(address // 4096 * 8)
                entry = struct.unpack("Q", pagemap.read(8))[0]
                if not entry >> 63:
                    continue
                where = address - bias
                section = next((s for base, size, s in table if base <= where < base + size), "(no section)")
                resident[(section, permissions)] += 4
    for (section, permissions), kilobytes in resident.most_common():
        print(f"{kilobytes:8,} KB  {section}  {permissions}")
    print(f"{sum(resident.values()):8,} KB  in all")


if __name__ == "__main__":
    main()
