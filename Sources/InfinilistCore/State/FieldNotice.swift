extension AppState {
    /// Checks the fields `--format` and `--columns` name (`config.fieldCheck`) once, against the
    /// first page that has items: that page is where the list learns what its items hold. A
    /// field none of them has is said on the status line, with the nearest fields they have.
    /// `rows`: the page's rows (a `--jq` program's outputs, whose fields the options name).
    mutating func checkFields(_ rows: PageRows) {
        guard !loading.fieldsChecked, !config.fieldCheck.isEmpty, !rows.items.isEmpty else { return }
        loading.fieldsChecked = true
        let values = rows.values?.count == rows.items.count
            ? rows.values ?? []
            : rows.items.prefix(FieldCheck.itemsChecked).map { (try? JSONParser.parse($0.json)) ?? .null }
        if let message = config.fieldCheck.message(for: values) { notice = .fieldsMissing(message) }
    }
}
