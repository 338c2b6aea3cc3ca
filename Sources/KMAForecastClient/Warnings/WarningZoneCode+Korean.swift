import KMAForecastText
import KMAPlaces

extension WarningZoneCode {
    /// ``note`` in Korean (`--lang ko`), from how the zone was found (``method``, the
    /// ``WarningZoneAssignment/Method`` case) and the other zones' names (KMA's table); `nil`
    /// when exact.
    package var koreanNote: String? {
        guard isApproximate else { return nil }
        let how = KoreanMessages.text("zoneMethod." + method)
        let others = alternatives.map { WarningZones.kma.zone(id: $0)?.name ?? $0 }.joined(separator: ", ")
        return KoreanMessages.text("zoneApproximate", name, how) + (others.isEmpty ? "." : KoreanMessages.text("zoneOthers", others))
    }
}
