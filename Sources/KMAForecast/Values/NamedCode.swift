/// A KMA code with the names people read: ``SkyCondition``, ``PrecipitationType``,
/// ``RainIntensity``, ``SnowIntensity``, ``WindStrength``.
///
/// In JSON a code is written with both names: `{"code":1,"en":"clear","ko":"맑음"}`.
public protocol NamedCode: Hashable, Sendable {
    /// KMA's code, e.g. `1`.
    var code: Int { get }
    /// The Korean name KMA uses, e.g. `맑음`.
    var koreanName: String { get }
    /// The English name, e.g. `clear`.
    var englishName: String { get }
}

extension NamedCode {
    /// The name in a language.
    public func name(in language: DisplayLanguage) -> String {
        language == .ko ? koreanName : englishName
    }
}

extension NamedCode where Self: RawRepresentable, RawValue == Int {
    /// KMA's code: the raw value.
    public var code: Int { rawValue }
}
