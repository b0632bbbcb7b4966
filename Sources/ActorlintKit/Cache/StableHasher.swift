/// A 128-bit hash that is the same in every process and on every machine (Swift's `Hasher` is
/// seeded per process, so it cannot key a cache on disk). Not cryptographic: it tells file
/// contents and settings apart, it does not resist an attacker, and the cache is local.
public struct StableHasher {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var length: UInt64 = 0

    public init() {}

    private static let p1: UInt64 = 0x87C3_7B91_1142_53D5
    private static let p2: UInt64 = 0x4CF5_AD43_2745_937F
    private static let p3: UInt64 = 0x9FB2_1C65_1E98_DF25
    private static let p4: UInt64 = 0xFF51_AFD7_ED55_8CCD

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        a = ((a ^ (word &* Self.p1)) << 31 | (a ^ (word &* Self.p1)) >> 33) &* Self.p2
        b = ((b ^ (word &* Self.p3)) << 27 | (b ^ (word &* Self.p3)) >> 37) &* Self.p4 &+ a
    }

    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in 0..<(count - offset) { tail |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            mix(tail)
        }
    }

    public mutating func combine(_ value: UInt64) {
        length &+= 8
        mix(value)
    }

    public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    /// Strings are length-prefixed, so ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ string: String) {
        var string = string
        combine(string.utf8.count)
        string.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public mutating func combine(_ digest: Digest) {
        combine(digest.high)
        combine(digest.low)
    }

    public func finalize() -> Digest {
        func avalanche(_ value: UInt64) -> UInt64 {
            var x = value
            x ^= x >> 33; x &*= 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33; x &*= 0xC4CE_B9FE_1A85_EC53
            x ^= x >> 33
            return x
        }
        let high = avalanche(a ^ length)
        let low = avalanche(b &+ high ^ (length &* Self.p1))
        return Digest(high: high, low: low)
    }

    public static func digest(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var hasher = StableHasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    public static func digest(_ string: String) -> Digest {
        var hasher = StableHasher()
        hasher.combine(string)
        return hasher.finalize()
    }
}

/// A 128-bit value from `StableHasher`.
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public static let zero = Digest(high: 0, low: 0)

    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
