/// What the stub server does with one request.
enum StubReply: Sendable {
    /// A normal answer.
    case answer(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = [])
    /// Waits, then answers (past the client's timeout, for timeout tests).
    indirect case delayed(seconds: Double, StubReply)
    /// Announces `announced` bytes, sends `body` (fewer), then closes the connection.
    case truncated(body: [UInt8], announced: Int)
    /// Closes the connection without answering.
    case reset

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> StubReply {
        .answer(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8), headers: headers)
    }

    static func json(_ bytes: [UInt8]) -> StubReply {
        .answer(status: 200, contentType: "application/json; charset=utf-8", body: bytes)
    }

    static let htmlErrorPage = StubReply.answer(
        status: 200, contentType: "text/html",
        body: Array("<!DOCTYPE html><html><head><title>Error</title></head><body>An error was encountered while processing your request.</body></html>".utf8))
}
