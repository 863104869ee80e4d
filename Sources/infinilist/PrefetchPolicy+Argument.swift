import ArgumentParser
import InfinilistCore

/// `--prefetch auto|N`: the core's policy parses and names itself (`init?(argument:)`, `description`).
extension PrefetchPolicy: ExpressibleByArgument {}
