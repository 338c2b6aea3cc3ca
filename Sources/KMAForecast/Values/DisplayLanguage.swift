/// The language of text meant for people (`--lang ko|en` on the command line).
///
/// Every named value (``SkyCondition``, ``PrecipitationType``, ``CompassPoint`` …) has a
/// `name(in:)`; KMAForecastText's `ForecastValue.text(_:units:)` writes a whole value in either language.
public enum DisplayLanguage: String, CaseIterable, Hashable, Sendable, Codable {
    /// Korean, as KMA writes it: `맑음`, `1mm 미만`, `북북동`.
    case ko = "ko"
    /// English: `clear`, `under 1 mm`, `NNE`.
    case en = "en"
}
