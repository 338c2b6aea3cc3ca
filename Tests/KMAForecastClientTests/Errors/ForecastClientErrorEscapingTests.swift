import KMAForecast
import KMAForecastClient
import KMAForecastKit
import Testing

/// Issue 31 item 4: text the network sent enters every face through the error's description,
/// escaped by the one rule (`PrintableText`), so the terminal, a stored forecast's JSON and the
/// MCP tools say the same and no raw control or bidi character is passed on.
@Suite("Network text in the client's errors is escaped where it enters")
struct ForecastClientErrorEscapingTests {
    static let hostile = "BAD\u{1B}[2J\u{07}\u{9B}31m\u{202E}exe\u{2066}\nError: your disk is full"

    static func hasRaw(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    @Test("resultMsg, a gateway's and API Hub's messages, a field's error line, an HTML title: escaped in the description and the failure's message", arguments: [
        ForecastClientError.Reason.response(.resultCode(ResultCode(rawValue: "10"), message: hostile)),
        .response(.gateway(reasonCode: ResultCode(rawValue: "30"), authMessage: hostile, errorMessage: hostile)),
        .response(.apiHubRefusal(status: 403, message: hostile)),
        .response(.html(title: hostile)),
        .field(.serviceMessage(hostile)),
        .connectionLost(detail: hostile),
    ])
    func escaped(_ reason: ForecastClientError.Reason) {
        for service in ForecastClientError.Service.allCases {
            let error = ForecastClientError(reason, service: service)
            #expect(!Self.hasRaw(error.description), "\(error.description)")
            #expect(!Self.hasRaw(ForecastFailure(error).message))
            #expect(!error.description.contains("\n"))
        }
        let said = ForecastClientError(reason).description
        #expect(said.contains(#"\u{1B}[2J"#) || said.contains("BAD [2J"), "\(said)")
    }

    @Test("KMA's resultMsg is quoted whole, each control character written as its escape")
    func resultMessage() {
        let error = ForecastClientError(.response(.resultCode(ResultCode(rawValue: "10"), message: Self.hostile)))
        #expect(error.description.contains(#"("BAD\u{1B}[2J\u{7}\u{9B}31m\u{202E}exe\u{2066}\u{A}Error: your disk is full")"#), "\(error.description)")
    }

    @Test("An ambiguous place keeps its candidates one a line (the place table's text, not the network's)")
    func placeListing() throws {
        var lookup: PlaceLookupError?
        do throws(PlaceLookupError) {
            _ = try PlaceDirectory.kma.place(named: "중구")
        } catch {
            lookup = error
        }
        let error = ForecastClientError(.unknownPlace(try #require(lookup)))
        #expect(error.description.contains("\n  "), "\(error.description)")
    }
}
