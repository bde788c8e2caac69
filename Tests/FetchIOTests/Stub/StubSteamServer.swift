import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A Steam Web API stand-in on 127.0.0.1 (SwiftNIO's HTTP/1 server, started by each test): it serves the
/// fixtures, injects the faults a test asks for, and records every request with its arrival time, so
/// tests can check rates, retries and that fresh data is not asked for again.
final class StubSteamServer: Sendable {
    /// The faults of a test: for a request and its attempt number (1 for the first request with the same
    /// query), a reply that replaces the normal one, or `nil`.
    typealias Faults = @Sendable (StubRequest, Int) -> StubReply?

    final class State: Sendable {
        let responses: SteamFixtureResponses
        let unknown: Set<String>
        let faults: Faults
        /// Seconds every reply waits (a slow upstream, for the kill test).
        let latency: Double
        let start = ContinuousClock.now
        let log = Mutex<(requests: [StubRequest], attempts: [String: Int])>(([], [:]))

        init(responses: SteamFixtureResponses, unknown: Set<String>, latency: Double, faults: @escaping Faults) {
            self.latency = latency
            self.responses = responses
            self.unknown = unknown
            self.faults = faults
        }

        func reply(uri: String) -> StubReply {
            let elapsed = ContinuousClock.now - start
            let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var query: [String: String] = [:]
            var key: String?
            if parts.count == 2 {
                for item in parts[1].split(separator: "&") {
                    let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let name = String(pair[0]), value = pair.count == 2 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
                    if name == "key" { key = value } else { query[name] = value }
                }
            }
            let path = String(parts[0].drop { $0 == "/" })
            let request = StubRequest(time: time, path: path, query: query, key: key)
            let attempt = log.withLock { log -> Int in
                log.requests.append(request)
                log.attempts[request.callID, default: 0] += 1
                return log.attempts[request.callID]!
            }
            let reply = faults(request, attempt) ?? responses.reply(to: request, unknown: unknown)
            return latency > 0 ? .delayed(seconds: latency, reply) : reply
        }
    }

    let state: State
    let channel: any Channel
    let port: Int

    var base: String { "http://127.0.0.1:\(port)" }

    private init(state: State, channel: any Channel) {
        self.state = state
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
    }

    static func start(unknown: Set<String> = [], latency: Double = 0, faults: @escaping Faults = { _, _ in nil }) async throws -> StubSteamServer {
        let state = State(responses: try SteamFixtureResponses(), unknown: unknown, latency: latency, faults: faults)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(StubHTTPHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return StubSteamServer(state: state, channel: channel)
    }

    func shutdown() async {
        try? await channel.close()
    }

    /// Every request so far, in arrival order.
    var requests: [StubRequest] { state.log.withLock { $0.requests } }

    /// Forgets the requests (attempt numbers too), e.g. between two runs.
    func resetLog() { state.log.withLock { $0 = ([], [:]) } }
}

/// Answers one connection's requests with the stub's replies.
final class StubHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let state: StubSteamServer.State
    var uri = ""

    init(state: StubSteamServer.State) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): uri = head.uri
        case .body: break
        case .end: send(state.reply(uri: uri), context: context)
        }
    }

    func send(_ reply: StubReply, context: ChannelHandlerContext) {
        switch reply {
        case .answer(let status, let contentType, let body, let extra):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: contentType)
            headers.add(name: "Content-Length", value: String(body.count))
            for (name, value) in extra { headers.add(name: name, value: value) }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers))),
                          promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .delayed(let seconds, let inner):
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
                let (handler, context) = bound.value
                handler.send(inner, context: context)
            }
        case .truncated(let body, let announced):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(announced))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
            context.close(promise: nil)
        case .reset:
            context.close(promise: nil)
        }
    }
}
