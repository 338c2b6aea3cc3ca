import KMAForecastText

extension PlacesTableError {
    /// ``description`` in Korean (`--lang ko`), from the error's case (KMAForecastText's table,
    /// `KoreanMessages`): the table named as given (`표준 입력` for standard input), text from it
    /// (a column name, the header) escaped and on one line as the English has it.
    package var koreanDescription: String {
        let source = KoreanMessages.source(source)
        switch reason {
        case .tooLarge(let limit):
            return KoreanMessages.text("inputTooLarge", source, String(limit >> 20))
        case .notUTF8(let line, let offset, let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return KoreanMessages.text("placesNotUTF8", source, String(line), hex.count == 1 ? "0" + hex : hex, String(offset + 1))
        case .unclosedQuote(let line):
            return KoreanMessages.text("placesUnclosedQuote", source, String(line))
        case .noPlaces:
            return KoreanMessages.text("placesNone", source)
        case .noPlaceColumns(let header):
            return KoreanMessages.text("placesNoColumns", source, PrintableText.singleLine(header.joined(separator: ",")))
        case .reservedColumn(let name):
            let shown = PrintableText.singleLine(name)
            return KoreanMessages.text("placesReservedColumn", source, shown, shown)
        case .duplicateColumn(let name):
            return KoreanMessages.text("placesDuplicateColumn", source, PrintableText.singleLine(name))
        }
    }
}

extension PlacesTableRowError {
    /// ``description`` in Korean (`--lang ko`), from the error's case; a location's error by
    /// its own case (``LocationInputError/koreanDescription``).
    package var koreanDescription: String {
        switch self {
        case .fieldCount(let expected, let found): KoreanMessages.text("placesFieldCount", String(expected), String(found))
        case .location(let error): error.koreanDescription
        }
    }
}
