/// How closely a query names a place. Ordered: ``partial`` < ``shortened`` < ``exact``.
///
/// A query is read as names from the province down, each level optional; the quality of a
/// match is that of its loosest name. Only the last name typed may be ``partial``.
public enum PlaceMatchQuality: Int, Comparable, Sendable, CaseIterable {
    /// The last name typed is only the start of the region's name (`청운` for `청운효자동`,
    /// `부산` for `부산진구`).
    case partial = 1
    /// Some name was typed without its unit suffix (`종로` for `종로구`, `서울 종로`, `고양`
    /// for each district of 고양시, `역삼` for `역삼1동`), or as the start that two districts
    /// of one city share (`일산` for `고양시일산동구` and `고양시일산서구`).
    case shortened = 2
    /// Every name typed is an official name or an accepted alternative: `서울` or `서울시` for
    /// 서울특별시, `경기`, `충북`, `강원도`, `전라북도`; `영통구` for `수원시영통구`; the city
    /// of a district (`수원시` for `수원시영통구`); the group name of numbered dongs
    /// (`역삼동` for `역삼1동`), unless a dong of the same district has that name.
    case exact = 3

    /// Orders by closeness.
    public static func < (lhs: PlaceMatchQuality, rhs: PlaceMatchQuality) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
