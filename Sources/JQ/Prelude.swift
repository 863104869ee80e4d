/// Builtins defined in jq itself, parsed once per process. They behave as jq 1.7.1's do (its
/// test suite, `make jq-conformance`; the differential tests against the machine's jq 1.6
/// name where 1.6 differs): `walk` keeps key order, `from_entries` takes `key`/`Key`/`name`/
/// `Name` and `value`/`Value`; `repeat(f)` (native) repeats `f` of the same input.
enum Prelude {
    static let source = """
    def map(f): [.[] | f];
    def map_values(f): .[] |= f;
    def recurse(f): def r: ., (f | r); r;
    def recurse(f; cond): def r: ., (f | select(cond) | r); r;
    def recurse_down: recurse;
    def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
    def from_entries: map({(.key // .Key // .name // .Name): (if has("value") then .value else .Value end)}) | add | . //= {};
    def with_entries(f): to_entries | map(f) | from_entries;
    def values: select(. != null);
    def nulls: select(type == "null");
    def booleans: select(type == "boolean");
    def numbers: select(type == "number");
    def strings: select(type == "string");
    def arrays: select(type == "array");
    def objects: select(type == "object");
    def iterables: select(type | . == "array" or . == "object");
    def scalars: select(type | . != "array" and . != "object");
    def finites: select(type == "number" and (isinfinite or isnan | not));
    def normals: select(isnormal);
    def paths: path(..) | select(length > 0);
    def paths(node_filter): . as $dot | paths | select(. as $p | $dot | getpath($p) | node_filter);
    def leaf_paths: paths(scalars);
    def del(f): delpaths([path(f)]);
    def isempty(g): first((g | false), true);
    def any: reduce .[] as $x (false; . or $x);
    def all: reduce .[] as $x (true; . and $x);
    def any(f): reduce (.[] | f) as $x (false; . or $x);
    def all(f): reduce (.[] | f) as $x (true; . and $x);
    def any(g; cond): isempty(first(g | cond | select(.))) | not;
    def all(g; cond): isempty(first(g | cond | select(. | not)));
    def in(xs): . as $x | xs | has($x);
    def inside(xs): . as $x | xs | contains($x);
    def first: .[0];
    def last: .[-1];
    def nth($n): .[$n];
    def nth($n; f): if $n < 0 then error("nth doesn't support negative indices")
        else label $out | foreach f as $item ($n + 1; . - 1; if . <= 0 then $item, break $out else empty end) end;
    def until(cond; update): def _until: if cond then . else (update | _until) end; _until;
    def while(cond; update): def _while: if cond then ., (update | _while) else empty end; _while;
    def reverse: [.[length - 1 - range(0; length)]];
    def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;
    def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
    def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
    def transpose: if . == [] then [] else . as $in | (map(length) | max) as $max
        | [range(0; $max) as $j | [range(0; $in | length) as $i | $in[$i][$j]]] end;
    def match(re; flags): _match_impl(re; flags; false) | .[];
    def match($re): if ($re | type) == "string" then match($re; null)
        elif ($re | type) == "array" and ($re | length) > 0 then match($re[0]; if ($re | length) > 1 then $re[1] else null end)
        else error(($re | type) + " not a string or array") end;
    def test(re; flags): _match_impl(re; flags; true);
    def test($re): if ($re | type) == "string" then test($re; null)
        elif ($re | type) == "array" and ($re | length) > 0 then test($re[0]; if ($re | length) > 1 then $re[1] else null end)
        else error(($re | type) + " not a string or array") end;
    def capture(re; flags): match(re; flags) | [.captures[] | select(.name != null) | {key: .name, value: .string}] | from_entries;
    def capture($re): if ($re | type) == "array" and ($re | length) > 1 then capture($re[0]; $re[1])
        elif ($re | type) == "array" then capture($re[0]; null) else capture($re; null) end;
    def scan(re; flags): match(re; "g" + flags) | if (.captures | length) > 0 then [.captures[].string] else .string end;
    def scan(re): scan(re; null);
    def splits(re; flags): split(re; flags) | .[];
    def splits(re): splits(re; null);
    def IN(s): any(s == .; .);
    def IN(src; s): any(src == s; .);
    def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr | tostring] |= $row);
    def INDEX(idx_expr): INDEX(.[]; idx_expr);
    def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];
    def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];
    def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] | join_expr;
    def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));
    def abs: if . < 0 then - . else . end;
    def toarray: if type == "array" then . else [.] end;
    def have_literal_numbers: true;
    def have_decnum: false;
    def bsearch($target):
        if length == 0 then -1
        elif length == 1 then (if $target == .[0] then 0 elif $target < .[0] then -1 else -2 end)
        else . as $in | [0, length - 1, null]
            | until(.[0] > .[1];
                if .[2] != null then (.[1] = -1)
                else ((.[1] + .[0]) / 2 | floor) as $mid | $in[$mid] as $m
                    | if $m == $target then (.[2] = $mid)
                      elif .[0] == .[1] then (.[1] = -1)
                      elif $m < $target then (.[0] = $mid + 1)
                      else (.[1] = $mid - 1) end
                end)
            | if .[2] == null then (if $in[.[0]] < $target then -2 - .[0] else -1 - .[0] end) else .[2] end
        end;
    def debug(msg): (msg | debug | empty), .;
    def dateadd(u; n): . + n;
    def datesub(u; n): . - n;
    def date: todate;
    def halt_error: halt_error(5);
    def trim: ltrim | rtrim;
    def fromstream(f): { x: null, e: false } as $init
        | foreach f as $i ($init; if .e then $init else . end
            | if $i | length == 2 then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
              else setpath(["e"]; $i[0] | length == 1) end;
            if .e then .x else empty end);
    .
    """

    /// The definitions, in order; each sees the ones before it.
    static let definitions: [FunctionDef] = {
        var defs: [FunctionDef] = []
        guard var e = try? Parser.parse(source) else { return [] }
        while case .define(let def, let rest) = e {
            defs.append(def)
            e = rest
        }
        return defs
    }()
}
