extension AppState {
    /// The countdown to show: the loader's latest wait, but only while the page it is about is
    /// still the one loading (a wait for a request that has since loaded, failed or been replaced
    /// is never shown).
    public var activeWait: PageWait? {
        guard let waiting, case .loading(let request) = tail, request == waiting.request else { return nil }
        return waiting
    }
}
