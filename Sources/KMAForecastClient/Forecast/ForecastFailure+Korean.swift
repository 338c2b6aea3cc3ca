import KMAForecast
import KMAForecastText

extension ForecastFailure {
    /// ``message`` in Korean (`--lang ko`): the error's ``ForecastClientError/koreanDescription``
    /// when this failure was made in memory; a failure decoded from JSON keeps its stored
    /// (English) message.
    package var koreanMessage: String {
        origin.value?.koreanDescription ?? message
    }

    /// ``message`` in `language`.
    package func message(in language: DisplayLanguage) -> String {
        language == .ko ? koreanMessage : message
    }
}
