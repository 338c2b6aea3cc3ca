// Generated from Schemas/local-forecast.schema.json: do not edit here. MCPSchemaTests checks
// that this text equals the file byte for byte (regenerate by copying the file between the
// delimiters). The installed binary carries the schema: it never reads the repository.

/// The JSON Schema of ``LocalForecast``'s JSON (`Schemas/local-forecast.schema.json`), the
/// `outputSchema` of the MCP server's forecast tool: one contract for `--format json`, the
/// library's `Codable` and the agents' tool.
enum LocalForecastSchema {
    static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://github.com/kma-forecast/kma-forecast/Schemas/local-forecast.schema.json",
  "title": "LocalForecast",
  "description": "The forecast at one place from KMA (기상청): `kma-forecast --format json` and the library's Codable encoding of LocalForecast. Times are ISO 8601 with the KST offset (+09:00); temperatures °C; wind m/s; amounts mm (precipitation) and cm (snow); chances and humidity 0…1. A value KMA did not give is absent, never null or 0.",
  "type": "object",
  "additionalProperties": false,
  "required": ["location", "requestedAt", "hourly", "daily", "products"],
  "properties": {
    "location": { "$ref": "#/$defs/location" },
    "requestedAt": { "$ref": "#/$defs/instant", "description": "When the forecast was asked for (the client's clock)." },
    "recording": {
      "description": "Present only for a recorded sample, never for a live forecast.",
      "type": "object",
      "additionalProperties": false,
      "required": ["note", "source"],
      "properties": {
        "note": { "type": "string", "description": "One sentence: a recorded KMA forecast, of which place and when, not live." },
        "source": { "type": "string" },
        "run": { "$ref": "#/$defs/instant" }
      }
    },
    "nextUpdate": { "$ref": "#/$defs/instant", "description": "The earliest time KMA may publish newer content for anything here: when to refresh." },
    "current": { "$ref": "#/$defs/hour", "description": "The newest nowcast observation at or before requestedAt." },
    "hourly": { "type": "array", "items": { "$ref": "#/$defs/hour" }, "description": "Every hour after requestedAt to the end of the short-term run, in time order, each value from the freshest product." },
    "daily": { "type": "array", "items": { "$ref": "#/$defs/day" }, "description": "One entry per KST date from today." },
    "products": { "type": "array", "items": { "$ref": "#/$defs/productOutcome" }, "maxItems": 3 },
    "midTerm": { "$ref": "#/$defs/midTermOutcome" }
  },
  "$defs": {
    "instant": {
      "type": "string",
      "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\+09:00$"
    },
    "product": { "enum": ["nowcast", "ultra-short", "short-term"] },
    "condition": { "enum": ["clear", "mostlyCloudy", "overcast", "rain", "rainAndSnow", "snow", "shower", "drizzle", "drizzleAndSnowFlurries", "snowFlurries"] },
    "sky": { "enum": [1, 3, 4], "description": "KMA's SKY code: 1 맑음, 3 구름많음, 4 흐림." },
    "precipitationType": { "type": "integer", "minimum": 0, "maximum": 7, "description": "KMA's PTY code." },
    "chance": { "type": "number", "minimum": 0, "maximum": 1 },
    "base": {
      "type": "object",
      "additionalProperties": false,
      "required": ["baseDate", "baseTime"],
      "properties": {
        "baseDate": { "type": "string", "pattern": "^[0-9]{8}$" },
        "baseTime": { "type": "string", "pattern": "^[0-9]{4}$" }
      }
    },
    "values": {
      "type": "object",
      "description": "KMA category code (TMP, POP, SKY …) to the value exactly as KMA sent it.",
      "propertyNames": { "minLength": 1, "maxLength": 8 },
      "additionalProperties": { "type": "string" }
    },
    "amount": {
      "type": "object",
      "additionalProperties": false,
      "required": ["minimum"],
      "properties": { "minimum": { "type": "number", "minimum": 0 }, "maximum": { "type": "number", "minimum": 0 } }
    },
    "failure": {
      "type": "object",
      "additionalProperties": false,
      "required": ["service", "stage", "kind", "message", "isTransient"],
      "properties": {
        "service": { "enum": ["short-term", "mid-term"] },
        "stage": { "type": "string" },
        "kind": { "type": "string", "description": "What failed, for a program to branch on: noData, quotaExhausted, forbidden, timedOut …" },
        "message": { "type": "string", "description": "What went wrong and what to do; never holds the key." },
        "resultCode": { "type": "string" },
        "isTransient": { "type": "boolean" },
        "isAccessRefusal": { "const": true }
      }
    },
    "location": {
      "type": "object",
      "additionalProperties": false,
      "required": ["cell"],
      "properties": {
        "cell": {
          "type": "object",
          "additionalProperties": false,
          "required": ["nx", "ny"],
          "properties": { "nx": { "type": "integer", "minimum": 1, "maximum": 149 }, "ny": { "type": "integer", "minimum": 1, "maximum": 253 } }
        },
        "coordinate": {
          "type": "object",
          "additionalProperties": false,
          "required": ["latitude", "longitude"],
          "properties": { "latitude": { "type": "number", "minimum": -90, "maximum": 90 }, "longitude": { "type": "number", "minimum": -180, "maximum": 180 } }
        },
        "placeName": { "type": "string" },
        "midTermRegions": {
          "type": "object",
          "additionalProperties": false,
          "required": ["landRegionID", "landRegionName", "temperaturePointID", "temperaturePointName", "isApproximate"],
          "properties": {
            "landRegionID": { "type": "string" },
            "landRegionName": { "type": "string" },
            "temperaturePointID": { "type": "string" },
            "temperaturePointName": { "type": "string" },
            "isApproximate": { "type": "boolean" }
          }
        }
      }
    },
    "hour": {
      "type": "object",
      "additionalProperties": false,
      "required": ["time", "nx", "ny", "sources"],
      "properties": {
        "time": { "$ref": "#/$defs/instant" },
        "nx": { "type": "integer", "minimum": 1, "maximum": 149 },
        "ny": { "type": "integer", "minimum": 1, "maximum": 253 },
        "condition": { "$ref": "#/$defs/condition" },
        "temperature": { "type": "number", "description": "°C (T1H or TMP)." },
        "precipitationChance": { "$ref": "#/$defs/chance" },
        "humidity": { "$ref": "#/$defs/chance" },
        "windSpeed": { "type": "number", "minimum": 0, "description": "m/s." },
        "windDirection": { "type": "number", "minimum": 0, "maximum": 360, "description": "Degrees the wind blows from." },
        "windStrength": { "type": "integer", "minimum": 1, "maximum": 3, "description": "Extended days' WSD code." },
        "sky": { "$ref": "#/$defs/sky" },
        "precipitationType": { "$ref": "#/$defs/precipitationType" },
        "precipitationAmount": { "$ref": "#/$defs/amount", "description": "mm in the hour, as KMA bins it." },
        "rainIntensity": { "type": "integer", "minimum": 1, "maximum": 3 },
        "snowfallAmount": { "$ref": "#/$defs/amount", "description": "cm in the hour, as KMA bins it." },
        "snowIntensity": { "type": "integer", "minimum": 1, "maximum": 2 },
        "waveHeight": { "type": "number", "description": "m." },
        "lightning": { "type": "number", "description": "kA/km²." },
        "sources": {
          "type": "array",
          "minItems": 1,
          "description": "Which product and run gave which values, freshest first; each category in one source.",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": ["product", "base", "values"],
            "properties": {
              "product": { "$ref": "#/$defs/product" },
              "base": { "$ref": "#/$defs/instant" },
              "values": { "$ref": "#/$defs/values" }
            }
          }
        }
      }
    },
    "temperature": {
      "type": "object",
      "additionalProperties": false,
      "required": ["celsius", "origin"],
      "properties": {
        "celsius": { "type": "number" },
        "origin": { "enum": ["daily", "hourly", "mid"] },
        "spreadBelow": { "type": "number" },
        "spreadAbove": { "type": "number" }
      }
    },
    "half": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "condition": { "$ref": "#/$defs/condition" },
        "sky": { "$ref": "#/$defs/sky" },
        "precipitationType": { "$ref": "#/$defs/precipitationType" },
        "precipitationChance": { "$ref": "#/$defs/chance" },
        "text": { "type": "string", "description": "The mid-term phrase as KMA wrote it." },
        "isApproximate": { "const": true }
      }
    },
    "day": {
      "type": "object",
      "additionalProperties": false,
      "required": ["date", "isHalfDaySplit"],
      "properties": {
        "date": { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
        "low": { "$ref": "#/$defs/temperature" },
        "high": { "$ref": "#/$defs/temperature" },
        "morning": { "$ref": "#/$defs/half" },
        "afternoon": { "$ref": "#/$defs/half" },
        "precipitationChance": { "$ref": "#/$defs/chance" },
        "condition": { "$ref": "#/$defs/condition" },
        "source": {
          "type": "object",
          "additionalProperties": false,
          "required": ["kind", "run"],
          "properties": { "kind": { "enum": ["short", "mid"] }, "run": { "$ref": "#/$defs/instant" } }
        },
        "isHalfDaySplit": { "type": "boolean" }
      }
    },
    "row": {
      "type": "object",
      "additionalProperties": false,
      "required": ["nx", "ny", "forecastDate", "forecastTime", "base", "isObservation", "values"],
      "properties": {
        "nx": { "type": "integer", "minimum": 1, "maximum": 149 },
        "ny": { "type": "integer", "minimum": 1, "maximum": 253 },
        "forecastDate": { "type": "string", "pattern": "^[0-9]{8}$" },
        "forecastTime": { "type": "string", "pattern": "^[0-9]{4}$" },
        "base": { "$ref": "#/$defs/base" },
        "isObservation": { "type": "boolean" },
        "values": { "$ref": "#/$defs/values" }
      }
    },
    "productOutcome": {
      "type": "object",
      "additionalProperties": false,
      "required": ["product", "status", "newestBase", "fallbackSteps", "rows", "fromCache", "requests", "nextRunAvailableAt", "nextUpdateAt"],
      "properties": {
        "product": { "$ref": "#/$defs/product" },
        "status": { "enum": ["delivered", "fellBack", "failed"] },
        "base": { "$ref": "#/$defs/base" },
        "newestBase": { "$ref": "#/$defs/base" },
        "fallbackSteps": { "type": "integer", "minimum": 0 },
        "rows": { "type": "array", "items": { "$ref": "#/$defs/row" } },
        "fetchedAt": { "$ref": "#/$defs/instant" },
        "fromCache": { "type": "boolean" },
        "requests": { "type": "integer", "minimum": 0 },
        "nextRunAvailableAt": { "$ref": "#/$defs/instant" },
        "nextUpdateAt": { "$ref": "#/$defs/instant", "description": "When this product's content expires." },
        "fileVersion": { "type": "string", "pattern": "^[0-9]{14}$" },
        "labelledBase": { "$ref": "#/$defs/base" },
        "failure": { "$ref": "#/$defs/failure" }
      },
      "if": { "properties": { "status": { "const": "failed" } } },
      "then": { "required": ["failure"], "not": { "required": ["base"] } },
      "else": { "required": ["base", "fetchedAt"], "not": { "required": ["failure"] } }
    },
    "midTermOutcome": {
      "type": "object",
      "additionalProperties": false,
      "required": ["status", "runs", "fromCache", "requests", "nextUpdateAt"],
      "properties": {
        "status": { "enum": ["delivered", "partial", "failed"] },
        "runs": { "type": "array", "items": { "$ref": "#/$defs/instant" } },
        "fetchedAt": { "$ref": "#/$defs/instant" },
        "fromCache": { "type": "boolean" },
        "requests": { "type": "integer", "minimum": 0 },
        "nextUpdateAt": { "$ref": "#/$defs/instant" },
        "failure": { "$ref": "#/$defs/failure" }
      }
    }
  }
}

"""#
}
