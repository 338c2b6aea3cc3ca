import KMAGrid
import KMAPlaces

extension ForecastLocation: Codable {
    private enum CaseKeys: String, CodingKey { case coordinate, cell, place }
    private enum ValueKeys: String, CodingKey {
        case value = "_0"
        case regionCode, levels, cell, coordinate
    }

    /// Decodes the shape of ``encode(to:)``, which is also what the library wrote before a
    /// resolved place travelled on: `{"place":{"_0":"서울"}}` decodes as ``placeName(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CaseKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a location has one of 'coordinate', 'cell' or 'place'"))
        }
        let value = try container.nestedContainer(keyedBy: ValueKeys.self, forKey: key)
        switch key {
        case .coordinate: self = .coordinate(try value.decode(GeoCoordinate.self, forKey: .value))
        case .cell: self = .cell(try value.decode(GridCell.self, forKey: .value))
        case .place:
            let name = try value.decode(String.self, forKey: .value)
            guard let code = try value.decodeIfPresent(String.self, forKey: .regionCode) else {
                self = .placeName(name)
                return
            }
            let levels = try value.decode([String].self, forKey: .levels)
            guard (1...3).contains(levels.count), levels.joined(separator: " ") == name else {
                throw DecodingError.dataCorruptedError(forKey: .levels, in: value, debugDescription: "a place has one to three levels that make its name '\(name)'")
            }
            let cell = try value.decode(GridCell.self, forKey: .cell)
            let point = try value.decodeIfPresent(GeoCoordinate.self, forKey: .coordinate)
            self = .place(Place(regionCode: code, levels: levels, cell: cell, coordinate: point))
        }
    }

    /// Encodes `{"coordinate":{"_0":…}}`, `{"cell":{"_0":…}}`, `{"place":{"_0":"서울"}}` for a
    /// name, and for a resolved place its name under `_0` with `regionCode`, `levels`, `cell`
    /// and `coordinate` beside it (so a reader of the earlier shape still reads its name).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CaseKeys.self)
        switch self {
        case .coordinate(let point):
            var value = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .coordinate)
            try value.encode(point, forKey: .value)
        case .cell(let cell):
            var value = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .cell)
            try value.encode(cell, forKey: .value)
        case .placeName(let name):
            var value = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .place)
            try value.encode(name, forKey: .value)
        case .place(let place):
            var value = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .place)
            try value.encode(place.name, forKey: .value)
            try value.encode(place.regionCode, forKey: .regionCode)
            try value.encode(place.levels, forKey: .levels)
            try value.encode(place.cell, forKey: .cell)
            try value.encodeIfPresent(place.coordinate, forKey: .coordinate)
        }
    }
}
