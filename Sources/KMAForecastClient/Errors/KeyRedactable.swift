import KMAForecast

/// A value decoded from KMA's answer that can hand itself back with every text it holds from
/// the network passed through a key redaction.
///
/// The client applies it where it returns a mid-term value (``ClientCore/fetchMidTerm``), so
/// that no consumer (the text view, JSON, CSV, an app) can show the service key a gateway
/// quoted in a weather phrase or an outlook, in any form ``KeyRedaction`` knows.
protocol KeyRedactable: Sendable {
    /// The value with each network text replaced by `redact(text)`.
    func redactingKey(with redact: (String) -> String) -> Self
}

extension MidTermTemperatures: KeyRedactable {
    func redactingKey(with redact: (String) -> String) -> MidTermTemperatures {
        var copy = self
        copy.regionID = redact(regionID)
        return copy
    }
}

extension MidTermLandForecast: KeyRedactable {
    func redactingKey(with redact: (String) -> String) -> MidTermLandForecast {
        func half(_ half: Half?) -> Half? {
            guard var half else { return nil }
            half.weather = half.weather.map { MidTermWeather(text: redact($0.text)) }
            return half
        }
        var copy = self
        copy.regionID = redact(regionID)
        copy.days = days.map { day in
            var day = day
            day.morning = half(day.morning)
            day.afternoon = half(day.afternoon)
            return day
        }
        return copy
    }
}

extension MidTermOutlookText: KeyRedactable {
    func redactingKey(with redact: (String) -> String) -> MidTermOutlookText {
        var copy = self
        copy.stationID = redact(stationID)
        copy.text = text.map(redact)
        return copy
    }
}

extension WarningBulletin: KeyRedactable {
    /// The bulletin's three texts (KMA's words, which a gateway or a hostile stand-in can fill
    /// with the key in any form) redacted; its times and number are numbers.
    func redactingKey(with redact: (String) -> String) -> WarningBulletin {
        var copy = self
        copy.inForce = redact(inForce)
        copy.preliminary = redact(preliminary)
        copy.other = redact(other)
        return copy
    }
}
