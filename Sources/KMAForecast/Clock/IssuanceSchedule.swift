#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a product's runs are issued and when each becomes available — the base-time clock.
///
/// Pure arithmetic in KST (UTC+9) on whole seconds: the machine's time zone is never read.
///
/// ```swift
/// let schedule = ForecastProduct.shortTerm.schedule
/// let base = schedule.latestBase(at: Date())     // e.g. 20261121 0500
/// let fallback = schedule.previousBase(before: base)   // 20261121 0200
/// let next = schedule.availableAt(schedule.nextBase(after: base))   // 08:10 KST
/// ```
///
/// A base `b` is *available* at instant `t` when `t ≥ b + delay`: with the 10-minute delay of
/// the short-term product, 02:10:00 has the 0200 run and 02:09:59 has the previous day's 2300.
public struct IssuanceSchedule: Hashable, Sendable {
    /// The product this schedule is for.
    public let product: ForecastProduct

    /// Seconds between runs: 3600 for `nowcast` and `ultra-short`, 10800 for `short-term`.
    public let period: Int64

    /// Seconds after KST midnight of the first run of the day: 0 (00:00) for `nowcast`,
    /// 1800 (00:30) for `ultra-short`, 7200 (02:00) for `short-term`.
    public let offset: Int64

    /// Seconds from a run's nominal base time until KMA publishes it.
    ///
    /// Defaults: 600 (HH:10) for `nowcast`, 900 (HH:45 for an HH30 run) for `ultra-short`,
    /// 600 (+10 min) for `short-term`. Must be ≥ 0. Many older clients use 2400 (HH:40) for the
    /// nowcast; set it here if you want that.
    public var delay: Int64 {
        didSet { precondition(delay >= 0, "the availability delay must not be negative") }
    }

    /// The schedule of a product, with KMA's documented delay or your own.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - delay: Seconds from base time to availability, ≥ 0; `nil` for the documented default.
    public init(product: ForecastProduct, delay: Int64? = nil) {
        self.product = product
        switch product {
        case .nowcast:
            period = 3600; offset = 0
            self.delay = delay ?? 600
        case .ultraShort:
            period = 3600; offset = 1800
            self.delay = delay ?? 900
        case .shortTerm:
            period = 10_800; offset = 7200
            self.delay = delay ?? 600
        }
        precondition(self.delay >= 0, "the availability delay must not be negative")
    }

    /// The newest base that is available at an instant.
    ///
    /// - Parameter unixSeconds: The instant, seconds since 1970-01-01T00:00:00Z (clamped to
    ///   ±``KSTDateTime/instantLimit``).
    /// - Returns: The base to request, in KST.
    /// - Complexity: O(1); a few integer operations, no allocation.
    @inlinable
    public func latestBase(atUnixSeconds unixSeconds: Int64) -> ForecastBase {
        onSchedule(atOrBefore: KSTDateTime.wall(unixSeconds) - delay)
    }

    /// The newest base that is available at an instant; see ``latestBase(atUnixSeconds:)``.
    @inlinable
    public func latestBase(at date: Date) -> ForecastBase {
        latestBase(atUnixSeconds: KSTDateTime.unixSeconds(of: date))
    }

    /// The newest base that is available at a KST wall-clock time.
    @inlinable
    public func latestBase(at time: KSTDateTime) -> ForecastBase {
        onSchedule(atOrBefore: time.wallSeconds - delay)
    }

    /// The issuance before a base: where to fall back when KMA has not published `base` yet.
    ///
    /// For a base on the schedule that is one period earlier (short-term 0200 → the previous
    /// day's 2300); for any other time, the last scheduled base before it.
    @inlinable
    public func previousBase(before base: ForecastBase) -> ForecastBase {
        onSchedule(atOrBefore: base.dateTime.wallSeconds - 1)
    }

    /// The issuance after a base (short-term 2300 → the next day's 0200).
    @inlinable
    public func nextBase(after base: ForecastBase) -> ForecastBase {
        let floor = onSchedule(atOrBefore: base.dateTime.wallSeconds)
        return ForecastBase(KSTDateTime(wallSeconds: floor.dateTime.wallSeconds + period))
    }

    /// When a base becomes available: its base time plus ``delay``.
    @inlinable
    public func availableAt(_ base: ForecastBase) -> KSTDateTime {
        base.dateTime.adding(seconds: delay)
    }

    /// When the next run after the one available at `date` becomes available: the moment to
    /// refresh a cache or to show "next update at".
    public func nextAvailability(after date: Date) -> KSTDateTime {
        availableAt(nextBase(after: latestBase(at: date)))
    }

    /// Whether a base is one of this product's issuance times (short-term 0500 yes, 0600 no).
    @inlinable
    public func isScheduled(_ base: ForecastBase) -> Bool {
        onSchedule(atOrBefore: base.dateTime.wallSeconds) == base
    }

    /// The last scheduled base at or before a KST wall-clock second.
    @inlinable
    internal func onSchedule(atOrBefore wall: Int64) -> ForecastBase {
        let since = wall - offset
        // The products' two periods as constant divisors, which compile to a multiplication
        // instead of a 64-bit division (most of the cost of this function otherwise).
        let steps: Int64
        switch period {
        case 3600: steps = KSTDateTime.floorDivide(since, 3600)
        case 10_800: steps = KSTDateTime.floorDivide(since, 10_800)
        default: steps = KSTDateTime.floorDivide(since, period)
        }
        return ForecastBase(uncheckedWallSeconds: steps * period + offset)
    }
}

extension ForecastBase {
    /// A base from KST wall-clock seconds already on a whole minute.
    @inlinable
    internal init(uncheckedWallSeconds wall: Int64) {
        self.dateTime = KSTDateTime(wallSeconds: wall)
    }
}
