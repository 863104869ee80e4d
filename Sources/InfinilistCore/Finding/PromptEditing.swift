extension AppState {
    /// Keys while the `/` or `&` prompt is open: typable characters are inserted, the prompt
    /// table (`KeyMap.prompt`) handles the rest; other keys are ignored.
    mutating func handlePrompt(_ key: Key) -> [Effect] {
        guard case .prompt(let prompt) = mode else { return [] }
        if prompt.kind == .overwrite { return answerOverwrite(key) }
        if prompt.kind == .replaceView { return answerReplaceView(key, name: prompt.text) }
        if prompt.kind == .jq, key == .up || key == .down {
            if let text = queryHistoryStep(older: key == .up, text: prompt.text) {
                mode = .prompt(Prompt(kind: .jq, text: text))
                queryEdited(text)
            }
            return []
        }
        switch prompt.outcome(of: key) {
        case .editing(let edited):
            mode = .prompt(edited)
            if edited.kind == .jq, edited.text != prompt.text { queryEdited(edited.text) }
            return []
        case .submitted(let submitted):
            // A program that does not compile stays in the prompt to be mended, its error in
            // sight: Enter would have thrown it away.
            if submitted.kind == .jq, finding.queryEdit?.error != nil { return [.bell] }
            mode = .list
            return submit(submitted)
        case .closed:
            mode = .list
            escapeClosedPrompt = key == .escape
            if prompt.kind == .jq { return queryCancelled() }
            return []
        case .effects(let effects):
            return effects
        }
    }

    /// Enter at the prompt. An empty search repeats the last one (as in `less`); an empty filter
    /// shows every row again.
    private mutating func submit(_ prompt: Prompt) -> [Effect] {
        switch prompt.kind {
        case .search:
            let query = prompt.text.isEmpty ? finding.search?.matcher.query : prompt.text
            guard let query, !query.isEmpty else { return [] }
            return startSearch(TextMatcher(query))
        case .filter:
            applyFilter(prompt.text)
            return []
        case .jq:
            return querySubmitted(prompt.text)
        case .write:
            return writeView(to: prompt.text)
        case .saveView:
            return saveView(named: prompt.text)
        case .overwrite, .replaceView:
            return []
        }
    }
}

/// What a key does to an open prompt: the same for the list's `/` and `&` and the detail
/// view's `/`, which differ only in what Enter starts and where Esc returns.
enum PromptOutcome: Equatable {
    /// Still open, with this text (a character typed or erased, or a key that does nothing).
    case editing(Prompt)
    /// Enter.
    case submitted(Prompt)
    /// Esc, or Backspace on an empty prompt.
    case closed
    /// A key that acts beyond the prompt (Ctrl-L, Ctrl-C).
    case effects([Effect])
}

extension Prompt {
    /// The prompt table (`KeyMap.prompt`) handles its keys, typable characters are inserted,
    /// other keys are ignored.
    func outcome(of key: Key) -> PromptOutcome {
        var prompt = self
        if let action = KeyMap.prompt.action(for: key) {
            switch action {
            case .submit: return .submitted(prompt)
            case .back: return .closed
            case .deleteBackward:
                if prompt.text.isEmpty { return .closed }
                prompt.text.removeLast()
            case .clearPrompt: prompt.text = ""
            case .redraw: return .effects([.redraw])
            case .interrupt: return .effects([.quit(code: 130, output: [])])
            default: break
            }
        } else if case .char(let character) = key, Prompt.isTypable(character) {
            prompt.text.append(character)
        }
        return .editing(prompt)
    }
}
