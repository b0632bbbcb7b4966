import UIKit

/// One stock on the "Markets" tab: a live price, the market news under it and price alerts.
/// Each stream is consumed by a task the controller keeps; only one of them is written the
/// way a long-lived task should be.
final class QuoteViewController: UIViewController {
    private let symbol: String
    private let quotes: QuoteService
    private let priceLabel = UILabel()
    private let newsLabel = UILabel()
    private let statusLabel = UILabel()
    private var priceTask: Task<Void, Never>?
    private var newsTask: Task<Void, Never>?
    private var alertTask: Task<Void, Never>?

    init(symbol: String, quotes: QuoteService) {
        self.symbol = symbol
        self.quotes = quotes
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        [priceLabel, newsLabel, statusLabel].forEach(view.addSubview)
        // Alerts should arrive for as long as the screen exists, but nothing ever stops this loop.
        alertTask = Task { [weak self] in
            for await note in NotificationCenter.default.notifications(named: .priceAlert) {
                self?.statusLabel.text = note.object as? String
            }
        }
        // A one-off request: the weak capture only adds a guard.
        Task { [weak self] in
            guard let self else { return }
            let summary = try? await quotes.summary(for: symbol)
            statusLabel.text = summary
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The recommended shape: weak capture, unwrapped per element, cancelled on disappear.
        let prices = quotes.prices(for: symbol)
        priceTask = Task { [weak self] in
            for await price in prices {
                guard let self else { return }
                priceLabel.text = "\(symbol) \(price)"
            }
        }
        // Holds self strongly for as long as the news keeps coming, so the `deinit` that
        // would cancel it never runs.
        newsTask?.cancel()
        newsTask = Task {
            for await headline in quotes.headlines(for: symbol) {
                newsLabel.text = headline
            }
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        priceTask?.cancel()
    }

    deinit {
        newsTask?.cancel()
    }

    /// The refresh button. The completion handler captures self strongly so that the inner
    /// task can capture it weakly.
    @objc private func refreshTapped() {
        quotes.refresh(symbol) { result in
            Task { @MainActor [weak self] in
                switch result {
                case .success(let price): self?.priceLabel.text = "\(price)"
                case .failure: self?.statusLabel.text = "Refresh failed"
                }
            }
        }
    }
}

extension Notification.Name {
    static let priceAlert = Notification.Name("PriceAlert")
}

/// Prices, news and summaries from the trading backend.
final class QuoteService: Sendable {
    func prices(for symbol: String) -> AsyncStream<Decimal> {
        AsyncStream { continuation in
            let poller = Task {
                while !Task.isCancelled {
                    continuation.yield(QuoteSource.latest(symbol))
                    try? await Task.sleep(for: .seconds(2))
                }
            }
            continuation.onTermination = { _ in poller.cancel() }
        }
    }

    func headlines(for symbol: String) -> AsyncStream<String> {
        AsyncStream { continuation in
            continuation.yield("\(symbol) opens higher")
        }
    }

    func summary(for symbol: String) async throws -> String {
        let url = URL(string: "https://quotes.example.com/summary/\(symbol)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        return String(decoding: data, as: UTF8.self)
    }

    func refresh(_ symbol: String, completion: @escaping @Sendable (Result<Decimal, Error>) -> Void) {
        Task {
            do {
                completion(.success(try await self.refresh(symbol)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    func refresh(_ symbol: String) async throws -> Decimal {
        let url = URL(string: "https://quotes.example.com/refresh/\(symbol)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        return Decimal(string: String(decoding: data, as: UTF8.self)) ?? 0
    }
}
