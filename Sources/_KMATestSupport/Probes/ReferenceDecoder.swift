import Foundation
import KMAForecast

/// The straightforward way to read a KMA page: `Codable` structs and Foundation's
/// `JSONDecoder`, as nearly every Swift client does. Used as the oracle of the differential
/// tests and as the baseline of the decoding benchmarks; it handles the same quirks
/// (`items` as `""`, `item` as one object, `nx`/`ny` as strings, a missing `body`).
public enum ReferenceDecoder {
    struct Envelope: Decodable { let response: Response }
    struct Response: Decodable {
        let header: Header
        let body: Body?
    }
    struct Header: Decodable {
        let resultCode: String
        let resultMsg: String?
    }
    struct Body: Decodable {
        let items: [Item]
        let pageNo: Int?
        let numOfRows: Int?
        let totalCount: Int?

        enum CodingKeys: String, CodingKey { case items, pageNo, numOfRows, totalCount }
        enum ItemsKeys: String, CodingKey { case item }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pageNo = try container.decodeFlexibleIntIfPresent(.pageNo)
            numOfRows = try container.decodeFlexibleIntIfPresent(.numOfRows)
            totalCount = try container.decodeFlexibleIntIfPresent(.totalCount)
            let noItems = try !container.contains(.items) || container.decodeNil(forKey: .items)
                || (try? container.decode(String.self, forKey: .items)) == ""
            if noItems {
                items = []
                return
            }
            let itemsContainer = try container.nestedContainer(keyedBy: ItemsKeys.self, forKey: .items)
            if let list = try? itemsContainer.decode([Item].self, forKey: .item) {
                items = list
            } else {
                items = [try itemsContainer.decode(Item.self, forKey: .item)]
            }
        }
    }
    /// One item as the `Codable` struct of a typical client.
    public struct Item: Decodable, Sendable {
        public let baseDate: String
        public let baseTime: String
        public let category: String
        public let fcstDate: String?
        public let fcstTime: String?
        public let fcstValue: String?
        public let obsrValue: String?
        public let nx: Int
        public let ny: Int

        /// `fcstValue` or `obsrValue`.
        public var value: String { fcstValue ?? obsrValue ?? "" }

        enum CodingKeys: String, CodingKey { case baseDate, baseTime, category, fcstDate, fcstTime, fcstValue, obsrValue, nx, ny }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            baseDate = try c.decode(String.self, forKey: .baseDate)
            baseTime = try c.decode(String.self, forKey: .baseTime)
            category = try c.decode(String.self, forKey: .category)
            fcstDate = try c.decodeIfPresent(String.self, forKey: .fcstDate)
            fcstTime = try c.decodeIfPresent(String.self, forKey: .fcstTime)
            fcstValue = try c.decodeIfPresent(String.self, forKey: .fcstValue)
            obsrValue = try c.decodeIfPresent(String.self, forKey: .obsrValue)
            guard let nx = try c.decodeFlexibleIntIfPresent(.nx), let ny = try c.decodeFlexibleIntIfPresent(.ny) else {
                throw DecodingError.keyNotFound(CodingKeys.nx, .init(codingPath: c.codingPath, debugDescription: "nx/ny"))
            }
            self.nx = nx
            self.ny = ny
        }
    }

    /// What the reference decoder could not accept.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes a page into `Codable` items with `JSONDecoder`, and nothing more: the benchmark
    /// baseline for decoding alone.
    public static func decodePlain(_ bytes: [UInt8]) throws -> [Item] {
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(bytes))
        guard envelope.response.header.resultCode == "00" else {
            throw Failure(description: "resultCode \(envelope.response.header.resultCode)")
        }
        return envelope.response.body?.items ?? []
    }

    /// Decodes a page into the same `ForecastPage` the fast decoder gives.
    public static func decode(_ bytes: [UInt8]) throws -> ForecastPage {
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(bytes))
        let header = envelope.response.header
        guard header.resultCode == "00" else {
            throw Failure(description: "resultCode \(header.resultCode)")
        }
        let body = envelope.response.body
        let items = try (body?.items ?? []).map { item -> ForecastItem in
            let base = try ForecastBase(baseDate: item.baseDate, baseTime: item.baseTime)
            guard let category = ForecastCategory(validating: item.category) else { throw Failure(description: "category") }
            let observation = item.fcstValue == nil
            guard let value = item.fcstValue ?? item.obsrValue else { throw Failure(description: "no value") }
            let date = observation ? (item.fcstDate ?? item.baseDate) : (item.fcstDate ?? "")
            let time = observation ? (item.fcstTime ?? item.baseTime) : (item.fcstTime ?? "")
            guard let forecastDate = Int(date), let forecastTime = Int(time) else { throw Failure(description: "fcstDate/fcstTime") }
            return ForecastItem(
                base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                value: value, isObservation: observation, nx: item.nx, ny: item.ny
            )
        }
        let info = PageInfo(
            resultCode: ResultCode(rawValue: header.resultCode), resultMessage: header.resultMsg ?? "",
            pageNo: body?.pageNo, numOfRows: body?.numOfRows, totalCount: body?.totalCount, itemCount: items.count
        )
        return ForecastPage(info: info, items: items)
    }

    /// Decodes with `JSONDecoder` and pivots with the same row builder: the benchmark baseline.
    public static func decodeAndPivot(_ bytes: [UInt8]) throws -> [ForecastRow] {
        let page = try decode(bytes)
        var builder = ForecastRowBuilder()
        for item in page.items { try builder.add(item) }
        builder.add(page: page.info)
        return builder.rows()
    }
}

extension KeyedDecodingContainer {
    /// An integer sent as a number or as a string of digits.
    func decodeFlexibleIntIfPresent(_ key: Key) throws -> Int? {
        guard contains(key), !(try decodeNil(forKey: key)) else { return nil }
        if let value = try? decode(Int.self, forKey: key) { return value }
        let text = try decode(String.self, forKey: key)
        guard let value = Int(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a whole number")
        }
        return value
    }
}
