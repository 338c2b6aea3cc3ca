import KMAForecast
import KMAForecastText
import KMAGrid

extension LocationInputError {
    /// ``description`` in Korean (`--lang ko`), from the error's case: KMAForecastText's table
    /// (`KoreanMessages`), filled with what was given (the texts as typed, the swapped pair, the
    /// cell), with no English left inside.
    package var koreanDescription: String {
        switch self {
        case .empty:
            return KoreanMessages.text("locationEmpty")
        case .notANumber(let text, let axis, let argument):
            let hint = Self.koreanDecimalCommaHint(text)
            guard let argument else { return KoreanMessages.text("locationNotANumber", text, Self.koreanName(axis)) + hint }
            return KoreanMessages.text("locationInvalidValue", text, argument, Self.koreanExpected(axis)) + hint
        case .loneNumber(let text):
            return KoreanMessages.text("locationLoneNumber", text)
        case .decimalCommas(let text, let pointed):
            return KoreanMessages.text("locationDecimalCommas", text, pointed)
        case .coordinate(let error, let swapped):
            var text = ForecastClientError.korean(error)
            if !text.hasSuffix(".") { text += "." }
            if let swapped {
                text += " " + KoreanMessages.text("locationSwapped", swapped.latitude, swapped.longitude, String(swapped.cell.nx), String(swapped.cell.ny))
            }
            return text
        case .cellOutOfRange(let text, let axis, let argument):
            let range = axis == .nx ? GridCell.nxRange : GridCell.nyRange
            let bounds = "\(range.lowerBound)...\(range.upperBound)"
            guard let argument else { return KoreanMessages.text("locationCellOutOfRange", Self.koreanName(axis), text, bounds) }
            return KoreanMessages.text("locationInvalidValue", text, argument, Self.koreanExpected(axis))
        case .place(let error):
            return ForecastClientError.korean(error)
        }
    }

    /// The axis as the Korean messages name it.
    static func koreanName(_ axis: Axis) -> String {
        switch axis {
        case .latitude: "위도"
        case .longitude: "경도"
        case .nx: "nx"
        case .ny: "ny"
        }
    }

    /// ``Axis/expected`` in Korean.
    static func koreanExpected(_ axis: Axis) -> String {
        switch axis {
        case .latitude: "북위 -90...90도의 위도가 필요합니다"
        case .longitude: "동경 -180...180도의 경도가 필요합니다"
        case .nx: "격자 열, \(GridCell.nxRange.lowerBound)...\(GridCell.nxRange.upperBound) 범위의 정수가 필요합니다"
        case .ny: "격자 행, \(GridCell.nyRange.lowerBound)...\(GridCell.nyRange.upperBound) 범위의 정수가 필요합니다"
        }
    }

    /// ``decimalCommaHint(_:)`` in Korean.
    static func koreanDecimalCommaHint(_ text: String) -> String {
        guard !decimalCommaHint(text).isEmpty else { return "" }
        return KoreanMessages.text("locationDecimalPoint", String(text.map { $0 == "," ? "." : $0 }))
    }
}
