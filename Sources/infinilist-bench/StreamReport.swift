/// The rows and the goal of the stream figures, in the one table `Report` prints.
extension Report {
    struct Row {
        let figure: String
        let value: String
        var goal = ""
        var judged = ""
    }

    static func streamRows(_ streams: StreamBenchmarks.Figures) -> [Row] {
        var rows: [Row] = []
        let size = "\(format(Double(streams.fileBytes) / 1e9, 2)) GB, \(NumberGrouping.grouped(streams.lines)) lines"
        let pipe = Percentiles(streams.firstRowsPipe.map(milliseconds))
        let file = Percentiles(streams.firstRowsFile.map(milliseconds))
        rows.append(Row(figure: "spawn → first rows painted, a pipe with 1 line (open), p50 / max ms",
                        value: "\(format(pipe.median ?? .nan, 1)) / \(format(pipe.maximum ?? .nan, 1))",
                        goal: "< 50 ms", judged: Goals.streamStartText))
        rows.append(Row(figure: "spawn → first rows painted, NDJSON file of \(size), p50 / max ms",
                        value: "\(format(file.median ?? .nan, 1)) / \(format(file.maximum ?? .nan, 1))",
                        goal: "< 50 ms", judged: Goals.streamStartText))
        let paging = streams.paging
        func mib(_ kib: Int?) -> String { kib.map { format(Double($0) / 1024, 1) } ?? "–" }
        rows.append(Row(figure: "RSS in that file: first screen · after 100 × PgDn, MiB",
                        value: "\(mib(paging.afterFirstScreen?.residentKiB)) · \(mib(paging.afterPageDowns?.residentKiB))"))
        let lines = paging.duringG.map { NumberGrouping.grouped(Int($0.share * Double(streams.lines))) }.joined(separator: " / ")
        rows.append(Row(figure: "RSS while G reads on, at \(lines.isEmpty ? "–" : lines) lines, MiB",
                        value: paging.duringG.map { mib($0.kib) }.joined(separator: " / ")))
        rows.append(Row(figure: "RSS while G reads every line: largest of \(paging.samplesDuringG) samples · at the end (peak), MiB",
                        value: "\(mib(paging.largestDuringG)) · \(mib(paging.atEnd?.residentKiB)) (\(mib(paging.atEnd?.peakKiB)))"))
        rows.append(Row(figure: "G on that file: End → end row painted, s",
                        value: paging.readToEnd.map { format(Double($0) / 1e9, 1) + " s" } ?? "did not end"))
        for (name, figures) in [("infinilist --dump", streams.dump), ("jq -c .", streams.jq)] {
            let value = figures.map { run in
                let seconds = Double(run.nanoseconds) / 1e9
                return "\(format(Double(run.bytes) / 1e6 / seconds, 1)) MB/s (\(format(seconds, 2)) s, \(format(Double(run.lines) / seconds / 1000, 0))k lines/s)"
            } ?? "failed"
            let bytes = figures.map { " of \(format(Double($0.bytes) / 1e6, 0)) MB" } ?? ""
            rows.append(Row(figure: "\(name) reading a pipe\(bytes)", value: value))
        }
        return rows
    }
}

extension Goals {
    static let streamStartText = "first rows from a pipe and from a 1 GB file < 50 ms"

    /// Judged on the median of the runs of each.
    static func streamStartGoal(_ streams: StreamBenchmarks.Figures) -> Goal {
        let pipe = Percentiles(streams.firstRowsPipe.map(milliseconds)).median
        let file = Percentiles(streams.firstRowsFile.map(milliseconds)).median
        let met = pipe.flatMap { pipe in file.map { pipe < 50 && $0 < 50 } }
        return Goal(text: streamStartText, met: met,
                    evidence: "p50 \(format(pipe ?? .nan, 1)) ms from the pipe, \(format(file ?? .nan, 1)) ms from the file")
    }
}
