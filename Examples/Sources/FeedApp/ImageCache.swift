import UIKit

/// Avatars and post images: memory first, then disk, then the network. The memory cache was
/// guarded by a concurrent queue with barrier writes before the class learned about actors.
final class ImageCache: @unchecked Sendable {
    static let shared = ImageCache()

    private let memory = NSCache<NSURL, UIImage>()
    private let queue = DispatchQueue(label: "image-cache", attributes: .concurrent)
    private var inFlight: [URL: [(UIImage?) -> Void]] = [:]
    private let directory: URL = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("images", isDirectory: true)

    func image(for url: URL, completion: @escaping (UIImage?) -> Void) {
        if let cached = memory.object(forKey: url as NSURL) {
            completion(cached)
            return
        }
        var isFirst = false
        queue.sync(flags: .barrier) {
            isFirst = inFlight[url] == nil
            inFlight[url, default: []].append(completion)
        }
        guard isFirst else { return }
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let self else { return }
            let image = data.flatMap(UIImage.init(data:))
            if let image, let data {
                self.memory.setObject(image, forKey: url as NSURL)
                self.store(data, for: url)
            }
            var waiting: [(UIImage?) -> Void] = []
            self.queue.sync(flags: .barrier) {
                waiting = self.inFlight.removeValue(forKey: url) ?? []
            }
            DispatchQueue.main.async {
                waiting.forEach { $0(image) }
            }
        }.resume()
    }

    /// The async entry point the SwiftUI rows use.
    func image(for url: URL) async -> UIImage? {
        await withCheckedContinuation { continuation in
            image(for: url) { continuation.resume(returning: $0) }
        }
    }

    /// Writing to disk must not hold up the caller, so it runs detached at background priority.
    private func store(_ data: Data, for url: URL) {
        let file = directory.appendingPathComponent(url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url.lastPathComponent)
        Task.detached(priority: .background) {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: file, options: .atomic)
        }
    }

    func removeAll() {
        memory.removeAllObjects()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A sheet presenter with its own `detached` method: not a task at all.
struct SheetPresenter {
    var isDetached = false

    func detached() -> SheetPresenter {
        var copy = self
        copy.isDetached = true
        return copy
    }
}
