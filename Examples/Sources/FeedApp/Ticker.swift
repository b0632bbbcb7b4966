import Combine
import Foundation

/// Live prices for the "Markets" tab. Polls every few seconds while the tab is visible.
final class Ticker: ObservableObject, @unchecked Sendable {
    @Published private(set) var prices: [String: Decimal] = [:]
    @Published private(set) var lastUpdate: Date?

    private var timer: Timer?
    private var streamTask: Task<Void, Never>?
    private let symbols: [String]

    init(symbols: [String]) {
        self.symbols = symbols
    }

    /// The old path: a timer on the main run loop and a background fetch.
    func startPolling(every interval: TimeInterval = 5) {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            self?.poll()
        }
    }

    func stopPolling() {
        timer?.invalidate()
        timer = nil
        streamTask?.cancel()
        streamTask = nil
    }

    private func poll() {
        let symbols = self.symbols
        DispatchQueue.global(qos: .utility).async {
            let quotes = symbols.reduce(into: [String: Decimal]()) { result, symbol in
                result[symbol] = QuoteSource.latest(symbol)
            }
            DispatchQueue.main.async {
                self.prices.merge(quotes) { _, new in new }
                self.lastUpdate = Date()
            }
        }
    }

    /// The newer path: a stream of updates, consumed for as long as the ticker lives.
    func startStreaming() {
        streamTask = Task { [weak self] in
            guard let self else { return }
            for await quote in QuoteSource.updates() {
                self.prices[quote.symbol] = quote.price
                self.lastUpdate = Date()
            }
        }
    }

    /// Warms the quote cache once at launch; nobody waits for it.
    static func warmUp(_ symbols: [String]) {
        _ = Task.detached {
            for symbol in symbols {
                _ = QuoteSource.latest(symbol)
            }
        }
    }
}

struct Quote: Sendable {
    let symbol: String
    let price: Decimal
}

enum QuoteSource {
    static func latest(_ symbol: String) -> Decimal {
        // Task.detached { } in a comment does not count.
        Decimal(Double(symbol.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 500) + 0.25)
    }

    static func updates() -> AsyncStream<Quote> {
        AsyncStream { continuation in
            let poller = Task {
                while !Task.isCancelled {
                    continuation.yield(Quote(symbol: "ACME", price: latest("ACME")))
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            continuation.onTermination = { _ in poller.cancel() }
        }
    }
}
