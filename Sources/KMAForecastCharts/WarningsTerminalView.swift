import KMAForecast
import KMAForecastClient
import KMAForecastText

/// The weather warnings (기상특보) on a terminal, in Korean or English: the first lines of the
/// forecast's view (``LocalForecast/alerts`` in bold red where colour is on, then those
/// announced to start later; a recorded sample's warnings say what they are), and the whole
/// view of `kma-forecast alerts` (``ZoneWarnings``). Text KMA sent is escaped by the one rule
/// (``PrintableText``).
package struct WarningsTerminalView: Sendable {
    /// The language of the words around KMA's.
    package var language: DisplayLanguage
    /// Bold, colour, or neither.
    package var style: TerminalStyle

    /// A view in `language` with `style`.
    package init(language: DisplayLanguage, style: TerminalStyle) {
        self.language = language
        self.style = style
    }

    /// The first lines of the forecast's view, with their line end, or `""` when nothing is in
    /// force or announced: each warning wrapped to `width` columns (no line wider), and at most
    /// `maxLines` lines in all (at least 3): the warnings that do not fit are folded into one
    /// line that counts them and points to `kma-forecast alerts`, which shows them all.
    package func text(_ forecast: LocalForecast, width: Int = .max, maxLines: Int = .max) -> String {
        let preliminary = forecast.warnings?.preliminary ?? []
        guard !forecast.alerts.isEmpty || !preliminary.isEmpty else { return "" }
        let ko = language == .ko
        var heading = WeatherWarningText.heading(language)
        if forecast.warnings?.recording != nil, let outcome = forecast.warnings {
            let zone = PrintableText.singleLine(outcome.zone?.name ?? "")
            let at = CalendarText.readable(outcome.replayedAt)
            heading = ko ? "기상특보 표본 (\(zone), \(at) KST 기록; 이 곳의 실시간 특보 아님)" : "Sample warnings (recorded for \(zone) at \(at) KST; not this place, not live)"
        }
        // Each block: its heading, then its warnings, each in its colour.
        typealias Block = (heading: String, lines: [String], paint: (String) -> String)
        var blocks: [Block] = []
        if !forecast.alerts.isEmpty {
            blocks.append((heading, forecast.alerts.map { WeatherWarningText.line($0, language) }, style.alert))
        }
        if !preliminary.isEmpty {
            blocks.append((ko ? "발효 예정 특보" : "Warnings announced to start later", preliminary.map { WeatherWarningText.preliminaryLine($0, language) }, style.yellow))
        }
        let total = forecast.alerts.count + preliminary.count
        var shown = 0
        var out: [String] = []
        let budget = max(3, maxLines)
        func wrapped(_ text: String, first: String) -> [String] {
            Formatting.wrap(text, width: width, first: first, continuation: first + "  ").split(separator: "\n").map(String.init)
        }
        func fold() -> [String] {
            let more = total - shown
            let text = ko ? "… 특보 \(more)건 더: kma-forecast alerts" : "… \(more) more: kma-forecast alerts"
            return wrapped(text, first: "  ").map(style.dim)
        }
        blocks: for block in blocks {
            let head = wrapped(block.heading, first: "")
            var lines = head.map(block.paint)
            for line in block.lines {
                let piece = wrapped(line, first: "  ").map(block.paint)
                let after = total - shown - 1
                // Room for this warning, and for the fold line if any warning is left after it.
                let reserve = after > 0 ? fold().count : 0
                guard out.count + lines.count + piece.count + reserve <= budget else {
                    if lines.count > head.count { out += lines }
                    break blocks
                }
                lines += piece
                shown += 1
            }
            out += lines
        }
        if shown < total { out += fold() }
        return out.joined(separator: "\n") + "\n"
    }

    /// `kma-forecast alerts`'s view: the zone, the warnings in force (bold red), those
    /// announced, KMA's bulletin, the period the events were asked for.
    package func text(_ found: ZoneWarnings) -> String {
        let ko = language == .ko
        var lines: [String] = []
        let place = found.location.placeName ?? found.location.coordinate.map { "\($0.latitude), \($0.longitude)" } ?? ""
        if found.warnings.recording != nil {
            let at = CalendarText.readable(found.warnings.replayedAt)
            lines.append(style.yellow(ko ? "표본: 기록된 특보를 \(at) KST 기준으로 재생한 것 (실시간 아님)" : "Sample: recorded warnings replayed at \(at) KST; not live"))
        }
        if let zone = found.warnings.zone {
            let name = PrintableText.singleLine(zone.name)
            lines.append(style.bold(ko ? "\(place): 특보구역 \(name) (\(zone.id))" : "\(place): warning zone \(name) (\(zone.id))"))
            if let note = ko ? zone.koreanNote : zone.note { lines.append(style.dim("  " + PrintableText.singleLine(note))) }
        }
        lines.append("")
        if found.warnings.failure != nil {
            // Nothing is known: never the all-clear (the reason is on standard error).
            lines.append(style.alert(ko ? "기상특보를 받지 못함: 발효 중인 특보를 알 수 없음" : "Weather warnings unavailable: whether any is in force is unknown"))
        } else if found.alerts.isEmpty {
            lines.append(ko ? "발효 중인 특보 없음" : "No weather warning in force")
        } else {
            lines.append(style.alert(WeatherWarningText.heading(language)))
            lines += found.alerts.map { style.alert("  " + WeatherWarningText.line($0, language)) }
        }
        if !found.preliminary.isEmpty {
            lines.append(style.yellow(ko ? "발효 예정 특보" : "Warnings announced to start later"))
            lines += found.preliminary.map { style.yellow("  " + WeatherWarningText.preliminaryLine($0, language)) }
        }
        if let bulletin = found.bulletin {
            let at = bulletin.issuedAt.map { CalendarText.readable($0) + " KST" } ?? ""
            lines.append("")
            lines.append(style.bold(ko ? "기상특보 발표문 \(at)" : "KMA's bulletin \(at)"))
            for (label, body) in [(ko ? "발효 중" : "In force", bulletin.inForce), (ko ? "예비특보" : "Preliminary", bulletin.preliminary), (ko ? "기타" : "Other", bulletin.other)] {
                let cleaned = PrintableText.safe(body.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhitespace())
                guard !cleaned.isEmpty else { continue }
                lines.append(label + ":")
                lines += cleaned.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
        }
        if let failure = found.bulletinFailure {
            lines.append(style.dim(ko ? "(발표문을 받지 못함: \(PrintableText.safe(failure.koreanMessage)))" : "(no bulletin: \(PrintableText.safe(failure.message)))"))
        }
        let window = found.warnings.window.map { ko ? "조회 기간 \($0) (KST), 최근 6일" : "events of \($0) (KST), the last 6 days" } ?? ""
        if !window.isEmpty { lines.append(style.dim(window)) }
        return lines.joined(separator: "\n") + "\n"
    }
}
