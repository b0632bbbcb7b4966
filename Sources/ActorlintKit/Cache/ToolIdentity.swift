import Foundation
import SwiftSyntax

/// Identifies the build that produced a cached result: the version plus the size and time of
/// the images holding actorlint's and SwiftSyntax's code, so a rebuilt rule or another
/// toolchain's parser never reads results the old code wrote.
public enum ToolIdentity {
    public static let current: Digest = {
        var hasher = StableHasher()
        hasher.combine(ActorlintVersion.current)
        hasher.combine(ResultCache.formatVersion)
        let markers: [UnsafeRawPointer] = [
            unsafeBitCast(ToolIdentityMarker.self as Any.Type, to: UnsafeRawPointer.self),
            unsafeBitCast(SourceFileSyntax.self as Any.Type, to: UnsafeRawPointer.self),
        ]
        for marker in markers {
            guard let name = imagePath(containing: marker) else { continue }
            hasher.combine(name)
            var info = stat()
            if stat(name, &info) == 0 {
                hasher.combine(Int(info.st_size))
                #if canImport(Darwin)
                hasher.combine(Int(info.st_mtimespec.tv_sec))
                hasher.combine(Int(info.st_mtimespec.tv_nsec))
                #else
                hasher.combine(Int(info.st_mtim.tv_sec))
                hasher.combine(Int(info.st_mtim.tv_nsec))
                #endif
            }
        }
        return hasher.finalize()
    }()
}

extension ToolIdentity {
    /// The executable or library file whose mapped code or data holds `address`.
    static func imagePath(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        var image = Dl_info()
        guard dladdr(address, &image) != 0, let name = image.dli_fname else { return nil }
        return String(cString: name)
        #else
        // Glibc's module does not export `dladdr`; the kernel's map of this process says the same.
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        let target = UInt(bitPattern: address)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  start <= target, target < end else { continue }
            return fields[5...].joined(separator: " ")
        }
        return nil
        #endif
    }
}

/// A type whose metadata lives in ActorlintKit's image, to find that image.
private struct ToolIdentityMarker {}
