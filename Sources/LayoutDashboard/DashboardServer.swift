// The server and what it serves: only in a build with the Dashboard trait (README "Optional parts").
#if Dashboard
import Dispatch
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The dashboard's HTTP server (Hummingbird). Routes, all answered from `DashboardState`; no request path
/// reaches the file system, and anything else is 404:
///
///   GET /               the page
///   GET /fragment       the specs' HTML, which the page's script swaps in after each event
///   GET /events         Server-Sent Events: `run` when a run ends ok, `invalid` when a spec fails, `picture`
///                       when a run's first line brings a known spec's new picture
///   GET /spec/N.svg     the picture of the N-th spec (by index, never by path)
///   GET /metrics        Prometheus's text format 0.0.4 (`DashboardMetrics`)
public enum DashboardServer {
    /// The router: the dashboard's routes in one group, `/metrics` in another.
    static func router(state: DashboardState) -> Router<BasicRequestContext> {
        let router = Router()
        let dashboard = router.group("")
        dashboard.get("/") { _, _ in
            let page = DashboardPage.page(await state.snapshot(), version: await state.version)
            return html(page)
        }
        dashboard.get("/fragment") { _, _ in
            html(DashboardPage.fragment(await state.snapshot()))
        }
        dashboard.get("/events") { _, _ in
            let events = await state.subscribe()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    // A comment first, so the client sees the stream open at once.
                    try await writer.write(ByteBuffer(string: ": layoutbench watch\nretry: 1000\n\n"))
                    for await event in events {
                        let data = "{\"version\":\(event.version),\"spec\":\(event.spec)}"
                        try await writer.write(ByteBuffer(string: "event: \(event.kind.rawValue)\ndata: \(data)\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
        dashboard.get("/spec/{file}") { _, context in
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".svg"), let index = Int(file.dropLast(4)), index >= 0,
                let svg = await state.picture(index)
            else { return Response(status: .notFound) }
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml"
            headers[.init("X-Content-Type-Options")!] = "nosniff"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
        let metrics = router.group("metrics")
        metrics.get { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = DashboardMetrics.contentType
            headers[.cacheControl] = "no-store"
            let text = state.metrics.exposition()
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        return router
    }

    static func html(_ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.init("Content-Security-Policy")!] =
            "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self'"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Starts the server in the background and returns the port it listens on once it does (port 0 gets a
    /// free one). Blocks the calling thread until the server listens or fails: call it from a thread of
    /// its own (the CLI's main thread), never from a task (`start(address:state:logger:) async` is for
    /// those). The server runs until the process ends; it installs no signal handlers (the daemon owns
    /// SIGINT and SIGTERM).
    public static func startBlocking(
        address: DashboardAddress, state: DashboardState, logger: Logger
    ) throws(DashboardError) -> Int {
        let outcome = Mutex<Result<Int, DashboardError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        launch(address: address, state: state, logger: logger) { result in
            outcome.withLock { $0 = result }
            ready.signal()
        }
        ready.wait()
        return try outcome.withLock { $0 ?? .failure(.cannotBind(address: "\(address)", reason: "not started")) }
            .get()
    }

    /// As `startBlocking`, for async callers: suspends (without blocking a thread) until the server listens.
    public static func start(
        address: DashboardAddress, state: DashboardState, logger: Logger
    ) async throws(DashboardError) -> Int {
        let result = await withCheckedContinuation { continuation in
            launch(address: address, state: state, logger: logger) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Runs the server in a task; `started` is called exactly once, with the bound port or why it failed.
    static func launch(
        address: DashboardAddress, state: DashboardState, logger: Logger,
        started: @escaping @Sendable (Result<Int, DashboardError>) -> Void
    ) {
        let told = Mutex(false)
        let tell: @Sendable (Result<Int, DashboardError>) -> Void = { result in
            let first = told.withLock { value -> Bool in
                defer { value = true }
                return !value
            }
            if first { started(result) }
        }
        let app = Application(
            router: router(state: state),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "layoutbench"),
            onServerRunning: { channel in tell(.success(channel.localAddress?.port ?? address.port)) },
            logger: logger)
        Task {
            do {
                try await app.runService(gracefulShutdownSignals: [])
                tell(.failure(.cannotBind(address: "\(address.host):\(address.port)", reason: "the server stopped")))
            } catch {
                tell(.failure(.cannotBind(address: "\(address.host):\(address.port)", reason: "\(error)")))
            }
        }
    }
}
#endif
