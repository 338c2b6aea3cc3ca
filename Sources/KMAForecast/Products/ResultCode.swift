/// A `resultCode` from KMA's response header (or the gateway's `returnReasonCode`): an open
/// set with a named member for every documented code, like swift-system's `Errno`.
///
/// ```swift
/// if code == .noData { … }           // "03"
/// code.name                          // "NO_DATA"
/// code.isTransient                   // false: retrying will not help
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as KMA sends it, e.g. `"03"`.
    public let rawValue: String

    /// A code as KMA sends it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The code text a response header holds, as KMA writes it: the one rule every decoder
    /// applies. A single ASCII digit (`3`: the code sent as a JSON number, or by a
    /// re-serialising proxy) is KMA's two-digit code (`03`); anything else is kept as sent.
    package static func text(sent text: String) -> String {
        FixedWidthDigits.value(text.utf8, count: 1)?.zeroPadded(toWidth: 2) ?? text
    }

    /// The code text of a header value that came as a JSON number: whole numbers as digits
    /// (`3` → `03`, `0` → `00`), others as the number's shortest text. Never traps, however
    /// large the number.
    package static func text(sent number: Double) -> String {
        text(sent: number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
    }

    /// `00` NORMAL_SERVICE: success.
    public static let normalService = ResultCode(rawValue: "00")
    /// `01` APPLICATION_ERROR: a fault on KMA's side (transient; may come with no body).
    public static let applicationError = ResultCode(rawValue: "01")
    /// `02` DB_ERROR: KMA's database failed (transient).
    public static let databaseError = ResultCode(rawValue: "02")
    /// `03` NODATA_ERROR (real responses say `NO_DATA`): nothing for this request, e.g. a run
    /// that is not published yet.
    public static let noData = ResultCode(rawValue: "03")
    /// `04` HTTP_ERROR: KMA's upstream HTTP failed (transient).
    public static let httpError = ResultCode(rawValue: "04")
    /// `05` SERVICETIME_OUT: KMA timed out (transient).
    public static let serviceTimeout = ResultCode(rawValue: "05")
    /// `10` INVALID_REQUEST_PARAMETER_ERROR, with KMA's own text (e.g. "base_time는 4자리 입니다.").
    public static let invalidRequestParameter = ResultCode(rawValue: "10")
    /// `11` NO_MANDATORY_REQUEST_PARAMETERS_ERROR.
    public static let noMandatoryRequestParameters = ResultCode(rawValue: "11")
    /// `12` NO_OPENAPI_SERVICE_ERROR: the operation or service path is retired (or wrong).
    public static let noOpenAPIService = ResultCode(rawValue: "12")
    /// `20` SERVICE_ACCESS_DENIED_ERROR: the key is not approved for this service.
    public static let serviceAccessDenied = ResultCode(rawValue: "20")
    /// `21` TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR.
    public static let temporarilyDisabledServiceKey = ResultCode(rawValue: "21")
    /// `22` LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR: the daily quota is used up; it
    /// resets at midnight KST.
    public static let quotaExceeded = ResultCode(rawValue: "22")
    /// `23` LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR: too many requests in one
    /// second (the gateway's per-second limit; transient: back off and retry). From data.go.kr's
    /// error list, not the guide's table.
    public static let perSecondLimitExceeded = ResultCode(rawValue: "23")
    /// `29` BLACKLIST_IP_ACCESS_ERROR: the calling IP address is blacklisted by data.go.kr. From
    /// data.go.kr's error list, not the guide's table.
    public static let blacklistedIP = ResultCode(rawValue: "29")
    /// `30` SERVICE_KEY_IS_NOT_REGISTERED_ERROR: unknown key, wrongly encoded key, or a new key
    /// that is not active yet.
    public static let serviceKeyNotRegistered = ResultCode(rawValue: "30")
    /// `31` DEADLINE_HAS_EXPIRED_ERROR: the key's period of use has ended.
    public static let deadlineHasExpired = ResultCode(rawValue: "31")
    /// `32` UNREGISTERED_IP_ERROR: the calling IP address is not registered for the key.
    public static let unregisteredIP = ResultCode(rawValue: "32")
    /// `33` UNSIGNED_CALL_ERROR.
    public static let unsignedCall = ResultCode(rawValue: "33")
    /// `99` UNKNOWN_ERROR.
    public static let unknownError = ResultCode(rawValue: "99")

    /// KMA's name for the code, e.g. `NO_DATA`; `nil` for undocumented codes.
    public var name: String? {
        switch rawValue {
        case "00": "NORMAL_SERVICE"
        case "01": "APPLICATION_ERROR"
        case "02": "DB_ERROR"
        case "03": "NO_DATA"
        case "04": "HTTP_ERROR"
        case "05": "SERVICETIME_OUT"
        case "10": "INVALID_REQUEST_PARAMETER_ERROR"
        case "11": "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"
        case "12": "NO_OPENAPI_SERVICE_ERROR"
        case "20": "SERVICE_ACCESS_DENIED_ERROR"
        case "21": "TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR"
        case "22": "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"
        case "23": "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR"
        case "29": "BLACKLIST_IP_ACCESS_ERROR"
        case "30": "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"
        case "31": "DEADLINE_HAS_EXPIRED_ERROR"
        case "32": "UNREGISTERED_IP_ERROR"
        case "33": "UNSIGNED_CALL_ERROR"
        case "99": "UNKNOWN_ERROR"
        default: nil
        }
    }

    /// Whether a retry may succeed: a fault on KMA's side (01, 02, 04, 05), or the gateway's
    /// per-second limit (23), which passes after a short wait.
    public var isTransient: Bool {
        self == .applicationError || self == .databaseError || self == .httpError || self == .serviceTimeout
            || self == .perSecondLimitExceeded
    }

    /// What a person should do about it, in a sentence or two.
    public var advice: String {
        switch rawValue {
        case "00": "No action needed."
        case "01", "02", "04", "05": "This is a fault on KMA's side; try again in a minute."
        case "03": "KMA has no data for this request: the run may not be published yet (try the previous base time)."
        case "10": "A request parameter is wrong; check base_date (YYYYMMDD), base_time (HHMM), nx (1...149) and ny (1...253). For a run that is too old KMA says \"최근 3일 간의 자료만 제공합니다.\" (forecasts) or \"최근 1일 간의 자료만 제공합니다.\" (observations, the nowcast)."
        case "11": "A required parameter is missing from the request."
        case "12": "The service path or operation is retired or wrong (the gateway no longer serves it): use the service root of VilageFcstInfoService_2.0, e.g. https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0, with getVilageFcst, getUltraSrtFcst or getUltraSrtNcst, and check the service URL and operation name."
        case "20": "Your key is not approved for this service: apply for 기상청_단기예보 조회서비스 (활용신청) on data.go.kr (or on apihub.kma.go.kr). \(Self.activationHint)"
        case "21": "Your service key is temporarily disabled; check its status on data.go.kr."
        case "22": "The daily request quota is used up (10,000 calls a day for a development key); it resets at midnight KST (00:00 KST): try again after that, or request a higher quota on data.go.kr. Retrying sooner does not help."
        case "23": "Too many requests in one second (the gateway allows about 30 a second per operation): slow down and try again after a short wait."
        case "29": "Your IP address is blacklisted by data.go.kr (usually after excessive or abnormal traffic): stop sending requests from it and contact data.go.kr (고객센터 / 문의하기) to have it lifted."
        case "30": "The service key is not registered: check that it is copied whole and encoded once. \(Self.activationHint)"
        case "31": "The period of use of your service key has ended; extend it (연장신청) on data.go.kr. \(Self.activationHint)"
        case "32": "This IP address is not registered for your service key."
        case "33": "The call is not signed as the service requires."
        default: "Unexpected KMA error; try again later, and check the service status on data.go.kr."
        }
    }

    /// The hint for key problems (20, 30, 31).
    static let activationHint = "A new key (or a new 활용신청) can take an hour or more to become active."

    /// `03 NO_DATA`, or the bare code when undocumented (escaped by the one rule for network
    /// text, ``PrintableText/excerpt(_:)``: the code is what the server sent).
    public var description: String {
        name.map { "\(rawValue) \($0)" } ?? PrintableText.excerpt(rawValue)
    }
}
