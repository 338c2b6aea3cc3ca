import KMAForecastText

/// Text from outside (KMA's answers, what a user typed, file names) made safe to print on a
/// terminal: the package's one rule for network text, ``PrintableText`` (`safe`, `singleLine`,
/// `maximumLineLength`), under the name the CLI's messages know it by.
///
/// `ESC ]0;…BEL ESC [2J` quoted from a gateway's error text would retitle and clear the
/// user's terminal; a 120,000-character `--place` echoed whole buries the message.
typealias TerminalText = PrintableText
