import InfinilistCore
@testable import InfinilistLoader
import Testing

/// An answer whose `errors` is not the list GraphQL answers have (hostile pass 3: a string was
/// said to be "no data and no errors").
@Suite struct GraphQLOddErrorsTests {
    private func message(_ body: String) throws -> String? {
        let read = GraphQLAnswer.read(try JSONParser.parse(body), chosen: nil, label: "page 1", host: "api.example")
        if case .failure(let error) = read { return error.message }
        return nil
    }

    @Test func errorsThatAreNotAListAreSaidAsTheyCame() throws {
        #expect(try message(#"{"errors": "boom string", "data": null}"#)
                == #"page 1 has no data, and its errors is not a list of errors as GraphQL answers have: "boom string""#)
        #expect(try message(#"{"errors": 42}"#)
                == "page 1 has no data, and its errors is not a list of errors as GraphQL answers have: 42")
        #expect(try message(#"{"nothing": 1}"#) == "page 1 is not a GraphQL answer: it has no data and no errors (top-level keys: nothing)")
    }
}
