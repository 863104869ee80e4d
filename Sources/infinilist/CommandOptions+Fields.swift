import InfinilistCore

/// The fields the command line names for each item, checked against the first page with items
/// (`FieldCheck`): a misspelled one showed as nothing at all.
extension CommandOptions {
    /// `--format`'s fields, then `columns`' paths when the columns were given (`--columns`);
    /// nil `columns` for a dump, whose output only `--format` shapes.
    func fieldCheck(columns: ColumnChoice?) -> FieldCheck {
        var paths = (try? ItemFormatter(template: format))?.fieldPaths ?? []
        if case .given(let specs) = columns { paths += specs.map(\.path) }
        // A dump has no sort (it is refused there).
        if columns != nil, let field = try? sortField() { paths.append(field.path) }
        return FieldCheck(paths: paths)
    }
}
