import Testing
@testable import InfinilistCore

/// `--bind KEY:ACTION[,KEY:ACTION…]` as fzf writes it, and every mistake named.
@Suite struct BindingParserTests {
    private func parse(_ values: String...) throws -> [UserBinding] {
        try BindingParser.parse(values)
    }

    private func failure(_ values: String...) -> String? {
        do {
            _ = try BindingParser.parse(values)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func keysAsFzfNamesThem() throws {
        let names: [(String, Key)] = [
            ("ctrl-o", .ctrl("o")), ("CTRL-O", .ctrl("o")), ("alt-x", .alt("x")), ("alt-X", .alt("X")), ("f1", .function(1)),
            ("f12", .function(12)), ("enter", .enter), ("return", .enter), ("space", .char(" ")), ("tab", .tab),
            ("btab", .backTab), ("shift-tab", .backTab), ("esc", .escape), ("up", .up), ("down", .down),
            ("left", .left), ("right", .right), ("pgup", .pageUp), ("pgdn", .pageDown), ("page-down", .pageDown),
            ("home", .home), ("end", .end), ("bspace", .backspace), ("del", .delete), ("y", .char("y")),
            ("Y", .char("Y")), ("?", .char("?")), ("ctrl-h", .backspace), ("ctrl-m", .enter), ("ctrl-i", .tab),
        ]
        for (name, key) in names {
            #expect(KeyName.key(name) == key, "\(name)")
        }
        for bad in ["f0", "f13", "ctrl-", "ctrl-1", "alt-", "alt-xy", "ctlr-o", "", "f01"] {
            #expect(KeyName.key(bad) == nil, "\(bad)")
        }
    }

    /// Hostile pass 3: `x:up,,y:down` quoted an empty binding and named key ',y'; `:down` said
    /// there was no ':'.
    @Test func aDoubleCommaAndAMissingKeyAreNamed() throws {
        #expect(failure("x:up,,y:down") == "--bind ',y:down': an empty binding between two commas (the comma key is written ,:ACTION or comma:ACTION)")
        #expect(failure(":down") == "--bind ':down': no key before ':' (the colon key is written ::ACTION or colon:ACTION)")
        #expect(try parse("x:up,,:down,::up").map(\.key) == [.char("x"), .char(","), .char(":")])
    }

    @Test func actionsByName() throws {
        let bindings = try parse("ctrl-o:open,alt-x:copy,f5:reload", "Y:copy-row,space:page-down, enter:accept")
        #expect(bindings.map(\.key) == [.ctrl("o"), .alt("x"), .function(5), .char("Y"), .char(" "), .enter])
        #expect(bindings.map(\.target) == [.action(.open), .action(.copy), .action(.refresh), .action(.copyRow), .action(.pageDown), .action(.select)])
        #expect(bindings[2].token == "f5:reload")
        // Every action of the list and the detail view has a name that reads back.
        for action in Action.bindable {
            #expect(try parse("x:\(action.name)").first?.target == .action(action))
        }
    }

    @Test func commandsInEveryDelimiter() throws {
        func command(_ value: String) throws -> BoundCommand? {
            guard case .command(let command)? = try parse(value).first?.target else { return nil }
            return command
        }
        #expect(try command("ctrl-v:execute(gh issue view {number} -R apple/swift)") == .execute(CommandTemplate("gh issue view {number} -R apple/swift")))
        // Brackets of the same kind pair up inside, so a shell's $(…) needs nothing.
        #expect(try command("x:execute(echo $(date) (now))") == .execute(CommandTemplate("echo $(date) (now)")))
        #expect(try command("x:execute[echo )]") == .execute(CommandTemplate("echo )")))
        #expect(try command("x:execute{echo ]}") == .execute(CommandTemplate("echo ]")))
        #expect(try command("x:execute<echo )>") == .execute(CommandTemplate("echo )")))
        #expect(try command("x:execute~echo ) ]~") == .execute(CommandTemplate("echo ) ]")))
        #expect(try command("x:execute-silent!printf %s {id} | xclip!") == .executeSilent(CommandTemplate("printf %s {id} | xclip")))
        #expect(try command("x:print({html_url})") == .print(CommandTemplate("{html_url}")))
        // After a colon, the command runs to the end of the value, commas and all.
        #expect(try command("x:execute:echo a,b:c") == .execute(CommandTemplate("echo a,b:c")))
        let two = try parse("a:execute(echo 1, 2),b:down")
        #expect(two.map(\.token) == ["a:execute(echo 1, 2)", "b:down"])
        #expect(two[1].target == .action(.down))
        // The colon and the comma keys.
        #expect(try parse("::down,,:up").map(\.key) == [.char(":"), .char(",")])
    }

    @Test(arguments: [
        ("ctlr-o:open", "--bind 'ctlr-o:open': unknown key 'ctlr-o'; keys are ctrl-a"),
        ("ctrl-o:opne", "--bind 'ctrl-o:opne': unknown action 'opne'; actions are down, up"),
        ("ctrl-o:down+toggle-mark", "--bind 'ctrl-o:down+toggle-mark': unknown action 'down+toggle-mark'"),
        ("ctrl-v:execute(gh issue view {number}", "--bind 'ctrl-v:execute(gh issue view {number}': 'execute(' is not closed: no matching ')'"),
        ("ctrl-v:execute~ls", "'execute~' is not closed: no second '~'"),
        ("ctrl-v:execute", "--bind 'ctrl-v:execute': execute needs a command: execute(CMD)"),
        ("ctrl-v:execute()", "execute has an empty command"),
        ("ctrl-v:execute ls", "execute takes its command in brackets"),
        ("ctrl-v:execute(ls)x", "unexpected 'x' after execute(…)"),
        ("ctrl-o", "--bind 'ctrl-o': expected KEY:ACTION, e.g. ctrl-o:open"),
        ("ctrl-o:", "--bind 'ctrl-o:': no action after the key"),
        ("ctrl-o:open,", "--bind 'ctrl-o:open,': nothing after the last comma"),
        ("", "expected KEY:ACTION"),
        ("x:submit", "'submit' belongs to the / and & prompt"),
        ("x:print({+})", "{+} is for commands"),
    ])
    func mistakesNameTheBinding(value: String, message: String) {
        let error = failure(value)
        #expect(error?.contains(message) == true, "\(error ?? "no error")")
    }

    @Test func aKeyBoundTwiceIsAMistake() {
        #expect(failure("ctrl-o:open", "ctrl-o:copy") == "--bind 'ctrl-o:copy': Ctrl-O is bound twice (also by 'ctrl-o:open')")
        #expect(failure("ctrl-o:open,ctrl-o:copy")?.contains("bound twice") == true)
        // Two names of one key.
        #expect(failure("enter:accept,ctrl-m:quit")?.contains("Enter is bound twice (also by 'enter:accept')") == true)
    }
}
