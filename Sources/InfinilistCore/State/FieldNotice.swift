extension AppState {
    /// Checks the fields `--format` and `--columns` name (`config.fieldCheck`) once, against the
    /// first page that has items: that page is where the list learns what its items hold. A
    /// field none of them has is said on the status line, with the nearest fields they have.
    mutating func checkFields(_ result: PageResult) {
        guard !loading.fieldsChecked, !config.fieldCheck.isEmpty, !result.items.isEmpty else { return }
        loading.fieldsChecked = true
        let values = result.values?.count == result.items.count
            ? result.values ?? []
            : result.items.prefix(FieldCheck.itemsChecked).map { (try? JSONParser.parse($0.json)) ?? .null }
        if let message = config.fieldCheck.message(for: values) { notice = .fieldsMissing(message) }
    }
}
