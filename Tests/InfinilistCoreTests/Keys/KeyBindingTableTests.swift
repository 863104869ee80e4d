import Foundation
import Testing
@testable import InfinilistCore

/// `--bind` applied to the key tables: handling and `?` read the same tables.
@Suite struct KeyBindingTableTests {
    private func tables(_ values: String...) throws -> KeyTables {
        KeyTables.standard.applying(try BindingParser.parse(values))
    }

    @Test func aKeyBoundToAnActionMovesToThatRow() throws {
        let tables = try tables("j:page-down", "ctrl-o:open")
        #expect(tables.list.action(for: .char("j")) == .pageDown)
        #expect(tables.list.action(for: .ctrl("o")) == .open)
        #expect(tables.list.action(for: .down) == .down)
        let pageDown = try #require(tables.list.first { $0.action == .pageDown })
        #expect(pageDown.keys.last == .char("j"))
        let down = try #require(tables.list.first { $0.action == .down })
        #expect(!down.keys.contains(.char("j")))
        // The detail view has both actions, so the binding applies there too.
        #expect(tables.detail.action(for: .char("j")) == .pageDown)
    }

    @Test func aTableWithoutTheActionKeepsItsOwnMeaning() throws {
        let tables = try tables("q:filter")
        #expect(tables.list.action(for: .char("q")) == .filter)
        #expect(tables.detail.action(for: .char("q")) == .back)
        // The prompt is never changed: every character can be typed there.
        #expect(try self.tables("enter:quit").prompt.action(for: .enter) == .submit)
    }

    @Test func aCommandTakesTheKeyFromItsRowAndShowsInHelp() throws {
        let tables = try tables("enter:execute(gh issue view {number})", "ctrl-p:print({html_url})")
        #expect(tables.list.action(for: .enter) == nil)
        #expect(tables.list.command(for: .enter) == .execute(CommandTemplate("gh issue view {number}")))
        #expect(!tables.list.contains { $0.action == .select })
        #expect(tables.detail.command(for: .ctrl("p")) == .print(CommandTemplate("{html_url}")))
        let help = tables.list.helpLines()
        #expect(help.contains { $0.hasPrefix("Enter") && $0.hasSuffix("run: gh issue view {number}") })
        #expect(help.contains { $0.hasPrefix("Ctrl-P") && $0.hasSuffix("print {html_url} and exit") })
    }

    @Test func theHelpOverlayShowsTheBindings() throws {
        var config = AppConfig(sourceName: "test", prefetch: 0)
        config.keyTables = try tables("ctrl-v:execute-silent(printf %s {id} | xclip)")
        // On a standard screen, where the end of the list's table is cut off, the user's own
        // binding is still seen: commands come first.
        var state = AppState(config: config, size: Size(rows: 24, columns: 80))
        _ = state.start()
        _ = state.update(.key(.char("?")))
        let text = render(state).rows.map { $0.spans.map(\.text).joined() }
        #expect(text[0] == " List")
        #expect(text[1].hasPrefix("   Ctrl-V") && text[1].hasSuffix("run in the background: printf %s {id} | xclip"))
    }

    @Test func everyNameIsInDocsKeysMd() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for action in Action.bindable {
            #expect(text.contains("`\(action.name)`"), "docs/keys.md lacks the action name \(action.name)")
        }
        for name in ["execute(CMD)", "execute-silent(CMD)", "print(TEMPLATE)", "ctrl-", "alt-", "btab", "pgdn"] {
            #expect(text.contains(name), "docs/keys.md lacks \(name)")
        }
    }
}
