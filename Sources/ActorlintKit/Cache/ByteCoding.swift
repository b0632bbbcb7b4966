/// A compact binary encoding for the cache: little-endian integers, LEB128 lengths and UTF-8
/// strings. Hand-written because JSON decoding of a large cache would cost more than the
/// warm run it is meant to save.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt64) {
        var value = value
        repeat {
            let byte = UInt8(value & 0x7F)
            value >>= 7
            bytes.append(value == 0 ? byte : byte | 0x80)
        } while value != 0
    }

    mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { buffer in
            write(buffer.count)
            bytes.append(contentsOf: buffer)
        }
    }

    mutating func write(_ digest: Digest) {
        for value in [digest.high, digest.low] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
    }

    mutating func write(optional string: String?) {
        write(string != nil)
        if let string { write(string) }
    }

    mutating func write(_ strings: [String]) {
        write(strings.count)
        for string in strings { write(string) }
    }

    /// A dictionary keyed by strings: its count, then each key followed by what `value` writes
    /// of its value, in key order (so equal dictionaries give equal bytes).
    mutating func write<Value>(_ dictionary: [String: Value], _ value: (inout ByteWriter, Value) -> Void) {
        write(dictionary.count)
        for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
            write(key)
            value(&self, element)
        }
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}

/// Reads what `ByteWriter` wrote; every read is bounds-checked and throws on damage, so a
/// truncated or foreign cache file is rejected instead of trusted.
struct ByteReader {
    struct Damaged: Error {}

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt64() throws(Damaged) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func readInt() throws(Damaged) -> Int { Int(Int64(bitPattern: try readUInt64())) }

    /// A count or length: never negative, never more than the bytes left (each item takes one).
    mutating func readCount() throws(Damaged) -> Int {
        let value = try readInt()
        guard value >= 0, value <= bytes.count - offset else { throw Damaged() }
        return value
    }

    mutating func readBool() throws(Damaged) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Damaged() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func readString() throws(Damaged) -> String {
        let count = try readCount()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        offset += count
        // The file's checksum was verified before reading, so these are the bytes written.
        return String(decoding: slice, as: UTF8.self)
    }

    mutating func readDigest() throws(Damaged) -> Digest {
        guard bytes.count - offset >= 16 else { throw Damaged() }
        func word(_ start: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[start + index]) << (8 * UInt64(index)) }
            return value
        }
        let digest = Digest(high: word(offset), low: word(offset + 8))
        offset += 16
        return digest
    }

    mutating func readOptionalString() throws(Damaged) -> String? {
        try readBool() ? try readString() : nil
    }

    mutating func readStrings() throws(Damaged) -> [String] {
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }
}
