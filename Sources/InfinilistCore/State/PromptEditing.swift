extension AppState {
    /// Keys while the `/` or `&` prompt is open: typable characters are inserted, the prompt
    /// table (`KeyMap.prompt`) handles the rest; other keys are ignored.
    mutating func handlePrompt(_ key: Key) -> [Effect] {
        guard case .prompt(var prompt) = mode else { return [] }
        if let action = KeyMap.prompt.action(for: key) {
            switch action {
            case .submit:
                mode = .list
                return submit(prompt)
            case .back:
                mode = .list
                return []
            case .deleteBackward:
                if prompt.text.isEmpty {
                    mode = .list
                    return []
                }
                prompt.text.removeLast()
            case .clearPrompt:
                prompt.text = ""
            case .redraw:
                return [.redraw]
            case .interrupt:
                return [.quit(code: 130, output: [])]
            default:
                return []
            }
        } else if case .char(let character) = key, Prompt.isTypable(character) {
            prompt.text.append(character)
        } else {
            return []
        }
        mode = .prompt(prompt)
        return []
    }

    /// Enter at the prompt. An empty search repeats the last one (as in `less`); an empty filter
    /// shows every row again.
    private mutating func submit(_ prompt: Prompt) -> [Effect] {
        switch prompt.kind {
        case .search:
            let query = prompt.text.isEmpty ? search?.matcher.query : prompt.text
            guard let query, !query.isEmpty else { return [] }
            return startSearch(TextMatcher(query))
        case .filter:
            applyFilter(prompt.text)
            return []
        }
    }
}
