import UIKit

/// Avatars and post images: memory first, then the network. It used to be a class guarding a
/// dictionary with a barrier queue; turning it into an actor removed the data race but kept
/// the old "look, load, store" shape.
actor ImageCache {
    static let shared = ImageCache()

    private var memory: [URL: UIImage] = [:]
    private let directory: URL = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("images", isDirectory: true)

    func image(for url: URL) async -> UIImage? {
        if let cached = memory[url] {
            return cached
        }
        // Two rows asking for the same avatar both get here and both download it: the actor
        // runs other calls while this one waits for the network.
        guard let (data, _) = try? await URLSession.shared.data(from: url),
              let image = UIImage(data: data) else { return nil }
        memory[url] = image
        store(data, for: url)
        return image
    }

    /// Images the feed already decoded for a post it shows are kept here too.
    func keep(_ image: UIImage, for url: URL) {
        memory[url] = image
    }

    func removeAll() {
        memory.removeAll()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writing to disk must not hold up the caller, so it runs detached at background priority.
    private func store(_ data: Data, for url: URL) {
        let file = directory.appendingPathComponent(url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url.lastPathComponent)
        Task.detached(priority: .background) {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: file, options: .atomic)
        }
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
