# Tidies the man page swift-argument-parser's generate-manual plugin writes for infinilist (used by
# `make man`). The plugin copies the command's discussion text into DESCRIPTION with only its
# backslashes escaped, so: a line starting with . or ' is protected from being read as a request,
# a blank line becomes a paragraph break, and indented lines (examples, the key tables) become
# literal displays instead of being filled into one paragraph. It also drops the "subcommand" and "help" subcommand the plugin writes even
# for a command without subcommands.

/^\.Ar subcommand$/ { next }

# The help "subcommand" entry and its own list, up to that list's end.
/^\.It Em help$/ { skipping = 1; next }
skipping { if ($0 == ".El") skipping = 0; next }

/^\.Sh DESCRIPTION/ { description = 1; print; next }

description && /^\.(Bl|Sh) / {
    if (literal) { print ".Ed"; literal = 0 }
    description = 0
}

description {
    line = $0
    if (line ~ /^[ \t]*$/) {
        if (literal) { print ".Ed"; literal = 0 }
        print ".Pp"
        next
    }
    if (line ~ /^  /) {
        if (!literal) { print ".Bd -literal -offset 2n"; literal = 1 }
        sub(/^  /, "", line)
    } else if (literal) {
        print ".Ed"
        literal = 0
    }
    if (line ~ /^[.']/) line = "\\&" line
    print line
    next
}

{ print }
