import Testing
@testable import InfinilistCore

@Suite struct CaptureForNote {
    @Test func captures() {
        let sets: [(String, [String])] = [
            ("GitHub issues", TableFixtures.githubIssues), ("Hacker News", TableFixtures.hackerNewsStories),
            ("Stripe customers", TableFixtures.stripeCustomers), ("Reddit", TableFixtures.redditPosts),
        ]
        var out = ""
        for (name, fixture) in sets {
            for size in [Size(rows: 8, columns: 80), Size(rows: 8, columns: 120)] {
                let state = tableState(fixture, size: size)
                out += "### \(name), \(size.columns) columns\n```\n\(render(state).text)\n```\n"
            }
        }
        print("CAPTURE-BEGIN\n" + out + "CAPTURE-END")
    }
}
