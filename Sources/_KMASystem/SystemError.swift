/// An operating-system call's failure: its `errno`, and the text a person reads
/// ("No such file or directory").
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C error number (`ENOENT`, `EACCES` …).
    package var code: Int32

    package init(code: Int32) { self.code = code }

    /// The C library's text for ``code`` (`strerror(3)`).
    package var description: String { SystemCalls.errorText(code) }
}
