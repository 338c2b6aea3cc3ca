import Foundation

/// NOAA's solar calculator (`solcalc/main.js`: `calcSunriseSetUTC`, `calcSunriseSet`,
/// `calcSolNoon` and the functions under them), written out plainly, line for line, as the
/// tests' reference: the Julian day of the date at 0h UT, one refinement at the first estimate,
/// times in minutes after local midnight (UTC+9). Twilights use the same hour-angle formula with
/// the zenith 96°, 102° and 108° in place of 90.833°.
public enum NOAASolarReference {
    static func radToDeg(_ a: Double) -> Double { 180.0 * a / Double.pi }
    static func degToRad(_ a: Double) -> Double { Double.pi * a / 180.0 }

    static func getJD(year: Int, month: Int, day: Int) -> Double {
        var year = year, month = month
        if month <= 2 {
            year -= 1
            month += 12
        }
        let A = floor(Double(year) / 100)
        let B = 2 - A + floor(A / 4)
        return floor(365.25 * Double(year + 4716)) + floor(30.6001 * Double(month + 1)) + Double(day) + B - 1524.5
    }

    static func calcTimeJulianCent(_ jd: Double) -> Double { (jd - 2451545.0) / 36525.0 }

    static func calcGeomMeanLongSun(_ t: Double) -> Double {
        var L0 = 280.46646 + t * (36000.76983 + t * 0.0003032)
        while L0 > 360.0 { L0 -= 360.0 }
        while L0 < 0.0 { L0 += 360.0 }
        return L0
    }

    static func calcGeomMeanAnomalySun(_ t: Double) -> Double { 357.52911 + t * (35999.05029 - 0.0001537 * t) }

    static func calcEccentricityEarthOrbit(_ t: Double) -> Double { 0.016708634 - t * (0.000042037 + 0.0000001267 * t) }

    static func calcSunEqOfCenter(_ t: Double) -> Double {
        let m = calcGeomMeanAnomalySun(t)
        let mrad = degToRad(m)
        let sinm = sin(mrad), sin2m = sin(mrad + mrad), sin3m = sin(mrad + mrad + mrad)
        return sinm * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin2m * (0.019993 - 0.000101 * t) + sin3m * 0.000289
    }

    static func calcSunTrueLong(_ t: Double) -> Double { calcGeomMeanLongSun(t) + calcSunEqOfCenter(t) }

    static func calcSunApparentLong(_ t: Double) -> Double {
        let o = calcSunTrueLong(t)
        let omega = 125.04 - 1934.136 * t
        return o - 0.00569 - 0.00478 * sin(degToRad(omega))
    }

    static func calcMeanObliquityOfEcliptic(_ t: Double) -> Double {
        let seconds = 21.448 - t * (46.8150 + t * (0.00059 - t * 0.001813))
        return 23.0 + (26.0 + (seconds / 60.0)) / 60.0
    }

    static func calcObliquityCorrection(_ t: Double) -> Double {
        let e0 = calcMeanObliquityOfEcliptic(t)
        let omega = 125.04 - 1934.136 * t
        return e0 + 0.00256 * cos(degToRad(omega))
    }

    static func calcSunDeclination(_ t: Double) -> Double {
        let e = calcObliquityCorrection(t)
        let lambda = calcSunApparentLong(t)
        let sint = sin(degToRad(e)) * sin(degToRad(lambda))
        return radToDeg(asin(sint))
    }

    static func calcEquationOfTime(_ t: Double) -> Double {
        let epsilon = calcObliquityCorrection(t)
        let l0 = calcGeomMeanLongSun(t)
        let e = calcEccentricityEarthOrbit(t)
        let m = calcGeomMeanAnomalySun(t)
        var y = tan(degToRad(epsilon) / 2.0)
        y *= y
        let sin2l0 = sin(2.0 * degToRad(l0)), sinm = sin(degToRad(m)), cos2l0 = cos(2.0 * degToRad(l0))
        let sin4l0 = sin(4.0 * degToRad(l0)), sin2m = sin(2.0 * degToRad(m))
        let Etime = y * sin2l0 - 2.0 * e * sinm + 4.0 * e * y * sinm * cos2l0 - 0.5 * y * y * sin4l0 - 1.25 * e * e * sin2m
        return radToDeg(Etime) * 4.0
    }

    static func calcHourAngle(_ zenith: Double, _ lat: Double, _ solarDec: Double) -> Double {
        let latRad = degToRad(lat), sdRad = degToRad(solarDec)
        let HAarg = cos(degToRad(zenith)) / (cos(latRad) * cos(sdRad)) - tan(latRad) * tan(sdRad)
        return acos(HAarg)
    }

    static func calcSunriseSetUTC(_ rise: Bool, _ zenith: Double, _ JD: Double, _ latitude: Double, _ longitude: Double) -> Double {
        let t = calcTimeJulianCent(JD)
        let eqTime = calcEquationOfTime(t)
        let solarDec = calcSunDeclination(t)
        var hourAngle = calcHourAngle(zenith, latitude, solarDec)
        if !rise { hourAngle = -hourAngle }
        let delta = longitude + radToDeg(hourAngle)
        return 720 - (4.0 * delta) - eqTime
    }

    /// Minutes after local midnight (UTC+9), or `nil` when the event does not happen.
    public static func event(_ rise: Bool, zenith: Double, year: Int, month: Int, day: Int, latitude: Double, longitude: Double) -> Double? {
        let JD = getJD(year: year, month: month, day: day)
        let timeUTC = calcSunriseSetUTC(rise, zenith, JD, latitude, longitude)
        let newTimeUTC = calcSunriseSetUTC(rise, zenith, JD + timeUTC / 1440.0, latitude, longitude)
        guard newTimeUTC.isFinite else { return nil }
        return newTimeUTC + 9 * 60.0
    }

    /// Solar noon, minutes after local midnight (UTC+9).
    public static func solarNoon(year: Int, month: Int, day: Int, longitude: Double) -> Double {
        let jd = getJD(year: year, month: month, day: day)
        let tnoon = calcTimeJulianCent(jd - longitude / 360.0)
        var eqTime = calcEquationOfTime(tnoon)
        let solNoonOffset = 720.0 - (longitude * 4) - eqTime
        let newt = calcTimeJulianCent(jd + solNoonOffset / 1440.0)
        eqTime = calcEquationOfTime(newt)
        return 720 - (longitude * 4) - eqTime + 9 * 60.0
    }
}
