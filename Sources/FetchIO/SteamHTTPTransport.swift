import AsyncHTTPClient
import Fetch
import NIOCore
import NIOHTTP1

/// GET over AsyncHTTPClient, with the failures of the transport typed: a timeout, a refused or reset
/// connection, or a body cut off after some bytes arrived. Redirects are not followed (the key must not
/// travel to another host); messages pass through the redactor.
final class SteamHTTPTransport: Sendable {
    struct Response: Sendable {
        var status: Int
        var contentType: String?
        var retryAfter: Double?
        var body: [UInt8]
    }

    private let client: HTTPClient
    private let timeout: Double
    private let redactor: URLRedactor
    /// Largest body accepted (a runaway answer is a failure, not an out-of-memory).
    static let maximumBodyBytes = 256 << 20

    init(timeoutSeconds: Double, concurrency: Int, redactor: URLRedactor) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(Int64(timeoutSeconds * 1000)), read: .milliseconds(Int64(timeoutSeconds * 1000))),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, concurrency)),
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = timeoutSeconds
        self.redactor = redactor
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// One GET; a transport failure is returned typed, never thrown.
    func get(_ url: String) async -> Result<Response, FetchFailure> {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "steam-mate-fetch")
        var received: [UInt8] = []
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            for try await buffer in response.body {
                received += buffer.readableBytesView
                if received.count > Self.maximumBodyBytes {
                    return .failure(FetchFailure(.malformedJSON, status: Int(response.status.code), cause: "body larger than 256 MiB"))
                }
            }
            return .success(Response(status: Int(response.status.code), contentType: response.headers.first(name: "content-type"),
                                     retryAfter: BackoffPolicy.retryAfterSeconds(response.headers.first(name: "retry-after")),
                                     body: received))
        } catch {
            return .failure(classify(error, bytesReceived: received.count))
        }
    }

    /// Maps the client's error to a failure kind, keeping its text (redacted) as the cause.
    func classify(_ error: any Error, bytesReceived: Int) -> FetchFailure {
        let cause = redactor.redact(String(describing: error))
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
                return FetchFailure(.timeout, cause: "no complete answer within \(timeout) s (\(cause))")
            default:
                break
            }
        }
        if error is CancellationError { return FetchFailure(.timeout, cause: "cancelled (\(cause))") }
        if bytesReceived > 0 {
            return FetchFailure(.truncated, cause: "the connection closed after \(bytesReceived) bytes of the body (\(cause))")
        }
        return FetchFailure(.connection, cause: cause)
    }
}
