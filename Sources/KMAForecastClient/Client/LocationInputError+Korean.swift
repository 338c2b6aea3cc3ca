import KMAForecastText
import KMAGrid
import KMAPlaces

extension LocationInputError {
    /// ``description`` in Korean (`--lang ko`), from the error's case, not by matching its
    /// English: every face that shows a location error (the command line's options, a places
    /// table's row) says the same Korean, with what was given kept as given.
    package var koreanDescription: String {
        switch self {
        case .empty:
            return KoreanMessages.text("locationEmpty")
        case .notANumber(let text, let axis, let argument):
            let hint = Self.decimalCommaPointed(text).map { KoreanMessages.text("locationDecimalPoint", $0) } ?? ""
            guard let argument else {
                return KoreanMessages.text(axis == .nx || axis == .ny ? "locationNotWhole" : "locationNotNumber", text, Self.koreanName(axis)) + hint
            }
            return KoreanMessages.text("locationInvalidValue", text, argument, Self.koreanExpected(axis)) + hint
        case .loneNumber(let text):
            return KoreanMessages.text("locationLoneNumber", text)
        case .decimalCommas(let text, let pointed):
            return KoreanMessages.text("locationDecimalCommas", text, pointed)
        case .coordinate(let error, let swapped):
            var text = Self.korean(error)
            if let swapped {
                text += " " + KoreanMessages.text("locationSwapped", swapped.latitude, swapped.longitude, String(swapped.cell.nx), String(swapped.cell.ny))
            }
            return text
        case .cellOutOfRange(let text, let axis, let argument):
            let range = axis == .nx ? GridCell.nxRange : GridCell.nyRange
            let span = "\(range.lowerBound)...\(range.upperBound)"
            guard let argument else { return KoreanMessages.text("locationCellOutside", axis.rawValue, text, span) }
            return KoreanMessages.text("locationCellInvalid", text, argument, axis == .nx ? "격자 열" : "격자 행", span)
        case .place(let error):
            return Self.korean(error)
        }
    }

    /// A grid error in Korean, by case.
    static func korean(_ error: GridError) -> String {
        switch error {
        case .latitudeOutOfRange(let value):
            value.isNaN ? KoreanMessages.text("gridLatitudeNaN") : KoreanMessages.text("gridLatitude", "\(value)")
        case .longitudeOutOfRange(let value):
            value.isNaN ? KoreanMessages.text("gridLongitudeNaN") : KoreanMessages.text("gridLongitude", "\(value)")
        case .outsideGrid(let point, let nx, let ny):
            KoreanMessages.text("gridOutside", "\(point.latitude)", "\(point.longitude)", nx.flatMap { nx in ny.map { " (격자 nx \(nx), ny \($0))" } } ?? "")
        case .nxOutOfRange(let nx): KoreanMessages.text("locationCellOutside", "nx", String(nx), "1...149") + "."
        case .nyOutOfRange(let ny): KoreanMessages.text("locationCellOutside", "ny", String(ny), "1...253") + "."
        case .gridCoordinateOutsideProjection(let position): KoreanMessages.text("gridProjection", "\(position.x)", "\(position.y)")
        }
    }

    /// A place lookup error in Korean, by case, with the table's names as they are.
    static func korean(_ error: PlaceLookupError) -> String {
        switch error {
        case .notFound(let query, let suggestions):
            if error.isEmptyQuery { return KoreanMessages.text("placeNoName") }
            guard !suggestions.isEmpty else { return KoreanMessages.text("placeNotFound", query) }
            return KoreanMessages.text("placeDidYouMean", query, suggestions.map { "'\($0.name)'" }.joined(separator: ", "))
        case .ambiguous(let query, let candidates):
            var text = KoreanMessages.text("placeAmbiguous", query, String(candidates.count), candidates.first.map { ", 예: '\($0.name)'" } ?? "")
            for candidate in candidates.prefix(PlaceLookupError.listedCandidates) { text += "\n  \(candidate)" }
            if candidates.count > PlaceLookupError.listedCandidates {
                text += "\n  " + KoreanMessages.text("placeMore", String(candidates.count - PlaceLookupError.listedCandidates))
            }
            return text
        }
    }

    /// An axis's name in Korean.
    static func koreanName(_ axis: Axis) -> String {
        switch axis {
        case .latitude: "위도"
        case .longitude: "경도"
        case .nx: "nx"
        case .ny: "ny"
        }
    }

    /// What an axis's value must be, in Korean (``Axis/expected``).
    static func koreanExpected(_ axis: Axis) -> String {
        switch axis {
        case .latitude: "북위 도 단위의 위도, -90...90"
        case .longitude: "동경 도 단위의 경도, -180...180"
        case .nx: "격자 열, \(GridCell.nxRange.lowerBound)...\(GridCell.nxRange.upperBound) 범위의 정수"
        case .ny: "격자 행, \(GridCell.nyRange.lowerBound)...\(GridCell.nyRange.upperBound) 범위의 정수"
        }
    }
}
