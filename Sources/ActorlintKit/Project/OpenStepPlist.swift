import Foundation

/// Reads the old-style (OpenStep) property list of a `project.pbxproj` in one pass over its bytes,
/// into Swift values: `[String: Any]`, `[Any]`, `String` and `Data`. Foundation's
/// `PropertyListSerialization` builds Foundation objects and then bridges every one of them;
/// for a large Xcode project that was about half of reading it, on every run, cached or not.
///
/// Only what Xcode writes is accepted: anything else (an XML plist, a NeXTSTEP-encoded octal
/// escape, a UTF-16 surrogate pair in `\U` escapes) throws, and the caller falls back to
/// Foundation, which reads all of it and reports the error if there is one.
enum OpenStepPlist {
    struct Unsupported: Error {
        let offset: Int
    }

    static func parse(_ data: Data) throws -> Any {
        try data.withUnsafeBytes { raw in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
            let value = try parser.value()
            parser.skipBlanks()
            guard parser.offset == parser.bytes.count else { throw Unsupported(offset: parser.offset) }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        private func fail() -> Unsupported { Unsupported(offset: offset) }

        /// Whitespace and both kinds of comment.
        mutating func skipBlanks() {
            while let byte = current {
                if Self.isBlank(byte) {
                    offset += 1
                } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                    while let next = current, next != 0x0A, next != 0x0D { offset += 1 }
                } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                    offset += 2
                    while offset + 1 < bytes.count, !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/")) {
                        offset += 1
                    }
                    offset = min(offset + 2, bytes.count)
                } else {
                    return
                }
            }
        }

        mutating func value() throws -> Any {
            skipBlanks()
            switch current {
            case UInt8(ascii: "{"): return try dictionary()
            case UInt8(ascii: "("): return try array()
            case UInt8(ascii: "<"): return try hexData()
            default: return try string()
            }
        }

        private mutating func expect(_ byte: UInt8) throws {
            skipBlanks()
            guard current == byte else { throw fail() }
            offset += 1
        }

        private mutating func dictionary() throws -> [String: Any] {
            offset += 1
            var result: [String: Any] = [:]
            while true {
                skipBlanks()
                if current == UInt8(ascii: "}") { offset += 1; return result }
                let key = try string()
                try expect(UInt8(ascii: "="))
                result[key] = try value()
                try expect(UInt8(ascii: ";"))
            }
        }

        private mutating func array() throws -> [Any] {
            offset += 1
            var result: [Any] = []
            while true {
                skipBlanks()
                if current == UInt8(ascii: ")") { offset += 1; return result }
                result.append(try value())
                skipBlanks()
                if current == UInt8(ascii: ",") { offset += 1 } else if current != UInt8(ascii: ")") { throw fail() }
            }
        }

        private mutating func hexData() throws -> Data {
            offset += 1
            var result = Data()
            var high: UInt8?
            while let byte = current, byte != UInt8(ascii: ">") {
                offset += 1
                if Self.isBlank(byte) { continue }
                guard let nibble = Self.hexValue(byte) else { throw fail() }
                if let first = high { result.append(first << 4 | nibble); high = nil } else { high = nibble }
            }
            guard current == UInt8(ascii: ">"), high == nil else { throw fail() }
            offset += 1
            return result
        }

        /// Space, tab, line feed, vertical tab, form feed, carriage return.
        private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }

        /// Letters, digits and `_ $ / : . -`, the characters a string may have unquoted.
        private static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
                 UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }

        private mutating func string() throws -> String {
            skipBlanks()
            guard let first = current else { throw fail() }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted(first) }
            let start = offset
            while let byte = current, Self.isUnquoted(byte) { offset += 1 }
            guard offset > start else { throw fail() }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        private mutating func quoted(_ quote: UInt8) throws -> String {
            offset += 1
            var result: [UInt8] = []
            var runStart = offset
            while let byte = current, byte != quote {
                guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                offset += 1
                try escape(into: &result)
                runStart = offset
            }
            guard current == quote else { throw fail() }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            offset += 1
            guard let text = String(validating: result, as: UTF8.self) else { throw fail() }
            return text
        }

        private mutating func escape(into result: inout [UInt8]) throws {
            guard let byte = current else { throw fail() }
            offset += 1
            switch byte {
            case UInt8(ascii: "a"): result.append(0x07)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(byte - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
                    code = code * 8 + UInt32(digit - UInt8(ascii: "0"))
                    offset += 1
                }
                // Above 0x7F the code is a NeXTSTEP-encoded character.
                guard code < 0x80 else { throw fail() }
                result.append(UInt8(code))
            case UInt8(ascii: "U"):
                var code: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = current, let nibble = Self.hexValue(digit) else { break }
                    code = code * 16 + UInt32(nibble)
                    offset += 1
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail() }
                result.append(contentsOf: String(scalar).utf8)
            default:
                // Any other escaped byte stands for itself (`\"`, `\\`, `\'`…).
                result.append(byte)
            }
        }
    }
}
